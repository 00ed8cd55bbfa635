"""``butterfly papillon``: play whole games with bots, analyse last deals."""

from __future__ import annotations

import json

import click

from games.errors import InputError
from games.papillon.format import parse_position
from games.papillon.game import GameRecord, play_game
from games.papillon.rules import Event, Move, Options, Scoring, value
from solver.cli.common import bot_names, read_text
from solver.papillon.analysis import ENGINES, analyse, analyse_redeal, analyse_seat, paranoid
from solver.papillon.bots import BOTS

_PAID_EACH = {
    "aces": "aces",
    "aces-trailed": "aces laid down",
    "hanneton": "hanneton",
    "sauterelle": "sauterelle",
    "petit-papillon": "petit papillon",
    "papillon": "papillon",
    "consolation": "consolation",
    "most-cards": "most cards",
}


@click.group()
def papillon():
    """Papillon, the 1725 fishing game: play it with bots, analyse endings."""


def _seat(p: int) -> str:
    return f"P{p}"


def _cards(cards) -> str:
    return " ".join(map(str, cards))


def describe_move(player: int, move: Move, events: tuple[Event, ...]) -> list[str]:
    """Readable lines for one move and what it caused."""
    if move.is_trail:
        head = f"{_seat(player)} lays down {_cards(move.played)}"
    else:
        head = f"{_seat(player)} plays {_cards(move.played)} and takes {_cards(move.captured)}"
        if any(c.rank != move.played[0].rank for c in move.captured):  # a sum
            head += f" ({'+'.join(str(value(c.rank)) for c in move.captured)} = {value(move.played[0].rank)})"
    lines = [head]
    for event in events:
        if event.kind == "trail" and event.chips:
            lines.append(f"    pays {event.chips} to the pool")
        elif event.kind in _PAID_EACH and event.chips:
            lines.append(f"    {_PAID_EACH[event.kind]}: {_seat(event.player)} gets {event.chips} from each")
        elif event.kind == "papillon":
            lines.append(f"    papillon by {_seat(event.player)}")
        elif event.kind == "redeal":
            lines.append("  -- every hand is empty: the dealer deals 3 more cards each --")
        elif event.kind == "table":
            lines.append(f"    {_seat(event.player)} takes the {len(event.cards)} cards left on the table")
        elif event.kind == "pool":
            lines.append(f"    {_seat(event.player)} wins the pool: {event.chips} chips")
        elif event.kind == "most-cards-tie":
            lines.append(f"    tie for most cards: the next hand pays {event.chips}")
    return lines


def game_log(game: GameRecord, bot_names: list[str]) -> str:
    o = game.options
    lines = [
        f"Papillon: {o.players} players, {o.rounds} round{'s' * (o.rounds > 1)}, seed {game.seed}, "
        f"{o.scoring.value} scoring; bots {', '.join(bot_names)}",
        f"Each player starts with {o.purse} chips; ante {o.ante} each per hand.",
    ]
    for k, draw in enumerate(game.draws):
        lines.append(
            ("Draw for the first dealer: " if k == 0 else "Tie, drawing again: ")
            + ", ".join(f"{_seat(p)} {c}" for p, c in draw)
        )
    for hand in game.hands:
        start = hand.start
        lines += [
            "",
            f"Hand {hand.number}: {_seat(hand.dealer)} deals; pool {start.pool}",
            f"  table: {_cards(start.table)}",
        ]
        lines += [f"  {_seat(p)} holds {_cards(h)}" for p, h in enumerate(start.hands)]
        for player, move, events in hand.moves:
            described = describe_move(player, move, events)
            lines += ["  " + line for line in described]
        end = hand.end
        lines.append("  cards won: " + ", ".join(f"{_seat(p)} {n}" for p, n in enumerate(end.taken)))
        lines.append("  chips: " + ", ".join(f"{_seat(p)} {c}" for p, c in enumerate(end.chips)) + f"; pool {end.pool}")
    lines.append("")
    if game.shared:
        lines.append(f"The pool was shared at the end ({game.pool} chip{'s' * (game.pool != 1)} could not be divided).")
    best = max(game.chips)
    lines.append(
        "Final chips: "
        + ", ".join(f"{_seat(p)} {c}" for p, c in enumerate(game.chips))
        + f"; winner {' and '.join(_seat(p) for p, c in enumerate(game.chips) if c == best)}"
    )
    return "\n".join(lines)


def _event_json(event: Event) -> dict:
    return {"kind": event.kind, "player": event.player, "chips": event.chips, "cards": [str(c) for c in event.cards]}


