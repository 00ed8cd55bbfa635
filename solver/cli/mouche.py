"""``butterfly mouche``: play La Mouche or Le Pamphile with bots, analyse hands."""

from __future__ import annotations

import json

import click

from games.errors import InputError
from games.mouche.format import parse_position
from games.mouche.game import GameRecord, play_game
from games.mouche.rules import MoucheHand, MoucheOptions
from solver.cli.common import bot_names, read_text
from solver.mouche import analysis as mouche
from solver.mouche.bots import BOTS
from solver.mouche.seat import analyse_seat, declaration_advice


@click.group(name="mouche")
def mouche_group():
    """La Mouche (1718) and Le Pamphile (1758): play with bots, analyse hands."""


def _seat(p: int) -> str:
    return f"P{p}"


def _cards(cards) -> str:
    return " ".join(map(str, cards)) or "-"


_EVENTS = {
    "trick": lambda e: f"    {_seat(e.player)} wins the trick ({_cards(e.cards)})",
    "tricks": lambda e: f"    {_seat(e.player)} takes {e.chips} for their tricks",
    "makes-mouche": lambda e: f"    {_seat(e.player)} makes the mouche: owes {e.chips}",
    "has-mouche": lambda e: f"    {_seat(e.player)} has the mouche ({_cards(e.cards)}) and takes {e.chips}",
    "dealer-alone": lambda e: f"    everyone else folded: {_seat(e.player)} (the dealer) takes {e.chips}",
    "pamphile": lambda e: f"    {_seat(e.player)} holds the Pamphile: 1 from each",
}


def game_log(game: GameRecord, names: list[str]) -> str:
    o = game.options
    lines = [
        f"{'Le Pamphile' if o.pamphile else 'La Mouche'}: {o.players} players, {len(game.hands)} hands, seed {game.seed}, "
        f"mouches put in: {o.entry.value}" + (f" (cap {o.cap})" if o.entry.value == "cap" else ""),
        "Seats by the draw: "
        + ", ".join(f"{_seat(s)} player {p} ({names[p]}, drew {dict(game.draw)[p]})" for s, p in enumerate(game.seats)),
    ]
    for hand in game.hands:
        start = hand.start
        lines += ["", f"Hand {hand.number}: {_seat(hand.dealer)} deals; pool {start.pool}; turned {start.turned}"]
        lines += [f"  {_seat(p)} holds {_cards(h)}" for p, h in enumerate(start.hands)]
        trick_cards = []
        for seat, action, events in hand.actions:
            if action.kind == "play":
                trick_cards.append(f"{_seat(seat)} {action}")
            elif action.kind == "trump":
                lines.append(f"  {_seat(seat)} chooses trumps: {action.suit.letter}")
            else:
                what = f"discards {len(action.cards)}" if action.kind == "discard" else action.kind + "s"
                lines.append(f"  {_seat(seat)} {what}")
            for event in events:
                if event.kind == "trick":
                    lines.append("  " + ", ".join(trick_cards))
                    trick_cards = []
                if event.kind in _EVENTS:
                    lines.append(_EVENTS[event.kind](event))
        end = hand.end
        lines.append(
            "  chips: "
            + ", ".join(f"{_seat(p)} {c}" for p, c in enumerate(end.chips))
            + f"; for the next hand: {end.carry + sum(end.pending)}"
        )
    lines += [
        "",
        "Final chips: "
        + ", ".join(f"{_seat(p)} {c}" for p, c in enumerate(game.chips))
        + f"; left in play: {game.pool_left}",
    ]
    return "\n".join(lines)


