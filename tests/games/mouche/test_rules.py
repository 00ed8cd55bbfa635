"""La Mouche and Pamphile rules engine: play legality, tricks, the mouche, payments."""

from __future__ import annotations

import random

import pytest

from butterfly.games.cards import Card, Suit, make_deck, parse_cards
from butterfly.games.deals import shuffled_deck
from butterfly.games.errors import InputError
from butterfly.games.mouche.rules import PAMPHILE, Action, MoucheHand, MoucheOptions

S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS


def cards(text):
    return tuple(sorted(parse_cards(text)))


def playing(hands, trump, trick=(), to_move=None, dealer=None, pool=5, options=None, tricks=None):
    """A hand at the card play: everyone stood; seat 0 is first to play by default."""
    n = len(hands)
    if options is not None:  # a game's own positions: every card from its pack
        pack = set(make_deck(options.deck_size))
        assert all(c in pack for h in hands for c in parse_cards(h)), "a card outside the pack"
    else:  # play rules alone: any cards (the pack does not change them)
        options = MoucheOptions(players=n)
    dealer = n - 1 if dealer is None else dealer
    trick = tuple((p, Card.parse(c)) for p, c in trick)
    if to_move is None:
        to_move = (trick[-1][0] + 1) % n if trick else (dealer + 1) % n
    return MoucheHand(
        options=options,
        dealer=dealer,
        hands=tuple(cards(h) for h in hands),
        turned=Card.parse("2C"),
        trump=trump,
        stock=(),
        chips=(100,) * n,
        pool=pool,
        phase="play",
        to_move=to_move,
        declared=("stand",) * n,
        as_dealt=(False,) * n,
        trick=trick,
        tricks=tricks or (0,) * n,
    )


def playable(state):
    return sorted(str(c) for c in state.playable())


# ---- legality of play ---------------------------------------------------------------------------


def test_must_follow_suit():
    st = playing(["9H", "8H KS 2D", "7H"], trump=S, trick=[(0, "9H")])
    assert playable(st) == ["8H"]  # cannot beat 9H, but must follow


def test_must_beat_when_following():
    st = playing(["9H", "TH 8H KS", "7H"], trump=S, trick=[(0, "9H")])
    assert playable(st) == ["TH"]


def test_must_trump_when_void():
    st = playing(["9H", "8S 2S KD", "7H"], trump=S, trick=[(0, "9H")])
    assert playable(st) == ["2S", "8S"]


def test_must_overtrump_when_able():
    st = playing(
        ["9H", "7S", "8S 6S KD", "TH"], trump=S, trick=[(0, "9H"), (1, "7S")], options=MoucheOptions(players=4)
    )
    assert playable(st) == ["8S"]


def test_no_need_to_trump_when_already_outtrumped():
    st = playing(
        ["9H", "QS", "8S 6S KD", "7H"], trump=S, trick=[(0, "9H"), (1, "QS")], options=MoucheOptions(players=4)
    )
    assert playable(st) == ["6S", "8S", "KD"]


def test_following_a_trumped_trick_needs_no_beating():
    st = playing(["9H", "6S", "8H TH", "7H"], trump=S, trick=[(0, "9H"), (1, "6S")], options=MoucheOptions(players=4))
    assert playable(st) == ["8H", "TH"]


def test_void_without_trumps_plays_anything():
    st = playing(["9H", "8D 2C", "7H"], trump=S, trick=[(0, "9H")])
    assert playable(st) == ["2C", "8D"]


def test_card_order_and_trick_winner():
    # K Q J A 10 ...: the ace is below the jack.
    st = playing(["AH", "JH", "TH"], trump=S, trick=[(0, "AH"), (1, "JH")])
    assert playable(st) == ["TH"]  # cannot beat the jack
    end = st.play(Action.parse("TH"))
    assert end.tricks == (0, 1, 0) and end.to_move == 1
    st = playing(["AH", "2S", "KH"], trump=S, trick=[(0, "AH"), (1, "2S")])
    assert st.play(Action.parse("KH")).tricks == (0, 1, 0)  # the small trump wins


