"""Only-card puzzles for the card games (Papillon, La Mouche, Le Pamphile):
what the games share (docs/puzzles.md, "Card games").

A puzzle is an ending of a game played by the bots, every hand known: the
player to move must find the only card (in Papillon the only capture) that
meets a goal against any defence, that is whatever the other players do
together (the paranoid value of :mod:`butterfly.solver.search`, which the kernels
compute). Equivalent cards are grouped into classes, since naming one of
two touching cards is the same answer:

- La Mouche: cards of one suit (as played, the Pamphile the top trump),
  held by the mover, with no card still in play (in a hand or in the trick)
  ranked between them;
- Papillon: equal cards making the same capture (suits never matter).

Exactly one class must meet the goal, and at least one other must fail.
Each failing class ships with its verdict (what the mover can still be
sure of), the nodes its search took and a refutation: the principal line
of the paranoid search (the defence's best replies, and the mover's) that
ends short of the goal. :func:`prove` re-derives all of it from the stored
position; the lines are replayed through the rules engine alone.

The games differ in what they value, how they group cards and how they
write a position; each is a :class:`CardGame` (``butterfly.puzzles.papillon.puzzle``,
``butterfly.puzzles.mouche.puzzle``), and :func:`generate`, :func:`prove` and
:func:`check` are written once here over it. :class:`OnlyCard` is the kind
of one game's puzzles as :mod:`butterfly.puzzles.kinds` registers it: its maker,
judge and prover.

The grade (1-5) is the weakest player of a ladder who plays the answer
here (:data:`RUNGS`): the game's simple bot, a material player looking one
round ahead, the game's analyst bot (which sees only its own hand), a
material player looking two rounds ahead; 5 when none does.
"""

from __future__ import annotations

import dataclasses
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

from butterfly.games.errors import InputError, ParseError
from butterfly.games.records import seat_name
from butterfly.puzzles.document import (
    MIN_CLASSES,
    Alternative,
    Keys,
    Kind,
    Puzzle,
    PuzzleId,
    differences,
    is_whole,
)
from butterfly.solver.version import PROJECT_PACKAGES, code_version

KIND: Kind = "only-card"
#: How every class's verdict is proved: the paranoid search (all the others against the mover).
METHOD = "paranoid"
#: The parameters an ID may carry besides the seed: the goal's index, the
#: number of players, the least grade (the first position that meets a goal
#: and grades at least m is the puzzle: most positions are grade 1).
PARAMETERS = {"g": "the goal's index", "p": "the number of players", "m": "the least grade, 1-5"}

S = TypeVar("S")  # a game's state (butterfly.games.state.State)
M = TypeVar("M", bound=Hashable)  # its move

#: Evaluates a position for the mover: (paranoid value, nodes searched).
Evaluator = Callable[[Any], tuple[int, int]]
#: A bot of the game: ``bot(state, rng) -> move``.
BotFunction = Callable[[Any, random.Random], Any]


@dataclass(frozen=True)
class GoalKind:
    """A family of goals: ``name`` (the goal's theme tag), the ``measure``
    the paranoid search values (tricks, chips, pool, papillon), and the
    target: ``at_least`` when it is fixed (1 trick: avoid the mouche; 1 for
    the yes-or-no measures), else the best value any class guarantees, no
    lower than ``lowest`` (a goal of 1 trick is avoiding the mouche, its own
    kind)."""

    name: str
    measure: str
    at_least: int | None = None
    lowest: int | None = None

    def target(self, values: Sequence[int]) -> int | None:
        """The target this goal sets when the classes guarantee ``values``,
        or None when no single class meets it (no puzzle of this kind here)."""
        target = self.at_least if self.at_least is not None else max(values)
        if self.lowest is not None and target < self.lowest:
            return None
        meeting = sum(v >= target for v in values)
        return target if meeting == 1 and len(values) >= 2 else None