def game_json(game: GameRecord, names: list[str]) -> dict:
    o = game.options
    return {
        "options": {
            "players": o.players,
            "pamphile": o.pamphile,
            "entry": o.entry.value,
            "cap": o.cap,
            "pamphile_any_suit": o.pamphile_any_suit,
            "turned_pamphile_needs_standing": o.turned_pamphile_needs_standing,
        },
        "seed": game.seed,
        "bots": names,
        "seats": game.seats,
        "hands": [
            {
                "number": h.number,
                "dealer": h.dealer,
                "turned": str(h.start.turned),
                "pool": h.start.pool,
                "hands": [[str(c) for c in hand] for hand in h.start.hands],
                "actions": [
                    {
                        "player": s,
                        "action": str(a),
                        "events": [
                            {"kind": e.kind, "player": e.player, "chips": e.chips, "cards": [str(c) for c in e.cards]}
                            for e in ev
                        ],
                    }
                    for s, a, ev in h.actions
                ],
                "tricks": list(h.end.tricks),
                "chips": list(h.end.chips),
                "carried": h.end.carry + sum(h.end.pending),
            }
            for h in game.hands
        ],
        "chips": list(game.chips),
        "left_in_play": game.pool_left,
    }


def _options(players, pamphile, entry, cap, any_suit, needs_standing) -> MoucheOptions:
    return MoucheOptions(
        players=players,
        pamphile=pamphile,
        entry=entry,
        cap=cap,
        pamphile_any_suit=any_suit,
        turned_pamphile_needs_standing=needs_standing,
    )


@mouche_group.command()
@click.option("--players", type=click.IntRange(3, 6), default=4, show_default=True, help="3 to 6 players.")
@click.option("--hands", type=click.IntRange(min=1), default=6, show_default=True, help="Hands to play.")
@click.option("--pamphile", is_flag=True, help="Le Pamphile: the jack of clubs is the top trump.")
@click.option("--pamphile-any-suit", is_flag=True, help="For having the mouche, the Pamphile may be any suit.")
@click.option(
    "--turned-pamphile-needs-standing",
    is_flag=True,
    help="A turned Pamphile is paid to the dealer only if the dealer does not fold.",
)
@click.option(
    "--entry",
    type=click.Choice(["all", "largest-first", "cap"]),
    default="all",
    show_default=True,
    help="Mouches made: all into the next pool, one at a time largest first, or capped.",
)
@click.option("--cap", type=click.IntRange(min=5), default=20, show_default=True, help="The cap, with --entry cap.")
@click.option(
    "--seed",
    type=click.IntRange(0, (1 << 63) - 1),
    default=0,
    show_default=True,
    help="Seed for the draw, the shuffles and the bots.",
)
@click.option(
    "--bots",
    default="rules",
    show_default=True,
    help="Bots by player, comma-separated (random, rules, analyst), or one for all.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the game as JSON.")
def play(players, hands, pamphile, pamphile_any_suit, turned_pamphile_needs_standing, entry, cap, seed, bots, as_json):
    """Play whole hands with bots and print them (declarations, tricks, pool, payments)."""
    options = _options(players, pamphile, entry, cap, pamphile_any_suit, turned_pamphile_needs_standing)
    names = bot_names(bots, players, BOTS)
    game = play_game(options, hands, seed, [BOTS[n] for n in names])
    click.echo(json.dumps(game_json(game, names), indent=1) if as_json else game_log(game, names))


@mouche_group.command(name="analyse")
@click.argument("position_file", metavar="POSITION")
@click.option(
    "--as-player", type=int, default=None, help="Judge from this seat alone (the player to move): other hands unknown."
)
@click.option(
    "--worlds",
    type=click.IntRange(min=2),
    default=None,
    help="Worlds: solve all when at most this many, else sample this many (default 5000); "
    "for declaration advice, the deals sampled (default 500).",
)
@click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True, help="Seed for sampling.")
@click.option("--json", "as_json", is_flag=True, help="Print the analysis as JSON.")
def analyse_command(position_file, as_player, worlds, seed, as_json):
    """Analyse a POSITION (JSON; see docs/formats.md): the card play, or the declaration to make."""
    state, hidden = parse_position(read_text(position_file))
    if as_player is not None and not 0 <= as_player < state.players:
        raise InputError(f"--as-player {as_player} is not a seat (0 to {state.players - 1})")
    if as_player is not None and as_player != state.to_move:
        raise InputError(f"player {as_player} is not to move (player {state.to_move} is)")
    if state.to_move in hidden:
        raise InputError(f"the hand of player {state.to_move}, who is to move, must be listed")
    if state.phase == "declare":
        _advice(state, declaration_advice(state, worlds=worlds or 500, seed=seed), as_json)
    elif as_player is None:
        if hidden:
            raise InputError(f"hand {hidden[0]} is hidden: give every hand, or use --as-player")
        _full(state, as_json)
    else:
        _seat_analysis(state, analyse_seat(state, as_player, limit=worlds or 5000, seed=seed), as_json)


