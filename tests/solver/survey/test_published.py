"""Published survey results (butterfly.solver.survey.published): every row says how
its verdict was obtained and by which code, and ``butterfly survey
check`` re-derives rows and reports every one that differs.
A sample of each file in butterfly/data/ is re-derived here; ``-m slow`` re-derives
them all (hours: the relaxation's proofs take seconds each)."""

from __future__ import annotations

import gzip
import json
import random
import re
import sqlite3
import tracemalloc

import pytest
from click.testing import CliRunner

from butterfly.cli import main
from butterfly.games.errors import InputError
from butterfly.games.patience.rules import make_rules
from butterfly.solver.patience.result import Limits
from butterfly.solver.patience.solve import RESTARTS_FIRST
from butterfly.solver.survey import publish, publish_lengths
from butterfly.solver.survey.db import LENGTHS_COLUMNS
from butterfly.solver.survey.published import (
    COLUMNS,
    MAX_ROW,
    MAX_SIZE,
    OLD_COLUMNS,
    PublishedRow,
    missing,
    read_csv,
    read_published,
    rederive,
    sample,
    write_csv,
)
from butterfly.solver.survey.run import run_survey
from butterfly.solver.version import code_version

import checkout

PUBLISHED = sorted(checkout.DATA.glob("butterfly*.csv.gz"))
#: Rows dearer than this are left to the slow run (seconds as published).
CHEAP_SECONDS = 0.5


def published_file(tmp_path, rows, name="butterfly_basement-1.csv.gz", header=COLUMNS):
    path = tmp_path / name
    text = ",".join(header) + "\n" + "".join(",".join(map(str, row)) + "\n" for row in rows)
    path.write_bytes(gzip.compress(text.encode(), mtime=0))
    return path


def surveyed(tmp_path, deals=range(20, 32)):
    """A small survey published into tmp_path/data, by this code."""
    db = str(tmp_path / "r.sqlite")
    run_survey(deals, make_rules("butterfly", cells=1), Limits(max_nodes=20_000), db_path=db)
    run_survey(range(1, 2), make_rules("butterfly", cells=0), Limits(max_nodes=300, relaxation=10), db_path=db)
    publish.write_data(publish.load(db), tmp_path / "data")
    return tmp_path / "data" / "butterfly_basement-1.csv.gz"


def test_a_published_row_says_how_and_by_which_code_it_was_obtained(tmp_path):
    path = surveyed(tmp_path)
    rules, rows = read_published(path)
    assert rules.name == "butterfly/basement-1" and [r.deal for r in rows] == list(range(20, 32))
    assert {(r.engine, r.max_nodes, r.memory_mib, r.code) for r in rows} == {
        ("kernel/interleaved", 20_000, 1024, code_version())
    }
    _, lost = read_published(tmp_path / "data" / "butterfly_basement-0.csv.gz")
    assert (lost[0].result, lost[0].proof, lost[0].relaxation) == ("unwinnable", "dead-end", 10)


def test_rows_published_by_this_code_hold_and_a_changed_row_is_reported(tmp_path):
    path = surveyed(tmp_path)
    result = CliRunner().invoke(main, ["survey", "check", str(path), "--workers", "1"])
    assert result.exit_code == 0, result.output
    assert "12 of 12 rows re-derived" in result.output and "every row holds" in result.output
    text = gzip.decompress(path.read_bytes()).decode().splitlines()
    fields = text[3].split(",")  # deal 22
    fields[2] = str(int(fields[2]) + 1)
    text[3] = ",".join(fields)
    path.write_bytes(gzip.compress(("\n".join(text) + "\n").encode()))
    result = CliRunner().invoke(main, ["survey", "check", str(path), "--workers", "1"])
    assert result.exit_code == 1
    assert "deal 22: published " in result.output
    assert f"(nodes {int(fields[2])} -> {int(fields[2]) - 1})" in result.output
    assert "1 row(s) differ" in result.output


def test_a_check_can_record_what_it_rederives_for_republishing(tmp_path):
    path = surveyed(tmp_path, range(40, 44))
    db = tmp_path / "again.sqlite"
    result = CliRunner().invoke(main, ["survey", "check", str(path), "--db", str(db), "--workers", "1"])
    assert result.exit_code == 0, result.output

    def without_seconds(path):
        return [row[:3] + row[4:] for row in publish.load(str(path))["butterfly/basement-1"]]

    assert without_seconds(db) == without_seconds(tmp_path / "r.sqlite")


