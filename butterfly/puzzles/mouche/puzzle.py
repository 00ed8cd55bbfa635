"""Only-card puzzles of La Mouche and Le Pamphile (docs/puzzles.md, "Card games").

``only-card:mouche:s=77`` (or ``pamphile``): the seed draws the number of
players (or ``p=``) and each seat's bot (the rule bot, or the random bot),
and a game of :data:`HANDS` hands is played (:func:`butterfly.games.mouche.game.play_game`).
Its card play is walked from the first position where the player to move
holds at most :data:`MOST_CARDS` cards, and the first position where
exactly one class of cards meets a goal against any defence is the puzzle:

- ``avoid-mouche`` (``g=0``): take at least one trick;
- ``take-tricks`` (``g=1``): take the most tricks the mover can guarantee,
  two or more.

Equivalent cards: one holder's cards of one suit (as played: the Pamphile
is the top trump) with no card still in play ranked between them. The
kernel prunes with the same rule; the tests hold the classes to an
unpruned search. Values are the kernel's paranoid tricks.

>>> from butterfly.puzzles.document import PuzzleId
>>> puzzle = KIND.make(PuzzleId.parse("only-card:mouche:g=0:s=31"))
>>> puzzle.goal
'You are P0, to play. Avoid the mouche: take at least one trick, whatever the others do.'
>>> puzzle.answer, puzzle.grade, puzzle.themes
([['AS']], 3, ['avoid-mouche', 'bot-trap', 'throw-off'])
>>> KIND.prove(puzzle), KIND.judge(puzzle, " as ")
([], None)
>>> KIND.judge(puzzle, "QS")
'QS: not a legal card here: player 0 does not hold QS'
>>> KIND.judge(puzzle, "AH").split(", e.g.")[0]
'AH fails: the best defence leaves P0 0 tricks (the mouche)'
"""

from __future__ import annotations

import json
import random
from collections.abc import Hashable, Iterator
from typing import Any

from butterfly.games.cards import Card
from butterfly.games.errors import ParseError
from butterfly.games.mouche.format import parse_position
from butterfly.games.mouche.game import play_game
from butterfly.games.mouche.rules import PAMPHILE, Action, MoucheHand, MoucheOptions
from butterfly.games.records import seat_name
from butterfly.puzzles import cardgame
from butterfly.puzzles.cardgame import CardGame, Evaluator, GoalKind, Solved
from butterfly.puzzles.document import PuzzleId
from butterfly.solver.mouche import bots, kernel, reference
from butterfly.solver.mouche.reference import search_order

GAMES: tuple[str, ...] = ("mouche", "pamphile")
#: Hands in a simulated game.
HANDS = 4
#: Candidate positions: the player to move holds at most this many cards (the last tricks).
MOST_CARDS = 3


