"""``butterfly mouche``: play La Mouche or Le Pamphile with bots, analyse hands, review games."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

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
from butterfly.games.cards import Card
from butterfly.games.mouche.format import MouchePosition, game_json, game_log, parse_position
from butterfly.games.mouche.game import play_game
from butterfly.games.mouche.notation import is_line, parse_line, write_line
from butterfly.games.mouche.rules import DEALER_STAKE, MAX_PURSE, PURSE, MoucheHand, MoucheOptions
from butterfly.games.records import cards_text, seat_name
from butterfly.solver import analysis
from butterfly.solver.budget import Budget
from butterfly.solver.mouche.bots import BOTS
from butterfly.solver.mouche.position import AllHandsKnown, DeclarationAdvice, FromSeat

if TYPE_CHECKING:  # the review is imported when the command runs
    from butterfly.solver.mouche.review import MoveReview, View

#: The most hands ``mouche play`` plays, and the largest cap on a mouche.
#: The game of this command group, as butterfly.games.registry names it.
GAME = "mouche"
MAX_HANDS = 1000
MAX_CAP = 1_000_000


@click.group(name="mouche")
def mouche_group():
    """La Mouche (1718) and Le Pamphile (1758): play with bots, analyse hands, review games."""


@mouche_group.command()
@click.option("--players", type=WholeNumber(3, 6), default=4, show_default=True, help="3 to 6 players.")
@click.option(
    "--hands",
    type=WholeNumber(1, MAX_HANDS),
    default=6,
    show_default=True,
    help=f"Hands to play (at most {MAX_HANDS}).",
)
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
@click.option(
    "--cap",
    type=WholeNumber(5, MAX_CAP),
    default=20,
    show_default=True,
    help=f"The cap, with --entry cap (a multiple of 5, at most {MAX_CAP:,}).",
)
@game_seed_option
@click.option(
    "--bots",
    default="rules",
    show_default=True,
    help="Bots by player, comma-separated (random, rules, analyst), or one for all.",
)
@when_broke_option
@click.option(
    "--purse",
    type=WholeNumber(DEALER_STAKE, MAX_PURSE),
    default=PURSE,
    show_default=True,
    help="Each player's chips at the start.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the game as JSON.")
@record_option("mouche review")
def play(
    players,
    hands,
    pamphile,
    pamphile_any_suit,
    turned_pamphile_needs_standing,
    entry,
    cap,
    seed,
    bots,
    when_broke,
    purse,
    as_json,
    record_file,
):
    """Play whole hands with bots and print them (declarations, tricks, pool, payments)."""
    options = MoucheOptions(
        players=players,
        pamphile=pamphile,
        entry=entry,
        cap=cap,
        pamphile_any_suit=pamphile_any_suit,
        turned_pamphile_needs_standing=turned_pamphile_needs_standing,
        when_broke=when_broke,
        purse=purse,
    )
    names = bot_names(bots, players, BOTS)
    if record_file is not None:  # refused before the game is played, not after
        check_new_files([record_file])
    game = play_game(options, hands, seed, [BOTS[n] for n in names])
    echo_game(game, names, as_json, game_json, game_log)
    if record_file is not None:
        from butterfly.games.mouche.record import game_record

        write_new_files([(record_file, game_record(game, names))], err=as_json)


@mouche_group.command(name="analyse")
@click.argument("position_file", metavar="POSITION")
@click.option(
    "--as-player",
    type=WholeNumber(0, 5),
    default=None,
    help="Judge from this seat alone (0 to players-1; the player to move): other hands unknown.",
)
@click.option(
    "--worlds",
    type=WholeNumber(2, MAX_SAMPLES),
    default=None,
    help="From a seat, the values are exact when the ending is within the exact limits (docs/analysis.md); "
    "else an estimate over the deals of the unseen cards: every one when at most this many, else a sample of this "
    f"many (default 5000 with --as-player, 500 beside the open analysis; at most {MAX_SAMPLES:,}); for declaration "
    "advice, the deals sampled (default 500).",
)
@seed_option("sampling")
@click.option("--json", "as_json", is_flag=True, help="Print the analysis as JSON.")
@line_format_option()
def analyse_command(position_file, as_player, worlds, seed, as_json, output_format):
    """Analyse a POSITION (a JSON file, or a line; see docs/formats.md): the card play, or the declaration to make."""
    position = read_position(position_file)
    state = position.state
    if output_format == "line":
        click.echo(write_line(position))
        return
    result = analysis.analyse(position, Budget(deals=worlds, seed=seed), view=as_player)
    if as_json:
        echo_json(result.to_json())
        return
    match result:
        case DeclarationAdvice():
            _print_advice(state, result)
        case AllHandsKnown():
            _print_all_hands_known(state, result)
        case FromSeat():
            _print_from_seat(state, result)


@mouche_group.command()
@click.argument("position_file", metavar="POSITION")
@picture_options("the position (hands, hidden ones face down; turned card, trick, stock, pool and chips)")
def show(position_file, svg_file, png_file):
    """Draw a POSITION (a JSON file, or a line; see docs/formats.md) as a picture: --svg or --png."""
    from butterfly.games.mouche.picture import draw_svg

    wanted_pictures(svg_file, png_file, required=True)
    state, hidden = read_position(position_file)
    write_picture(svg_file, png_file, draw_svg(state, hidden))


def read_position(argument: str) -> MouchePosition:
    """The position (its state and hidden seats) a POSITION argument gives (:func:`cli.common.position_text`)."""
    text = position_text(argument, GAME)
    return parse_line(text) if is_line(text) else parse_position(text)


def _cards(cards: Iterable[Card]) -> str:
    return cards_text(cards, empty="-")


def _print_advice(state: MoucheHand, advice: DeclarationAdvice) -> None:
    """The expected chips of each sensible declaration."""
    p = advice.to_move
    click.echo(
        f"{seat_name(p)} to declare with {_cards(state.hands[p])}; trumps {state.trumps.letter} "
        f"(turned {state.turned}); pool {state.pool}."
    )
    click.echo(
        f"Expected chips over {advice.deals} sampled deals of the unseen cards and the stock "
        "(later players declare as the rule-based bot; the play solved exactly, everyone for their own tricks):"
    )
    for o in advice.moves:
        click.echo(f"  {o.move:<22} {o.mean_chips:+8.2f}  ± {o.stderr:.2f}")


def _print_all_hands_known(state: MoucheHand, result: AllHandsKnown) -> None:
    """Every hand known: each card's max-n tricks and guaranteed tricks, and
    its mean tricks and chance of the mouche from the mover's seat."""
    p = result.to_move
    seat = result.from_seat
    from_seat = {m.move: m for m in seat.moves}
    click.echo(
        f"{seat_name(p)} to play with {_cards(state.hands[p])}; trumps {state.trumps.letter}; pool {state.pool}; "
        f"trick so far: {_cards(c for _, c in state.trick)}; tricks won {list(state.tricks)}."
    )
    click.echo(
        "open: every hand known, everyone plays for their own tricks (ties: the first by suit, weakest first); "
        "guaranteed: the others all play against the mover."
    )
    click.echo(
        "From the seat: " + seat_how(seat, seat_name(p), "deals of the unseen cards consistent with the cards played")
    )
    click.echo(
        f"  {'card':<6} {'tricks':>6} {'chips':>6} {'guaranteed':>11} {'seat: mean tricks':>18} {'mouche':>7}"
        "  everyone's tricks (open)"
    )
    for m in result.moves:
        mean = from_seat[m.move]
        click.echo(
            f"  {m.move:<6} {m.maxn_tricks[p]:>6} {m.maxn_chips[p]:>+6} {m.guaranteed_tricks:>11} "
            f"{mean.mean_tricks:>18.2f} {mean.mouche_chance:>7.1%}  {' '.join(map(str, m.maxn_tricks))}"
        )
    forced = result.can_be_forced_to_make_the_mouche
    click.echo(
        "Guaranteed tricks: "
        + ", ".join(
            f"{seat_name(k)} {v}" + (" (can be forced to make the mouche)" if forced[k] else "")
            for k, v in result.guaranteed_tricks.items()
        )
    )


