"""The analysis board (board.html; butterfly/puzzles/site/page/analysis.js) in Debian's
Chromium driven by Playwright, on a real ``butterfly serve --site`` started
here, at a phone's size and a desktop's: a deal opened by number, played by
clicks, undone and redone by buttons and keys, asked whether it is still
winnable and shown its moves' values (what the page's own modules make of the
API's answers for the same position), a winning line stepped through under the
board; a position opened by its line, a bad line refused, the share link opened
in a fresh browser; and the site alone (file://), where play works and the
engine's buttons say how to get it. Screenshots go to test-output/board/.

The board's logic (its history, link, answers read, review, free play counted)
is tested without a browser, with node: tests/js/analysis-*.test.js."""

from __future__ import annotations

import csv
import gzip
import json
import re
import time
from pathlib import Path

import pytest
from tool_pages import DESKTOP, PHONE, serious_violations, serving

from butterfly.games.patience.notation import position_line
from butterfly.games.patience.rules import Move, Position, make_rules

ROOT = Path(__file__).parents[2]
SHOTS = ROOT / "test-output" / "board"
SIZES = {"phone": PHONE, "desktop": DESKTOP}
#: Words of the solver that a player is never shown.
SOLVER_WORDS = re.compile(r"\b(node|nodes|kernel|paranoid|class)\b", re.IGNORECASE)


@pytest.fixture(scope="module")
def served(site, tmp_path_factory):
    # --max-seconds 2: the values' second asking (the server's whole budget) is over in 2 s, not 10
    yield from serving(site, tmp_path_factory, "--max-seconds", "2")


def click_move(page, text: str) -> None:
    """A move by two clicks on the picture (the card, then its place)."""
    move = Move.parse(text)
    page.locator(f'#play [data-card="{move.card}"][data-source="{move.source}"]').click()
    page.locator(f'#play [data-target="{move.target}"]').first.click()


#: Moves played by clicks on the picture, each the card and then its place, dispatched in the page (quicker
#: than a click of Playwright's each, for a whole game).
CLICKS = """(moves) => {
  const click = (selector) =>
    document.querySelector('#play ' + selector).dispatchEvent(new MouseEvent('click', {bubbles: true}));
  for (const [card, source, target] of moves) {
    click(`[data-card="${card}"][data-source="${source}"]`);
    click(`[data-target="${target}"]`);
  }
}"""


def play_by_clicks(page, moves: list[str]) -> None:
    page.evaluate(CLICKS, [[str(m.card), m.source, m.target] for m in map(Move.parse, moves)])


def counter(page) -> str:
    return page.locator("#play .counter").inner_text().strip()


def shown_line(page) -> str:
    """The line of the position the page's link carries."""
    return re.search(r"#p=([^&]+)", page.locator("#link").input_value())[1]


def moves_of(page) -> list[str]:
    found = re.search(r"&m=([^&]+)", page.locator("#link").input_value())
    return found[1].split(".") if found else []


def said(move: str) -> str:
    """A move as the page says it (page/words.js said)."""
    m = Move.parse(move)
    place = {"F": "home", "B": "basement"}
    return f"{m.card.unicode()} {place.get(m.source, m.source)} \u2192 {place.get(m.target, m.target)}"


#: What the page's own module ``page/MODULE`` makes of ``args`` with its function ``name`` (the words are
#: tested with node, tests/js: here, that the page shows them).
PAGE_SAYS = """async ([module, name, args]) => (await import('./page/' + module))[name](...args)"""


def page_says(page, module: str, name: str, *args):
    return page.evaluate(PAGE_SAYS, [module, name, list(args)])


#: The values list as the page draws it from an answer (page/move-values.js): each move in words, best first.
VALUES = """async ([json, searching]) => {
  const values = await import('./page/move-values.js');
  const words = await import('./page/words.js');
  const said = (m) => words.said(m.move) + ': ' + values.valueWords(m, searching);
  return values.rankMoves(json.moves, searching).map(said);
}"""

#: A review's moves as the page lists them (page/review.js): each move and its mark in words.
MARKS = """async (json) => {
  const review = await import('./page/review.js');
  const words = await import('./page/words.js');
  return json.moves.map((m) => words.said(m.move) + ': ' + review.markWords(m, json));
}"""