def test_the_pamphile_is_the_top_trump_and_a_trump_for_following():
    pam = MoucheOptions(players=3, pamphile=True)
    st = playing(["KD", "JC 9C", "8D"], trump=D, trick=[(0, "KD")], options=pam)
    assert playable(st) == ["JC"]  # trumps led: the Pamphile follows as a trump (and beats)
    end = st.play(Action.parse("JC")).play(Action.parse("8D"))
    assert end.tricks == (0, 1, 0)
    st = playing(["JC", "KD 9C", "8D"], trump=D, trick=[(0, "JC")], options=pam)
    assert playable(st) == ["KD"]  # the Pamphile led is trumps led
    st = playing(["9C", "JC KD", "8D"], trump=D, trick=[(0, "9C")], options=pam)
    assert playable(st) == ["JC", "KD"]  # void in clubs: the jack of clubs is no club


def test_illegal_cards_are_refused_with_the_reason():
    st = playing(["9H", "8H KS 2D", "7H"], trump=S, trick=[(0, "9H")])
    with pytest.raises(InputError, match="does not follow"):
        st.play(Action.parse("KS"))
    with pytest.raises(InputError, match="does not hold"):
        st.play(Action.parse("QC"))


# ---- declarations and having the mouche -------------------------------------------------------


def deck_with_hands(hands, turned, players):
    """A deck that deals ``hands`` (by seat, dealer = last seat) and turns ``turned``."""
    size = MoucheOptions(players=players).deck_size
    order = []
    hands = [parse_cards(h) for h in hands]
    dealer = players - 1
    for start, batch in ((0, 3), (3, 2)):
        for k in range(1, players + 1):
            order += hands[(dealer + k) % players][start : start + batch]
    order.append(Card.parse(turned))
    rest = [c for c in make_deck(size) if c not in order]
    return order + rest


def declare(state, *actions):
    for a in actions:
        state = state.play(Action.parse(a))
    return state


FIVE_SPADES = "KS QS JS AS TS"
FIVE_HEARTS = "KH QH JH AH TH"


def test_having_the_mouche_takes_the_pool_and_the_others_in_the_hand_make_it():
    deck = deck_with_hands([FIVE_SPADES, "6C 7D 8C 9D TC", "6D 7C 8D 9C TD", "6S 7S 8S 9S 6H"], "7H", 4)
    st = MoucheHand.deal(3, deck, MoucheOptions(players=4))
    end = declare(st, "stand", "stand", "fold", "stand")
    assert end.mouche_holder == 0 and end.makers == (1, 3)
    assert [c - 1000 for c in end.chips] == [5, -5, 0, -5 - 5] and end.carry == 10


def test_mouche_tie_breaks_trumps_then_points_then_seat():
    three = MoucheOptions(players=3)
    # trumps beat other suits, whatever the points (50 against 47)
    deck = deck_with_hands([FIVE_HEARTS, "8C 9C 8D 9D TC", "8S 9S TS JS QS"], "AS", 3)
    assert declare(MoucheHand.deal(2, deck, three), "stand", "stand", "stand").mouche_holder == 2
    # neither in trumps: more points (50 against 47)
    deck = deck_with_hands(["8H 9H TH JH QH", "KC QC JC AC TC", "8D 9D TD JD 8S"], "9S", 3)
    assert declare(MoucheHand.deal(2, deck, three), "stand", "stand", "stand").mouche_holder == 1
    # same points: the seat nearest the dealer's right (dealer 2, so seat 0)
    deck = deck_with_hands(["KC QC JC AC TC", "KD QD JD AD TD", "8H 9H 8S 9S TH"], "TS", 3)
    assert declare(MoucheHand.deal(2, deck, three), "stand", "stand", "stand").mouche_holder == 0


