"""The daily calendar: the rules of its choice (CP-SAT), append-only growth,
the committed calendar re-proved, share texts without spoilers, bad dates."""

import random
import shutil
import subprocess
from datetime import date, timedelta
from pathlib import Path

import pytest

from butterfly.games.errors import InputError, ParseError
from butterfly.puzzles.daily import (
    CALENDAR_DIR,
    CHUNK_DAYS,
    LAUNCH,
    MAX_THEME_PER_WEEK,
    SUNDAY,
    Day,
    block_end,
    day_keys,
    extend,
    kind_family,
    load_calendar,
    parse_date,
    puzzle_of,
    rewrite,
    share_text,
    sunday_game,
)
from butterfly.puzzles.daily import plan as plan_with_keys
from butterfly.puzzles.document import Keys, Puzzle, PuzzleId
from butterfly.puzzles.generate import prove
from butterfly.puzzles.quality import clashes, report

BUTTERFLY_KINDS = ("deal", "only-move", "win-in", "resource", "goal", "only-moves")
THEMES = ("basement", "long-line", "row-clear", "hold-back", "trump-squeeze")


def synthetic_pool(size, seed, deals=None):
    """Puzzles with made-up grades, themes, deals and lines (the calendar reads
    nothing else): ``deals`` deals shared among them (default: one each), and
    a line of one puzzle in ten passing through another's position."""
    rng = random.Random(seed)
    pool = []
    for s in range(size):
        cards = rng.random() < 0.25
        kind = "only-card" if cards else rng.choice(BUTTERFLY_KINDS)
        game = rng.choice(["papillon", "mouche", "pamphile"]) if cards else "butterfly"
        themes = sorted(rng.sample(THEMES, rng.randint(0, 2)))
        pid = PuzzleId.make(kind, game, s)
        facts = {"deal": s if deals is None else rng.randrange(deals)}
        if deals is not None and rng.random() < 0.1:
            facts["passes"] = [rng.randrange(size)]
        pool.append(Puzzle(pid, {}, "goal", [], rng.randint(1, 5), themes, [], {"alternatives": []}, None, facts))
    return pool


def synthetic_keys(days):
    """A synthetic puzzle's keys: its made-up deal, its seed as its position, the positions its lines pass."""
    return [
        Keys(d.puzzle.facts["deal"], d.puzzle.id.seed, frozenset([d.puzzle.id.seed, *d.puzzle.facts.get("passes", [])]))
        for d in days
    ]


def plan(pool, history, until):
    return plan_with_keys(pool, history, until, synthetic_keys)


def check_rules(days, before=(), keys_of=synthetic_keys):
    everything = [*before, *days]
    ids = [str(d.puzzle.id) for d in everything]
    assert len(ids) == len(set(ids)), "a puzzle repeats"
    assert clashes(everything, keys_of(everything)) == [], "a deal or position repeats, or a line spoils a day"
    for previous, day in zip(everything, everything[1:]):
        assert day.date == previous.date + timedelta(days=1)
        assert kind_family(day.puzzle) != kind_family(previous.puzzle), f"{day.date}: the kind of the day before"
    for previous, day in zip(everything, everything[7:]):
        if day.date.weekday() != SUNDAY:
            assert kind_family(day.puzzle) != kind_family(previous.puzzle), f"{day.date}: the kind of a week before"
    for day in everything:
        cards = day.puzzle.game in ("papillon", "mouche", "pamphile")
        assert cards == (day.date.weekday() == SUNDAY)
        assert not cards or day.puzzle.game == sunday_game(day.date), f"{day.date}: Sundays take the games in turn"
    for start in range(len(everything)):
        window = everything[start : start + 7]
        for theme in {t for d in window for t in d.puzzle.themes}:
            assert sum(theme in d.puzzle.themes for d in window) <= MAX_THEME_PER_WEEK


def weekday_means(days):
    grades = {w: [d.puzzle.grade for d in days if d.date.weekday() == w] for w in range(7)}
    return [sum(g) / len(g) for w, g in sorted(grades.items()) if g]


def test_plan_keeps_every_rule_and_ramps():
    pool = synthetic_pool(400, 1)
    days = plan(pool, [], LAUNCH + timedelta(days=55))
    assert [d.date for d in days] == [LAUNCH + timedelta(days=k) for k in range(56)]
    check_rules(days)
    means = weekday_means(days)
    assert means[:6] == sorted(means[:6]), means


