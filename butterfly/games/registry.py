"""Every game, registered once (as OpenSpiel's ``register_game`` and
python-chess's ``VARIANTS`` do): what the rest of the code asks of a game,
so that no code outside a game's own package tells games apart.

A :class:`Game` holds the game's names and where its parts live:

- ``name``: the registry's key (``patience``, ``papillon``, ``mouche``),
  as the web API's ``game`` field and the analysers' registry
  (:mod:`butterfly.solver.analysis`) name it;
- ``title`` and ``command``: the game as a player calls it, and the
  command group that reads its lines (for messages);
- ``prefixes``: the first words of its lines (a patience line starts with
  its preset: ``butterfly``, ``fortress``...; Le Pamphile is a La Mouche
  line with the option ``pamphile``);
- ``line_reader`` / ``line_writer``: its position's one line, read into
  its position type and written back (:meth:`Game.read_line`,
  :meth:`Game.write_line`: ``write_line(read_line(x))`` is ``x`` as the
  game writes it); ``state_writer``: the line of a state of its rules
  (every hand shown: :meth:`Game.state_line`);
- ``json_reader``: its position's JSON object (parsed) read into its
  position type (:meth:`Game.read_json`); ``json_fields`` /
  ``json_required``: that object's fields, and those it must have
  (:meth:`Game.is_json`: a position given to another game's command is
  refused as that);
- ``record_reader`` / ``record_writer``: its game record, read into its
  record type and written back (:meth:`Game.read_record`,
  :meth:`Game.write_record`);
- ``position_type`` / ``record_type``: the types its lines and records
  are read into (:func:`game_of` tells a position's or a record's game);
- ``record_start``: a record played from a position given beside it
  (a patience move list names no deal; :meth:`Game.started_record`);
- ``event_writer``: what a move caused in words (a card game's payments
  and tricks; none for a patience);
- ``seated``: whether it is played from seats (a card game: a position is
  analysed from a seat, ``view``, and the web pages open it on the card
  games' board); a patience is not;
- ``long_analysis``: whether any analysis of its positions may search for
  seconds, whatever budget is asked (a card game's, over every way the
  hidden cards may lie): the web API queues it with the long requests;
- ``start_states``: a start state (:meth:`Game.start_state`) chosen by a seed, its options varied with it
  (for conformance and property tests, and bots' games).

Each part is a ``"module:attribute"`` reference, imported when first used,
so that looking a game up costs no import of its rules: ``butterfly solve``
and ``butterfly daily`` start no slower (bench/startup.py). This module
imports no game; the games' analysers and reviewers register from the
solver's side (:data:`butterfly.solver.analysis.ANALYSERS`), as a game's
rules may not import its searches.

The stable API: :class:`Game`, :func:`register_game`, :func:`games`,
:func:`game_named`, :func:`game_of_line`, :func:`game_of` and
:func:`line_prefixes`.

>>> [game.name for game in games()]
['patience', 'papillon', 'mouche']
>>> game = game_of_line("papillon_h9S.KH5S.KS_t2C5D_w20.15.11_c250.262.248_p60_d0_m1")
>>> game.name, game.write_line(game.read_line("papillon_h9s.kh5s.ks_t2c5d_w20.15.11_c250.262.248_p60_d0_m1"))
('papillon', 'papillon_h9S.KH5S.KS_t2C5D_w20.15.11_c250.262.248_p60_d0_m1')
>>> game_of_line("fortress_l...").name, game_named("mouche").title
('patience', 'La Mouche')
>>> game_of_line("chess_e4")  # doctest: +NORMALIZE_WHITESPACE
Traceback (most recent call last):
...
butterfly.games.errors.ParseError: a line starts with its game: butterfly, fortress, beleaguered-castle,
streets-and-alleys, papillon or mouche, not 'chess'

Adding a game (docs/architecture.md, "Adding a game"): write its package
under ``butterfly/games/`` and add one :func:`register_game` call below.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

from butterfly.games.errors import InputError, ParseError, shown

#: A line's first word ends at its first field separator (butterfly.games.notation.FIELD).
FIELD = "_"


def load(reference: str) -> Any:
    """The attribute a ``"module:attribute"`` reference names, its module imported."""
    module, _, attribute = reference.partition(":")
    return getattr(importlib.import_module(module), attribute)


@dataclass(frozen=True)
class Game:
    """One game as the registry holds it (see the module's docstring): its
    names, and each part as a ``"module:attribute"`` reference. ``prefixes``
    is the names themselves, or a reference to them (patience's presets)."""

    name: str
    title: str
    command: str
    prefixes: tuple[str, ...] | str
    position_type: str
    record_type: str
    line_reader: str
    line_writer: str
    state_writer: str
    json_reader: str
    json_fields: str
    json_required: str
    record_reader: str
    record_writer: str
    start_states: str
    event_writer: str = ""
    record_start: str = ""
    seated: bool = False
    long_analysis: bool = False

    def line_prefixes(self) -> tuple[str, ...]:
        """The first words of the game's lines."""
        return tuple(load(self.prefixes)) if isinstance(self.prefixes, str) else self.prefixes

    def is_line(self, text: str) -> bool:
        """Whether ``text`` is meant as one of this game's lines (its first word, then ``_``)."""
        return FIELD in text and _first_word(text) in self.line_prefixes()

    def is_json(self, data: object) -> bool:
        """Whether ``data`` (a JSON value, parsed) is meant as one of this
        game's positions: an object whose ``game`` is one of the game's line
        prefixes, or that names no game and has the game's fields only, its
        required ones among them."""
        if not isinstance(data, dict):
            return False
        if "game" in data:
            return isinstance(data["game"], str) and data["game"].lower() in self.line_prefixes()
        return set(data) <= load(self.json_fields) and all(name in data for name in load(self.json_required))

    def read_json(self, data: dict) -> Any:
        """The position a JSON object (parsed) gives, as the game's position type (each problem one InputError)."""
        return load(self.json_reader)(data)

    def read_line(self, text: str) -> Any:
        """The position ``text`` gives, as the game's position type (each
        problem one InputError: another game's line is refused as that)."""
        given = game_of_line(text)
        if given is not self:
            examples = ", ".join(self.line_prefixes()[:2])
            raise InputError(f"this asks for a {self.title} position ({examples}, ...), not a {given.title} one")
        return load(self.line_reader)(text)

    def write_line(self, position: Any) -> str:
        """The one line of ``position`` (one of :meth:`read_line`'s), as the game writes it."""
        return str(load(self.line_writer)(position))

    def state_line(self, state: Any) -> str:
        """The one line of a state of the game (every hand shown), as :meth:`read_line` reads it."""
        return str(load(self.state_writer)(state))

    def read_record(self, text: str) -> Any:
        """The game record ``text`` gives, every move replayed through the rules."""
        return load(self.record_reader)(text)

    def write_record(self, record: Any) -> str:
        """The text of ``record`` (one of :meth:`read_record`'s), as the game writes it."""
        return str(load(self.record_writer)(record))

    def has_events(self) -> bool:
        """Whether the game's moves cause events worth saying (payments, tricks: a card game's)."""
        return bool(self.event_writer)

    def event_text(self, event: Any) -> str | None:
        """What an event of a move says in words (None: nothing worth saying)."""
        return load(self.event_writer)(event) if self.event_writer else None

    def started_record(self, record: Any, line: str | None) -> Any:
        """``record`` played from the position ``line`` gives beside it, for
        a game whose records may name no start (a patience move list: the
        moves are then checked); a game whose records name their start keeps
        its own, and a line beside it is not read."""
        if not self.record_start:
            return record
        return load(self.record_start)(record, None if line is None else self.read_line(line))

    def start_state(self, seed: int) -> Any:
        """A start state of the game (:class:`butterfly.games.state.State`) chosen by ``seed``."""
        return load(self.start_states)(seed)


_GAMES: dict[str, Game] = {}


def register_game(game: Game) -> Game:
    """Add ``game`` to the registry (once: a name or a line prefix given
    twice is a ValueError, a mistake in the code)."""
    if game.name in _GAMES:
        raise ValueError(f"the game {game.name!r} is registered already")
    _GAMES[game.name] = game
    return game


def games() -> tuple[Game, ...]:
    """Every registered game, in the order registered."""
    return tuple(_GAMES.values())


def game_named(name: str) -> Game:
    """The game registered as ``name`` (an InputError naming the games when none is)."""
    game = _GAMES.get(name.lower())
    if game is None:
        raise InputError(f"unknown game {shown(name, 20)} (games: {', '.join(_GAMES)})")
    return game


def game_of(value: object) -> Game:
    """The game whose position or record ``value`` is (an InputError when it is no game's):
    each game's types are imported to tell."""
    for game in _GAMES.values():
        if isinstance(value, (load(game.position_type), load(game.record_type))):
            return game
    raise InputError(f"not a position or a record of any game: {type(value).__name__}")


def line_prefixes() -> tuple[str, ...]:
    """Every game's line prefixes, in the order registered."""
    return tuple(prefix for game in _GAMES.values() for prefix in game.line_prefixes())


def game_of_line(text: str) -> Game:
    """The game whose line ``text`` is, by its first word (a ParseError naming every game's when none)."""
    word = _first_word(text)
    for game in _GAMES.values():
        if word in game.line_prefixes():
            return game
    *first, last = line_prefixes()
    raise ParseError(f"a line starts with its game: {', '.join(first)} or {last}, not {shown(word, 20)}")


def _first_word(text: str) -> str:
    return text.strip().split(FIELD, 1)[0].lower()


# ---- the games ----------------------------------------------------------------------

register_game(
    Game(
        name="patience",
        title="patience",
        command="butterfly",
        prefixes="butterfly.games.patience.rules:PRESETS",
        position_type="butterfly.games.patience.rules:Position",
        record_type="butterfly.games.patience.record:PatienceRecord",
        line_reader="butterfly.games.patience.notation:parse_line",
        line_writer="butterfly.games.patience.notation:position_line",
        state_writer="butterfly.games.patience.notation:position_line",
        json_reader="butterfly.games.patience.format:deal_from_json",
        json_fields="butterfly.games.patience.format:FIELDS",
        json_required="butterfly.games.patience.format:REQUIRED",
        record_reader="butterfly.games.patience.record:read_game_text",
        record_writer="butterfly.games.patience.record:text_of",
        start_states="butterfly.games.patience.rules:sample_start",
        record_start="butterfly.games.patience.record:started_at",
    )
)
register_game(
    Game(
        name="papillon",
        title="Papillon",
        command="butterfly papillon",
        prefixes=("papillon",),
        position_type="butterfly.games.papillon.format:Position",
        record_type="butterfly.games.papillon.record:PapillonRecord",
        line_reader="butterfly.games.papillon.notation:parse_line",
        line_writer="butterfly.games.papillon.notation:write_line",
        state_writer="butterfly.games.papillon.notation:position_line",
        json_reader="butterfly.games.papillon.format:position_from_data",
        json_fields="butterfly.games.papillon.format:FIELDS",
        json_required="butterfly.games.papillon.format:REQUIRED",
        record_reader="butterfly.games.papillon.record:read_record",
        record_writer="butterfly.games.papillon.record:text_of",
        start_states="butterfly.games.papillon.rules:sample_start",
        event_writer="butterfly.games.papillon.format:event_text",
        seated=True,
        long_analysis=True,
    )
)
register_game(
    Game(
        name="mouche",
        title="La Mouche",
        command="butterfly mouche",
        prefixes=("mouche",),
        position_type="butterfly.games.mouche.format:MouchePosition",
        record_type="butterfly.games.mouche.record:MoucheRecord",
        line_reader="butterfly.games.mouche.notation:parse_line",
        line_writer="butterfly.games.mouche.notation:write_line",
        state_writer="butterfly.games.mouche.notation:position_line",
        json_reader="butterfly.games.mouche.format:position_from_data",
        json_fields="butterfly.games.mouche.format:FIELDS",
        json_required="butterfly.games.mouche.format:REQUIRED",
        record_reader="butterfly.games.mouche.record:read_record",
        record_writer="butterfly.games.mouche.record:text_of",
        start_states="butterfly.games.mouche.rules:sample_start",
        event_writer="butterfly.games.mouche.format:event_text",
        seated=True,
        long_analysis=True,
    )
)
