// Under the board once the day is over (the result itself is in the status
// above the board): Statistics and share, where to go on (free play, the
// board), the proof (each wrong choice and why, step by step for only moves)
// and the solution, shown on request.
import { button, el } from "./dom.js";
import { solutionStepper } from "./stepper.js";
import { sayMove, wrongWords } from "./words.js";

// Where a finished day leads on (the page's data: build.py _go_on): a free-play
// deal at the day's grade, and the day's position on its game's board.
export function goOnLinks(data) {
  const butterfly = data.puzzle.game.split("/")[0] === "butterfly";
  const list = el("ul", { class: "go-on" });
  [
    [
      data.goOn.free,
      butterfly ? "Play another deal at this grade" : "Play a Butterfly deal at this grade",
      " in free play",
    ],
    [data.goOn.analyse, "Analyse this position", data.patience ? " on the analysis board" : " on the card-game board"],
  ].forEach(([href, words, where]) => {
    const item = el("li");
    item.appendChild(el("a", { href: href }, words));
    item.appendChild(document.createTextNode(where));
    list.appendChild(item);
  });
  return list;
}

// ``day``: {status, board (or null), start (Butterfly), openPanel()};
// returns showSolution(), which shows the solution when not yet shown.
export function showAfter(after, play, data, day) {
  const puzzle = data.puzzle;
  after.hidden = false;
  after.textContent = "";
  after.appendChild(button("Statistics and share", day.openPanel, { "data-action": "stats" }));
  after.appendChild(goOnLinks(data));
  const steps = (puzzle.proof && puzzle.proof.steps) || [(puzzle.proof && puzzle.proof.alternatives) || []];
  if (steps.some((wrong) => wrong.length)) {
    after.appendChild(el("h2", null, "The proof"));
    const list = el("ul");
    steps.forEach((wrong, k) => {
      const step = steps.length > 1 ? "step " + (k + 1) + ", " : "";
      wrong.forEach((a) => {
        const moves = a.moves.map((m) => sayMove(data.patience, m));
        list.appendChild(el("li", null, step + moves.join(" / ") + ": " + wrongWords(a.verdict)));
      });
    });
    after.appendChild(list);
  }
  after.appendChild(el("h2", null, "The solution"));
  const stepper = el("div", { class: "stepper" });
  after.appendChild(stepper);
  const showButton = button("Show the solution", () => {
    showButton.hidden = true;
    // Its Back and Next go just below the board (in place of its controls) or the card game's choices, in view with them.
    play.appendChild(stepper);
    after.insertBefore(el("p", null, "It is shown above."), showButton);
    day.status.textContent =
      day.board && day.board.replay
        ? "The solution, on the board: Back and Next below it step through it."
        : "The solution: Back and Next below step through it.";
    solutionStepper(stepper, data, day.board, day.start);
  });
  after.appendChild(showButton);
  return () => {
    if (!showButton.hidden) showButton.click();
  };
}
