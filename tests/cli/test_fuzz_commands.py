"""Every command and option that reads a file, an ID, a date, a range, a
number or a name, fuzzed through the command line (issue 28).

The commands are found by walking the CLI: every parameter whose value
click does not check itself (a string or a path) must be named by a case
below, and every command must have cases, or a test fails: a new command
or option cannot go unfuzzed. Each case must exit 0, 1 or 2, never with a
traceback (``cli.run`` lets any exception through); an exit 2 is one line
on stderr and nothing on stdout. Cases are built so that an accepted input
stays cheap (small limits, one day, one seed). The formats' own mutation
fuzzer is ``test_fuzz.py``; this one holds every command to the same rule.
"""

from __future__ import annotations

import gzip
import random
import sqlite3
from dataclasses import dataclass
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from mutations import mutate

from butterfly.cli import main

import checkout

DATES = ["9999-12-31", "0001-01-01", "2027-02-30", "2027-1-1", "", "tomorrow", "2027-01-01T00:00", "\u0662027-01-01"]
RANGES = ["", "9-1", "1_0-1_2", "-1-3", "0-" + "9" * 30, "a-b", "1-", "\u0663-4", "0-99999999", "1--2", "1-2-3"]
NUMBERS = ["-1", "1e3", "", "\u0663", "9" * 30, "0x10", "1_000", "2" * 19, " 7", "NaN"]
IDS = [
    "only-move:butterfly:s=" + "9" * 30,
    "only-move::s=1",
    ":::",
    "x" * 300,
    "only-move:butterfly:s=1:s=2",
    "deal:butterfly:s=-1",
    "only-card:mouche:s=1:q=3",
    "goal:fortress:s=1",
    "resource:beleaguered-castle:s=1",
]
NAMES = ["", "x" * 500, "mouche/", "butterfly/nothing", "../etc", "BUTTERFLY", "\u00e9", "mouche,mouche"]
BOTS = ["", "x", "rules," * 40, "random,rules", "analyst,analyst,analyst,analyst,analyst,analyst,analyst", ","]
URLS = ["", "example.org", "https://exa mple.org", "javascript:alert(1)", 'https://x.org/"><b>', "h" * 400, "ftp://x"]
SCHEDULERS = ["", "tcp://", "x" * 300, "tcp://127.0.0.1:1", "tls://[::1"]
PYSOL = ["", "#", "12x", "9" * 21, "-1", "\u0663", "1e3", "ms3", "1 2 3", "0", "99999999999999999999"]
PYSOL_GAMES = [[], ["--game", "butterfly"], ["--game", "beleaguered-castle"], ["--game", "fortress"]]
#: Lines of the Butterfly family gone wrong (docs/formats.md, "One-line positions").
LINES = [
    "butterfly_",
    "butterfly_l_r",
    "fortress_lAC",
    "butterfly_q1",
    "butterfly_c99_l-_r-",
    "x" * 3000,
    "butterfly_l%41",
]
ANSWERS = ["", "x", "KH R3>B, " * 2000, "1e999", "\x00", "[]", '{"moves": 3}', "AH x KS"]


@dataclass
class Inputs:
    """The valid files the cases start from, and the bad paths every file option is given."""

    tmp: Path
    puzzle_texts: list[str]
    pool: Path
    moves: list[str]
    solvitaire: list[str]
    positions: dict[str, list[str]]
    lines: list[str]
    records: dict[str, list[str]]
    bad_files: list[Path]
    bad_outputs: list[str]

    def new(self, name: str) -> str:
        return str(self.tmp / f"new-{name}")