#: The seconds of the board's first question to the engine (page/analysis.js QUICK).
QUICK = 0.1
#: Records the values shown while the lengths are searched (a winning move's length, or a move not decided).
SEEN_SEARCHING = """() => {
  window.seenSearching = [];
  new MutationObserver(() => {
    const shown = [...document.querySelectorAll('#engine .move-values button')].map((b) => b.textContent);
    if (shown.some((text) => /length still being searched|still thinking/.test(text))) window.seenSearching = shown;
  }).observe(document.getElementById('engine'), {subtree: true, childList: true, characterData: true});
}"""


def watch_api(page) -> list:
    """The page's questions to the engine's solve and analyse, as (path, body), in order, from now on."""
    asked: list = []

    def seen(request) -> None:
        path = request.url.split("/", 3)[3]
        if path in ("api/solve", "api/analyse"):
            asked.append((path, request.post_data_json))

    page.on("request", seen)
    return asked


def published_line(deal: int) -> list[str]:
    """The published shortest line of a Butterfly deal (butterfly/data/lengths_butterfly.csv.gz)."""
    with gzip.open(ROOT / "butterfly" / "data" / "lengths_butterfly.csv.gz", "rt") as rows:
        return next(row["line"].split(", ") for row in csv.DictReader(rows) if row["deal"] == str(deal))


def test_a_deal_opened_by_number_played_undone_redone_and_judged_as_the_api_judges_it(served, context):
    base, api = served
    page = context(PHONE)
    page.goto(base + "board.html")
    page.locator("#number").fill("5")
    page.get_by_role("button", name="Open the deal").click()
    page.wait_for_function("document.getElementById('what').textContent.startsWith('Deal 5')")
    deal = api.get("/api/deal", params={"number": 5}).json()["position"]
    assert shown_line(page) == deal and counter(page) == "Move 0 of 0"
    first, second = api.post("/api/solve", json={"position": deal}).json()["moves"][:2]
    click_move(page, first)
    click_move(page, second)
    assert counter(page) == "Move 2 of 2" and moves_of(page) == [
        first.replace(" ", "").replace(">", ""),
        second.replace(" ", "").replace(">", ""),
    ]
    page.get_by_role("button", name="Undo").click()
    assert counter(page) == "Move 1 of 2"
    page.keyboard.press("r")  # redo by key
    assert counter(page) == "Move 2 of 2"
    page.keyboard.press("Control+z")
    assert counter(page) == "Move 1 of 2"
    page.get_by_role("button", name="Redo").click()
    assert counter(page) == "Move 2 of 2" and page.get_by_role("button", name="Redo").is_disabled()
    assert page.locator("#play .status").inner_text() == f"Redone: {said(second)}."
    line_now = position_line(Position.deal(5).replay([Move.parse(first), Move.parse(second)])[-1])

    # Is this still winnable? Asked within 0.3 s first, then, if that did not decide, with the full budget:
    # the API's answer for the same position, in words.
    asked = watch_api(page)
    page.get_by_role("button", name="Is this still winnable?").click()
    answer = page.locator("#engine .answer")
    page.wait_for_function("!document.querySelector('#engine .answer').textContent.endsWith('\\u2026')")
    quick = api.post("/api/solve", json={"position": line_now, "seconds": QUICK}).json()
    decided = quick["result"] != "unresolved"
    final = quick if decided else api.post("/api/solve", json={"position": line_now}).json()
    assert answer.inner_text() == page_says(page, "analysis-state.js", "solveWords", final, None)
    assert asked == [("api/solve", {"position": line_now, "seconds": QUICK})] + (
        [] if decided else [("api/solve", {"position": line_now})]
    )

    # Show the values: the quick answer at once, each winning move's length "still being searched" and each
    # move it left undecided "still thinking…" until the answer with lengths replaces it; each legal move then
    # valued as the API values it, winning moves shortest first (proved before bounded at the same length).
    asked.clear()
    page.evaluate(SEEN_SEARCHING)
    page.get_by_role("button", name="Show the values").click()
    page.locator(".move-values button").first.wait_for()
    page.wait_for_function("document.querySelector('#engine .answer').textContent === ''")
    body = {"position": line_now, "lines": "best"}
    quick = api.post("/api/analyse", json={**body, "seconds": QUICK}).json()
    lengths = {"position": line_now, "lengths": True}
    analysed = api.post("/api/analyse", json=lengths).json()
    assert asked == [("api/analyse", {**body, "seconds": QUICK}), ("api/analyse", lengths)]
    assert page.evaluate("window.seenSearching") == page.evaluate(VALUES, [quick, True])
    final = page_says(page, "move-values.js", "mergeAnswers", quick, analysed)
    shown = [b.inner_text() for b in page.locator(".move-values button").all()]
    assert shown == page.evaluate(VALUES, [final, False])
    assert any(re.search(r": wins in (at most |\d+ to )?\d+ moves$", text) for text in shown), shown
    assert not SOLVER_WORDS.search(page.locator("main").inner_text())

    step_through_the_line(page, page_says(page, "move-values.js", "offeredLine", final, False)["line"], "phone")

    # The share link opens the same position, and the moves played, in a fresh browser.
    link = page.locator("#link").input_value()
    fresh = context(PHONE)
    fresh.goto(link)
    fresh.locator("#play .counter").wait_for()
    assert counter(fresh) == "Move 2 of 2" and fresh.locator("#link").input_value() == link
    fresh.get_by_role("button", name="Undo").click()
    assert counter(fresh) == "Move 1 of 2"
    assert not page.errors and not fresh.errors, (page.errors, fresh.errors)  # type: ignore[attr-defined]


