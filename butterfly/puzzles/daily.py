"""The daily puzzle: one puzzle a date, chosen once from the pool, never changed.

The calendar is chosen from the pool (:mod:`butterfly.puzzles.pool`) by OR-Tools
CP-SAT. Hard rules: one puzzle a day; no deal and no position twice ever,
and no day's position on a line published before it (each kind's keys,
:func:`day_keys`); Monday to Saturday a Butterfly puzzle, Sundays
Papillon, La Mouche and Le Pamphile in turn (:func:`sunday_game`); no kind
twice in a row, nor on one weekday two weeks running (only-move and
only-moves counting as one kind); at most
:data:`MAX_THEME_PER_WEEK` puzzles of a theme in any seven days running.
Objective: each day's grade as close as can be to its weekday's target
(:data:`TARGET_GRADES`, Monday easiest to Saturday hardest), and Monday's
deals the shortest. The solver runs with one worker and a fixed seed, so
the same pool gives the same calendar.

It is **append-only**: extending it only chooses the days after its last
one (the constraints that reach back, such as the seven-day windows, see
the days already there as fixed), and a year's file only ever grows by
lines at its end: a date once published keeps its puzzle, byte for byte.

The calendar ships with the package (``butterfly/puzzles/calendar/YEAR.jsonl``: one
day a line, the puzzle document in it), so ``butterfly daily`` maps a date
to its puzzle without running any search, installed or not.

>>> number_of(LAUNCH), number_of(date(2027, 2, 1))
(1, 32)
>>> TARGET_GRADES[date(2027, 1, 4).weekday()], TARGET_GRADES[date(2027, 1, 9).weekday()]  # Monday, Saturday
(1, 5)
"""

from __future__ import annotations

import datetime
import json
import os
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path

from butterfly.games.errors import InputError, ParseError
from butterfly.games.position_json import load_json
from butterfly.games.registry import Game, game_named
from butterfly.puzzles.document import Keys, Kind, Puzzle, stars
from butterfly.puzzles.kinds import family_for, kind_of

#: Puzzle number 1.
LAUNCH = date(2027, 1, 1)
#: The calendar's last possible date: a century of puzzles (no pool will fill more,
#: and every date sum stays far from the end of Python's dates).
LAST_DATE = date(LAUNCH.year + 99, 12, 31)
#: Where the calendar lives: a file a year, shipped as package data.
CALENDAR_DIR = Path(__file__).with_name("calendar")
#: The grade aimed at on each weekday, Monday first: a ramp up to Saturday;
#: Sunday is a card-game ending of middling difficulty.
TARGET_GRADES = (1, 2, 3, 3, 4, 5, 3)
SUNDAY = 6
#: The games of Sunday's puzzle (and only Sunday's), in the order Sundays take them.
CARD_GAMES = ("papillon", "mouche", "pamphile")
#: The most puzzles sharing a theme in any seven days running.
MAX_THEME_PER_WEEK = 2
#: The calendar is chosen in blocks of this many days counted from launch,
#: each with the days before it fixed (small models), and always whole: an
#: extension runs to the end of the block its last date falls in, so the
#: calendar is the same however its extensions were cut.
CHUNK_DAYS = 28
#: CP-SAT's seed, and its deterministic time limit a stretch (work units, not seconds: reproducible).
SOLVER_SEED = 2027
SOLVER_DETERMINISTIC_TIME = 120.0
#: Each grade step away from the day's target costs this much; a kind used
#: the day before costs nothing more (it is forbidden outright).
GRADE_COST = 10
#: Each move of a Monday deal's par beyond the fewest a deal can take (48,
#: a trip home per card) costs this much: Monday's deals are the shortest.
MONDAY_PAR_COST = 1
LEAST_PAR = 48


#: Tells puzzles apart: their keys, in order (:func:`day_keys`).
KeysOf = Callable[[Sequence["Day"]], list[Keys]]
#: Told how far a long run is: steps done, steps in all (a command's progress bar).
Progress = Callable[[int, int], None]


def number_of(day: date) -> int:
    """The puzzle number of ``day``: days since :data:`LAUNCH`, from 1."""
    return (day - LAUNCH).days + 1


def parse_date(text: str) -> date:
    """A date written YYYY-MM-DD; anything else is one ParseError."""
    try:
        if not re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", text):
            raise ValueError
        return date.fromisoformat(text)
    except ValueError:
        raise ParseError(f"{text[:40]!r} is not a date written YYYY-MM-DD (such as 2027-01-04)") from None