@pytest.fixture(scope="module")
def inputs(tmp_path_factory) -> Inputs:
    from butterfly.puzzles.generate import load
    from butterfly.puzzles.pool import fill

    tmp = tmp_path_factory.mktemp("fuzz")
    pool = tmp / "pool.sqlite"
    list(fill(str(pool), "only-card", "mouche", range(1, 2)))
    foreign = tmp / "foreign.sqlite"
    with sqlite3.connect(foreign) as db:
        db.execute("CREATE TABLE notes (text TEXT)")
    garbage = tmp / "garbage.bin"
    garbage.write_bytes(bytes(random.Random(1).randrange(256) for _ in range(4096)))
    empty = tmp / "empty.txt"
    empty.write_text("")
    broken_gzip = tmp / "broken.csv.gz"
    broken_gzip.write_bytes(gzip.compress(b"deal,result\n0,won\n" * 50)[:60])
    folder = tmp / "folder"
    folder.mkdir()
    (tmp / "a-file").write_text("x")
    examples = checkout.EXAMPLES
    return Inputs(
        tmp=tmp,
        puzzle_texts=[load(pid).dumps() for pid in ("win-in:butterfly:s=2", "only-card:mouche:s=1")],
        pool=pool,
        moves=["1. 7D L1>B\n2. 8D L1>B\n", '["5S L2>B", "JC L2>F"]'],
        solvitaire=[
            CliRunner().invoke(main, ["deal", "5", "--game", game, "--format", "solvitaire"]).stdout
            for game in ("beleaguered-castle", "streets-and-alleys")
        ],
        positions={
            game: [p.read_text() for p in sorted((examples / game).glob("*.json"))] for game in ("papillon", "mouche")
        },
        lines=[CliRunner().invoke(main, ["deal", "1", "--format", "line"]).stdout.strip()],
        records={game: [_played_record(game, tmp)] for game in ("papillon", "mouche")},
        bad_files=[tmp / "missing.json", folder, empty, garbage, foreign, broken_gzip],
        bad_outputs=["-", str(folder), str(tmp / "no" / "such" / "dir" / "x.svg"), str(tmp / "a-file")],
    )


def _played_record(game: str, tmp: Path) -> str:
    """The record of one hand of ``game`` played by bots."""
    path = tmp / f"{game}-record.txt"
    count = ["--rounds", "1"] if game == "papillon" else ["--hands", "1"]
    CliRunner().invoke(main, [game, "play", *count, "--record", str(path)])
    return path.read_text()


@dataclass(frozen=True)
class Case:
    """``butterfly ARGS`` with ``data`` on standard input, fuzzing parameter ``param``."""

    param: str
    args: list
    data: str | bytes | None = None


def _mutations(texts: list[str], count: int, seed: int) -> list[str | bytes]:
    rng = random.Random(seed)
    return [mutate(rng.choice(texts), rng) for _ in range(count)]