def step_through_the_line(page, best: list[str], size: str) -> None:
    """The shortest winning line known (not claimed the best), stepped through on the picture, its steps right
    under the board: the board shows each position, the counter and the status say so, then the game again."""
    step = page.locator("#play .step")
    assert step.inner_text().startswith(f"A winning line of {len(best)} moves from here, ")
    assert not re.search(r"\bbest\b", page.locator("#play").inner_text() + page.locator("#engine").inner_text(), re.I)
    page.get_by_role("button", name="Next").click()
    page.get_by_role("button", name="Next").click()
    assert step.inner_text().startswith(f"Winning line, move 2 of {len(best)}: {said(best[1])}")
    assert counter(page) == f"Winning line: move 2 of {len(best)}"
    board_bottom = page.locator("#play .board").bounding_box()
    next_box = page.get_by_role("button", name="Next").bounding_box()
    assert 0 < next_box["y"] - (board_bottom["y"] + board_bottom["height"]) < 200  # in sight of the board
    m = Move.parse(best[1])
    if m.target not in ("F",):
        assert page.locator(f'#play [data-card="{m.card}"][data-source="{m.target}"]').count() == 1
    assert page.get_by_role("button", name="Undo").is_disabled()  # the game waits while the line is shown
    page.locator("#play [data-card]").first.click()
    assert "Back to the game" in page.locator("#play .status").inner_text()
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.locator("#engine").screenshot(path=str(SHOTS / f"values-list-{size}.png"))
    page.locator(".values summary").click()  # the values fold away, the steps stay
    assert page.locator(".move-values").is_hidden() and step.is_visible()
    page.screenshot(path=str(SHOTS / f"values-{size}.png"), full_page=True)
    assert serious_violations(page) == []
    page.get_by_role("button", name="Previous").click()
    page.get_by_role("button", name="Back to the game").click()
    assert counter(page) == "Move 2 of 2" and not page.get_by_role("button", name="Undo").is_disabled()
    page.locator(".values summary").click()


