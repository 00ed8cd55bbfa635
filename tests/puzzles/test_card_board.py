"""The card-game board (cards.html; butterfly/puzzles/site/page/cards-board.js): its
lines are Python's (node, over hundreds of positions of both games); the
server still answers with the keys the board's readers are tested on
(tests/js/card_answers.json: the state, the readers and the words are
node-tested in tests/js/cards-*.test.js); in Debian's Chromium driven by
Playwright on a real ``butterfly serve --site``: the Papillon ending of
examples/papillon/last-deal.json set up by clicks on a phone (the clicks
counted and printed), its values the API's, played through and undone, an
impossible set-up said and the rules' refusal, a set-up by keys alone, a
record reviewed with its mistakes marked, the link opened in a fresh
browser, and the page from file:// saying how to get the engine; a La
Mouche ending placed card by card asking the rules nothing they refuse, only
what is wrong said in bold, and counters typed over.
Screenshots go to test-output/cards/."""

from __future__ import annotations

import json
import random
import re
import shutil
import subprocess
import sys
from itertools import islice
from pathlib import Path

import pytest
from server.served import MOUCHE_START, PAPILLON_RECORD
from tool_pages import DESKTOP, PHONE, serious_violations

from butterfly.games.cards import Card, make_deck
from butterfly.games.errors import InputError
from butterfly.games.mouche.notation import data_of as mouche_data
from butterfly.games.mouche.notation import line_of as mouche_line_of
from butterfly.games.mouche.notation import parse_line as mouche_parse
from butterfly.games.mouche.notation import position_line as mouche_line
from butterfly.games.mouche.rules import MoucheEntry, MoucheHand, MoucheOptions
from butterfly.games.papillon.format import position_to_json as papillon_json
from butterfly.games.papillon.notation import data_of as papillon_data
from butterfly.games.papillon.notation import parse_line as papillon_parse
from butterfly.games.papillon.notation import position_line as papillon_line
from butterfly.games.papillon.rules import HandState, Options, Scoring
from butterfly.server.tasks import moves_task

ROOT = Path(__file__).parents[2]
SHOTS = ROOT / "test-output" / "cards"
LINES_JS = ROOT / "tests" / "js" / "card_lines.js"
STEPS_JS = ROOT / "tests" / "js" / "card_steps.js"
LAST_DEAL = ROOT / "examples" / "papillon" / "last-deal.json"
FROM_SEAT = ROOT / "examples" / "papillon" / "from-seat.json"
#: examples/papillon/last-deal.json as a line (``papillon analyse --format line``).
LAST_DEAL_LINE = "papillon_hAH6SJS.4DAS4S.THJH8S_tAC4C6C8CTCJC5D6DJD_w8.13.13_c108.116.116_p80_d2_m0_l2"
NODE = shutil.which("node")
#: butterfly serve's answers the node tests read (tests/js/card_fixtures.js).
RECORDED = json.loads((ROOT / "tests" / "js" / "card_answers.json").read_text())["answers"]
#: Words of the solver that a player is never shown.
SOLVER_WORDS = re.compile(r"\b(node|nodes|kernel|paranoid|class|worlds?|max-?n)\b", re.IGNORECASE)


def _shown(data: dict) -> set[str]:
    """The cards a Papillon position's JSON object shows: in the hands, on the table, in the stock."""
    return {*(c for hand in data["hands"] for c in hand), *data["table"], *data["stock"]}


def _positions(seed: int) -> list[str]:
    """Lines Python writes of positions along random hands of both games, every player count and option,
    some seen from one seat (hands and the stock given by their number of cards)."""
    rng = random.Random(seed)
    lines = []
    for _ in range(150):
        n = rng.choice([3, 4])
        deck = make_deck(52)
        rng.shuffle(deck)
        chips = tuple(rng.randrange(-50, 300) for _ in range(n))
        options = Options(players=n, scoring=rng.choice(list(Scoring)))
        stake = rng.choice([1, 1, 2])
        state = HandState.deal(rng.randrange(n), deck, options, chips=chips, pool=rng.randrange(100), stake=stake)
        for _ in range(rng.randrange(40)):
            after = state.play(rng.choice(state.legal_moves()))
            if after.is_terminal():
                break
            state = after
        data = papillon_json(state)
        if rng.random() < 0.4:  # the view from one seat: the won cards listed, as Python then asks
            unseen = iter(c for c in make_deck(52) if str(c) not in _shown(data))
            data["taken"] = [[str(c) for c in sorted(islice(unseen, won))] for won in data["taken"]]
            for seat in rng.sample(range(n), rng.randrange(1, n)):
                data["hands"][seat] = len(data["hands"][seat])
            if data["stock"] and rng.random() < 0.5:
                data["stock"] = len(data["stock"])
        lines.append(papillon_line(data))
    for _ in range(150):
        n = rng.randrange(3, 7)
        pamphile = rng.random() < 0.5
        options = MoucheOptions(
            players=n,
            pamphile=pamphile,
            pamphile_any_suit=pamphile and rng.random() < 0.5,
            entry=rng.choice(list(MoucheEntry)),
            cap=rng.choice([20, 20, 45]),
        )
        deck = make_deck(options.deck_size)
        rng.shuffle(deck)
        pending = (10, 5) if options.entry is MoucheEntry.LARGEST_FIRST and rng.random() < 0.5 else ()
        hand = MoucheHand.deal(rng.randrange(n), deck, options, pending=pending)
        for _ in range(rng.randrange(25)):
            after = hand.play(rng.choice(hand.legal_moves()))
            if after.is_terminal():
                break
            hand = after
        hidden = rng.sample(range(n), rng.randrange(n)) if rng.random() < 0.4 else []
        lines.append(mouche_line(hand, hidden))
    return lines


