"""``butterfly papillon``: play whole games with bots, analyse last deals, review games."""

from __future__ import annotations

from collections.abc import Sequence

import click

from butterfly.cli.common import (
    MAX_SAMPLES,
    WholeNumber,
    bot_names,
    check_new_files,
    echo_game,
    echo_json,
    game_seed_option,
    line_format_option,
    picture_options,
    position_text,
    print_seat_notes,
    record_option,
    record_text,
    seat_how,
    seed_option,
    wanted_pictures,
    when_broke_option,
    write_new_files,
    write_picture,
)
from butterfly.games.papillon.format import Position, game_json, game_log, position_data, position_from_data
from butterfly.games.papillon.game import play_game
from butterfly.games.papillon.notation import data_of, is_line, position_line
from butterfly.games.papillon.record import game_record, read_record
from butterfly.games.papillon.rules import HandState, Options, Scoring
from butterfly.games.records import cards_text, seat_name
from butterfly.solver import analysis
from butterfly.solver.budget import Budget
from butterfly.solver.engines import ENGINE_NAMES
from butterfly.solver.papillon.bots import BOTS
from butterfly.solver.papillon.position import AllHandsKnown, FromSeat, OneRedealLeft
from butterfly.solver.papillon.review import MoveReview, View
from butterfly.solver.review import PlayerSummary

#: ``--engine`` of analyse and review.
engine_option = click.option(
    "--engine",
    type=click.Choice(ENGINE_NAMES),
    default="kernel",
    show_default=True,
    help="Compiled kernel or the pure-Python oracle.",
)
#: The most rounds ``papillon play`` plays (a round is one hand per player).
#: The game of this command group, as butterfly.games.registry names it.
GAME = "papillon"
MAX_ROUNDS = 100


@click.group()
def papillon():
    """Papillon, the 1725 fishing game: play it with bots, analyse endings, review games."""


@papillon.command()
@click.option("--players", type=WholeNumber(3, 4), default=3, show_default=True, help="3 or 4 players.")
@click.option(
    "--rounds",
    type=WholeNumber(1, MAX_ROUNDS),
    default=1,
    show_default=True,
    help=f"Rounds to play (at most {MAX_ROUNDS}); a round is one hand dealt by each player.",
)
@game_seed_option
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
@when_broke_option
@click.option("--json", "as_json", is_flag=True, help="Print the game as JSON.")
@record_option("papillon review")
def play(
    players, rounds, seed, bots, scoring, first_dealer, unclaimed_pool, tie_stake, when_broke, as_json, record_file
):
    """Play a whole game with bots and print it hand by hand."""
    options = Options(
        players=players,
        rounds=rounds,
        scoring=scoring,
        first_dealer=first_dealer,
        unclaimed_pool=unclaimed_pool,
        tie_stake=tie_stake,
        when_broke=when_broke,
    )
    names = bot_names(bots, players, BOTS)
    if record_file is not None:  # refused before the game is played, not after
        check_new_files([record_file])
    game = play_game(options, seed, [BOTS[n] for n in names])
    echo_game(game, names, as_json, game_json, game_log)
    if record_file is not None:
        write_new_files([(record_file, game_record(game, names))], err=as_json)


@papillon.command(name="analyse")
@click.argument("position_file", metavar="POSITION")
@click.option(
    "--as-player",
    type=WholeNumber(0, 3),
    default=None,
    help="Analyse from this seat (0 to players-1): the other hands are unknown (must be the player to move).",
)
@click.option(
    "--limit",
    type=WholeNumber(1, MAX_SAMPLES),
    default=None,
    help="From a seat (and from the mover's seat beside the open analysis) the values are exact when the "
    "ending is within the exact limits (docs/analysis.md); else an estimate over the splits of the unseen cards: "
    f"every one up to this many, else a sample of this many (at most {MAX_SAMPLES:,}; default 10,000; "
    "with one redeal left, every deal of the stock).",
)
@seed_option("sampling splits")
@engine_option
@click.option("--json", "as_json", is_flag=True, help="Print the analysis as JSON.")
@line_format_option()
def analyse_command(position_file, as_player, limit, seed, engine, as_json, output_format):
    """Exact analysis of a last-deal POSITION (a JSON file, or a line; see docs/formats.md)."""
    position, data = read_position(position_file)
    if output_format == "line":
        click.echo(position_line(data))
        return
    result = analysis.analyse(position, Budget(deals=limit, seed=seed), view=as_player, engine=engine)
    if as_json:
        echo_json(result.to_json())
        return
    match result:
        case AllHandsKnown():
            _print_all_hands_known(position.state, result)
        case FromSeat():
            _print_from_seat(position.state, result)
        case OneRedealLeft():
            _print_one_redeal_left(position.state, result)