def test_files_from_before_the_code_version_are_read_with_the_limits_of_their_time(tmp_path):
    path = published_file(
        tmp_path,
        [(7, "unwinnable", 1, 0.1, 0, 10000000, "relaxation"), (8, "won", 5, 0.1, 60, 1000000, "")],
        name="butterfly_alternate-colours.csv.gz",
        header=OLD_COLUMNS,
    )
    _, rows = read_published(path)
    assert [(r.engine, r.code) for r in rows] == [("", ""), ("", "")]
    assert rows[0].limits() == Limits(max_nodes=10_000_000, relaxation=1_000_000)
    assert rows[1].limits() == Limits(max_nodes=1_000_000) and rows[1].search() == ("kernel", RESTARTS_FIRST)


@pytest.mark.parametrize(
    ("name", "rows", "message"),
    [
        ("butterfly_nonsense.csv.gz", [], "not named after rules"),
        ("butterfly.csv", [], "not a published survey"),
        ("butterfly.csv.gz", [(1, "won", 5, 0.1, 60, 1000, "", "kernel", 1024, "", "v")] * 2, "line 3: deal 1 out"),
        ("butterfly.csv.gz", [(1, "lost", 5, 0.1, 60, 1000, "", "kernel", 1024, "", "v")], "unknown result 'lost'"),
        ("butterfly.csv.gz", [(1, "won", 5, 0.1, 60, 1000, "search", "", "", "", "")], "does not go with"),
        ("butterfly.csv.gz", [(1, "won", -5, 0.1, 60, 1000, "", "", "", "", "")], "nodes '-5' is not a whole"),
        ("butterfly.csv.gz", [(1, "won", 5, "x", 60, 1000, "", "", "", "", "")], "seconds 'x' is not a number"),
        ("butterfly.csv.gz", [(1, "won", 5, 0.1, 60, 1000, "", "gpu", "", "", "")], "unknown engine 'gpu'"),
        ("butterfly.csv.gz", [(1, "won", 5, 0.1, 60, 1000, "", "kernel/luby", "", "", "")], "engine 'kernel/luby'"),
        ("butterfly.csv.gz", [(1, "won", 5, 0.1, 60, 0, "", "", "", "", "")], "node limit must be"),
        ("butterfly.csv.gz", [(1, "won", 5)], "3 fields, not 11"),
        ("butterfly.csv.gz", [(2**63, "won", 5, 0.1, 60, 1000, "", "", "", "", "")], "deal 9223372036854775808 "),
        ("butterfly.csv.gz", [(1, "won", 2**64, 0.1, 60, 1000, "", "", "", "", "")], "nodes '18446744073709551616"),
        ("butterfly.csv.gz", [(1, "won", 5, "nan", 60, 1000, "", "", "", "", "")], "seconds 'nan'"),
        ("butterfly.csv.gz", [(1, "won", 5, "1e400", 60, 1000, "", "", "", "", "")], "seconds '1e400'"),
        ("butterfly.csv.gz", [], "no rows"),
    ],
)
def test_a_bad_published_file_is_one_line_naming_the_file_and_line(tmp_path, name, rows, message):
    path = published_file(tmp_path, rows, name=name)
    with pytest.raises(InputError, match=message):
        read_published(path)
    result = CliRunner().invoke(main, ["survey", "check", str(path)])
    assert result.exit_code == 2 and message.split("'")[0] in result.output and "Traceback" not in result.output


def test_a_file_that_is_not_gzip_or_is_missing_is_one_line(tmp_path):
    for path in (tmp_path / "butterfly.csv.gz", tmp_path / "missing" / "butterfly.csv.gz"):
        if path.parent.exists():
            path.write_text("deal,result\n")
        result = CliRunner().invoke(main, ["survey", "check", str(path)])
        assert result.exit_code == 2 and "cannot read it" in result.output


#: A small published file's text, to damage: the header and three rows.
GOOD = (
    ",".join(COLUMNS)
    + "\n"
    + "".join(f"{deal},won,{100 + deal},0.01,60,1000,,kernel,1024,,v\n" for deal in range(1, 4))
).encode()
#: A gzip bomb, 1 GiB inflated from 1 MB: one member of 1 MiB of zeros, 1,024 times over (gzip reads them as one).
BOMB = gzip.compress(bytes(1 << 20), mtime=0) * 1024


def flipped(data: bytes) -> bytes:
    """``data`` gzipped with the first byte of the deflate stream (after the 10-byte header) flipped."""
    packed = bytearray(gzip.compress(data, mtime=0))
    packed[10] ^= 0xFF
    return bytes(packed)