def _print_from_seat(state: MoucheHand, result: FromSeat) -> None:
    """From one seat: each card exact (every deal consistent with what was played) or estimated (sampled)."""
    p = result.to_move
    click.echo(
        f"{seat_name(p)} to play with {_cards(state.hands[p])}; trumps {state.trumps.letter}; "
        f"trick so far: {_cards(c for _, c in state.trick)}."
    )
    click.echo(seat_how(result, seat_name(p), "deals of the unseen cards consistent with the cards played"))
    if result.exact:
        click.echo(f"  {'card':<6} {'mean tricks':>12} {'makes the mouche':>17} {'sure of':>8} {'estimate':>9}")
        for m in result.moves:
            click.echo(
                f"  {m.move:<6} {m.mean_tricks:>12.2f} {m.mouche_chance:>17.1%} {m.guaranteed_tricks:>8} "
                f"{m.sampled_tricks:>9.2f}"
            )
    else:
        click.echo(f"  {'card':<6} {'mean tricks':>12} {'makes the mouche':>17}")
        for m in result.moves:
            click.echo(f"  {m.move:<6} {m.mean_tricks:>12.2f} {m.mouche_chance:>17.1%}")
    print_seat_notes(result)


@mouche_group.command()
@click.argument("record_file", metavar="RECORD")
@click.option(
    "--worlds",
    type=WholeNumber(1, MAX_SAMPLES),
    default=None,
    help="From the seat: solve every deal of the unseen cards when at most this many, "
    "else sample this many (default 100).",
)
@seed_option("sampling the deals of the unseen cards")
@click.option("--json", "as_json", is_flag=True, help="Print the review as JSON.")
def review(record_file, worlds, seed, as_json):
    """Review a game RECORD (mouche play --record; docs/formats.md): every card
    played judged with all cards open and from the player's seat, in chips for
    the hand, and each player's average loss and accuracy (docs/analysis.md)."""
    from butterfly.games.mouche.record import read_record

    result = analysis.review(read_record(record_text(record_file)), Budget(deals=worlds, seed=seed))
    if as_json:
        echo_json(result.to_json())
        return
    for hand in result.hands:
        click.echo(f"Hand {hand.number}: {seat_name(hand.dealer)} deals; {hand.start}")
        for move in hand.moves:
            click.echo(f"  {move.number:>3}. {seat_name(move.seat)} {move.move:<6} {_judged(move)}")
            if move.from_seat is not None and move.from_seat.why_worse is not None:
                click.echo(f"       Why: {move.from_seat.why_worse.words}")
                click.echo(f"       {move.from_seat.why_worse.position}")
    click.echo("")
    click.echo(
        "Cards judged with all cards open | from the seat (exact over every deal of the unseen cards "
        f"where the ending allows it, else an estimate over up to {result.deals} of them); loss in chips for "
        "the hand a card. "
        "Declarations and the choice of trumps are not judged."
    )
    for player in result.players:
        name = f" ({player.name})" if player.name else ""
        click.echo(
            f"  {seat_name(player.seat)}{name}: {player.open.moves} cards, {player.open.choices} with a choice; "
            f"average loss {player.open.average_loss:g} | {player.from_seat.average_loss:g}, "
            f"accuracy {_accuracy(player.open.accuracy)} | {_accuracy(player.from_seat.accuracy)}"
        )


def _judged(move: MoveReview) -> str:
    """A move's two judgements in a few words."""
    if move.open is None:
        return "not judged"
    seat = "forced" if move.from_seat is None else _view(move.from_seat, move.move)
    if move.from_seat is not None and not move.from_seat.exact:
        seat += " (estimate)"
    return f"{_view(move.open, move.move):<26} | from the seat: {seat}"


def _view(view: View, played: str) -> str:
    judgement = view.judgement
    text = judgement.mark.value
    if judgement.loss:
        text += f" -{judgement.loss:g}"
    if view.best != played and judgement.mark.value not in ("best", "only"):
        text += f", best {view.best}"
    return text


def _accuracy(accuracy: float | None) -> str:
    return "-" if accuracy is None else f"{accuracy:g}"
