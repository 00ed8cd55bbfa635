"""What makes a day's puzzle worth playing, measured on a calendar
(docs/puzzles.md, "What makes a puzzle worth a day").

For every day: its **choices** (the classes of moves or cards a player
chooses among, for the kinds with one answer class), who is **tempted**
(the players of the puzzle's ladder who play a wrong class there), the
**refutation depth** (how long a wrong choice takes to show: for
Butterfly the moves the greedy player goes on for after the trap, for the
card games the plays of the shortest refutation), and the **par**. Across
days: **repeats** (two days sharing a deal or a position's key,
:class:`butterfly.puzzles.document.Keys`) and **spoilers** (a line published on an
earlier day passing through a later day's position).

``butterfly calendar report [--json]`` prints it, per weekday.
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict, dataclass

from butterfly.puzzles.daily import Day, day_keys, kind_family
from butterfly.puzzles.document import Keys, Puzzle
from butterfly.puzzles.rating.ladder import LADDER

WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
#: A puzzle with one answer class offers at least this many classes: two is a coin flip.
MIN_CHOICES = 3


@dataclass(frozen=True)
class DayQuality:
    """One day's figures (see the module docstring); None where a kind has no such thing."""

    date: str
    weekday: str
    id: str
    kind: str
    game: str
    grade: int
    choices: int | None
    tempted: list[str]
    refutation_depth: int | None
    par: int | None


def day_quality(day: Day) -> DayQuality:
    puzzle = day.puzzle
    alternatives = puzzle.alternatives()
    choices = 1 + len(alternatives) if puzzle.answer else None
    if isinstance(puzzle.facts.get("classes"), list):  # only-moves: the fewest of its steps
        choices = min(puzzle.facts["classes"])
    depth: int | None = None
    if puzzle.facts.get("refutation_depth") is not None:
        depth = int(puzzle.facts["refutation_depth"])
    elif alternatives:
        depth = min(len(a.refutation) for a in alternatives)
    return DayQuality(
        day.date.isoformat(),
        WEEKDAYS[day.date.weekday()],
        str(puzzle.id),
        puzzle.kind,
        puzzle.game,
        puzzle.grade,
        choices,
        tempted(puzzle),
        depth,
        puzzle.par.moves if puzzle.par else None,
    )


def tempted(puzzle: Puzzle) -> list[str]:
    """The players who play a wrong class here: for Butterfly the greedy
    player when its scoring puts a losing class first (``facts.tempting``)
    and every rung of the ladder that does not find the answer; for the
    card games every rung whose card is not in the answer class."""
    if not puzzle.answer:
        return []
    ladder = puzzle.facts.get("ladder")
    if isinstance(ladder, dict):
        return sorted(name for name, move in ladder.items() if move not in puzzle.answer[0])
    tempting = puzzle.facts.get("tempting")
    names = ["greedy"] if (any(tempting) if isinstance(tempting, list) else tempting) else []
    rungs = puzzle.facts.get("rungs", [])
    return sorted({*names, *(p.name for p, found in zip(LADDER, rungs) if not found)})


@dataclass(frozen=True)
class Clash:
    """Two days that should not both be: ``what`` is ``deal``, ``position`` or ``spoiler`` (the earlier day's
    lines pass through the later day's position)."""

    what: str
    earlier: str
    later: str


def clashes(days: Sequence[Day], keys: Sequence[Keys] | None = None) -> list[Clash]:
    """Every repeat (a deal or a position's key shared) and every spoiler, earlier day first."""
    keys = day_keys(days) if keys is None else keys
    found: list[Clash] = []
    first_deal: dict[object, str] = {}
    first_position: dict[object, str] = {}
    for j, (day, key) in enumerate(zip(days, keys)):
        date = day.date.isoformat()
        if key.deal in first_deal:
            found.append(Clash("deal", first_deal[key.deal], date))
        if key.position in first_position:
            found.append(Clash("position", first_position[key.position], date))
        first_deal.setdefault(key.deal, date)
        first_position.setdefault(key.position, date)
        found += [
            Clash("spoiler", days[i].date.isoformat(), date)
            for i in range(j)
            if key.position in keys[i].passed and key.position != keys[i].position
        ]
    return found


