"""The position editor (editor.html; butterfly/puzzles/site/page/editor-view.js) in Debian's
Chromium driven by Playwright, on the site alone (file://: no engine, no
server): what needs a browser. A card put by clicks makes deal 1 whole, which
gets Python's line; its share link opens the same position in a fresh
browser and "Open on the analysis board" lands there with the position;
every impossible set-up is listed at once in the line reader's words, its
places named as every page names them (home, the basement, free cells),
and gets no line; drags; the rules' form; everything by keyboard alone; at a
phone's size in the dark and a desktop's in the light, axe finding no serious
or critical violation. Screenshots go to test-output/editor/. The editor's
logic without a page (deal 1 set up card by card, each action's words, undo,
the palette's marks, what is typed): tests/js/editor-state.test.js."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from tool_pages import DESKTOP, PHONE, serious_violations

from butterfly.games.cards import Card
from butterfly.games.errors import InputError
from butterfly.games.patience.notation import parse_line, position_line
from butterfly.games.patience.rules import Position

ROOT = Path(__file__).parents[2]
SHOTS = ROOT / "test-output" / "editor"
DEAL1 = position_line(Position.deal(1))


def sentence(text: str) -> str:
    """A message as the page says it: a capital first, a full stop last."""
    return text[0].upper() + text[1:] + ("" if text.endswith(".") else ".")


def page_words(text: str) -> str:
    """A message of Python's as the page words it: its cards as players read them (7♥, 10♦)."""
    return re.sub(r"\b([2-9TJQKA])([CDHS])\b", lambda m: str(Card.parse(m[0]).unicode()), text)


def python_says(line: str) -> str:
    """The line reader's one message for a bad line."""
    with pytest.raises(InputError) as refused:
        parse_line(line)
    return str(refused.value)


def problems(page) -> list[str]:
    return [li.inner_text() for li in page.locator("#problems li").all()]


def refused(page) -> None:
    """No line, no links, and an address without a position, while anything is wrong."""
    assert page.locator("#done").is_hidden() and "#p=" not in page.url


def open_line(page, line: str) -> None:
    page.locator("#line").fill(line)
    page.get_by_role("button", name="Open the line").click()


def put_by_clicks(page, card: str, row: str) -> None:
    """A palette card, then its place: the row's outer card, or the empty row."""
    page.locator(f'[data-palette="{card}"]').click()
    outer = page.locator(f'#play [data-source="{row}"]').last
    (outer if outer.count() else page.locator(f'#play .empty[data-target="{row}"]')).click()


def drag(page, source, target) -> None:
    """A drag with the mouse, moving by steps as a hand does (both ends in view)."""
    source.scroll_into_view_if_needed()
    start, end = source.bounding_box(), target.bounding_box()
    page.mouse.move(start["x"] + start["width"] / 2, start["y"] + start["height"] / 2)
    page.mouse.down()
    page.mouse.move(end["x"] + end["width"] / 2, end["y"] + end["height"] / 2, steps=8)
    page.mouse.up()


def violations(page) -> list:
    """axe-core's serious and critical findings; the page's own errors checked first (from a file,
    axe's look at the style sheet fails, an error of axe's, not the page's, then forgotten)."""
    assert not page.errors, page.errors
    found = serious_violations(page)
    page.errors.clear()
    return found


def test_a_position_made_whole_by_clicks_is_pythons_line_and_its_links_open_it(site, context):
    page = context(DESKTOP)
    page.goto((site / "editor.html").as_uri() + "#p=" + DEAL1)
    # 7S taken off and put back by clicks: the palette's card, then R5's outer card
    page.locator('#play [data-card="7S"]').click()
    page.get_by_role("button", name="Put back in the palette").click()
    assert problems(page) == [page_words("1 card missing: 7S.")] and page.locator("#done").is_hidden()
    put_by_clicks(page, "7S", "R5")
    assert page.locator("#said").inner_text() == "7\u2660 put in R5."
    assert problems(page) == [] and page.locator("#line-out").input_value() == DEAL1
    assert page.locator("#verdict").inner_text().startswith("Complete")
    assert page.locator('[data-palette="8D"]').get_attribute("aria-label") == "8\u2666, in L1"
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "deal1-desktop-light.png"), full_page=True)
    assert violations(page) == []

    # The share link: the same position in a fresh browser, in the editor.
    link = page.locator("#link").input_value()
    assert link.endswith("editor.html#p=" + DEAL1)
    fresh = context(DESKTOP)
    fresh.goto(link)
    fresh.locator("#line-out").wait_for()
    assert fresh.locator("#line-out").input_value() == DEAL1
    assert fresh.locator('#play [data-card="7S"][data-source="R5"]').count() == 1

    # Open on the analysis board: the board, on this position.
    page.get_by_role("link", name="Open on the analysis board").click()
    page.wait_for_url(re.compile(r"board\.html#p="))
    page.locator("#play .counter").wait_for()
    assert re.search(r"#p=([^&]+)", page.locator("#link").input_value())[1] == DEAL1
    assert not page.errors and not fresh.errors, (page.errors, fresh.errors)  # type: ignore[attr-defined]


