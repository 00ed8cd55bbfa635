"""A La Mouche position in one line (docs/formats.md, "La Mouche and Le
Pamphile"): the JSON position's fields, each a tag letter and its value.

The line is read into the JSON object and checked by
:func:`butterfly.games.mouche.format.position_from_data`, so both forms accept the same
positions and give the same messages.

>>> line = "mouche_d3_tTH_as.s.s.d4_h6C6DQD.9C9H7S.7D9DAHKS.AC8CKCTS_w0KH18H26H37H_k0KD1AD_p15_c1000.1000.1000.995"
>>> state, hidden = parse_line(line)
>>> state.to_move, [str(c) for c in state.playable()], position_line(state) == line
(2, ['7D', '9D'], True)
>>> parse_line(line.replace("9C9H", "9C6D"))
Traceback (most recent call last):
...
butterfly.games.errors.ParseError: card 6D appears twice in the position: in hand 0 and in hand 1
"""

from __future__ import annotations

from collections.abc import Iterable

from butterfly.games import notation
from butterfly.games.errors import ParseError, shown
from butterfly.games.mouche.format import MouchePosition, position_from_data, position_to_json
from butterfly.games.mouche.rules import MoucheEntry, MoucheHand

GAME = "mouche"
TAGS = {
    "o": "options",
    "d": "dealer",
    "t": "turned card",
    "u": "trumps",
    "a": "declared",
    "h": "hands",
    "w": "tricks played",
    "k": "trick in progress",
    "p": "pool",
    "c": "chips",
    "x": "discarded",
    "q": "pending mouches",
    "j": "paid for the Pamphile",
}
REQUIRED = ("d", "t", "a", "h")
#: How each declaration is written: ``f``, ``s``, ``d`` and the number discarded; ``-`` not yet.
DECLARED = {"fold": "f", "stand": "s", "discard": "d"}
#: The options' words in the ``o`` field (each left out when it is the default);
#: ``cap`` followed by a number is the cap's amount.
FLAGS = {"pamphile": "pamphile", "pamphile_any_suit": "any-suit"}
ENTRIES = {MoucheEntry.LARGEST_FIRST.value: "largest-first", MoucheEntry.CAP.value: "cap"}


def is_line(text: str) -> bool:
    """Whether ``text`` is meant as a La Mouche line (``mouche_...``)."""
    return notation.looks_like_line(text, [GAME])


def position_line(state: MoucheHand, hidden: Iterable[int] = ()) -> str:
    """The one line of ``state`` (``hidden`` seats' hands as their sizes); :func:`parse_line` reads it back."""
    return line_of(position_to_json(state, hidden))


def write_line(position: MouchePosition) -> str:
    """The one line of a position :func:`parse_line` read (its hidden seats' hands as their sizes)."""
    return position_line(position.state, position.hidden)


def line_of(data: dict) -> str:
    """The line of a position's JSON object (as :func:`position_to_json` writes it)."""
    options = [word for name, word in FLAGS.items() if data.get(name)]
    if "entry" in data:
        options.append(ENTRIES[data["entry"]])
    if "cap" in data:
        options.append(f"cap{data['cap']}")
    fields = [("o", notation.ITEM.join(options))] if options else []
    fields += [("d", str(data["dealer"])), ("t", data["turned"])]
    if "trump" in data:
        fields.append(("u", data["trump"]))
    fields.append(("a", _list(_declared(d) for d in data["declared"])))
    fields.append(("h", _list(str(h) if isinstance(h, int) else notation.write_cards(h) for h in data["hands"])))
    if "tricks_played" in data:
        fields.append(("w", _list(_plays(trick) for trick in data["tricks_played"])))
    if "trick" in data:
        fields.append(("k", _plays(data["trick"])))
    fields += [("p", str(data["pool"])), ("c", _list(map(str, data["chips"])))]
    if "discarded" in data:
        fields.append(("x", _list(notation.EMPTY if c is None else notation.write_cards(c) for c in data["discarded"])))
    if "pending" in data:
        fields.append(("q", _list(map(str, data["pending"]))))
    if "pamphile_paid" in data:
        paid = data["pamphile_paid"]
        fields.append(("j", notation.EMPTY if paid is None else str(paid)))
    return notation.join_line(GAME, fields)


def _list(values: Iterable[str]) -> str:
    return notation.ITEM.join(value or notation.EMPTY for value in values)


def _declared(declared: str | None) -> str:
    if declared is None:
        return notation.EMPTY
    word, *count = declared.split()
    return DECLARED[word] + "".join(count)


