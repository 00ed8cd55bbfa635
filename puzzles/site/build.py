"""The static site of the daily puzzle: ``butterfly site build``.

From the committed calendar (:func:`puzzles.daily.load_calendar`) it writes
``index.html`` (today's puzzle, chosen in the browser by the reader's local
date), ``archive.html`` (every day built, newest first), ``board.html`` (the
analysis board, its own script ``analysis.js``) and one page a day,
``day/YYYY-MM-DD.html``, playable in the browser: the page's data is JSON in
a ``<script type="application/json">`` tag, played by ``page.js`` and the ES
modules it imports (``page/``, ``rules.js``: the Butterfly rules,
``search.js``). Links are relative, nothing is fetched from elsewhere, and the
site works from ``file://`` (where it runs the same modules bundled in one
script: puzzles/site/bundle.py).

The output directory is written whole or not at all: the site is built in a
temporary directory beside it and renamed into place. A directory already
there is replaced only when it is a previous build (it holds
:data:`MARKER`) or empty.

>>> _json_for_html({"a": "</script>"})
'{"a": "\\\\u003c/script\\\\u003e"}'
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

import drawsvg as draw

from butterfly.games import cardsvg
from butterfly.games.cards import Suit, make_deck
from butterfly.games.errors import InputError
from butterfly.games.patience import picture as patience_picture
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
    kind_name,
    load_calendar,
    long_date,
    share_head,
    share_result,
)
from butterfly.puzzles.document import stars
from butterfly.puzzles.kinds import family_for, kind_of
from butterfly.puzzles.site import bundle
from butterfly.puzzles.site.cards_page import CARDS, CARDS_ENTRY, cards_page
from butterfly.puzzles.site.editor_page import EDITOR, EDITOR_ENTRY, editor_page
from butterfly.solver.survey.publish_lengths import read_file
from butterfly.solver.survey.published import DATA, read_csv

#: The file that marks a directory as a site build (so a rebuild may replace it).
MARKER = ".butterfly-site"
#: The most days one build holds.
MAX_DAYS = 400
HERE = Path(__file__).resolve().parent
#: The page's script: page.js, the entry of its ES modules, and every module it
#: imports (page/*.js, rules.js, search.js), as paths in the site.
SCRIPTS = tuple(path.relative_to(HERE).as_posix() for path in bundle.modules(HERE / "page.js"))
#: The assets copied into every build, from this package.
COPIED = (*SCRIPTS, "style.css", "favicon.svg", "manifest.webmanifest")
#: The tool pages beside the day pages (the analysis board, ...): each
#: page's entry script. Each is served with its entry, the modules it
#: imports that the day pages do not (the others are theirs: SCRIPTS), and
#: the bundle of them all for file://. Apart from the day pages' ASSETS,
#: which never load them. A page's HTML is written by its function in
#: TOOL_PAGES (below).
BOARD = "board.html"
BOARD_ENTRY = "analysis.js"
TOOL_ENTRIES = {BOARD: BOARD_ENTRY, CARDS: CARDS_ENTRY, EDITOR: EDITOR_ENTRY}
#: Each tool entry's modules, as paths in the site (the entry last).
TOOL_SCRIPTS = {
    entry: tuple(path.relative_to(HERE).as_posix() for path in bundle.modules(HERE / entry))
    for entry in TOOL_ENTRIES.values()
}
#: The tools' modules the day pages do not load, each once.
TOOL_COPIED = tuple(dict.fromkeys(name for scripts in TOOL_SCRIPTS.values() for name in scripts if name not in SCRIPTS))
TOOL_ASSETS = (*TOOL_COPIED, *(bundle.bundled(entry) for entry in TOOL_SCRIPTS))
#: The service worker, written with the files it keeps on install (CORE), and
#: the modules bundled for pages opened from a file.
SERVICE_WORKER = "sw.js"
ASSETS = (*COPIED, SERVICE_WORKER, bundle.BUNDLE)
#: The pages and assets the service worker keeps on install: every module, so that any page plays offline.
CORE = ("index.html", "archive.html", *TOOL_ENTRIES, "day/offline.html", *COPIED, *TOOL_COPIED)
#: The first and last dates of a build, which every page's data carries
#: ("span"): the pages ask the service worker to keep the days ahead within it.
Span = tuple[date, date]


def _json_for_html(value: object) -> str:
    """JSON safe inside a ``<script>`` element (no ``<``, ``>`` or ``&``)."""
    text = json.dumps(value, sort_keys=True, ensure_ascii=True)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _inline(svg: str) -> str:
    """An SVG document as an element of the page: no XML header, no namespaces
    (not needed inline, and no URL in the page)."""
    svg = re.sub(r"<\?xml[^>]*\?>\s*", "", svg)
    return re.sub(r'\s+xmlns(:\w+)?="[^"]*"', "", svg)


def _svg(day: Day) -> str:
    """The puzzle's position as an inline SVG (the game's own picture; a card
    game's as a table with the player to move at the bottom, legible on a phone)."""
    svg = _inline(kind_of(day.puzzle).picture(day.puzzle, narrow=True))
    return svg.replace("<svg", '<svg role="img" aria-label="the starting position"', 1)