def test_the_values_and_a_winning_line_drawn_at_a_desktop_size(served, context):
    """The same game as at a phone's size (its moves from the link), its values and winning line drawn."""
    base, api = served
    deal = api.get("/api/deal", params={"number": 5}).json()["position"]
    moves = api.post("/api/solve", json={"position": deal}).json()["moves"][:2]
    line_now = position_line(Position.deal(5).replay([Move.parse(m) for m in moves])[-1])
    page = context(DESKTOP)
    page.goto(base + f"board.html#p={deal}&m=" + ".".join(m.replace(" ", "").replace(">", "") for m in moves))
    page.get_by_role("button", name="Show the values").click()
    page.locator(".move-values button").first.wait_for()
    page.wait_for_function("document.querySelector('#engine .answer').textContent === ''")
    quick = api.post("/api/analyse", json={"position": line_now, "lines": "best", "seconds": QUICK}).json()
    analysed = api.post("/api/analyse", json={"position": line_now, "lengths": True}).json()
    final = page_says(page, "move-values.js", "mergeAnswers", quick, analysed)
    assert [b.inner_text() for b in page.locator(".move-values button").all()] == page.evaluate(VALUES, [final, False])
    step_through_the_line(page, page_says(page, "move-values.js", "offeredLine", final, False)["line"], "desktop")
    assert not page.errors  # type: ignore[attr-defined]


def test_a_position_opened_by_its_line_and_a_bad_line_refused_in_one_sentence(served, context):
    base, _ = served
    page = context(PHONE)
    page.goto(base + "archive.html")
    for name, page_name in (
        ("analysis board", "board.html"),
        ("position editor", "editor.html"),
        ("card-game board", "cards.html"),
    ):
        assert page.get_by_role("link", name=name).get_attribute("href") == page_name  # linked
    page.goto(base + "board.html")
    line = position_line(Position.deal(3, make_rules("fortress", "alternate-colours", 2)))
    assert page.locator("h1 + p").inner_text().startswith("Open any deal of Butterfly or its siblings, play it")
    page.locator("#line").fill(line)
    page.get_by_role("button", name="Open the position").click()
    assert page.locator("#what").inner_text() == "A position \u00b7 Fortress, alternate colours, 2 free cells"
    assert shown_line(page) == line
    page.screenshot(path=str(SHOTS / "line-phone.png"), full_page=True)
    for bad in ("butterfly_l7H7H", "hello"):  # (every refusal's words: tests/js/analysis-state.test.js)
        page.locator("#line").fill(bad)
        page.get_by_role("button", name="Open the position").click()
        said_text = page.locator("#open-said").inner_text()
        assert said_text.endswith(".") and "\n" not in said_text and said_text.count(". ") == 0, said_text
        assert not SOLVER_WORDS.search(said_text)
        assert not re.search(r"\b[2-9TJQKA][CDHS]\b", said_text), said_text  # cards as 7♥, never 7H
        assert shown_line(page) == line  # the board keeps its position
    page.locator("#number").fill("-3")
    page.get_by_role("button", name="Open the deal").click()
    assert "whole number" in page.locator("#open-said").inner_text()

    # The other tool pages are linked, and the position now (one move in) opens in the editor.
    assert {a.get_attribute("href") for a in page.locator("p.tools a").all()} == {"editor.html", "cards.html"}
    first = Position.deal(3, make_rules("fortress", "alternate-colours", 2)).legal_moves()[0]
    click_move(page, str(first))
    after = position_line(Position.deal(3, make_rules("fortress", "alternate-colours", 2)).play(first))
    page.get_by_role("link", name="Change this position card by card").click()
    page.wait_for_url(re.compile(r"editor\.html#p="))
    page.wait_for_function("document.getElementById('line-out').value !== ''")
    assert page.locator("#line-out").input_value() == after
    assert not page.errors  # type: ignore[attr-defined]