def game_json(game: GameRecord, bot_names: list[str]) -> dict:
    o = game.options
    return {
        "options": {
            "players": o.players,
            "rounds": o.rounds,
            "scoring": o.scoring.value,
            "first_dealer": o.first_dealer.value,
            "unclaimed_pool": o.unclaimed_pool.value,
            "tie_stake": o.tie_stake.value,
            "ante": o.ante,
            "purse": o.purse,
        },
        "seed": game.seed,
        "bots": bot_names,
        "draws": [[{"player": p, "card": str(c)} for p, c in draw] for draw in game.draws],
        "hands": [
            {
                "number": h.number,
                "dealer": h.dealer,
                "deck": [str(c) for c in h.deck],
                "moves": [
                    {"player": p, "move": str(m), "events": [_event_json(e) for e in ev]} for p, m, ev in h.moves
                ],
                "taken": list(h.end.taken),
                "chips": list(h.end.chips),
                "pool": h.end.pool,
                "winner": h.end.winner,
            }
            for h in game.hands
        ],
        "chips": list(game.chips),
        "pool": game.pool,
        "shared": game.shared,
    }


@papillon.command()
@click.option("--players", type=click.IntRange(3, 4), default=3, show_default=True, help="3 or 4 players.")
@click.option(
    "--rounds",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help="Rounds to play; a round is one hand dealt by each player.",
)
@click.option(
    "--seed",
    type=click.IntRange(0, (1 << 63) - 1),
    default=0,
    show_default=True,
    help="Seed for the draw, the shuffles and the bots.",
)
@click.option(
    "--bots",
    default="greedy",
    show_default=True,
    help="Bots by seat, comma-separated (random, greedy, analyst), or one for all.",
)
@click.option(
    "--scoring",
    type=click.Choice([s.value for s in Scoring]),
    default="1725",
    show_default=True,
    help="The 1725 payments or the modern simplified scoring.",
)
@click.option(
    "--first-dealer",
    type=click.Choice(["lowest", "highest"]),
    default="lowest",
    show_default=True,
    help="Whether the lowest or the highest card drawn deals first.",
)
@click.option(
    "--unclaimed-pool",
    type=click.Choice(["play-on", "share"]),
    default="play-on",
    show_default=True,
    help="After the last round, play on until a papillon or share the pool.",
)
@click.option(
    "--tie-stake",
    type=click.Choice(["add", "double"]),
    default="add",
    show_default=True,
    help="After a tie for most cards the next payment grows by one, or doubles.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the game as JSON.")
def play(players, rounds, seed, bots, scoring, first_dealer, unclaimed_pool, tie_stake, as_json):
    """Play a whole game with bots and print it hand by hand."""
    options = Options(
        players=players,
        rounds=rounds,
        scoring=scoring,
        first_dealer=first_dealer,
        unclaimed_pool=unclaimed_pool,
        tie_stake=tie_stake,
    )
    names = bot_names(bots, players, BOTS)
    game = play_game(options, seed, [BOTS[n] for n in names])
    if as_json:
        click.echo(json.dumps(game_json(game, names), indent=1))
    else:
        click.echo(game_log(game, names))


@papillon.command(name="analyse")
@click.argument("position_file", metavar="POSITION")
@click.option(
    "--as-player",
    type=int,
    default=None,
    help="Analyse from this seat: the other hands are unknown (must be the player to move).",
)
@click.option(
    "--limit",
    type=click.IntRange(min=1),
    default=None,
    help="Solve every split of the unseen cards up to this many, else sample this many "
    "(default 10,000 with --as-player; with one redeal left, every deal of the stock).",
)
@click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True, help="Seed for sampling splits.")
@click.option(
    "--engine",
    type=click.Choice(ENGINES),
    default="kernel",
    show_default=True,
    help="Compiled kernel or the pure-Python oracle.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the analysis as JSON.")