@pytest.mark.skipif(NODE is None, reason="node is not on PATH")
def test_the_pages_lines_are_pythons():
    lines = _positions(5)
    papillons, mouches = lines[:150], lines[150:]
    # every field the set-up gives is among them
    for field in (r"_h\d", r"\.\d\.|\.\d_", r"_s\d", "_b", "_rmodern", "_k"):
        assert any(re.search(field, line) for line in papillons), field
    for field in ("any-suit", "largest-first", "_ocap|\\.cap", "cap45", "_u", "_x", "_q", "_j", r"_h\d|\.\d"):
        assert any(re.search(field, line) for line in mouches), field
    # written otherwise (lower case, 10 for T, won cards listed): read as Python reads them
    shown = {"9S", "KH", "5S", "KS", "5D", "2C"}
    won = "".join(str(c) for c in make_deck(52) if str(c) not in shown)[: 2 * 20].replace("T", "10")
    other = f"papillon_h9s.kh5s.ks_t5D2C_w{won}.15.11_c250.262.248_p60_d0_m1"
    texts = [*lines, other, "papillon_h9S.3.KS_t2C_d0_m0_x1", "chess_e4"]
    assert NODE is not None
    done = subprocess.run([NODE, str(LINES_JS)], input=json.dumps(texts), capture_output=True, text=True, check=True)
    out = json.loads(done.stdout)
    assert [o.get("line") for o in out[: len(lines)]] == lines
    # La Mouche's played cards placed seat by seat (every seat's, then the next's): the same line, each
    # trick ordered by the rules (over many tricks won by a seat other than its leader's next)
    assert [o["bySeat"] for o in out[150 : len(lines)]] == mouches
    assert sum("." in re.search("_w([^_]*)|$", line)[0] for line in mouches) > 20  # (two tricks and more)
    assert out[len(lines)]["line"] == papillon_line(papillon_parse(other).state)
    assert "does not know: x1" in out[-2]["error"] and "papillon or mouche" in out[-1]["error"]


@pytest.mark.skipif(NODE is None, reason="node is not on PATH")
def test_a_set_up_being_placed_goes_to_the_rules_only_when_they_accept_it():
    # Python's positions placed again card by card and counter by counter, in a shuffled order: every set-up
    # met on the way that the page finds nothing wrong with (the page then asks /api/moves) is one the rules
    # accept, so placing a set-up logs no refusal
    assert NODE is not None
    texts = json.dumps(_positions(8)[::2])  # (half of them: enough, and quick)
    done = subprocess.run([NODE, str(STEPS_JS)], input=texts, capture_output=True, text=True, check=True)
    sent = json.loads(done.stdout)
    assert len(sent) > 100 and sum(line.startswith("mouche") for line in sent) > 50, len(sent)
    refused = {}
    for line in sent:
        try:
            moves_task(line)
        except InputError as error:
            refused[line] = str(error)
    assert refused == {}


def _missing(recorded: object, fresh: object, where: str = "") -> list[str]:
    """The keys of ``recorded`` (a JSON answer, nested) that ``fresh`` does not have, by their paths."""
    if isinstance(recorded, dict):
        if not isinstance(fresh, dict):
            return [where or "the answer"]
        return [
            path
            for key, value in recorded.items()
            for path in (_missing(value, fresh[key], f"{where}.{key}") if key in fresh else [f"{where}.{key}"])
        ]
    if isinstance(recorded, list) and isinstance(fresh, list):
        return [path for k, pair in enumerate(zip(recorded, fresh)) for path in _missing(*pair, f"{where}[{k}]")]
    return []


#: The recorded answers asked again (the reviews of whole games are left: the same keys, and slow).
ASKED_AGAIN = [name for name in RECORDED if not name.endswith(("-game", "-bots"))]


@pytest.mark.parametrize("name", ASKED_AGAIN)
def test_the_server_still_answers_with_the_keys_the_boards_readers_are_tested_on(served, name):
    _, api = served
    recorded = RECORDED[name]
    fresh = api.post("/" + recorded["path"], json=recorded["request"])
    assert fresh.status_code == 200, fresh.text
    assert _missing(recorded["answer"], fresh.json()) == []


def cli_line(path: Path) -> str:
    """``butterfly papillon analyse PATH --format line`` as a user runs it (the installed command)."""
    command = [sys.executable, "-P", "-m", "butterfly.cli", "papillon", "analyse", str(path), "--format", "line"]
    return subprocess.run(command, capture_output=True, text=True, check=True).stdout.strip()


def line_of(page) -> str:
    return page.locator("#line-out").input_value()


class Clicks:
    """The newcomer's clicks and keystrokes, counted."""

    def __init__(self, page) -> None:
        self.page, self.clicks, self.keys = page, 0, 0

    def click(self, selector: str) -> None:
        self.page.locator(selector).click()
        self.clicks += 1

    def type(self, selector: str, text: str) -> None:
        self.click(selector)
        self.page.locator(selector).fill("")
        self.page.locator(selector).press_sequentially(text)
        self.keys += len(text)

    def choose(self, selector: str, value: str) -> None:
        self.page.locator(selector).select_option(value)
        self.clicks += 2  # (the list opened, the option chosen)


def set_up_last_deal(page) -> Clicks:
    """examples/papillon/last-deal.json by clicks: a hand chosen, then its cards; the table; the counters."""
    data = json.loads(LAST_DEAL.read_text())
    you = Clicks(page)
    for seat, hand in enumerate(data["hands"]):
        you.click(f'[data-place="h{seat}"]')
        for card in hand:
            you.click(f'.card-deck [data-card="{card}"]')
    you.click('[data-place="t"]')
    for card in data["table"]:
        you.click(f'.card-deck [data-card="{card}"]')
    for seat in range(3):
        you.type(f"#won{seat}", str(data["taken"][seat]))
        you.type(f"#chips{seat}", str(data["chips"][seat]))
    you.type("#pool", str(data["pool"]))
    you.choose("#last-trailer", str(data["last_trailer"]))
    return you


def said_cards(text: str) -> str:
    words = re.sub(r"\b(10|[2-9TJQKA])([CDHS])\b", lambda t: Card.parse(t[0]).unicode(), text)
    return words.replace(" x ", " takes ")


