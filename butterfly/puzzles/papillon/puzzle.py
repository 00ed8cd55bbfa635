"""Only-card puzzles of Papillon (docs/puzzles.md, "Card games").

``only-card:papillon:s=5``: the seed draws the number of players (or
``p=``) and each seat's bot (the greedy bot, or the random bot), and a game
of one round is played (:func:`butterfly.games.papillon.game.play_game`, the 1725
rules). The last deal of each hand (the stock empty, every hand known) is
walked, and the first position where exactly one capture meets a goal
against any defence is the puzzle:

- ``win-pool`` (``g=0``): take the pool (a papillon with priority);
- ``make-papillon`` (``g=1``): empty one's hand by a capture;
- ``best-chips`` (``g=2``): end the hand with the most chips the mover can
  guarantee.

Equivalent cards: equal ranks making the same capture (suits never matter,
and the rules list one move per played and captured ranks). The chips are
the kernel's paranoid value; the pool and the papillon, yes-or-no
outcomes the kernel does not value, are the generic paranoid search of
:mod:`butterfly.solver.search` over the rules engine (a last deal is at most twelve
cards: milliseconds).

>>> from butterfly.puzzles.document import PuzzleId
>>> puzzle = KIND.make(PuzzleId.parse("only-card:papillon:s=5"))
>>> puzzle.goal, puzzle.answer, puzzle.grade
('You are P1, to play. Make a papillon: empty your hand by a capture, whatever the others do.', [['9S x 4D 5H']], 4)
>>> KIND.prove(puzzle), KIND.judge(puzzle, "9s x 5h 4d")
([], None)
>>> KIND.judge(puzzle, "9S")
"9S: 9S can make 2 captures here: name one, like '9S x AS 8C'"
>>> KIND.judge(puzzle, "7H").split(", e.g.")[0]
'7H fails: the best defence leaves P1 no papillon'
"""

from __future__ import annotations

import json
import random
from collections.abc import Hashable, Iterator
from typing import Any

from butterfly.games.cards import Card
from butterfly.games.errors import ParseError
from butterfly.games.papillon.format import parse_position, position_to_json
from butterfly.games.papillon.game import play_game
from butterfly.games.papillon.rules import HandState, Move, Options, Scoring, priority
from butterfly.games.records import seat_name
from butterfly.puzzles import cardgame
from butterfly.puzzles.cardgame import CardGame, Evaluator, GoalKind, Solved
from butterfly.puzzles.document import PuzzleId
from butterfly.solver import search
from butterfly.solver.papillon import bots, kernel, reference

GAMES: tuple[str, ...] = ("papillon",)


