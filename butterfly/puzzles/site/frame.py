"""The frame every page of the site shares (butterfly/puzzles/site/build.py writes
the pages): the head with its scripts, the header, How to play, the page's
data; the Butterfly board's card faces and measures; and the tool pages'
entry scripts. The tool pages' own writers (cards_page.py, editor_page.py)
use it as build.py does, so that none of them imports build.py.
"""

from __future__ import annotations

import functools
import html
import json
import re
from datetime import date
from pathlib import Path

import drawsvg as draw

from butterfly.games import cardsvg
from butterfly.games.cards import Suit, make_deck
from butterfly.games.patience import picture as patience_picture
from butterfly.puzzles.daily import Day
from butterfly.puzzles.site import bundle

HERE = Path(__file__).resolve().parent
#: The daily pages' script: start-daily.js, the entry of its ES modules, and every module it
#: imports (page/*.js, rules.js, search.js), as paths in the site.
SCRIPTS = tuple(path.relative_to(HERE).as_posix() for path in bundle.modules(HERE / bundle.DAILY_ENTRY))
#: The tool pages beside the day pages (the analysis board, ...): each
#: page's entry script. Each is served with its entry, the modules it
#: imports that the day pages do not (the others are theirs: SCRIPTS), and
#: the bundle of them all for file://. Apart from the day pages' ASSETS,
#: which never load them. A page's HTML is written by its function in
#: build.py's TOOL_PAGES.
BOARD = "board.html"
BOARD_ENTRY = "start-board.js"
CARDS = "cards.html"
CARDS_ENTRY = "start-cards.js"
EDITOR = "editor.html"
EDITOR_ENTRY = "start-editor.js"
TOOL_ENTRIES = {BOARD: BOARD_ENTRY, CARDS: CARDS_ENTRY, EDITOR: EDITOR_ENTRY}
#: Each tool entry's modules, as paths in the site (the entry last).
TOOL_SCRIPTS = {
    entry: tuple(path.relative_to(HERE).as_posix() for path in bundle.modules(HERE / entry))
    for entry in TOOL_ENTRIES.values()
}


#: The first and last dates of a build, which every page's data carries
#: ("span"): the pages ask the service worker to keep the days ahead within it.
Span = tuple[date, date]


def json_for_html(value: object) -> str:
    """JSON safe inside a ``<script>`` element (no ``<``, ``>`` or ``&``).

    >>> json_for_html({"a": "</script>"})
    '{"a": "\\\\u003c/script\\\\u003e"}'
    """
    text = json.dumps(value, sort_keys=True, ensure_ascii=True)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def inline(svg: str) -> str:
    """An SVG document as an element of the page: no XML header, no namespaces
    (not needed inline, and no URL in the page)."""
    svg = re.sub(r"<\?xml[^>]*\?>\s*", "", svg)
    return re.sub(r'\s+xmlns(:\w+)?="[^"]*"', "", svg)


def faces() -> str:
    """The Butterfly board's pieces, each once, for the page's script to lay
    out with ``<use>``: every card face (``face-7H``, the faces of
    butterfly/games/cardsvg.py), each foundation's empty place (``place-C``) and an
    empty place (``place``)."""
    drawing = draw.Drawing(0, 0)
    for card in make_deck(52):
        drawing.append_def(cardsvg.face(card, 0, 0))
    for name, suit in [*((f"place-{suit.letter}", suit) for suit in Suit), ("place", None)]:
        group = draw.Group(id=name)
        group.append(cardsvg.place(0, 0, suit))
        drawing.append_def(group)
    svg = inline(drawing.as_svg()).replace('id="card-', 'id="face-')
    return svg.replace("<svg", '<svg class="pieces" aria-hidden="true" focusable="false"', 1)


#: The Butterfly picture's measures (butterfly/games/patience/picture.py), for the page's board.
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
    svg = inline(cardsvg.picture(width, top + 5 * pitch + 64, elements))
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
list under it, then tap it again (or drag it to the middle of the table)
to play it; <kbd>Esc</kbd> puts it down: here too a curious tap is never a
wrong try. The cards you may play are
marked with a yellow frame.</p>
<p>A wrong try is a move after which the puzzle can no longer be won, or a
wrong card: each counts once, however you reach it again, even after a reload.</p>
</div></dialog>"""


@functools.cache
def _how_to_play() -> str:
    return HOW_TO_PLAY.replace("HOW_PICTURE", _how_picture())


def page(title: str, root: str, body: str, data: dict, span: Span, entry: str = bundle.DAILY_ENTRY) -> str:
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
        f'<script type="application/json" id="page-data">{json_for_html(data)}</script>\n'
        "</body>\n</html>\n"
    )


def span_of(days: list[Day]) -> Span:
    """The first and last dates of a build's days (Day objects)."""
    return days[0].date, days[-1].date


#: The tool pages as the pages name them to each other, in the order they are listed.
TOOL_NAMES = {BOARD: "the analysis board", EDITOR: "the position editor", CARDS: "the card-game board"}


#: Free play: new Butterfly deals at a chosen grade, a section of the analysis board.
FREE_PLAY = f"{BOARD}#free"


def tools_nav(current: str | None = None, root: str = "", free_play: bool = False) -> str:
    """The other tool pages, linked in one line (on each tool page, the front page and the day
    pages), so that a player who finds one finds them all; ``current``: the page it is on (not
    linked); ``root``: the way from the page to the site's top; ``free_play``: free play named
    too, after the board (on the day pages, whose players look for another deal)."""
    names = dict(TOOL_NAMES)
    if free_play:
        names = {BOARD: names.pop(BOARD), FREE_PLAY: "free play", **names}
    links = [f'<a href="{root}{name}">{html.escape(words)}</a>' for name, words in names.items() if name != current]
    return f'<p class="tools">Also here: {", ".join(links[:-1])} and {links[-1]}.</p>\n'
