"""The static site of the daily puzzle: ``butterfly site build``.

From the committed calendar (:func:`butterfly.puzzles.daily.load_calendar`) it writes
``index.html`` (today's puzzle, chosen in the browser by the reader's local
date), ``archive.html`` (every day built, newest first), the tool pages
(``board.html``, the analysis board; ``editor.html``, the position editor;
``cards.html``, the card-game board: each with its own script, frame.py's
TOOL_ENTRIES) and one page a day,
``day/YYYY-MM-DD.html``, playable in the browser: the page's data is JSON in
a ``<script type="application/json">`` tag, played by ``start-daily.js`` and the ES
modules it imports (``page/``, ``rules.js``: the Butterfly rules,
``search.js``). Links are relative, nothing is fetched from elsewhere, and the
site works from ``file://`` (where it runs the same modules bundled in one
script: butterfly/puzzles/site/bundle.py).

The output directory is written whole or not at all: the site is built in a
temporary directory beside it and renamed into place. A directory already
there is replaced only when it is a previous build (it holds
:data:`MARKER`) or empty.
"""

from __future__ import annotations

import functools
import html
import json
import os
import re
import shutil
import tempfile
from collections.abc import Callable
from datetime import date, timedelta
from pathlib import Path
from urllib.parse import quote

from butterfly.games.errors import InputError
from butterfly.games.patience.notation import position_line
from butterfly.games.patience.rules import PRESETS_DATA, Position
from butterfly.games.records import seat_name
from butterfly.puzzles.daily import (
    LAUNCH,
    LEGEND,
    Day,
    Progress,
    family,
    game_name,
    game_of_puzzle,
    kind_name,
    load_calendar,
    long_date,
    share_head,
    share_result,
)
from butterfly.puzzles.document import stars
from butterfly.puzzles.kinds import family_for, kind_of
from butterfly.puzzles.site import bundle
from butterfly.puzzles.site.cards_page import cards_page
from butterfly.puzzles.site.editor_page import editor_page
from butterfly.puzzles.site.frame import (
    BOARD,
    BOARD_ENTRY,
    CARDS,
    EDITOR,
    HERE,
    LAYOUT,
    SCRIPTS,
    TOOL_ENTRIES,
    TOOL_SCRIPTS,
    Span,
    faces,
    inline,
    page,
    span_of,
    tools_nav,
)
from butterfly.solver.survey.publish_lengths import read_file
from butterfly.solver.survey.published import DATA, read_csv

#: The file that marks a directory as a site build (so a rebuild may replace it).
MARKER = ".butterfly-site"
#: The most days one build holds.
MAX_DAYS = 400
#: The assets copied into every build, from this package.
COPIED = (*SCRIPTS, "style.css", "favicon.svg", "manifest.webmanifest")
#: The tools' modules the day pages do not load, each once.
TOOL_COPIED = tuple(dict.fromkeys(name for scripts in TOOL_SCRIPTS.values() for name in scripts if name not in SCRIPTS))
TOOL_ASSETS = (*TOOL_COPIED, *(bundle.bundled(entry) for entry in TOOL_SCRIPTS))
#: The service worker, written with the files it keeps on install (CORE), and
#: the modules bundled for pages opened from a file.
SERVICE_WORKER = "sw.js"
ASSETS = (*COPIED, SERVICE_WORKER, bundle.BUNDLE)
#: The pages and assets the service worker keeps on install: every module, so that any page plays offline.
CORE = ("index.html", "archive.html", *TOOL_ENTRIES, "day/offline.html", *COPIED, *TOOL_COPIED)


def _svg(day: Day) -> str:
    """The puzzle's position as an inline SVG (the game's own picture; a card
    game's as a table with the player to move at the bottom, legible on a phone)."""
    svg = inline(kind_of(day.puzzle).picture(day.puzzle, narrow=True))
    return svg.replace("<svg", '<svg role="img" aria-label="the starting position"', 1)


#: Where a card game's goal ends and its notes (the pool, who takes it) begin.
GOAL_END = "whatever the others do."


