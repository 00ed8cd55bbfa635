"""Papillon rules engine: captures, feats, payments, the end of a hand, games."""

from __future__ import annotations

import random

import pytest

from butterfly.games.cards import make_deck, parse_cards
from butterfly.games.deals import shuffled_deck
from butterfly.games.errors import InputError
from butterfly.games.papillon.game import play_game
from butterfly.games.papillon.rules import HandState, Move, Options, capture_sets
from butterfly.solver.papillon.bots import BOTS, greedy_bot, random_bot


def cards(text):
    return tuple(sorted(parse_cards(text)))


def state(hands, table, stock="", to_move=1, dealer=0, players=3, chips=None, pool=0, **extra):
    """A hand position; the cards not shown anywhere count as already won by seat 0."""
    options = extra.pop("options", Options(players=players))
    hands = tuple(cards(h) for h in hands)
    shown = sum(map(len, hands)) + len(cards(table)) + len(parse_cards(stock))
    taken = extra.pop("taken", (52 - shown,) + (0,) * (players - 1))
    return HandState(
        options=options,
        dealer=dealer,
        hands=hands,
        table=cards(table),
        stock=tuple(parse_cards(stock)),
        taken=taken,
        chips=chips or (100,) * players,
        pool=pool,
        to_move=to_move,
        **extra,
    )


def sigs(st):
    return [m.signature for m in st.legal_moves()]


def gains(before, after):
    return [a - b for a, b in zip(after.chips, before.chips)]


def play(st, text):
    return st.play(Move.parse(text))


STOCK9 = "2C 3C 4C 2D 3D 4D 2H 3H 4H"

# ---- captures -------------------------------------------------------------


def test_match_and_sums():
    st = state(["", "7S", "KC"], "7H 5C 2D 6D AC QS", stock=STOCK9)
    assert sigs(st) == [((7,), (7,)), ((7,), (1, 6)), ((7,), (2, 5))]


def test_tens_and_courts_take_only_their_rank():
    st = state(["", "KS TS", "2C"], "QH 5C 5D TH", stock=STOCK9)
    assert sigs(st) == [((10,), (10,))]
    with pytest.raises(InputError, match="worth 10"):
        play(st, "KS x QH")
    with pytest.raises(InputError, match="worth 10"):
        play(st, "TS x 5C 5D")


def test_no_capture_means_trailing_the_whole_hand():
    st = state(["", "KS 9D", "2C"], "QH 5C", stock=STOCK9)
    assert [str(m) for m in st.legal_moves()] == ["trail 9D KS"]
    after = play(st, "trail KS 9D")
    assert after.table == cards("QH 5C KS 9D") and after.hands[1] == ()
    assert gains(st, after) == [0, -2, 0] and after.pool == 2


def test_capture_is_compulsory():
    st = state(["", "5S 9D", "2C"], "5H", stock=STOCK9)
    with pytest.raises(InputError, match="trailing is not allowed"):
        play(st, "trail 5S 9D")


def test_hanneton_and_three_of_a_kind():
    st = state(["", "5S KH", "2C"], "5H 5C 5D QD", stock=STOCK9)
    assert sigs(st) == [((5,), (5,)), ((5,), (5, 5, 5))]
    after = play(st, "5S x 5H 5C 5D")
    assert gains(st, after) == [-1, 2, -1]  # hanneton: 1 from each
    st = state(["", "JS JH JD", "2C"], "JC 4D 6D", stock=STOCK9)
    assert ((11, 11, 11), (11,)) in sigs(st)
    after = play(st, "JS JH JD x JC")
    # three jacks take the fourth and empty the hand: a petit papillon
    assert [e.kind for e in after.events][:2] == ["capture", "petit-papillon"]
    assert gains(st, after) == [-1, 2, -1]


