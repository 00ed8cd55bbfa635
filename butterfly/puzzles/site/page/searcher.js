// Proved help's questions to search.js: in a Web Worker (a module worker)
// when the browser allows one, else in the page itself with a smaller limit
// (from file://, where no worker may start).
import * as R from "../rules.js";
import * as search from "../search.js";

// Positions the search may visit per question: in a worker, and in the page itself, where it must stay short.
const SEARCH_LIMIT = 200000;
const PAGE_SEARCH_LIMIT = 20000;

// ask(question, position, depth, callback): "decide" or "hint" about
// ``position`` (within ``depth`` moves; null: any win), each answer to its
// question's callback.
export function searcher() {
  let worker = null;
  const waiting = {};
  let next = 0;
  try {
    const manifest = document.querySelector('link[rel="manifest"]');
    worker = new Worker(new URL("search.js", manifest ? manifest.href : window.location.href).href, { type: "module" });
    worker.onmessage = (event) => {
      const callback = waiting[event.data.id];
      delete waiting[event.data.id];
      if (callback) callback(event.data);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      worker = null; // from file:// the worker may fail to load: the page searches itself
    };
  } catch {
    worker = null;
  }
  return (ask, position, depth, callback) => {
    if (worker) {
      next++;
      waiting[next] = callback;
      // the position as it is (plain data): the worker needs no presets
      worker.postMessage({ id: next, ask: ask, position: position, limit: SEARCH_LIMIT, depth: depth });
      return;
    }
    window.setTimeout(() => callback(search[ask](R, position, PAGE_SEARCH_LIMIT, depth)), 0);
  };
}