@pytest.mark.parametrize("size", SIZES)
def test_without_the_server_play_works_and_the_engine_says_how_to_get_it(site, context, size):
    page = context(SIZES[size])
    page.goto((site / "board.html").as_uri() + "#p=" + position_line(Position.deal(5)))
    page.locator("#play .counter").wait_for()
    note = page.locator("#engine-note")
    page.wait_for_function("document.getElementById('engine-note').textContent.length > 0")
    assert note.inner_text().startswith("Start butterfly serve --site DIR")
    # a move on the picture, by keys alone: Tab to a card, Enter, to its place, Enter
    legal = Position.deal(5).legal_moves()[0]
    card = page.locator(f'#play [data-card="{legal.card}"][data-source="{legal.source}"]')
    card.focus()
    page.keyboard.press("Enter")
    for key in ("ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp", "ArrowLeft"):  # only among where it may go
        page.keyboard.press(key)
        assert page.evaluate("document.activeElement.closest('.can, .selected') !== null"), key
    place = f'[data-source="{legal.target}"]' if legal.target[0] in "LR" else f'[data-target="{legal.target}"]'
    page.locator(f"#play {place}").first.focus()
    page.keyboard.press("Enter")
    assert counter(page) == "Move 1 of 1"
    page.keyboard.press("u")
    assert counter(page) == "Move 0 of 1"
    page.keyboard.press("Control+y")
    assert counter(page) == "Move 1 of 1"
    page.get_by_role("button", name="Is this still winnable?").click()
    answer = page.locator("#engine .answer")
    assert answer.inner_text().startswith("Start butterfly serve --site DIR") and answer.inner_text().endswith(".")
    page.get_by_role("button", name="Show the values").click()
    assert "see the value of every move" in answer.inner_text()
    page.locator("#number").fill("5")
    page.get_by_role("button", name="Open the deal").click()
    assert page.locator("#open-said").inner_text().startswith("Start butterfly serve --site DIR")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"offline-{size}.png"), full_page=True)
    assert not page.errors  # type: ignore[attr-defined]
    assert serious_violations(page) == []  # (axe's own look at the style sheet fails from a file: after the check)


#: The docs' position (docs/serve.md, P): four moves win it, QH R3>F first.
P = "butterfly_fKCKDJHJS_bKHKS_l-.-.-.-.-_r-.-.QSQH.-.-"


def test_the_answer_with_lengths_keeps_the_move_reached_along_an_unchanged_line(served, context):
    """The values' answer with lengths arrives while the player steps through the quick answer's winning line:
    the same line keeps the move reached on the board, and the focus on Next. The answers are the server's for
    P, the one with lengths held back until the player has stepped, then refused. (Another line offered, and
    what each answer says: tests/js/analysis-state.test.js.)"""
    base, api = served
    quick = api.post("/api/analyse", json={"position": P, "lines": "best", "seconds": QUICK}).json()
    full = api.post("/api/analyse", json={"position": P, "lengths": True}).json()
    assert [m["value"] for m in quick["moves"]] == ["won", "won"]  # so the page asks for the lengths
    best, other = full["moves"]
    assert best["line"] == quick["line"] and best["value"] == "optimal" and len(other["line"]) == 5
    held: list = []
    page = context(PHONE)
    page.route(
        "**/api/analyse",
        lambda route: route.fulfill(json=quick) if "seconds" in route.request.post_data_json else held.append(route),
    )
    page.goto(base + f"board.html#p={P}")
    step = page.locator("#play .step")
    queen_on_r3 = page.locator('#play [data-card="QH"][data-source="R3"]')
    page.get_by_role("button", name="Show the values").click()
    assert step.inner_text() == (
        "A winning line of 4 moves from here (shorter ones are still being searched): Next shows it."
    )
    page.get_by_role("button", name="Next").click()
    page.get_by_role("button", name="Next").click()
    assert step.inner_text() == f"Winning line, move 2 of 4: {said(best['line'][1])}."
    assert queen_on_r3.count() == 0  # the line's position on the board: both queens home
    deadline = time.monotonic() + 30
    while not held and time.monotonic() < deadline:  # (each call lets Playwright hand over the route)
        page.evaluate("0")
    held.pop().fulfill(json=full)
    page.wait_for_function("document.querySelector('#engine .answer').textContent === ''")
    assert step.inner_text() == f"Winning line, move 2 of 4: {said(best['line'][1])}."
    assert queen_on_r3.count() == 0 and page.evaluate("document.activeElement.textContent") == "Next"
    page.get_by_role("button", name="Back to the game").click()
    assert step.inner_text() == "A winning line of 4 moves from here, none shorter: Next shows it."
    assert queen_on_r3.count() == 1  # the game again
    # The lengths refused (the engine busy): the quick values stand, no length claimed, and the answer says why.
    page.get_by_role("button", name="Show the values").click()
    page.wait_for_function("document.querySelector('#play .step').textContent.includes('still being searched')")
    deadline = time.monotonic() + 30
    while not held and time.monotonic() < deadline:
        page.evaluate("0")
    held.pop().fulfill(status=429, json={"detail": "the server is busy: every worker is taken and the queue is full"})
    page.wait_for_function("document.querySelector('#engine .answer').textContent.includes('busy')")
    values = [b.inner_text() for b in page.locator(".move-values button").all()]
    assert values == [f"{said(m['move'])}: wins" for m in quick["moves"]]
    assert step.inner_text() == "A winning line of 4 moves from here: Next shows it."
    assert page.errors == [  # type: ignore[attr-defined]
        "Failed to load resource: the server responded with a status of 429 (Too Many Requests)"
    ]


