// The tool pages' engine (page/engine.js): a refusal (4xx) is about the question; no answer or a 5xx is the
// engine stopped, unless the 5xx says when to ask again (Retry-After: too busy to start in time).
import assert from "node:assert/strict";
import { test } from "node:test";

globalThis.window = { location: { protocol: "http:" } };
let reply = null; // what the next fetch answers (api/health is always up)
globalThis.fetch = (path) =>
  path === "api/health"
    ? Promise.resolve({ ok: true })
    : reply
      ? Promise.resolve(reply)
      : Promise.reject(new TypeError("down"));
const { ask } = await import("../../butterfly/puzzles/site/page/engine.js");

function answer(status, detail, headers = {}) {
  return {
    ok: status < 400,
    status: status,
    headers: new Map(Object.entries(headers)),
    json: () => Promise.resolve({ detail: detail }),
  };
}

async function refusal(status, detail, headers) {
  reply = status === null ? null : answer(status, detail, headers);
  return ask("api/analyse", { position: "x" }, "to judge").then(
    () => assert.fail("answered"),
    (error) => error,
  );
}

test("a refusal is the server's line as a sentence, not the engine stopped", async () => {
  const error = await refusal(422, "position: not a line");
  assert.equal(error.message, "Position: not a line.");
  assert.ok(!error.stopped);
});

test("a 5xx is the engine stopped, unless it says when to ask again", async () => {
  assert.ok((await refusal(500, "the engine failed")).stopped);
  assert.ok((await refusal(null)).stopped);
  const busy = await refusal(503, "the server was too busy to start this search within 1 s: ask again", {
    "retry-after": "1",
  });
  assert.equal(busy.message, "The server was too busy to start this search within 1 s: ask again.");
  assert.ok(!busy.stopped);
});