@dataclass
class Solved(Generic[S, M]):
    """A position and its goal decided class by class: ``values`` (what the
    mover can guarantee after each class's first move), ``nodes`` (the
    searches' effort), ``answer`` (the index of the one class meeting
    ``target``) and ``lines`` (the principal line after each class's first
    move, through to the end of the hand)."""

    state: S
    mover: int
    kind: GoalKind
    target: int
    classes: list[list[M]]
    values: list[int]
    nodes: list[int]
    answer: int
    lines: list[list[M]]


class CardGame(ABC, Generic[S, M]):
    """What one card game brings to its only-card puzzles."""

    #: The game names its IDs accept.
    games: tuple[str, ...]
    #: The goals, by index (the ID's ``g``); without ``g`` they are tried in this order.
    goal_kinds: tuple[GoalKind, ...]
    #: The player counts the ID's ``p`` may ask for.
    players: tuple[int, ...]
    #: The name of the game's simple bot (the ladder's first rung).
    simple_name: str
    #: The kind in players' words ("only card", "only capture").
    kind_words: str

    @abstractmethod
    def endings(self, pid: PuzzleId) -> Iterator[S]:
        """The candidate positions of the simulated game ``pid`` names, in the order played."""

    @abstractmethod
    def write(self, state: S) -> dict:
        """The position in the game's JSON format."""

    @abstractmethod
    def read(self, position: dict) -> S:
        """A position in the game's JSON format; ParseError when malformed."""

    @abstractmethod
    def game_name(self, state: S) -> str:
        """The game a position's rules are (one of :attr:`games`)."""

    @abstractmethod
    def classes(self, state: S) -> list[list[M]]:
        """The legal moves grouped into classes of equivalent moves, in the game's search order."""

    @abstractmethod
    def texts(self, state: S, members: list[M]) -> list[str]:
        """A class as the answer lists it: every card (or capture) it holds."""

    @abstractmethod
    def parse_move(self, text: str) -> M:
        """A move in the game's notation (ParseError when malformed)."""

    @abstractmethod
    def read_answer(self, state: S, text: str) -> M | str:
        """The legal move a player's answer names, or why it names none (a
        sentence: not a legal card here, or which capture is meant)."""

    @abstractmethod
    def evaluator(self, mover: int, measure: str) -> Evaluator:
        """What ``mover`` can guarantee, by ``measure``, from a position."""

    @abstractmethod
    def outcome(self, end: S, mover: int, measure: str) -> int:
        """The measure at the end of the hand."""

    @abstractmethod
    def material(self, state: S, mover: int) -> int:
        """What the lookahead players count: the mover's chips or tricks so far."""

    @abstractmethod
    def key(self, state: S) -> Hashable:
        """Everything about a state its future depends on (the lookahead's memo)."""

    @abstractmethod
    def position_key(self, state: S) -> Hashable:
        """Everything a position's play depends on, its rules included (but
        not a rule that cannot apply there), so that equal positions of
        different games or puzzles compare equal (the calendar's repeats)."""

    @abstractmethod
    def round_length(self, state: S) -> int:
        """The moves in one round of play: each player in the hand once."""

    @abstractmethod
    def simple_bot(self, state: S, rng: random.Random) -> M:
        """The game's simple bot (greedy, rules)."""

    @abstractmethod
    def analyst_bot(self, state: S, rng: random.Random) -> M:
        """The game's analyst bot, which sees only its own hand."""

    @abstractmethod
    def goal_words(self, state: S, mover: int, kind: GoalKind, target: int) -> tuple[str, str]:
        """The goal in plain words, saying what counts (without the seat),
        and a sentence of what else a player must know to judge it (or "")."""

    @abstractmethod
    def verdict(self, state: S, mover: int, measure: str, value: int) -> str:
        """What a guaranteed ``value`` amounts to, in words (``1 trick``, ``+3 chips``)."""

    @abstractmethod
    def themes(self, solved: Solved[S, M]) -> list[str]:
        """The game's own theme tags for a solved position."""

    @abstractmethod
    def facts(self, state: S, mover: int) -> dict[str, Any]:
        """The game's own facts about the position."""

    @abstractmethod
    def table_lines(self, position: dict) -> list[str]:
        """What lies on the table of a position in the game's JSON format, as
        lines of text for :func:`draw` (Papillon's table; La Mouche's trumps and trick)."""

    @abstractmethod
    def picture(self, position: dict, narrow: bool) -> str:
        """A position as an SVG document: every hand face up, the player to
        move at the bottom of the table; ``narrow``: as narrow as a phone's screen."""

    def same_class(self, members: list[M], move: M) -> bool:
        """Is ``move`` one of ``members`` (Papillon compares captures by ranks)?"""
        return move in members