def in_range(day: date) -> date:
    """``day`` when it lies in the calendar's range (:data:`LAUNCH` to
    :data:`LAST_DATE`), checked before any arithmetic on it; else one InputError."""
    if not LAUNCH <= day <= LAST_DATE:
        raise InputError(f"{day} is outside the calendar's dates, {LAUNCH} to {LAST_DATE}")
    return day


def today() -> date:
    """The user's local date (the daily puzzle changes at local midnight)."""
    return datetime.datetime.now().astimezone().date()


@dataclass(frozen=True)
class Day:
    """One date of the calendar and its puzzle."""

    date: date
    puzzle: Puzzle

    @property
    def number(self) -> int:
        return number_of(self.date)

    def line(self) -> str:
        """The day as one line of its year's file (stable: sorted keys, no spaces)."""
        entry = {
            "date": self.date.isoformat(),
            "number": self.number,
            "id": str(self.puzzle.id),
            "puzzle": self.puzzle.to_json(),
        }
        return json.dumps(entry, sort_keys=True, separators=(",", ":"), ensure_ascii=True) + "\n"

    def to_json(self) -> dict:
        """The day as ``butterfly daily --json`` prints it (and the web API answers)."""
        return {
            "date": self.date.isoformat(),
            "number": self.number,
            "share": share_text(self),
            "puzzle": self.puzzle.to_json(),
        }

    @classmethod
    def from_line(cls, text: str, where: str) -> Day:
        try:
            entry = load_json(text, where)
            day = parse_date(entry["date"])
            puzzle = Puzzle.loads(json.dumps(entry["puzzle"]), where)
            fine = entry["number"] == number_of(day) and entry["id"] == str(puzzle.id)
        except (ValueError, KeyError, TypeError):  # ParseError is a ValueError
            fine = False
        if not fine:
            raise ParseError(f"{where} is damaged: not a calendar day")
        return cls(day, puzzle)


def load_calendar(root: Path = CALENDAR_DIR) -> list[Day]:
    """Every day of the calendar, in date order, checked: consecutive from
    launch, each in its year's file, each line whole, no puzzle twice, a
    card-game ending on Sundays only."""
    days: list[Day] = []
    for path in sorted(root.glob("*.jsonl")) if root.is_dir() else []:
        text = _read(path)
        if text and not text.endswith("\n"):
            raise ParseError(f"{path.name} is damaged: its last line is cut short")
        for number, line in enumerate(text.splitlines(), 1):
            day = Day.from_line(line, f"{path.name} line {number}")
            if path.name != f"{day.date.year}.jsonl":
                raise ParseError(f"{path.name} line {number} is damaged: {day.date} is not of its year")
            days.append(day)
    seen: set[str] = set()
    for expected, day in enumerate(days):
        if day.date != LAUNCH + timedelta(days=expected):
            raise ParseError(f"the calendar skips or repeats a date at {day.date}")
        if str(day.puzzle.id) in seen or not _fits(day.puzzle, day.date):
            raise ParseError(f"the calendar is damaged at {day.date}: a puzzle twice, or the wrong game for the day")
        seen.add(str(day.puzzle.id))
    return days


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise ParseError(f"{path.name} is damaged: not UTF-8 text") from None
    except OSError as error:
        raise InputError(f"cannot read {path.name}: {error.strerror or error}") from None


def puzzle_of(day: date, root: Path = CALENDAR_DIR) -> Day:
    """The calendar's entry for ``day``; an InputError for a date it has none for."""
    return day_in(load_calendar(root), day)


def day_in(days: Sequence[Day], day: date) -> Day:
    """``day``'s entry of the calendar ``days`` (:func:`load_calendar`); for a
    date it has none for, an InputError naming the dates it has (the calendar
    shipped runs to the last day chosen, not to :data:`LAST_DATE`)."""
    if not days:
        raise InputError(f"no daily puzzle for {day}: the calendar is empty")
    index = (day - days[0].date).days
    if not 0 <= index < len(days):
        raise InputError(f"no daily puzzle for {day}: the calendar runs from {days[0].date} to {days[-1].date}")
    return days[index]


# ----------------------------------------------------------------- choosing


def game_of_puzzle(puzzle: Puzzle) -> Game:
    """The game of ``puzzle`` in butterfly.games.registry: its family's
    (butterfly.puzzles.kinds), named as its game (Le Pamphile's is La Mouche)."""
    return game_named(family_for(puzzle.game).name)


