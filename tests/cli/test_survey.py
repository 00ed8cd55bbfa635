"""``butterfly survey``: three subcommands (run, check, shortest), each with
only the options that mean something for it; and the old spellings, mode
flags on ``survey`` itself, which still work for one release: the same
output, files and exit code as the subcommand they now are, and one line on
stderr saying so."""

from __future__ import annotations

import gzip
import json
import re
import sqlite3
from pathlib import Path

import pytest

from butterfly.cli.survey import OLD_FORMS, survey

import checkout

PUBLISHED = str(checkout.DATA / "butterfly_basement-2.csv.gz")  # 10,000 rows: read faster than Butterfly's 100,000
OTHER = str(checkout.DATA / "butterfly_basement-1.csv.gz")
RUN = ["--deals", "0-5", "--max-nodes", "3000", "--workers", "1"]
SHORTEST = ["--deals", "1,3", "--proof-nodes", "20", "--workers", "1"]
CHECK = ["--deals", "0-2", "--workers", "1"]


def note(name: str) -> str:
    return f"{OLD_FORMS[name]} (the old form goes in the next release)"


def untimed(data):
    """``data`` (JSON) without what the clock says: what two runs of the same work share."""
    if isinstance(data, dict):
        return {k: untimed(v) for k, v in data.items() if "seconds" not in k and k != "code"}
    if isinstance(data, list):
        return [untimed(v) for v in data]
    return data


def first_rows(tmp_path, count: int) -> str:
    """:data:`PUBLISHED` cut to its first ``count`` deals (0 to count - 1), under its own name."""
    folder = tmp_path / "cut"
    folder.mkdir(exist_ok=True)
    lines = gzip.decompress(Path(PUBLISHED).read_bytes()).decode().splitlines()
    cut = folder / Path(PUBLISHED).name
    cut.write_bytes(gzip.compress(("\n".join(lines[: 1 + count]) + "\n").encode()))
    return str(cut)


