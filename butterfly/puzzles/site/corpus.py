"""A corpus of Butterfly-family positions judged by the Python engine, which
the JavaScript rules (butterfly/puzzles/site/rules.js) must judge identically
(tests/js/check_corpus.js checks them under node).

Each case is a position in its JSON form (butterfly.games.patience.format.deal_to_json)
with what the engine says of it: its rules' name, key and whether it is won,
the solver's verdict when it is small (``verdict``, for the page's search)
and, when won, the fewest moves that win it (``shortest``, for the search
within a number of moves), every legal move in order, those of them that
are safe moves home (``safe``, for the page's option that makes them), candidate moves with the reason each is illegal
(None when legal), and a sequence of moves with the key and won flag after
each and the final position. Positions are deals of every preset under every
suit variant and several cell counts, positions reached by random play, and
the last moves of solved deals (which end won). Move texts to parse, with
the move each reads as (None when the text is no move), come alongside.

The page's judgements of whole puzzles come too, each with the verdict of
the Python judge (:func:`butterfly.puzzles.generate.check`): ``goals``, lines
played in goal puzzles of the calendar (their own goal, or another drawn at
random), reached within par or not; and ``choices``, every legal move at
each step of the calendar's only-move and only-moves puzzles, right or
wrong. The page must judge each as Python does, playing the puzzle file as
the page gets it.

Each case carries its position's one line too (``line``, ``final_line``:
butterfly/games/patience/notation.py ``position_line``), which the page's line.js must
write alike; and ``lines`` are texts to read as a line, with the line Python
writes of what it reads (None when refused) or its one-line message: a deal
of every preset under every variant and several cell counts, each case's
line written otherwise (lower case, ``10`` for ``T``, its fields reordered)
and lines spoiled (a card twice or missing, a bad card, field, game, count
or character), which the analysis board (board.html) reads as Python does.

Everything is drawn from ``random.Random(seed)``: the same seed gives the
same corpus.

>>> corpus = build_corpus(seed=2, count=5, puzzles=2)
>>> len(corpus["cases"]), sorted(corpus["cases"][0])[:3]
(5, ['candidates', 'final', 'final_line'])
>>> any(case["sequence"] and case["sequence"][-1]["won"] for case in corpus["cases"])
True
>>> {g["done"] for g in corpus["goals"]}, {c["right"] for c in corpus["choices"]}
({False, True}, {False, True})
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import re
from pathlib import Path

from butterfly.games.errors import InputError
from butterfly.games.patience.format import deal_from_json, deal_to_json
from butterfly.games.patience.notation import parse_line, position_line
from butterfly.games.patience.rules import CELL, FOUNDATION, PRESETS, VARIANTS, Move, Position, Rules, make_rules
from butterfly.puzzles.daily import load_calendar
from butterfly.puzzles.document import Puzzle
from butterfly.puzzles.generate import check
from butterfly.puzzles.patience.goal import Goal, goal_text
from butterfly.puzzles.rating import players
from butterfly.puzzles.rating.players_kernel import play
from butterfly.solver.patience import kernel
from butterfly.solver.patience.pruning import is_safe_foundation_move
from butterfly.solver.patience.result import Limits
from butterfly.solver.patience.solve import PUBLISHED_SCHEDULE, solve

#: Cell counts tried besides each preset's own (None).
CELL_COUNTS = (None, 0, 1, 2, 5)
#: Moves of random play before a position is taken, at most.
MAX_WALK = 60
#: Moves in a case's sequence, at most (a won ending keeps its own length).
SEQUENCE = 8
#: Candidate moves judged per position, at most.
CANDIDATES = 16
#: Every how many cases one is a won ending.
ENDING_EVERY = 5
#: Moves of a won ending, at most.
ENDING_MOVES = 14
#: Positions with at most this many cards in play carry the solver's verdict, which the
#: page's exhaustive search (search.js) must not contradict within SEARCH_NODES positions.
VERDICT_CARDS = 24
SEARCH_NODES = 50_000


def position_key(position: Position) -> str:
    """:meth:`Position.key` as text, as rules.js ``key`` writes it: the sorted
    rows, cards joined by spaces and rows by ``|``, then ``/`` and the cells.

    >>> position_key(Position.deal(1)).split("|")[0]
    '6C 7C 5C KS 6H'
    """
    rows, cells = position.key()
    return "|".join(" ".join(map(str, row)) for row in rows) + "/" + " ".join(map(str, cells))


def _rules(rng: random.Random) -> Rules:
    game = rng.choice(list(PRESETS))
    variant = rng.choice((None, *VARIANTS))
    return make_rules(game, variant, rng.choice(CELL_COUNTS))


def _walk(position: Position, steps: int, rng: random.Random) -> tuple[Position, list[Move]]:
    moves = []
    for _ in range(steps):
        legal = position.legal_moves()
        if not legal:
            break
        move = rng.choice(legal)
        moves.append(move)
        position = position.play_unchecked(move)
    return position, moves


def _candidates(position: Position, rng: random.Random) -> list[Move]:
    """Moves worth judging: mostly near-misses (outer cards and cell cards to
    every place), some cards from anywhere, some places that do not exist."""
    names = list(position.rules.row_names)
    places = [*names, FOUNDATION, CELL]
    sources = [(row[-1], name) for name, row in zip(names, position.rows) if row]
    sources += [(card, CELL) for card in position.cells]
    moves = [Move(card, source, target) for card, source in sources for target in places if target != source]
    in_play = [card for row in position.rows for card in row] + list(position.cells)
    for _ in range(4):
        card = rng.choice(in_play) if in_play else position.cards()[0]
        source = rng.choice([*names, CELL, "L9", "R7"])
        moves.append(Move(card, source, rng.choice([*places, "R9", "L0"])))
    for card, source in sources[:2]:
        moves.append(Move(card, source, source))
    rng.shuffle(moves)
    return moves[:CANDIDATES]


def _case(position: Position, sequence: list[Move], candidates: list[Move], judged: bool = False) -> dict:
    steps = []
    verdict = _verdict(position, judged)
    after = position
    for move in sequence:
        after = after.play(move)
        steps.append({"move": str(move), "key": position_key(after), "won": after.is_won()})
    return {
        "position": deal_to_json(position),
        "rules": position.rules.name,
        "key": position_key(position),
        "won": position.is_won(),
        "legal": [str(m) for m in position.legal_moves()],
        "candidates": [{"move": str(m), "reason": position.check_move(m)} for m in candidates],
        "sequence": steps,
        "final": deal_to_json(after),
        "line": position_line(position),
        "final_line": position_line(after),
        "safe": [str(m) for m in position.legal_moves() if is_safe_foundation_move(position, m)],
        "verdict": verdict,
        "shortest": _shortest(position) if verdict == "won" else None,
    }


def _verdict(position: Position, judged: bool = False) -> str | None:
    """The sound solver's verdict (won, unwinnable, unresolved) on a small
    position, or any one ``judged``; None on the others."""
    if position.cards_in_play() > VERDICT_CARDS and not judged:
        return None
    return solve(position, Limits(max_nodes=SEARCH_NODES, memory_mib=16), schedule=PUBLISHED_SCHEDULE).result


def _shortest(position: Position) -> int | None:
    """The fewest moves that win ``position`` (the A* of butterfly.solver.patience.shortest,
    run to its end), for the page's search within a number of moves; None
    when not proved within SEARCH_NODES."""

    answer = kernel.shortest(position, limits=Limits(max_nodes=SEARCH_NODES, memory_mib=16))
    return len(answer.steps) if answer.exhausted else None


def _ending(rng: random.Random) -> tuple[Position, list[Move]] | None:
    """The last moves of a deal the solver wins within a small node limit."""
    rules = make_rules(rng.choice(("butterfly", "beleaguered-castle")), None, rng.choice((None, 3, 4)))
    position = Position.deal(rng.randrange(1_000_000), rules)
    result = solve(position, Limits(max_nodes=20_000, memory_mib=16), schedule=PUBLISHED_SCHEDULE)
    if result.result != "won":
        return None
    moves = result.moves
    cut = max(0, len(moves) - rng.randint(1, ENDING_MOVES))
    start = position.replay(moves[:cut])[-1]
    return start, moves[cut:]


def _greedy_end(rng: random.Random) -> Position:
    """A position a few moves before the greedy player of the rating ladder
    gets stuck in a Butterfly deal it loses: where play went wrong, often lost."""

    for _ in range(50):  # the greedy player wins most deals: its lost games are the ones wanted
        deal = Position.deal(rng.randrange(1_000_000))
        won, moves = play(deal, players.GREEDY, rng.randint(1, 4))
        if not won:
            break
    return deal.replay(moves[: max(0, len(moves) - rng.randint(1, 3))])[-1]


def _astray(position: Position, rng: random.Random) -> Position:
    """A small position for the search's verdicts: after a move of ``position``
    that loses it, when the solver finds one, else after a few random moves."""
    lost = [m for m in position.legal_moves() if _verdict(position.play_unchecked(m)) == "unwinnable"]
    return position.play_unchecked(rng.choice(lost)) if lost else _walk(position, rng.randint(1, 6), rng)[0]


def _parse_cases(rng: random.Random) -> list[dict]:
    """Move texts with the move :meth:`Move.parse` reads (None: a ParseError)."""
    texts = ["7H L3>R2", "kd l1>f", "5C B>F", " 10s  r4 > b ", "TS R4>B", "A♠ L1>F", "qd L2 >R1", "7H L3 R2"]
    texts += ["7H L3>>R2", "7H F>L1", "7H L3>X", "1H L3>R2", "7Z L3>R2", "7H L>R2", "", "7H L3>R2 x", "7H L12>R01"]
    for _ in range(12):
        rank = rng.choice("A23456789TJQK") if rng.random() < 0.9 else rng.choice(("10", "1", "X"))
        suit = rng.choice("CDHScdhs♣♦♥♠") if rng.random() < 0.9 else "Q"
        source = rng.choice(("L1", "r3", "B", "b", "F", "R12", "M2"))
        target = rng.choice(("L2", "R5", "F", "f", "B", "L"))
        texts.append(f"{rank}{suit} {source}{rng.choice(('>', ' > ', '>  '))}{target}")
    cases = []
    for text in texts:
        try:
            move: str | None = str(Move.parse(text))
        except InputError:
            move = None
        cases.append({"text": text, "move": move})
    return cases


def _read_line(text: str) -> dict:
    """A text read as a line by Python: the line it writes back, or its message."""
    try:
        return {"text": text, "line": position_line(parse_line(text)), "error": None}
    except InputError as error:
        return {"text": text, "line": None, "error": str(error)}


def _spoiled(line: str, rng: random.Random) -> list[str]:
    """``line`` written otherwise (each read as the same position), and spoiled in many ways."""
    game, *fields = line.split("_")
    rows = next(f for f in fields if f.startswith("l"))
    others = [*fields]
    rng.shuffle(others)
    card = re.search(r"[2-9TJQKA][CDHS]", rows[1:])
    texts = [
        line.lower(),
        line.replace("T", "10"),
        "_".join([game.upper(), *others]),
        f"  {line}  ",
        line + "_l-",  # a field twice
        line + "_x1",  # an unknown field
        line + "_",  # an empty field
        "_".join([game, *(f for f in fields if not f.startswith("r"))]),  # no right rows
        line.replace(game, "klondike", 1),
        line + "!",
        line.replace("_", " ", 1),
        line + "_c-1",
        line + "_c99999999999999999999999",
        line + "_c1x",
        line + "_vrainbow",
        line + "_v",
        line.replace("_l", "_l-.", 1),  # a row more on the left
        line.replace("_r", "_r-.", 1).replace("_l", "_l", 1),
        line.replace(".", "", 1),  # two rows as one: a row fewer
        line + "7H",
        line.replace("H", "X", 1),
        line.replace("H", "", 1),
        re.sub(r"_b[^_]*", "_b2C3C4C5C6C7C8C9CTC", line),  # more cards in the basement than it holds
        line.replace("_l", "_fKCKC_l", 1) if "_f" not in line else line.replace("_f", "_fKC", 1),
        "x" * 2001,
        game,
        "",
    ]
    if card:
        texts.append(line.replace(card[0], card[0] + card[0], 1))  # the card twice
        texts.append(line.replace(card[0], "", 1))  # the card missing
        texts.append(line.replace(card[0], card[0][0] + "Z", 1))
        texts.append(line.replace(card[0], "1" + card[0][1], 1))
    return texts


def _line_cases(cases: list[dict], rng: random.Random) -> list[dict]:
    """Texts read as lines (module docstring): every preset, variant and cell count dealt, each case's line
    written otherwise, and spoiled."""
    texts = [
        position_line(Position.deal(rng.randrange(1_000_000), make_rules(game, variant, cells)))
        for game in PRESETS
        for variant in (None, *VARIANTS)
        for cells in CELL_COUNTS
    ]
    for case in cases[:LINE_CASES]:
        texts += _spoiled(case["line"], rng)
    return [_read_line(text) for text in dict.fromkeys(texts)]


#: Cases whose lines are also written otherwise and spoiled.
LINE_CASES = 40


#: Lines played in each goal puzzle: its solution, the solution one move short,
#: random play, the start of the solution then random play; and as many with a goal drawn at random.
GOAL_LINES = 4


def _calendar(kinds: tuple[str, ...], most: int | None) -> list[Puzzle]:
    """The calendar's Butterfly puzzles of these kinds (the first ``most`` of each)."""

    found: dict[str, list[Puzzle]] = {kind: [] for kind in kinds}
    for day in load_calendar():
        if day.puzzle.kind in found and day.puzzle.game.split("/")[0] in PRESETS:
            found[day.puzzle.kind].append(day.puzzle)
    return [puzzle for kind in kinds for puzzle in found[kind][:most]]


