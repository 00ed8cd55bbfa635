"""How a review judges a move of a card game (docs/analysis.md, "Judging a
move"): what it lost against the best move, as a share of what was at
stake between the best and the worst, marked by fixed thresholds; and each
seat's average loss and accuracy over a game, both ways
(:class:`PlayerReview`); a hand reviewed (:class:`HandReview`); and the base of the card games' typed analyses and
reviews, whose JSON is their game and view, then their fields
(:class:`JsonResult`).

The share makes one scale for every game and stake: a move that loses half
of what the position allowed is a mistake whether the chips were 2 or 200.

>>> judge([10, 4, 0], 4)
Judgement(best=10, played=4, worst=0, loss=6, share=0.6, mark=<Mark.BLUNDER: 'blunder'>)
>>> judge([3, 3], 3).mark, judge([5, 5], 5).share
(<Mark.ONLY: 'only'>, None)
>>> summary = summarise(0, [judge([10, 0], 10), judge([10, 0], 9), judge([1], 1)])
>>> summary.seat, summary.moves, summary.choices, summary.average_loss, summary.accuracy
(0, 3, 2, 0.333333, 95.0)
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar, Generic, Literal, TypeVar

MoveReviewT = TypeVar("MoveReviewT")

#: What an answer was worked out from (docs/serve.md, "Answers"): ``open``,
#: every card seen; ``seat``, from the seat to move, the cards it cannot see
#: dealt in sampled or every deal; ``redeal``, Papillon's last redeal, its
#: deals of the stock as chance; ``declaration``, La Mouche's declaration,
#: from the seat to declare, the unseen cards and the stock dealt, the later
#: seats declaring as the rule-based bot; ``open+seat``, a review, each move
#: judged both with every card seen and from the seat that played it. A
#: game and a view are one kind of answer, one shape.
View = Literal["open", "seat", "redeal", "declaration", "open+seat"]


@dataclass(frozen=True)
class JsonResult:
    """A card game's typed analysis or review, whose JSON (what the command
    prints with ``--json``, and the web API answers) is its tags, ``game``
    (as butterfly.games.registry names it) and ``view``, then its fields,
    nested: each kind of result says its own (class variables)."""

    game: ClassVar[str]
    view: ClassVar[View]

    def to_json(self) -> dict:
        """The result as JSON (``json.dumps`` writes the tuples as lists, and
        the seats keying a dict as strings)."""
        return {"game": self.game, "view": self.view, **dataclasses.asdict(self)}


@dataclass(frozen=True)
class HandReview(Generic[MoveReviewT]):
    """A hand's moves reviewed (each game's own review of a move); ``start``
    is its position after the deal, as a line."""

    number: int
    dealer: int
    start: str
    moves: tuple[MoveReviewT, ...]


class Mark(str, enum.Enum):
    """A move's mark, every game's (one vocabulary): a card game's move by
    the share of the stake it lost (:func:`judge`), from the best to the
    worst, and ``only``; a patience move by what it did to a winnable deal
    (butterfly.solver.patience.review): ``best``, ``winning``, ``losing``,
    ``lost``, or ``unknown``. JSON writes the value."""

    BEST = "best"  # no move was worth more (a patience: it keeps the shortest win)
    GOOD = "good"  # lost at most a tenth of what was at stake (THRESHOLDS)
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"
    ONLY = "only"  # every legal move was worth the same: no choice to judge
    WINNING = "winning"  # a patience: still wins, not known to be best
    LOSING = "losing"  # a patience: the move that lost a winnable deal
    LOST = "lost"  # a patience: after the loss
    UNKNOWN = "unknown"  # a patience: the limits did not decide


#: The largest share of the stake each mark allows (docs/analysis.md); above
#: the last, a blunder. The shares follow lichess's steps of a tenth, a
#: fifth and more, made coarser because a hand has few moves.
THRESHOLDS = ((0.10, Mark.GOOD), (0.25, Mark.INACCURACY), (0.50, Mark.MISTAKE))
#: Values closer than this are equal (the seat's values are means of floats).
TOLERANCE = 1e-9


@dataclass(frozen=True)
class Judgement:
    """A move's value against the best and worst legal moves' (in the game's
    unit: chips, or tricks), what it lost, that loss as a share of best minus
    worst (None when every move is worth the same) and its mark."""

    best: float
    played: float
    worst: float
    loss: float
    share: float | None
    mark: Mark


def judge(values: Sequence[float], played: float) -> Judgement:
    """Judge the move worth ``played`` among legal moves worth ``values`` (to the mover)."""
    best, worst = max(values), min(values)
    loss = max(0, best - played)
    if best - worst <= TOLERANCE:
        return Judgement(best, played, worst, 0, None, Mark.ONLY)
    share = round(loss / (best - worst), 12)
    if loss <= TOLERANCE:
        return Judgement(best, played, worst, 0, 0.0, Mark.BEST)
    mark = next((m for limit, m in THRESHOLDS if share <= limit), Mark.BLUNDER)
    return Judgement(best, played, worst, loss, share, mark)


@dataclass(frozen=True)
class PlayerSummary:
    """One seat's moves over a game judged one way: how many, how many had a choice, the
    average loss a move (over all), and the accuracy: 100 times one minus
    the average share lost over the moves with a choice (100: every choice
    the best; None: no choice at all)."""

    seat: int
    moves: int
    choices: int
    average_loss: float
    accuracy: float | None
    marks: dict[str, int]


def summarise(seat: int, judgements: Sequence[Judgement]) -> PlayerSummary:
    """The summary of one seat's judged moves."""
    shares = [j.share for j in judgements if j.share is not None]
    marks = {m.value: sum(j.mark == m for j in judgements) for m in Mark}
    return PlayerSummary(
        seat,
        len(judgements),
        len(shares),
        round(sum(j.loss for j in judgements) / len(judgements), 6) if judgements else 0.0,
        round(100 * (1 - sum(shares) / len(shares)), 2) if shares else None,
        {name: count for name, count in marks.items() if count},
    )


@dataclass(frozen=True)
class PlayerReview:
    """A seat's moves over a game, summarised with every hand open and from
    the seat; ``name`` the bot that sat there, when the record says."""

    seat: int
    name: str | None
    open: PlayerSummary
    from_seat: PlayerSummary


def bots_by_seat(bots: str, seats: str, players: int) -> list[str] | None:
    """The bot at each seat, from a record's Bots tag (``bots``: one a
    player) and Seats tag (``seats``: the player at each seat); None unless
    both name every player once."""
    names, order = bots.split(","), seats.split(",")
    if len(names) != players or sorted(order) != [str(p) for p in range(players)]:
        return None
    return [names[int(player)] for player in order]
