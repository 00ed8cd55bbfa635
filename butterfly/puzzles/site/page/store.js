// What the browser keeps (localStorage only; nothing leaves it): each day's
// progress, the latest time the page's clock has shown, and three choices.
//
// Key STORE, version 2, by date: {moves: the player's moves (Butterfly),
// misses: wrong tries, tried: what each was (a refuted card, or the key of a
// position proved lost), solved, gaveUp, on: the reader's date when solved,
// at: the clock's time then (ms), streak: false once the clock was seen
// wrong, over: moves over par}; and ``seen``, the latest time the page's clock
// has shown (docs/puzzles.md, "Progress, streak and statistics").
// Version 1 kept only {solved: {date: true}}.

const STORE = "butterfly-daily";
//: The most wrong tries a day remembers (each a short text): storage stays small.
export const MOST_TRIED = 200;
// Clock readings this far apart are the same time (a clock that drifts is no clock set back).
export const CLOCK_SLACK = 10 * 60 * 1000;
//: The choices remembered: the option that moves safe cards home, high contrast,
//: and How to play seen (so that it opens by itself on a first visit only).
export const AUTO = "butterfly-daily-auto";
export const CONTRAST = "butterfly-daily-contrast";
export const SEEN = "butterfly-daily-seen";

// The kept text read as version 2 (version 1's solved dates as solved on their own day; anything else as nothing kept).
export function parseStore(text) {
  let s = null;
  try {
    s = JSON.parse(text || "{}");
  } catch {
    s = null;
  }
  if (!s || typeof s !== "object") s = {};
  if (s.v === 2 && s.days && typeof s.days === "object") {
    if (typeof s.seen !== "number") s.seen = 0;
    return s;
  }
  const days = {};
  Object.keys((s.solved && typeof s.solved === "object" && s.solved) || {}).forEach((date) => {
    days[date] = { moves: [], misses: 0, tried: [], solved: true, gaveUp: false, on: date, at: null, over: null };
  });
  return { v: 2, days: days, seen: 0 };
}

// A day's kept record, checked field by field (the browser's storage is the reader's to edit).
export function stateOf(kept) {
  const state = {
    moves: [],
    misses: 0,
    tried: [],
    solved: false,
    gaveUp: false,
    on: null,
    at: null,
    streak: true,
    over: null,
  };
  if (kept && typeof kept === "object") {
    if (Array.isArray(kept.moves)) state.moves = kept.moves.filter((m) => typeof m === "string");
    if (Array.isArray(kept.tried)) state.tried = kept.tried.filter((t) => typeof t === "string").slice(0, MOST_TRIED);
    if (typeof kept.misses === "number" && kept.misses >= 0) state.misses = Math.floor(kept.misses);
    state.solved = kept.solved === true;
    state.gaveUp = kept.gaveUp === true && !state.solved;
    state.on = typeof kept.on === "string" ? kept.on : null;
    state.at = typeof kept.at === "number" ? kept.at : null;
    state.streak = kept.streak !== false;
    state.over = typeof kept.over === "number" ? kept.over : null;
  }
  return state;
}

// The clock rules, on the kept store at ``now`` (ms): when the clock is behind
// the latest time seen (by more than CLOCK_SLACK, it was set back), a day solved
// now does not count for the streak; a solve kept from a time still to come (the
// clock was set ahead, or is now set back) never counts. The store is changed in
// place (those solves marked, the latest time seen moved on); ``back``: the clock is behind.
export function checkClock(store, now) {
  const back = now < store.seen - CLOCK_SLACK;
  Object.keys(store.days).forEach((date) => {
    const kept = store.days[date];
    if (kept && typeof kept.at === "number" && kept.at > now + CLOCK_SLACK) kept.streak = false;
  });
  store.seen = Math.max(store.seen, now);
  return { now: now, back: back };
}

export function loadStore() {
  let text = null;
  try {
    text = window.localStorage.getItem(STORE);
  } catch {
    text = null;
  }
  return parseStore(text);
}

function saveStore(s) {
  try {
    window.localStorage.setItem(STORE, JSON.stringify(s));
  } catch {
    /* storage refused: progress is not kept */
  }
}

export function dayState(date) {
  return stateOf(loadStore().days[date]);
}

export function saveDay(date, state) {
  const s = loadStore();
  s.days[date] = state;
  saveStore(s);
}

// The page's clock as it opens, checked and remembered (checkClock).
export function readClock() {
  const s = loadStore();
  const reading = checkClock(s, Date.now());
  saveStore(s);
  return reading;
}

// A choice the browser remembers (AUTO, CONTRAST: "on"; SEEN: "yes"); null when storage is refused.
export function remembered(key) {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

// Remember a choice; false when storage is refused (the choice then lasts this page only).
export function remember(key, value) {
  try {
    window.localStorage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}
