// Once the page is read and styled: the board is sized to the room the page leaves it
// (patience.js fit), and a module may run before the style sheet has come.
// Each entry (start-daily.js, start-board.js, ...) starts its page with it.
export function whenReady(run) {
  const sheet = document.querySelector('link[rel="stylesheet"]');
  const styled = () => {
    if (!sheet || sheet.sheet) run();
    else {
      sheet.addEventListener("load", run, { once: true });
      sheet.addEventListener("error", run, { once: true });
    }
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", styled, { once: true });
  else styled();
}