def _plays(plays: list) -> str:
    return "".join(f"{seat}{card}" for seat, card in plays) or notation.EMPTY


def parse_line(text: str) -> MouchePosition:
    """The position a line gives (its state and hidden seats), as
    :func:`butterfly.games.mouche.format.parse_position` reads JSON; :func:`write_line` writes it back."""
    return position_from_data(data_of(text))


def data_of(text: str) -> dict:
    """The JSON position object a line stands for; a malformed field is a ParseError naming it."""
    fields = notation.read_fields(text, TAGS, GAME, REQUIRED)
    hands = [notation.cards_or_count(item, f"hand {seat}") for seat, item in enumerate(notation.items(fields["h"]))]
    data: dict = {"game": GAME, "players": len(hands)}
    if not 3 <= len(hands) <= 6:
        raise ParseError(f"hands (h): {len(hands)} hands, where La Mouche has 3 to 6 players")
    data |= _options(fields.get("o", ""))
    data["dealer"] = notation.number(fields["d"], "dealer (d)")
    data["turned"] = _one_card(fields["t"], "turned card (t)")
    if "u" in fields:
        if fields["u"].upper() not in ("C", "D", "H", "S"):
            raise ParseError(f"trumps (u): a suit letter C, D, H or S, not {shown(fields['u'])}")
        data["trump"] = fields["u"].upper()
    data["declared"] = [_declaration(item, seat) for seat, item in enumerate(notation.items(fields["a"]))]
    data["hands"] = hands
    if "w" in fields:
        data["tricks_played"] = [
            _plays_of(item, f"tricks played (w): trick {k}")
            for k, item in enumerate(notation.items(fields["w"]), 1)
            if item
        ]
    if "k" in fields:
        data["trick"] = _plays_of(fields["k"], "trick in progress (k)")
    if "p" in fields:
        data["pool"] = notation.number(fields["p"], "pool (p)")
    if "c" in fields:
        data["chips"] = notation.numbers_by_player(fields["c"], "chips (c)")
    if "x" in fields:
        data["discarded"] = [
            notation.cards(item, f"discarded (x) by player {p}") if item else None
            for p, item in enumerate(notation.items(fields["x"]))
        ]
    if "q" in fields:
        data["pending"] = [notation.number(item, "pending mouches (q)") for item in fields["q"].split(notation.ITEM)]
    if "j" in fields:
        paid = fields["j"]
        data["pamphile_paid"] = None if paid == notation.EMPTY else notation.number(paid, "paid for the Pamphile (j)")
    for name, what in (("declared", "declarations (a)"), ("chips", "chips (c)"), ("discarded", "discarded (x)")):
        if name in data and len(data[name]) != len(hands):
            raise ParseError(f"{what}: {len(data[name])} entries for {len(hands)} players")
    return data


def _options(value: str) -> dict:
    data: dict = {}
    words = {word: name for name, word in FLAGS.items()} | {word: entry for entry, word in ENTRIES.items()}
    for item in notation.items(value) if value else []:
        word = item.lower()
        if word in words and words[word] in FLAGS:
            data[words[word]] = True
        elif word in words:
            data["entry"] = words[word]
        elif word.startswith("cap") and word[3:]:
            data["cap"] = notation.number(word[3:], "options (o): the cap")
        else:
            known = ", ".join([*words, "capN"])
            raise ParseError(f"options (o): unknown option {shown(item)} ({known})")
    return data


def _one_card(value: str, what: str) -> str:
    found = notation.cards(value, what)
    if len(found) != 1:
        raise ParseError(f"{what}: one card, not {shown(value)}")
    return found[0]


def _declaration(item: str, seat: int) -> str | None:
    if not item:
        return None
    word = next((name for name, code in DECLARED.items() if code == item[0].lower()), None)
    if word == "discard" and item[1:]:
        return f"discard {item[1:]}"
    if word is not None and word != "discard" and len(item) == 1:
        return word
    raise ParseError(f"declarations (a): player {seat}: {shown(item)} is not f, s, d and a number, or -")


def _plays_of(value: str, what: str) -> list[list]:
    """``0AS1KS``: each card after the seat that played it."""
    plays: list[list] = []
    at = 0
    text = "" if value == notation.EMPTY else value
    while at < len(text):
        if not text[at].isdigit():
            raise ParseError(f"{what}: a seat digit before each card, not {shown(text[at:])}")
        width = 4 if text[at + 1 : at + 3] == "10" else 3
        plays.append([int(text[at]), _one_card(text[at + 1 : at + width], what)])
        at += width
    return plays