def test_a_mouche_needs_the_cards_as_dealt_and_standing():
    deck = deck_with_hands([FIVE_SPADES, "8C 9C 8D 9D TC", "JD QD KD 8H 9H"], "AC", 3)
    st = declare(MoucheHand.deal(2, deck, MoucheOptions(players=3)), "discard TS", "stand", "stand")
    assert st.mouche_holder == -1 and st.phase == "play"


def test_pamphile_any_suit_option_for_the_mouche():
    hand = "JC QS JS AS TS"
    deck = deck_with_hands([hand, "8C 9C 8D 9D TC", "KD QD 8H 9H TH"], "AH", 3)
    plain = MoucheOptions(players=3, pamphile=True)
    wild = MoucheOptions(players=3, pamphile=True, pamphile_any_suit=True)
    assert declare(MoucheHand.deal(2, deck, plain), "stand", "stand", "stand").mouche_holder == -1
    assert declare(MoucheHand.deal(2, deck, wild), "stand", "stand", "stand").mouche_holder == 0


def test_dealer_alone_takes_the_pool_and_nobody_makes_the_mouche():
    st = MoucheHand.deal(2, shuffled_deck(4, 28), MoucheOptions(players=3), carry=10)
    assert st.pool == 15
    end = declare(st, "fold", "fold")
    assert end.is_terminal() and end.makers == () and end.chips[2] == 100 * 10 - 5 + 15
    assert end.pool == 0 and end.carry == 0


def test_discards_are_limited_by_the_stock():
    st = MoucheHand.deal(5, shuffled_deck(4, 52), MoucheOptions(players=6))
    assert len(st.stock) == 52 - 30 - 1
    st = MoucheHand.deal(2, shuffled_deck(4, 28), MoucheOptions(players=3))
    assert len(st.stock) == 12
    for _ in range(2):
        hand = st.hands[st.to_move]
        st = st.play(Action("discard", hand))
    hand = st.hands[st.to_move]
    with pytest.raises(InputError, match="stock holds only 2"):
        st.play(Action("discard", hand[:3]))
    assert max(len(a.cards) for a in st.legal_moves()) == 2


# ---- the pool from hand to hand -----------------------------------------------------------------


def play_out(state):
    while not state.is_terminal():
        state = state.play(state.legal_moves()[0])
    return state


def test_the_seeds_four_hand_example():
    """Seed 002 §6: simple, two make it; triple, one makes it; quadruple, none; simple."""
    options = MoucheOptions(players=3)
    # Hand 1 (pool 5): seat 0 holds five trumps and takes every trick.
    one = play_out(playing(["KS QS JS AS TS", "8H 9H TH JH 8C", "8D 9D TD JD 9C"], trump=S, pool=5, options=options))
    assert one.makers == (1, 2) and one.carry == 10
    # Hand 2 (pool 15 = 5 + 10): seat 1 takes one trick, seat 2 none.
    two_start = MoucheHand.deal(0, shuffled_deck(1, 28), options, carry=one.carry)
    assert two_start.pool == 15
    two = play_out(playing(["KS QS JS AS QH", "KH 9D 9C TD KD", "8C TC QC 8D AD"], trump=S, pool=15, options=options))
    assert two.tricks == (4, 1, 0) and two.makers == (2,) and two.carry == 15
    assert two.chips == (100 + 4 * 3, 100 + 3, 100 - 15)
    # Hand 3 (pool 20 = 5 + 15): everyone takes a trick.
    three_start = MoucheHand.deal(1, shuffled_deck(2, 28), options, carry=two.carry)
    assert three_start.pool == 20
    three = play_out(playing(["KS QS JS 8H 9H", "AS 8C 9C 8D 9D", "TS TC JC TD JD"], trump=S, pool=20, options=options))
    assert min(three.tricks) >= 1 and three.makers == () and three.carry == 0
    # Hand 4: simple again.
    assert MoucheHand.deal(2, shuffled_deck(3, 28), options, carry=three.carry).pool == 5