#: A game that loses deal 2: its published line's first 36 moves, then a move that loses it (found with
#: butterfly review: "Lost at move 37, TD L2>B").
LOSING_GAME = (2, 36, "TD L2>B")


def test_a_lost_game_reviewed_on_the_board_as_the_api_reviews_it_and_stepped_through(served, context):
    base, api = served
    deal, kept, losing = LOSING_GAME
    line = published_line(deal)[:kept] + [losing]
    record = f'[Game "butterfly"]\n[Deal "{deal}"]\n' + "\n".join(f"{k}. {m}" for k, m in enumerate(line, 1))
    page = context(PHONE)
    page.goto(base + "board.html")
    page.locator("#record").fill(record)
    page.get_by_role("button", name="Review the record").click()
    page.locator(".review-moves button").first.wait_for()
    review = api.post("/api/review", json={"record": record}).json()
    assert review["result"] == "lost" and review["losing_move"] == kept + 1
    winners = [m["move"] for m in review["winning_moves"]]
    words = page_says(page, "review.js", "reviewWords", review)
    assert words.startswith(f"Lost at move {kept + 1}, {said(losing)}: this move lost the deal; {said(winners[0])}")
    assert page.locator(".review-words").inner_text() == words
    marks = [b.inner_text() for b in page.locator(".review-moves button").all()]
    assert marks == page.evaluate(MARKS, review)
    assert page.locator(".review-moves .mark-losing").count() == 1
    # Shown just before the losing move, where the winning moves were; then stepped through on the picture.
    assert counter(page) == f"Move {kept} of {kept + 1}" and shown_line(page) == position_line(Position.deal(deal))
    current = page.locator('.review-moves [aria-current="step"]')
    assert current.inner_text().startswith(said(line[kept - 1]))
    page.get_by_role("button", name="Next move").click()
    assert counter(page) == f"Move {kept + 1} of {kept + 1}" and current.inner_text().startswith(said(losing))
    assert page.get_by_role("button", name="Next move").is_disabled()
    page.locator(".review-moves button").nth(9).click()
    assert counter(page) == f"Move 10 of {kept + 1}"
    m = Move.parse(line[9])
    after = Position.deal(deal).replay([Move.parse(x) for x in line[:10]])[-1]
    assert page.locator(f'#play [data-card="{m.card}"]').count() == (0 if m.target == "F" else 1) or after.is_won()
    page.screenshot(path=str(SHOTS / "review-phone.png"), full_page=True)
    assert not SOLVER_WORDS.search(page.locator("main").inner_text())
    assert serious_violations(page) == []

    # The same game played on the board (from its link) and reviewed there: the same review.
    played = ".".join(x.replace(" ", "").replace(">", "") for x in line)
    page.goto(base + f"board.html#p={position_line(Position.deal(deal))}&m={played}")
    page.wait_for_function(f"document.querySelector('#play .counter').textContent.includes('of {kept + 1}')")
    page.get_by_role("button", name="Review the game on the board").click()
    page.locator(".review-words").wait_for()
    assert page.locator(".review-words").inner_text() == words
    # A move played after an undo makes another game: its review is gone.
    page.get_by_role("button", name="Undo").click()
    assert page.locator(".review-words").count() == 1
    click_move(page, winners[0])
    assert page.locator(".review-words").count() == 0
    assert not page.errors  # type: ignore[attr-defined]