def _advice(state: MoucheHand, advice, as_json: bool) -> None:
    if as_json:
        click.echo(
            json.dumps(
                {
                    "player": advice.player,
                    "worlds": advice.worlds,
                    "options": [
                        {"declaration": str(o.action), "mean_chips": o.mean_chips, "stderr": o.stderr}
                        for o in advice.options
                    ],
                },
                indent=1,
            )
        )
        return
    p = advice.player
    click.echo(
        f"{_seat(p)} to declare with {_cards(state.hands[p])}; trumps {state.trump.letter} "
        f"(turned {state.turned}); pool {state.pool}."
    )
    click.echo(
        f"Expected chips over {advice.worlds} sampled deals of the unseen cards and the stock "
        "(later players declare as the rule-based bot; the play solved exactly, max-n):"
    )
    for o in advice.options:
        click.echo(f"  {str(o.action):<22} {o.mean_chips:+8.2f}  ± {o.stderr:.2f}")


def _full(state: MoucheHand, as_json: bool) -> None:
    rows = mouche.analyse(state)
    sure = mouche.guarantees(state)
    p = state.to_move
    if as_json:
        click.echo(
            json.dumps(
                {
                    "to_move": p,
                    "cards": [
                        {
                            "card": str(r.card),
                            "maxn_tricks": list(r.tricks),
                            "maxn_chips": list(r.chips(state)),
                            "guaranteed_tricks": r.guaranteed,
                        }
                        for r in rows
                    ],
                    "guaranteed_tricks": {str(k): v for k, v in sure.items()},
                    "can_be_forced_to_make_the_mouche": {str(k): v == 0 for k, v in sure.items()},
                },
                indent=1,
            )
        )
        return
    click.echo(
        f"{_seat(p)} to play with {_cards(state.hands[p])}; trumps {state.trump.letter}; pool {state.pool}; "
        f"trick so far: {_cards(c for _, c in state.trick)}; tricks won {list(state.tricks)}."
    )
    click.echo(
        "max-n: everyone plays for their own tricks (ties: the first by suit, weakest first); "
        "guaranteed: the others all play against the mover."
    )
    click.echo(f"  {'card':<6} {'tricks':>6} {'chips':>6} {'guaranteed':>11}  everyone's tricks (max-n)")
    for r in rows:
        click.echo(
            f"  {str(r.card):<6} {r.tricks[p]:>6} {r.chips(state)[p]:>+6} {r.guaranteed:>11}  "
            f"{' '.join(map(str, r.tricks))}"
        )
    click.echo(
        "Guaranteed tricks: "
        + ", ".join(
            f"{_seat(k)} {v}" + (" (can be forced to make the mouche)" if v == 0 else "") for k, v in sure.items()
        )
    )


def _seat_analysis(state: MoucheHand, result, as_json: bool) -> None:
    if as_json:
        click.echo(
            json.dumps(
                {
                    "player": result.player,
                    "worlds": result.worlds,
                    "exhaustive": result.exhaustive,
                    "cards": [
                        {"card": str(c.action), "mean_tricks": c.mean_tricks, "mouche_chance": c.mouche_chance}
                        for c in result.cards
                    ],
                },
                indent=1,
            )
        )
        return
    p = result.player
    how = "every world" if result.exhaustive else f"a uniform sample of {result.worlds} worlds"
    click.echo(
        f"{_seat(p)} to play with {_cards(state.hands[p])}; trumps {state.trump.letter}; "
        f"trick so far: {_cards(c for _, c in state.trick)}."
    )
    click.echo(f"Solved {how} consistent with the cards played ({result.worlds}), each exactly under max-n.")
    click.echo(f"  {'card':<6} {'mean tricks':>12} {'makes the mouche':>17}")
    for c in result.cards:
        click.echo(f"  {str(c.action):<6} {c.mean_tricks:>12.2f} {c.mouche_chance:>17.1%}")