@pytest.mark.parametrize("scheme", [pytest.param("light", marks=pytest.mark.slow), "dark"])  # (light: -m slow)
def test_a_newcomer_sets_up_the_last_deal_on_a_phone_by_clicks_and_sees_its_values(served, context, scheme):
    base, api = served
    page = context(PHONE, scheme)
    page.goto(base + "cards.html")
    page.locator(".card-deck button").first.wait_for()
    you = set_up_last_deal(page)
    expected = cli_line(LAST_DEAL)
    assert line_of(page) == expected
    print(f"\nnewcomer set-up of last-deal.json: {you.clicks} clicks and {you.keys} keystrokes")
    assert you.clicks < 60  # (well under two minutes of clicks)
    page.wait_for_function("document.getElementById('rules-said').textContent.startsWith('The rules accept')")
    assert page.locator("#problems").inner_text() == "Every card is placed or counted as won."

    # Every card's value with all hands open: the API's, in its order, in players' words.
    page.get_by_role("button", name="Values, all hands open").click()
    page.locator("#engine .move-values li").first.wait_for()
    analysed = api.post("/api/analyse", json={"position": expected}).json()
    # (each value in words, on a recorded answer: tests/js/cards-words.test.js)
    shown = [li.inner_text() for li in page.locator("#engine .move-values li").all()]
    assert [text.split(": ")[0] for text in shown] == [said_cards(m["move"]) for m in analysed["moves"]]
    gain = analysed["moves"][0]["maxn_chips"][0] - 108
    assert page.locator('.card-deck [data-card="AH"] .card-value').inner_text() == (
        "+" if gain > 0 else "\u2212"
    ) + str(abs(gain))
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"values-phone-{scheme}.png"), full_page=True)
    assert serious_violations(page) == []

    # From the seat to move: mean and chance, exact over every deal of the cards the seat cannot see.
    page.get_by_role("button", name="Values from the seat to move").click()
    page.locator("#engine h3").wait_for()
    seat = api.post("/api/analyse", json={"position": expected, "as_player": 0}).json()
    assert seat["exact"] and (
        page.locator("#engine h3").inner_text()
        == f"P0\u2019s choices, from P0\u2019s seat: exact, over all {seat['deals']} deals of the cards P0 cannot see"
    )
    first = page.locator("#engine .move-values li").first.inner_text()
    assert f"wins the pool in {round(seat['moves'][0]['win_chance'] * 100)}% of the deals; whatever the deal" in first
    # the cards' badges are this answer's (the first choice of each card), with their legend
    mean = seat["moves"][0]["mean_chips"] - 108
    assert (
        page.locator('.card-deck [data-card="AH"] .card-value').inner_text()
        == ("+" if mean > 0 else "\u2212") + f"{round(abs(mean) * 10) / 10:g}"
    )
    assert page.locator("#badge-legend").inner_text().startswith("On the cards: what each is worth")
    assert not SOLVER_WORDS.search(page.locator("main").inner_text())
    assert not page.errors, page.errors  # type: ignore[attr-defined]


#: A La Mouche ending seen from P0's seat (the others' hands hidden) whose 660 deals are within the exact limits.
MOUCHE_EXACT = (
    "mouche_d0_tAC_ad3.d2.d2_hAHKH.2.1_w1JS29S0KS.08C1JC2QC.2AS08S1TS_k2QD_p5_c995.1000.1000_x8DTHQS.TDJH.KCQH"
)


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_an_exact_answer_from_the_seat_and_the_deal_that_shows_why_a_card_is_worse(served, context, size):
    base, api = served
    page = context(SIZES[size])
    page.goto(base + "cards.html#p=" + MOUCHE_EXACT)
    page.locator(".card-deck button").first.wait_for()
    page.get_by_role("button", name="Values from the seat to move").click()
    page.locator("#engine .why-worse li").first.wait_for()
    seat = api.post("/api/analyse", json={"position": MOUCHE_EXACT, "as_player": 0}).json()
    assert (seat["model"], seat["exact"], seat["deals"]) == ("expected", True, 660)
    assert page.locator("#engine h3").inner_text() == (
        "P0\u2019s choices, from P0\u2019s seat: exact, over all 660 deals of the cards P0 cannot see"
    )
    shown = [li.inner_text() for li in page.locator("#engine .move-values li").all()]
    assert [text.split(": ")[0] for text in shown] == [said_cards(m["move"]) for m in seat["moves"]]
    assert shown[1].endswith("whatever the deal, at least 1 trick")
    (why,) = page.locator("#engine .why-worse li").all()
    assert why.inner_text().startswith("K\u2665 does worse than A\u2665 when P1 holds ")
    assert "P0 ends with 2 tricks; after K\u2665 (" in why.inner_text()
    assert not SOLVER_WORDS.search(page.locator("main").inner_text())
    page.screenshot(path=str(SHOTS / f"exact-seat-{size}.png"), full_page=True)
    assert serious_violations(page) == []

    # The deal opens on the board with every hand shown: the answer's line, the rules accepting it.
    why.get_by_role("button", name="Open this deal, every hand shown").click()
    deal = seat["why_worse"][0]["position"]
    assert line_of(page) == deal and not page.locator("#open-said").inner_text()
    page.wait_for_function("document.getElementById('rules-said').textContent.startsWith('The rules accept')")
    assert mouche_parse(deal)[1] == ()  # (no hand hidden)
    for number, hand in enumerate(seat["why_worse"][0]["hands"]):  # each card in its seat's hand on the pack
        for card in hand.split():
            assert page.locator(f'.card-deck [data-card="{card}"] small').inner_text() == f"P{number}"
    page.screenshot(path=str(SHOTS / f"exact-seat-deal-{size}.png"), full_page=True)
    assert not page.errors, page.errors  # type: ignore[attr-defined]


def test_a_review_says_why_a_card_judged_exactly_was_worse_and_opens_that_deal(served, context):
    base, api = served
    page = context(PHONE)
    page.goto(base + "cards.html")
    page.locator(".card-deck button").first.wait_for()
    record = RECORDED["review-mouche-exact"]["request"]["record"]
    page.fill("#record", record)
    page.get_by_role("button", name="Review the game").click()
    page.locator(".review-moves .why-worse").first.wait_for()
    review = api.post("/api/review", json={"record": record, "game": "mouche"}).json()
    why = review["hands"][0]["moves"][0]["from_seat"]["why_worse"]
    (said,) = page.locator(".review-moves .why-worse").all()
    assert said.inner_text().startswith("9\u2666 does worse than Q\u2666 when P1 holds ")
    assert "P0 ends with 2 chips won; after 9\u2666 (" in said.inner_text()
    assert not SOLVER_WORDS.search(page.locator("main").inner_text())
    page.screenshot(path=str(SHOTS / "review-why-worse-phone.png"), full_page=True)
    said.get_by_role("button", name="Open this deal, every hand shown").click()
    assert line_of(page) == why["position"]
    page.wait_for_function("document.getElementById('rules-said').textContent.startsWith('The rules accept')")
    assert not page.errors, page.errors  # type: ignore[attr-defined]


