"""Mutations of valid inputs for the fuzz tests: characters deleted,
duplicated or replaced, a JSON field's value swapped for another type,
huge numbers, deep nesting, invalid UTF-8, two cards trading places."""

from __future__ import annotations

import json
import random
import re

#: Values a JSON field is swapped for: wrong types, out-of-range and huge numbers.
ODD_VALUES = [
    True,
    False,
    None,
    "false",
    "20",
    "\u0663",
    "",
    [],
    {},
    [[]],
    1.5,
    -1,
    0,
    2**31,
    2**60,
    2**63,
    -(2**63) - 1,
    10**12 + 1,
    10**30,
    "KH",
    ["KH"],
    [0, "KH"],
]


def _swap_json(text: str, rng: random.Random) -> str | None:
    """``text`` (JSON) with one value somewhere replaced by an odd one."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return None
    holders = []

    def walk(node):
        if isinstance(node, dict):
            holders.extend((node, k) for k in node)
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            holders.extend((node, i) for i in range(len(node)))
            for v in node:
                walk(v)

    walk(data)
    if not holders:
        return None
    holder, key = rng.choice(holders)
    holder[key] = rng.choice(ODD_VALUES)
    return json.dumps(data)


_CARD = re.compile(r"\b(?:10|[2-9TJQKA])[CDHS]\b")


def _swap_cards(text: str, rng: random.Random) -> str:
    """Two cards of the text trade places: often still a valid input (the
    cards move between hands, table and rows), so the engines get compared."""
    found = list(_CARD.finditer(text))
    if len(found) < 2:
        return text
    a, b = sorted(rng.sample(found, 2), key=lambda m: m.start())
    return text[: a.start()] + b.group() + text[a.end() : b.start()] + a.group() + text[b.end() :]


def mutate(text: str, rng: random.Random) -> str | bytes:
    """One random mutation of ``text`` (sometimes two)."""
    kind = rng.randrange(12)
    i = rng.randrange(len(text) + 1)
    if kind in (10, 11):
        out: str | bytes = _swap_cards(text, rng)
    elif kind == 0:
        out = text[:i] + text[i + rng.randrange(1, 4) :]
    elif kind == 1:
        j = min(len(text), i + rng.randrange(1, 8))
        out = text[:j] + text[i:j] + text[j:]
    elif kind == 2:
        out = text[:i] + rng.choice('{}[]",:0123456789-. \n#xKH\u0663\u00e9') + text[i + 1 :]
    elif kind in (3, 4, 5):
        out = _swap_json(text, rng) or text[:i] + text[i + 1 :]
    elif kind == 6:
        out = text[:i] + rng.choice(["9" * rng.randrange(20, 6000), "1e999", "NaN", "-0", "2_0"]) + text[i:]
    elif kind == 7:
        depth = rng.choice([40, 1000, 100_000])
        out = text[:i] + "[" * depth + "]" * rng.choice([0, depth]) + text[i:]
    elif kind == 8:
        out = text.encode()[:i] + bytes([rng.choice([0xFF, 0xC3, 0x80, 0xED])]) + text.encode()[i:]
    else:
        out = text[:i] + "\r\n" + text[i:]
    if isinstance(out, str) and rng.random() < 0.2:
        return mutate(out, rng)
    return out