# ---- the ID -----------------------------------------------------------------------


def goal_kinds(game: CardGame, pid: PuzzleId) -> tuple[GoalKind, ...]:
    """The goals ``pid`` lets the generator try; ParseError for an ID this game cannot take."""
    where = f"puzzle ID {pid}"
    if pid.kind != KIND:
        raise ParseError(f"{where}: the card games make only {KIND} puzzles, not {pid.kind}")
    if pid.game not in game.games:
        raise ParseError(f"{where}: {pid.game!r} is not one of {', '.join(game.games)}")
    for key, _ in pid.parameters:
        if key != "s" and key not in PARAMETERS:
            known = ", ".join(f"{k} ({what})" for k, what in PARAMETERS.items())
            raise ParseError(f"{where}: unknown parameter {key} (besides the seed s: {known})")
    players = pid.get("p")
    if players is not None and players not in game.players:
        raise ParseError(f"{where}: p must be one of {', '.join(map(str, game.players))} players, not {players}")
    least = pid.get("m")
    if least is not None and not 1 <= least <= 5:
        raise ParseError(f"{where}: m (the least grade) must be 1 to 5, not {least}")
    index = pid.get("g")
    if index is None:
        return game.goal_kinds
    if index >= len(game.goal_kinds):
        names = ", ".join(f"{k}: {kind.name}" for k, kind in enumerate(game.goal_kinds))
        raise ParseError(f"{where}: g must be a goal's index ({names}), not {index}")
    return (game.goal_kinds[index],)


def deal_choices(game: CardGame, pid: PuzzleId, bots: Sequence[BotFunction]) -> tuple[int, list[BotFunction]]:
    """The simulated game's number of players (the ID's ``p``, else drawn)
    and each seat's bot, drawn from ``bots``, all from ``random.Random(seed)``.
    The games pass their simple bot twice and the random bot once: the
    random bot's blunders make endings the simple bot alone never reaches."""
    rng = random.Random(pid.seed)
    players = pid.get("p") or rng.choice(game.players)
    return players, [rng.choice(bots) for _ in range(players)]


# ---- solving a position -------------------------------------------------------------


def class_values(game: CardGame, state: Any, classes: list[list[Any]], measure: str) -> tuple[list[int], list[int]]:
    """What the mover guarantees after each class's first move, and the nodes
    each search took (a fresh search per class, so the count is the class's own)."""
    mover = state.current_player()
    values, nodes = [], []
    for members in classes:
        value, searched = game.evaluator(mover, measure)(state.play_unchecked(members[0]))
        values.append(value)
        nodes.append(searched)
    return values, nodes


def principal_line(game: CardGame, state: Any, mover: int, measure: str) -> list[Any]:
    """The paranoid search's line to the end of the hand: the mover takes the
    move that guarantees most, every other player the one that leaves the
    mover least (the first such class in the game's order). Along it the
    value never changes, so it ends at what the mover can guarantee."""
    value_of = game.evaluator(mover, measure)
    line = []
    while not state.is_terminal():
        moves = [members[0] for members in game.classes(state)]
        values = [value_of(state.play_unchecked(m))[0] for m in moves]
        best = max(values) if state.current_player() == mover else min(values)
        move = moves[values.index(best)]
        line.append(move)
        state = state.play_unchecked(move)
    return line