def test_play_through_with_undo_and_the_link_in_a_fresh_browser(served, context):
    base, api = served
    page = context(DESKTOP)
    start = "papillon_hAH6SJS.4DAS4S.THJH8S_tAC4C6C8CTCJC5D6DJD_w8.13.13_c108.116.116_p80_d2_m0_l2"
    page.goto(base + "cards.html#p=" + start)
    page.locator("#choices button").first.wait_for()
    lines = [start]
    for _ in range(3):
        moves = api.post("/api/moves", json={"position": lines[-1]}).json()
        assert [b.get_attribute("data-move") for b in page.locator("#choices button").all()] == [
            m["move"] for m in moves["moves"]
        ]
        page.locator("#choices button").first.click()
        lines.append(moves["moves"][0]["position"])
        assert line_of(page) == lines[-1]
        page.wait_for_function(
            "document.querySelector('#choices button') && document.getElementById('rules-said').textContent"
        )
    page.screenshot(path=str(SHOTS / "play-desktop.png"), full_page=True)
    link = page.locator("#link").input_value()
    for back in reversed(lines[:-1]):
        page.get_by_role("button", name="Undo").click()
        assert line_of(page) == back
    assert page.get_by_role("button", name="Undo").is_disabled()
    fresh = context(PHONE, "dark")
    fresh.goto(link)
    fresh.locator(".card-deck button").first.wait_for()
    assert line_of(fresh) == lines[-1] and fresh.locator("#link").input_value() == link
    fresh.screenshot(path=str(SHOTS / "link-phone-dark.png"), full_page=True)
    assert serious_violations(fresh) == []
    assert not page.errors and not fresh.errors, (page.errors, fresh.errors)  # type: ignore[attr-defined]


def test_an_impossible_set_up_is_said_and_the_rules_refusal_is_their_own_sentence(served, context):
    # (what is wrong with each set-up, in words, and the lines refused: tests/js/cards-state.test.js)
    base, _ = served
    page = context(PHONE)
    page.goto(base + "cards.html#p=" + LAST_DEAL_LINE)
    problems = page.locator("#problems")
    page.fill("#won1", "11")
    assert problems.inner_text() == (
        "34 cards not placed and the cards won add up to 32: place 2 cards more, or count them as won."
    )
    page.fill("#won1", "1x")
    assert problems.inner_text() == "Cards won must be a whole number, such as 20."
    page.fill("#won1", "13")
    page.select_option("#to-move", "1")
    page.wait_for_function("document.getElementById('rules-said').textContent.startsWith('The rules accept')")
    page.fill("#chips1", "9999999999999")  # beyond the chips the rules allow: the rules' own sentence
    page.wait_for_function("document.getElementById('rules-said').textContent.startsWith('Not a position')")
    said = page.locator("#rules-said").inner_text()
    assert said.endswith(".") and "chips" in said and "\n" not in said, said
    page.fill("#line", "chess_e4")
    page.get_by_role("button", name="Open the position").click()
    text = page.locator("#open-said").inner_text()
    assert text == "That line cannot be read: a card game's line starts with papillon or mouche.", text
    # (the browser logs the refusal's 422 itself: nothing else)
    assert all("status of 422" in e for e in page.errors), page.errors  # type: ignore[attr-defined]


def test_a_set_up_by_keys_alone_and_a_review_with_its_mistakes_marked(served, context):
    base, api = served
    page = context(DESKTOP, "dark")
    page.goto(base + "cards.html")
    page.locator(".card-deck button").first.wait_for()
    page.locator("#card-game").focus()
    page.keyboard.press("ArrowDown")  # La Mouche
    page.wait_for_function("document.querySelector('[data-place=\"u\"]') !== null")
    page.locator('[data-place="u"]').focus()
    page.keyboard.press("Enter")
    page.locator('.card-deck [data-card="TH"]').focus()
    page.keyboard.press("Enter")
    page.locator('[data-place="h0"]').focus()
    page.keyboard.press("Space")
    # the pack is one Tab stop (the card last used), the arrows move in it: TH, then along the hearts
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.dataset.place") == "h0"
    for _ in range(len(page.locator("[data-place]").all())):
        page.keyboard.press("Tab")
    assert page.locator('.card-deck [tabindex="0"]').count() == 1
    assert page.evaluate("document.activeElement.dataset.card") == "TH"
    for key in ("ArrowRight", "ArrowRight", "Enter", "ArrowRight", "Space"):  # QH, KH
        page.keyboard.press(key)
    for card in ("9S", "8S", "JC"):
        page.locator(f'.card-deck [data-card="{card}"]').focus()
        page.keyboard.press("Enter")
    page.locator("#pool").focus()
    page.keyboard.press("End")
    page.keyboard.type("0")
    assert "P1 should hold 5 cards (with those played): 0 are placed." in page.locator("#problems").inner_text()
    assert line_of(page) == "mouche_d2_tTH_a-.-.-_hJCQHKH8S9S.-.-_p50_c1000.1000.1000"
    page.screenshot(path=str(SHOTS / "keys-desktop-dark.png"), full_page=True)

    page.fill("#record", PAPILLON_RECORD)
    page.get_by_role("button", name="Review the game").click()
    page.locator(".review-moves li").first.wait_for()
    review = api.post("/api/review", json={"record": PAPILLON_RECORD, "game": "papillon"}).json()
    moves = review["hands"][0]["moves"]
    items = page.locator(".review-moves li").all()
    assert [li.get_attribute("data-mark") for li in items] == [m["from_seat"]["judgement"]["mark"] for m in moves]
    marked = [m for m in moves if m["from_seat"]["judgement"]["mark"] in ("inaccuracy", "mistake", "blunder")]
    assert page.locator(".review-mistake").count() == len(marked)
    page.screenshot(path=str(SHOTS / "review-desktop-dark.png"), full_page=True)
    assert serious_violations(page) == []
    assert not page.errors  # type: ignore[attr-defined]