def _faces() -> str:
    """The Butterfly board's pieces, each once, for the page's script to lay
    out with ``<use>``: every card face (``face-7H``, the faces of
    games/cardsvg.py), each foundation's empty place (``place-C``) and an
    empty place (``place``)."""
    drawing = draw.Drawing(0, 0)
    for card in make_deck(52):
        drawing.append_def(cardsvg.face(card, 0, 0))
    for name, suit in [*((f"place-{suit.letter}", suit) for suit in Suit), ("place", None)]:
        group = draw.Group(id=name)
        group.append(cardsvg.place(0, 0, suit))
        drawing.append_def(group)
    svg = _inline(drawing.as_svg()).replace('id="card-', 'id="face-')
    return svg.replace("<svg", '<svg class="pieces" aria-hidden="true" focusable="false"', 1)


#: The Butterfly picture's measures (games/patience/picture.py), for the page's board.
LAYOUT = {
    "width": cardsvg.WIDTH,
    "height": cardsvg.HEIGHT,
    "step": patience_picture.STEP,
    "pileStep": patience_picture.PILE_STEP,
    "margin": patience_picture.MARGIN,
    "label": patience_picture.LABEL,
    "gap": patience_picture.GAP,
    "pitch": patience_picture.PITCH,
    "minReach": patience_picture.MIN_REACH,
}


def _how_picture() -> str:
    """A small drawing of the Butterfly layout for How to play: the wings of
    rows, each outer card marked, the body of aces, the basement."""
    card_w, card_h, step, pitch = 22, 30, 7, 34
    width, body_x, top = 232, 105, 8
    outer = ["7♥", "Q♣", "3♠", "9♦", "5♣", "K♦", "2♥", "J♠", "8♣", "6♦"]
    elements: list[draw.DrawingElement] = []

    def card(x: float, y: float, text: str = "", dashed: bool = False) -> None:
        if dashed:
            elements.append(
                draw.Rectangle(x, y, card_w, card_h, rx=3, fill="none", stroke="#cfe3d4", stroke_dasharray="3,2")
            )
            return
        elements.append(draw.Rectangle(x, y, card_w, card_h, rx=3, fill="white", stroke="#555"))
        if text:
            red = text[-1] in "♥♦"
            elements.append(
                draw.Text(
                    text,
                    10,
                    x + card_w / 2,
                    y + 19,
                    text_anchor="middle",
                    font_family=cardsvg.FONT,
                    font_weight="bold",
                    fill=cardsvg.RED if red else cardsvg.BLACK,
                )
            )

    for level in range(5):
        y = top + level * pitch
        for k in range(4):  # left wing: outward to the left, the outer card last
            card(body_x - 12 - card_w - k * step, y, outer[level] if k == 3 else "")
            card(body_x + card_w + 12 + k * step, y, outer[5 + level] if k == 3 else "")
        elements.append(cardsvg.label(f"L{level + 1}", 4, y + 20, 11))
        elements.append(cardsvg.label(f"R{level + 1}", width - 4, y + 20, 11, anchor="end"))
    for suit, ace in enumerate(["A♣", "A♦", "A♥", "A♠"]):
        card(body_x, top + 17 + suit * pitch, ace)
    elements.append(cardsvg.label("home", body_x + card_w / 2, top + 5 * pitch + 4, 10, anchor="middle"))
    outer_x = body_x - 12 - card_w - 3 * step + card_w / 2  # the middle of a left outer card
    elements.append(cardsvg.label("\u2191 outer", outer_x, top + 5 * pitch + 4, 10, anchor="middle"))
    elements.append(
        cardsvg.label("outer \u2191", 2 * body_x + card_w - outer_x, top + 5 * pitch + 4, 10, anchor="middle")
    )
    for k in range(3):
        card(body_x - 30 + k * (card_w + 8), top + 5 * pitch + 12, dashed=True)
    elements.append(cardsvg.label("basement", body_x + card_w / 2, top + 5 * pitch + 56, 10, anchor="middle"))
    svg = _inline(cardsvg.picture(width, top + 5 * pitch + 64, elements))
    return svg.replace(
        "<svg",
        '<svg class="how" role="img" aria-label="the Butterfly layout: rows L1 to L5 and '
        'R1 to R5 as wings, the aces home in the middle, the basement below"',
        1,
    )