def decide(
    game: CardGame,
    state: Any,
    kind: GoalKind,
    target: int,
    classes: list[list[Any]],
    values: list[int],
    nodes: list[int],
) -> Solved:
    """The position decided for a goal that exactly one class meets (``target``
    from :meth:`GoalKind.target`): the answer, and every class's principal line."""
    mover = state.current_player()
    answer = next(k for k, v in enumerate(values) if v >= target)
    lines = [principal_line(game, state.play_unchecked(members[0]), mover, kind.measure) for members in classes]
    return Solved(state, mover, kind, target, classes, values, nodes, answer, lines)


def solve(game: CardGame, state: Any, kinds: Sequence[GoalKind]) -> Solved | None:
    """The position decided for the first of ``kinds`` that exactly one class
    meets, or None. Each measure is searched once, whatever the goals on it."""
    classes = game.classes(state)
    if len(classes) < MIN_CLASSES:
        return None
    measured: dict[str, tuple[list[int], list[int]]] = {}
    for kind in kinds:
        if kind.measure not in measured:
            measured[kind.measure] = class_values(game, state, classes, kind.measure)
        values, nodes = measured[kind.measure]
        target = kind.target(values)
        if target is not None:
            return decide(game, state, kind, target, classes, values, nodes)
    return None


# ---- the ladder --------------------------------------------------------------------

#: The ladder's rungs, weakest first (docs/puzzles.md): the game's simple bot
#: (``simple``, named by the game: greedy, rules), a material player looking
#: one round ahead, the analyst bot, a material player looking two rounds
#: ahead. Over the puzzles of seeds 0-299 of each game they play the answer
#: in 72-76 %, 69-79 %, 82-87 % and 91 % of them (docs/puzzles.md).
RUNGS = ("simple", "lookahead-1", "analyst", "lookahead-2")
#: The lookahead rungs and how many rounds of play each looks ahead.
LOOKAHEAD_ROUNDS = {"lookahead-1": 1, "lookahead-2": 2}


def lookahead(game: CardGame, state: Any, mover: int, plies: int, memo: dict) -> int:
    """The mover's material ``plies`` moves ahead when everyone else plays
    against them (a paranoid search cut at a horizon: a player who counts
    chips or tricks and looks no further)."""
    if plies == 0 or state.is_terminal():
        return game.material(state, mover)
    key = (game.key(state), plies)
    if key not in memo:
        values = [lookahead(game, state.play_unchecked(m), mover, plies - 1, memo) for m in state.legal_moves()]
        memo[key] = max(values) if state.current_player() == mover else min(values)
    return memo[key]


def _rung_move(game: CardGame, solved: Solved, rung: str, seed: int) -> Any:
    state = solved.state
    if rung == "simple":
        return game.simple_bot(state, random.Random(seed))
    if rung == "analyst":
        return game.analyst_bot(state, random.Random(seed))
    moves = [members[0] for members in solved.classes]
    plies = LOOKAHEAD_ROUNDS[rung] * game.round_length(state)
    memo: dict = {}
    values = [lookahead(game, state.play_unchecked(m), solved.mover, plies - 1, memo) for m in moves]
    return moves[values.index(max(values))]


def ladder(game: CardGame, solved: Solved, seed: int) -> dict[str, str]:
    """The move each rung plays in the puzzle's position, weakest rung first
    (the bots' random choices seeded by the puzzle's seed)."""
    return {game.simple_name if rung == "simple" else rung: str(_rung_move(game, solved, rung, seed)) for rung in RUNGS}