def test_without_the_server_the_set_up_works_and_the_engine_says_how_to_get_it(site, context):
    page = context(PHONE)
    page.goto((site / "cards.html").as_uri())
    page.locator(".card-deck button").first.wait_for()
    page.wait_for_function("document.getElementById('engine-note').textContent.length > 0")
    assert page.locator("#engine-note").inner_text().startswith("Start butterfly serve --site DIR")
    page.click('[data-place="h1"]')
    page.click('.card-deck [data-card="5S"]')
    assert line_of(page).startswith("papillon_h-.5S.-_t-_w0.0.0")
    page.get_by_role("button", name="Values, all hands open").click()
    answer = page.locator("#engine .answer").inner_text()
    assert answer.startswith("Start butterfly serve --site DIR") and answer.endswith(".")
    page.screenshot(path=str(SHOTS / "file-phone.png"), full_page=True)
    assert not page.errors  # type: ignore[attr-defined]


def test_a_la_mouche_record_reviewed_its_declarations_valued_and_the_more_set_up(served, context, tmp_path):
    base, api = served
    record = tmp_path / "mouche.rec"
    subprocess.run(
        [sys.executable, "-P", "-m", "butterfly.cli", "mouche", "play", "--players", "3", "--hands", "1", "--seed", "3"]
        + ["--bots", "random", "--record", str(record)],
        capture_output=True,
        check=True,
    )
    page = context(PHONE, "dark")
    page.goto(base + "cards.html#p=" + MOUCHE_START)
    page.locator(".card-deck button").first.wait_for()
    assert page.locator('.card-deck [data-card="TH"] small').inner_text() == "turned"

    # A La Mouche record: each move's mark the API's, in players' words (cards as 10♦, a forced card "the only card").
    page.fill("#record", record.read_text())
    page.get_by_role("button", name="Review the game").click()
    page.locator(".review-moves li").first.wait_for()
    review = api.post("/api/review", json={"record": record.read_text(), "game": "mouche"}).json()
    moves = review["hands"][0]["moves"]
    marks = [((m["from_seat"] or m["open"] or {}).get("judgement") or {}).get("mark", "") for m in moves]
    items = page.locator(".review-moves li").all()
    assert [li.get_attribute("data-mark") for li in items] == marks
    # (each mark in words, on this record's answer: tests/js/cards-words.test.js)
    texts = [li.inner_text() for li in items]
    assert texts[0].startswith("P1 discards 10♦ J♥ and draws J♠ 10♠: ")
    assert not any(re.search(r"\b(10|[2-9TJQKA])[CDHS]\b", t) for t in texts)
    page.screenshot(path=str(SHOTS / "review-mouche-phone-dark.png"), full_page=True)

    # The declarations: no hand can be open before the draw, so the values are from the seat, said so;
    # each one's mean (in words: tests/js/cards-words.test.js), the deals tried said once, the declarations
    # not valued counted.
    assert page.get_by_role("button", name="Values, all hands open").is_disabled()
    assert page.locator("#open-note").inner_text().startswith("While the stock is still to be drawn")
    page.wait_for_function("document.querySelector('#choices li')")
    page.get_by_role("button", name="Values from the seat to move").click()
    page.locator("#engine h3").wait_for()
    valued = api.post("/api/analyse", json={"position": MOUCHE_START, "as_player": 0}).json()
    assert (
        page.locator("#engine h3").inner_text()
        == f"P0\u2019s choices, from P0\u2019s seat ({valued['deals']} deals tried)"
    )
    shown = [li.inner_text() for li in page.locator("#engine .move-values li").all()]
    assert [text.split(": on average ")[0] for text in shown] == [said_cards(m["move"]) for m in valued["moves"]]
    declarations = api.post("/api/moves", json={"position": MOUCHE_START}).json()["moves"]
    others = len(declarations) - len(valued["moves"])
    assert f"{others} other declarations not valued." in page.locator("#engine").inner_text()
    assert page.locator("#engine").inner_text().count("deals tried") == 1

    # The declarations to play: Stand, Fold, and Discard… then the cards (every legal discard reachable).
    assert [b.inner_text() for b in page.locator("#choices > li > button").all()] == ["P0 folds", "P0 stands"]
    before = line_of(page)
    page.locator(".discard-pick summary").click()
    offered = {b.get_attribute("data-discard") for b in page.locator(".discard-pick [data-discard]").all()}
    assert offered == {c for m in declarations if m["move"].startswith("discard ") for c in m["move"].split()[1:]}
    go = page.locator('[data-action="discard"]')
    assert go.is_disabled() and go.inner_text() == "Choose the cards to discard"
    page.click('[data-discard="JC"]')
    page.click('[data-discard="8S"]')
    assert go.inner_text() == "P0 discards 8♠ J♣" or go.inner_text() == "P0 discards J♣ 8♠"
    go.click()
    after = next(m for m in declarations if sorted(m["move"].split()[1:]) == ["8S", "JC"])
    assert line_of(page) == after["position"]
    page.screenshot(path=str(SHOTS / "declare-mouche-phone-dark.png"), full_page=True)
    page.get_by_role("button", name="Undo").click()
    assert line_of(page) == before

    # The set-up's More: the options, a hidden hand, the mouches waiting, a discard's place; Python's line.
    page.locator(".card-more summary").click()
    page.select_option("#entry", "largest-first")
    page.fill("#pending", "10 5")
    page.locator("#pending").dispatch_event("change")
    page.fill("#hidden1", "5")
    page.locator("#hidden1").dispatch_event("change")
    data = mouche_data(MOUCHE_START)
    data |= {"entry": "largest-first", "pending": [10, 5]}
    data["hands"][1] = 5
    assert line_of(page) == mouche_line(*mouche_parse(mouche_line_of(data)))  # (Python's line of that position)
    # (playing through needs every hand: said, and the rules not asked)
    assert page.locator("#rules-said").inner_text().startswith("Playing it through needs every hand shown")
    page.screenshot(path=str(SHOTS / "more-mouche-phone-dark.png"), full_page=True)

    # Papillon seen from P0's seat (examples/papillon/from-seat.json): read and written back, then its options.
    seat = cli_line(FROM_SEAT)
    page.fill("#line", seat)
    page.get_by_role("button", name="Open the position").click()
    assert line_of(page) == seat and page.locator("#hidden1").input_value() == "3"
    assert page.locator("#played").inner_text() == ""  # (the undo said before was of another position)
    assert page.locator(".card-more").get_attribute("open") is not None  # (kept open across set-ups)
    page.fill("#stake", "2")
    page.select_option("#scoring", "modern")
    data = papillon_data(seat) | {"stake": 2, "scoring": "modern"}
    assert line_of(page) == papillon_line(data)
    page.screenshot(path=str(SHOTS / "more-papillon-phone-dark.png"), full_page=True)
    # a hand hidden is a position to value from the seat to move
    assert page.locator("#rules-said").inner_text().startswith("Playing it through needs every hand shown")
    page.get_by_role("button", name="Values from the seat to move").click()
    page.locator("#engine h3").wait_for()
    assert page.locator("#engine h3").inner_text().startswith("P0\u2019s choices, from P0\u2019s seat")
    assert not SOLVER_WORDS.search(page.locator("main").inner_text())
    assert serious_violations(page) == []
    # (the browser logs the refusals' 422 itself: nothing else)
    assert all("status of 422" in e for e in page.errors), page.errors  # type: ignore[attr-defined]


