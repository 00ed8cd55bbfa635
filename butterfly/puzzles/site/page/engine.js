// What the tool pages (the analysis board, the card-game board) share: their
// engine, butterfly serve's web API (docs/serve.md), asked from a page it
// serves (opened from a file or served without it, every question is answered
// by one sentence saying how to start it; a refusal is the server's one line,
// as a sentence), and the Copy button of their link.

// What to start when the engine is wanted and the page has none, followed by what it is wanted for.
export const START = "Start butterfly serve --site DIR (the folder of this site) and open this page from it ";

// A line as one sentence: a capital first, a full stop last.
export function sentence(text) {
  const t = String(text).trim();
  return t.charAt(0).toUpperCase() + t.slice(1) + (/[.!?]$/.test(t) ? "" : ".");
}

// Is the engine here? Asked once: the page is served by butterfly serve when its API answers beside it.
let served = null;
export function engineHere() {
  if (served === null)
    served = /^https?:$/.test(window.location.protocol)
      ? fetch("api/health")
          .then((r) => r.ok)
          .catch(() => false)
      : Promise.resolve(false);
  return served;
}

// The engine gone or failing (no answer, or a 5xx): an error with ``stopped`` set, so a page tells it from a
// refusal (4xx), which is about the question asked.
function stopped(text) {
  const error = new Error(text);
  error.stopped = true;
  return error;
}

// A question to the API (``body``: POSTed as JSON; none: a GET): its JSON answer, or a sentence (thrown) saying
// why there is none; ``without``: what the engine is wanted for, said when it is not here.
export function ask(path, body, without) {
  return engineHere().then((here) => {
    if (!here) throw new Error(START + without + ".");
    const request = body
      ? { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }
      : {};
    return fetch(path, request).then(
      (response) =>
        response.json().then(
          (json) => {
            if (response.ok) return json;
            if (response.status === 429) throw new Error("The engine is busy; ask again in a moment.");
            const said = sentence(json && typeof json.detail === "string" ? json.detail : "refused");
            // (a 5xx with Retry-After: the engine is running but was too busy to start in time, not stopped)
            throw response.status >= 500 && !response.headers.get("retry-after") ? stopped(said) : new Error(said);
          },
          () => {
            throw stopped("The engine gave no answer: ask again in a moment.");
          },
        ),
      () => {
        throw stopped("The engine does not answer: is butterfly serve still running?");
      },
    );
  });
}

// The page's note when the engine is not here: START, then ``wanted`` (what it would do, and what works without it).
export function noteWithout(wanted) {
  engineHere().then((here) => {
    if (!here) document.getElementById("engine-note").textContent = START + wanted;
  });
}

// The Copy button of the page's link (#link, #copy; #copied says it was copied).
export function copyLink() {
  const link = document.getElementById("link");
  document.getElementById("copy").addEventListener("click", () => {
    link.select();
    const done = () => (document.getElementById("copied").textContent = "Link copied.");
    if (navigator.clipboard && window.isSecureContext)
      navigator.clipboard.writeText(link.value).then(done, () => undefined);
    else done();
  });
}
