"""A brute force over every pure strategy of a seat: the oracle for butterfly/solver/exact_seat.py.

A pure strategy maps each information state of the seat (its hand and the
table at the root, which every world shares, and the moves played since:
so the tuple of those moves) to a legal move. Strategies that differ only
at information states they never reach play the same in every world, so
only those reached are enumerated (the reduced strategies): each strategy
is grown one reached information state at a time, branching over that
state's legal moves. Each complete strategy is then played out in every
world on its own, with no grouping of worlds:

- expected: the others play their open move, and the seat's results are
  summed over the worlds;
- guaranteed: the others try every legal move, and the least result over
  the worlds and their moves counts (first measure only).

The value of a root move is the best over the strategies that play it.
Nothing here shares code with the search but the game's rules (its moves,
play, open move and result).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from butterfly.solver.exact_seat import Model, SeatGame, Value


class TooMany(Exception):
    """More strategies than the brute force was allowed to try."""


class Node:
    """A state of one world with its children made once (the walks below go
    over the same trees again and again: the rules engine's play is the cost)."""

    def __init__(self, game: SeatGame, state) -> None:
        self.game = game
        self.state = state
        self.mover = game.to_move(state)
        self._children: dict | None = None
        self._open = None

    def moves(self) -> list:
        return list(self.children())

    def children(self) -> dict:
        if self._children is None:
            self._children = {m: Node(self.game, self.game.play(self.state, m)) for m in self.game.moves(self.state)}
        return self._children

    def child(self, move) -> Node:
        return self.children()[move]

    def open_move(self):
        if self._open is None:
            self._open = self.game.open_move(self.state)
        return self._open


def _others_moves(node: Node, model: Model) -> list:
    return [node.open_move()] if model == "expected" else node.moves()


def _missing(game: SeatGame, worlds: Sequence[Node], strategy: dict, model: Model):
    """The first information state reached under ``strategy`` that it does not
    assign, with the node there; None when it assigns every one reached."""

    def walk(node: Node, seen: tuple):
        if node.mover < 0:
            return None
        if node.mover == game.seat:
            if seen not in strategy:
                return seen, node
            move = strategy[seen]
            return walk(node.child(move), seen + (move,))
        for move in _others_moves(node, model):
            found = walk(node.child(move), seen + (move,))
            if found is not None:
                return found
        return None

    for w in worlds:
        found = walk(w, ())
        if found is not None:
            return found
    return None


def strategies(game: SeatGame, worlds: Sequence[Node], model: Model, first: Hashable, most: int) -> list[dict]:
    """Every reduced pure strategy of the seat (to move in ``worlds``) that plays ``first``."""
    done: list[dict] = []
    todo = [{(): first}]
    while todo:
        strategy = todo.pop()
        found = _missing(game, worlds, strategy, model)
        if found is None:
            done.append(strategy)
            if len(done) > most:
                raise TooMany
            continue
        seen, node = found
        for move in node.moves():
            todo.append({**strategy, seen: move})
    return done


def outcome(game: SeatGame, world, strategy: dict, model: Model) -> list[Value]:
    """The seat's results in ``world`` (a state or a :class:`Node`) under
    ``strategy``: one (expected), or one per line of the others' moves."""

    def walk(node: Node, seen: tuple) -> list[Value]:
        if node.mover < 0:
            return [game.result(node.state)]
        if node.mover == game.seat:
            move = strategy[seen]
            return walk(node.child(move), seen + (move,))
        return [r for move in _others_moves(node, model) for r in walk(node.child(move), seen + (move,))]

    return walk(world if isinstance(world, Node) else Node(game, world), ())


def strategy_value(game: SeatGame, worlds: Sequence, strategy: dict, model: Model) -> Value:
    """What ``strategy`` is worth: the seat's results summed over the worlds, or the least."""
    if model == "guaranteed":
        return min(r[:1] for w in worlds for r in outcome(game, w, strategy, model))
    total: Value | None = None
    for w in worlds:
        (r,) = outcome(game, w, strategy, model)
        total = r if total is None else tuple(a + b for a, b in zip(total, r))
    assert total is not None
    return total


def brute_values(game: SeatGame, worlds: Sequence, model: Model, most: int = 20_000) -> dict:
    """Each root move of the seat and the best value of a strategy playing it (TooMany past ``most`` strategies)."""
    nodes = [Node(game, w) for w in worlds]
    return {
        first: max(strategy_value(game, nodes, s, model) for s in strategies(game, nodes, model, first, most))
        for first in game.moves(worlds[0])
    }