def _play_to_the_end(page, api, start: str) -> tuple[list[str], dict]:
    """The first choice pressed until the hand is over: the lines played through, and the last move."""
    lines = [start]
    while True:
        page.wait_for_function("document.querySelector('#choices li')")
        first = api.post("/api/moves", json={"position": lines[-1]}).json()["moves"][0]
        page.locator("#choices button").first.click()
        if first["position"] is None:
            return lines, first
        lines.append(first["position"])
        assert line_of(page) == lines[-1]


def test_a_hand_played_to_its_end_is_over_and_undo_takes_the_last_move_back(served, context):
    # (La Mouche's hand ended by a fold, its hand out of the play: tests/js/cards-state.test.js)
    base, api = served
    start = LAST_DEAL_LINE
    page = context(PHONE)
    page.goto(base + "cards.html#p=" + start)
    lines, last = _play_to_the_end(page, api, start)
    result = last["result"]
    end = (
        "The hand is over: "
        + ", ".join(f"P{s} {c} chip{'s' if c != 1 else ''}" for s, c in enumerate(result["chips"]))
        + f"; the pool holds {result['pool']}."
    )
    # the move recorded, the hand shown as over: the final chips and pool, no choice left
    assert page.locator("#played").inner_text().endswith(end)
    assert page.locator("#problems").inner_text() == end
    assert page.locator("#choices li").count() == 0
    assert [page.locator(f"#chips{s}").input_value() for s in range(len(result["chips"]))] == [
        str(c) for c in result["chips"]
    ]
    assert page.locator("#pool").input_value() == str(result["pool"])
    assert line_of(page) == lines[-1]  # (the link keeps the hand's last position)
    assert page.get_by_role("button", name="Values from the seat to move").is_disabled()
    assert page.locator("#open-note").inner_text() == "The hand is over: nothing is left to value."
    # the last card played: every hand and the table empty
    assert page.locator('[data-where="h2"]').inner_text() == "P2\u2019s hand: none"
    assert page.locator('[data-where="t"]').inner_text() == "The table: none"
    page.screenshot(path=str(SHOTS / "over-papillon-phone.png"), full_page=True)
    # Undo takes that move back, naming it, and offers the choices again
    page.get_by_role("button", name="Undo").click()
    assert line_of(page) == lines[-1]
    mover = api.post("/api/moves", json={"position": lines[-1]}).json()["to_move"]
    words = said_cards(last["move"])
    taken = f"P{mover}\u2019s {words}" if " takes " in words else f"P{mover} " + {"fold": "folds"}.get(words, words)
    assert page.locator("#played").inner_text() == f"Took back {taken}."
    page.wait_for_function("document.querySelector('#choices li')")
    assert page.locator("#problems").inner_text() != end
    assert not page.errors, page.errors  # type: ignore[attr-defined]


def test_a_papillon_game_reviewed_every_move_said_and_opened_and_other_texts_turned_away(served, context, tmp_path):
    base, api = served
    record = tmp_path / "papillon.rec"
    subprocess.run(
        [sys.executable, "-P", "-m", "butterfly.cli", "papillon", "play", "--players", "3", "--seed", "3"]
        + ["--record", str(record)],
        capture_output=True,
        check=True,
    )
    page = context(PHONE)
    page.goto(base + "cards.html")
    # the How to play button and the other tools, as on the board and the editor
    assert page.locator("#help").is_visible()
    assert page.locator("p.tools").inner_text().startswith("Also here: the analysis board and the position editor")

    # a Butterfly move list, a Butterfly record, and text with no move: said what they are
    for text, said in (
        ("7S R5>L1\n2D L3>F\n", "This is a Butterfly game: review it on the analysis board"),
        ('[Game "butterfly"]\n[Deal "1"]\n1. 7S R5>L1\n', "This is a Butterfly game: review it on the analysis board"),
        ("hello, is this thing on?", "This is not a game record"),
    ):
        page.fill("#record", text)
        page.get_by_role("button", name="Review the game").click()
        assert page.locator("#review-out").inner_text().startswith(said)
    assert page.locator('#review-out a[href="board.html"]').count() == 0  # (the last one has no link)

    page.fill("#record", record.read_text())
    page.get_by_role("button", name="Review the game").click()
    page.locator(".review-moves li").first.wait_for()
    review = api.post("/api/review", json={"record": record.read_text(), "game": "papillon"}).json()
    moves = review["hands"][0]["moves"]
    texts = [li.inner_text() for li in page.locator(".review-moves li").all()]
    # every move says its mark, or why it has none; a forced one is the only move
    for text, m in zip(texts, moves, strict=True):
        if m["choices"] == 1:
            assert text.endswith(": the only move."), text
        elif not (m["from_seat"] or m["open"]):
            assert ": not judged: " in text, text
    assert any(": not judged: too many cards unseen" in t for t in texts)
    # one line for the hand: each player's marks and the chips given away
    summary = page.locator(".review-sum").inner_text()
    assert summary.startswith("This hand: P0: ") and "; P1: " in summary and "; P2: " in summary
    assert page.locator("#review-out").inner_text().count("Marks, by the share") == 1
    page.screenshot(path=str(SHOTS / "review-papillon-phone.png"), full_page=True)
    # a move pressed opens its position (before it) in the set-up
    page.locator(".review-moves li button").nth(4).click()
    assert line_of(page) == moves[4]["position"]
    assert not SOLVER_WORDS.search(page.locator("main").inner_text())
    assert not page.errors, page.errors  # type: ignore[attr-defined]