#: How to play, on every page: a dialog over the page (the board stays on the
#: first screen under it), opened by the header's "?" and, on a first visit, by
#: the page's script; closed by its button or Escape.
HOW_TO_PLAY = """<dialog id="how" aria-labelledby="how-title"><div class="sheet">
<form method="dialog" class="close-form"><button class="close" aria-label="Close">&times;</button></form>
<h2 id="how-title">How to play</h2>
<h3>Butterfly</h3>
HOW_PICTURE
<p>A patience with one deck. The four aces start in the middle: the
foundations, the butterfly's body. The other 48 cards lie in ten rows, five
on each wing (L1 to L5 on the left, R1 to R5 on the right). The goal is to
bring every card home: onto its suit's foundation, in order from the two up
to the king.</p>
<ul>
<li>Only the <b>outer card</b> of a row moves: the one farthest from the body.</li>
<li>It may go home, onto its foundation, when it is the next card of its suit;</li>
<li>onto the outer card of another row, when it is one rank higher or lower,
whatever the suit (a 7 on an 8 or on a 6);</li>
<li>or into the <b>basement</b>, which holds three cards at a time. A basement
card may only go home.</li>
<li>The last card of a row may only go home; an emptied row stays empty.</li>
</ul>
<h3>The puzzles</h3>
<ul>
<li><b>Whole deal</b>: win the whole deal; par is the fewest moves it can be won in.</li>
<li><b>Win in N</b>: win the ending in at most N moves.</li>
<li><b>Fewer cells</b>: win the deal with fewer basement cells than usual.</li>
<li><b>Reach the goal</b>: cards home, a row emptied or a card freed, within par.</li>
<li><b>Only move</b>: exactly one move keeps the deal winnable: find it. After
any other, the deal can no longer be won, however well you play on.</li>
<li><b>Only moves</b>: the same, several times in a row; the moves between are played for you.</li>
<li><b>Only card</b> (<b>only capture</b> in Papillon; Sundays): an ending of
Papillon, La Mouche or Le Pamphile, old French card games. Every hand is
shown, yours at the bottom of the table, and it is your turn: one card
meets the goal whatever the others play. The goal says what counts.</li>
</ul>
<p>Every answer here is proved by a search of every possibility, never guessed.</p>
<h3 id="how-sunday">The Sunday games</h3>
<p>The picture shows every hand. The players are P0, P1 and so on, in the
order of play; <i>dealer</i> marks who dealt, <i>to move</i> marks you.
Chips are each player's purse, the <i>pool</i> the chips played for.</p>
<ul>
<li><b>La Mouche</b>: five cards each; the <i>turned</i> card's suit is
trumps. Each player has stood (kept their cards), discarded some for new
ones from the stock, or folded. You must follow the suit led, trump when you
cannot, and beat the best card played when you can. Cards rank king, queen,
jack, ace, then 10 downwards. Each trick wins a fifth of the pool; a player
who takes no trick <i>makes the mouche</i> and pays the whole pool into the
next one.
<b>Le Pamphile</b> is the same game with the jack of clubs as the highest
trump.</li>
<li><b>Papillon</b>: you must take cards from the <i>table</i> when you
can: a card of the same rank, or, with a card from ace to 9, cards that add
up to it (a 7 takes 5 and 2; courts count 10 and take only their own rank).
A player who cannot take lays their whole hand on the table. Aces taken,
clearing the table, and emptying your hand by a capture (a
<i>papillon</i>) are paid in chips by each other player; the <i>stake</i>
is what taking the most cards in the hand pays.</li>
</ul>
<h3>Moving</h3>
<p>Tap or click a card, then where it goes: another row, the body (home) or
the basement; the places it may go light up. Or drag it there. A tap only
picks a card up, so a curious tap is never a move: tap the chosen card again
to send it home, or to make its move when it has only one; <kbd>Esc</kbd>
puts it down.
With the option <i>Safe cards go home by themselves</i>, a card that no
other card could ever need goes home after each of your moves (Undo takes
it back with your move). <b>Hint</b> shows a move that keeps the puzzle
winnable, and after each move you are told if it can no longer be won:
both are proved by a search, never guessed.</p>
<p>With keys: Tab to the board, the arrow keys from card to card or place,
Enter to pick a card, then to its place and Enter; <kbd>u</kbd> or
<kbd>Ctrl</kbd>+<kbd>Z</kbd> takes a move back, <kbd>h</kbd> asks for a
hint. In a card game, tap your card in the picture or choose it from the
list under it. The cards you may play are marked with a yellow frame.</p>
<p>A wrong try is a move after which the puzzle can no longer be won, or a
wrong card: each counts once, however you reach it again, even after a reload.</p>
</div></dialog>"""