@papillon.command()
@click.argument("position_file", metavar="POSITION")
@picture_options("the position (hands, hidden ones face down; table, stock, pool and chips)")
def show(position_file, svg_file, png_file):
    """Draw a POSITION (a JSON file, or a line; see docs/formats.md) as a picture: --svg or --png."""
    from butterfly.games.papillon.picture import draw_svg

    wanted_pictures(svg_file, png_file, required=True)
    write_picture(svg_file, png_file, draw_svg(read_position(position_file)[0]))


def read_position(argument: str) -> tuple[Position, dict]:
    """The position a POSITION argument gives (:func:`cli.common.position_text`), and its JSON object."""
    text = position_text(argument, GAME)
    data = data_of(text) if is_line(text) else position_data(text)
    return position_from_data(data), data


def _table(state: HandState) -> str:
    return cards_text(state.table, empty="(empty)")


def _print_all_hands_known(state: HandState, result: AllHandsKnown) -> None:
    """Every hand known: each move's max-n line and guaranteed chips, and its
    mean result from the mover's seat (the other hands unseen)."""
    p, seat = result.to_move, result.from_seat
    from_seat = {m.move: m for m in seat.moves}
    click.echo(
        f"{seat_name(p)} to move with {cards_text(state.hands[p])}; table {_table(state)}; "
        f"pool {state.pool}; {seat_name(p)} has {state.chips[p]} chips."
    )
    exact = "exact" if seat.exact else "an estimate"
    click.echo(
        "Values are chips at the end of the hand. open: every hand known, everyone plays for their own chips "
        "(ties: the first move in order); guaranteed: the others play against the mover; "
        f"seat: the mean over the {seat.deals} deals of the cards {seat_name(p)} cannot see ({exact}), "
        "and the chance to win the pool."
    )
    click.echo(
        f"  {'move':<24} {'open':>7} {'change':>7} {'guaranteed':>11} {'seat':>9} {'wins pool':>10}"
        "  winner  everyone (open)"
    )
    for m in result.moves:
        winner = seat_name(m.maxn_winner) if m.maxn_winner >= 0 else "-"
        mean = from_seat[m.move]
        click.echo(
            f"  {m.move:<24} {m.maxn_chips[p]:>7} {m.maxn_chips[p] - state.chips[p]:>+7} "
            f"{m.guaranteed_chips:>11} {mean.mean_chips:>9.2f} {mean.win_chance:>10.1%}  {winner:<6}  "
            f"{' '.join(map(str, m.maxn_chips))}"
        )
    click.echo(
        "Guaranteed by each player from here (everyone else against them): "
        + ", ".join(f"{seat_name(q)} {g}" for q, g in enumerate(result.guaranteed_chips))
    )


def _print_from_seat(state: HandState, result: FromSeat) -> None:
    """From one seat, the opponents' hands unknown: each move exact (every split of the unseen cards) or estimated."""
    p = result.to_move
    click.echo(
        f"{seat_name(p)} to move with {cards_text(state.hands[p])}; table "
        f"{_table(state)}; unseen {' '.join(result.unseen)}."
    )
    click.echo(seat_how(result, seat_name(p), "deals of the unseen cards"))
    extra = f" {'sure of':>8} {'estimate':>9}" if result.exact else ""
    click.echo(f"  {'move':<24} {'mean chips':>11} {'change':>8} {'wins pool':>10}" + extra)
    for m in result.moves:
        extra = f" {m.guaranteed_chips:>8} {m.sampled_chips:>9.2f}" if result.exact else ""
        click.echo(
            f"  {m.move:<24} {m.mean_chips:>11.2f} {m.mean_chips - state.chips[p]:>+8.2f} {m.win_chance:>10.1%}" + extra
        )
    print_seat_notes(result)


