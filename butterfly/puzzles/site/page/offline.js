// Offline after a first visit (sw.js), where the browser allows it: served
// over http(s), never from file://. Today and the next DAYS_AHEAD days the
// site has (``span``: its first and last dates) are kept, so tomorrow opens offline.
import { localDate, shiftDate } from "./dates.js";

const DAYS_AHEAD = 7;

// The day pages to keep from ``today``, within ``span``, as addresses beside ``root`` (the site's manifest).
export function daysToKeep(today, span, root) {
  const keep = [];
  for (let k = 0; k <= DAYS_AHEAD; k++) {
    const date = shiftDate(today, k);
    if (date >= span[0] && date <= span[1]) keep.push(new URL("day/" + date + ".html", root).href);
  }
  return keep;
}

export function offline(span) {
  const manifest = document.querySelector('link[rel="manifest"]');
  if (!manifest || !("serviceWorker" in navigator) || !/^https?:$/.test(window.location.protocol)) return;
  navigator.serviceWorker
    .register(new URL("sw.js", manifest.href).href)
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => {
      if (!span || !registration.active) return;
      const keep = daysToKeep(localDate(new Date()), span, manifest.href);
      if (keep.length) registration.active.postMessage({ keep: keep });
    })
    .catch(() => {
      /* refused (a private window, say): the site works online as before */
    });
}