@functools.cache
def _how_to_play() -> str:
    return HOW_TO_PLAY.replace("HOW_PICTURE", _how_picture())


def _page(title: str, root: str, body: str, data: dict, span: Span, entry: str = "page.js") -> str:
    data = {**data, "span": [span[0].isoformat(), span[1].isoformat()]}
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{html.escape(title)}</title>\n"
        f'<link rel="stylesheet" href="{root}style.css">\n'
        f'<link rel="icon" href="{root}favicon.svg" type="image/svg+xml">\n'
        f'<link rel="manifest" href="{root}manifest.webmanifest">\n'
        f"{bundle.loader(root, TOOL_SCRIPTS.get(entry, SCRIPTS), entry)}\n"
        '<meta name="theme-color" content="#2e6b3f">\n'
        "</head>\n<body>\n"
        f'<header><nav><a href="{root}index.html">Today</a> <a href="{root}archive.html">Archive</a>'
        ' <button type="button" id="contrast" aria-pressed="false" hidden>High contrast</button>'
        ' <button type="button" id="help" aria-label="How to play" title="How to play" hidden>?</button>'
        "</nav></header>\n"
        f"<main>\n{body}\n{_how_to_play()}\n</main>\n"
        f'<script type="application/json" id="page-data">{_json_for_html(data)}</script>\n'
        "</body>\n</html>\n"
    )


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
        f"{_faces() if patience else ''}\n"
        '<section id="play"></section>\n'
        '<section id="after" hidden></section>\n'
        f'<p class="pager">{" ".join(links)}</p>\n'
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
        # the rules' presets (games/patience/presets.json), which rules.js reads as Python does
        "presets": PRESETS_DATA if patience else None,
        "puzzle": puzzle.to_json(),
    }
    return _page(f"Butterfly daily #{day.number}", "../", body, data, span or (day.date, day.date))


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
            "or a position by its line, with undo and redo.</p>\n"
        )
        + '<h2>Your statistics</h2>\n<div id="stats"></div>\n'
        + "\n".join(sections)
    )
    return _page("Butterfly daily: archive", "", body, {"page": "archive"}, _span(days))


def index_page(days: list[Day]) -> str:
    body = (
        "<h1>Butterfly daily</h1>\n"
        '<p id="today">Finding today\'s puzzle&hellip;</p>\n'
        '<noscript><p>Choosing today\'s puzzle needs JavaScript: see the <a href="archive.html">archive</a>.</p>'
        "</noscript>"
    )
    data = {"page": "index", "days": {d.date.isoformat(): _path_of(d) for d in days}, "opens": long_date(days[0].date)}
    return _page("Butterfly daily", "", body, data, _span(days))


#: The games the board opens by number, and those PySolFC numbers too (games/patience/pysol.py).
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
        '<p class="meta" id="what">Deal 1 &middot; Butterfly</p>\n'
        '<section id="play" aria-label="the game"></section>\n'
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
        "</section>\n"
        f"{_faces()}\n"
        "<noscript><p>The board needs JavaScript.</p></noscript>"
    )
    data = {
        "page": "board",
        "layout": LAYOUT,
        "presets": PRESETS_DATA,
        "start": position_line(Position.deal(1)),
        "free": board_free_play(),
    }
    return _page("Butterfly: analysis board", "", body, data, _span(days), BOARD_ENTRY)


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
    return _page("Butterfly daily: offline", "../", body, {"page": "offline"}, _span(days))


#: Each tool page's writer (its entry script is in TOOL_ENTRIES).
TOOL_PAGES: dict[str, Callable[[list[Day]], str]] = {
    BOARD: board_page,
    CARDS: cards_page,
    # the editor's writer is handed build's helpers (it cannot import them: build imports it)
    EDITOR: lambda days: editor_page(_page, _faces(), LAYOUT, _span(days)),
}


def _span(days: list[Day]) -> Span:
    return days[0].date, days[-1].date


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


def service_worker() -> str:
    """sw.js with :data:`CORE`, the files it keeps on install."""
    text = (HERE / SERVICE_WORKER).read_text(encoding="utf-8")
    if _CORE_LINE not in text:
        raise InputError(f"{SERVICE_WORKER} has no line {_CORE_LINE!r} for the files to keep")
    return text.replace(_CORE_LINE, f"const CORE = {json.dumps(list(CORE))};")


@functools.cache
def _bundle() -> str:
    return bundle.bundle(
        HERE / "page.js", f"{bundle.BUNDLE}: page.js and its modules as one script, for file:// (build.py)"
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
        pages[_path_of(day)] = day_page(day, previous, following, url, _span(chosen))
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