def tempted(game: CardGame, solved: Solved, picks: dict[str, str]) -> list[str]:
    """The rungs whose move is not in the answer class: a wrong class tempts
    them (a puzzle keeps only positions where one does)."""
    answer = solved.classes[solved.answer]
    return [rung for rung, move in picks.items() if not game.same_class(answer, game.parse_move(move))]


def grade(game: CardGame, solved: Solved, picks: dict[str, str]) -> int:
    """The first rung (weakest first) whose move is in the answer class, 1-4; 5 when none."""
    answer = solved.classes[solved.answer]
    for rung, move in enumerate(picks.values(), start=1):
        if game.same_class(answer, game.parse_move(move)):
            return rung
    return len(picks) + 1


# ---- the document -----------------------------------------------------------------


def _goal_text(game: CardGame, solved: Solved) -> str:
    return _goal_words(game, solved.state, solved.mover, solved.kind, solved.target)


def _goal_words(game: CardGame, state: Any, mover: int, kind: GoalKind, target: int) -> str:
    words, note = game.goal_words(state, mover, kind, target)
    goal = f"You are {seat_name(mover)}, to play. {words[0].upper()}{words[1:]}, whatever the others do."
    return f"{goal} {note}." if note else goal


def assemble(game: CardGame, pid: PuzzleId, solved: Solved) -> Puzzle:
    """The puzzle document of a solved position."""
    state, mover, measure = solved.state, solved.mover, solved.kind.measure

    def entry(k: int) -> Alternative:
        return Alternative(
            moves=game.texts(state, solved.classes[k]),
            verdict=game.verdict(state, mover, measure, solved.values[k]),
            method=METHOD,
            nodes=solved.nodes[k],
            refutation=[str(m) for m in solved.lines[k]],
            detail={"value": solved.values[k]},
        )

    answer = dataclasses.asdict(entry(solved.answer))
    del answer["refutation"]
    picks = ladder(game, solved, pid.seed)
    level = grade(game, solved, picks)
    legal = state.legal_moves()
    facts = {
        "mover": mover,
        "cards_left": sum(len(hand) for hand in state.hands),
        "legal": len(legal),
        "classes": len(solved.classes),
        "at_least": solved.target,
        "random_chance": round(sum(game.same_class(solved.classes[solved.answer], m) for m in legal) / len(legal), 3),
        "ladder": picks,
        **game.facts(state, mover),
    }
    themes = [solved.kind.name, *sorted(game.themes(solved) + (["bot-trap"] if level > 1 else []))]
    proof = {
        "solver": code_version(PROJECT_PACKAGES),
        "goal": {"name": solved.kind.name, "measure": measure, "at_least": solved.target},
        "answer": answer,
        "alternatives": [dataclasses.asdict(entry(k)) for k in range(len(solved.classes)) if k != solved.answer],
    }
    answer_class = solved.classes[solved.answer]
    solution = [str(answer_class[0])] + [str(m) for m in solved.lines[solved.answer]]
    return Puzzle(
        pid,
        game.write(state),
        _goal_text(game, solved),
        [game.texts(state, answer_class)],
        level,
        themes,
        solution,
        proof,
        None,
        facts,
    )


def generate(game: CardGame, pid: PuzzleId) -> Puzzle | None:
    """The first position of the simulated game where exactly one class
    meets a goal (the goals tried in order) and the grade is at least the
    ID's ``m``, or None when there is none. Each candidate is written and
    read back first, so the puzzle is solved from exactly what its document
    holds."""
    kinds = goal_kinds(game, pid)
    for played in game.endings(pid):
        solved = solve(game, game.read(game.write(played)), kinds)
        if solved is not None:
            puzzle = assemble(game, pid, solved)
            if puzzle.grade >= (pid.get("m") or 1) and tempted(game, solved, puzzle.facts["ladder"]):
                return puzzle
    return None


# ---- proving and checking -----------------------------------------------------------


def replay(game: CardGame, state: Any, moves: Sequence[str]) -> Any:
    """The state after ``moves`` played with the rules' checks (InputError when one is illegal)."""
    for text in moves:
        state = state.play(game.parse_move(text))
    return state


