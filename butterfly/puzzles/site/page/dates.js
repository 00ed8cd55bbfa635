// Dates by the reader's own calendar and clock (the daily puzzle changes at
// their midnight), as YYYY-MM-DD texts.

function twoDigits(n) {
  return (n < 10 ? "0" : "") + n;
}

export function localDate(d) {
  return d.getFullYear() + "-" + twoDigits(d.getMonth() + 1) + "-" + twoDigits(d.getDate());
}

// The date ``by`` days from ``date`` (both YYYY-MM-DD, by the reader's calendar).
export function shiftDate(date, by) {
  const d = new Date(date + "T12:00:00");
  d.setDate(d.getDate() + by);
  return localDate(d);
}

// The time to the reader's next midnight, when the next puzzle opens: "5:04:09".
export function untilMidnight(now) {
  const next = new Date(now);
  next.setHours(24, 0, 0, 0);
  const seconds = Math.max(0, Math.round((next - now) / 1000));
  return Math.floor(seconds / 3600) + ":" + twoDigits(Math.floor(seconds / 60) % 60) + ":" + twoDigits(seconds % 60);
}
