"""The position editor, ``editor.html`` (issue 58): a position of the
Butterfly family set up card by card in the browser, every problem said at
once, and a whole position's line, a link to the analysis board and one
back here (page/editor-view.js, page/editor-state.js; docs/puzzles.md, "The position editor").

build.py registers the page (TOOL_PAGES); its frame, the card faces and
the picture's measures are frame.py's.
"""

from __future__ import annotations

import html

from butterfly.games.patience.rules import PRESETS_DATA
from butterfly.puzzles.daily import Day
from butterfly.puzzles.site.frame import EDITOR, EDITOR_ENTRY, LAYOUT, faces, page, span_of, tools_nav

#: The games the editor sets up, as the form names them.
GAMES = {
    "butterfly": "Butterfly",
    "fortress": "Fortress",
    "beleaguered-castle": "Beleaguered Castle",
    "streets-and-alleys": "Streets and Alleys",
}


def _options(choices: dict[str, str]) -> str:
    return "".join(f'<option value="{value}">{html.escape(name)}</option>' for value, name in choices.items())


def editor_page(days: list[Day]) -> str:
    """The editor's page: the rules' form, the palette and the layout (filled
    in by the script), what is wrong, the line and links, and a line to open."""
    variants = {"": "the game's own", **{v: v.replace("-", " ") for v in PRESETS_DATA["variants"]}}
    cells = {str(n): str(n) for n in range(PRESETS_DATA["max_cells"] + 1)}
    body = (
        "<h1>Position editor</h1>\n"
        '<p class="meta">Set up a position of Butterfly or its siblings card by card: pick a card from the '
        "palette, then press its place on the layout (a row, home or the basement), or drag it there. "
        "Press a card on the layout to move it, or put it back in the palette.</p>\n"
        '<form id="rules" class="open-form" aria-label="the rules">'
        f'<label>Game <select id="game" name="game">{_options(GAMES)}</select></label> '
        f'<label>Suits <select id="variant" name="variant">{_options(variants)}</select></label> '
        f'<label><span id="cells-name">Basement cells</span> <select id="cells" name="cells">{_options(cells)}</select>'
        "</label></form>\n"
        '<section id="play" class="filled-by-script" aria-label="the layout and the cards">\n'
        '<p id="said" class="status" role="status"></p>\n</section>\n'
        '<section class="check" aria-labelledby="check-title">\n<h2 id="check-title">Is it a position?</h2>\n'
        '<p id="verdict" class="said" role="status"></p>\n<ul id="problems" class="problems"></ul>\n</section>\n'
        '<section id="done" class="link" aria-labelledby="done-title" hidden>\n'
        '<h2 id="done-title">The position</h2>\n'
        '<label class="line-out">Its line <input id="line-out" readonly spellcheck="false"></label>\n'
        '<p><a id="to-board" class="go" href="board.html">Open on the analysis board</a></p>\n'
        "<p>This link opens the editor on this position:</p>\n"
        '<div class="share-row"><input id="link" readonly aria-label="the link to this position in the editor">'
        '<button type="button" id="copy">Copy the link</button></div><p id="copied" role="status"></p>\n'
        "</section>\n"
        '<section class="open" aria-labelledby="open-title">\n<h2 id="open-title">Start from a deal or a line</h2>\n'
        "<p>A deal opens here by its number, of the game chosen above.</p>\n"
        '<form id="by-number" class="open-form">'
        '<label>Deal number <input id="number" name="number" inputmode="numeric" autocomplete="off" size="10">'
        '</label> <button type="submit">Open the deal</button></form>\n'
        "<p>Or a line copied from the board&rsquo;s Share link (any link to the board or the editor) "
        "opens here to change.</p>\n"
        '<form id="by-line" class="open-form">'
        '<label>A line or a link <input id="line" name="line" autocomplete="off" '
        'spellcheck="false" autocapitalize="off"></label> <button type="submit">Open the line</button></form>\n'
        '<p id="open-said" class="said" role="status"></p>\n</section>\n'
        f"{tools_nav(EDITOR)}"
        f"{faces()}\n"
        "<noscript><p>The editor needs JavaScript.</p></noscript>"
    )
    data = {"page": "editor", "layout": LAYOUT, "presets": PRESETS_DATA}
    return page("Butterfly: position editor", "", body, data, span_of(days), EDITOR_ENTRY)