DAMAGED = {
    "flipped byte": (flipped(GOOD), "damaged gzip (Error -3 while decompressing data: "),
    "truncated": (gzip.compress(GOOD)[:-12], "damaged gzip (Compressed file ended"),
    "200 KiB field": (
        gzip.compress(GOOD.replace(b",kernel,", b"," + b"x" * 200 * 1024 + b",", 1)),
        "line 2: a row longer",
    ),
    "quoted field over lines": (
        gzip.compress(GOOD + b'"' + b"x\n" * 50_000),
        "line 32772: a row longer than 65,536 bytes",
    ),
    "gzip bomb": (BOMB, "line 1: a row longer"),
    "not UTF-8": (gzip.compress(GOOD.replace(b"kernel", b"k\xffrnel", 1)), "line 2: byte 0xff"),
    "wrong header": (gzip.compress(GOOD.replace(b"deal,result", b"deal,verdict")), "line 1: not a survey header"),
    "carriage return": (gzip.compress(GOOD.replace(b"won", b"w\ron", 1)), "line 2: not CSV: new-line character seen"),
}


@pytest.mark.parametrize("name", DAMAGED)
def test_a_damaged_file_is_one_line_naming_it_and_exit_2(tmp_path, name):
    data, message = DAMAGED[name]
    path = tmp_path / "butterfly.csv.gz"
    path.write_bytes(data)
    with pytest.raises(InputError, match=f"^{re.escape(str(path))}: .*{re.escape(message)}"):
        read_published(path)
    result = CliRunner().invoke(main, ["survey", "check", str(path), "--deals", "1-3"])
    assert result.exit_code == 2 and result.stdout == "" and "Traceback" not in result.output
    assert result.stderr.count("\n") == 1 and str(path) in result.stderr and message in result.stderr


def test_a_gzip_bomb_is_refused_without_inflating_it(tmp_path):
    path = tmp_path / "butterfly.csv.gz"
    path.write_bytes(BOMB)
    tracemalloc.start()
    try:
        with pytest.raises(InputError, match="a row longer than"):
            read_published(path)
        # Rows of 60,001 bytes, under the row cap, 1.1 GB inflated from 1.2 MB: stopped at the size cap.
        path.write_bytes(gzip.compress((b"x" * 60_000 + b"\n") * 17, mtime=0) * 1100)
        with pytest.raises(InputError, match=f"line 4267: inflates to more than {MAX_SIZE:,} bytes"):
            for _ in read_csv(path):
                pass
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 200 << 20, f"{peak:,} bytes"


def test_the_largest_published_file_is_far_under_the_caps():
    path = checkout.DATA / "butterfly.csv.gz"  # deals 0-99,999
    inflated = gzip.decompress(path.read_bytes())
    assert len(inflated) * 10 < MAX_SIZE and max(map(len, inflated.splitlines())) * 100 < MAX_ROW


def test_a_row_the_readers_would_refuse_is_not_written(tmp_path):
    path = tmp_path / "lengths_butterfly.csv.gz"
    with pytest.raises(InputError, match="over the readers' limits"):
        write_csv(path, ("deal", "line"), [(1, "x" * MAX_ROW)])
    assert not path.exists()


def test_a_damaged_lengths_file_is_one_line_too(tmp_path):
    path = tmp_path / "lengths_butterfly.csv.gz"
    bad_byte = gzip.compress(",".join(LENGTHS_COLUMNS).encode() + b"\n1,optim\xffal\n")
    for data, message in (DAMAGED["flipped byte"], DAMAGED["gzip bomb"], (bad_byte, "line 2: byte 0xff")):
        path.write_bytes(data)
        with pytest.raises(InputError, match=f"^{re.escape(str(path))}: .*{re.escape(message)}"):
            publish_lengths.read_file(path, "butterfly")


def test_the_deals_a_file_lacks_are_runs_of_the_range():
    rows = [PublishedRow(deal, "won", 1, 0.0, 1, 10, "") for deal in (3, 5, 6, 9, 20)]
    assert missing(rows, range(12)) == [range(3), range(4, 5), range(7, 9), range(10, 12)]
    assert missing(rows, range(5, 7)) == [] and missing(rows, range(21, 23)) == [range(21, 23)]