class Papillon(CardGame[HandState, Move]):
    """Papillon for :mod:`butterfly.puzzles.cardgame`."""

    games = GAMES
    goal_kinds = (
        GoalKind("win-pool", "pool", at_least=1),
        GoalKind("make-papillon", "papillon", at_least=1),
        GoalKind("best-chips", "chips"),
    )
    players = (3, 4)
    simple_name = "greedy"
    kind_words = "only capture"

    def endings(self, pid: PuzzleId) -> Iterator[HandState]:
        players, seated = cardgame.deal_choices(self, pid, (bots.greedy_bot, bots.greedy_bot, bots.random_bot))
        for hand in play_game(Options(players=players), pid.seed, seated).hands:
            state = hand.start
            for _, move, _ in hand.moves:
                if not state.stock:
                    yield state
                state = state.play(move)

    def write(self, state: HandState) -> dict:
        return position_to_json(state)

    def read(self, position: dict) -> HandState:
        parsed = parse_position(json.dumps(position))
        if parsed.hidden:
            raise ParseError("a puzzle's position shows every hand")
        if parsed.state.stock:
            raise ParseError("a puzzle's position is in the last deal (the stock empty)")
        return parsed.state

    def game_name(self, state: HandState) -> str:
        return "papillon"

    def classes(self, state: HandState) -> list[list[Move]]:
        return [[move] for move in state.legal_moves()]

    def texts(self, state: HandState, members: list[Move]) -> list[str]:
        """The capture made with each equal card the mover holds (the rules' own first)."""
        move = members[0]
        if len(move.played) > 1:
            return [str(move)]
        rank = move.played[0].rank
        return [str(Move((card,), move.captured)) for card in state.hands[state.to_move] if card.rank == rank]

    def parse_move(self, text: str) -> Move:
        return Move.parse(text)

    def same_class(self, members: list[Move], move: Move) -> bool:
        return move.signature in {m.signature for m in members}

    def read_answer(self, state: HandState, text: str) -> Move | str:
        """A capture (``7H x 5C 2D``), or a card alone when it has one capture here."""
        if len(text.split()) > 1:
            move = Move.parse(text)
            reason = state.check_move(move)
            return move if reason is None else f"not a legal play here: {reason}"
        card = Card.parse(text)
        if card not in state.hands[state.to_move]:
            return f"not a legal play here: player {state.to_move} does not hold {card}"
        captures = [m for m in state.legal_moves() if m.signature[0] == (card.rank,)]
        if len(captures) == 1:
            return Move((card,), captures[0].captured)
        if not captures:
            return f"not a legal play here: {card} captures nothing"
        return f"{card} can make {len(captures)} captures here: name one, like '{Move((card,), captures[0].captured)}'"

    def evaluator(self, mover: int, measure: str) -> Evaluator:
        if measure == "chips":

            def chips(state: HandState) -> tuple[int, int]:
                if state.is_terminal():
                    return state.chips[mover], 0
                return kernel.paranoid_searched(state, mover)

            return chips
        memo: dict = {}

        def exact(state: HandState) -> tuple[int, int]:
            nodes = 0

            def counted(position: HandState) -> list[Move]:
                nonlocal nodes
                nodes += 1
                return position.legal_moves()

            value = search.paranoid(
                state, mover, lambda end: self.outcome(end, mover, measure), reference.state_key, memo, counted
            )
            return value, nodes

        return exact

    def outcome(self, end: HandState, mover: int, measure: str) -> int:
        if measure == "pool":
            return int(end.winner == mover)
        if measure == "papillon":
            return int(mover in end.papillons)
        return end.chips[mover]

    def material(self, state: HandState, mover: int) -> int:
        return state.chips[mover]

    def key(self, state: HandState) -> Hashable:
        return reference.state_key(state)

    def position_key(self, state: HandState) -> Hashable:
        return ("papillon", state.options, reference.state_key(state))

    def round_length(self, state: HandState) -> int:
        return sum(1 for hand in state.hands if hand)

    def simple_bot(self, state: HandState, rng: random.Random) -> Move:
        return bots.greedy_bot(state, rng)

    def analyst_bot(self, state: HandState, rng: random.Random) -> Move:
        return bots.analyst_bot(state, rng)

    def goal_words(self, state: HandState, mover: int, kind: GoalKind, target: int) -> tuple[str, str]:
        """The goal and its note. The pool is named as it is now and how it
        grows (a player who cannot capture pays 1 chip per card laid down);
        chips are counted from now (the mover's chips in this position)."""
        order = ", ".join(seat_name(s) for s in priority(state.dealer, state.players))
        ranked = f"if several players make a papillon, the first of {order} takes it"
        if state.options.scoring is not Scoring.CLASSIC:
            ranked += "; with no papillon, the one player with the most cards takes it"
        if kind.measure == "pool":
            return (
                "win the pool with a papillon: empty your hand by a capture",
                f"The pool {_pool_words(state)}; {ranked}",
            )
        if kind.measure == "papillon":
            return "make a papillon: empty your hand by a capture", ""
        gain = target - state.chips[mover]
        if gain > 0:
            words = f"end the hand with at least {_chips(gain)} more than you have now"
        elif gain == 0:
            words = "end the hand with at least as many chips as you have now"
        else:
            words = f"end the hand with at most {_chips(-gain)} fewer than you have now"
        return words, f"Taking the pool counts: it {_pool_words(state)}; {ranked}"

    def verdict(self, state: HandState, mover: int, measure: str, value: int) -> str:
        if measure == "pool":
            return "the pool" if value else "no pool"
        if measure == "papillon":
            return "a papillon" if value else "no papillon"
        return f"{value - state.chips[mover]:+d} chips"

    def themes(self, solved: Solved[HandState, Move]) -> list[str]:
        """The answer's kind of capture (``match``, ``sum``, ``hanneton``,
        ``three-of-a-kind``), ``sweep`` (it takes the last cards of the
        table) and ``smaller-capture`` (a wrong capture takes more cards)."""
        move = solved.classes[solved.answer][0]
        played, captured = move.signature
        if len(played) == 3:
            tags = ["three-of-a-kind"]
        elif captured == played * 3:
            tags = ["hanneton"]
        else:
            tags = ["match" if len(captured) == 1 else "sum"]
        if len(captured) == len(solved.state.table):
            tags.append("sweep")
        if any(len(members[0].captured) > len(captured) for members in solved.classes):
            tags.append("smaller-capture")
        return tags

    def facts(self, state: HandState, mover: int) -> dict[str, Any]:
        return {"players": state.players, "table": len(state.table), "pool": state.pool, "chips": state.chips[mover]}

    def table_lines(self, position: dict) -> list[str]:
        return [f"table: {' '.join(map(str, position.get('table', []))) or '-'}"]

    def picture(self, position: dict, narrow: bool) -> str:
        """The ending as butterfly.games.papillon.picture draws it."""
        # Imported here: drawing SVG loads drawsvg, which only the web site needs.
        from butterfly.games.papillon.picture import draw_svg

        return draw_svg(parse_position(json.dumps(position)), narrow=narrow)


def _chips(n: int) -> str:
    return f"{n} chip{'s' * (n != 1)}"


def _pool_words(state: HandState) -> str:
    """What the pool holds now and what it gains until the hand ends (words
    after "The pool" or "it"): a player who cannot capture lays their hand
    on the table and pays 1 chip per card into the pool (aces excepted
    under the modern scoring; butterfly.games.papillon.rules, seed 001 §"étendre")."""
    now = f"holds {_chips(state.pool)} now" if state.pool else "is empty now"
    card = "card" if state.options.scoring is Scoring.CLASSIC else "card but an ace"
    return f"{now} and gains 1 chip for every {card} laid on the table by a player who cannot capture"


#: Papillon's only-card puzzles, as :mod:`butterfly.puzzles.kinds` registers them.
KIND = cardgame.OnlyCard(Papillon())