def _goal(text: str) -> str:
    """A goal as the page shows it: what to do in bold, a card game's notes after it in plain type.

    >>> _goal("Win the pool, whatever the others do. The pool holds 9 chips now.")
    'Win the pool, whatever the others do. <span class="notes">The pool holds 9 chips now.</span>'
    """
    goal, end, notes = text.partition(GOAL_END)
    if not end or not notes.strip():
        return html.escape(text)
    return f'{html.escape(goal + end)} <span class="notes">{html.escape(notes.strip())}</span>'


def _path_of(day: Day) -> str:
    return f"day/{day.date.isoformat()}.html"


def _line(day: Day) -> str:
    """The day's position as its game's one line, as its board opens it from a link (``#p=``)."""
    game = game_of_puzzle(day.puzzle)
    return game.write_line(game.read_json(day.puzzle.position))


def _board_link(line: str, **more: object) -> str:
    """A board's link (from a day page) opening ``line``, and ``more`` (free play's grade and deal)."""
    fields = {"p": line, **more}
    return "#" + "&".join(f"{name}={quote(str(value), safe='._-')}" for name, value in fields.items())


@functools.cache
def _free_deals() -> dict[str, list[int]]:
    """Free play's deals by grade ("1" to "5"), as the board draws them (board_free_play)."""
    deals: dict[str, list[int]] = {}
    for deal, grade in enumerate(board_free_play()["grades"]):
        deals.setdefault(grade, []).append(deal)
    return deals


def _go_on(day: Day) -> dict:
    """Where a day finished leads on: ``analyse``, its position on its game's board; ``free``, a
    free-play Butterfly deal of its grade on the analysis board (one of them, a different one each
    day, never the deal the day's puzzle comes from), counted in the player's free play as the
    board's own deals are."""
    board = BOARD if family(day.puzzle) == "patience" else CARDS
    grade = str(day.puzzle.grade)
    deals = [deal for deal in _free_deals()[grade] if deal != day.puzzle.facts.get("deal")]
    deal = deals[day.number % len(deals)]
    free = _board_link(position_line(Position.deal(deal)), free=grade, deal=deal)
    return {"analyse": f"../{board}{_board_link(_line(day))}", "free": f"../{BOARD}{free}", "grade": grade}


def day_page(
    day: Day,
    previous: Day | None = None,
    following: Day | None = None,
    url: str | None = None,
    span: Span | None = None,
) -> str:
    """One day's page: number, grade, kind, goal and the puzzle to play;
    ``url``: the site's address, which the share text then carries; ``span``:
    the build's first and last dates (this day alone by default)."""
    puzzle = day.puzzle
    patience = family(puzzle) == "patience"
    picture = _svg(day)
    links = []
    if previous is not None:
        links.append(f'<a href="{previous.date.isoformat()}.html">&larr; #{previous.number}</a>')
    if following is not None:
        links.append(f'<a href="{following.date.isoformat()}.html">#{following.number} &rarr;</a>')
    body = (
        f"<h1>Butterfly daily #{day.number}</h1>\n"
        f'<p class="meta"><time datetime="{day.date.isoformat()}">{long_date(day.date)}</time> &middot; '
        f"{html.escape(game_name(puzzle))}, {html.escape(kind_name(puzzle))} &middot; "
        f'<span class="stars" aria-label="grade {puzzle.grade} of 5">{stars(puzzle.grade)}</span></p>\n'
        f'<p class="goal" id="goal">{_goal(puzzle.goal)}</p>\n'
        f'<figure id="picture">{picture}</figure>\n'
        f"{faces() if patience else ''}\n"
        '<section id="play"></section>\n'
        '<section id="after" hidden></section>\n'
        f'<p class="pager">{" ".join(links)}</p>\n'
        f"{tools_nav(root='../', free_play=True)}"
        "<noscript><p>Playing the puzzle needs JavaScript; the position is drawn above.</p></noscript>"
    )
    data = {
        "page": "day",
        "date": day.date.isoformat(),
        "number": day.number,
        "share": {
            "head": share_head(day),
            "solved": share_result(day),
            "par": day.puzzle.par.moves if day.puzzle.par is not None else None,
            "done": kind_of(day.puzzle).done_words,
            "legend": LEGEND,
            "url": f"{url}/{_path_of(day)}" if url else None,
        },
        "patience": patience,
        # who plays each move of a card game's solution, for the page's stepper ("3. P2: ...")
        "seats": None if patience else [seat_name(seat) for seat in family_for(puzzle.game).only_card().movers(puzzle)],
        "layout": LAYOUT if patience else None,
        # the rules' presets (butterfly/games/patience/presets.json), which rules.js reads as Python does
        "presets": PRESETS_DATA if patience else None,
        "puzzle": puzzle.to_json(),
        "goOn": _go_on(day),
    }
    return page(f"Butterfly daily #{day.number}", "../", body, data, span or (day.date, day.date))