def test_the_pack_on_a_phone_one_suit_a_row_labels_legible_the_place_chosen_not_the_focus(served, context):
    base, _ = served
    page = context(PHONE)
    page.goto(base + "cards.html#p=" + LAST_DEAL_LINE)
    page.locator(".card-deck button").first.wait_for()
    # Papillon's 13 cards a suit: each suit from the first column, in two half-rows on a phone
    lefts = {page.locator(f'.card-deck [data-card="A{suit}"]').bounding_box()["x"] for suit in "CDHS"}  # type: ignore[index]
    assert len(lefts) == 1
    size = page.evaluate("parseFloat(getComputedStyle(document.querySelector('.card-deck small')).fontSize)")
    assert size >= 11
    # the place chosen is filled; a place with the keyboard's focus only ringed
    chosen = page.locator('[data-place="h0"]')
    other = page.locator('[data-place="h1"]')
    other.focus()
    page.keyboard.press("Tab")
    page.keyboard.press("Shift+Tab")
    background = "getComputedStyle(e).backgroundColor"
    assert chosen.evaluate(f"e => {background}") != other.evaluate(f"e => {background}")
    # Up and Down go by the rows drawn: from A♣ down to the 8♣ in its half-row, then to A♦
    page.locator('.card-deck [data-card="AC"]').focus()
    page.keyboard.press("ArrowDown")
    assert page.evaluate("document.activeElement.dataset.card") == "8C"
    page.keyboard.press("ArrowDown")
    assert page.evaluate("document.activeElement.dataset.card") == "AD"
    page.screenshot(path=str(SHOTS / "pack-papillon-phone.png"), full_page=True)


SIZES = {"phone": PHONE, "desktop": DESKTOP}
#: The browser's own log line for a request it could not make (the engine stopped on purpose below).
NOT_LOADED = re.compile(r"Failed to load resource|status of 503")


@pytest.mark.parametrize("size", SIZES)
def test_the_engine_stopped_mid_play_is_said_beside_the_play_and_the_position_not_called_illegal(served, context, size):
    base, api = served
    page = context(SIZES[size])
    page.goto(base + "cards.html#p=" + LAST_DEAL_LINE)
    page.locator("#choices button").first.wait_for()
    stopped, again = page.locator("#engine-stopped"), page.get_by_role("button", name="Ask again")
    assert stopped.inner_text() == "" and not again.is_visible()
    # butterfly serve gone: a choice played, the next choices cannot come
    page.route("**/api/**", lambda route: route.abort())
    page.locator("#choices button").first.click()
    page.wait_for_function("document.getElementById('engine-stopped').textContent")
    assert stopped.inner_text() == "The engine is not answering: start butterfly serve again, then press Ask again."
    assert again.is_visible() and page.locator("#choices li").count() == 0
    assert page.locator("#rules-said").inner_text() == "The rules could not be asked: the engine is not answering."
    page.screenshot(path=str(SHOTS / f"engine-stopped-{size}.png"), full_page=True)
    # failing (a 5xx) is the engine stopped too, not a refusal of the position
    page.unroute("**/api/**")
    page.route("**/api/moves", lambda route: route.fulfill(status=503, json={"detail": "the search stopped"}))
    again.click()
    page.wait_for_function("document.getElementById('engine-stopped').textContent")
    assert page.locator("#rules-said").inner_text() == "The rules could not be asked: the engine is not answering."
    # started again: Ask again brings the choices back, and the note goes
    page.unroute("**/api/moves")
    again.click()
    page.locator("#choices button").first.wait_for()
    moves = api.post("/api/moves", json={"position": line_of(page)}).json()
    assert page.locator("#rules-said").inner_text().startswith(f"The rules accept this position: P{moves['to_move']}")
    assert stopped.inner_text() == "" and not again.is_visible()
    assert all(NOT_LOADED.search(e) for e in page.errors), page.errors  # type: ignore[attr-defined]


def test_a_link_with_a_broken_escape_leaves_a_blank_set_up_and_says_why(served, context):
    # (the line's reason, and what any line refused says: tests/js/cards-state.test.js)
    base, _ = served
    page = context(PHONE)
    page.goto(base + "cards.html#p=%E0%A4%A")
    page.locator(".card-deck button").first.wait_for()
    why = "This link\u2019s position cannot be read: a card game's line starts with papillon or mouche."
    assert page.locator("#open-said").inner_text() == why
    assert page.locator("#problems").inner_text().startswith(why + " 52 cards not placed")  # (and at the top)
    assert line_of(page).startswith("papillon_h-.-.-_t-")
    page.screenshot(path=str(SHOTS / "broken-link-phone.png"), full_page=True)
    assert not page.errors, page.errors  # type: ignore[attr-defined]


#: A La Mouche hand (4 players, P3 deals, hearts trumps) two tricks and two cards in: P3 trumps the first
#: trick and wins the second, so the tricks are not in the seats' order (Python's line).
MOUCHE_TRICKS = (
    "mouche_d3_tQH_as.s.s.s_h6D7D.8C9C9H.6C8D9D.KHAS_w0TD1AD2QD3JH.3TS06S17S29S_k38H0TC_p5_c1000.1000.1000.995"
)