def test_largest_first_and_the_holder_takes_the_pending_ones():
    options = MoucheOptions(players=3, entry="largest-first")
    st = MoucheHand.deal(2, shuffled_deck(7, 28), options, pending=(10, 25, 5))
    assert st.pool == 5 + 25 and st.pending == (10, 5)
    deck = deck_with_hands([FIVE_SPADES, "8C 9D 8D 9C TD", "TC QC KC QD KD"], "AC", 3)
    st = MoucheHand.deal(2, deck, options, pending=(10, 25, 5))
    end = declare(st, "stand", "stand", "stand")
    # the holder takes the mouche in play and every pending one
    assert end.mouche_holder == 0 and end.chips[0] == 1000 + 30 + 15 and end.pending == (30, 30)


def test_cap_on_the_mouche_owed():
    options = MoucheOptions(players=3, entry="cap", cap=20)
    end = play_out(playing(["KS QS JS AS TS", "8H 9H TH JH 8C", "8D 9D TD JD 9C"], trump=S, pool=35, options=options))
    assert end.makers == (1, 2) and end.carry == 40 and end.chips[1] == 100 - 20


# ---- the Pamphile ------------------------------------------------------------------------


def test_pamphile_holder_is_paid_one_by_each():
    options = MoucheOptions(players=3, pamphile=True)
    deck = deck_with_hands(["JC 8D 9D TD JD", "8H 9H TH JH 8S", "QD KD AD 8C TC"], "9C", 3)
    st = declare(MoucheHand.deal(2, deck, options), "stand", "stand", "stand")
    assert st.phase == "play" and [c - 1000 for c in st.chips] == [2, -1, -1 - 5]
    folded = declare(MoucheHand.deal(2, deck, options), "fold", "stand", "stand")
    assert "pamphile" not in [e.kind for e in folded.events]


def test_turned_pamphile_lets_the_dealer_choose_trumps_and_is_paid_to_the_dealer():
    options = MoucheOptions(players=3, pamphile=True)
    deck = deck_with_hands(["AC 8D 9D TD JD", "8H 9H TH JH 8S", "QD KD AD 8C TC"], "JC", 3)
    st = MoucheHand.deal(2, deck, options)
    assert st.phase == "trump" and st.current_player() == 2 and st.trump is None
    st = declare(st, "trump H", "stand", "stand", "fold")
    assert st.trump == H and st.chips[2] == 1000 - 5 + 2  # paid although the dealer folded
    strict = MoucheOptions(players=3, pamphile=True, turned_pamphile_needs_standing=True)
    st = declare(MoucheHand.deal(2, deck, strict), "trump H", "stand", "stand", "fold")
    assert st.chips[2] == 1000 - 5 and "pamphile" not in [e.kind for e in st.events]


# ---- conservation over many hands ---------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("entry", ["all", "largest-first", "cap"])
def test_random_hands_conserve_chips_and_cards(players, entry):
    for pamphile in (False, True):
        options = MoucheOptions(players=players, pamphile=pamphile, entry=entry)
        chips, carry, pending = (1000,) * players, 0, ()
        for seed in range(40):
            rng = random.Random(seed)
            deck = shuffled_deck(seed, options.deck_size)
            st = MoucheHand.deal(seed % players, deck, options, chips=chips, carry=carry, pending=pending)
            total = st.total_chips()
            while not st.is_terminal():
                st = st.play(rng.choice(st.legal_moves()))
                assert st.total_chips() == total
                held = [c for h in st.hands for c in h] + [c for _, c in st.trick] + list(st.played)
                assert len(held) == len(set(held))
            chips, carry, pending = st.chips, st.carry, st.pending


def test_bad_options_and_actions():
    with pytest.raises(InputError, match="3 to 6"):
        MoucheOptions(players=7)
    with pytest.raises(InputError, match="multiple of 5"):
        MoucheOptions(entry="cap", cap=12)
    with pytest.raises(InputError, match="unknown action"):
        Action.parse("pass the salt")
    assert Card.parse("JC") == PAMPHILE