def archive_page(days: list[Day]) -> str:
    """Every day built, newest first, a table a month; the page's script shows
    only the days up to the reader's today, each marked solved, given up,
    begun or not yet played, from what the browser kept."""
    months: dict[tuple[int, int], list[Day]] = {}
    for d in reversed(days):
        months.setdefault((d.date.year, d.date.month), []).append(d)
    sections = []
    for (year, month), month_days in months.items():
        rows = "\n".join(
            f'<tr data-date="{d.date.isoformat()}"><td><a href="{_path_of(d)}">#{d.number}</a></td>'
            f"<td>{d.date:%a} {d.date.day}</td>"
            f"<td>{html.escape(game_name(d.puzzle))}, {html.escape(kind_name(d.puzzle))}</td>"
            f'<td class="stars" aria-label="grade {d.puzzle.grade} of 5">{stars(d.puzzle.grade)}</td>'
            '<td class="mark"></td>'
            f"<td>{html.escape(d.puzzle.goal)}</td></tr>"
            for d in month_days
        )
        sections.append(
            f'<section class="month" data-month="{year}-{month:02d}">\n'
            f"<h2>{month_days[0].date:%B %Y}</h2>\n"
            '<div class="scroll"><table>\n<thead><tr><th>No.</th><th>Day</th><th>Kind</th><th>Grade</th>'
            f"<th>You</th><th>Goal</th></tr></thead>\n<tbody>\n{rows}\n</tbody>\n</table></div>\n</section>"
        )
    body = (
        (
            "<h1>Archive</h1>\n"
            f'<p>Any deal, played your own way: the <a href="{BOARD}">analysis board</a> opens a deal by its number '
            f'or a position by its line, with undo and redo; the <a href="{EDITOR}">position editor</a> sets one '
            f'up card by card; the <a href="{CARDS}">card-game board</a> does the same for Papillon, La Mouche '
            "and Le Pamphile.</p>\n"
        )
        + '<h2>Your statistics</h2>\n<div id="stats"></div>\n'
        + "\n".join(sections)
    )
    return page("Butterfly daily: archive", "", body, {"page": "archive"}, span_of(days))


def index_page(days: list[Day]) -> str:
    body = (
        "<h1>Butterfly daily</h1>\n"
        '<p id="today">Finding today\'s puzzle&hellip;</p>\n'
        '<noscript><p>Choosing today\'s puzzle needs JavaScript: see the <a href="archive.html">archive</a>.</p>'
        "</noscript>\n" + tools_nav()
    )
    data = {"page": "index", "days": {d.date.isoformat(): _path_of(d) for d in days}, "opens": long_date(days[0].date)}
    return page("Butterfly daily", "", body, data, span_of(days))


#: The games the board opens by number, and those PySolFC numbers too (butterfly/games/patience/pysol.py).
BOARD_GAMES = {
    "butterfly": "Butterfly",
    "fortress": "Fortress",
    "beleaguered-castle": "Beleaguered Castle",
    "streets-and-alleys": "Streets and Alleys",
}


#: Free play on the board: Butterfly's ratings (each deal's verdict and grade) and its published lengths.
BOARD_RATINGS = DATA / "ratings_butterfly.csv.gz"
BOARD_LENGTHS = DATA / "lengths_butterfly.csv.gz"
#: The grades a free-play deal is drawn at, as the page offers them.
BOARD_GRADES = {1: "1, the easiest", 2: "2", 3: "3", 4: "4", 5: "5, the hardest"}


