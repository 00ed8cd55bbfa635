"""Exact values from one seat, without sampling: the search both card games share.

The seat to move knows its hand and everything played; the other hands are
one of a set ``W`` of deals (worlds), each as likely. A plain average of
the open values over ``W`` (the sampled analyses of ``solver.<game>.seat``)
lets the seat's later cards depend on the hidden hands. Here they may not:
the seat's strategy maps what it has seen (the moves played since now) to
a move, and the worlds it cannot tell apart get the same move. Two models:

- **expected** (against open play): at the seat's turn, the best move for
  the whole group of worlds it cannot tell apart; at another player's turn,
  each world's player plays the move the open analysis plays there (every
  hand known, max-n, the game's own tie rule), so the group splits by the
  move played, which the seat sees; at the end, the seat's result summed
  over the worlds. A move's value is that sum over the number of worlds.
- **guaranteed** (best defence): the others act as one team that knows
  every card and the deal; at their turn they pick any move legal in at
  least one world of the group, the group keeps the worlds where it is
  legal, and the value is the least over their moves; at the end, the
  least over the worlds. It is the most the seat can be sure of.

Values are tuples compared in order (the game says what they measure:
La Mouche's tricks then no mouche, Papillon's chips), summed exactly in
integers by the expected model; the guaranteed model uses the first
measure alone.

Why the groups are what the seat can tell apart: every world in a group has
had the same moves played since the root, and the seat's hand and the table
are the same in all of them, so the seat sees the same thing in each; two
worlds in different groups differ in some move played, which the seat saw.
:func:`seat_strategy` reads the strategy off the search as a map from the
moves played to the seat's move, which the tests play out world by world.

The search memoises a group's value on the set of its worlds' states
(:meth:`SeatGame.key`): the value of a group depends on nothing else (the
seat's future view is the moves still to be played, and the result at the
end is read from the state). Three cuts, each optional and tested against the
search without it:

- a group of **one world** is a position with every card known to the
  seat: its expected value is the open (max-n) value to the seat, whose
  own moves max-n already makes best for it, and its guaranteed value the
  open guaranteed (paranoid) one (a world standing for ``k`` deals that
  play alike, :meth:`SeatGame.weight`, counts ``k`` times: its deals are
  the same game with cards renamed, the seat's own cards unchanged, so the
  seat's open line is the same moves in each, read off what it sees);
- two of the seat's moves that **play alike** (:meth:`SeatGame.plays_like`:
  in La Mouche, cards of one suit with every card between them finished)
  have one value, found once;
- when the seat has **no choice left** (:meth:`SeatGame.seat_chooses_again`
  is False), there is no strategy to choose: the expected value is the sum
  over the worlds of each one's open value, the guaranteed value the least
  of each one's guaranteed value.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Hashable, Iterable, Sequence
from typing import Generic, Literal, Protocol, TypeVar

Model = Literal["expected", "guaranteed"]
MODELS: tuple[Model, ...] = ("expected", "guaranteed")

#: The seat's result in one world, or a sum of them: measures compared in order.
Value = tuple[int, ...]

S = TypeVar("S")
M = TypeVar("M", bound=Hashable)


class SeatGame(Protocol[S, M]):
    """What the search needs of a game, for one seat."""

    seat: int

    def moves(self, state: S) -> Sequence[M]:
        """The legal moves of the player to move, in the order that breaks ties."""
        ...

    def play(self, state: S, move: M) -> S: ...

    def to_move(self, state: S) -> int:
        """The seat to move; -1 when the hand is over."""
        ...

    def key(self, state: S) -> Hashable:
        """Everything about a world's state that matters for its future."""
        ...

    def open_move(self, state: S) -> M:
        """The move the open analysis plays for the player to move (every hand known)."""
        ...

    def result(self, state: S) -> Value:
        """The seat's result at the end of the hand."""
        ...

    def open_value(self, state: S) -> Value | None:
        """The seat's result at the end of the open (max-n) line, or None to search on."""
        ...

    def guaranteed_value(self, state: S) -> Value | None:
        """The seat's least result when everyone else plays against it, or None to search on."""
        ...

    def seat_chooses_again(self, state: S) -> bool:
        """False only when every later move of the seat is forced, whatever is played."""
        ...

    def weight(self, state: S) -> int:
        """How many deals the state stands for (1 but where deals that play alike are merged)."""
        ...

    def plays_like(self, state: S, move: M) -> M | None:
        """At the seat's turn: a move before ``move`` in :meth:`moves` whose value is
        ``move``'s in every deal the seat cannot tell apart, or None."""
        ...

    def open_plays(self, state: S) -> Iterable[tuple[M, S]]:
        """At another's turn: the open move and the state after it, as the seat sees
        it; several when the state stands for deals in which it is different cards."""
        ...

    def plays(self, state: S) -> Iterable[tuple[M, S]]:
        """At another's turn: every legal move and the state after it, as :meth:`open_plays`."""
        ...