def family(puzzle: Puzzle) -> str:
    """Where ``puzzle`` is played: ``cards`` for a game played from seats
    (the registry's ``seated``: Papillon, La Mouche), on the card games'
    board; ``patience`` for the rest."""
    return "cards" if game_of_puzzle(puzzle).seated else "patience"


def kind_family(puzzle: Puzzle) -> Kind:
    """The kind as the rules against repeating one see it: one only move or a run of them is one kind."""
    return kind_of(puzzle).repeats_as


def day_keys(days: Sequence[Day]) -> list[Keys]:
    """What tells the days' puzzles apart, in order (each kind's keys: :class:`butterfly.puzzles.document.Keys`)."""
    return [kind_of(day.puzzle).keys(day.puzzle) for day in days]


def sunday_game(day: date) -> str:
    """The card game of a Sunday: Papillon, La Mouche, Le Pamphile in turn from the first Sunday."""
    first = LAUNCH + timedelta(days=(SUNDAY - LAUNCH.weekday()) % 7)
    return CARD_GAMES[((day - first).days // 7) % len(CARD_GAMES)]


def _fits(puzzle: Puzzle, day: date) -> bool:
    """Sunday's puzzle is an ending of that Sunday's card game; every other day's a Butterfly one."""
    if day.weekday() == SUNDAY:
        return puzzle.game == sunday_game(day)
    return family(puzzle) == "patience"


def block_end(day: date) -> date:
    """The last date of the block of :data:`CHUNK_DAYS` days (counted from launch) that holds ``day``."""
    return LAUNCH + timedelta(days=((day - LAUNCH).days // CHUNK_DAYS + 1) * CHUNK_DAYS - 1)


def plan(
    pool: Iterable[Puzzle],
    history: list[Day],
    until: date,
    keys_of: KeysOf | None = None,
    progress: Progress | None = None,
) -> list[Day]:
    """The days after ``history`` up to the end of the block holding
    ``until``, chosen from ``pool`` (see the module docstring); ``history``
    is never changed. ``keys_of`` tells puzzles apart (default:
    :func:`day_keys`, from their positions and lines).
    ``progress``, if given, is told the days chosen and the days to choose
    (first 0 of them, then after each block)."""
    if keys_of is None:
        keys_of = day_keys
    start = history[-1].date + timedelta(days=1) if history else LAUNCH
    if until < start:
        return []
    until = block_end(until)
    days = (until - start).days + 1
    if progress is not None:
        progress(0, days)
    used = {str(d.puzzle.id) for d in history}
    available = sorted((p for p in pool if str(p.id) not in used), key=lambda p: str(p.id))
    keys = dict(zip((str(p.id) for p in available), keys_of([Day(LAUNCH, p) for p in available])))
    # A deal or position already given, or a position on a line already published, is out for good.
    available = _unclashed(available, keys, keys_of(history))
    chosen: list[Day] = []
    while start <= until:
        end = block_end(start)
        stretch = _solve_stretch(available, keys, history + chosen, start, end)
        chosen += stretch
        available = _unclashed(available, keys, [keys[str(d.puzzle.id)] for d in stretch])
        start = end + timedelta(days=1)
        if progress is not None:
            progress(len(chosen), days)
    return chosen


def _unclashed(available: list[Puzzle], keys: dict, given: list[Keys]) -> list[Puzzle]:
    """``available`` less the puzzles of a deal ``given`` holds, or whose
    position lies on a line ``given`` publishes (each line starts at its
    own puzzle's position, so a position given is among them)."""
    deals = {k.deal for k in given}
    passed = frozenset().union(*(k.passed for k in given))
    return [p for p in available if keys[str(p.id)].deal not in deals and keys[str(p.id)].position not in passed]


def _solve_stretch(available: list[Puzzle], keys: dict, before: list[Day], start: date, end: date) -> list[Day]:
    # Imported here: OR-Tools takes a while to load, and only choosing the calendar needs it.
    from ortools.sat.python import cp_model

    dates = [start + timedelta(days=k) for k in range((end - start).days + 1)]
    model = cp_model.CpModel()
    pick: dict[tuple[int, int], cp_model.IntVar] = {}
    for d, day in enumerate(dates):
        fitting = [p for p, puzzle in enumerate(available) if _fits(puzzle, day)]
        if not fitting:
            wanted = f"{sunday_game(day)} ending" if day.weekday() == SUNDAY else "Butterfly puzzle"
            raise InputError(f"the pool has no {wanted} left for {day}: generate more (butterfly calendar pool)")
        for p in fitting:
            pick[d, p] = model.new_bool_var(f"x{d}_{p}")
        model.add_exactly_one(pick[d, p] for p in fitting)
    chosen_by: dict[int, list] = {}
    for (_, p), var in pick.items():
        chosen_by.setdefault(p, []).append(var)
    # No deal twice, no position twice (a puzzle is one deal and one position).
    for group in (lambda k: k.deal, lambda k: k.position):
        sharing: dict = {}
        for p in chosen_by:
            sharing.setdefault(group(keys[str(available[p].id)]), []).append(p)
        for members in sharing.values():
            model.add_at_most_one(var for p in members for var in chosen_by[p])
    # No spoiler: a puzzle whose lines pass through another's position never shares a calendar with it.
    positions: dict = {}
    for p in chosen_by:
        positions.setdefault(keys[str(available[p].id)].position, []).append(p)
    for p in chosen_by:
        for position in keys[str(available[p].id)].passed:
            for q in positions.get(position, []):
                if keys[str(available[q].id)].position != keys[str(available[p].id)].position:
                    model.add(sum(chosen_by[p]) + sum(chosen_by[q]) <= 1)
    # No kind twice in a row, nor on one weekday two weeks running (the days before the stretch count).
    earlier = {day.date: day.puzzle for day in before[-7:]}
    families = [kind_family(puzzle) for puzzle in available]
    kinds = sorted(set(families))
    for d, day in enumerate(dates):
        for kind in kinds:
            today_kind = [
                pick[d, p] for p in range(len(available)) if (d, p) in pick and kind_family(available[p]) == kind
            ]
            for back in (1, 7) if day.weekday() != SUNDAY else (1,):
                then = day - timedelta(days=back)
                if then in earlier:
                    if kind_family(earlier[then]) == kind:
                        for var in today_kind:
                            model.add(var == 0)
                elif then >= start:
                    e = d - back
                    other = [
                        pick[e, p]
                        for p in range(len(available))
                        if (e, p) in pick and kind_family(available[p]) == kind
                    ]
                    model.add(sum(today_kind) + sum(other) <= 1)
    # Themes: at most MAX_THEME_PER_WEEK in any seven days running, the days before included.
    themes = sorted({t for puzzle in available for t in puzzle.themes})
    for first in (start + timedelta(days=k) for k in range(-6, len(dates))):
        window = [first + timedelta(days=k) for k in range(7)]
        if window[-1] < start or window[0] > end:
            continue
        for theme in themes:
            fixed = sum(theme in earlier[w].themes for w in window if w in earlier)
            free = [v for (d, p), v in pick.items() if dates[d] in window and theme in available[p].themes]
            if free:
                model.add(sum(free) <= MAX_THEME_PER_WEEK - fixed)
    model.minimize(sum(_cost(available[p], dates[d]) * v for (d, p), v in pick.items()))
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = SOLVER_SEED
    solver.parameters.max_deterministic_time = SOLVER_DETERMINISTIC_TIME
    status = solver.solve(model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        raise InputError(
            f"no calendar for {start} to {end} meets the rules with this pool ({solver.status_name(status)}): "
            "generate more puzzles"
        )
    days = []
    for d, day in enumerate(dates):
        p = next(p for (e, p), v in pick.items() if e == d and solver.value(v))
        days.append(Day(day, available[p]))
    return days


def _cost(puzzle: Puzzle, day: date) -> int:
    """What placing ``puzzle`` on ``day`` costs: its grade's distance from the
    weekday's target, and on Mondays a deal's par beyond the least."""
    cost = GRADE_COST * abs(puzzle.grade - TARGET_GRADES[day.weekday()])
    if day.weekday() == 0 and kind_of(puzzle).whole_deal and puzzle.par is not None:
        cost += MONDAY_PAR_COST * (puzzle.par.moves - LEAST_PAR)
    return cost


def extend(
    pool: Iterable[Puzzle],
    until: date,
    root: Path = CALENDAR_DIR,
    keys_of: KeysOf | None = None,
    progress: Progress | None = None,
) -> list[Day]:
    """Choose the days up to the end of ``until``'s block not yet in the
    calendar and append them to their years' files; the days added.
    Nothing already written changes: each year's file gets new lines at
    its end. All or nothing: every new file is written beside its old one
    first, and the old ones replaced only once all are written.
    ``progress``: as :func:`plan`'s."""
    history = load_calendar(root)
    added = plan(pool, history, until, keys_of, progress)
    by_year: dict[int, list[Day]] = {}
    for day in added:
        by_year.setdefault(day.date.year, []).append(day)
    texts = {}
    for year, days in sorted(by_year.items()):
        path = root / f"{year}.jsonl"
        texts[path] = (_read(path) if path.exists() else "") + "".join(day.line() for day in days)
    _write(root, texts)
    return added


def _write(root: Path, texts: dict[Path, str]) -> None:
    """Each file of ``texts`` replaced by its text, all or nothing: every new
    file is written beside its old one first, and the old ones replaced only
    once all are written."""
    written: list[tuple[Path, Path]] = []
    try:
        root.mkdir(parents=True, exist_ok=True)
        for path, text in texts.items():
            fresh = path.with_name(f".{path.name}.new")
            fresh.write_text(text, encoding="utf-8")
            written.append((fresh, path))
        for fresh, path in written:
            os.replace(fresh, path)
    except OSError as error:
        for fresh, _ in written:
            fresh.unlink(missing_ok=True)
        raise InputError(f"cannot write the calendar in {root}: {error.strerror or error}") from None


def rewrite(days: list[Day], root: Path = CALENDAR_DIR) -> int:
    """Write ``days`` (the whole calendar, with some puzzles upgraded: a par
    added) over the calendar; how many days changed. A date that has passed
    never changes (the calendar is then refused whole, nothing written);
    before launch every date may."""
    old = load_calendar(root)
    if [d.date for d in days] != [d.date for d in old]:
        raise InputError("a rewritten calendar must keep every date")
    changed = [new for new, was in zip(days, old, strict=True) if new.line() != was.line()]
    passed = [day.date for day in changed if day.date < today()]
    if passed:
        raise InputError(f"the calendar's day {passed[0]} has passed: it never changes")
    if not changed:
        return 0  # nothing to write: the files stay as they are
    texts: dict[Path, str] = {}
    for day in days:
        path = root / f"{day.date.year}.jsonl"
        texts[path] = texts.get(path, "") + day.line()
    _write(root, texts)
    return len(changed)


# ------------------------------------------------------------------ sharing

GREEN, RED, BLACK = "\U0001f7e9", "\U0001f7e5", "\u2b1b"
#: What a share text's squares mean (the page shows it beside them; a share text
#: does not repeat it every day).
LEGEND = f"{RED} a wrong try, {GREEN} solved, {BLACK} given up"


def kind_name(puzzle: Puzzle) -> str:
    """A puzzle's kind in players' words: "win in 5", "only move", "only capture"."""
    return kind_of(puzzle).words(puzzle)


#: The games as players name them (the rules presets' names otherwise, capitalised).
GAME_NAMES = {"mouche": "La Mouche", "pamphile": "Le Pamphile"}


def game_name(puzzle: Puzzle) -> str:
    """A puzzle's game as players name it: "Butterfly", "Papillon", "La Mouche"."""
    family = puzzle.game.split("/")[0]
    return GAME_NAMES.get(family, family.capitalize())


def share_head(day: Day) -> str:
    """A share text's first line: the number, the game and kind, the grade as stars."""
    return f"Butterfly daily #{day.number} ({game_name(day.puzzle)}, {kind_name(day.puzzle)}) {stars(day.puzzle.grade)}"


def share_result(day: Day, moves: int | None = None) -> str:
    """How a player did, in words: "won in 97 moves, par 82" (``moves``: the
    winning line's length, for a puzzle with a par; "done" for a goal),
    else "solved" (with the par when there is one)."""
    par = day.puzzle.par
    if par is None:
        return "solved"
    if moves is None:
        return f"solved, par {par.moves}"
    return f"{kind_of(day.puzzle).done_words} in {moves} moves, par {par.moves}"


def long_date(day: date) -> str:
    """A date as a player writes it: "Friday 1 January 2027"."""
    return f"{day:%A} {day.day} {day:%B %Y}"


def share_text(day: Day, moves: int | None = None, url: str | None = None) -> str:
    """What a player pastes after solving at the first try, in the manner of
    Wordle: the first line (:func:`share_head`), a green square and the result
    (:func:`share_result`), and the page's address when known. No card and
    no move. The page writes the same with the player's own squares (a red
    one for each wrong try, black when given up; :data:`LEGEND`)."""
    lines = [share_head(day), f"{GREEN} {share_result(day, moves)}"]
    return "\n".join(lines + ([url] if url else []))