def analyse_command(position_file, as_player, limit, seed, engine, as_json):
    """Exact analysis of a last-deal POSITION (a JSON file; see docs/formats.md)."""
    position = parse_position(read_text(position_file))
    state = position.state
    if state.stock and len(state.stock) == 3 * state.players and as_player is None:
        _print_redeal(state, analyse_redeal(state, limit=limit, seed=seed), as_json)
        return
    if as_player is None:
        if position.hidden:
            raise InputError(f"hand {position.hidden[0]} is hidden: give every hand, or use --as-player")
        rows = analyse(state, engine)
        guaranteed = [paranoid(state, q, engine) for q in range(state.players)]
        if as_json:
            click.echo(
                json.dumps(
                    {
                        "to_move": state.to_move,
                        "guaranteed_by_player": guaranteed,
                        "moves": [
                            {
                                "move": str(r.move),
                                "maxn_chips": list(r.maxn.chips),
                                "maxn_winner": r.maxn.winner,
                                "guaranteed": r.paranoid,
                            }
                            for r in rows
                        ],
                    },
                    indent=1,
                )
            )
            return
        p = state.to_move
        click.echo(
            f"{_seat(p)} to move with {_cards(state.hands[p])}; table {_cards(state.table) or '(empty)'}; "
            f"pool {state.pool}; {_seat(p)} has {state.chips[p]} chips."
        )
        click.echo(
            "Values are chips at the end of the hand. max-n: everyone plays for their own chips "
            "(ties: the first move in order); guaranteed: the others play against the mover."
        )
        header = f"  {'move':<24} {'max-n':>7} {'change':>7} {'guaranteed':>11}  winner  everyone (max-n)"
        click.echo(header)
        for r in rows:
            winner = _seat(r.maxn.winner) if r.maxn.winner >= 0 else "-"
            click.echo(
                f"  {str(r.move):<24} {r.maxn.chips[p]:>7} {r.maxn.chips[p] - state.chips[p]:>+7} "
                f"{r.paranoid:>11}  {winner:<6}  {' '.join(map(str, r.maxn.chips))}"
            )
        click.echo(
            "Guaranteed by each player from here (everyone else against them): "
            + ", ".join(f"{_seat(q)} {g}" for q, g in enumerate(guaranteed))
        )
        return
    if not 0 <= as_player < state.players:
        raise InputError(f"--as-player {as_player} is not a seat (0 to {state.players - 1})")
    if as_player in position.hidden:
        raise InputError(f"player {as_player}'s hand is hidden in the position: list it to analyse from that seat")
    result = analyse_seat(state, as_player, limit=limit or 10_000, seed=seed, engine=engine)
    if as_json:
        click.echo(
            json.dumps(
                {
                    "player": as_player,
                    "unseen": [str(c) for c in result.unseen],
                    "splits": result.splits,
                    "exhaustive": result.exhaustive,
                    "moves": [
                        {"move": str(m.move), "mean_chips": m.mean_chips, "win_chance": m.win_chance}
                        for m in result.moves
                    ],
                },
                indent=1,
            )
        )
        return
    how = "every split" if result.exhaustive else f"a random sample of {result.splits} splits"
    click.echo(
        f"{_seat(as_player)} to move with {_cards(state.hands[as_player])}; table "
        f"{_cards(state.table) or '(empty)'}; unseen {_cards(result.unseen)}."
    )
    click.echo(f"Solved {how} of the unseen cards ({result.splits}) exactly under max-n.")
    click.echo(f"  {'move':<24} {'mean chips':>11} {'change':>8} {'wins pool':>10}")
    for m in result.moves:
        click.echo(
            f"  {str(m.move):<24} {m.mean_chips:>11.2f} {m.mean_chips - state.chips[as_player]:>+8.2f} "
            f"{m.win_chance:>10.1%}"
        )


def _print_redeal(state, result, as_json: bool) -> None:
    p = state.to_move
    if as_json:
        click.echo(
            json.dumps(
                {
                    "to_move": p,
                    "stock_deals": result.splits,
                    "exhaustive": result.exhaustive,
                    "moves": [
                        {"move": str(m.move), "expected_chips": list(m.chips), "win_chance": m.win_chance}
                        for m in result.moves
                    ],
                },
                indent=1,
            )
        )
        return
    how = "every deal" if result.exhaustive else f"a random sample of {result.splits} deals"
    click.echo(
        f"{_seat(p)} to move with {_cards(state.hands[p])}; table {_cards(state.table) or '(empty)'}; "
        f"one redeal left in the stock."
    )
    click.echo(
        f"The redeal is a chance node over {how} of the stock ({result.splits}); "
        "values are expected chips at the end of the hand under max-n."
    )
    click.echo(f"  {'move':<24} {'expected':>9} {'change':>8} {'wins pool':>10}")
    for m in result.moves:
        click.echo(f"  {str(m.move):<24} {m.chips[p]:>9.2f} {m.chips[p] - state.chips[p]:>+8.2f} {m.win_chance:>10.1%}")
