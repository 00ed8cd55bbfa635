"""What the card games' commands share: reading files and bot lists (each
problem an :class:`InputError`, which the CLI prints as one line) and
printing JSON."""

from __future__ import annotations

import json
import sys

import click

from games.errors import InputError


def read_text(source: str) -> str:
    """The text of a file, or of standard input for ``-``."""
    if source == "-":
        return sys.stdin.read()
    try:
        with open(source, encoding="utf-8") as handle:
            return handle.read()
    except FileNotFoundError:
        raise InputError(f"no such file {source!r}") from None
    except (OSError, UnicodeDecodeError) as error:
        raise InputError(f"cannot read {source!r}: {error}") from None


def bot_names(text: str, players: int, bots: dict) -> list[str]:
    """``rules,random,...`` (one bot per player, or one for everybody) checked against ``bots``."""
    names = [n.strip() for n in text.split(",") if n.strip()]
    for name in names:
        if name not in bots:
            raise InputError(f"unknown bot {name!r} (choose from {', '.join(bots)})")
    if len(names) == 1:
        names *= players
    if len(names) != players:
        raise InputError(f"give one bot, or one per player ({players}), not {len(names)}")
    return names


#: ``--seed`` of the commands that play whole games.
game_seed_option = click.option(
    "--seed",
    type=click.IntRange(0, (1 << 63) - 1),
    default=0,
    show_default=True,
    help="Seed for the draw, the shuffles and the bots.",
)


def echo_json(data: object) -> None:
    """Print ``data`` as the commands print JSON (indented by one space)."""
    click.echo(json.dumps(data, indent=1))
