"""Where things sit on the screen, as a player sees them (issue 65): the day's solution stepper keeps Next
under the finger, the analysis board and its controls fit the first screen, free play shows the deal it drew,
and the tool pages do not jump as their scripts draw them. At phone and desktop sizes, in Chromium (the
fixtures are tests/puzzles/conftest.py's)."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest
from tool_pages import DESKTOP, PHONE

from butterfly.puzzles.daily import load_calendar

SIZES = {"phone": PHONE, "desktop": DESKTOP}
#: A card-game position from a review (a hand played to its last card), opened by its link.
REVIEWED = "papillon_hAH6SJS.4DAS4S.THJH8S_tAC4C6C8CTCJC5D6DJD_w8.13.13_c108.116.116_p80_d2_m0_l2"

#: The page's cumulative layout shift since it began loading (shifts right after an input left out), once
#: the page has settled: what a player sees jump.
LAYOUT_SHIFT = """() => new Promise((done) => {
  let shift = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) shift += entry.value;
  }).observe({ type: "layout-shift", buffered: true });
  setTimeout(() => done(shift), 500);
})"""


#: The Next button in ``where`` pressed ``steps`` times in the page (quicker than Playwright's clicks, for a
#: whole line): where its top is on the screen before the first press and after each.
STEPPED = """([where, steps]) => {
  const next = [...document.querySelectorAll(where + ' button')].find((b) => b.textContent === 'Next');
  const tops = [next.getBoundingClientRect().top];
  for (let k = 0; k < steps; k++) {
    next.click();
    tops.push(next.getBoundingClientRect().top);
  }
  return tops;
}"""


def bottom(page, selector: str) -> float:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    return box["y"] + box["height"]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(
    "address",
    ["board.html", "cards.html", "editor.html", f"cards.html#p={REVIEWED}"],
    ids=["board", "cards", "editor", "cards-review"],
)
def test_the_tool_pages_do_not_jump_as_they_are_drawn(served, context, address, size):
    base, _ = served
    page = context(SIZES[size])
    page.goto(base + address)
    page.wait_for_load_state("load")
    assert page.evaluate(LAYOUT_SHIFT) < 0.1
    assert not page.errors  # type: ignore[attr-defined]


@pytest.mark.parametrize("size", SIZES)
def test_the_analysis_board_fits_the_first_screen_and_stays_there_along_a_line(served, context, size):
    base, _ = served
    page = context(SIZES[size])
    page.goto(base + "board.html")
    page.locator("#play .counter").wait_for()
    height = SIZES[size]["height"]
    for part in ("#play svg.table", "[data-action=undo]", "[data-action=redo]"):
        assert bottom(page, part) <= height, part
    page.get_by_role("button", name="Show the values").click()
    page.locator("#play .step").wait_for()
    page.evaluate("window.scrollTo(0, 0)")  # back up from the engine's buttons, to the board
    assert bottom(page, "[data-action=next]") <= height  # the line's steps on the first screen too
    for _ in range(5):
        page.get_by_role("button", name="Next").click()
        assert page.evaluate("window.scrollY") == 0
    assert page.locator("#play .step").inner_text().startswith("Winning line, move 5 of ")
    # Further along, the rows lengthen and the words wrap: Next stays under the finger.
    tops = page.evaluate(STEPPED, ["#play .steps", 40])
    assert all(abs(top - tops[0]) <= 2 for top in tops), tops
    assert not page.errors  # type: ignore[attr-defined]


@pytest.mark.parametrize("size", SIZES)
def test_free_play_shows_the_deal_drawn_and_says_what_it_is_under_its_button(served, context, size):
    """Issue 65: on a phone the view stayed at the form after "A new deal", the board off-screen above it."""
    base, _ = served
    page = context(SIZES[size])
    page.goto(base + "board.html")
    page.locator("#grade").select_option("3")
    page.get_by_role("button", name="A new deal").click()
    page.wait_for_function("document.getElementById('what').textContent.startsWith('Free play: deal')")
    deal = re.match(r"Free play: deal (\d+), grade 3", page.locator("#what").inner_text())
    assert deal is not None
    said = page.locator("#free-said").inner_text()
    assert said == f"Deal {int(deal[1]):,}, grade 3: it is on the board above."
    assert page.locator("#what").bounding_box()["y"] > -1  # the deal's name and its board in sight
    assert bottom(page, "#play svg.table") <= SIZES[size]["height"]
    assert not page.errors  # type: ignore[attr-defined]


def open_day(page, base: str, number: int):
    """Day ``number`` opened on its own date (How to play seen before); its Day."""
    day = load_calendar()[number - 1]
    page.context.clock.set_fixed_time(datetime(day.date.year, day.date.month, day.date.day, 12, tzinfo=UTC))
    page.context.add_init_script("localStorage.setItem('butterfly-daily-seen', 'yes')")
    page.goto(base + f"day/{day.date}.html")
    return day


@pytest.mark.parametrize("size", SIZES)
def test_the_solution_stepper_keeps_next_under_the_finger(served, context, size):
    """Issue 65: on a phone the board shrank as the rows lengthened, and Next moved up to 41 px a step."""
    base, _ = served
    page = context(SIZES[size])
    day = open_day(page, base, 2)
    assert day.puzzle.kind == "deal" and len(day.puzzle.solution) > 40
    page.on("dialog", lambda d: d.accept())  # "Give up?"
    page.get_by_role("button", name="Give up").click()
    page.keyboard.press("Escape")  # the finish panel
    page.get_by_role("button", name="Show the solution").click()
    stepper = page.locator("#play .stepper")
    tops = page.evaluate(STEPPED, ["#play .stepper", len(day.puzzle.solution)])
    assert all(abs(top - tops[0]) <= 2 for top in tops), tops
    assert stepper.locator("p").inner_text().endswith("(the end)")
    assert bottom(page, "#play .stepper") <= SIZES[size]["height"]
    assert not page.errors  # type: ignore[attr-defined]