def cases(i: Inputs) -> dict[tuple[str, ...], list[Case]]:
    """The fuzz cases of every command, by its path."""
    bad = [str(p) for p in i.bad_files]
    fill = ["calendar", "pool", "--kind", "only-card", "--game", "mouche"]
    puzzles = _mutations(i.puzzle_texts, 12, 1)
    moves = _mutations(i.moves, 8, 2)
    records = _mutations([f'[Deal "1"]\n{i.moves[0]}', f'[Position "{i.lines[0]}"]\n1. 7D L1>B {{x}}'], 8, 10)
    solve = ["--max-nodes", "300"]
    run = ["survey", "run", *solve]
    shortest = ["survey", "shortest", "--proof-nodes", "20"]
    check = ["survey", "check", "--workers", "1"]
    published = str(checkout.DATA / "butterfly_basement-2.csv.gz")  # 10,000 rows: quick to read
    return {
        ("analyse",): [Case("deal", ["analyse", n, *solve, "--length-nodes", "100"]) for n in NUMBERS + LINES]
        + [Case("deal", ["analyse", "-", *solve, "--length-nodes", "0"], t) for t in _mutations(i.lines, 8, 7)]
        + [Case("pysol_number", ["analyse", "--pysol", n, *solve, *game]) for n in PYSOL[:4] for game in PYSOL_GAMES],
        ("review",): [Case("deal_and_record", ["review", n, "-", *solve], i.moves[0]) for n in NUMBERS + LINES]
        + [Case("deal_and_record", ["review", "-", *solve, "--length-nodes", "0"], t) for t in records]
        + [Case("deal_and_record", ["review", "1", f]) for f in bad]
        + [Case("deal_and_record", ["review", *args]) for args in ([], ["1", "-", "-"])]
        + [
            Case("pysol_number", ["review", "--pysol", n, "-", *game], i.moves[0])
            for n in PYSOL[:4]
            for game in PYSOL_GAMES
        ],
        ("calendar", "extend"): [
            Case("db_path", ["calendar", "extend", "--db", f, "--until", "2028-01-27"]) for f in bad
        ]
        + [Case("until", ["calendar", "extend", "--db", i.pool, "--until", d]) for d in DATES],
        # only files that exist and are not a survey database: par writes the shortest lines it finds into --db
        ("calendar", "par"): [Case("db_path", ["calendar", "par", "--db", f]) for f in bad if "empty" not in f][1:],
        ("calendar", "pool"): [Case("db_path", [*fill, "--db", f, "--seeds", "1-1"]) for f in bad]
        + [Case("seed_range", [*fill, "--db", i.new("pool"), "--seeds", r]) for r in RANGES]
        + [Case("game", [*fill[:4], "--game", g, "--db", i.new("pool"), "--seeds", "1-1"]) for g in NAMES]
        + [
            Case(
                "scheduler",
                [*fill, "--db", i.new("pool"), "--seeds", "2-2", "--scheduler", s, "--connect-timeout", "1"],
            )
            for s in SCHEDULERS[:3]
        ],
        ("calendar", "report"): [Case("until", ["calendar", "report", "--until", d]) for d in DATES],
        ("daily",): [Case("day", ["daily", d]) for d in DATES]
        + [Case("attempt", ["daily", "2027-01-01", "--check", a]) for a in ANSWERS]
        + [Case("attempt", ["daily", "2027-01-01", "--check", f]) for f in bad[1:]],
        ("deal",): [Case("number", ["deal", n]) for n in NUMBERS]
        + [Case("pysol_number", ["deal", "--pysol", n, *game]) for n in PYSOL for game in PYSOL_GAMES],
        ("mouche", "analyse"): [
            Case("position_file", ["mouche", "analyse", "-", "--worlds", "2"], t)
            for t in _mutations(i.positions["mouche"], 6, 3)
        ]
        + [Case("position_file", ["mouche", "analyse", f]) for f in bad],
        ("mouche", "show"): [
            Case("position_file", ["mouche", "show", "-"], t) for t in _mutations(i.positions["mouche"], 6, 4)
        ]
        + [Case("svg_file", ["mouche", "show", "-", "--svg", o], i.positions["mouche"][0]) for o in i.bad_outputs]
        + [Case("png_file", ["mouche", "show", "-", "--png", o], i.positions["mouche"][0]) for o in i.bad_outputs],
        ("mouche", "play"): [Case("bots", ["mouche", "play", "--hands", "1", "--bots", b]) for b in BOTS]
        + [Case("record_file", ["mouche", "play", "--hands", "1", "--record", o]) for o in i.bad_outputs],
        ("mouche", "review"): [
            Case("record_file", ["mouche", "review", "-", "--worlds", "3"], t)
            for t in _mutations(i.records["mouche"], 6, 8)
        ]
        + [Case("record_file", ["mouche", "review", f]) for f in bad],
        ("papillon", "analyse"): [
            Case("position_file", ["papillon", "analyse", "-", "--limit", "3"], t)
            for t in _mutations(i.positions["papillon"], 6, 5)
        ]
        + [Case("position_file", ["papillon", "analyse", f]) for f in bad],
        ("papillon", "show"): [
            Case("position_file", ["papillon", "show", "-"], t) for t in _mutations(i.positions["papillon"], 6, 6)
        ]
        + [Case("svg_file", ["papillon", "show", "-", "--svg", o], i.positions["papillon"][0]) for o in i.bad_outputs]
        + [Case("png_file", ["papillon", "show", "-", "--png", o], i.positions["papillon"][0]) for o in i.bad_outputs],
        ("papillon", "play"): [Case("bots", ["papillon", "play", "--rounds", "1", "--bots", b]) for b in BOTS]
        + [Case("record_file", ["papillon", "play", "--rounds", "1", "--record", o]) for o in i.bad_outputs],
        ("papillon", "review"): [
            Case("record_file", ["papillon", "review", "-", "--limit", "3"], t)
            for t in _mutations(i.records["papillon"], 6, 9)
        ]
        + [Case("record_file", ["papillon", "review", f]) for f in bad],
        ("puzzle", "check"): [Case("source", ["puzzle", "check", "-", "KH R3>B"], t) for t in puzzles[:6]]
        + [Case("source", ["puzzle", "check", s, "KH R3>B"]) for s in IDS + bad]
        + [Case("answer", ["puzzle", "check", "only-card:mouche:s=1", a]) for a in ANSWERS],
        ("puzzle", "new"): [
            Case("game", ["puzzle", "new", "--kind", "only-card", "--seed", "1", "--game", g]) for g in NAMES
        ]
        + [
            Case("out", ["puzzle", "new", "--kind", "only-card", "--game", "mouche", "--seed", "1", "--out", o])
            for o in i.bad_outputs
        ],
        ("puzzle", "prove"): [Case("source", ["puzzle", "prove", "-"], t) for t in puzzles]
        + [Case("source", ["puzzle", "prove", s]) for s in IDS + bad],
        ("puzzle", "show"): [Case("source", ["puzzle", "show", "-", "--json"], t) for t in puzzles]
        + [Case("source", ["puzzle", "show", s]) for s in IDS + bad],
        ("rate",): [Case("deal", ["rate", n, "--quick"]) for n in NUMBERS + RANGES]
        + [Case("pysol_number", ["rate", "--pysol", n, "--quick", *game]) for n in PYSOL[:4] for game in PYSOL_GAMES]
        + [Case("db_path", ["rate", "0-1", "--quick", "--workers", "1", "--db", f]) for f in bad[1:]]
        + [
            Case("scheduler", ["rate", "0-1", "--quick", "--scheduler", s, "--connect-timeout", "1"])
            for s in SCHEDULERS[:3]
        ],
        ("show",): [Case("deal", ["show", n]) for n in NUMBERS]
        + [Case("pysol_number", ["show", "--pysol", n, *game]) for n in PYSOL[:4] for game in PYSOL_GAMES]
        + [Case("moves_file", ["show", "1", "--moves", "-"], t) for t in moves]
        + [Case("svg_file", ["show", "1", "--svg", o]) for o in i.bad_outputs]
        + [Case("png_file", ["show", "1", "--png", o]) for o in i.bad_outputs],
        ("site", "build"): [Case("out", ["site", "build", "--days", "1", "--out", o]) for o in i.bad_outputs]
        + [Case("start", ["site", "build", "--days", "1", "--out", i.new("site"), "--from", d]) for d in DATES]
        + [Case("url", ["site", "build", "--days", "1", "--out", i.new("site"), "--url", u]) for u in URLS],
        # only paths that are not a directory: a served site runs until stopped
        ("site", "serve"): [Case("directory", ["site", "serve", "--dir", f]) for f in [bad[0], *bad[2:]]],
        # only inputs that are refused: a server that starts runs until stopped (bad[0] would be a new cache)
        ("serve",): [Case("site", ["serve", "--port", "0", "--site", f]) for f in bad]
        + [Case("cache", ["serve", "--port", "0", "--cache", f]) for f in bad[1:]]
        + [
            Case("host", ["serve", "--port", "0", "--host", h])
            for h in ("nonsense", "1.2.3.4.5", "", "::g", "192.0.2.1")
        ],
        ("solve",): [Case("deal", ["solve", n, *solve]) for n in NUMBERS]
        + [Case("deal", ["solve", "-", *solve], t) for t in _mutations(i.solvitaire, 12, 3)]
        + [Case("pysol_number", ["solve", "--pysol", n, *solve, *game]) for n in PYSOL for game in PYSOL_GAMES],
        ("survey", "check"): [Case("files", [*check, f, "--deals", "0-1"]) for f in bad]
        + [Case("files", [*check, published, f, "--deals", "0-1"]) for f in bad[:2]]
        + [Case("deal_range", [*check, published, "--deals", r]) for r in RANGES]
        + [Case("db_path", [*check, published, "--deals", "0", "--db", f]) for f in bad[1:]]
        + [
            Case("scheduler", [*check, published, "--deals", "0", "--scheduler", s, "--connect-timeout", "1"])
            for s in SCHEDULERS[:3]
        ],
        ("survey", "run"): [Case("deal_range", [*run, "--deals", r, "--db", i.new("survey")]) for r in RANGES]
        + [Case("db_path", [*run, "--deals", "0-1", "--workers", "1", "--db", f]) for f in bad[1:]]
        + [
            Case("scheduler", [*run, "--deals", "0-1", "--scheduler", s, "--connect-timeout", "1"])
            for s in SCHEDULERS[:3]
        ],
        ("survey", "shortest"): [
            Case("deal_range", [*shortest, "--deals", r, "--db", i.new("lengths")]) for r in [*RANGES, "1,", ",", "1,x"]
        ]
        + [Case("db_path", [*shortest, "--deals", "1", "--workers", "1", "--db", f]) for f in bad[1:]]
        + [
            Case(
                "scheduler",
                [*shortest, "--deals", "1", "--db", i.new("lengths"), "--scheduler", s, "--connect-timeout", "1"],
            )
            for s in SCHEDULERS[:3]
        ],
        ("verify",): [Case("deal_and_solution", ["verify", n, "-"], i.moves[0]) for n in NUMBERS]
        + [Case("deal_and_solution", ["verify", "1", "-"], t) for t in moves]
        + [Case("deal_and_solution", ["verify", "1", f]) for f in bad]
        + [Case("deal_and_solution", ["verify", *args]) for args in ([], ["1"], ["1", "-", "-"])]
        + [
            Case("pysol_number", ["verify", "--pysol", n, "-", *game], i.moves[0])
            for n in PYSOL
            for game in PYSOL_GAMES
        ],
    }