@functools.cache
def board_free_play() -> dict:
    """Free play's deals in the board's data, compact: ``grades``, a character
    a deal from deal 0, its grade (1 to 5) when it is proved winnable, "-"
    when not (about 10 kB for the 10,000 rated deals); ``pars``, each
    published deal's proved par from deal 0 (null when not proved)."""
    rows = read_csv(BOARD_RATINGS)
    _, header = next(rows)
    column = {name: k for k, name in enumerate(header)}
    grades: dict[int, str] = {}
    for number, fields in rows:
        if fields[column["verdict"]] == "won":
            if fields[column["grade"]] not in "12345" or not fields[column["deal"]].isdigit():
                raise InputError(f"{BOARD_RATINGS}: line {number}: a won deal with no grade 1 to 5")
            grades[int(fields[column["deal"]])] = fields[column["grade"]]
    lengths = {
        row.deal: row.length if row.result == "optimal" else None for row in read_file(BOARD_LENGTHS, "butterfly")
    }
    return {
        "grades": "".join(grades.get(deal, "-") for deal in range(max(grades) + 1)),
        "pars": [lengths.get(deal) for deal in range(max(lengths) + 1)],
    }


def board_page(days: list[Day]) -> str:
    """The analysis board: a deal of the Butterfly family opened by number or
    line, played with undo and redo, and judged by ``butterfly serve``'s API
    where the page is served by it (page/analysis.js; docs/puzzles.md)."""
    options = "".join(f'<option value="{game}">{html.escape(name)}</option>' for game, name in BOARD_GAMES.items())
    grades = "".join(f'<option value="{grade}">{html.escape(name)}</option>' for grade, name in BOARD_GRADES.items())
    body = (
        "<h1>Analysis board</h1>\n"
        "<p>Open any deal of Butterfly or its siblings, play it your way, and ask the engine "
        "whether it can still be won and what each move is worth.</p>\n"
        '<p class="meta" id="what">Deal 1 &middot; Butterfly</p>\n'
        '<section id="play" class="filled-by-script" aria-label="the game"></section>\n'
        '<section id="engine" class="engine" aria-labelledby="engine-title">'
        '<h2 id="engine-title">Ask the engine</h2><p id="engine-note" class="note"></p></section>\n'
        '<section id="free" class="free" aria-labelledby="free-title">\n<h2 id="free-title">Free play</h2>\n'
        "<p>A new Butterfly deal at the grade you choose, drawn among the deals proved winnable.</p>\n"
        '<form id="free-deal" class="open-form">'
        f'<label>Grade <select id="grade" name="grade">{grades}</select></label> '
        '<button type="submit">A new deal</button></form>\n'
        '<p id="free-said" class="said" role="status"></p>\n'
        '<table id="free-stats"><caption>Your free play on this device</caption>'
        '<thead><tr><th scope="col">Grade</th><th scope="col">Played</th><th scope="col">Won</th>'
        '<th scope="col">Best, over par</th></tr></thead><tbody></tbody></table>\n</section>\n'
        '<section id="review" class="review" aria-labelledby="review-title">\n'
        '<h2 id="review-title">Review a game</h2>\n'
        "<p>Where a game was lost and what would have won there, or a won game&rsquo;s moves over par.</p>\n"
        '<button type="button" id="review-board">Review the game on the board</button>\n'
        '<form id="by-record" class="open-form">'
        "<label>A game&rsquo;s record, or its moves from the board&rsquo;s start "
        '<textarea id="record" name="record" rows="3" spellcheck="false" autocapitalize="off"></textarea></label> '
        '<button type="submit">Review the record</button></form>\n'
        '<p id="review-said" class="said" role="status"></p><div id="review-moves"></div>\n</section>\n'
        '<section class="open" aria-labelledby="open-title">\n<h2 id="open-title">Open a deal</h2>\n'
        '<form id="by-number" class="open-form">'
        f'<label>Game <select id="game" name="game">{options}</select></label> '
        '<label>Number <input id="number" name="number" inputmode="numeric" autocomplete="off" size="10"></label> '
        '<label><input type="checkbox" id="pysol" name="pysol"> PySolFC&rsquo;s number</label> '
        '<button type="submit">Open the deal</button></form>\n'
        '<form id="by-line" class="open-form">'
        '<label>A position&rsquo;s line or a board link <input id="line" name="line" autocomplete="off" '
        'spellcheck="false" autocapitalize="off"></label> <button type="submit">Open the position</button></form>\n'
        '<p id="open-said" class="said" role="status"></p>\n</section>\n'
        '<section class="link" aria-labelledby="link-title">\n<h2 id="link-title">Share this position</h2>\n'
        "<p>This link opens the position and the moves played from it:</p>\n"
        '<div class="share-row"><input id="link" readonly aria-label="the link to this position">'
        '<button type="button" id="copy">Copy the link</button></div><p id="copied" role="status"></p>\n'
        f'<p><a id="to-editor" href="{EDITOR}">Change this position card by card</a> in the position editor.</p>\n'
        "</section>\n"
        f"{tools_nav(BOARD)}"
        f"{faces()}\n"
        "<noscript><p>The board needs JavaScript.</p></noscript>"
    )
    data = {
        "page": "board",
        "layout": LAYOUT,
        "presets": PRESETS_DATA,
        "start": position_line(Position.deal(1)),
        "free": board_free_play(),
    }
    return page("Butterfly: analysis board", "", body, data, span_of(days), BOARD_ENTRY)