def _print_one_redeal_left(state: HandState, result: OneRedealLeft) -> None:
    """One redeal left: expected chips with the redeal a chance node."""
    p = result.to_move
    how = "every deal" if result.exhaustive else f"a random sample of {result.deals} deals"
    click.echo(
        f"{seat_name(p)} to move with {cards_text(state.hands[p])}; table {_table(state)}; "
        f"one redeal left in the stock."
    )
    click.echo(
        f"The redeal is averaged over {how} of the stock ({result.deals}); "
        "values are expected chips at the end of the hand, everyone playing for their own chips."
    )
    click.echo(f"  {'move':<24} {'expected':>9} {'change':>8} {'wins pool':>10}")
    for m in result.moves:
        chips = m.expected_chips[p]
        click.echo(f"  {m.move:<24} {chips:>9.2f} {chips - state.chips[p]:>+8.2f} {m.win_chance:>10.1%}")


@papillon.command()
@click.argument("record_file", metavar="RECORD")
@click.option(
    "--limit",
    type=WholeNumber(1, MAX_SAMPLES),
    default=None,
    help="Solve every split of the unseen cards (from the seat) and every deal of the stock (at the redeal) "
    "when at most this many, else sample this many (default 2,000: every one with three players).",
)
@seed_option("sampling splits and deals")
@engine_option
@click.option("--json", "as_json", is_flag=True, help="Print the review as JSON.")
def review(record_file, limit, seed, engine, as_json):
    """Review a game RECORD (papillon play --record, or typed; docs/formats.md):
    every move judged with all cards open and from the player's seat, in chips
    at the end of the hand, and each player's average loss and accuracy
    (docs/analysis.md)."""
    result = analysis.review(read_record(record_text(record_file)), Budget(deals=limit, seed=seed), engine=engine)
    if as_json:
        echo_json(result.to_json())
        return
    for hand in result.hands:
        click.echo(f"Hand {hand.number}: {seat_name(hand.dealer)} deals; {hand.start}")
        click.echo(f"  {'':>4} {'move':<32} {'all cards open':<36} from the seat")
        for move in hand.moves:
            forced = " (forced)" if move.choices == 1 else ""
            click.echo(
                f"  {move.number:>3}. {seat_name(move.seat) + ': ' + move.move + forced:<32} "
                f"{_judged(move.open):<36} {_judged(move.from_seat)}"
            )
            if move.from_seat is not None and move.from_seat.why_worse is not None:
                click.echo(f"       Why: {move.from_seat.why_worse.words}")
                click.echo(f"       {move.from_seat.why_worse.position}")
        for reason, numbers in _not_judged(hand.moves).items():
            click.echo(f"  Not judged ({_ranges(numbers)}): {reason}.")
    click.echo("")
    click.echo(
        "Loss: chips at the end of the hand lost against the best move. "
        "Accuracy: 100 less the average share lost of what each choice had at stake (docs/analysis.md)."
    )
    for player in result.players:
        click.echo(f"  {seat_name(player.seat)}: all cards open {_summary(player.open)}")
        click.echo(f"  {'':<{len(seat_name(player.seat))}}  from the seat   {_summary(player.from_seat)}")


def _judged(view: View | None) -> str:
    """A move's judgement in a few words: the mark, and what it lost against the best move."""
    if view is None:
        return "-"
    judgement = view.judgement
    text = judgement.mark.value
    if judgement.loss:
        text += f" -{round(judgement.loss, 2):g} chips, best {view.moves[0].move}"
    if not view.exact:
        text += " (estimate)"
    return text


def _not_judged(moves: Sequence[MoveReview]) -> dict[str, list[int]]:
    """The moves not judged (one way or both), by the reason."""
    reasons: dict[str, list[int]] = {}
    for move in moves:
        if move.not_judged is not None:
            reasons.setdefault(move.not_judged, []).append(move.number)
    return reasons


def _ranges(numbers: list[int]) -> str:
    """``moves 1-18, 20``."""
    spans: list[list[int]] = []
    for number in numbers:
        if spans and spans[-1][1] == number - 1:
            spans[-1][1] = number
        else:
            spans.append([number, number])
    text = ", ".join(str(a) if a == b else f"{a}-{b}" for a, b in spans)
    return f"move{'s' * (len(numbers) > 1)} {text}"


def _summary(summary: PlayerSummary) -> str:
    if not summary.moves:
        return "no move judged"
    accuracy = "no choice" if summary.accuracy is None else f"accuracy {summary.accuracy:g}"
    return (
        f"{summary.moves} moves judged, {summary.choices} with a choice; "
        f"average loss {round(summary.average_loss, 2):g} chips a move; {accuracy}"
    )
