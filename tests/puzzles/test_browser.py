"""The daily site in a real browser: headless Chromium from Debian's
``chromium`` package, driven by Playwright (with that browser as its
executable: Playwright's own browser downloads are never used).

The site is built from the first day of the calendar up to the first day
of every kind the tests play (at least a fortnight), and served on
127.0.0.1 by the same server as ``butterfly site serve``. Every page any
test opens is watched: a console error, an uncaught exception or a request
outside the site fails the test. Screenshots at phone and desktop size are
saved in ``test-output/screenshots/`` for a person to look at.

Skipped, with the reason, only when no Chromium is installed (``.ci/run``
installs it) or Playwright is missing.
"""

from __future__ import annotations

import base64
import json
import re
import threading
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from chromium import launched

from butterfly.games.lines import parse_line
from butterfly.games.mouche.format import position_from_data as mouche_position
from butterfly.games.patience.format import deal_from_json
from butterfly.games.patience.rules import PRESETS_DATA, Move, Position
from butterfly.puzzles.daily import load_calendar
from butterfly.puzzles.site.build import board_free_play, build_site
from butterfly.puzzles.site.corpus import build_corpus
from butterfly.puzzles.site.frame import json_for_html
from butterfly.puzzles.site.server import site_server

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "test-output" / "screenshots"
JUDGE = ROOT / "tests" / "js" / "judge_corpus.js"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
FIRST_DAY = date(2027, 1, 1)
#: The kinds the tests play, with their games: the site is built up to the first day of each.
PLAYED = [("win-in", "butterfly"), ("deal", "butterfly"), ("only-move", "butterfly"), ("only-moves", "butterfly")]
PLAYED += [("goal", "butterfly"), ("only-card", "mouche")]


def day_of(kind: str, game: str = "butterfly"):
    """The calendar's first day with a puzzle of this kind (and game)."""
    return next(d for d in load_calendar() if d.puzzle.kind == kind and d.puzzle.game.startswith(game))