#: What the service worker shows in place of a day's page never kept, offline:
#: beside the day pages, so that its relative links hold wherever it is shown.
OFFLINE = "day/offline.html"


def offline_page(days: list[Day]) -> str:
    """What the service worker shows for a day's page never kept when the network is gone."""
    body = (
        "<h1>Offline</h1>\n"
        "<p>This page was not kept on this device, and there is no network now.</p>\n"
        "<p>Once the site has been opened online, today's puzzle, the next seven days and every day "
        'you have opened play without a network: <a href="../index.html">today\'s puzzle</a>, '
        'the <a href="../archive.html">archive</a>.</p>'
    )
    return page("Butterfly daily: offline", "../", body, {"page": "offline"}, span_of(days))


#: Each tool page's writer (its entry script is in TOOL_ENTRIES).
TOOL_PAGES: dict[str, Callable[[list[Day]], str]] = {
    BOARD: board_page,
    CARDS: cards_page,
    EDITOR: editor_page,
}


def _chosen(start: date, count: int) -> list[Day]:
    if not 1 <= count <= MAX_DAYS:
        raise InputError(f"--days must be 1 to {MAX_DAYS}, not {count}")
    if start < LAUNCH:
        raise InputError(f"no daily puzzle before {LAUNCH} (puzzle number 1)")
    calendar = load_calendar()
    first = (start - LAUNCH).days
    if first + count > len(calendar):
        ends = f"the calendar ends {calendar[-1].date}" if calendar else "the calendar is empty"
        # the first date wanted with no puzzle, reckoned from the calendar's own end
        wanted = start if first >= len(calendar) else calendar[-1].date + timedelta(days=1)
        raise InputError(f"no daily puzzle for {wanted}: {ends}")
    return calendar[first : first + count]


def _check_out(out: Path) -> None:
    if out.exists() and not out.is_dir():
        raise InputError(f"{out} is a file, not a directory")
    if out.is_dir() and any(out.iterdir()) and not (out / MARKER).is_file():
        raise InputError(f"{out} is not empty and not a previous site build: choose a new or empty directory")


#: A site's address for its share texts: http(s), no spaces, quotes or angle brackets.
_URL = re.compile(r"https?://[^\s\"'<>\\]+")


#: Where sw.js's list of the files kept on install goes.
_CORE_LINE = "const CORE = []; // build.py writes the list"


def service_worker(core: tuple[str, ...] = CORE) -> str:
    """sw.js with ``core``, the files it keeps on install (the whole site's :data:`CORE`)."""
    text = (HERE / SERVICE_WORKER).read_text(encoding="utf-8")
    if _CORE_LINE not in text:
        raise InputError(f"{SERVICE_WORKER} has no line {_CORE_LINE!r} for the files to keep")
    return text.replace(_CORE_LINE, f"const CORE = {json.dumps(list(core))};")