def test_plan_never_repeats_a_deal_nor_spoils_a_day():
    pool = synthetic_pool(500, 9, deals=150)
    days = plan(pool, [], LAUNCH + timedelta(days=55))
    check_rules(days)
    assert clashes([Day(LAUNCH, p) for p in pool], synthetic_keys([Day(LAUNCH, p) for p in pool])), (
        "the pool has clashes"
    )


def test_sundays_take_the_card_games_in_turn():
    sundays = [LAUNCH + timedelta(days=k) for k in range(60) if (LAUNCH + timedelta(days=k)).weekday() == SUNDAY]
    assert [sunday_game(day) for day in sundays[:4]] == ["papillon", "mouche", "pamphile", "papillon"]


def test_plan_is_reproducible():
    pool = synthetic_pool(300, 2)
    until = LAUNCH + timedelta(days=CHUNK_DAYS - 1)  # one block; across blocks: the test of cut extensions
    assert [d.line() for d in plan(pool, [], until)] == [d.line() for d in plan(list(reversed(pool)), [], until)]


def test_extending_never_changes_a_published_date(tmp_path):
    pool = synthetic_pool(300, 3)
    extend(pool, date(2027, 2, 10), tmp_path, synthetic_keys)  # runs to the end of its block, 2027-02-25
    first = (tmp_path / "2027.jsonl").read_bytes()
    before = load_calendar(tmp_path)
    assert before[-1].date == block_end(date(2027, 2, 10)) == date(2027, 2, 25)
    added = extend(pool, date(2027, 3, 5), tmp_path, synthetic_keys)
    assert (tmp_path / "2027.jsonl").read_bytes().startswith(first)
    assert added[0].date == date(2027, 2, 26) and added[-1].date == date(2027, 3, 25)
    check_rules(added, before)
    assert extend(pool, date(2027, 3, 1), tmp_path, synthetic_keys) == []  # nothing before the end is touched


def test_a_rewrite_keeps_every_date_and_never_changes_a_passed_one(tmp_path, monkeypatch):
    import dataclasses

    import butterfly.puzzles.daily as daily

    pool = synthetic_pool(300, 3)
    extend(pool, date(2027, 2, 10), tmp_path, synthetic_keys)
    days = load_calendar(tmp_path)
    upgraded = [dataclasses.replace(days[20], puzzle=dataclasses.replace(days[20].puzzle, grade=5))]
    changed = days[:20] + upgraded + days[21:]
    monkeypatch.setattr(daily, "today", lambda: days[21].date)  # day 20 has passed
    before = (tmp_path / "2027.jsonl").read_bytes()
    with pytest.raises(InputError, match="has passed"):
        rewrite(changed, tmp_path)
    with pytest.raises(InputError, match="keep every date"):
        rewrite(days[:-1], tmp_path)
    assert (tmp_path / "2027.jsonl").read_bytes() == before
    monkeypatch.setattr(daily, "today", lambda: days[20].date)  # today may still change
    assert rewrite(changed, tmp_path) == 1
    assert load_calendar(tmp_path)[20].puzzle.grade == 5


def test_the_calendar_is_the_same_however_its_extensions_were_cut(tmp_path):
    pool = synthetic_pool(300, 7)
    extend(pool, date(2027, 1, 3), tmp_path / "steps", synthetic_keys)
    extend(pool, date(2027, 2, 10), tmp_path / "steps", synthetic_keys)  # the second block
    extend(pool, date(2027, 2, 10), tmp_path / "once", synthetic_keys)
    assert (tmp_path / "steps" / "2027.jsonl").read_bytes() == (tmp_path / "once" / "2027.jsonl").read_bytes()


def test_a_cut_last_line_is_caught_and_never_appended_to(tmp_path):
    pool = synthetic_pool(150, 8)
    extend(pool, date(2027, 1, 5), tmp_path, synthetic_keys)
    path = tmp_path / "2027.jsonl"
    path.write_bytes(path.read_bytes()[:-40])
    with pytest.raises(ParseError, match="cut short"):
        extend(pool, date(2027, 3, 1), tmp_path, synthetic_keys)