class OneDealEach(ABC, Generic[S, M]):
    """The last three methods of :class:`SeatGame` for a game whose states are one deal each."""

    @abstractmethod
    def moves(self, state: S) -> Sequence[M]: ...

    @abstractmethod
    def play(self, state: S, move: M) -> S: ...

    @abstractmethod
    def open_move(self, state: S) -> M: ...

    def weight(self, state: S) -> int:
        return 1

    def plays_like(self, state: S, move: M) -> M | None:
        return None

    def open_plays(self, state: S) -> Iterable[tuple[M, S]]:
        move = self.open_move(state)
        return ((move, self.play(state, move)),)

    def plays(self, state: S) -> Iterable[tuple[M, S]]:
        return ((move, self.play(state, move)) for move in self.moves(state))


INF = float("inf")


def add_values(a: Value, b: Value) -> Value:
    return tuple(x + y for x, y in zip(a, b))


def times_value(k: int, a: Value) -> Value:
    return a if k == 1 else tuple(k * x for x in a)


class ExactSeat(Generic[S, M]):
    """The exact values of a group of worlds from ``game.seat`` under ``model``.

    ``cuts``: use the three cuts of the module's docstring (False: the plain
    recursion, the tests' reference for them)."""

    def __init__(self, game: SeatGame[S, M], model: Model, cuts: bool = True) -> None:
        if model not in MODELS:
            raise ValueError(f"unknown model {model!r} (models: {', '.join(MODELS)})")
        self.game = game
        self.model = model
        self.cuts = cuts
        self.memo: dict[Hashable, Value] = {}
        self.bounds: dict[Hashable, tuple[float, float]] = {}  # the guaranteed model's values known only within bounds
        self.groups = 0  # groups valued by the recursion (memo misses), a measure of the work

    def key(self, worlds: Sequence[S]) -> Hashable:
        return frozenset(Counter(self.game.key(w) for w in worlds).items())

    def value(self, worlds: Sequence[S]) -> Value:
        """V(worlds): a sum over the worlds (expected) or a least value (guaranteed)."""
        if self.model == "guaranteed":
            return (int(self._least(worlds, -INF, INF)),)
        game = self.game
        first = worlds[0]
        mover = game.to_move(first)
        if mover < 0:
            return self._at_end(worlds)
        key = self.key(worlds)
        found = self.memo.get(key)
        if found is not None:
            return found
        value = self._cut(worlds) if self.cuts else None
        if value is None:
            self.groups += 1
            if mover == game.seat:
                value = max(self.values_of_moves(worlds).values())
            else:
                value = self._split_by_open_moves(worlds)
        self.memo[key] = value
        return value

    def _least(self, worlds: Sequence[S], alpha: float, beta: float) -> float:
        """The guaranteed model's value, searched within the window (alpha, beta)
        (alpha-beta, fail-soft): exact when it falls inside, else a bound on the
        side it fell. The seat's turn is a max, another's a min, as the plain
        recursion's, so the cuts of alpha-beta keep every value inside the
        window exact; bounds are remembered apart from exact values."""
        game = self.game
        mover = game.to_move(worlds[0])
        if mover < 0:
            return self._at_end(worlds)[0]
        key = self.key(worlds)
        found = self.memo.get(key)
        if found is not None:
            return found[0]
        low, high = self.bounds.get(key, (-INF, INF))
        if low >= beta:
            return low
        if high <= alpha:
            return high
        best: float | None = None
        if self.cuts and (len(worlds) == 1 or not game.seat_chooses_again(worlds[0])):
            best = self._least_of_worlds(worlds, alpha)
        if best is not None:
            pass
        elif mover == game.seat:
            self.groups += 1
            best = -INF
            for move in game.moves(worlds[0]):
                if self.cuts and game.plays_like(worlds[0], move) is not None:
                    continue  # worth what the move it plays like is worth
                best = max(best, self._least([game.play(w, move) for w in worlds], max(alpha, best), beta))
                if best >= beta:
                    break
        else:
            self.groups += 1
            best = INF
            for group in self.defences(worlds).values():
                best = min(best, self._least(group, alpha, min(beta, best)))
                if best <= alpha:
                    break
        if best <= alpha:
            self.bounds[key] = (low, min(high, best))
        elif best >= beta:
            self.bounds[key] = (max(low, best), high)
        else:
            self.memo[key] = (int(best),)
        return best

    def values_of_moves(self, worlds: Sequence[S]) -> dict[M, Value]:
        """At the seat's turn: each legal move (the same in every world) and the group's value after it."""
        game = self.game
        values: dict[M, Value] = {}
        for move in game.moves(worlds[0]):
            same = game.plays_like(worlds[0], move) if self.cuts else None
            values[move] = values[same] if same is not None else self.value([game.play(w, move) for w in worlds])
        return values

    def open_groups(self, worlds: Sequence[S]) -> dict[M, list[S]]:
        """At another's turn, expected model: the worlds after each one's open move, by that move."""
        groups: dict[M, list[S]] = {}
        for w in worlds:
            for move, after in self.game.open_plays(w):
                groups.setdefault(move, []).append(after)
        return groups

    def defences(self, worlds: Sequence[S]) -> dict[M, list[S]]:
        """At another's turn, guaranteed model: each move legal in some world,
        and the worlds after it where it is legal."""
        groups: dict[M, list[S]] = {}
        for w in worlds:
            for move, after in self.game.plays(w):
                groups.setdefault(move, []).append(after)
        return groups

    def _split_by_open_moves(self, worlds: Sequence[S]) -> Value:
        total: Value | None = None
        for group in self.open_groups(worlds).values():
            v = self.value(group)
            total = v if total is None else add_values(total, v)
        assert total is not None
        return total

    def _least_of_worlds(self, worlds: Sequence[S], alpha: float) -> float | None:
        """The guaranteed model's cut: the least of each world's guaranteed
        value, or as soon as one is at most ``alpha`` that one (a bound); None
        when the game gives no value for some world."""
        least = INF
        for w in worlds:
            v = self.game.guaranteed_value(w)
            if v is None:
                return None
            least = min(least, v[0])
            if least <= alpha:
                break
        return least

    def _at_end(self, worlds: Sequence[S]) -> Value:
        game = self.game
        if self.model == "guaranteed":
            return min(game.result(w)[:1] for w in worlds)
        total = times_value(game.weight(worlds[0]), game.result(worlds[0]))
        for w in worlds[1:]:
            total = add_values(total, times_value(game.weight(w), game.result(w)))
        return total

    def _cut(self, worlds: Sequence[S]) -> Value | None:
        """The expected model's cuts (the module's docstring), or None."""
        game = self.game
        if len(worlds) > 1 and game.seat_chooses_again(worlds[0]):
            return None
        total: Value | None = None
        for w in worlds:
            v = game.open_value(w)
            if v is None:
                return None
            v = times_value(game.weight(w), v)
            total = v if total is None else add_values(total, v)
        return total


def seat_strategy(search: ExactSeat[S, M], worlds: Sequence[S]) -> dict[tuple[M, ...], M]:
    """The seat's best strategy found by ``search`` from ``worlds`` (the seat to
    move): for each sequence of moves played since then after which the seat
    is to move, its move (the first best in the game's order). It is read off
    the recursion without its cuts, so it covers every turn of the seat."""
    plain = ExactSeat(search.game, search.model, cuts=False)
    plain.memo = {} if search.cuts else search.memo
    strategy: dict[tuple[M, ...], M] = {}

    def walk(group: Sequence[S], seen: tuple[M, ...]) -> None:
        game = plain.game
        mover = game.to_move(group[0])
        if mover < 0:
            return
        if mover == game.seat:
            values = plain.values_of_moves(group)
            best = max(values.values())
            move = next(m for m, v in values.items() if v == best)
            strategy[seen] = move
            walk([game.play(w, move) for w in group], seen + (move,))
            return
        groups = plain.open_groups(group) if plain.model == "expected" else plain.defences(group)
        for move, after in groups.items():
            walk(after, seen + (move,))

    walk(worlds, ())
    return strategy
