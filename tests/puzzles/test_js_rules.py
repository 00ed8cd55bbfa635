"""The JavaScript rules (butterfly/puzzles/site/rules.js) and the page's judgements of
goal and only-move puzzles (butterfly/puzzles/site/page/game.js) judge a corpus built by
the Python engine exactly as Python does, checked under node by
tests/js/check_corpus.js; the checker fails when one judgement is wrong; and
the unit tests of the page's modules pass on node's own test runner
(``node --test tests/js/``)."""

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from butterfly.puzzles.site.corpus import build_corpus

ROOT = Path(__file__).parents[2]
CHECKER = ROOT / "tests" / "js" / "check_corpus.js"
RULES_JS = ROOT / "butterfly" / "puzzles" / "site" / "rules.js"

NODE = shutil.which("node")
needs_node = pytest.mark.skipif(NODE is None, reason="node is not on PATH: the JavaScript rules cannot be run")


#: Goal, only-move and only-moves puzzles of the calendar in the corpus, of each kind.
PUZZLES = 24


@pytest.fixture(scope="module")
def corpus() -> dict:
    return build_corpus(seed=19, count=200, puzzles=PUZZLES)


def run_checker(corpus: dict, tmp_path: Path) -> subprocess.CompletedProcess:
    path = tmp_path / "corpus.json"
    path.write_text(json.dumps(corpus), encoding="utf-8")
    assert NODE is not None
    return subprocess.run(
        [NODE, str(CHECKER), str(path), str(RULES_JS)], capture_output=True, text=True, timeout=120, check=False
    )


def test_the_corpus_covers_every_kind_of_case(corpus):
    cases = corpus["cases"]
    assert len({case["rules"].split("/")[0] for case in cases}) == 4
    assert any("/" in case["rules"] for case in cases)
    assert sum(len(case["legal"]) for case in cases) > 300
    assert sum(c["reason"] is not None for case in cases for c in case["candidates"]) > 300
    assert any(case["sequence"] and case["sequence"][-1]["won"] for case in cases)
    assert any(p["move"] is None for p in corpus["parse"]) and any(p["move"] for p in corpus["parse"])