def test_h_asks_for_a_hint_but_not_while_typing_and_a_won_game_pasted_is_reviewed_with_its_moves_over_par(
    served, context
):
    base, api = served
    start = P  # four moves win it; the game pasted takes five
    moves = "QH R3>B\nQS R3>F\nQH B>F\nKH B>F\nKS B>F"
    # as the page writes moves, numbered on one line: read as the file's notation
    pasted = " ".join(f"{k}. {said(m)}" for k, m in enumerate(moves.split("\n"), 1))
    page = context(DESKTOP)
    page.goto(base + f"board.html#p={start}")
    answer = page.locator("#engine .answer")
    page.locator("#record").press("h")  # typed in the record: a letter, not a hint
    assert page.locator("#record").input_value() == "h" and answer.inner_text() == ""
    page.locator("#record").blur()
    page.keyboard.press("h")
    page.wait_for_function("document.querySelector('#engine .answer').textContent.startsWith('A move')")
    quick = api.post("/api/analyse", json={"position": start, "lines": "best", "seconds": QUICK}).json()
    hint = page_says(page, "move-values.js", "hintMove", quick["moves"])["move"]
    assert answer.inner_text() == f"A move that keeps the deal winnable: {said(hint)}."
    page.locator("#record").fill(pasted)
    page.get_by_role("button", name="Review the record").click()
    page.locator(".review-words").wait_for()
    review = api.post("/api/review", json={"record": moves, "position": start}).json()
    assert review["par"] == 4 and review["over_par"] == 1
    assert page.locator(".review-words").inner_text() == "Won in 5 moves, par 4: 1 move over par."
    marks = [b.inner_text() for b in page.locator(".review-moves button").all()]
    assert marks == page.evaluate(MARKS, review)
    assert counter(page) == "Move 5 of 5"
    page.locator("#record").fill("QH R3>F\nKD R3>F")
    page.get_by_role("button", name="Review the record").click()
    page.wait_for_function("document.getElementById('review-said').textContent.startsWith('Move 2')")
    refused = page.locator("#review-said").inner_text()
    assert refused.startswith(f"Move 2 ({said('KD R3>F')}) is not legal: K\u2666 ") and refused.endswith(".")
    assert "\n" not in refused and page.locator(".review-words").count() == 0  # the earlier review is gone
    # a Papillon game (every record refused: tests/js/analysis-setup.test.js): sent to the card-game board
    page.locator("#record").fill('[Game "papillon"]\n[Hand "1"]\n[Start "papillon_x"]\n1. AH x AC')
    page.get_by_role("button", name="Review the record").click()
    assert page.locator("#review-said").inner_text() == "This is a Papillon game: review it on the card-game board."
    assert page.locator("#review-said a").get_attribute("href") == "cards.html"
    assert page.errors == ["Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)"]  # type: ignore[attr-defined]


def rated_deals() -> dict[str, set[int]]:
    """The Butterfly deals proved winnable, by grade (butterfly/data/ratings_butterfly.csv.gz)."""
    with gzip.open(ROOT / "butterfly" / "data" / "ratings_butterfly.csv.gz", "rt") as rows:
        by: dict[str, set[int]] = {}
        for row in csv.DictReader(rows):
            if row["verdict"] == "won":
                by.setdefault(row["grade"], set()).add(int(row["deal"]))
        return by


def board_data(site: Path) -> dict:
    """The board page's data (its <script id="page-data">), as the build wrote it."""
    html = (site / "board.html").read_text(encoding="utf-8")
    return json.loads(re.search(r'<script type="application/json" id="page-data">(.*?)</script>', html, re.S)[1])


def test_free_play_deals_are_those_proved_winnable_each_at_its_grade(site):
    """The page's free play draws among its data's deals of the grade chosen (page/freeplay.js, tested with
    node): the data holds every deal proved winnable, each at its grade, and no other."""
    found: dict[str, set[int]] = {}
    for deal, grade in enumerate(board_data(site)["free"]["grades"]):
        if grade != "-":
            found.setdefault(grade, set()).add(deal)
    assert found == rated_deals()


