"""A seeded fuzzer over every input format, through the command line.

Valid inputs (the example positions, ``butterfly deal`` output in both
forms, move lists) are mutated: characters deleted, duplicated or replaced,
a JSON field's value swapped for another type, huge numbers, deep nesting,
invalid UTF-8. Every command that reads the input must then exit 0, 1
(``verify`` only) or 2, never with a traceback (``cli.run`` lets any
exception through, failing the test); an exit 2 is one line on stderr. For
every command, nothing is on stdout when the exit code is 2; on an accepted
deal the kernel and the Python search give the same verdict, nodes and
moves, and on an accepted Papillon position the same analysis.

A few hundred cases run by default; ``-m slow`` runs thousands more.
"""

from __future__ import annotations

import json
import random

import pytest
from mutations import mutate

import checkout

EXAMPLES = checkout.EXAMPLES


def _texts(cli) -> dict[str, list[str]]:
    """The valid inputs, by format."""
    deal_text = cli.run("deal", "1").output
    deal_json = cli.run("deal", "7", "--game", "fortress", "--json").output
    return {
        "deal": [deal_text, deal_json],
        "moves": ["1. 7D L1>B\n2. 8D L1>B\n", '["5S L2>B", "JC L2>F"]', '{"moves": ["7D L1>B"]}'],
        "papillon": [p.read_text() for p in sorted((EXAMPLES / "papillon").glob("*.json"))],
        "mouche": [p.read_text() for p in sorted((EXAMPLES / "mouche").glob("*.json"))],
    }


def _check(cli, result, *, verify: bool = False) -> None:
    assert "Traceback" not in result.output
    assert result.exit_code in ((0, 1, 2) if verify else (0, 2)), (result.exit_code, result.output[:2000])
    if result.exit_code == 2:
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1, result.stderr[:2000]
        assert result.stdout == "", result.stdout[:2000]


def _run_case(cli, kind: str, text: str | bytes) -> None:
    if kind == "papillon":
        args = ["papillon", "analyse", "-", "--limit", "4", "--json"]
        kernel = cli.run(*args, input=text)
        _check(cli, kernel)
        python = cli.run(*args, "--engine", "python", input=text)
        _check(cli, python)
        assert python.exit_code == kernel.exit_code
        if kernel.exit_code == 0:
            assert _same(json.loads(kernel.stdout), json.loads(python.stdout)), (kernel.stdout, python.stdout)
        seat = cli.run("papillon", "analyse", "-", "--as-player", "0", "--limit", "4", input=text)
        _check(cli, seat)
    elif kind == "mouche":
        for extra in ([], ["--as-player", "0"]):
            _check(cli, cli.run("mouche", "analyse", "-", "--worlds", "3", *extra, input=text))
    elif kind == "deal":
        _check(cli, cli.run("show", "-", input=text))
        solved = {}
        for engine in ("kernel", "python"):
            args = ["solve", "-", "--max-nodes", "300", "--no-restarts", "--json", "--engine", engine]
            solved[engine] = cli.run(*args, input=text)
            _check(cli, solved[engine])
        assert solved["kernel"].exit_code == solved["python"].exit_code
        if solved["kernel"].exit_code == 0:  # the same verdict, nodes and moves from both engines
            kernel, python = (json.loads(solved[e].stdout) for e in ("kernel", "python"))
            for answer in (kernel, python):
                del answer["seconds"], answer["engine"]
            assert kernel == python
        _check(cli, cli.run("verify", "-", EXAMPLES / "papillon" / "last-deal.json", input=text), verify=True)
    else:
        _check(cli, cli.run("verify", "1", "-", input=text), verify=True)
        _check(cli, cli.run("show", "1", "--moves", "-", input=text))


def _same(a, b) -> bool:
    """Equal JSON, floats compared to 12 significant digits."""
    if isinstance(a, dict):
        return isinstance(b, dict) and a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return isinstance(b, list) and len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    if isinstance(a, float) or isinstance(b, float):
        return a == pytest.approx(b, rel=1e-12)
    return a == b


def _fuzz(cli, seed: int, cases: int) -> None:
    rng = random.Random(seed)
    texts = _texts(cli)
    kinds = sorted(texts)
    for _ in range(cases):
        kind = kinds[rng.randrange(len(kinds))]
        _run_case(cli, kind, mutate(rng.choice(texts[kind]), rng))


@pytest.mark.parametrize("seed", range(4))
def test_fuzz_every_input_format(cli, seed):
    _fuzz(cli, seed, 100)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(100, 110))
def test_fuzz_every_input_format_more(cli, seed):
    _fuzz(cli, seed, 400)


def test_the_unmutated_inputs_are_accepted(cli):
    for kind, texts in _texts(cli).items():
        if kind in ("papillon", "mouche"):
            for text in texts:
                _run_case(cli, kind, text)


@pytest.mark.parametrize(
    "command",
    [
        ["papillon", "analyse", "-"],
        ["mouche", "analyse", "-"],
        ["show", "-"],
        ["solve", "-"],
        ["verify", "1", "-"],
    ],
)
@pytest.mark.parametrize(
    "data, message",
    [
        (b"[" * 100_000, "nested more than"),
        (b'{"a": ' * 100_000, "nested more than"),
        (b"\xff\xfe{}", "not UTF-8"),
        (b" " * (1 << 20) + b"{}", "larger than 1024 KiB"),
    ],
)
def test_hostile_inputs_are_one_line(cli, command, data, message):
    result = cli.run(*command, input=data)
    if command[0] in ("show", "solve") and message == "nested more than" and data[:1] == b"[":
        message = ""  # a deal starting with "[" is read as text: some other one-line error
    if command[0] == "verify" and message.startswith("larger"):
        message = "list of strings"  # a move list is read as a stream, with no cap in bytes (docs/formats.md)
    cli.one_line_error(result, message)
    assert result.stdout == ""