class Mouche(CardGame[MoucheHand, Action]):
    """La Mouche and Le Pamphile for :mod:`butterfly.puzzles.cardgame`."""

    games = GAMES
    goal_kinds = (GoalKind("avoid-mouche", "tricks", at_least=1), GoalKind("take-tricks", "tricks", lowest=2))
    players = (3, 4, 5, 6)
    simple_name = "rules"
    kind_words = "only card"

    def endings(self, pid: PuzzleId) -> Iterator[MoucheHand]:
        players, seated = cardgame.deal_choices(self, pid, (bots.rule_bot, bots.rule_bot, bots.random_bot))
        options = MoucheOptions(players=players, pamphile=pid.game == "pamphile")
        for hand in play_game(options, HANDS, pid.seed, seated).hands:
            state = hand.start
            for _, action, _ in hand.moves:
                if state.phase == "play" and len(state.hands[state.to_move]) <= MOST_CARDS:
                    yield state
                state = state.play(action)

    def write(self, state: MoucheHand) -> dict:
        return _position_json(state)

    def read(self, position: dict) -> MoucheHand:
        state, hidden = parse_position(json.dumps(position))
        if hidden:
            raise ParseError("a puzzle's position shows every hand")
        if state.phase != "play":
            raise ParseError("a puzzle's position is in the card play")
        return state

    def game_name(self, state: MoucheHand) -> str:
        return "pamphile" if state.options.pamphile else "mouche"

    def classes(self, state: MoucheHand) -> list[list[Action]]:
        """Runs of the mover's legal cards, weakest first: two cards go together
        when every card still in play (in a hand or in the trick) ranked
        between them in their suit is the mover's."""
        mine = set(state.hands[state.to_move])
        in_play = search_order(state, [c for hand in state.hands for c in hand] + [c for _, c in state.trick])
        place = {card: k for k, card in enumerate(in_play)}
        groups: list[list[Card]] = []
        for card in search_order(state, state.playable()):
            if groups:
                last = groups[-1][-1]
                between = in_play[place[last] + 1 : place[card]]
                if state.suit_of(last) == state.suit_of(card) and all(c in mine for c in between):
                    groups[-1].append(card)
                    continue
            groups.append([card])
        return [[Action("play", (card,)) for card in group] for group in groups]

    def texts(self, state: MoucheHand, members: list[Action]) -> list[str]:
        return [str(action) for action in members]

    def parse_move(self, text: str) -> Action:
        return Action.parse(text)

    def read_answer(self, state: MoucheHand, text: str) -> Action | str:
        action = Action("play", (Card.parse(text),))
        reason = state.check_move(action)
        return action if reason is None else f"not a legal card here: {reason}"

    def evaluator(self, mover: int, measure: str) -> Evaluator:
        def tricks(state: MoucheHand) -> tuple[int, int]:
            if state.is_terminal():
                return state.tricks[mover], 0
            found = kernel.paranoid_tricks(state, mover)
            assert found is not None  # the mover is in the hand: a player who folded never moves
            return found

        return tricks

    def outcome(self, end: MoucheHand, mover: int, measure: str) -> int:
        return end.tricks[mover]

    def material(self, state: MoucheHand, mover: int) -> int:
        return state.tricks[mover]

    def key(self, state: MoucheHand) -> Hashable:
        return reference.state_key(state)

    def position_key(self, state: MoucheHand) -> Hashable:
        in_play = [card for hand in state.hands for card in hand] + [card for _, card in state.trick]
        return ("mouche", state.trump, any(state.is_pamphile(c) for c in in_play), reference.state_key(state))

    def round_length(self, state: MoucheHand) -> int:
        return len(state.in_hand())

    def simple_bot(self, state: MoucheHand, rng: random.Random) -> Action:
        return bots.rule_bot(state, rng)

    def analyst_bot(self, state: MoucheHand, rng: random.Random) -> Action:
        return bots.analyst_bot(state, rng)

    def goal_words(self, state: MoucheHand, mover: int, kind: GoalKind, target: int) -> tuple[str, str]:
        if kind.name == "avoid-mouche":
            return "avoid the mouche: take at least one trick", ""
        won, more = state.tricks[mover], target - state.tricks[mover]
        if not won:
            return f"take at least {more} of the tricks still to play", ""
        return f"you have won {won} trick{'s' * (won != 1)}: take at least {more} more", ""

    def verdict(self, state: MoucheHand, mover: int, measure: str, value: int) -> str:
        return f"{value} trick{'s' * (value != 1)}" + (" (the mouche)" if value == 0 else "")

    def themes(self, solved: Solved[MoucheHand, Action]) -> list[str]:
        """``lead`` or ``trump-lead`` (the mover leads the trick), ``ruff`` (a
        trump on another suit led), ``throw-off`` (neither following nor
        trumping), ``sacrifice`` (the answer gives up the trick it is played
        to, where a wrong card would take it), ``pamphile`` (the Pamphile is
        still in play)."""
        state, mover = solved.state, solved.mover
        card = solved.classes[solved.answer][0].cards[0]
        tags = []
        if state.options.pamphile and PAMPHILE in [c for h in state.hands for c in h] + [c for _, c in state.trick]:
            tags.append("pamphile")
        if not state.trick:
            tags.append("trump-lead" if state.suit_of(card) == state.trumps else "lead")
        elif state.suit_of(card) != state.suit_of(state.trick[0][1]):
            tags.append("ruff" if state.suit_of(card) == state.trumps else "throw-off")
        takes = [_takes_trick(state, mover, [members[0], *line]) for members, line in zip(solved.classes, solved.lines)]
        if not takes[solved.answer] and any(takes):
            tags.append("sacrifice")
        return tags

    def facts(self, state: MoucheHand, mover: int) -> dict[str, Any]:
        seats = state.in_hand()
        return {
            "players_in": len(seats),
            "trick": len(state.plays) // len(seats) + 1,
            "tricks_won": state.tricks[mover],
            "trumps": state.trumps.letter,
            "pamphile": state.options.pamphile,
        }

    def table_lines(self, position: dict) -> list[str]:
        pamphile = ", Pamphile in play" if position.get("pamphile") else ""
        trick = position.get("trick")
        played = ", ".join(
            f"{seat_name(entry[0])} {entry[1]}"
            for entry in (trick if isinstance(trick, list) else [])
            if isinstance(entry, list) and len(entry) == 2
        )
        return [f"trumps: turned {position.get('turned')}{pamphile}", f"trick: {played or '(to lead)'}"]

    def picture(self, position: dict, narrow: bool) -> str:
        """The ending as butterfly.games.mouche.picture draws it."""
        # Imported here: drawing SVG loads drawsvg, which only the web site needs.
        from butterfly.games.mouche.picture import draw_svg

        return draw_svg(self.read(position), narrow=narrow)


def _takes_trick(state: MoucheHand, mover: int, moves: list[Action]) -> bool:
    """Does ``mover`` take the trick the first of ``moves`` is played to?"""
    for move in moves:
        state = state.play_unchecked(move)
        taken = [event.player for event in state.events if event.kind == "trick"]
        if taken:
            return taken[0] == mover
    return False


def _position_json(state: MoucheHand) -> dict:
    """A card-play state as a position object (docs/formats.md, "La Mouche
    positions"), every hand and discard shown, so that reading it back gives
    the same play. Not :func:`butterfly.games.mouche.format.position_to_json`, which
    leaves out the fields at their defaults (``pamphile``, an empty trick),
    writes the trump after the turned card and the pending mouches: the
    published puzzles keep this form, byte for byte."""
    seats = len(state.in_hand())
    plays = [[seat, str(card)] for seat, card in state.plays]
    position: dict[str, Any] = {
        "game": "mouche",
        "players": state.players,
        "pamphile": state.options.pamphile,
        "dealer": state.dealer,
        "turned": str(state.turned),
        "declared": [
            f"discard {len(state.discarded[s])}" if declared == "discard" else declared
            for s, declared in enumerate(state.declared)
        ],
        "hands": [
            [] if declared == "fold" else [str(c) for c in hand] for hand, declared in zip(state.hands, state.declared)
        ],
        "tricks_played": [plays[k : k + seats] for k in range(0, len(plays), seats)],
        "trick": [[seat, str(card)] for seat, card in state.trick],
        "pool": state.pool,
        "chips": list(state.chips),
        "discarded": [[str(c) for c in cards] if cards else None for cards in state.discarded],
    }
    if state.turned == PAMPHILE and state.options.pamphile:
        position["trump"] = state.trumps.letter
    return position


#: The only-card puzzles of La Mouche and Le Pamphile, as :mod:`butterfly.puzzles.kinds` registers them.
KIND = cardgame.OnlyCard(Mouche())