def test_free_play_offers_only_deals_proved_winnable_at_the_grade_chosen(served, context):
    base, _ = served
    rated = rated_deals()
    page = context(DESKTOP, "dark")
    page.goto(base + "board.html")
    page.locator("#free-stats tbody tr").first.wait_for()
    for grade in ("5", "2"):  # by the page's own button, pressed by keys alone
        page.locator("#grade").select_option(grade)
        page.locator("#grade").focus()
        page.keyboard.press("Tab")
        page.keyboard.press("Enter")
        page.wait_for_function(
            f"/^Free play: deal \\d+, grade {grade}/.test(document.getElementById('what').textContent)"
        )
        what = page.locator("#what").inner_text()
        deal = int(re.match(r"Free play: deal (\d+), grade (\d)", what)[1])
        assert deal in rated[grade] and f"grade {grade}" in what
        assert shown_line(page) == position_line(Position.deal(deal))
    page.screenshot(path=str(SHOTS / "free-desktop-dark.png"), full_page=True)
    assert serious_violations(page) == []
    # A deal of a grade whose shortest win is not published: said so.
    pars = page.evaluate("JSON.parse(document.getElementById('page-data').textContent).free.pars")
    deal, grade = next(
        (d, g) for g, ds in sorted(rated.items()) for d in sorted(ds) if d >= len(pars) or pars[d] is None
    )
    page.locator("#grade").select_option("1" if grade == "5" else "5")
    page.goto(base + f"board.html#p={position_line(Position.deal(deal))}&free={grade}&deal={deal}")
    page.wait_for_function(f"document.getElementById('what').textContent.startsWith('Free play: deal {deal}')")
    assert (
        page.locator("#what")
        .inner_text()
        .startswith(f"Free play: deal {deal}, grade {grade}, no published par for this deal \u00b7")
    )
    assert page.locator("#grade").input_value() == grade  # "A new deal" deals the link's grade again
    assert not page.errors  # type: ignore[attr-defined]


def test_a_free_play_game_reloaded_and_won_by_the_published_line_counts_once_in_the_statistics(served, context):
    base, _ = served
    page = context(PHONE)
    page.add_init_script("Math.random = () => 0")  # the draw: the first deal of the grade
    page.goto(base + "board.html")
    page.locator("#grade").select_option("1")
    page.get_by_role("button", name="A new deal").click()
    deal = min(rated_deals()["1"])
    line = published_line(deal)
    page.wait_for_function("document.getElementById('what').textContent.startsWith('Free play')")
    assert page.locator("#what").inner_text().startswith(f"Free play: deal {deal}, grade 1, par {len(line)} \u00b7")
    play_by_clicks(page, line[:2])
    assert page.locator("#link").input_value().endswith(f"&free=1&deal={deal}")

    def stats() -> list[list[str]]:
        return [[c.inner_text() for c in r.locator("th, td").all()] for r in page.locator("#free-stats tbody tr").all()]

    assert stats()[0] == ["1", "1", "0", "\u2013"]  # begun
    # Reloaded (or opened from its link), the game is still free play: begun already, won when finished.
    page.reload()
    page.locator("#play .counter").wait_for()
    assert page.locator("#what").inner_text().startswith(f"Free play: deal {deal}, grade 1, par {len(line)} \u00b7")
    assert counter(page) == "Move 2 of 2" and stats()[0] == ["1", "1", "0", "\u2013"]
    # its link with every move but the last (the moves between played at once), then the last by clicks
    played = ".".join(m.replace(" ", "").replace(">", "") for m in line[:-1])
    page.goto(base + f"board.html#p={position_line(Position.deal(deal))}&m={played}&free=1&deal={deal}")
    page.wait_for_function(f"document.querySelector('#play .counter').textContent.endsWith('of {len(line) - 1}')")
    assert stats()[0] == ["1", "1", "0", "\u2013"]  # the same game: not begun again
    play_by_clicks(page, line[-1:])
    assert page.locator("#free-said").inner_text() == "Won, and counted in your free play: 0 moves over par."
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "free-won-phone.png"), full_page=True)
    assert serious_violations(page) == []
    assert stats() == [["1", "1", "1", "0"]] + [[g, "0", "0", "\u2013"] for g in "2345"]
    kept = page.evaluate("JSON.parse(localStorage.getItem('butterfly-board-free'))")  # kept by the browser
    assert kept["1"] == {"played": 1, "won": 1, "best": 0}
    assert not page.errors  # type: ignore[attr-defined]