def test_extending_across_a_year_writes_the_next_years_file(tmp_path, monkeypatch):
    monkeypatch.setattr("butterfly.puzzles.daily.LAUNCH", date(2027, 12, 20))
    extend(synthetic_pool(200, 4), date(2028, 1, 10), tmp_path, synthetic_keys)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["2027.jsonl", "2028.jsonl"]
    days = load_calendar(tmp_path)
    assert [d.number for d in days] == list(range(1, 29)) and days[-1].date == date(2028, 1, 16)


def test_a_pool_without_sundays_says_so(tmp_path):
    pool = [p for p in synthetic_pool(200, 5) if p.game != "mouche"]
    with pytest.raises(InputError, match="mouche ending left for 2027-01-10"):
        extend(pool, date(2027, 1, 31), tmp_path, synthetic_keys)
    assert not list(tmp_path.iterdir()), "nothing written when the calendar cannot be chosen"


def test_damaged_calendar_is_one_parse_error(tmp_path):
    pool = synthetic_pool(100, 6)
    extend(pool, date(2027, 1, 5), tmp_path, synthetic_keys)
    path = tmp_path / "2027.jsonl"
    lines = path.read_text().splitlines(keepends=True)
    path.write_text(lines[0] + lines[2])  # a day missing
    with pytest.raises(ParseError, match="skips"):
        load_calendar(tmp_path)
    path.write_text(lines[0] + '{"date": "2027-01-02"}\n')
    with pytest.raises(ParseError, match="damaged"):
        load_calendar(tmp_path)
    path.write_text(lines[0] + lines[0].replace("2027-01-01", "2027-01-02").replace('"number":1', '"number":2'))
    with pytest.raises(ParseError, match="a puzzle twice"):
        load_calendar(tmp_path)
    path.write_text(lines[0] + "[" * 100_000 + "\n")
    with pytest.raises(ParseError):
        load_calendar(tmp_path)


@pytest.mark.parametrize(
    "text", ["", "2027-1-4", "2027-02-30", "tomorrow", "2027-01-04T00:00", "\u0662027-01-04", "2027-W01-1", "20270104"]
)
def test_bad_dates(text):
    with pytest.raises(ParseError):
        parse_date(text)


def test_dates_outside_the_calendar():
    # (each refusal names the calendar's extent: docs/puzzles.md)
    with pytest.raises(InputError, match="the calendar runs from 2027-01-01 to "):
        puzzle_of(LAUNCH - timedelta(days=1))
    with pytest.raises(InputError, match="the calendar runs from 2027-01-01 to "):
        puzzle_of(date(2100, 1, 1))


# ------------------------------------------------------ the committed calendar


@pytest.fixture(scope="module")
def committed():
    return load_calendar(CALENDAR_DIR)


def test_committed_calendar_covers_2027_and_keeps_the_rules(committed):
    assert committed[0].date == LAUNCH and committed[-1].date >= date(2027, 12, 31)
    check_rules(committed, keys_of=day_keys)
    means = weekday_means([d for d in committed if d.date.year == 2027])
    assert means[:6] == sorted(means[:6]), means


#: What a player never reads: the solver's words (docs/puzzles.md).
SOLVER_WORDS = ("paranoid", "class", "search", "node", "unwinnable", "heuristic")


