// Only card (a Sunday's card game): one class of cards meets the goal
// whatever the others play. The page needs no rules of the game: the classes
// of a proved puzzle hold every legal card (build.py's tests check it).
import { saidCards } from "../words.js";

// The cards to choose from, in order: the answer's and every wrong class's.
export function cardChoices(puzzle) {
  const cards = puzzle.answer.flat();
  ((puzzle.proof && puzzle.proof.alternatives) || []).forEach((a) => {
    a.moves.forEach((m) => {
      if (cards.indexOf(m) < 0) cards.push(m);
    });
  });
  return cards.sort();
}

// A card chosen: {finish} when it lies in the answer's class, else {wrong}.
export function judgeCard(puzzle, card) {
  if (puzzle.answer.flat().indexOf(card) >= 0)
    return { finish: "Right: " + saidCards(card) + " meets the goal against any defence." };
  return { wrong: "Not that: " + saidCards(card) + " misses the goal against the best defence. Try again." };
}
