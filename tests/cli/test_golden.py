"""Golden outputs: the CLI says exactly what it said before the restructuring.

Each case is a command line; its standard output and exit code were pinned
in tests/golden/ by the code before the layout changed (issue 15), and must
stay byte-identical, timings aside (seconds are the only thing a run may
change). To pin a deliberate change of output, run
``GOLDEN_REGEN=1 pytest tests/test_golden.py`` and review the diff.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from butterfly.cli import main

import checkout

GOLDEN = Path(__file__).resolve().parent / "golden"
EXAMPLES = checkout.EXAMPLES
PAPILLON = EXAMPLES / "papillon"
MOUCHE = EXAMPLES / "mouche"

#: name -> (arguments, standard input)
CASES: dict[str, tuple[list[str], str | None]] = {
    "deal-7": (["deal", "7"], None),
    "deal-7-json": (["deal", "7", "--json"], None),
    "deal-3-fortress": (["deal", "3", "--game", "fortress", "--variant", "alternate-colours"], None),
    "solve-1": (["solve", "1"], None),
    "solve-1-json": (["solve", "1", "--json"], None),
    "solve-1-raw-json": (["solve", "1", "--raw-moves", "--no-restarts", "--json"], None),
    "solve-4-python-raw-json": (["solve", "4", "--engine", "python", "--raw-moves", "--json"], None),
    "solve-7-ac-b1-json": (["solve", "7", "--variant", "alternate-colours", "--basement", "1", "--json"], None),
    "solve-126-lost": (["solve", "126"], None),
    "solve-7603-b0-lost-json": (["solve", "7603", "--basement", "0", "--json"], None),
    "solve-7603-b0-python-json": (["solve", "7603", "--basement", "0", "--engine", "python", "--json"], None),
    "solve-8-ac-unresolved": (["solve", "8", "--variant", "alternate-colours", "--max-nodes", "3000"], None),
    "solve-962-b0-relaxed-json": (
        ["solve", "962", "--basement", "0", "--max-nodes", "2000", "--relax", "1000000", "--json"],
        None,
    ),
    "solve-5-streets-json": (["solve", "5", "--game", "streets-and-alleys", "--json"], None),
    "solve-2-castle-json": (["solve", "2", "--game", "beleaguered-castle", "--max-nodes", "200000", "--json"], None),
    "solve-stdin": (
        ["solve", "-"],
        "game: butterfly\nF: AC AD AH AS\nB:\n"
        "L1: 7D 9C 4D 8H 8D\nL2: 5S JD 6D 9S JC\nL3: 5D KD 3C 2D\nL4: JH 5H 7H 4H 2C\n"
        "L5: 6S KC KH TH TS\nR1: 4S QC 8S TD JS\nR2: 6H KS 5C 7C 6C\nR3: 9D QD QH QS\n"
        "R4: 8C 2H 4C 3S 3D\nR5: TC 3H 2S 9H 7S\n",
    ),
    "show-1-moves": (["show", "1", "--unicode", "--moves", "-"], "2D L3>F\n2C L4>F\n3C L3>F\n"),
    "show-1-illegal": (["show", "1", "--moves", "-"], "2D L3>F\nKD L3>B\nAS L1>F\n"),
    "solve-bad-deal": (["solve", "-"], "game: butterfly\nL1: 7D 7D\n"),
    "papillon-bad-position": (["papillon", "analyse", "-"], '{"players": 3, "dealer": 5}'),
    "mouche-bad-position": (["mouche", "analyse", "-"], '{"players": 9}'),
    "verify-illegal": (["verify", "1", "-"], "7D L1>R1\n"),
    "survey-0-40-json": (["survey", "run", "--deals", "0-40", "--workers", "1", "--json"], None),
    "survey-0-40": (["survey", "run", "--deals", "0-40", "--workers", "1", "--basement", "1"], None),
    "papillon-play-3": (
        ["papillon", "play", "--players", "3", "--rounds", "2", "--seed", "5", "--bots", "random,greedy,analyst"],
        None,
    ),
    "papillon-play-4-json": (
        [
            "papillon",
            "play",
            "--players",
            "4",
            "--seed",
            "9",
            "--scoring",
            "modern",
            "--unclaimed-pool",
            "share",
            "--bots",
            "greedy,random,greedy,analyst",
            "--json",
        ],
        None,
    ),
    "papillon-last-deal": (["papillon", "analyse", str(PAPILLON / "last-deal.json")], None),
    "papillon-last-deal-json": (["papillon", "analyse", str(PAPILLON / "last-deal.json"), "--json"], None),
    "papillon-last-deal-python-json": (
        ["papillon", "analyse", str(PAPILLON / "last-deal.json"), "--engine", "python", "--json"],
        None,
    ),
    "papillon-from-seat": (["papillon", "analyse", str(PAPILLON / "from-seat.json"), "--as-player", "0"], None),
    "papillon-from-seat-json": (
        ["papillon", "analyse", str(PAPILLON / "from-seat.json"), "--as-player", "0", "--json"],
        None,
    ),
    "papillon-from-seat-sampled-json": (
        [
            "papillon",
            "analyse",
            str(PAPILLON / "from-seat.json"),
            "--as-player",
            "0",
            "--limit",
            "5",
            "--seed",
            "3",
            "--json",
        ],
        None,
    ),
    "papillon-redeal": (["papillon", "analyse", str(PAPILLON / "one-redeal-left.json")], None),
    "papillon-redeal-json": (["papillon", "analyse", str(PAPILLON / "one-redeal-left.json"), "--json"], None),
    "papillon-redeal-sampled-json": (
        ["papillon", "analyse", str(PAPILLON / "one-redeal-left.json"), "--limit", "50", "--seed", "2", "--json"],
        None,
    ),
    "mouche-play-4": (
        ["mouche", "play", "--players", "4", "--hands", "3", "--seed", "1", "--bots", "rules,random,rules,analyst"],
        None,
    ),
    "mouche-play-5-pamphile-json": (
        [
            "mouche",
            "play",
            "--players",
            "5",
            "--hands",
            "4",
            "--seed",
            "2",
            "--pamphile",
            "--entry",
            "largest-first",
            "--json",
        ],
        None,
    ),
    "mouche-play-3-cap": (
        [
            "mouche",
            "play",
            "--players",
            "3",
            "--hands",
            "5",
            "--seed",
            "4",
            "--entry",
            "cap",
            "--cap",
            "10",
            "--bots",
            "random",
        ],
        None,
    ),
    "mouche-play": (["mouche", "analyse", str(MOUCHE / "play.json")], None),
    "mouche-play-json": (["mouche", "analyse", str(MOUCHE / "play.json"), "--json"], None),
    "mouche-from-seat": (["mouche", "analyse", str(MOUCHE / "from-seat.json"), "--as-player", "2"], None),
    "mouche-from-seat-json": (
        ["mouche", "analyse", str(MOUCHE / "from-seat.json"), "--as-player", "2", "--json"],
        None,
    ),
    "mouche-declare": (["mouche", "analyse", str(MOUCHE / "declare.json"), "--worlds", "60"], None),
    "mouche-declare-json": (
        ["mouche", "analyse", str(MOUCHE / "declare.json"), "--worlds", "60", "--seed", "4", "--json"],
        None,
    ),
}

#: Wall-clock figures and the code version (which changes with every change to the solver),
#: the only parts of an output allowed to change.
_TIMINGS = [
    (re.compile(r'("(?:median_|mean_)?seconds": )[-0-9.e]+'), r"\g<1>0"),
    (re.compile(r'("code": )"[^"]*"'), r'\g<1>"VERSION"'),
    (re.compile(r"(Seconds: )[0-9.]+"), r"\g<1>0"),
    (re.compile(r"(seconds per deal: median )[0-9.]+(, mean )[0-9.]+"), r"\g<1>0\g<2>0"),
]


def normalised(text: str) -> str:
    for pattern, replacement in _TIMINGS:
        text = pattern.sub(replacement, text)
    return text


def run_case(name: str) -> str:
    args, stdin = CASES[name]
    result = CliRunner().invoke(main, args, input=stdin)
    return f"exit {result.exit_code}\n" + normalised(result.stdout) + "stderr:\n" + result.stderr


@pytest.mark.parametrize("name", sorted(CASES))
def test_output_is_unchanged(name):
    path = GOLDEN / f"{name}.txt"
    output = run_case(name)
    if os.environ.get("GOLDEN_REGEN"):
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(output)
    assert output == path.read_text()