def test_the_committed_calendar_is_worth_playing(committed):
    """At least three choices at every step, a tempting wrong one, no solver
    words in goals and share texts, and a year with every kind of its plan."""
    year = [d for d in committed if d.date.year == 2027]
    figures = report(year)
    assert figures["coin_flips"] == [] and figures["untempting"] == []
    assert figures["repeats"] == [] and figures["spoilers"] == [] and figures["kind_twice_running"] == []
    for day in committed:
        for text in (day.puzzle.goal, share_text(day)):
            assert not [w for w in SOLVER_WORDS if w in text.lower()], (day.date, text)
    for weekday, w in figures["weekdays"].items():
        assert len(w["kinds"]) >= 2, (weekday, w["kinds"])
    mondays = figures["weekdays"]["Monday"]["par_median"]
    deals = [d.puzzle.par.moves for d in year if d.puzzle.kind == "deal" and d.date.weekday() != 0]
    monday_deals = [d.puzzle.par.moves for d in year if d.puzzle.kind == "deal" and d.date.weekday() == 0]
    assert mondays is not None
    if monday_deals and deals:
        assert sorted(monday_deals)[len(monday_deals) // 2] <= sorted(deals)[len(deals) // 2]


def test_share_texts_give_nothing_away(committed):
    for day in committed:
        text = share_text(day)
        assert f"#{day.number}" in text
        answer_cards = {m.split()[0] for c in day.puzzle.answer for m in c} | {
            m.split()[0] for m in day.puzzle.solution[:1]
        }
        for card in answer_cards:
            assert card not in text, (day.date, card)


def test_every_puzzle_won_by_a_line_has_a_par_and_its_share_text_says_it(committed):
    for day in committed:
        par = day.puzzle.par
        if day.puzzle.game.startswith("butterfly") and day.puzzle.kind not in ("only-move", "only-moves"):
            assert par is not None and par.moves == len(day.puzzle.solution), day.date
            assert f"par {par.moves}" in share_text(day)
            done = "done" if day.puzzle.kind == "goal" else "won"
            assert f"{done} in {par.moves + 5} moves, par {par.moves}" in share_text(day, par.moves + 5)
        else:
            assert par is None and "par" not in share_text(day)


def _one_of_each_kind(days):
    """Of each game and kind, the day with the shortest par proved optimal
    (the first day, for kinds without a par): every prover runs, in seconds.
    A bounded par, or a long optimal one, is proved again by a search of up
    to its whole budget (up to a minute); those are in the slow run, with
    every other day."""
    chosen = {}
    for day in days:
        par = day.puzzle.par
        if par is not None and par.proved != "optimal":
            continue
        kind = (day.puzzle.game, day.puzzle.kind)
        if kind not in chosen or (par is not None and par.moves < chosen[kind].puzzle.par.moves):
            chosen[kind] = day
    return list(chosen.values())


def test_committed_puzzles_are_proved_again_one_of_each_kind(committed):
    sample = _one_of_each_kind(committed)
    assert {(d.puzzle.game, d.puzzle.kind) for d in sample} == {(d.puzzle.game, d.puzzle.kind) for d in committed}
    for day in sample:
        assert prove(day.puzzle) == [], day.date


@pytest.mark.slow
def test_committed_puzzles_are_proved_again_all(committed):
    for day in committed:
        assert prove(day.puzzle) == [], day.date


#: Where the calendar has been in the checkout, newest first.
CALENDAR_PATHS = ("butterfly/puzzles/calendar", "puzzles/calendar")


def test_no_date_that_had_passed_ever_changed_in_the_calendars_history(committed):
    """From launch on, a date that has passed never changes: every version of
    the calendar in git's history agrees with today's on every date that had
    passed when that version was committed (its publication point). Before
    launch no date has passed, and the calendar may be chosen again."""
    root = Path(__file__).resolve().parents[2]
    if shutil.which("git") is None or not (root / ".git").exists():
        pytest.skip("not a git checkout: the calendar's history cannot be read")
    log = subprocess.run(
        # (the calendar was at puzzles/calendar before the package's rooms moved into butterfly/)
        ["git", "log", "--format=%H %cs", "--", *CALENDAR_PATHS],
        cwd=root,
        capture_output=True,
        text=True,
    )
    if log.returncode != 0:
        pytest.skip(f"git log failed: {log.stderr.strip()}")
    today_lines = {day.date: day.line() for day in committed}
    versions = 0
    for entry in log.stdout.splitlines():
        commit, when = entry.split()
        published = date.fromisoformat(when)
        versions += 1
        for year in sorted({d.year for d in today_lines}):
            for folder in CALENDAR_PATHS:
                shown = subprocess.run(
                    ["git", "show", f"{commit}:{folder}/{year}.jsonl"], cwd=root, capture_output=True, text=True
                )
                if shown.returncode == 0:
                    break
            for number, line in enumerate(shown.stdout.splitlines(), 1) if shown.returncode == 0 else ():
                day = Day.from_line(line, f"{commit[:8]} {year}.jsonl line {number}")
                if day.date < published:
                    assert today_lines.get(day.date) == line + "\n", f"{day.date} changed after it had passed"
    assert versions >= 1


def test_day_lines_round_trip(committed):
    for day in committed[:10]:
        assert Day.from_line(day.line(), "here").line() == day.line()