def rows(db) -> list[tuple]:
    """A database's rows, without what the clock says."""
    with sqlite3.connect(db) as connection:
        tables = [name for (name,) in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        found = []
        for table in sorted(tables):
            cursor = connection.execute(f"SELECT * FROM {table}")  # noqa: S608 (the schema's own names)
            names = [c[0] for c in cursor.description]
            found += [
                (table, *(v for n, v in zip(names, row, strict=True) if "seconds" not in n and n != "recorded"))
                for row in cursor
            ]
    return sorted(found, key=repr)


# ------------------------------------------------------------------ the group
def test_help_lists_the_three_subcommands_and_the_old_spellings(cli):
    result = cli.run("survey", "--help")
    assert result.exit_code == 0
    listed = result.stdout.split("Commands:", 1)[1].strip().splitlines()
    assert [line.split()[0] for line in listed] == ["check", "run", "shortest"]
    assert "--deals" not in result.stdout.split("Commands:")[0].split("Options:")[1]  # no old option listed
    assert "--check-published" in result.stdout and "next release" in result.stdout
    assert cli.run("survey", "-h").stdout == result.stdout


def test_each_subcommand_lists_only_its_own_options(cli):
    helps = {name: cli.run("survey", name, "--help").stdout for name in ("run", "check", "shortest")}
    listed = {name: set(re.findall(r"^  (--[a-z-]+)", text, re.MULTILINE)) for name, text in helps.items()}
    shared = {"--deals", "--workers", "--db", "--scheduler", "--connect-timeout", "--json", "--quiet"}
    game = {"--game", "--variant", "--basement"}
    limits = {"--max-nodes", "--timeout", "--memory", "--engine", "--schedule", "--no-restarts", "--relax"}
    assert listed["run"] == shared | game | limits | {"--retry-unresolved"}
    assert listed["shortest"] == shared | game | {"--proof-nodes", "--memory", "--engine", "--polish"}
    assert listed["check"] == shared | {"--sample"} and "check [OPTIONS] FILE..." in helps["check"]
    # --shortest's own memory default, not the verdict search's
    assert "[default: 2048]" in helps["shortest"] and "[default: 1024]" in helps["run"]


@pytest.mark.parametrize(
    "args, fragment",
    [
        (["survey", "run", *RUN, "--proof-nodes", "5"], "--proof-nodes"),
        (["survey", "run", *RUN, "--polish"], "--polish"),
        (["survey", "run", *RUN, "--sample", "3"], "--sample"),
        (["survey", "run", *RUN, "--shortest"], "--shortest"),
        (["survey", "shortest", "--deals", "1", "--db", "x.sqlite", "--timeout", "5"], "--timeout"),
        (["survey", "shortest", "--deals", "1", "--db", "x.sqlite", "--max-nodes", "5"], "--max-nodes"),
        (["survey", "shortest", "--deals", "1", "--db", "x.sqlite", "--relax", "5"], "--relax"),
        (["survey", "shortest", "--deals", "1", "--db", "x.sqlite", "--no-restarts"], "--no-restarts"),
        (["survey", "shortest", "--deals", "1", "--db", "x.sqlite", "--retry-unresolved"], "--retry-unresolved"),
        (["survey", "shortest", "--deals", "1"], "Missing option '--db'"),
        (["survey", "shortest", "--db", "x.sqlite"], "Missing option '--deals'"),
        (["survey", "shortest", "--deals", "1-x", "--db", "x.sqlite"], "bad deal range"),
        (["survey", "shortest", "--deals", "1", "--db", "x.sqlite", "--proof-nodes", "0"], "--proof-nodes"),
        (["survey", "check", PUBLISHED, "--max-nodes", "5"], "--max-nodes"),
        (["survey", "check", PUBLISHED, "--variant", "alternate-colours"], "--variant"),
        (["survey", "check", PUBLISHED, "--relax", "10"], "--relax"),
        (["survey", "check", PUBLISHED, "--retry-unresolved"], "--retry-unresolved"),
        (["survey", "check", PUBLISHED, "--deals", "1-x"], "bad deal range"),
        (["survey", "check", PUBLISHED, "--deals", ""], "bad deal range '': it is empty"),
        (["survey", "check", "--workers", "1"], "Missing argument 'FILE...'"),
        (["survey", "check", PUBLISHED, "no-such-file.csv.gz"], "no-such-file.csv.gz"),
        (["survey", "run"], "Missing option '--deals'"),
        (["survey", "nothing"], "No such command 'nothing'"),
    ],
)
def test_an_option_a_subcommand_does_not_take_is_one_line_and_exit_2(cli, tmp_path, monkeypatch, args, fragment):
    monkeypatch.chdir(tmp_path)
    result = cli.run(*args)
    cli.one_line_error(result, fragment)
    assert result.stdout == "" and not list(tmp_path.iterdir())


# ------------------------------------------------------------------ run
def test_run_counts_a_range_and_resumes_from_its_database(cli, tmp_path):
    db = tmp_path / "r.sqlite"
    first = cli.run("survey", "run", *RUN, "--db", db, "--json")
    assert first.exit_code == 0 and first.stderr == ""
    data = json.loads(first.stdout)
    assert data["deals"] == 6 == data["won"] + data["unwinnable"] + data["unresolved"]
    again = cli.run("survey", "run", *RUN, "--db", db, "--json")  # every deal settled: read, not searched
    assert json.loads(again.stdout)["results"] == data["results"]
    text = cli.run("survey", "run", *RUN, "--basement", "1").stdout
    assert text.startswith("butterfly/basement-1, deals 0-5 (6 deals), max 3000 nodes per deal\n")


# ------------------------------------------------------------------ shortest
def test_shortest_finds_lines_and_resumes(cli, tmp_path):
    db = tmp_path / "l.sqlite"
    result = cli.run("survey", "shortest", *SHORTEST, "--db", db)
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("butterfly, 2 deals, A* proof budget 20 positions, 2048 MiB\n")
    assert "won 2:" in result.stdout and "gap to the lower bound" in result.stdout
    data = json.loads(cli.run("survey", "shortest", "--deals", "3", "--db", db, "--proof-nodes", "20", "--json").stdout)
    assert (data["proof_nodes"], data["memory_mib"], [r["deal"] for r in data["rows"]]) == (20, 2048, [3])
    assert (
        json.loads(cli.run("survey", "shortest", *SHORTEST, "--db", db, "--memory", "64", "--json").stdout)[
            "memory_mib"
        ]
        == 64
    )


# ------------------------------------------------------------------ check
def test_check_takes_several_files_and_fails_if_any_fails(cli, tmp_path):
    one = cli.run("survey", "check", PUBLISHED, *CHECK)
    assert one.exit_code == 0 and one.stdout.endswith("every row holds\n")
    both = cli.run("survey", "check", PUBLISHED, OTHER, *CHECK)
    assert both.exit_code == 0 and both.stdout.startswith(one.stdout)
    assert both.stdout.count("every row holds") == 2 and "(butterfly/basement-1): 3 of 10,000" in both.stdout
    reports = [
        json.loads(line) for line in cli.run("survey", "check", PUBLISHED, OTHER, *CHECK, "--json").stdout.splitlines()
    ]
    assert [(r["file"], r["checked"], r["differ"]) for r in reports] == [(PUBLISHED, 3, []), (OTHER, 3, [])]
    # A file that lacks deals of the range: exit 1, the other file's report still printed
    lacking = first_rows(tmp_path, 2)
    result = cli.run("survey", "check", PUBLISHED, lacking, *CHECK)
    assert result.exit_code == 1, result.output
    assert "every row holds" in result.stdout and result.stdout.endswith("deals the file lacks: 2\n1 deal(s) missing\n")


def test_check_reads_every_file_before_it_checks_any(cli, tmp_path):
    bad = tmp_path / "bad.csv.gz"
    bad.write_bytes(b"not gzip")
    result = cli.run("survey", "check", PUBLISHED, bad, *CHECK, "--db", tmp_path / "r.sqlite")
    cli.one_line_error(result, "bad.csv.gz")
    assert result.stdout == "" and not (tmp_path / "r.sqlite").exists()


# ------------------------------------------------------------------ the old spellings
def test_the_old_survey_is_run_with_a_note(cli, tmp_path):
    new = cli.run("survey", "run", *RUN, "--db", tmp_path / "new.sqlite", "--json")
    old = cli.run("survey", *RUN, "--db", tmp_path / "old.sqlite", "--json")
    assert old.exit_code == new.exit_code == 0
    assert untimed(json.loads(old.stdout)) == untimed(json.loads(new.stdout))
    assert rows(tmp_path / "old.sqlite") == rows(tmp_path / "new.sqlite")
    assert new.stderr == "" and old.stderr == note("run") + "\n"
    assert old.stderr.startswith("butterfly survey --deals ...: now 'butterfly survey run --deals ...'")
    text = cli.run("survey", *RUN, "--basement", "1")
    assert text.stdout.splitlines()[:3] == cli.run("survey", "run", *RUN, "--basement", "1").stdout.splitlines()[:3]


def test_the_old_shortest_survey_is_shortest_with_a_note(cli, tmp_path):
    new = cli.run("survey", "shortest", *SHORTEST, "--db", tmp_path / "new.sqlite", "--polish", "--json")
    old = cli.run("survey", "--shortest", *SHORTEST, "--db", tmp_path / "old.sqlite", "--polish", "--json")
    assert old.exit_code == new.exit_code == 0
    assert untimed(json.loads(old.stdout)) == untimed(json.loads(new.stdout))
    assert rows(tmp_path / "old.sqlite") == rows(tmp_path / "new.sqlite")
    assert new.stderr == "" and old.stderr == note("shortest") + "\n"
    # --shortest anywhere among the options, and its own memory default as before
    old = cli.run("survey", "--deals", "3", "--db", tmp_path / "old.sqlite", "--proof-nodes", "20", "--shortest")
    assert old.exit_code == 0 and old.stdout.startswith("butterfly, 1 deal, A* proof budget 20 positions, 2048 MiB")


@pytest.mark.parametrize("spelling", [["--check-published", PUBLISHED], [f"--check-published={PUBLISHED}"]])
def test_the_old_check_is_check_with_a_note(cli, tmp_path, spelling):
    new = cli.run("survey", "check", PUBLISHED, *CHECK, "--db", tmp_path / "new.sqlite")
    old = cli.run("survey", *CHECK, *spelling, "--db", tmp_path / "old.sqlite")
    assert old.exit_code == new.exit_code == 0
    assert old.stdout == new.stdout and old.stdout.endswith("every row holds\n")
    assert rows(tmp_path / "old.sqlite") == rows(tmp_path / "new.sqlite")
    assert new.stderr == "" and old.stderr == note("check") + "\n"
    old_json = cli.run("survey", *spelling, *CHECK, "--json")
    assert old_json.stdout == cli.run("survey", "check", PUBLISHED, *CHECK, "--json").stdout


def test_an_old_check_that_fails_still_exits_1(cli, tmp_path):
    lacking = first_rows(tmp_path, 1)
    new = cli.run("survey", "check", lacking, *CHECK)
    old = cli.run("survey", "--check-published", lacking, *CHECK)
    assert old.exit_code == new.exit_code == 1 and old.stdout == new.stdout
    assert old.stdout.endswith("deals the file lacks: 1-2\n2 deal(s) missing\n")


@pytest.mark.parametrize(
    "name, old, new",
    [
        ("run", ["--deals", "x"], ["run", "--deals", "x"]),
        ("run", ["--deals", "0-3", "--workers", "0"], ["run", "--deals", "0-3", "--workers", "0"]),
        ("run", ["--deals", "0-1", "--sample", "3"], ["run", "--deals", "0-1", "--sample", "3"]),
        ("run", ["--deals", "0-1", "--proof-nodes", "5"], ["run", "--deals", "0-1", "--proof-nodes", "5"]),
        ("shortest", ["--shortest", "--deals", "1"], ["shortest", "--deals", "1"]),
        ("shortest", ["--shortest", "--deals", "1", "--db", "x.sqlite", "--timeout", "5"], None),
        ("shortest", ["--shortest", "--deals", "1", "--db", "x.sqlite", "--check-published", "x"], None),
        ("check", ["--check-published", "missing.csv.gz"], ["check", "missing.csv.gz"]),
        ("check", ["--check-published", PUBLISHED, "--max-nodes", "5"], ["check", PUBLISHED, "--max-nodes", "5"]),
        (
            "check",
            ["--check-published", PUBLISHED, "--deals", "200000-200001"],
            ["check", PUBLISHED, "--deals", "200000-200001"],
        ),
        ("check", ["--workers", "1", "--check-published"], None),
    ],
)
def test_bad_input_in_an_old_spelling_is_the_note_and_the_one_line_error_exit_2(
    cli, tmp_path, monkeypatch, name, old, new
):
    monkeypatch.chdir(tmp_path)
    result = cli.run("survey", *old)
    assert result.exit_code == 2 and result.stdout == "" and "Traceback" not in result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 2 and lines[0] == note(name) and lines[1].startswith("Error: ")
    if new is not None:  # the subcommand's own error, word for word
        assert [lines[1]] == cli.run("survey", *new).stderr.splitlines()
    assert not list(tmp_path.iterdir())


def test_an_old_spelling_asking_for_help_gets_its_subcommands(cli):
    result = cli.run("survey", "--shortest", "--help")
    assert result.exit_code == 0 and result.stdout == cli.run("survey", "shortest", "--help").stdout
    assert result.stderr == note("shortest") + "\n"


def test_a_value_is_never_read_as_an_old_mode_flag():
    assert survey.new_form(["--deals", "0-9", "--db", "--shortest"])[0] == "run"
    assert survey.new_form(["--scheduler", "--check-published", "--deals", "1"])[0] == "run"
    assert survey.new_form(["--check-published", "--shortest"]) == ("check", ["check", "--", "--shortest"])
    assert survey.new_form(["--deals", "1", "--", "--shortest"])[0] == "run"
