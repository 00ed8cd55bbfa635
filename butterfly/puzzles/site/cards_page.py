"""The card-game board's page (``cards.html``; docs/puzzles.md, "The
card-game board"): Papillon, La Mouche and Le Pamphile set up by clicks,
valued, played through and reviewed by ``butterfly serve``'s API where the
page is served by it. The page is a frame: its script (``start-cards.js``,
``page/cards-board.js``) draws the set-up and asks the engine.
"""

from __future__ import annotations

from butterfly.puzzles.daily import Day
from butterfly.puzzles.site.frame import CARDS, CARDS_ENTRY, page, span_of, tools_nav

BODY = (
    "<h1>Card-game board</h1>\n"
    '<p class="meta">Papillon, La Mouche and Le Pamphile: set up a deal or an ending, see what each card is '
    "worth, play it through, review a game.</p>\n"
    '<section id="setup" class="card-setup filled-by-script" aria-labelledby="setup-title">'
    '<h2 id="setup-title">Set up the cards</h2></section>\n'
    '<section class="link" aria-labelledby="link-title">\n<h2 id="link-title">Share this position</h2>\n'
    '<label class="line-out">Its line <input id="line-out" readonly spellcheck="false"></label>\n'
    '<div class="share-row"><input id="link" readonly aria-label="the link to this position">'
    '<button type="button" id="copy">Copy the link</button></div><p id="copied" role="status"></p>\n'
    "</section>\n"
    '<section id="engine" class="engine" aria-labelledby="engine-title">'
    '<h2 id="engine-title">What each card is worth</h2><p id="engine-note" class="note"></p></section>\n'
    '<section id="play-through" aria-labelledby="play-title"><h2 id="play-title">Play it through</h2></section>\n'
    '<section class="review" aria-labelledby="review-title">\n<h2 id="review-title">Review a game</h2>\n'
    '<form id="by-record" class="open-form"><label>A Papillon or La Mouche game as played, hand by hand: '
    "its record "
    '<textarea id="record" rows="5" spellcheck="false" autocapitalize="off"></textarea></label> '
    '<button type="submit">Review the game</button></form>\n'
    '<div id="review-out" role="status"></div>\n</section>\n'
    '<section class="open" aria-labelledby="open-title">\n<h2 id="open-title">Open a position</h2>\n'
    '<form id="by-line" class="open-form"><label>A position&rsquo;s line or a board link '
    '<input id="line" name="line" autocomplete="off" spellcheck="false" autocapitalize="off"></label> '
    '<button type="submit">Open the position</button></form>\n'
    '<p id="open-said" class="said" role="status"></p>\n</section>\n'
    f"{tools_nav(CARDS)}"
    "<noscript><p>The board needs JavaScript.</p></noscript>"
)


def cards_page(days: list[Day]) -> str:
    """The card-game board (page/cards-board.js)."""
    return page("Card games: the board", "", BODY, {"page": "cards"}, span_of(days), CARDS_ENTRY)