#: Days built: at least a fortnight, and up to the first day of every kind played.
DAYS = max(14, *(day_of(kind, game).number for kind, game in PLAYED))
LAST_BUILT = FIRST_DAY + timedelta(days=DAYS - 1)


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    out = tmp_path_factory.mktemp("site") / "site"
    build_site(out, FIRST_DAY, DAYS)
    server = site_server(str(out), 0, quiet=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield out, f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def browser():
    yield from launched()


class Watched:
    """A browser context whose pages report console errors, uncaught
    exceptions and every request made (each page opened through :meth:`open`)."""

    def __init__(
        self,
        browser,
        viewport=DESKTOP,
        timezone_id="Europe/Paris",
        color_scheme="light",
        has_touch=False,
        newcomer=False,
    ):
        self.context = browser.new_context(
            viewport=viewport, timezone_id=timezone_id, locale="en-GB", color_scheme=color_scheme, has_touch=has_touch
        )
        if not newcomer:  # How to play, over the page on a first visit, was seen before
            self.context.add_init_script("try { localStorage.setItem('butterfly-daily-seen', 'yes'); } catch (e) {}")
        # By default the reader's today is the day after the last day built: every page built is open to play.
        after = LAST_BUILT + timedelta(days=1)
        self.context.clock.set_fixed_time(datetime(after.year, after.month, after.day, 12, tzinfo=UTC))
        self.errors: list[str] = []
        self.requests: list[str] = []
        self.page = self.context.new_page()
        self.page.on("console", lambda m: m.type == "error" and self.errors.append(f"console: {m.text}"))
        self.page.on("pageerror", lambda e: self.errors.append(f"exception: {e}"))
        self.page.on("request", lambda r: self.requests.append(r.url))
        # "Give up?" is asked in a dialog: the player says yes unless a test says otherwise.
        self.says_yes = True
        self.page.on("dialog", lambda d: d.accept() if self.says_yes else d.dismiss())

    def status(self) -> str:
        return self.page.locator("main .status").inner_text()

    def check_clean(self, base: str) -> None:
        assert not self.errors, self.errors
        outside = [url for url in self.requests if not url.startswith((base, "data:"))]
        assert not outside, f"requests outside the site: {outside}"


@pytest.fixture
def watched(browser, site):
    contexts: list[Watched] = []

    def make(**options) -> Watched:
        made = Watched(browser, **options)
        contexts.append(made)
        return made

    yield make
    for made in contexts:
        made.check_clean(site[1])
        made.context.close()


SYMBOLS = dict(zip("CDHS", "\N{BLACK CLUB SUIT}\N{BLACK DIAMOND SUIT}\N{BLACK HEART SUIT}\N{BLACK SPADE SUIT}"))


def said_cards(text: str) -> str:
    """Card texts as the page writes them for players: 7H as 7♥, TS as 10♠, "x" as "takes"."""
    text = re.sub(r"\b(10|[2-9TJQKA])([CDHS])\b", lambda m: m[1].replace("T", "10") + SYMBOLS[m[2]], text)
    return re.sub(r"^trail (.+)$", r"lays \1 on the table", text.replace(" x ", " takes "))


def said(move: str) -> str:
    """A Butterfly move as the page writes it: 10♠ L4 → R1, 7♦ L2 → home, K♣ basement → home."""
    parsed = Move.parse(move)
    places = {"F": "home", "B": "basement"}
    source, target = (places.get(p, p) for p in (parsed.source, parsed.target))
    return f"{said_cards(str(parsed.card))} {source} \N{RIGHTWARDS ARROW} {target}"


def finish_panel(w):
    """The finish panel: open at the moment a day ends, else opened from under the board."""
    panel = w.page.locator("dialog.finish")
    if not panel.is_visible():
        w.page.get_by_role("button", name="Statistics and share").click()
    return panel


def close_panel(w) -> None:
    """The finish panel closed, as a player does with Escape, to look at the page under it."""
    if w.page.locator("dialog.finish").is_visible():
        w.page.keyboard.press("Escape")
    assert w.page.locator("dialog[open]").count() == 0


def mine(w) -> str:
    """The player's squares in the share text (its second line, before the result in words)."""
    return finish_panel(w).locator("pre.share").inner_text().split("\n")[1].split(" ")[0]


def card_on_board(page, card, source):
    """A card that can be pressed on the board (a row's outer card, a basement card)."""
    return page.locator(f'#play [data-card="{card}"][data-source="{source}"]')


def place_on_board(page, name):
    """A place on the board a chosen card can go to: a row, home (F), the basement (B)."""
    return page.locator(f'#play [data-target="{name}"]')


def choose_card(page, card: str) -> None:
    """A Sunday's card played from the choices under the picture: chosen by a first press, played by a second."""
    choice = page.locator(f'#play button.choice[data-card="{card}"]')
    choice.click()
    choice.click()


def click_move(page, text: str) -> None:
    """A move by two clicks on the picture; the second only when the first did not make it."""
    move = Move.parse(text)
    counter = page.locator(".counter").inner_text()
    card_on_board(page, move.card, move.source).click()
    if page.locator(".counter").inner_text() == counter:
        place_on_board(page, move.target).click()


def test_the_index_opens_today_by_the_readers_local_date(site, watched):
    _, base = site
    w = watched()
    # 23:30 in London on the 5th is already the 6th in Paris: the page goes by the reader's clock.
    w.context.clock.set_fixed_time(datetime(2027, 1, 5, 23, 30, tzinfo=UTC))
    w.page.goto(base + "index.html")
    w.page.wait_for_url("**/day/2027-01-06.html")
    assert w.page.locator("h1").inner_text() == "Butterfly daily #6"


def test_a_newcomer_sent_on_from_the_front_page_finds_how_to_play_open(site, watched):
    _, base = site
    w = watched(viewport=PHONE, newcomer=True)
    w.context.clock.set_fixed_time(datetime(2027, 1, 5, 12, tzinfo=UTC))
    w.page.goto(base + "index.html")
    w.page.wait_for_url("**/day/2027-01-05.html")
    assert w.page.locator("#how").get_attribute("open") is not None
    w.page.locator("#how").get_by_role("button", name="Close").click()
    assert w.page.locator("#how").get_attribute("open") is None
    w.page.goto(base + "index.html")  # the second visit: closed
    w.page.wait_for_url("**/day/2027-01-05.html")
    assert w.page.locator("#how").get_attribute("open") is None


def in_first_screen(w, selector: str) -> None:
    """The element is wholly on the first screen, the page unscrolled."""
    box = w.page.locator(selector).first.bounding_box()
    height = w.page.viewport_size["height"]
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height, (selector, box, height)


@pytest.mark.parametrize("size", [PHONE, {"width": 1280, "height": 800}], ids=["phone", "desktop"])
@pytest.mark.parametrize("kind", ["deal", "win-in", "only-move", "only-moves", "goal"])
def test_every_kind_has_its_board_and_controls_on_the_first_screen(site, watched, kind, size):
    _, base = site
    w = watched(viewport=size)
    w.page.goto(base + f"day/{day_of(kind).date}.html")
    for selector in ("#play .status", ".board svg.table", *(f'#play [data-action="{a}"]' for a in ("undo", "give-up"))):
        in_first_screen(w, selector)
    if kind in ("deal", "win-in"):
        in_first_screen(w, '#play [data-action="hint"]')


@pytest.mark.parametrize("size", [PHONE, {"width": 1280, "height": 800}], ids=["phone", "desktop"])
@pytest.mark.parametrize("game", ["papillon", "mouche"])
def test_a_sundays_table_and_every_choice_are_on_the_first_screen(site, watched, game, size):
    """Issue 54: on a phone the hands were stacked four screens long and the choices 1,175 px down."""
    _, base = site
    w = watched(viewport=size, has_touch=size is PHONE)
    w.page.goto(base + f"day/{day_of('only-card', game).date}.html")
    for selector in ("main .status", "#picture svg", '#play [data-action="give-up"]'):
        in_first_screen(w, selector)
    for k in range(w.page.locator("#play button.choice").count()):
        in_first_screen(w, f"#play button.choice >> nth={k}")
    # the player's own hand at the bottom of the table, its playable cards framed
    assert w.page.locator("#picture .hand.mover .choosable").count() >= 1


def test_the_whole_board_is_in_view_on_a_desktop_screen(site, watched):
    _, base = site
    w = watched(viewport={"width": 1280, "height": 800})
    w.page.goto(base + f"day/{day_of('deal').date}.html")
    board = w.page.locator(".board svg.table").bounding_box()
    assert board is not None and board["y"] + board["height"] <= 800, board  # the basement included


def test_a_day_with_no_puzzle_on_this_site_says_so(site, watched):
    _, base = site
    w = watched()
    w.context.clock.set_fixed_time(datetime(2030, 6, 1, 12, tzinfo=UTC))
    w.page.goto(base + "index.html")
    said = w.page.locator("#today").inner_text()
    assert "no puzzle for today (2030-06-01)" in said and f"Play the latest, of {LAST_BUILT}" in said
    w.page.get_by_role("link", name=f"Play the latest, of {LAST_BUILT}").click()
    w.page.wait_for_url(f"**/day/{LAST_BUILT}.html")
    w.context.clock.set_fixed_time(datetime(2026, 12, 1, 12, tzinfo=UTC))
    w.page.goto(base + "index.html")
    assert w.page.locator("#today").inner_text() == "The first puzzle opens on Friday 1 January 2027. In 31 days."
    in_first_screen(w, "#today")


def test_the_stored_solution_played_by_clicks_wins_and_shows_the_share_text(site, watched):
    _, base = site
    day = day_of("win-in")
    w = watched(viewport=PHONE)
    w.page.goto(base + f"day/{day.date}.html")
    assert w.page.locator("#after").is_hidden()
    for number, move in enumerate(day.puzzle.solution, 1):
        click_move(w.page, move)
        assert w.page.locator(".counter").inner_text().strip().startswith(f"Moves: {number}")
    n = len(day.puzzle.solution)
    assert w.status() == f"Won in {n} moves, par {n}!"
    panel = w.page.locator("dialog.finish")  # the moment: a panel over the page
    assert panel.is_visible() and panel.locator("h2").inner_text() == "At par!"
    # solved from the archive (the reader's today is later): why it does not count for the streak
    assert panel.locator(".note").inner_text() == "Streaks count the days solved on their own date."
    assert panel.locator(".result").inner_text() == f"Won in {n} moves, par {n}!"
    share = panel.locator("pre.share").inner_text()
    # the kind in players' words, and no legend repeated in every text shared (it is beside the squares)
    head, result = share.split("\n")
    assert head.startswith(f"Butterfly daily #{day.number} (Butterfly, win in {day.puzzle.facts['n']}) ")
    assert result == f"\N{LARGE GREEN SQUARE} won in {n} moves, par {n}"
    assert panel.locator(".legend").inner_text().startswith("\N{LARGE RED SQUARE} a wrong try")
    # Paris is UTC+1: at 12:00 UTC the next puzzle opens in 11 hours
    assert panel.locator(".next").inner_text() == "Next puzzle in 11:00:00."
    assert panel.locator(".chart li.mine").first.inner_text().startswith("none")  # this day's bar: no wrong try
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    w.page.screenshot(path=str(SCREENSHOTS / "solved-phone.png"))
    w.context.grant_permissions(["clipboard-read", "clipboard-write"])
    panel.get_by_role("button", name="Copy the result").click()
    panel.get_by_text("Copied.").wait_for()
    assert w.page.evaluate("navigator.clipboard.readText()") == share
    w.page.keyboard.press("Escape")
    assert panel.is_hidden()
    assert w.status() == f"Won in {n} moves, par {n}!"  # said once, above the board


def test_an_illegal_move_is_refused_with_the_engines_reason(site, watched):
    _, base = site
    day = day_of("deal")
    start = deal_from_json(day.puzzle.position)
    # The first outer card onto another row that the Python engine refuses, and its reason.
    text, reason = next(
        (text, start.check_move(Move.parse(text)))
        for source, row in zip(start.rules.row_names, start.rows)
        if row
        for target in start.rules.row_names
        if target != source and start.check_move(Move.parse(text := f"{row[-1]} {source}>{target}")) is not None
    )
    w = watched()
    w.page.goto(base + f"day/{day.date}.html")
    click_move(w.page, text)
    assert w.status() == f"Not legal: {said_cards(reason)}."
    assert w.page.locator(".counter").inner_text().strip() == "Moves: 0"


def test_in_an_only_move_puzzle_one_tap_only_picks_a_card_up(site, watched):
    _, base = site
    day = day_of("only-move")
    start = deal_from_json(day.puzzle.position)
    moves = start.legal_moves()
    single = next(m for m in moves if sum((o.card, o.source) == (m.card, m.source) for o in moves) == 1)
    w = watched()
    w.page.goto(base + f"day/{day.date}.html")
    card_on_board(w.page, single.card, single.source).click()
    assert w.page.locator(".counter").inner_text().strip() == "Moves: 0"  # picked up, not played: it is an answer
    place_on_board(w.page, single.target).click()
    assert w.page.locator(".counter").inner_text().strip() == "Moves: 1"


def test_a_card_with_no_move_is_not_picked_up_and_says_so(site, watched):
    _, base = site
    day = day_of("deal")

    def stuck_in(position):
        movers = {(m.card, m.source) for m in position.legal_moves()}
        outer = [(row[-1], name) for name, row in zip(position.rules.row_names, position.rows) if row]
        return next((c for c in outer if c not in movers), None)

    # along the stored solution, the first position with an outer card that cannot move
    positions = deal_from_json(day.puzzle.position).replay([Move.parse(m) for m in day.puzzle.solution])
    played = next(k for k, p in enumerate(positions) if stuck_in(p))
    stuck = stuck_in(positions[played])
    w = watched()
    w.page.goto(base + f"day/{day.date}.html")
    for move in day.puzzle.solution[:played]:
        click_move(w.page, move)
    card_on_board(w.page, *stuck).click()
    assert w.status() == f"{said_cards(str(stuck[0]))} has no move now."
    assert card_on_board(w.page, *stuck).get_attribute("aria-pressed") == "false"
    assert counter_of(w.page) == played  # nothing moved


def test_an_only_move_puzzle_refuses_a_losing_move_then_takes_the_answer(site, watched):
    _, base = site
    day = day_of("only-move")
    wrong = day.puzzle.alternatives()[0].moves[0]
    right = day.puzzle.answer[0][0]
    w = watched()
    w.page.goto(base + f"day/{day.date}.html")
    click_move(w.page, wrong)
    assert w.status() == f"{said(wrong)} is not it: the deal is lost after it. Undo and try again."
    assert w.page.locator("#after").is_hidden()
    w.page.get_by_role("button", name="Undo").click()
    click_move(w.page, wrong)  # the same wrong move again: told so, no second miss
    assert w.status() == f"Already tried. {said(wrong)} is not it: the deal is lost after it. Undo and try again."
    assert mine_so_far(w) == 1
    w.page.get_by_role("button", name="Undo").click()
    click_move(w.page, right)
    assert w.status().startswith(f"Right: {said(right)} is the only move")
    assert mine(w) == "\N{LARGE RED SQUARE}\N{LARGE GREEN SQUARE}"
    assert "The proof" in w.page.locator("#after").inner_text()


def test_a_reload_never_counts_a_wrong_try_again(site, watched):
    """Issue 54: the page kept the count of wrong tries, not the tries, and a reload counted the same one again."""
    _, base = site
    day = day_of("only-move")
    wrong = day.puzzle.alternatives()[0].moves[0]
    w = watched()
    w.page.goto(base + f"day/{day.date}.html")
    click_move(w.page, wrong)
    assert mine_so_far(w) == 1
    w.page.reload()  # the wrong move is played again from the browser's memory, and not counted
    assert w.page.locator(".counter").inner_text().strip() == "Moves: 1"
    assert w.status() == "Welcome back: where you left it (1 wrong so far)."
    assert mine_so_far(w) == 1
    w.page.get_by_role("button", name="Undo").click()
    w.page.reload()
    click_move(w.page, wrong)  # and played again by hand after a reload: "Already tried"
    assert w.status().startswith("Already tried.")
    assert mine_so_far(w) == 1


def test_a_card_game_puzzle_is_played_by_choosing_a_card(site, watched):
    _, base = site
    day = day_of("only-card", game="mouche")
    right = day.puzzle.answer[0][0]
    wrong = day.puzzle.alternatives()[0].moves[0]
    w = watched(viewport=PHONE)
    w.page.goto(base + f"day/{day.date}.html")
    choose_card(w.page, wrong)
    assert w.status().startswith(f"Not that: {said_cards(wrong)}")
    choose_card(w.page, right)
    assert w.status().startswith(f"Right: {said_cards(right)}")
    assert mine(w) == "\N{LARGE RED SQUARE}\N{LARGE GREEN SQUARE}"
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    w.page.screenshot(path=str(SCREENSHOTS / "card-game-phone.png"), full_page=True)


def test_the_solution_stepper_walks_the_stored_line(site, watched):
    _, base = site
    day = day_of("win-in")
    w = watched(viewport=PHONE)
    w.page.goto(base + f"day/{day.date}.html")
    w.page.get_by_role("button", name="Give up").click()
    close_panel(w)
    w.page.get_by_role("button", name="Show the solution").click()
    assert w.page.get_by_role("button", name="Show the solution").is_hidden()
    stepper = w.page.locator("#play .stepper")  # just below the board it moves
    in_first_screen(w, ".board svg.table")  # the board and its Back and Next in view together
    in_first_screen(w, "#play .stepper")
    for _ in range(3):
        stepper.get_by_role("button", name="Next").click()
    assert stepper.locator("p").inner_text() == f"3. {said(day.puzzle.solution[2])}"
    assert w.page.locator("#play .controls").is_hidden()  # nothing to play while the solution is shown
    in_first_screen(w, ".board svg.table")  # each step keeps the board and its Back and Next in view
    in_first_screen(w, "#play .stepper")
    stepper.get_by_role("button", name="Back").click()
    assert stepper.locator("p").inner_text() == f"2. {said(day.puzzle.solution[1])}"
    assert mine(w) == "\N{BLACK LARGE SQUARE}"


@pytest.mark.parametrize("game", ["papillon", "mouche"])
def test_a_card_games_solution_is_stepped_through_in_words(site, watched, game):
    """Issue 54: the stepper read only Butterfly moves and stopped at the start of every Sunday's solution."""
    from butterfly.puzzles.kinds import family_for

    _, base = site
    day = day_of("only-card", game=game)
    seats = family_for(day.puzzle.game).only_card().movers(day.puzzle)
    w = watched(viewport=PHONE)
    w.page.goto(base + f"day/{day.date}.html")
    w.page.get_by_role("button", name="Give up").click()
    close_panel(w)
    w.page.get_by_role("button", name="Show the solution").click()
    stepper = w.page.locator("#play .stepper")  # under the choices, near the picture
    assert stepper.locator("p").inner_text() == f"The start ({len(day.puzzle.solution)} moves)"
    for k, move in enumerate(day.puzzle.solution, 1):
        stepper.get_by_role("button", name="Next").click()
        end = " (the end)" if k == len(day.puzzle.solution) else ""
        seat = f"P{seats[k - 1]}"
        words = said_cards(move)
        played = f"{seat} {words}" if move.startswith("trail ") else f"{seat}\N{RIGHT SINGLE QUOTATION MARK}s {words}"
        if " x " not in move and not move.startswith("trail "):
            played = f"{seat} plays {words}"
        assert stepper.locator("p").inner_text() == f"{k}. {played}{end}"
    # done: the picture's cards are no longer marked to be played
    assert w.page.locator("#picture .choosable").count() == 0


def test_a_goal_puzzle_is_done_within_par(site, watched):
    _, base = site
    day = day_of("goal")
    par = day.puzzle.par.moves
    w = watched(viewport=PHONE)
    w.page.goto(base + f"day/{day.date}.html")
    assert day.puzzle.goal in w.page.locator("body").inner_text()
    for move in day.puzzle.solution[:-1]:
        click_move(w.page, move)
        assert w.page.locator("#after").is_hidden()
    click_move(w.page, day.puzzle.solution[-1])
    assert w.status() == f"Done in {par} moves, par {par}!"
    # Done is done: Undo is greyed out (a goal puzzle has no Hint), and the board no longer takes moves.
    assert w.page.get_by_role("button", name="Undo").is_disabled()
    w.page.get_by_role("button", name="Undo").click(force=True)
    assert w.page.locator(".counter").inner_text().strip().startswith(f"Moves: {par}")
    assert mine(w) == "\N{LARGE GREEN SQUARE}"
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    w.page.screenshot(path=str(SCREENSHOTS / "goal-phone.png"), full_page=True)


def test_an_only_moves_puzzle_plays_the_moves_between_and_refuses_a_wrong_step(site, watched):
    _, base = site
    day = day_of("only-moves")
    steps = day.puzzle.facts["steps"]
    w = watched()
    w.page.goto(base + f"day/{day.date}.html")
    click_move(w.page, day.puzzle.answer[0][0])
    assert w.status().startswith(f"Right: {said(day.puzzle.answer[0][0])} (1 of {len(steps)}).")
    assert w.page.locator(".counter").inner_text().strip().startswith(f"Moves: {steps[1]}")
    w.page.get_by_role("button", name="Undo").click()  # the moves before the step reached stay
    assert w.page.locator(".counter").inner_text().strip().startswith(f"Moves: {steps[1]}")
    wrong = day.puzzle.proof["steps"][1][0]["moves"][0]
    click_move(w.page, wrong)
    assert w.status() == f"{said(wrong)} is not it: the deal is lost after it. Undo and try again."
    w.page.get_by_role("button", name="Undo").click()
    for k in range(1, len(steps)):
        click_move(w.page, day.puzzle.answer[k][0])
    assert w.status().endswith(("Both" if len(steps) == 2 else f"All {len(steps)}") + " only moves found.")
    moves_done = w.page.locator(".counter").inner_text()
    assert w.page.get_by_role("button", name="Undo").is_disabled()
    w.page.get_by_role("button", name="Undo").click(force=True)
    assert w.page.locator(".counter").inner_text() == moves_done
    assert mine(w) == "\N{LARGE RED SQUARE}\N{LARGE GREEN SQUARE}"
    proof = w.page.locator("#after").inner_text()
    assert "paranoid" not in proof and "(search)" not in proof
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    w.page.screenshot(path=str(SCREENSHOTS / "only-moves-desktop.png"), full_page=True)


def solve_by_clicks(page, day) -> None:
    """Solve a day's puzzle as a player would: the answer, or the whole stored solution."""
    if day.puzzle.kind == "only-card":
        choose_card(page, day.puzzle.answer[0][0])
    else:
        if day.puzzle.kind == "only-move":
            moves = [day.puzzle.answer[0][0]]
        elif day.puzzle.kind == "only-moves":
            moves = [cls[0] for cls in day.puzzle.answer]
        else:
            moves = day.puzzle.solution
        for move in moves:
            click_move(page, move)
    assert page.locator("#after").is_visible()


def _at(w, day: date, hour: int = 12) -> None:
    w.context.clock.set_fixed_time(datetime(day.year, day.month, day.day, hour, tzinfo=UTC))


def _figures(w) -> str:
    """The four figures as one line: "Played: 1 · solved: 100% · streak: 1 (best 1)"
    (from the archive's statistics, or a day's finish panel)."""
    box = w.page.locator("#stats") if w.page.locator("#stats").count() else finish_panel(w)
    played, solved, streak, best = box.locator(".figures dd").all_inner_texts()
    return f"Played: {played} \N{MIDDLE DOT} solved: {solved} \N{MIDDLE DOT} streak: {streak} (best {best})"


def test_the_streak_counts_days_solved_on_their_own_date_as_wordle_does(site, watched):
    _, base = site
    days = {d.date: d for d in load_calendar()[:DAYS]}
    w = watched()
    _at(w, date(2027, 1, 10))
    w.page.goto(base + "day/2027-01-05.html")  # begun and left: not played (yet), nor a failure
    click_move(w.page, days[date(2027, 1, 5)].puzzle.solution[0])
    w.page.goto(base + "archive.html")
    assert _figures(w) == "Played: 0 \N{MIDDLE DOT} solved: 0% \N{MIDDLE DOT} streak: 0 (best 0)"
    w.page.goto(base + "day/2027-01-07.html")  # from the archive: played, not for the streak
    deal = days[date(2027, 1, 7)]  # a deal: its moves but the last kept as made before, the last clicked
    keep_progress(w, deal, deal.puzzle.solution[:-1])
    click_move(w.page, deal.puzzle.solution[-1])
    assert w.page.locator("#after").is_visible()
    assert _figures(w) == "Played: 1 \N{MIDDLE DOT} solved: 100% \N{MIDDLE DOT} streak: 0 (best 0)"
    w.page.goto(base + "day/2027-01-10.html")
    solve_by_clicks(w.page, days[date(2027, 1, 10)])
    assert _figures(w) == "Played: 2 \N{MIDDLE DOT} solved: 100% \N{MIDDLE DOT} streak: 1 (best 1)"
    _at(w, date(2027, 1, 11), hour=8)  # the next morning, today's not solved yet: the streak stands
    w.page.goto(base + "archive.html")
    assert _figures(w) == "Played: 2 \N{MIDDLE DOT} solved: 100% \N{MIDDLE DOT} streak: 1 (best 1)"
    w.page.goto(base + "day/2027-01-11.html")
    solve_by_clicks(w.page, days[date(2027, 1, 11)])
    assert _figures(w) == "Played: 3 \N{MIDDLE DOT} solved: 100% \N{MIDDLE DOT} streak: 2 (best 2)"
    _at(w, date(2027, 1, 13))  # a day missed: the streak is gone, the best stays
    w.page.goto(base + "archive.html")
    assert _figures(w) == "Played: 3 \N{MIDDLE DOT} solved: 100% \N{MIDDLE DOT} streak: 0 (best 2)"
    marks = {
        row.get_attribute("data-date"): row.locator(".mark").inner_text()
        for row in w.page.locator("tr[data-date]:visible").all()
    }
    assert max(marks) == "2027-01-13" and marks["2027-01-07"] == "solved" and marks["2027-01-08"] == ""
    assert marks["2027-01-05"] == "begun"
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    w.page.set_viewport_size(PHONE)
    w.page.screenshot(path=str(SCREENSHOTS / "archive-marks-phone.png"), full_page=True)


def test_a_clock_set_back_or_ahead_keeps_no_streak(site, watched):
    """Issue 54: a streak could be kept by setting the clock back a day at a time,
    and a future day solved early counted once its date came."""
    _, base = site
    days = {d.date: d for d in load_calendar()[:DAYS]}
    w = watched()
    _at(w, date(2027, 1, 12))
    w.page.goto(base + "day/2027-01-12.html")
    solve_by_clicks(w.page, days[date(2027, 1, 12)])
    assert _figures(w).endswith("streak: 1 (best 1)")
    _at(w, date(2027, 1, 11))  # set back a day: solved, but not for the streak; nor is the 12th now
    w.page.goto(base + "day/2027-01-11.html")  # (which of the two clocks was wrong, the page cannot tell)
    solve_by_clicks(w.page, days[date(2027, 1, 11)])
    assert _figures(w) == "Played: 2 \N{MIDDLE DOT} solved: 100% \N{MIDDLE DOT} streak: 0 (best 0)"
    w2 = watched()
    _at(w2, date(2027, 1, 9))  # another player sets the clock ahead, solves a day early ...
    w2.page.goto(base + "day/2027-01-09.html")
    solve_by_clicks(w2.page, days[date(2027, 1, 9)])
    _at(w2, date(2027, 1, 8))  # ... and back: the page sees it, and the early day never counts
    w2.page.goto(base + "archive.html")
    assert _figures(w2) == "Played: 1 \N{MIDDLE DOT} solved: 100% \N{MIDDLE DOT} streak: 0 (best 0)"
    _at(w2, date(2027, 1, 9), hour=13)  # its date comes: still not counted
    w2.page.goto(base + "archive.html")
    assert _figures(w2) == "Played: 1 \N{MIDDLE DOT} solved: 100% \N{MIDDLE DOT} streak: 0 (best 0)"


def test_a_day_after_today_cannot_be_opened_nor_is_listed(site, watched):
    _, base = site
    w = watched()
    _at(w, date(2027, 1, 5))
    w.page.goto(base + "day/2027-01-06.html")
    assert w.status() == "This puzzle opens on Wednesday 6 January 2027: come back then."
    assert w.page.locator("#goal").is_hidden()  # nothing of it before its day
    assert w.page.locator("#play button").count() == 0
    w.page.goto(base + "archive.html")
    shown = [row.get_attribute("data-date") for row in w.page.locator("tr[data-date]:visible").all()]
    assert shown == ["2027-01-05", "2027-01-04", "2027-01-03", "2027-01-02", "2027-01-01"]
    assert w.page.locator("section.month:visible h2").all_inner_texts() == ["January 2027"]


def test_progress_is_kept_across_reloads_and_a_solved_day_opens_on_its_result(site, watched):
    _, base = site
    day = day_of("win-in")
    n = len(day.puzzle.solution)
    w = watched()
    w.page.goto(base + f"day/{day.date}.html")
    for move in day.puzzle.solution[:3]:
        click_move(w.page, move)
    w.page.reload()
    assert w.page.locator(".counter").inner_text().strip() == f"Moves: 3 of {n}"
    assert w.status().startswith("Welcome back")
    for move in day.puzzle.solution[3:]:
        click_move(w.page, move)
    w.page.reload()
    assert w.status() == f"Won in {n} moves, par {n}!"
    assert w.page.get_by_role("button", name="Give up").count() == 0
    assert w.page.get_by_role("button", name="Undo").is_disabled()  # the board has stopped
    assert w.page.get_by_role("button", name="Hint").is_disabled()
    w.page.get_by_role("button", name="Undo").click(force=True)
    assert w.page.locator(".counter").inner_text().strip() == f"Moves: {n} of {n}"
    assert _figures(w).startswith("Played: 1 \N{MIDDLE DOT} solved: 100%")


def test_a_given_up_day_stays_given_up_and_never_counts_as_solved(site, watched):
    _, base = site
    day = day_of("only-move")
    w = watched()
    w.page.goto(base + f"day/{day.date}.html")
    w.says_yes = False  # a slip of the finger: asked, the player says no, and plays on
    w.page.get_by_role("button", name="Give up").click()
    assert w.page.locator("#after").is_hidden()
    assert w.page.get_by_role("button", name="Give up").is_enabled()
    w.says_yes = True
    w.page.get_by_role("button", name="Give up").click()
    w.page.reload()
    assert mine(w) == "\N{BLACK LARGE SQUARE}"
    assert _figures(w) == "Played: 1 \N{MIDDLE DOT} solved: 0% \N{MIDDLE DOT} streak: 0 (best 0)"
    close_panel(w)
    click_move(w.page, day.puzzle.answer[0][0])  # the board takes no move once given up
    assert w.page.locator(".counter").inner_text().strip() == "Moves: 0"


def test_a_win_in_n_takes_no_move_past_n(site, watched):
    _, base = site
    day = day_of("win-in")
    n = day.puzzle.facts["n"]

    def line_of(position, moves: int) -> list | None:
        """A line of ``moves`` legal moves that has not won and leaves a legal move (depth first)."""
        if moves == 0:
            return [] if position.legal_moves() and not position.is_won() else None
        for move in position.legal_moves():
            after = position.play(move)
            rest = None if after.is_won() else line_of(after, moves - 1)
            if rest is not None:
                return [move, *rest]
        return None

    line = line_of(deal_from_json(day.puzzle.position), n)
    assert line is not None
    end = deal_from_json(day.puzzle.position).replay(line)[-1]
    w = watched()
    w.page.goto(base + f"day/{day.date}.html")
    for move in line:
        click_move(w.page, str(move))
    assert w.status() == f"That is {n} moves and not won: undo and try again."
    click_move(w.page, str(end.legal_moves()[0]))
    assert w.status().startswith(f"Not legal: that would be move {n + 1}, and {n} is the most here")
    assert w.page.locator(".counter").inner_text().strip() == f"Moves: {n} of {n}"


def test_one_wrong_line_is_one_red_square_however_far_it_is_played(site, watched):
    _, base = site
    day = day_of("only-move")
    wrong = Move.parse(day.puzzle.alternatives()[0].moves[0])
    after_wrong = deal_from_json(day.puzzle.position).play(wrong)
    w = watched()
    w.page.goto(base + f"day/{day.date}.html")
    click_move(w.page, str(wrong))
    click_move(w.page, str(after_wrong.legal_moves()[0]))  # playing on in the lost position
    undo = w.page.get_by_role("button", name="Undo")
    undo.click()
    undo.click()
    click_move(w.page, day.puzzle.answer[0][0])
    assert mine(w) == "\N{LARGE RED SQUARE}\N{LARGE GREEN SQUARE}"


def test_a_move_can_be_made_with_the_keyboard(site, watched):
    _, base = site
    day = day_of("only-move")
    move = Move.parse(day.puzzle.answer[0][0])
    w = watched()
    w.page.goto(base + f"day/{day.date}.html")
    card_on_board(w.page, move.card, move.source).focus()
    w.page.keyboard.press("Enter")
    # Picked up (in an only-move puzzle even a card with one move waits for its
    # place): the board is drawn anew, and the focus stays on the card chosen.
    assert w.page.evaluate("[document.activeElement.dataset.card, document.activeElement.ariaPressed]") == [
        str(move.card),
        "true",
    ]
    # a row with cards is pressed on its outer card; home and the basement are places
    outer = w.page.locator(f'#play [data-source="{move.target}"]')
    row_with_cards = move.target not in ("B", "F") and outer.count()
    (outer if row_with_cards else place_on_board(w.page, move.target)).focus()
    w.page.keyboard.press("Space")
    assert w.status().startswith("Right:")


def test_pages_work_from_file_urls_and_look_right_on_phone_and_desktop(site, browser):
    out, _ = site
    day = day_of("only-move")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for name, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
        w = Watched(browser, viewport=viewport)
        try:
            w.page.goto((out / "day" / f"{day.date}.html").as_uri())
            assert w.page.locator("#play .board").is_visible()
            # Nothing wider than the screen but the board, which scrolls inside itself.
            width = w.page.evaluate("document.documentElement.scrollWidth")
            assert width <= viewport["width"], f"{name}: the page is {width} px wide"
            w.page.screenshot(path=str(SCREENSHOTS / f"day-{name}.png"), full_page=True)
            w.page.goto((out / "archive.html").as_uri())
            w.page.screenshot(path=str(SCREENSHOTS / f"archive-{name}.png"), full_page=True)
            w.check_clean(out.as_uri())
        finally:
            w.context.close()


def test_the_rules_the_pages_load_judge_the_shared_corpus_as_python_does(site, watched):
    """The corpus check of tests/test_js_rules.py, run by Chromium on the site's own modules
    (rules.js, search.js and page/game.js, the judge of goal and only-move puzzles)."""
    out, base = site
    corpus = build_corpus(seed=23, count=70, puzzles=4)
    w = watched()
    w.page.goto(base + "archive.html")  # a page of the site: its modules lie beside it
    judge = "data:text/javascript;base64," + base64.b64encode(JUDGE.read_bytes()).decode("ascii")
    script = """async ([judge, presets, corpus, full]) => {
        const { judgeCorpus } = await import(judge);
        const R = await import(new URL("rules.js", location.href).href);
        const S = await import(new URL("search.js", location.href).href);
        const { Game } = await import(new URL("page/game.js", location.href).href);
        R.usePresets(presets);
        return full ? judgeCorpus(R, corpus, S, Game) : judgeCorpus(R, corpus);
    }"""
    verdict = w.page.evaluate(script, [judge, PRESETS_DATA, corpus, True])
    assert verdict["checks"] > 1_500
    assert verdict["mismatches"] == []
    assert verdict["decided"] - verdict["provedLost"] >= 10 and verdict["provedLost"] >= 2  # the page's search too
    assert corpus["goals"] and corpus["choices"]
    corpus["cases"][0]["won"] = not corpus["cases"][0]["won"]  # one judgement falsified: seen
    assert len(w.page.evaluate(script, [judge, PRESETS_DATA, corpus, False])["mismatches"]) == 1


def _rgb(css: str) -> tuple[float, ...]:
    """An rgb()/rgba() colour as 0-1 channels."""
    inside = css[css.index("(") + 1 : css.index(")")].replace("/", " ").replace(",", " ").split()
    return tuple(float(v) / 255 for v in inside[:3])


def _contrast(a: str, b: str) -> float:
    """WCAG contrast ratio of two CSS colours."""

    def luminance(rgb):
        lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    high, low = sorted((luminance(_rgb(a)), luminance(_rgb(b))), reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_focus_ring_stands_out_on_every_background_light_and_dark(site, watched, scheme):
    _, base = site
    day = day_of("deal")
    w = watched(viewport=PHONE, color_scheme=scheme)
    w.page.goto(base + f"day/{day.date}.html")
    # a button on the paper, and a card on the board's cloth
    style = w.page.evaluate("""() => {
        const undo = document.querySelector('#play [data-action="undo"]');
        undo.focus({focusVisible: true});
        const b = getComputedStyle(undo);
        const result = {ring: b.outlineColor, halo: b.boxShadow, button: b.backgroundColor};
        const card = document.querySelector('#play [data-card]');
        card.focus({focusVisible: true});
        const rings = [card.querySelector('.ring-in'), card.querySelector('.ring-out')].map(getComputedStyle);
        const body = getComputedStyle(document.body);
        return {...result, cardRing: rings[0].stroke, cardHalo: rings[1].stroke, shown: rings[1].visibility,
                cloth: getComputedStyle(document.querySelector('.table .cloth')).fill,
                paper: body.backgroundColor, ink: body.color};
    }""")
    halo = style["halo"][: style["halo"].index(")") + 1]
    assert style["shown"] == "visible"
    face = "rgb(255, 255, 255)"  # the cards' faces, in every mode
    for background in (style["paper"], style["button"]):
        assert max(_contrast(style["ring"], background), _contrast(halo, background)) >= 3, (style, background)
    for background in (style["cloth"], style["paper"], face):
        assert max(_contrast(style["cardRing"], background), _contrast(style["cardHalo"], background)) >= 3, style
    assert _contrast(style["ink"], style["paper"]) >= 7  # body text
    if scheme == "dark":
        assert _rgb(style["paper"])[0] < 0.2
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    w.page.screenshot(path=str(SCREENSHOTS / f"focus-{scheme}-phone.png"), full_page=True)


def test_high_contrast_is_a_choice_the_browser_remembers(site, watched):
    _, base = site
    w = watched()
    w.page.goto(base + "archive.html")
    toggle = w.page.get_by_role("button", name="High contrast")
    toggle.click()
    assert toggle.get_attribute("aria-pressed") == "true"
    w.page.goto(base + f"day/{day_of('win-in').date}.html")
    assert w.page.evaluate("document.documentElement.classList.contains('contrast')")
    assert w.page.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(255, 255, 255)"
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    w.page.screenshot(path=str(SCREENSHOTS / "contrast-desktop.png"), full_page=True)
    w.page.get_by_role("button", name="High contrast").click()
    w.page.reload()
    assert not w.page.evaluate("document.documentElement.classList.contains('contrast')")


def test_only_the_status_is_a_live_region(site, watched):
    _, base = site
    w = watched()
    w.page.goto(base + f"day/{day_of('win-in').date}.html")
    assert w.page.locator("[aria-live]").count() == 0
    assert w.page.locator("[role=status]").count() == 1


def test_how_to_play_opens_on_the_first_visit_only_and_u_takes_a_move_back(site, watched):
    _, base = site
    day = day_of("deal")
    w = watched(viewport=PHONE, newcomer=True)
    w.page.goto(base + f"day/{day.date}.html")
    how = w.page.locator("#how")
    assert how.get_attribute("open") is not None
    text = how.inner_text()
    for words in ("outer card", "basement", "Only move", "Papillon", "trumps", "makes the mouche", "Ctrl"):
        assert words in text, words
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    w.page.screenshot(path=str(SCREENSHOTS / "how-to-play-phone.png"), full_page=True)
    w.page.reload()
    assert how.get_attribute("open") is None
    w.page.get_by_role("button", name="How to play").click()  # the header's "?"
    assert how.get_attribute("open") is not None
    assert w.page.evaluate("document.activeElement.closest('dialog') !== null")  # the keyboard is in it
    w.page.keyboard.press("u")  # the page's keys wait while it is open
    w.page.keyboard.press("Escape")
    assert how.get_attribute("open") is None
    w.page.get_by_role("button", name="How to play").click()
    how.get_by_role("button", name="Close").click()
    assert how.get_attribute("open") is None
    click_move(w.page, day.puzzle.solution[0])
    assert w.page.locator(".counter").inner_text().strip() == "Moves: 1"
    w.page.keyboard.press("u")
    assert w.page.locator(".counter").inner_text().strip() == "Moves: 0"
    click_move(w.page, day.puzzle.solution[0])
    w.page.keyboard.press("Control+z")
    assert w.page.locator(".counter").inner_text().strip() == "Moves: 0"


def test_the_site_works_offline_after_a_first_visit(site, watched):
    _, base = site
    day = day_of("win-in")
    w = watched()
    w.page.goto(base + f"day/{day.date}.html")
    assert w.page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    w.page.reload()  # now under the service worker, which keeps the page as it fetches it
    w.page.wait_for_function("navigator.serviceWorker.controller !== null")
    w.context.set_offline(True)
    try:
        w.page.reload()
        assert w.page.locator("h1").inner_text() == f"Butterfly daily #{day.number}"
        click_move(w.page, day.puzzle.solution[0])
        assert w.page.locator(".counter").inner_text().strip().startswith("Moves: 1")
        w.page.goto(base + "archive.html")  # kept on install
        assert w.page.locator("h1").inner_text() == "Archive"
    finally:
        w.context.set_offline(False)


def test_tomorrow_and_the_week_ahead_open_offline_after_one_visit(site, watched):
    """Issue 54: offline, the front page sent the player to a day never kept, and the
    browser's error showed. One visit online (the front page, and a look at a day of each
    kind of puzzle the week ahead does not have); then, offline, each of the next seven
    days opens from the front page on its date, and every kind is played to the end."""
    _, base = site
    w = watched()
    _at(w, FIRST_DAY)
    w.page.goto(base + "index.html")
    w.page.wait_for_url("**/day/2027-01-01.html")
    assert w.page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    # the worker keeps today and the next seven days, as the page asks
    kept = "caches.keys().then(k => caches.open(k[0])).then(c => c.keys()).then(r => r.map(q => q.url))"
    w.page.wait_for_function(f"{kept}.then(urls => urls.filter(u => /day\\/2027/.test(u)).length >= 8)")
    week = load_calendar()[:8]
    others = [day_of(kind, game) for kind, game in PLAYED if not any(d.puzzle.kind == kind for d in week)]
    for day in others:  # opened once, online
        w.page.goto(base + f"day/{day.date}.html")
    w.context.set_offline(True)
    try:
        played = set()

        def play_offline(day) -> None:
            """Each kind once: a deal (or resource) a move and a hint, any other played to the end."""
            if day.puzzle.kind in played:
                return
            played.add(day.puzzle.kind)
            if day.puzzle.kind in ("deal", "resource"):
                click_move(w.page, day.puzzle.solution[0])
                w.page.get_by_role("button", name="Hint").click()
                assert w.status().startswith("Hint: "), w.status()
                return
            solve_by_clicks(w.page, day)
            assert w.page.locator("dialog.finish").is_visible(), day.puzzle.kind

        for day in week[1:]:
            _at(w, day.date)
            w.page.goto(base + "index.html")  # the front page, then that day's page: both kept
            w.page.wait_for_url(f"**/day/{day.date}.html")
            assert w.page.locator("h1").inner_text() == f"Butterfly daily #{day.number}"
            play_offline(day)
        _at(w, LAST_BUILT)  # every day built has opened
        for day in [week[0], *others]:
            w.page.goto(base + f"day/{day.date}.html")
            play_offline(day)
        assert played >= {kind for kind, _ in PLAYED}
        # a day never opened nor ahead: the site's own offline page, not the browser's error
        never = next(d for d in load_calendar()[8:DAYS] if d.date not in {o.date for o in others})
        w.page.goto(base + f"day/{never.date}.html")
        assert w.page.locator("h1").inner_text() == "Offline"
        assert "not kept on this device" in w.page.locator("main").inner_text()
        w.page.locator("main").get_by_role("link", name="archive").click()  # its links hold
        assert w.page.locator("h1").inner_text() == "Archive"
    finally:
        w.context.set_offline(False)


def test_the_arrow_keys_walk_the_board(site, watched):
    _, base = site
    day = day_of("deal")
    start = deal_from_json(day.puzzle.position)
    w = watched()
    w.page.goto(base + f"day/{day.date}.html")
    card_on_board(w.page, start.rows[0][-1], "L1").focus()

    def focused() -> list:
        return w.page.evaluate("[document.activeElement.dataset.source, document.activeElement.dataset.target]")

    # on the picture, as the eye goes: down the left wing, across the body to the right wing
    w.page.keyboard.press("ArrowDown")
    assert focused() == ["L2", None]
    w.page.keyboard.press("ArrowUp")
    assert focused() == ["L1", None]
    card_on_board(w.page, start.rows[2][-1], "L3").focus()
    w.page.keyboard.press("ArrowRight")
    assert focused() == [None, "F"]  # home, the body, in the middle
    w.page.keyboard.press("ArrowRight")
    assert focused() == ["R3", None]
    w.page.keyboard.press("ArrowDown")
    w.page.keyboard.press("ArrowDown")
    w.page.keyboard.press("ArrowDown")
    assert focused() == [None, "B"]  # the basement, under the body


@pytest.mark.parametrize("scheme", ["light", pytest.param("dark", marks=pytest.mark.slow)])  # (dark: -m slow)
def test_no_serious_accessibility_violation_on_any_kind_of_page(site, watched, scheme):
    """axe-core (bundled by axe-playwright-python) on the index, a day of each game, the archive
    with a day solved and one given up, How to play, a board with cards in its basement, and
    the finish panel with the stats and the proof under it."""
    axe_api = pytest.importorskip("axe_playwright_python.sync_playwright", reason="pip install '.[test]'")
    _, base = site
    w = watched(color_scheme=scheme)
    axe = axe_api.Axe()
    found = {}

    def audit(name: str) -> None:
        results = axe.run(w.page)
        serious = [
            (v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3])
            for v in results.response["violations"]
            if v["impact"] in ("serious", "critical")
        ]
        if serious:
            found[name] = serious

    deal = day_of("deal")
    w.page.goto(base + f"day/{deal.date}.html")
    w.page.get_by_role("button", name="How to play").click()
    audit("How to play")
    w.page.keyboard.press("Escape")
    to_basement = next(k for k, m in enumerate(deal.puzzle.solution) if m.endswith(">B"))
    for move in deal.puzzle.solution[: to_basement + 1]:
        click_move(w.page, move)
    assert w.page.locator('#play [data-source="B"]').count() >= 1
    audit("a basement holding a card")
    w.page.goto(base + f"day/{day_of('win-in').date}.html")
    solve_by_clicks(w.page, day_of("win-in"))
    audit("the finish panel of a day solved")
    pages = ["index.html", "archive.html"]
    pages += [f"day/{day_of(kind, game).date}.html" for kind, game in [("deal", "butterfly"), ("only-card", "mouche")]]
    pages += (
        [f"day/{day_of('only-card', 'papillon').date}.html"]
        if any(d.puzzle.game == "papillon" for d in load_calendar()[:DAYS])
        else []
    )
    for path in pages:
        w.page.goto(base + path)
        if path.startswith("day/"):
            w.page.get_by_role("button", name="Give up").click()  # the finish panel, the proof under it
        audit(path)
    w.page.goto(base + "archive.html")  # with a solved day beside the given up ones
    audit("archive, marked")
    assert not found, found


def test_the_board_does_not_move_while_playing(site, watched):
    """Layout shift while playing a whole deal on a phone, messages of one to three lines
    among them (a refused move, a hint, an undo): Chromium's layout-shift entries, every one
    counted (Web Vitals leaves out those just after an input; here none is left out)."""
    _, base = site
    day = day_of("deal")
    w = watched(viewport=PHONE, has_touch=True)
    w.context.add_init_script(
        "window.shifted = 0; new PerformanceObserver(list => list.getEntries().forEach("
        "e => { window.shifted += e.value; })).observe({type: 'layout-shift', buffered: true});"
    )
    w.page.goto(base + f"day/{day.date}.html")
    w.page.wait_for_timeout(300)
    board_top = w.page.locator(".board").bounding_box()["y"]
    for k, move in enumerate(day.puzzle.solution[:-1]):
        if k == 3:
            w.page.get_by_role("button", name="Hint").click()
            w.page.wait_for_function("document.querySelector('main .status').textContent.startsWith('Hint')")
        if k == 5:
            w.page.get_by_role("button", name="Undo").click()
            click_move(w.page, day.puzzle.solution[k - 1])
        click_move(w.page, move)
        assert w.page.locator(".board").bounding_box()["y"] == board_top, move
    shifted = w.page.evaluate("window.shifted")  # the page's opening included
    assert shifted < 0.1, shifted


def test_the_focus_stays_on_the_board_when_a_move_empties_a_row(site, watched):
    """Issue 54: the focus was lost (to the page) when a move emptied a row, which then leaves the board."""
    _, base = site
    day = day_of("deal")
    positions = deal_from_json(day.puzzle.position).replay([Move.parse(m) for m in day.puzzle.solution])
    emptying = next(
        k
        for k, m in enumerate(day.puzzle.solution)
        if Move.parse(m).source not in ("B", "F")
        and not positions[k + 1].rows[positions[k].rules.row_names.index(Move.parse(m).source)]
    )
    move = Move.parse(day.puzzle.solution[emptying])
    assert move.target == "F"  # the last card of a row may only go home
    w = watched()
    w.page.goto(base + f"day/{day.date}.html")
    for text in day.puzzle.solution[:emptying]:
        click_move(w.page, text)
    card_on_board(w.page, move.card, move.source).focus()
    w.page.keyboard.press("Enter")
    w.page.keyboard.press("Enter")  # pressed again: home
    assert counter_of(w.page) == emptying + 1
    assert w.page.evaluate("document.activeElement.closest('svg.table') !== null")
    assert w.page.evaluate("document.activeElement.dataset.target") == "F"  # where the card went


def test_the_share_uses_the_phones_share_sheet_where_there_is_one(site, watched):
    _, base = site
    day = day_of("only-move")
    w = watched(viewport=PHONE, has_touch=True)
    w.context.add_init_script("navigator.share = data => { window.shared = data.text; return Promise.resolve(); };")
    w.page.goto(base + f"day/{day.date}.html")
    click_move(w.page, day.puzzle.answer[0][0])
    panel = w.page.locator("dialog.finish")
    panel.get_by_role("button", name="Share").click()
    assert w.page.evaluate("window.shared") == panel.locator("pre.share").inner_text()


def _losing_line(position, depth: int = 3) -> list | None:
    """A short line after which the solver proves the position lost (breadth of the first moves first)."""
    from butterfly.solver.patience.result import Limits
    from butterfly.solver.patience.solve import solve

    frontier = [(position, [])]
    for _ in range(depth):
        later = []
        for here, line in frontier:
            for move in here.legal_moves():
                after = here.play(move)
                if solve(after, Limits(max_nodes=200_000)).result == "unwinnable":
                    return [*line, move]
                later.append((after, [*line, move]))
        frontier = later[:200]
    return None


def test_a_position_proved_lost_is_reported_and_counts_as_a_wrong_try(site, watched):
    _, base = site
    day = day_of("win-in")
    line = _losing_line(deal_from_json(day.puzzle.position))
    assert line is not None
    w = watched()
    w.page.goto(base + f"day/{day.date}.html")
    for move in line:
        click_move(w.page, str(move))
    w.page.wait_for_function(
        "document.querySelector('#play .status').textContent.includes('No line wins within')", timeout=20_000
    )
    w.page.reload()  # the loss was counted once, not again when the moves come back
    w.page.wait_for_function(
        "document.querySelector('#play .status').textContent.includes('No line wins within')", timeout=20_000
    )
    for _ in line:
        w.page.get_by_role("button", name="Undo").click()
    for move in day.puzzle.solution:
        click_move(w.page, move)
    assert mine(w) == "\N{LARGE RED SQUARE}\N{LARGE GREEN SQUARE}"


def test_a_hint_is_a_move_the_solver_proves_keeps_the_deal_winnable(site, watched):
    from butterfly.solver.patience.result import Limits
    from butterfly.solver.patience.solve import solve

    _, base = site
    day = day_of("deal")
    start = deal_from_json(day.puzzle.position)
    w = watched()
    w.page.goto(base + f"day/{day.date}.html")
    w.page.get_by_role("button", name="Hint").click()
    w.page.wait_for_function("document.querySelector('#play .status').textContent.startsWith('Hint:')", timeout=30_000)
    hinted = w.status().removeprefix("Hint: ").removesuffix(" keeps the deal winnable.")
    (move,) = [m for m in start.legal_moves() if said(str(m)) == hinted]
    assert solve(start.play(move), Limits(max_nodes=1_000_000)).result == "won"


def test_a_tap_only_picks_a_card_up_and_a_second_tap_plays_it(site, watched):
    """A curious tap is never a move (issue 54: in a win-in it was a wrong try at once):
    a card with one move is picked up, and the second tap makes it; a card that
    can go home goes there on the second tap; a card with no move says so."""
    _, base = site
    day = day_of("deal")
    start = deal_from_json(day.puzzle.position)

    def moves_of(position, card, source):
        return [m for m in position.legal_moves() if (m.card, m.source) == (card, source)]

    def cases(position):
        outer = [(row[-1], name) for name, row in zip(position.rules.row_names, position.rows) if row]
        single = next(((c, s) for c, s in outer if len(moves_of(position, c, s)) == 1), None)
        homeward = next(
            ((c, s) for c, s in outer if len(ms := moves_of(position, c, s)) > 1 and any(m.target == "F" for m in ms)),
            None,
        )
        return single, homeward

    # along the stored solution, the first position with both kinds of card
    positions = start.replay([Move.parse(m) for m in day.puzzle.solution])
    played = next(k for k, p in enumerate(positions) if all(cases(p)))
    single, homeward = cases(positions[played])
    w = watched()
    w.page.goto(base + f"day/{day.date}.html")
    for move in day.puzzle.solution[:played]:
        click_move(w.page, move)
    counter = w.page.locator(".counter")
    assert counter.inner_text().strip() == f"Moves: {played}"
    card_on_board(w.page, *single).click()
    assert counter.inner_text().strip() == f"Moves: {played}"  # picked up only
    assert card_on_board(w.page, *single).get_attribute("aria-pressed") == "true"
    w.page.keyboard.press("Escape")  # put down
    assert card_on_board(w.page, *single).get_attribute("aria-pressed") == "false"
    card_on_board(w.page, *single).click()
    card_on_board(w.page, *single).click()
    assert counter.inner_text().strip() == f"Moves: {played + 1}"
    w.page.get_by_role("button", name="Undo").click()
    card = card_on_board(w.page, *homeward)
    card.click()
    assert counter.inner_text().strip() == f"Moves: {played}"  # chosen: it has more than one move
    card.click()
    assert counter.inner_text().strip() == f"Moves: {played + 1}"
    assert w.status().endswith("\N{RIGHTWARDS ARROW} home")


# ------------------------------------------------------------------ play on the picture
def counter_of(page) -> int:
    return int(page.locator(".counter").inner_text().split()[1])


def keep_progress(w, day, moves: list[str]) -> None:
    """The day's page, open, reloaded with ``moves`` as the player's progress the browser keeps (a
    deal's first moves made at once, where a test is about the moves after them); what else the
    browser keeps (other days, the clock) stays."""
    # once the service worker has kept the site's files: a reload before would cut off its requests
    w.page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    w.page.evaluate(
        """([date, moves]) => {
            const kept = JSON.parse(localStorage.getItem("butterfly-daily"));
            kept.days[date] = { moves: moves };
            localStorage.setItem("butterfly-daily", JSON.stringify(kept));
        }""",
        [day.date.isoformat(), moves],
    )
    w.page.reload()
    assert counter_of(w.page) == len(moves)


def test_a_whole_deal_is_won_by_taps_on_the_picture_of_a_phone(site, watched):
    _, base = site
    day = day_of("deal")
    w = watched(viewport=PHONE, has_touch=True)
    w.page.goto(base + f"day/{day.date}.html")
    # legible: the cards are drawn at three quarters of their size or more (corner ranks of 10 px)
    width = w.page.evaluate("document.querySelector('#play [data-card] use').getBoundingClientRect().width")
    assert width >= 0.75 * 56, width
    assert w.page.locator("#picture").is_hidden()  # the board is the picture

    def tap(move: Move, number: int) -> None:
        card_on_board(w.page, move.card, move.source).tap()
        if counter_of(w.page) < number:  # chosen, not yet moved
            place_on_board(w.page, move.target).tap()

    win_by(w, day, tap, "deal-won-by-taps-phone.png")


def win_by(w, day, make, screenshot: str) -> None:
    """Play the day's stored line, each move by ``make(move, its number)``;
    the counter follows each one, and the deal is won at par."""
    for number, text in enumerate(day.puzzle.solution, 1):
        make(Move.parse(text), number)
        assert counter_of(w.page) == number, (number, text, w.status())
    assert w.status() == f"Won in {len(day.puzzle.solution)} moves, par {day.puzzle.par.moves}!"
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    w.page.screenshot(path=str(SCREENSHOTS / screenshot), full_page=True)


@pytest.mark.slow  # (a whole deal by taps is in the default run; dragging a card is in test_board and test_editor)
def test_a_whole_deal_is_won_by_dragging_cards_on_the_picture_in_the_dark(site, watched):
    _, base = site
    day = day_of("deal")
    w = watched(color_scheme="dark")
    w.page.goto(base + f"day/{day.date}.html")
    first = Move.parse(day.puzzle.solution[0])
    card = card_on_board(w.page, first.card, first.source)
    card.drag_to(w.page.locator("h1"))  # dropped off the board: no move, and the card is back
    assert counter_of(w.page) == 0 and card.count() == 1

    def drag(move: Move, number: int) -> None:
        card_on_board(w.page, move.card, move.source).drag_to(place_on_board(w.page, move.target))

    win_by(w, day, drag, "deal-won-by-drags-dark-desktop.png")


def test_a_chosen_card_lights_the_places_it_may_go(site, watched):
    _, base = site
    day = day_of("deal")
    start = deal_from_json(day.puzzle.position)
    move = next(m for m in start.legal_moves() if sum(o.card == m.card for o in start.legal_moves()) > 1)
    w = watched(viewport=PHONE)
    w.page.goto(base + f"day/{day.date}.html")
    card_on_board(w.page, move.card, move.source).click()
    lit = w.page.evaluate("[...document.querySelectorAll('#play .target.can')].map(n => n.dataset.target)")
    assert sorted(lit) == sorted(m.target for m in start.legal_moves() if m.card == move.card)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    w.page.screenshot(path=str(SCREENSHOTS / "chosen-card-phone.png"), full_page=True)


def _safe_home(position) -> list:
    """The moves the option makes after a move: safe moves home, the first each time
    (butterfly.solver.patience.pruning)."""
    from butterfly.solver.patience.pruning import is_safe_foundation_move

    made = []
    while safe := [m for m in position.legal_moves() if is_safe_foundation_move(position, m)]:
        made.append(safe[0])
        position = position.play(safe[0])
    return made


def test_safe_cards_go_home_by_themselves_when_asked_and_undo_takes_them_back(site, watched):
    _, base = site
    day = day_of("deal")
    start = deal_from_json(day.puzzle.position)
    positions = start.replay([Move.parse(m) for m in day.puzzle.solution])
    # the first move of the stored line after which the option has cards to move
    k = next(k for k in range(1, len(positions)) if _safe_home(positions[k]) and not positions[k].is_won())
    made = _safe_home(positions[k])
    w = watched()
    w.page.goto(base + f"day/{day.date}.html")
    keep_progress(w, day, day.puzzle.solution[: k - 1])  # (moves clicked are in the tests above)
    option = w.page.get_by_label("Safe cards go home by themselves")
    assert not option.is_checked()  # off unless asked for
    option.check()
    click_move(w.page, day.puzzle.solution[k - 1])
    assert counter_of(w.page) == k + len(made)
    assert w.status().endswith("then home by themselves: " + ", ".join(said_cards(str(m.card)) for m in made) + ".")
    w.page.get_by_role("button", name="Undo").click()  # the player's move and the option's together
    assert counter_of(w.page) == k - 1
    w.page.reload()  # the choice is remembered
    assert w.page.get_by_label("Safe cards go home by themselves").is_checked()


def test_a_win_in_hint_and_warning_look_only_as_far_as_the_moves_left(site, watched):
    """A hint keeps a win within the moves left, proved by the page's search
    off the stored line; a move after which no win fits in them is reported
    though the deal could still be won."""
    from butterfly.solver.patience import kernel
    from butterfly.solver.patience.result import Limits

    _, base = site

    def fewest(position) -> int | None:
        answer = kernel.shortest(position, limits=Limits(max_nodes=500_000))
        return len(answer.steps) if answer.exhausted and answer.steps else None

    # the first win-in day with a first move off its line that keeps a win in the moves left, and one that does not
    for day in load_calendar()[:DAYS]:
        if day.puzzle.kind != "win-in":
            continue
        start, n = deal_from_json(day.puzzle.position), day.puzzle.facts["n"]
        lengths = {str(m): fewest(start.play(m)) for m in start.legal_moves() if str(m) != day.puzzle.solution[0]}
        keeps = next((m for m, f in lengths.items() if f is not None and f <= n - 1), None)
        late = next((m for m, f in lengths.items() if f is not None and f > n - 1), None)
        if keeps and late:
            break
    else:
        pytest.fail("no win-in day with both kinds of first move")
    w = watched()
    w.page.goto(base + f"day/{day.date}.html")
    w.page.keyboard.press("h")  # on the stored line: its next move
    assert w.status() == f"Hint: {said(day.puzzle.solution[0])} keeps a win within the moves left."
    click_move(w.page, keeps)
    w.page.keyboard.press("h")
    w.page.wait_for_function("document.querySelector('#play .status').textContent.startsWith('Hint:')", timeout=30_000)
    hinted = w.status().removeprefix("Hint: ").removesuffix(" keeps a win within the moves left.")
    after = start.play(Move.parse(keeps))
    (move,) = [m for m in after.legal_moves() if said(str(m)) == hinted]
    assert (fewest(after.play(move)) or 99) <= n - 2
    w.page.get_by_role("button", name="Undo").click()
    click_move(w.page, late)
    w.page.wait_for_function(
        f"document.querySelector('#play .status').textContent.startsWith('No line wins within {n} moves from here')",
        timeout=30_000,
    )
    assert mine_so_far(w) == 1


def mine_so_far_or_none(w):
    """The wrong tries kept for the day open, or None when nothing is kept for it."""
    date_ = w.page.evaluate("JSON.parse(document.getElementById('page-data').textContent).date")
    return w.page.evaluate(f"((JSON.parse(localStorage.getItem('butterfly-daily')) || {{}}).days || {{}})['{date_}']")


def mine_so_far(w) -> int:
    """The wrong tries the browser keeps for the day open."""
    date_ = w.page.evaluate("JSON.parse(document.getElementById('page-data').textContent).date")
    return w.page.evaluate(f"JSON.parse(localStorage.getItem('butterfly-daily')).days['{date_}'].misses")


def tap_twice(card) -> None:
    """A card of a Sunday's picture played by taps: the first chooses it, the second plays it."""
    card.tap()
    card.tap()


def test_a_card_game_is_played_by_tapping_the_cards_in_its_picture(site, watched):
    _, base = site
    day = day_of("only-card", game="mouche")
    right = day.puzzle.answer[0][0]
    wrong = day.puzzle.alternatives()[0].moves[0]
    w = watched(viewport=PHONE, has_touch=True)
    w.page.goto(base + f"day/{day.date}.html")
    # legible on a phone: the picture's smallest words and the cards' corners at 10 px or more
    smallest = w.page.evaluate(
        "Math.min(...[...document.querySelectorAll('#picture svg text')].map(t => t.getBoundingClientRect().height))"
    )
    assert smallest >= 10, smallest
    tap_twice(w.page.locator(f"#picture #card-{wrong.split()[0]}"))
    assert w.status().startswith(f"Not that: {said_cards(wrong)}")
    # the picture fills a phone's screen: the verdict below it is brought into view
    status_box = w.page.locator("main .status").bounding_box()
    assert status_box is not None and status_box["y"] >= 0
    # (scrolled to the bottom edge, to a fraction of a pixel)
    assert status_box["y"] + status_box["height"] <= PHONE["height"] + 1
    tap_twice(w.page.locator(f"#picture #card-{wrong.split()[0]}"))  # the same wrong card again: no second miss
    assert w.status().startswith(f"Already tried. Not that: {said_cards(wrong)}")
    assert mine_so_far(w) == 1
    assert "refuted" in (w.page.locator(f'#play button.choice[data-card="{wrong}"]').get_attribute("class") or "")
    w.page.reload()  # the tries are kept with the day: after a reload the same wrong card is no second miss
    assert "refuted" in (w.page.locator(f'#play button.choice[data-card="{wrong}"]').get_attribute("class") or "")
    tap_twice(w.page.locator(f"#picture #card-{wrong.split()[0]}"))
    assert w.status().startswith(f"Already tried. Not that: {said_cards(wrong)}")
    assert mine_so_far(w) == 1
    # the cards that may be played are marked without hover (a phone has none)
    frame = w.page.locator(f"#picture #card-{right.split()[0]} > rect").first
    assert frame.evaluate("r => getComputedStyle(r).strokeWidth") == "4px"
    tap_twice(w.page.locator(f"#picture #card-{right.split()[0]}"))
    assert w.status().startswith(f"Right: {said_cards(right)}")
    close_panel(w)
    tap_twice(w.page.locator(f"#picture #card-{wrong.split()[0]}"))  # done: no more tries count
    assert mine(w) == "\N{LARGE RED SQUARE}\N{LARGE GREEN SQUARE}"
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    w.page.screenshot(path=str(SCREENSHOTS / "card-game-tapped-phone.png"), full_page=True)


def test_a_win_shorter_than_a_par_not_proved_shortest_is_told_as_such(site, watched):
    """Only a par the solver has not proved shortest can be beaten; the page
    then says by how much, in plain words. (A copy of the deal's day whose
    par is made three moves longer than its stored line; its moves but the
    last are the player's progress, kept by the browser as a reload finds
    it, and the last is clicked: a whole deal played by clicks and by taps
    is in the tests above.)"""
    out, base = site
    day = day_of("deal")
    page = (out / f"day/{day.date}.html").read_text(encoding="utf-8")
    found = re.search(r'(<script type="application/json" id="page-data">)(.*?)(</script>)', page, re.S)
    data = json.loads(found.group(2))
    n = len(day.puzzle.solution)
    data["puzzle"]["proof"]["par"].update(moves=n + 3, proved="bounded", lower=n - 5)
    copy = page[: found.start(2)] + json_for_html(data) + page[found.end(2) :]
    (out / "day/beaten-par.html").write_text(copy, encoding="utf-8")
    w = watched(viewport=PHONE)
    w.page.goto(base + "day/beaten-par.html")
    keep_progress(w, day, day.puzzle.solution[:-1])
    click_move(w.page, day.puzzle.solution[-1])
    assert w.status() == f"Won in {n} moves, par {n + 3}! That is 3 fewer than the shortest win we know."
    w.check_clean(base)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    w.page.screenshot(path=str(SCREENSHOTS / "par-beaten-phone.png"))


# ------------------------------------------------------------------ issue 65: Sunday taps, Escape, where a day leads on
SIZES = pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])