def _random_goal(position: Position, rng: random.Random) -> dict:
    """A goal not yet reached in ``position`` (as every goal puzzle's)."""

    while True:
        kind = rng.choice(("home", "free", "empty"))
        rows = [(name, row) for name, row in zip(position.rules.row_names, position.rows) if row]
        name, row = rng.choice(rows)
        target = {"home": rng.choice("23456789TJQK"), "free": str(rng.choice(row)), "empty": name}[kind]
        if not Goal(kind, target).reached(position):
            return {"kind": kind, "target": target}


def _goal_cases(rng: random.Random, most: int | None) -> list[dict]:
    """Lines in goal puzzles, with Python's verdict (butterfly.puzzles.generate.check):
    ``done`` when the goal is reached within par, and ``reached``, how many
    moves in it is first reached (None: never)."""

    cases = []
    for puzzle in _calendar(("goal",), most):
        start = deal_from_json(puzzle.position)
        par = len(puzzle.solution)
        for drawn in (False, True):
            if drawn:  # the calendar has no goal of every kind: one drawn at random, in the file's words
                goal = _random_goal(start, rng)
                words = goal_text(Goal(goal["kind"], goal["target"]), par)
                puzzle = dataclasses.replace(puzzle, goal=words, facts={**puzzle.facts, "goal": goal})
            lead = rng.randint(0, par)
            after = start.replay([Move.parse(m) for m in puzzle.solution[:lead]])[-1]
            lines = [
                puzzle.solution,
                puzzle.solution[:-1],
                [str(m) for m in _walk(start, rng.randint(1, par + 2), rng)[1]],
                puzzle.solution[:lead] + [str(m) for m in _walk(after, rng.randint(0, par + 2 - lead), rng)[1]],
            ]
            goal_now = Goal(puzzle.facts["goal"]["kind"], puzzle.facts["goal"]["target"])
            for line in lines[:GOAL_LINES]:
                if not line:
                    continue
                positions = start.replay([Move.parse(m) for m in line])
                reached = next((k for k, p in enumerate(positions) if goal_now.reached(p)), None)
                done = check(puzzle, ", ".join(line)) is None
                cases.append({"puzzle": puzzle.to_json(), "line": line, "done": done, "reached": reached})
    return cases