@pytest.mark.parametrize(
    "hand, table, move, each",
    [
        ("7S", "AC 6D", "7S x AC 6D", 1),  # an ace with a non-ace
        ("4S", "AC AD 2D", "4S x AC AD 2D", 2),  # two aces in a mixed sum: 1 each
        ("AS", "AC 9D", "AS x AC", 2),  # ace with an ace
        ("2S", "AC AD", "2S x AC AD", 4),
        ("3S", "AC AD AH", "3S x AC AD AH", 6),
        ("4S", "AC AD AH AS", "4S x AC AD AH AS", 8),
    ],
)
def test_ace_payments(hand, table, move, each):
    st = state(["", hand + " KH", "2C"], table + " QC", stock=STOCK9)
    after = play(st, move)
    assert gains(st, after) == [-each, 2 * each, -each]


def test_ace_hanneton_pays_four_more():
    st = state(["", "AS KH", "2C"], "AC AD AH 9D", stock=STOCK9)
    after = play(st, "AS x AC AD AH")
    assert {e.kind: e.chips for e in after.events if e.chips} == {"aces": 4, "hanneton": 1}
    assert gains(st, after) == [-5, 10, -5]


def test_three_aces_in_hand_take_the_fourth():
    st = state(["", "AS AC AD", "2C"], "AH 9D", stock=STOCK9)
    after = play(st, "AS AC AD x AH")
    assert {e.kind: e.chips for e in after.events if e.chips} == {"aces": 4, "petit-papillon": 1}
    st = state(["", "AS AC AD", "2C"], "AH 9D")
    after = play(st, "AS AC AD x AH")
    assert {e.kind: e.chips for e in after.events if e.chips} == {"aces": 4, "papillon": 1}


def test_trailing_aces_are_paid_by_the_others():
    st = state(["", "AS AD 9C", "2C"], "KH", stock=STOCK9)
    after = play(st, "trail AS AD 9C")
    assert gains(st, after) == [-2, 4 - 3, -2] and after.pool == 3


# ---- sauterelle ------------------------------------------------------------------


def test_sauterelle_makes_the_next_player_trail():
    st = state(["3D 4D", "7S 8S", "2C 9H"], "5C 2D", stock=STOCK9)
    after = play(st, "7S x 5C 2D")
    assert "sauterelle" in [e.kind for e in after.events]
    assert gains(st, after) == [-1, 2, -1]
    assert after.to_move == 2 and [m.is_trail for m in after.legal_moves()] == [True]


def test_sauterelle_before_a_redeal():
    # Seat 2 is the last holding cards and sweeps: after the redeal the
    # player to its right (seat 0, the dealer) leads and must trail.
    st = state(["", "", "9S"], "4C 5D", stock=STOCK9, to_move=2)
    after = play(st, "9S x 4C 5D")
    assert [e.kind for e in after.events] == ["capture", "sauterelle", "petit-papillon", "redeal"]
    assert after.to_move == 0 and all(len(h) == 3 for h in after.hands)
    assert after.legal_moves()[0].is_trail
    # Without a sweep the first to play (right of the dealer) leads.
    st = state(["", "", "9S"], "4C 5D 6D", stock=STOCK9, to_move=2)
    assert play(st, "9S x 4C 5D").to_move == 1


# ---- the end of the hand -------------------------------------------------------------


def test_winner_priority_dealer_then_left_then_first():
    # All three make a papillon in the last deal; dealer 0 has priority.
    st = state(["9S", "5S", "KS"], "5D KD 9D 2C", to_move=1, pool=60)
    st = play(st, "5S x 5D")
    st = play(st, "KS x KD")
    st = play(st, "9S x 9D")
    assert st.is_terminal() and st.papillons == (1, 2, 0) and st.winner == 0
    kinds = [(e.kind, e.player, e.chips) for e in st.events]
    assert ("pool", 0, 60) in kinds and ("table", 0, 0) in kinds
    # Without the dealer, the player to the dealer's left (seat 2) wins.
    st = state(["9S 9H", "5S", "KS"], "5D KD 9D 2C", to_move=1, pool=60)
    st = play(play(play(st, "5S x 5D"), "KS x KD"), "9S x 9D")
    st = play(st, "trail 9H")
    assert st.winner == 2