def press(w, locator) -> None:
    """A press as the player's device makes it: a tap on a phone (a touch screen), a click on a desktop."""
    if w.page.viewport_size == PHONE:
        locator.tap()
    else:
        locator.click()


def misses_kept(w) -> int:
    """The wrong tries kept for the day open (none while nothing is kept)."""
    date_ = w.page.evaluate("JSON.parse(document.getElementById('page-data').textContent).date")
    kept = w.page.evaluate(f"(JSON.parse(localStorage.getItem('butterfly-daily')) || {{days: {{}}}}).days['{date_}']")
    return kept["misses"] if kept else 0


def without_the_engine(w) -> None:
    """The tool pages ask ``butterfly serve``'s engine, which this static site has not: each request
    to it is refused (404), which the browser logs as an error. Those are forgiven, and only those."""
    refused = []
    w.page.on("response", lambda r: r.status == 404 and "/api/" in r.url and refused.append(r.url))

    def forgive() -> None:
        logged = "console: Failed to load resource: the server responded with a status of 404 (File not found)"
        for _ in refused:
            if logged in w.errors:
                w.errors.remove(logged)

    w.forgive = forgive


@SIZES
def test_on_a_sunday_one_curious_tap_is_no_wrong_try(site, watched, size):
    """Issue 65, item 14: on 10 January 2027 (La Mouche) one tap on 8♦ was taken as the answer and counted.
    As on the Butterfly days, a first tap only chooses a card; a second plays it; Escape puts it down."""
    _, base = site
    day = day_of("only-card", game="mouche")
    right = day.puzzle.answer[0][0]
    wrong = day.puzzle.alternatives()[0].moves[0]
    w = watched(viewport=size, has_touch=size is PHONE)
    w.page.goto(base + f"day/{day.date}.html")
    in_picture = w.page.locator(f"#picture #card-{wrong}")
    below = w.page.locator(f'#play button.choice[data-card="{wrong}"]')
    press(w, in_picture)
    assert w.status() == f"Chosen: {said_cards(wrong)}. Tap it again to play it (Escape puts it down)."
    assert in_picture.get_attribute("aria-pressed") == below.get_attribute("aria-pressed") == "true"
    assert misses_kept(w) == 0
    w.page.keyboard.press("Escape")
    prompt = "Your move: tap a card with a yellow frame, or choose below the picture."
    assert w.status() == f"{said_cards(wrong)} put down. {prompt}"
    assert in_picture.get_attribute("aria-pressed") == below.get_attribute("aria-pressed") == "false"
    # a press on another card chooses that one instead: still no try
    press(w, w.page.locator(f"#picture #card-{right}"))
    press(w, below)
    assert w.status().startswith(f"Chosen: {said_cards(wrong)}.") and misses_kept(w) == 0
    press(w, below)  # the second press plays it
    assert w.status().startswith(f"Not that: {said_cards(wrong)}") and misses_kept(w) == 1
    # a drag dropped off the middle of the table puts the card back; dropped on it, plays it
    drag_to(w.page, w.page.locator(f"#picture #card-{right}"), w.page.locator("#picture .seat").first)
    assert w.status().startswith(f"Not that: {said_cards(wrong)}") and misses_kept(w) == 1
    if size is PHONE:
        drag_to(w.page, w.page.locator(f"#picture #card-{right}"), w.page.locator("#picture .middle"))
    else:
        press(w, w.page.locator(f"#picture #card-{right}"))
        assert w.status().startswith(f"Chosen: {said_cards(right)}.")
        press(w, w.page.locator(f'#play button.choice[data-card="{right}"]'))  # the same card, pressed below it
    assert w.status().startswith(f"Right: {said_cards(right)}")
    assert mine(w) == "\N{LARGE RED SQUARE}\N{LARGE GREEN SQUARE}"