def _choice_cases(most: int | None) -> list[dict]:
    """Each legal move at each step of only-move and only-moves puzzles (the
    steps before played with their answers), with Python's verdict
    (butterfly.puzzles.generate.check): ``right`` when it accepts the move (an
    only-moves answer cut short is right so far)."""

    cases = []
    for puzzle in _calendar(("only-move", "only-moves"), most):
        offsets = puzzle.facts["steps"] if puzzle.kind == "only-moves" else [0]
        along = deal_from_json(puzzle.position).replay([Move.parse(m) for m in puzzle.solution])
        for step, at in enumerate(offsets):
            given = [cls[0] for cls in puzzle.answer[:step]]
            for move in along[at].legal_moves():
                missed = check(puzzle, ", ".join([*given, str(move)]))
                right = missed is None or "(right so far)" in missed
                cases.append({"puzzle": puzzle.to_json(), "given": given, "move": str(move), "right": right})
    return cases


def build_corpus(seed: int = 0, count: int = 200, puzzles: int | None = None) -> dict:
    """``count`` cases of positions judged by the Python engine (module
    docstring), drawn from ``random.Random(seed)``; and the judgements of
    the calendar's goal, only-move and only-moves puzzles (the first
    ``puzzles`` of each kind; all by default)."""
    rng = random.Random(seed)
    cases: list[dict] = []
    while len(cases) < count:
        if len(cases) % ENDING_EVERY == ENDING_EVERY - 1:
            ending = _ending(rng)
            if ending is not None:
                start, moves = ending
                cases.append(_case(start, moves, _candidates(start, rng)))
                astray = _astray(start, rng)
                cases.append(_case(astray, [], _candidates(astray, rng)))
                stuck = _greedy_end(rng)
                cases.append(_case(stuck, [], _candidates(stuck, rng), judged=True))
                continue
        start = Position.deal(rng.randrange(1_000_000), _rules(rng))
        position, _ = _walk(start, rng.randint(0, MAX_WALK) if rng.random() < 0.8 else 0, rng)
        _, sequence = _walk(position, rng.randint(0, SEQUENCE), rng)
        cases.append(_case(position, sequence, _candidates(position, rng)))
    cases = cases[:count]  # an ending brings three cases at once
    parse = _parse_cases(rng)
    return {
        "format": "butterfly-rules-corpus",
        "version": 1,
        "seed": seed,
        "cases": cases,
        "parse": parse,
        "lines": _line_cases(cases, rng),
        "goals": _goal_cases(rng, puzzles),
        "choices": _choice_cases(puzzles),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m butterfly.puzzles.site.corpus", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("out", type=Path, help="the corpus JSON file to write")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--count", type=int, default=200, help="number of positions")
    args = parser.parse_args(argv)
    corpus = build_corpus(args.seed, args.count)
    args.out.write_text(json.dumps(corpus, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