def test_la_mouche_played_cards_placed_seat_by_seat_make_the_tricks_of_the_rules(served, context):
    # (the line and the tricks so read, seat by seat: tests/js/cards-state.test.js; here the clicks and their drawing)
    base, api = served
    page = context(PHONE)
    page.goto(base + "cards.html#p=" + MOUCHE_TRICKS)
    page.locator("#choices button").first.wait_for()
    played = {seat: [] for seat in range(4)}
    for trick in re.findall(r"_[wk]([^_]*)", MOUCHE_TRICKS):
        for seat, card in re.findall(r"([0-9])((?:10|[2-9TJQKA])[CDHS])", trick):
            played[int(seat)].append(card)
    # every played card taken back, then placed again player by player, P0 first, as the buttons invite
    for seat, cards in played.items():
        page.click(f'[data-place="p{seat}"]')
        for card in cards:
            page.click(f'.card-deck [data-card="{card}"]')
    for seat, cards in played.items():
        page.click(f'[data-place="p{seat}"]')
        for card in cards:
            page.click(f'.card-deck [data-card="{card}"]')
    assert line_of(page) == MOUCHE_TRICKS
    page.wait_for_function("document.getElementById('rules-said').textContent.startsWith('The rules accept')")
    moves = api.post("/api/moves", json={"position": MOUCHE_TRICKS}).json()
    assert [b.get_attribute("data-move") for b in page.locator("#choices button").all()] == [
        m["move"] for m in moves["moves"]
    ]
    # the set-up says how it reads the played cards, and shows the tricks so read
    assert (
        page.locator("#trick-note")
        .inner_text()
        .startswith("Played cards: place each player\u2019s in the order of their tricks, the players in any order.")
    )
    assert "P0, the first to play still in the hand, leads the first trick" in page.locator("#trick-note").inner_text()
    assert [li.inner_text() for li in page.locator("[data-trick]").all()] == [
        "Trick 1: P0 10♦, P1 A♦, P2 Q♦, P3 J♥; P3 wins it",
        "Trick 2: P3 10♠, P0 6♠, P1 7♠, P2 9♠; P3 wins it",
        "Trick 3 so far: P3 8♥, P0 10♣",
    ]
    page.screenshot(path=str(SHOTS / "tricks-mouche-phone.png"), full_page=True)
    assert not page.errors, page.errors  # type: ignore[attr-defined]


def _bold(page, selector: str) -> list[str]:
    """The words drawn in bold in ``selector``: each element's own text whose weight is bold."""
    return page.evaluate(
        """s => [...document.querySelectorAll(s + ', ' + s + ' *')]
            .filter(e => Number(getComputedStyle(e).fontWeight) >= 600)
            .map(e => [...e.childNodes].filter(n => n.nodeType === 3).map(n => n.textContent).join('').trim())
            .filter(t => t)""",
        selector,
    )


def test_a_la_mouche_set_up_placed_card_by_card_asks_the_rules_only_once_it_can_be_played(served, context):
    # (every set-up met on the way: test_a_set_up_being_placed_goes_to_the_rules_only_when_they_accept_it)
    base, _ = served
    page = context(DESKTOP)
    asked: list[tuple[int, str]] = []
    page.on("response", lambda r: "/api/moves" in r.url and asked.append((r.status, r.request.post_data or "")))
    page.goto(base + "cards.html")
    page.locator(".card-deck button").first.wait_for()
    page.select_option("#card-game", "mouche")
    page.select_option("#players", "4")
    data = mouche_data(MOUCHE_TRICKS)
    # the places in the order of their buttons (the hands, the turned card, each player's played cards), then
    # the counters under the pack (the declarations, the chips)
    plays = data["tricks_played"] + [data["trick"]]
    places = {f"h{seat}": hand for seat, hand in enumerate(data["hands"])} | {"u": [data["turned"]]}
    places |= {f"p{seat}": [card for trick in plays for s, card in trick if s == seat] for seat in range(4)}
    for place, cards in places.items():
        page.click(f'[data-place="{place}"]')
        for card in cards:
            page.click(f'.card-deck [data-card="{card}"]')
    # every card placed, nobody declared yet: said in bold, and the rules not asked
    assert _bold(page, "#problems") == ["P0 has not declared yet: cards are played only once everyone has."]
    page.screenshot(path=str(SHOTS / "set-up-mouche-undeclared-desktop.png"), full_page=True)
    for seat in range(4):
        page.select_option(f"#declared{seat}", "s")
    page.click("#chips3")
    page.keyboard.type("995")
    assert line_of(page) == MOUCHE_TRICKS
    page.wait_for_function("document.getElementById('rules-said').textContent.startsWith('The rules accept')")
    # the rules were asked only of set-ups they could play: never refused, nothing in the console
    refused = [(status, body) for status, body in asked if status >= 400]
    assert refused == [] and asked, refused
    assert not page.errors, page.errors  # type: ignore[attr-defined]
    # the set-up's status is drawn whole: the cards left to place are a plain note, nothing bold stays
    assert page.locator("#problems").inner_text() == "15 cards not placed: the stock and the discards."
    assert _bold(page, "#problems") == [] and _bold(page, "#rules-said") == []
    page.click('[data-place="h0"]')
    page.click('.card-deck [data-card="6D"]')  # taken back: what is wrong now is bold, and only that
    assert _bold(page, "#problems") == ["P0 should hold 5 cards (with those played): 4 are placed."]
    page.click('.card-deck [data-card="6D"]')
    page.wait_for_function("document.getElementById('rules-said').textContent.startsWith('The rules accept')")
    assert _bold(page, "#problems") == [] and _bold(page, "#rules-said") == []
    page.screenshot(path=str(SHOTS / "set-up-mouche-desktop.png"), full_page=True)


def test_a_counter_showing_0_or_1000_takes_the_number_typed_after_a_click(served, context):
    base, _ = served
    page = context(PHONE)
    page.goto(base + "cards.html")
    page.locator(".card-deck button").first.wait_for()
    page.click("#chips0")
    page.keyboard.type("108")
    assert page.locator("#chips0").input_value() == "108"
    assert "_c108.0.0_" in line_of(page)
    # the caret after the 0 (the choice undone by End): the 0 in front still goes, "080" is 80
    page.click("#pool")
    page.keyboard.press("End")
    page.keyboard.type("80")
    assert page.locator("#pool").input_value() == "80" and "_p80_" in line_of(page)
    page.select_option("#card-game", "mouche")
    page.click("#chips2")
    page.keyboard.type("995")
    assert page.locator("#chips2").input_value() == "995" and "_c1000.1000.995" in line_of(page)
    assert not page.errors, page.errors  # type: ignore[attr-defined]