def drag_to(page, thing, place) -> None:
    """``thing`` dragged by the mouse to the middle of ``place``, in steps (the page sees it move)."""
    start, end = thing.bounding_box(), place.bounding_box()
    assert start is not None and end is not None
    page.mouse.move(start["x"] + start["width"] / 2, start["y"] + start["height"] / 2)
    page.mouse.down()
    page.mouse.move(end["x"] + end["width"] / 2, end["y"] + end["height"] / 2, steps=8)
    page.mouse.up()


@SIZES
@pytest.mark.parametrize("where", ["day", "board"])
def test_escape_puts_a_card_down_and_the_status_says_so(site, watched, size, where):
    """Issue 65, item 15: Escape put the card down, but the status still read "8♦ picked up: now where
    it goes" (a day page and the analysis board alike); pressed again with no one move to make, the same."""
    _, base = site
    day = day_of("deal")
    w = watched(viewport=size, has_touch=size is PHONE)
    if where == "board":
        without_the_engine(w)
        w.page.goto(base + "board.html")
        start = Position.deal(1)
    else:
        w.page.goto(base + f"day/{day.date}.html")
        start = deal_from_json(day.puzzle.position)
    moves = start.legal_moves()
    card, source = moves[0].card, moves[0].source
    shown = said_cards(str(card))
    status = w.page.locator("#play .status")
    press(w, card_on_board(w.page, card, source))
    assert status.inner_text() == f"{shown} picked up: now where it goes (Escape puts it down)."
    w.page.keyboard.press("Escape")
    assert card_on_board(w.page, card, source).get_attribute("aria-pressed") == "false"
    assert status.inner_text() == f"{shown} put down."
    # a card with several places to go and none of them home, pressed twice, is let go too
    torn = next(
        (m.card, m.source)
        for m in moves
        if sum((n.card, n.source) == (m.card, m.source) for n in moves) > 1
        and not any((n.card, n.source, n.target) == (m.card, m.source, "F") for n in moves)
    )
    press(w, card_on_board(w.page, *torn))
    press(w, card_on_board(w.page, *torn))
    assert status.inner_text() == f"{said_cards(str(torn[0]))} put down."
    assert card_on_board(w.page, *torn).get_attribute("aria-pressed") == "false"
    if where == "board":
        w.forgive()