def test_consolation_and_table_cards_without_a_winner():
    st = state(["", "KS", "QS"], "5D 2C", to_move=1, pool=30)
    st = play(st, "trail KS")
    st = play(st, "trail QS")
    assert st.is_terminal() and st.winner == -1 and st.pool == 32
    kinds = {e.kind: (e.player, e.chips) for e in st.events}
    assert kinds["consolation"] == (2, 1) and kinds["table"][0] == 2


def test_most_cards_and_the_tie_carry():
    # Seat 0 took 48 cards already: it has most cards and is paid the stake.
    st = state(["", "KS", "QS"], "5D 2C", to_move=1, stake=3)
    end = play(play(st, "trail KS"), "trail QS")
    assert ("most-cards", 0, 3) in [(e.kind, e.player, e.chips) for e in end.events]
    assert end.next_stake == 1
    # A tie pays nothing and raises the next stake: add (default) or double.
    st = state(["", "KS", "QS"], "5D 2C", to_move=1, stake=3, taken=(24, 24, 0))
    end = play(play(st, "trail KS"), "trail QS")
    assert end.next_stake == 4 and "most-cards" not in [e.kind for e in end.events]
    st = state(["", "KS", "QS"], "5D 2C", to_move=1, stake=3, taken=(24, 24, 0), options=Options(tie_stake="double"))
    assert play(play(st, "trail KS"), "trail QS").next_stake == 6


def test_modern_scoring():
    modern = Options(scoring="modern")
    st = state(["", "AS 9C KD", "QS"], "5D", to_move=1, options=modern, pool=30)
    after = play(st, "trail AS 9C KD")
    assert after.pool == 32 and gains(st, after) == [-1, 2 - 2, -1]  # aces are free and paid for
    end = play(after, "trail QS")
    # No papillon: most cards (seat 0) sweeps the pool; no consolation, no bonuses.
    assert end.pool == 0 and ("pool", 0, 33) in [(e.kind, e.player, e.chips) for e in end.events]
    assert "consolation" not in [e.kind for e in end.events]
    st = state(["", "7S KH", "2C"], "AC 6D QC", stock=STOCK9, options=modern)
    assert gains(st, play(st, "7S x AC 6D")) == [0, 0, 0]


def test_four_player_deal():
    st = HandState.deal(dealer=2, deck=shuffled_deck(11), options=Options(players=4))
    assert [len(h) for h in st.hands] == [3, 3, 3, 3] and len(st.table) == 4 and len(st.stock) == 36
    assert st.to_move == 3


def test_deal_order_starts_right_of_the_dealer():
    deck = make_deck(52)
    st = HandState.deal(dealer=0, deck=deck)
    assert st.hands[1] == tuple(deck[0:9:3]) and st.hands[0] == tuple(deck[2:9:3])
    assert st.table == tuple(deck[9:16]) and st.stock == tuple(deck[16:])


# ---- capture enumeration --------------------------------------------------------------


def _brute_force_captures(rank, table):
    """Every capture from card subsets, reduced to rank multisets."""
    from itertools import combinations

    value = min(rank, 10)
    found = set()
    for k in range(1, len(table) + 1):
        for subset in combinations(table, k):
            ranks = tuple(sorted(subset))
            if (
                k == 1
                and ranks[0] == rank
                or k == 3
                and ranks == (rank,) * 3
                or k >= 2
                and rank <= 9
                and sum(ranks) == value
                and max(ranks) <= 9
            ):
                found.add(ranks)
    return found


def test_capture_sets_match_brute_force():
    rng = random.Random(0)
    for _ in range(400):
        deck = [min(c % 13 + 1, 13) for c in range(52)]
        rng.shuffle(deck)
        table = deck[: rng.randint(0, 12)]
        rank = deck[12]
        got = capture_sets(rank, rank_counts_of(table))
        assert len(got) == len(set(got))
        assert set(got) == _brute_force_captures(rank, table)


