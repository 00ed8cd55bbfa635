// The front page: the reader is sent on to today's puzzle, by their own date.
import { localDate, untilMidnight } from "./dates.js";
import { el } from "./dom.js";

// True when sent on to today's puzzle.
export function front(data) {
  const today = localDate(new Date());
  const target = document.getElementById("today");
  if (Object.prototype.hasOwnProperty.call(data.days, today)) {
    target.textContent = "";
    target.appendChild(el("a", { href: data.days[today] }, "Today's puzzle (" + today + ")"));
    window.location.replace(data.days[today]);
    return true;
  }
  // The latest day up to today, when the site has one; else the first, to come.
  const dates = Object.keys(data.days).sort();
  const past = dates.filter((d) => d <= today);
  target.textContent = "";
  if (!past.length && dates.length) {
    target.appendChild(el("strong", null, "The first puzzle opens on " + data.opens + "."));
    const wait = el("span", { class: "countdown" });
    target.appendChild(document.createTextNode(" "));
    target.appendChild(wait);
    const tick = () => {
      const days = Math.round((new Date(dates[0] + "T00:00:00") - new Date(today + "T00:00:00")) / 86400000);
      wait.textContent = days > 1 ? "In " + days + " days." : "In " + untilMidnight(new Date()) + ".";
    };
    tick();
    window.setInterval(tick, 1000);
    return false;
  }
  target.textContent = "There is no puzzle for today (" + today + ") on this site. ";
  if (past.length) {
    const last = past[past.length - 1];
    target.appendChild(el("a", { href: data.days[last] }, "Play the latest, of " + last));
    target.appendChild(document.createTextNode(", or choose one in the archive."));
  }
  return false;
}