def movers(game: CardGame, puzzle: Puzzle) -> list[int]:
    """The seat that plays each move of the puzzle's solution, played by the rules."""
    state = game.read(puzzle.position)
    seats = []
    for text in puzzle.solution:
        seats.append(state.current_player())
        state = state.play(game.parse_move(text))
    return seats


def keys(game: CardGame, puzzle: Puzzle) -> Keys:
    """The puzzle's simulated game (La Mouche and Le Pamphile of one seed
    are one deal), its position's key and the keys of the positions its
    solution and refutations pass through (:class:`butterfly.puzzles.document.Keys`)."""
    state = game.read(puzzle.position)
    starts = [(state, puzzle.solution)]
    starts += [(replay(game, state, a.moves[:1]), a.refutation) for a in puzzle.alternatives()]
    passed: set[Hashable] = set()
    for start, line in starts:
        passed.add(game.position_key(start))
        for text in line:
            start = start.play(game.parse_move(text))
            passed.add(game.position_key(start))
    deal = (game.games[0], puzzle.id.seed, puzzle.id.get("p"))
    return Keys(deal, game.position_key(state), frozenset(passed))


def _line_problem(game: CardGame, state: Any, mover: int, measure: str, moves: list[str], value: int) -> str | None:
    """Why the line ``moves`` does not end the hand at ``value``, or None when it does."""
    try:
        end = replay(game, state, moves)
    except InputError as error:
        return str(error)
    if not end.is_terminal():
        return "it stops before the end of the hand"
    reached = game.outcome(end, mover, measure)
    if reached != value:
        claimed = game.verdict(state, mover, measure, value)
        return f"it ends at {game.verdict(state, mover, measure, reached)}, not {claimed}"
    return None


def prove(game: CardGame, puzzle: Puzzle) -> list[str]:
    """Every problem with ``puzzle`` (one line each); empty when it is proved.

    From the stored position alone: the classes and each class's paranoid
    value are computed again, the answer must be the one class meeting the
    stored goal, every other class must be listed with its verdict, every
    line (the solution and each refutation) must replay through the rules
    engine to the end of the hand at the value claimed, and everything
    derived (goal in words, grade, themes, facts) must come out the same.
    """
    try:
        state = validate(game, puzzle)
    except InputError as error:
        return [str(error)]
    goal = puzzle.proof["goal"]
    kind = {kind.name: kind for kind in goal_kinds(game, puzzle.id)}[goal["name"]]
    try:
        classes = game.classes(state)
        values, nodes = class_values(game, state, classes, kind.measure)
    except InputError as error:
        return [f"the position cannot be searched: {error}"]
    target = kind.target(values)
    mover = state.current_player()
    shown = [game.verdict(state, mover, kind.measure, v) for v in values]
    if target is None:
        return [f"no single class meets the goal '{kind.name}' here (they guarantee {', '.join(shown)})"]
    solved = decide(game, state, kind, target, classes, values, nodes)
    problems = []
    if len(classes) < MIN_CLASSES:
        problems.append(f"the position offers {len(classes)} classes of cards, fewer than {MIN_CLASSES}")
    if goal.get("at_least") != target or goal.get("measure") != kind.measure:
        problems.append(f"proof.goal should be {kind.measure} at least {target}, not {goal}")
    texts = [game.texts(state, members) for members in classes]
    answer = solved.answer
    if puzzle.answer != [texts[answer]]:
        problems.append(f"the answer is {' '.join(texts[answer])} ({shown[answer]}), not {puzzle.answer}")
    listed = {tuple(a.moves): a for a in puzzle.alternatives()}
    for k, members in enumerate(classes):
        if k == answer:
            continue
        alternative = listed.pop(tuple(texts[k]), None)
        if alternative is None:
            problems.append(f"class {' '.join(texts[k])} ({shown[k]}) is missing from proof.alternatives")
            continue
        if alternative.verdict != shown[k] or alternative.method != METHOD:
            problems.append(f"class {' '.join(texts[k])}: verdict {alternative.verdict!r}, not {shown[k]!r}")
        why = _line_problem(game, state, mover, kind.measure, [str(members[0]), *alternative.refutation], values[k])
        if why is not None:
            problems.append(f"the refutation of {' '.join(texts[k])} does not replay: {why}")
    problems += [f"proof.alternatives lists {' '.join(moves)}, which is no wrong class here" for moves in listed]
    if not puzzle.solution or not _names_class(game, puzzle.solution[0], classes[answer]):
        problems.append("the solution does not start with a card of the answer class")
    else:
        why = _line_problem(game, state, mover, kind.measure, puzzle.solution, values[answer])
        if why is not None:
            problems.append(f"the solution does not replay: {why}")
    return problems or _derived_problems(game, puzzle, solved)


