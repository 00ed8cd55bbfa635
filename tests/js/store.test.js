// What the browser keeps (page/store.js) and the streak (page/streaks.js):
// the rules that need no browser.
import assert from "node:assert/strict";
import { test } from "node:test";
import { shiftDate, untilMidnight } from "../../butterfly/puzzles/site/page/dates.js";
import { headline } from "../../butterfly/puzzles/site/page/finish.js";
import { daysToKeep } from "../../butterfly/puzzles/site/page/offline.js";
import { shareText, squares } from "../../butterfly/puzzles/site/page/share.js";
import { CLOCK_SLACK, MOST_TRIED, checkClock, parseStore, stateOf } from "../../butterfly/puzzles/site/page/store.js";
import { onItsDay, played, statsFigures, statsText, streaks } from "../../butterfly/puzzles/site/page/streaks.js";

const solvedOn = (date, extra = {}) => ({
  moves: [],
  misses: 0,
  tried: [],
  solved: true,
  gaveUp: false,
  on: date,
  at: 1,
  over: null,
  ...extra,
});

test("version 1's solved dates are read as solved on their own day; anything else as nothing kept", () => {
  assert.deepEqual(
    parseStore('{"solved": {"2027-01-02": true}}').days["2027-01-02"],
    solvedOn("2027-01-02", { at: null }),
  );
  for (const junk of [null, "", "not json", "[1, 2]", '{"v": 2, "days": 5}'])
    assert.deepEqual(parseStore(junk), { v: 2, days: {}, seen: 0 });
  assert.equal(parseStore('{"v": 2, "days": {}}').seen, 0);
});

test("a kept day is read field by field: whatever the reader edited, a sane state", () => {
  const state = stateOf({
    moves: ["7H L3>R2", 5],
    misses: -3,
    tried: Array(300).fill("x"),
    solved: "yes",
    gaveUp: true,
    on: 7,
    streak: 0,
    over: "2",
  });
  assert.deepEqual(state.moves, ["7H L3>R2"]);
  assert.equal(state.misses, 0);
  assert.equal(state.tried.length, MOST_TRIED);
  assert.deepEqual([state.solved, state.gaveUp, state.on, state.streak, state.over], [false, true, null, true, null]);
  assert.equal(stateOf({ solved: true, gaveUp: true }).gaveUp, false); // solved wins over given up
});

test("a clock set back is seen, and a solve kept from a time still to come stops counting", () => {
  const now = Date.UTC(2027, 0, 10, 12);
  const store = {
    v: 2,
    seen: now + 2 * CLOCK_SLACK,
    days: {
      "2027-01-12": solvedOn("2027-01-12", { at: now + 2 * CLOCK_SLACK }),
      "2027-01-09": solvedOn("2027-01-09", { at: now - 1000 }),
    },
  };
  assert.deepEqual(checkClock(store, now), { now: now, back: true });
  assert.equal(store.days["2027-01-12"].streak, false);
  assert.equal(store.days["2027-01-09"].streak, undefined);
  assert.equal(store.seen, now + 2 * CLOCK_SLACK); // the latest time seen stays
  assert.equal(checkClock({ v: 2, seen: now + CLOCK_SLACK / 2, days: {} }, now).back, false); // a clock that drifts is no clock set back
});

test("the streak counts days solved on their own date, up to today or yesterday, as Wordle does", () => {
  const days = {
    "2027-01-01": solvedOn("2027-01-01"),
    "2027-01-02": solvedOn("2027-01-02"),
    "2027-01-03": solvedOn("2027-01-03"),
    "2027-01-05": solvedOn("2027-01-05"),
    "2027-01-06": solvedOn("2027-01-06"),
    "2027-01-04": solvedOn("2027-01-09"), // from the archive: played, not for the streak
  };
  assert.deepEqual(streaks(days, "2027-01-06"), { current: 2, best: 3 });
  assert.deepEqual(streaks(days, "2027-01-07"), { current: 2, best: 3 }); // today's still open
  assert.deepEqual(streaks(days, "2027-01-08"), { current: 0, best: 3 });
  assert.equal(onItsDay({ d: solvedOn("d", { streak: false }) }, "d"), false); // a clock seen wrong
});

test("the statistics count the days finished; a day begun counts once it ends", () => {
  const days = {
    "2027-01-01": solvedOn("2027-01-01", { misses: 2, over: 3 }),
    "2027-01-02": { moves: ["7H L3>R2"], misses: 1, gaveUp: true },
    "2027-01-03": { moves: ["7H L3>R2"], misses: 0 },
  };
  const f = statsFigures(days, "2027-01-03");
  assert.deepEqual(f, { played: 2, solved: 1, percent: 50, current: 0, best: 1, misses: [2], over: [3] });
  assert.equal(statsText(f), "Played: 2 \u00b7 solved: 50% \u00b7 streak: 0 (best 1)");
  assert.equal(played(stateOf(days["2027-01-03"])), true);
  assert.equal(played(stateOf(undefined)), false);
});

test("the finish panel's headline and the share squares say how the day went", () => {
  assert.equal(headline({ gaveUp: true }), "Given up");
  assert.equal(headline({ over: null, misses: 0 }), "Solved at the first try!");
  assert.equal(headline({ over: 0, misses: 1 }), "At par!");
  assert.equal(headline({ over: -2 }), "Under par!");
  assert.equal(headline({ over: 3 }), "Solved, 3 over par");
  assert.equal(squares({ misses: 2, gaveUp: false }), "\uD83D\uDFE5\uD83D\uDFE5\uD83D\uDFE9");
  const share = {
    head: "Butterfly daily #4 Butterfly, win in 5 \u2605\u2605",
    solved: "won",
    par: 82,
    done: "won",
    url: null,
  };
  assert.equal(
    shareText(share, { misses: 0, gaveUp: false, over: 15 }),
    share.head + "\n\uD83D\uDFE9 won in 97 moves, par 82",
  );
  assert.equal(
    shareText({ ...share, url: "https://x.org/day/1.html" }, { misses: 1, gaveUp: true, over: null }).split("\n")[1],
    "\uD83D\uDFE5\u2B1B given up",
  );
});

test("dates by the reader's calendar: the days ahead to keep offline, the time to midnight", () => {
  assert.equal(shiftDate("2027-02-28", 1), "2027-03-01");
  assert.equal(shiftDate("2028-03-01", -1), "2028-02-29");
  const keep = daysToKeep("2027-01-03", ["2027-01-01", "2027-01-05"], "http://h/site/manifest.webmanifest");
  assert.deepEqual(
    keep,
    ["2027-01-03", "2027-01-04", "2027-01-05"].map((d) => "http://h/site/day/" + d + ".html"),
  );
  assert.equal(daysToKeep("2027-01-01", ["2027-01-01", "2028-01-01"], "http://h/").length, 8);
  const now = new Date(2027, 0, 1, 18, 55, 51);
  assert.equal(untilMidnight(now), "5:04:09");
});