def _commands() -> dict[tuple[str, ...], click.Command]:
    """Every command of the CLI by its path, found by walking the groups."""
    found: dict[tuple[str, ...], click.Command] = {}
    context = click.Context(main)

    def walk(command: click.Command, path: tuple[str, ...]) -> None:
        if isinstance(command, click.Group):
            for name in command.list_commands(context):
                sub = command.get_command(context, name)
                assert sub is not None
                walk(sub, (*path, name))
        else:
            found[path] = command

    walk(main, ())
    return found


def _unchecked(command: click.Command) -> set[str]:
    """The parameters whose values click does not check itself (strings, paths): the command's own reading."""
    return {
        p.name
        for p in command.params
        if p.name is not None and isinstance(p.type, click.types.StringParamType | click.Path | click.File)
    }


def test_every_command_and_every_input_it_reads_has_fuzz_cases(inputs):
    every = cases(inputs)
    commands = _commands()
    assert sorted(commands) == sorted(every), "a command has no fuzz cases (or cases name no command)"
    for path, command in commands.items():
        fuzzed = {case.param for case in every[path]}
        names = {p.name for p in command.params}
        assert fuzzed <= names, (path, fuzzed - names)
        assert _unchecked(command) <= fuzzed, (path, _unchecked(command) - fuzzed)


def _shipped() -> dict[str, bytes]:
    """The calendar's files, which no fuzzed command may change (``calendar par`` rewrites them when it works)."""
    from butterfly.puzzles.daily import CALENDAR_DIR

    return {p.name: p.read_bytes() for p in sorted(CALENDAR_DIR.glob("*.jsonl"))}


@pytest.mark.parametrize("path", sorted(_commands()), ids=" ".join)
def test_fuzzed_inputs_are_one_line_never_a_traceback(cli, inputs, path):
    shipped = _shipped()
    for case in cases(inputs)[path]:
        result = cli.run(*case.args, input=case.data)
        assert "Traceback" not in result.output
        assert result.exit_code in (0, 1, 2), (case, result.exit_code, result.output[-2000:])
        if result.exit_code == 2:
            lines = result.stderr.strip().splitlines()
            assert len(lines) == 1, (case, result.stderr[:2000])
            assert result.stdout == "", (case, result.stdout[:2000])
        assert _shipped() == shipped, (case, "the calendar changed")