@functools.cache
def _bundle() -> str:
    return bundle.bundle(
        HERE / bundle.DAILY_ENTRY,
        f"{bundle.BUNDLE}: {bundle.DAILY_ENTRY} and its modules as one script, for file:// (build.py)",
    )


@functools.cache
def _tool_bundle(entry: str) -> str:
    return bundle.bundle(HERE / entry, f"{bundle.bundled(entry)}: {entry} and its modules as one script (build.py)")


def site_url(text: str) -> str:
    """``--url``, checked (one InputError when it is not an http(s) address), without a trailing slash."""
    if len(text) > 300 or not _URL.fullmatch(text):
        raise InputError(f"--url {text[:60]!r} is not an http:// or https:// address such as https://example.org/daily")
    return text.rstrip("/")


def build_site(
    out: Path | str,
    start: date = LAUNCH,
    days: int | None = None,
    url: str | None = None,
    progress: Progress | None = None,
) -> list[Path]:
    """Write the site of ``days`` days from ``start`` (to the calendar's end
    by default) into ``out``, whole or not at all; the files written.
    ``progress``, if given, is told the day pages made and the pages to make
    (first 0 of them, then after each page)."""
    if out == "-":  # elsewhere "-" is standard output; a site is a folder (Path would lose "./-")
        raise InputError(
            "a site is a directory of files: --out cannot be standard output ('-'; give ./- for that name)"
        )
    out = Path(out)
    if days is None:
        days = max(1, min(MAX_DAYS, len(load_calendar()) - (start - LAUNCH).days))
    chosen = _chosen(start, days)
    _check_out(out)
    url = url and site_url(url)
    pages: dict[str, str] = {
        "index.html": index_page(chosen),
        "archive.html": archive_page(chosen),
        OFFLINE: offline_page(chosen),
        **{page: write(chosen) for page, write in TOOL_PAGES.items()},
    }
    if progress is not None:
        progress(0, len(chosen))
    for k, day in enumerate(chosen):
        previous = chosen[k - 1] if k else None
        following = chosen[k + 1] if k + 1 < len(chosen) else None
        pages[_path_of(day)] = day_page(day, previous, following, url, span_of(chosen))
        if progress is not None:
            progress(k + 1, len(chosen))
    parent = out.absolute().parent
    try:
        parent.mkdir(parents=True, exist_ok=True)
        temporary = Path(tempfile.mkdtemp(prefix=f".{out.name}.", dir=parent))
    except OSError as error:
        raise InputError(f"cannot write the site in {out}: {error.strerror or error}") from None
    old = None
    try:
        (temporary / "day").mkdir()
        for name, text in pages.items():
            (temporary / name).write_text(text, encoding="utf-8")
        for asset in COPIED:
            (temporary / asset).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(HERE / asset, temporary / asset)
        (temporary / SERVICE_WORKER).write_text(service_worker(), encoding="utf-8")
        (temporary / bundle.BUNDLE).write_text(_bundle(), encoding="utf-8")
        for asset in TOOL_COPIED:
            (temporary / asset).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(HERE / asset, temporary / asset)
        for entry in TOOL_SCRIPTS:
            (temporary / bundle.bundled(entry)).write_text(_tool_bundle(entry), encoding="utf-8")
        (temporary / MARKER).write_text("a butterfly site build: butterfly site build may replace it\n")
        os.chmod(temporary, 0o755)
        if out.exists():
            old = Path(tempfile.mkdtemp(prefix=f".{out.name}.old.", dir=parent))
            os.replace(out, old / "site")
        os.replace(temporary, out)
    except BaseException as error:  # a full disk, or Ctrl-C / SIGTERM while writing: nothing left half-way
        shutil.rmtree(temporary, ignore_errors=True)
        if old is not None and (old / "site").exists() and not out.exists():
            os.replace(old / "site", out)
        if isinstance(error, OSError):
            raise InputError(f"cannot write the site in {out}: {error.strerror or error}") from None
        raise
    finally:
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
    return sorted(out / name for name in [*pages, *ASSETS, *TOOL_ASSETS, MARKER])