def test_every_impossible_set_up_is_said_at_once_in_the_line_readers_words(site, context):
    page = context(PHONE, "dark")
    page.goto((site / "editor.html").as_uri())
    open_line(page, DEAL1)
    assert problems(page) == [] and page.locator("#line-out").input_value() == DEAL1

    # A card twice (8D from the palette onto R2) and one missing (7S back to the palette): both said.
    put_by_clicks(page, "8D", "R2")
    page.locator('#play [data-card="7S"]').click()
    page.get_by_role("button", name="Put back in the palette").click()
    twice_missing = DEAL1.replace("9H7S", "9H").replace("6H.", "6H8D.")
    assert python_says(twice_missing) == "card 8D is twice: in L1 and R2"
    assert problems(page) == ["Card 8\u2666 is twice: in L1 and in R2.", "1 card missing: 7\u2660."]
    assert page.locator('[data-palette="8D"]').get_attribute("aria-label") == "8\u2666, placed 2 times, in L1 and in R2"
    refused(page)
    page.screenshot(path=str(SHOTS / "problems-phone-dark.png"), full_page=True)
    assert violations(page) == []

    # Dragged: 8D off R2 onto the palette, 7S from the palette onto R5: whole again.
    drag(page, page.locator('#play [data-card="8D"][data-source="R2"]'), page.locator('[data-palette="KS"]'))
    drag(page, page.locator('[data-palette="7S"]'), page.locator('#play [data-card="9H"]'))
    assert problems(page) == [] and page.locator("#line-out").input_value() == DEAL1

    # The hearts pile at home raised to 5H, over hearts still in the rows.
    page.locator('[data-palette="5H"]').click()
    page.locator('#play [data-card="AH"]').click()
    over = python_says(DEAL1.replace("AH", "5H")).replace("in foundation and ", "at home and in ")
    assert problems(page)[0] == page_words(sentence(over + " (the hearts pile at home holds AH to 5H)"))
    assert "foundation" not in page.locator("main").inner_text()  # home, as every other page says
    refused(page)
    page.get_by_role("button", name="Undo").click()

    # Four cards in a basement of three: moved there one by one, the last onto a basement card.
    for card in ("8D", "JC", "2D", "2C"):
        page.locator(f'#play [data-card="{card}"]').click()
        empty = page.locator('#play .empty[data-target="B"]')
        (empty.first if empty.count() else page.locator('#play [data-source="B"]').first).click()
    full = DEAL1.replace("_b-", "_b8DJC2D2C")
    for row_end in ("8H8D.", "9SJC.", "3C2D.", "4H2C."):
        full = full.replace(row_end, row_end[:2] + ".")
    assert python_says(full) == "4 cards in the cells, butterfly has 3"
    assert problems(page) == ["4 cards in the basement, Butterfly has 3 basement cells."]
    assert page.locator("#cells-name").inner_text() == "Basement cells" and page.locator("#cells").input_value() == "3"
    refused(page)

    # A game with fewer rows and no basement: Beleaguered Castle; L5's and R5's cards stay until moved.
    page.locator("#game").select_option("beleaguered-castle")
    assert page.locator("#said").inner_text() == "Beleaguered Castle: 8 rows, no free cells."
    assert page.locator("#cells-name").inner_text() == "Free cells" and page.locator("#cells").input_value() == "0"
    extra = page.locator('#play [data-card="2C"][data-source="B"]').get_attribute("aria-label")
    assert extra == "2\u2663 in the free cells, one more than Beleaguered Castle has"
    assert problems(page) == [
        "Beleaguered Castle has rows L1 to L4 and R1 to R4: move the cards on L5 and R5.",
        "4 cards in the free cells, Beleaguered Castle has no free cells.",
    ]
    refused(page)
    page.screenshot(path=str(SHOTS / "fewer-rows-phone-dark.png"), full_page=True)

    # A pasted line with a row too few: refused with the reader's message, the layout kept.
    short = DEAL1.replace(".TC3H2S9H7S", "")
    open_line(page, short)
    assert page.locator("#open-said").inner_text() == "That line cannot be read: " + python_says(short) + "."
    assert page.locator("#game").input_value() == "beleaguered-castle"
    assert not page.errors  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "size, scheme",
    [
        ("phone", "dark"),
        ("desktop", "light"),
        pytest.param("phone", "light", marks=pytest.mark.slow),  # (the other two: -m slow)
        pytest.param("desktop", "dark", marks=pytest.mark.slow),
    ],
)
def test_by_keyboard_alone(site, context, size, scheme):
    page = context(PHONE if size == "phone" else DESKTOP, scheme)
    page.goto((site / "editor.html").as_uri())
    for _ in range(12):  # Tab to the palette
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.hasAttribute('data-palette')"):
            break
    focused = "document.activeElement.getAttribute('{}')"
    assert page.evaluate(focused.format("data-palette")) == "AC"
    page.keyboard.press("ArrowDown")
    for _ in range(6):
        page.keyboard.press("ArrowRight")
    assert page.evaluate(focused.format("data-palette")) == "7D"
    page.keyboard.press("Enter")  # picked
    assert page.locator('[data-palette="7D"]').get_attribute("aria-pressed") == "true"
    page.keyboard.press("Tab")  # to the layout
    assert page.evaluate(focused.format("data-card")) == "AC"
    page.keyboard.press("ArrowUp")  # up and to the left: L1 (to the left, L1 and L2 are as near, A♣ between them)
    assert page.evaluate(focused.format("data-target")) == "L1"
    page.keyboard.press("Enter")
    assert page.locator("#said").inner_text() == "7\u2666 put in L1."
    assert page.evaluate(focused.format("data-card")) == "7D"  # the focus stays on the place
    page.keyboard.press("Enter")  # picked again, and put back by Delete
    page.keyboard.press("Delete")
    assert page.locator('[data-palette="7D"]').get_attribute("aria-label") == "7\u2666, not placed"
    page.keyboard.press("u")  # undo: 7D in L1 again
    assert page.locator('[data-palette="7D"]').get_attribute("aria-label") == "7\u2666, in L1"
    # back to the palette for 8D, and Tab returns to the layout where the keys left it: on 7D
    page.keyboard.press("Shift+Tab")
    assert page.evaluate(focused.format("data-palette")) == "7D"
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    assert page.evaluate(focused.format("data-card")) == "7D"
    page.keyboard.press("Enter")
    assert page.locator("#said").inner_text() == "8\u2666 put in L1."
    assert page.locator('#play [data-source="L1"]').evaluate_all("ns => ns.map(n => n.dataset.card)") == ["7D", "8D"]
    page.screenshot(path=str(SHOTS / f"keyboard-{size}-{scheme}.png"), full_page=True)
    assert violations(page) == []

    # A line typed and opened, then the board's link followed, all by keys.
    page.locator("#line").focus()
    page.keyboard.type(DEAL1)
    page.keyboard.press("Enter")
    assert page.locator("#line-out").input_value() == DEAL1
    page.locator("#line-out").focus()
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "to-board"
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"board\.html#p="))
    assert not page.errors  # type: ignore[attr-defined]


def test_a_deal_by_its_number_where_the_engine_deals_it(site, served, context):
    """Served by butterfly serve, a deal number opens that deal (the API's, as Python deals it); from a
    file, it says in one sentence how to get it, and a number that is not one is refused."""
    url, _ = served
    page = context(PHONE)
    page.goto(url + "editor.html")
    page.locator("#number").fill("1")
    page.get_by_role("button", name="Open the deal").click()
    page.wait_for_function("document.getElementById('line-out').value !== ''")
    assert page.locator("#line-out").input_value() == DEAL1 and problems(page) == []
    page.locator("#number").fill("5x")  # (each refusal's words: tests/js/editor-state.test.js)
    page.get_by_role("button", name="Open the deal").click()
    assert page.locator("#open-said").inner_text() == "A deal number is a whole number, such as 5."
    alone = context(PHONE)
    alone.goto((site / "editor.html").as_uri())
    alone.locator("#number").fill("1")
    alone.get_by_role("button", name="Open the deal").click()
    alone.wait_for_function("document.getElementById('open-said').textContent.startsWith('Start butterfly serve')")
    assert "to deal by number" in alone.locator("#open-said").inner_text()
    assert not page.errors and not alone.errors, (page.errors, alone.errors)