def _median(values: list[int]) -> float | None:
    return statistics.median(values) if values else None


def report(days: Sequence[Day]) -> dict:
    """The calendar's quality: per weekday the kinds, choices, share
    tempting, par and refutation depth; over the whole calendar the days
    with fewer than :data:`MIN_CHOICES` choices, the same kind twice running,
    and every repeat and spoiler."""
    qualities = [day_quality(day) for day in days]
    found = clashes(days)
    weekdays = {}
    for weekday in WEEKDAYS:
        mine = [q for q in qualities if q.weekday == weekday]
        chosen = [q for q in mine if q.choices is not None]
        weekdays[weekday] = {
            "days": len(mine),
            "kinds": dict(sorted(Counter(f"{q.kind} {q.game}" for q in mine).items())),
            "grades": dict(sorted(Counter(q.grade for q in mine).items())),
            "choices_median": _median([q.choices for q in chosen if q.choices is not None]),
            "choices_fewest": min((q.choices for q in chosen if q.choices is not None), default=None),
            "tempting_share": round(sum(bool(q.tempted) for q in chosen) / len(chosen), 3) if chosen else None,
            "par_median": _median([q.par for q in mine if q.par is not None]),
            "refutation_depth_median": _median([q.refutation_depth for q in mine if q.refutation_depth is not None]),
        }
    families = [kind_family(day.puzzle) for day in days]
    running = [qualities[k].date for k in range(1, len(qualities)) if families[k] == families[k - 1]]
    return {
        "first": qualities[0].date if qualities else None,
        "last": qualities[-1].date if qualities else None,
        "days": len(qualities),
        "weekdays": weekdays,
        "coin_flips": [q.date for q in qualities if q.choices is not None and q.choices < MIN_CHOICES],
        "untempting": [q.date for q in qualities if q.choices is not None and not q.tempted],
        "kind_twice_running": running,
        "repeats": [asdict(c) for c in found if c.what != "spoiler"],
        "spoilers": [asdict(c) for c in found if c.what == "spoiler"],
        "per_day": [asdict(q) for q in qualities],
    }


def report_text(figures: dict) -> str:
    """:func:`report` for reading: a block per weekday, then the counts of what breaks the rules."""
    lines = [f"Calendar {figures['first']} to {figures['last']}: {figures['days']} days"]
    for weekday, w in figures["weekdays"].items():
        if not w["days"]:
            continue
        kinds = ", ".join(f"{kind} {n}" for kind, n in w["kinds"].items())
        grades = " ".join(f"{g}:{n}" for g, n in w["grades"].items())
        lines.append(f"{weekday} ({w['days']} days): {kinds}")
        parts = [f"grades {grades}"]
        if w["choices_median"] is not None:
            parts.append(f"choices median {w['choices_median']:g}, fewest {w['choices_fewest']}")
            parts.append(f"tempting {100 * w['tempting_share']:.0f} %")
        if w["refutation_depth_median"] is not None:
            parts.append(f"refutation depth median {w['refutation_depth_median']:g}")
        if w["par_median"] is not None:
            parts.append(f"par median {w['par_median']:g}")
        lines.append("  " + "; ".join(parts))
    repeats = Counter(r["what"] for r in figures["repeats"])
    lines += [
        f"Fewer than {MIN_CHOICES} choices: {len(figures['coin_flips'])} days",
        f"No tempting wrong choice: {len(figures['untempting'])} days",
        f"Same kind two days running: {len(figures['kind_twice_running'])}",
        f"Repeats: {repeats['deal']} deals used again, {repeats['position']} positions met again",
        f"Spoilers (an earlier day's line passes through a later day's position): {len(figures['spoilers'])}",
    ]
    return "\n".join(lines)