def drawn_on_the_board(page, position) -> None:
    """Each row's outer card of ``position`` is on the board, where it lies."""
    for name, row in zip(position.rules.row_names, position.rows):
        if row:
            assert card_on_board(page, row[-1], name).count() == 1, (name, row[-1])


def board_line(page) -> str:
    """The position line a tool page's address opens (its ``#p=``)."""
    return parse_qs(urlsplit(page.url).fragment)["p"][0]


@pytest.mark.parametrize(
    "game, size",
    [
        pytest.param("butterfly", DESKTOP, id="butterfly-desktop"),
        pytest.param("mouche", PHONE, id="mouche-phone"),
        # the same flows at the other size: under -m slow
        pytest.param("butterfly", PHONE, id="butterfly-phone", marks=pytest.mark.slow),
        pytest.param("mouche", DESKTOP, id="mouche-desktop", marks=pytest.mark.slow),
    ],
)
def test_a_finished_day_leads_to_free_play_at_its_grade_and_its_position_on_the_board(site, watched, size, game):
    """Issue 65, item 20: a day page linked none of the tools. Once the day is over (solved, or given up),
    the finish panel and the page under the board lead to a free-play deal at the day's grade and to the
    day's position on its game's board; every day page names the tools, free play among them."""
    _, base = site
    day = day_of("only-move") if game == "butterfly" else day_of("only-card", game="mouche")
    w = watched(viewport=size, has_touch=size is PHONE)
    without_the_engine(w)
    w.page.goto(base + f"day/{day.date}.html")
    tools = w.page.locator("p.tools")
    assert tools.inner_text() == (
        "Also here: the analysis board, free play, the position editor and the card-game board."
    )
    assert w.page.get_by_role("link", name="Analyse this position").count() == 0  # nothing given away before the end
    if game == "butterfly":
        solve_by_clicks(w.page, day)
    else:
        w.page.get_by_role("button", name="Give up").click()
    panel = w.page.locator("dialog.finish")
    another = "Play another deal at this grade" if game == "butterfly" else "Play a Butterfly deal at this grade"
    board_name = "analysis board" if game == "butterfly" else "card-game board"
    assert panel.locator(".go-on").inner_text().split("\n") == [
        f"{another} in free play",
        f"Analyse this position on the {board_name}",
    ]
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    w.page.screenshot(path=str(SCREENSHOTS / f"go-on-{game}-{'phone' if size is PHONE else 'desktop'}.png"))
    close_panel(w)
    w.page.locator("#after").get_by_role("link", name="Analyse this position").click()
    if game == "butterfly":
        w.page.wait_for_url("**/board.html#p=*")
        assert parse_line(board_line(w.page)) == deal_from_json(day.puzzle.position)
        assert w.page.locator("#what").inner_text().startswith("From a link")
        drawn_on_the_board(w.page, deal_from_json(day.puzzle.position))
    else:
        w.page.wait_for_url("**/cards.html#p=*")
        assert parse_line(w.page.locator("#line-out").input_value()) == mouche_position(day.puzzle.position)
    w.page.go_back()
    w.page.locator("#after").get_by_role("link", name=another).click()
    w.page.wait_for_url("**/board.html#p=*")
    deal = int(parse_qs(urlsplit(w.page.url).fragment)["deal"][0])
    grade = day.puzzle.grade
    assert w.page.locator("#what").inner_text().startswith(f"Free play: deal {deal}, grade {grade}, ")
    assert parse_line(board_line(w.page)) == Position.deal(deal)
    drawn_on_the_board(w.page, Position.deal(deal))
    assert board_free_play()["grades"][deal] == str(grade) and deal != day.puzzle.facts.get("deal")
    w.forgive()