def _names_class(game: CardGame, text: str, members: list[Any]) -> bool:
    try:
        return game.same_class(members, game.parse_move(text))
    except InputError:
        return False


def _derived_problems(game: CardGame, puzzle: Puzzle, solved: Solved) -> list[str]:
    """Every field of the file compared with the puzzle assembled again from
    the proved facts (butterfly.puzzles.document.differences); the ID's least grade
    and the ladder's temptation checked."""
    fresh = assemble(game, puzzle.id, solved)
    problems = differences(puzzle, fresh)
    least = puzzle.id.get("m") or 1
    if fresh.grade < least:
        problems.append(f"the puzzle grades {fresh.grade}, below the ID's m={least}")
    if not tempted(game, solved, fresh.facts["ladder"]):
        problems.append("no player of the ladder is tempted by a wrong card: every one plays the answer")
    return problems


def validate(game: CardGame, puzzle: Puzzle) -> Any:
    """The puzzle's state, read and checked as prove and check read it, and
    the fields a reader relies on before any search: the goal one of the
    game's, the goal in words the one its target gives, one answer class of
    legal cards, the wrong classes legal. A damaged file is one ParseError."""
    where = f"puzzle {puzzle.id}"
    state = game.read(puzzle.position)
    if game.game_name(state) != puzzle.game:
        raise ParseError(f"{where}: the position is played by the rules of {game.game_name(state)}, not {puzzle.game}")
    if state.is_terminal():
        raise ParseError(f"{where}: the position is the end of the hand: there is no card to find")
    goal = puzzle.proof.get("goal")
    kinds = {kind.name: kind for kind in goal_kinds(game, puzzle.id)}
    if not isinstance(goal, dict) or goal.get("name") not in kinds or not is_whole(goal.get("at_least")):
        raise ParseError(f"{where}: proof.goal must name one of the goals {', '.join(kinds)} and a whole target")
    kind = kinds[goal["name"]]
    if goal.get("measure") != kind.measure:
        raise ParseError(f"{where}: proof.goal's measure must be {kind.measure}")
    mover = state.current_player()
    words = _goal_words(game, state, mover, kind, goal["at_least"])
    if puzzle.goal != words:
        raise ParseError(f"{where}: the goal should read {words!r}")
    if len(puzzle.answer) != 1 or not puzzle.answer[0]:
        raise ParseError(f"{where}: an only-card puzzle has one answer class")
    for moves in [puzzle.answer[0], *(a.moves for a in puzzle.alternatives())]:
        for text in moves[:1]:
            try:
                state.play(game.parse_move(text))
            except InputError as error:
                raise ParseError(f"{where}: the stored card {text} is not legal: {error}") from None
    return state