def test_a_check_of_a_range_reports_the_deals_the_file_lacks(tmp_path):
    path = surveyed(tmp_path, range(20, 27))
    text = gzip.decompress(path.read_bytes()).decode().splitlines()
    del text[5:7], text[3]  # deals 22, 24 and 25
    path.write_bytes(gzip.compress(("\n".join(text) + "\n").encode()))
    result = CliRunner().invoke(main, ["survey", "check", str(path), "--deals", "20-28"])
    assert result.exit_code == 1, result.output
    assert "deals the file lacks: 22, 24-25, 27-28" in result.stdout and "every row holds" not in result.stdout
    assert result.stdout.endswith("5 deal(s) missing\n")
    result = CliRunner().invoke(main, ["survey", "check", str(path), "--deals", "20-28", "--json"])
    assert result.exit_code == 1 and json.loads(result.stdout)["missing"] == [[22, 22], [24, 25], [27, 28]]
    result = CliRunner().invoke(main, ["survey", "check", str(path), "--deals", "20-23"])
    assert result.exit_code == 1 and "deals the file lacks: 22\n" in result.stdout
    result = CliRunner().invoke(main, ["survey", "check", str(path)])  # no range: nothing lacks
    assert result.exit_code == 0 and result.stdout.endswith("every row holds\n")


def test_a_check_takes_its_rules_and_limits_from_the_file(tmp_path):
    path = surveyed(tmp_path, range(20, 22))
    for option in (["--max-nodes", "5"], ["--variant", "alternate-colours"], ["--relax", "10"]):
        result = CliRunner().invoke(main, ["survey", "check", str(path), *option])
        assert result.exit_code == 2 and f"No such option '{option[0]}'" in result.output
    result = CliRunner().invoke(main, ["survey", "run", "--deals", "1-2", "--sample", "3"])
    assert result.exit_code == 2 and "No such option '--sample'" in result.output
    result = CliRunner().invoke(main, ["survey", "check", str(path), "--deals", "500-600"])
    assert result.exit_code == 2 and "no rows" in result.output


def test_a_sample_is_the_same_every_time_and_within_the_deals_asked():
    rows = read_published(checkout.DATA / "butterfly_basement-2.csv.gz")[1]
    first = sample(rows, 25, range(100, 5000))
    assert first == sample(rows, 25, range(100, 5000)) and len(first) == 25
    assert all(100 <= r.deal < 5000 for r in first) and [r.deal for r in first] == sorted(r.deal for r in first)


def cheap_sample(path, count: int):
    """``count`` random rows cheap to re-derive, and the cheapest row of each verdict and proof that is."""
    rules, rows = read_published(path)
    cheap = [r for r in rows if r.seconds < CHEAP_SECONDS]
    kinds = {}
    for row in sorted(cheap, key=lambda r: r.seconds):
        if row.result != "unresolved":
            kinds.setdefault((row.result, row.proof), row)
    chosen = {r.deal: r for r in random.Random(path.name).sample(cheap, min(count, len(cheap)))}
    chosen.update({r.deal: r for r in kinds.values()})
    return rules, [chosen[deal] for deal in sorted(chosen)]


@pytest.mark.parametrize("path", PUBLISHED, ids=lambda p: p.name)
def test_a_sample_of_every_published_file_holds_with_this_code(path):
    """Rows cheap to re-derive: won ones, and unwinnable ones proved by a dead end or a search
    (a relaxation's proof takes seconds: the next test's, and every row in the slow run)."""
    rules, rows = cheap_sample(path, 6)
    for row in rows:
        assert rederive(rules, row).differences == (), f"deal {row.deal}"


def test_a_row_proved_unwinnable_by_the_relaxation_holds_with_this_code():
    """The cheapest such row of butterfly_basement-0.csv.gz (7 s; alternate-colours' in the slow run)."""
    rules, rows = read_published(checkout.DATA / "butterfly_basement-0.csv.gz")
    row = min((r for r in rows if r.proof == "relaxation"), key=lambda r: r.seconds)
    assert row.result == "unwinnable" and rederive(rules, row).differences == ()


@pytest.mark.slow
@pytest.mark.parametrize("path", PUBLISHED, ids=lambda p: p.name)
def test_every_published_row_holds_with_this_code(path):
    result = CliRunner().invoke(main, ["survey", "check", str(path), "--workers", "2"])
    assert result.exit_code == 0, result.output[-3000:]


def test_the_database_columns_are_the_published_ones(tmp_path):
    db = tmp_path / "r.sqlite"
    run_survey(range(2), make_rules("butterfly"), Limits(max_nodes=3000), db_path=str(db))
    with sqlite3.connect(db) as connection:
        names = {row[1] for row in connection.execute("PRAGMA table_info(results)")}
    assert set(COLUMNS) <= names