def rank_counts_of(ranks):
    counts = [0] * 14
    for r in ranks:
        counts[r] += 1
    return counts


# ---- errors ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, message",
    [
        ("9S x 5D", "does not hold"),
        ("5S x 5C", "does not show"),
        ("5S x 2C", "not a capture"),
        ("5S", "expected"),
        ("x 5D", "name the card"),
        ("trail", "names the cards"),
    ],
)
def test_bad_moves(text, message):
    st = state(["", "5S 9D", "2C"], "5D 2C 3D", stock=STOCK9)
    with pytest.raises(InputError, match=message):
        st.play(Move.parse(text))


def test_bad_options():
    with pytest.raises(InputError, match="3 or 4 players"):
        Options(players=5)
    with pytest.raises(InputError, match="unknown scoring"):
        Options(scoring="1900")


# ---- whole games: conservation of cards and chips ----------------------------------------


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("scoring", ["1725", "modern"])
def test_random_hands_conserve_cards_and_chips(players, scoring):
    options = Options(players=players, scoring=scoring)
    for seed in range(150):
        rng = random.Random(seed)
        st = HandState.deal(seed % players, shuffled_deck(seed), options, chips=(50,) * players, pool=17)
        total = st.total_chips()
        while not st.is_terminal():
            move = rng.choice(st.legal_moves())
            st = st.play(move)
            assert st.total_chips() == total
            assert st.card_count() == 52
            seen = [c for h in st.hands for c in h] + list(st.table) + list(st.stock)
            assert len(seen) == len(set(seen))
        assert sum(st.taken) == 52 and not st.table


@pytest.mark.parametrize(
    "options",
    [
        Options(rounds=2),
        Options(players=4, scoring="modern"),
        Options(first_dealer="highest", unclaimed_pool="share", tie_stake="double"),
    ],
)
def test_whole_games_conserve_chips(options):
    for seed in range(12):
        bots = [BOTS[name] for name in ("random", "greedy", "random", "greedy")[: options.players]]
        game = play_game(options, seed, bots)
        assert sum(game.chips) + game.pool == game.total
        assert len(game.hands) >= options.rounds * options.players
        for hand in game.hands:
            assert hand.end.is_terminal()
            assert sum(hand.end.chips) + hand.end.pool == game.total


def test_games_are_reproducible_and_the_dealer_rotates():
    a = play_game(Options(), 42, [random_bot, greedy_bot, random_bot])
    b = play_game(Options(), 42, [random_bot, greedy_bot, random_bot])
    assert a.chips == b.chips and [h.deck for h in a.hands] == [h.deck for h in b.hands]
    dealers = [h.dealer for h in a.hands[:3]]
    assert dealers == [(dealers[0] + k) % 3 for k in range(3)]


def test_first_dealer_draw_lowest_or_highest():
    for rule in ("lowest", "highest"):
        game = play_game(Options(first_dealer=rule), 9, [random_bot] * 3)
        last = game.draws[-1]
        pick = min if rule == "lowest" else max
        assert game.hands[0].dealer == pick(last, key=lambda pc: pc[1].rank)[0]


def test_position_json_round_trip():
    """position_to_json writes what parse_position reads back, for states met in play."""
    import dataclasses
    import json

    from butterfly.games.papillon.format import parse_position, position_to_json

    rng = random.Random(11)
    for number in range(20):
        state = HandState.deal(number % 3, shuffled_deck(number), Options(), chips=(100,) * 3, pool=9)
        while not state.is_terminal() and rng.random() < 0.95:
            parsed = parse_position(json.dumps(position_to_json(state)))
            assert parsed.state == dataclasses.replace(state, events=()) and parsed.hidden == ()
            state = state.play_unchecked(rng.choice(state.legal_moves()))