def check(game: CardGame, puzzle: Puzzle, answer: str) -> str | None:
    """None when ``answer`` names a card (capture) that meets the puzzle's
    goal against any defence, decided by the search as the puzzle was
    proved (whatever the file's classes say); otherwise why not, in one
    line: not a legal play here, or a play the defence refutes (what it
    leaves the mover, and the line that shows it). A malformed card is a
    ParseError."""
    state = validate(game, puzzle)
    move = game.read_answer(state, answer)
    said = " ".join(answer.split())
    if isinstance(move, str):
        return f"{said}: {move}"
    goal = puzzle.proof["goal"]
    measure = goal["measure"]
    mover = state.current_player()
    after = state.play(move)
    value, _ = game.evaluator(mover, measure)(after)
    if value >= goal["at_least"]:
        return None
    line = [move, *principal_line(game, after, mover, measure)]
    return (
        f"{said} fails: the best defence leaves {seat_name(mover)} {game.verdict(state, mover, measure, value)}, "
        f"e.g. {_seated(state, line)}"
    )


def _seated(state: Any, moves: Sequence[Any]) -> str:
    """A line with each move's player: ``P1 KH, P2 9H``."""
    out = []
    for move in moves:
        out.append(f"{seat_name(state.current_player())} {move}")
        state = state.play_unchecked(move)
    return ", ".join(out)


def draw(game: CardGame, puzzle: Puzzle) -> str:
    """The ending as text: every hand (the mover's marked), what lies on the
    table in ``game`` (:meth:`CardGame.table_lines`), and the pool."""
    position, mover = puzzle.position, puzzle.facts.get("mover")
    lines = []
    hands = position.get("hands", [])
    for seat, hand in enumerate(hands if isinstance(hands, list) else []):
        cards = " ".join(map(str, hand)) if isinstance(hand, list) else f"{hand} cards"
        lines.append(f"{'>' if seat == mover else ' '} {seat_name(seat)}: {cards or '-'}")
    lines += [f"  {line}" for line in game.table_lines(position)]
    if "pool" in position:
        lines.append(f"  pool: {position['pool']}")
    return "\n".join(lines)


class OnlyCard:
    """The only-card kind of one card game (:class:`butterfly.puzzles.kinds.PuzzleKind`):
    the functions of this module over ``game``."""

    name: ClassVar[Kind] = KIND
    repeats_as: ClassVar[Kind] = KIND
    whole_deal: ClassVar[bool] = False
    line_words: ClassVar[str] = "win"
    done_words: ClassVar[str] = "won"

    def __init__(self, game: CardGame) -> None:
        self.game = game

    def words(self, puzzle: Puzzle) -> str:
        return self.game.kind_words

    def make(self, pid: PuzzleId) -> Puzzle | None:
        """The puzzle ``pid`` names, or None when its seed gives none (:func:`generate`)."""
        return generate(self.game, pid)

    def validate(self, puzzle: Puzzle) -> object:
        """The puzzle's state, checked as prove and check check it (:func:`validate`)."""
        return validate(self.game, puzzle)

    def judge(self, puzzle: Puzzle, answer: str) -> str | None:
        """None when ``answer`` (a card, or a capture) meets the goal, else why not (:func:`check`)."""
        return check(self.game, puzzle, answer)

    def prove(self, puzzle: Puzzle) -> list[str]:
        """Every problem with ``puzzle``, one line each; empty when proved (:func:`prove`)."""
        return prove(self.game, puzzle)

    def keys(self, puzzle: Puzzle) -> Keys:
        """What tells the puzzle apart from others (:func:`keys`)."""
        return keys(self.game, puzzle)

    def movers(self, puzzle: Puzzle) -> list[int]:
        """Who plays each move of the solution (:func:`movers`)."""
        return movers(self.game, puzzle)

    def draw(self, puzzle: Puzzle) -> str:
        """The ending as text (:func:`draw`)."""
        return draw(self.game, puzzle)

    def picture(self, puzzle: Puzzle, narrow: bool = False) -> str:
        """The ending as an SVG document (:meth:`CardGame.picture`)."""
        return self.game.picture(puzzle.position, narrow)