@needs_node
def test_the_javascript_rules_judge_the_corpus_as_python_does(corpus, tmp_path):
    done = run_checker(corpus, tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert " 0 mismatch(es)" in done.stdout
    # the page's search (search.js) agrees with the solver wherever it decides, on enough of each verdict
    counts = re.search(r"(\d+) verdict\(s\) decided by the search, (\d+) of them lost", done.stdout)
    assert counts is not None, done.stdout
    decided, lost = map(int, counts.groups())
    assert decided - lost >= 30 and lost >= 5, done.stdout


def _slice(corpus: dict, keep, part: str = "cases") -> dict:
    """A copy of the corpus with only its first CASES_TOLD_WRONG cases (of
    ``part``; none of the other parts) that ``keep`` accepts: enough for the
    checker to show it catches a fault, without judging the whole corpus again
    (seconds, not tens of them)."""
    wrong = json.loads(json.dumps(corpus))
    for other in ("cases", "goals", "choices"):
        wrong[other] = [case for case in wrong[other] if keep(case)][:CASES_TOLD_WRONG] if other == part else []
    return wrong


#: Cases of the corpus in each fault-injection run.
CASES_TOLD_WRONG = 25


@needs_node
def test_the_checker_fails_on_a_wrong_judgement(corpus, tmp_path):
    wrong = _slice(corpus, lambda case: len(case["legal"]) > 1)
    case = next(case for case in wrong["cases"] if len(case["legal"]) > 1)
    removed = case["legal"].pop(1)
    done = run_checker(wrong, tmp_path)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "legal moves" in done.stdout and removed in done.stdout


def test_the_corpus_has_safe_moves_home_and_fewest_moves(corpus):
    cases = corpus["cases"]
    assert sum(len(case["safe"]) for case in cases) >= 20
    assert any(set(case["safe"]) < {m for m in case["legal"] if m.endswith(">F")} for case in cases)  # some unsafe
    assert sum(case["shortest"] is not None and case["shortest"] > 0 for case in cases) >= 20


@needs_node
@pytest.mark.parametrize(
    "field, change, words",
    [
        ("safe", lambda case: case["safe"].pop(), "safe moves home"),
        ("shortest", lambda case: case.update(shortest=case["shortest"] + 1), "a win within"),
        pytest.param(
            "shortest",
            lambda case: case.update(shortest=case["shortest"] - 1),
            "a win within",
            marks=pytest.mark.slow,  # (the same check as one move more, the other way: -m slow)
        ),
    ],
    ids=["a safe move dropped", "one move more", "one move fewer"],
)
def test_the_checker_holds_safe_moves_and_wins_within_a_number_of_moves_to_python(
    corpus, tmp_path, field, change, words
):
    """The page's option that moves safe cards home, and its search within a
    number of moves (win-in hints and warnings), are judged: a corpus told
    wrong is caught."""
    wrong = _slice(corpus, lambda case: case[field] and (field == "safe" or case["shortest"] > 1))
    for case in wrong["cases"]:
        change(case)
    done = run_checker(wrong, tmp_path)
    assert done.returncode == 1, done.stdout + done.stderr
    assert words in done.stdout


def test_the_corpus_judges_goal_and_only_move_puzzles_both_ways(corpus):
    goals, choices = corpus["goals"], corpus["choices"]
    assert len(goals) >= 150 and len(choices) >= 150
    assert {g["done"] for g in goals} == {True, False} and sum(g["done"] for g in goals) >= 20
    assert {g["puzzle"]["facts"]["goal"]["kind"] for g in goals} == {"home", "free", "empty"}
    assert any(not g["done"] and len(g["line"]) >= len(g["puzzle"]["solution"]) for g in goals)  # par used up
    assert {c["right"] for c in choices} == {True, False}
    assert any(c["given"] and c["right"] for c in choices) and any(c["given"] and not c["right"] for c in choices)


@needs_node
@pytest.mark.parametrize(
    "part, field, words",
    [("goals", "done", "the goal reached within par"), ("choices", "right", "right")],
    ids=["a goal verdict turned", "an only-move verdict turned"],
)
def test_the_checker_holds_the_pages_goal_and_only_move_verdicts_to_python(corpus, tmp_path, part, field, words):
    wrong = _slice(corpus, lambda case: True, part)
    for case in wrong[part]:
        case[field] = not case[field]
    done = run_checker(wrong, tmp_path)
    assert done.returncode == 1, done.stdout + done.stderr
    told = re.search(r"(\d+) mismatch\(es\)", done.stdout)
    assert told is not None and int(told[1]) >= len(wrong[part]) > 0 and words in done.stdout, done.stdout


SEARCH_JS = ROOT / "butterfly" / "puzzles" / "site" / "search.js"
PRESETS = ROOT / "butterfly" / "games" / "patience" / "presets.json"


@needs_node
def test_the_page_search_restarts_win_deals_its_full_search_alone_leaves_open():
    """The starts of Butterfly deals 7, 17 and 21: one search in the natural
    order does not decide them within 200,000 positions; with the shuffled
    attempts beside it, the page finds a win in each, and the line wins when
    the Python rules replay it."""
    from butterfly.games.patience.format import deal_to_json
    from butterfly.games.patience.rules import Move, Position

    deals = (7, 17, 21)
    script = f"""
        import fs from "node:fs";
        const R = await import({json.dumps(RULES_JS.as_uri())});
        const S = await import({json.dumps(SEARCH_JS.as_uri())});
        R.usePresets(JSON.parse(fs.readFileSync({json.dumps(str(PRESETS))}, "utf8")));
        const starts = JSON.parse(process.argv[1]);
        console.log(JSON.stringify(starts.map((p) => S.decide(R, R.parsePosition(p), 200000, null))));
    """
    starts = json.dumps([deal_to_json(Position.deal(deal)) for deal in deals])
    assert NODE is not None
    done = subprocess.run(
        [NODE, "--input-type=module", "-e", script, starts], capture_output=True, text=True, timeout=300, check=True
    )
    for deal, answer in zip(deals, json.loads(done.stdout), strict=True):
        assert answer["verdict"] == "won" and answer["nodes"] <= 200_000, (deal, answer["verdict"])
        assert Position.deal(deal).replay([Move.parse(m) for m in answer["line"]])[-1].is_won()


@needs_node
def test_the_pages_modules_pass_their_unit_tests_on_nodes_test_runner():
    """tests/js/*.test.js: the rules' moves and legality, each kind's
    judgements, the streak and clock rules (node --test, no browser)."""
    assert NODE is not None
    done = subprocess.run(
        [NODE, "--test", str(ROOT / "tests" / "js")], capture_output=True, text=True, timeout=300, check=False, cwd=ROOT
    )
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    passed = re.search(r"^# pass (\d+)$", done.stdout, re.MULTILINE)
    assert passed is not None and int(passed[1]) >= 25, done.stdout[-2000:]


def test_the_corpus_has_lines_of_every_preset_variant_and_cells_and_bad_lines(corpus):
    """The page's one-line positions (butterfly/puzzles/site/line.js, which the analysis board reads) are judged on
    a deal of every preset under every variant and cell count, and on lines written otherwise or spoiled."""
    read = [t for t in corpus["lines"] if t["line"] is not None]
    refused = [t for t in corpus["lines"] if t["line"] is None]
    fields = [t["line"].split("_") for t in read]
    heads = {(game, *(f for f in rest if f[0] in "vc")) for game, *rest in fields}  # the preset, variant, cells
    assert len(heads) >= 4 * 3 * 4, sorted(heads)
    assert any(t["text"] != t["line"] for t in read)  # written otherwise, read as the same line
    assert len({t["error"].split(":")[0][:20] for t in refused}) >= 15
    assert all(case["line"] and case["final_line"] for case in corpus["cases"])


@needs_node
@pytest.mark.parametrize("told", ["refused", "read"])
def test_the_checker_fails_on_a_line_read_otherwise(corpus, tmp_path, told):
    wrong = _slice(corpus, lambda case: False)
    lines = [t for t in wrong["lines"] if (t["line"] is None) == (told == "refused")][:CASES_TOLD_WRONG]
    if told == "refused":
        lines[0]["error"] = "a message of another"
    else:
        lines[0]["line"] += "_c3"
    wrong["lines"] = lines
    done = run_checker(wrong, tmp_path)
    assert done.returncode == 1, done.stdout + done.stderr
    assert " 1 mismatch(es)" in done.stdout and "read" in done.stdout
