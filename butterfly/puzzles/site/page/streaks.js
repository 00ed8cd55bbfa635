// The streak and the statistics, from the days kept (store.js): pure
// functions of the kept days and the reader's today.
import { shiftDate } from "./dates.js";
import { stateOf } from "./store.js";

// A day counts for the streak when it was solved on its own date, as in
// Wordle, by a clock never seen set back or ahead (store.js checkClock).
export function onItsDay(days, date) {
  const kept = days[date];
  return !!kept && kept.solved === true && kept.on === date && kept.streak !== false;
}

// The streak: days solved on their own date, consecutive, up to ``today``, or up
// to yesterday while today's is not solved yet; and the longest such run.
export function streaks(days, today) {
  let current = 0;
  let d = onItsDay(days, today) ? today : shiftDate(today, -1);
  while (onItsDay(days, d)) {
    current++;
    d = shiftDate(d, -1);
  }
  let best = 0;
  Object.keys(days)
    .sort()
    .forEach((date) => {
      if (!onItsDay(days, date) || onItsDay(days, shiftDate(date, -1))) return;
      let run = 0;
      for (let e = date; onItsDay(days, e); e = shiftDate(e, 1)) run++;
      best = Math.max(best, run);
    });
  return { current: current, best: best };
}

// A day begun: a move, a wrong try, or an end.
export function played(state) {
  return state.solved || state.gaveUp || state.misses > 0 || state.moves.length > 0;
}

// The four figures, and the wrong tries and moves over par of each day solved.
export function statsFigures(days, today) {
  // Played: the days finished, solved or given up. A day begun and not
  // finished counts when it is, never before (it may still be solved).
  const states = Object.keys(days)
    .map((date) => stateOf(days[date]))
    .filter((state) => state.solved || state.gaveUp);
  const solved = states.filter((state) => state.solved);
  const s = streaks(days, today);
  return {
    played: states.length,
    solved: solved.length,
    percent: states.length ? Math.round((100 * solved.length) / states.length) : 0,
    current: s.current,
    best: s.best,
    misses: solved.map((state) => state.misses),
    over: solved.map((state) => state.over).filter((v) => v !== null),
  };
}

export function statsText(f) {
  return (
    "Played: " + f.played + " \u00b7 solved: " + f.percent + "% \u00b7 streak: " + f.current + " (best " + f.best + ")"
  );
}
