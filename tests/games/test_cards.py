"""Cards, ranks, suits and decks (butterfly.games.cards)."""

import copy
import pickle

import pytest

from butterfly.games.cards import (
    DECK_SIZES,
    Card,
    Rank,
    Suit,
    format_cards,
    make_deck,
    parse_cards,
)
from butterfly.games.errors import InputError

ALL_NAMES = [r + s for s in "CDHS" for r in "A23456789TJQK"]


def assert_one_line_input_error(text):
    with pytest.raises(InputError) as info:
        Card.parse(text)
    message = str(info.value)
    assert message and "\n" not in message
    return message


# ----------------------------------------------------------------- parse/print
@pytest.mark.parametrize("name", ALL_NAMES)
def test_parse_print_round_trip(name):
    """str(Card.parse(s)) == s for every one of the 52 cards."""
    card = Card.parse(name)
    assert str(card) == name
    assert Card.parse(str(card)) is card


def test_the_52_cards_are_distinct_and_indexed_suit_then_rank():
    cards = [Card.parse(n) for n in ALL_NAMES]
    assert [int(c) for c in cards] == list(range(52))
    for card in cards:
        assert card.index == card.suit * 13 + card.rank - 1
        assert Card(card.rank, card.suit) is card
        assert Card.from_index(card.index) is card


@pytest.mark.parametrize("suit", "CDHS")
def test_ten_spelled_t_or_10_is_the_same_card_and_prints_t(suit):
    assert Card.parse("T" + suit) is Card.parse("10" + suit)
    assert str(Card.parse("10" + suit)) == "T" + suit
    assert Card.parse("10" + suit).rank is Rank.TEN


@pytest.mark.parametrize(
    "text, expected",
    [
        ("7h", "7H"),
        ("ts", "TS"),
        ("10s", "TS"),
        ("qd", "QD"),
        ("ac", "AC"),
        ("kH", "KH"),
        (" 9c ", "9C"),
        ("jS", "JS"),
    ],
)
def test_lower_and_mixed_case_and_surrounding_spaces_accepted(text, expected):
    assert str(Card.parse(text)) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("A♠", "AS"),
        ("q♦", "QD"),
        ("10♥", "TH"),
        ("2♣", "2C"),
        ("K♤", "KS"),
        ("5♡", "5H"),
    ],
)
def test_suit_symbols_are_parsed(text, expected):
    assert str(Card.parse(text)) == expected


@pytest.mark.parametrize(
    "name, shown",
    [
        ("QD", "Q♦"),
        ("TH", "10♥"),
        ("AS", "A♠"),
        ("2C", "2♣"),
        ("9H", "9♥"),
        ("TS", "10♠"),
    ],
)
def test_unicode_display(name, shown):
    assert Card.parse(name).unicode() == shown


@pytest.mark.parametrize("name", ALL_NAMES)
def test_unicode_display_parses_back(name):
    card = Card.parse(name)
    assert Card.parse(card.unicode()) is card


def test_repr():
    assert repr(Card.parse("10s")) == "Card('TS')"


def test_colours():
    assert [Card.parse(n).is_red for n in ("AC", "AD", "AH", "AS")] == [False, True, True, False]
    assert [s.is_red for s in Suit] == [False, True, True, False]


@pytest.mark.parametrize("text", ["XH", "1H", "7X", "", "10", "AHH", "0H", "11H", "H7", "   ", "7", "10SS", "♠A"])
def test_bad_cards_raise_one_line_input_error(text):
    message = assert_one_line_input_error(text)
    assert repr(text) in message


def test_multi_line_garbage_still_gives_a_one_line_message():
    assert "\\n" in assert_one_line_input_error("X\nY")


@pytest.mark.parametrize("text", ["X", "1", "11", "", "0", "AA"])
def test_bad_ranks_rejected(text):
    with pytest.raises(InputError):
        Rank.parse(text)


@pytest.mark.parametrize("text", ["X", "", "CD", "♥♥"])
def test_bad_suits_rejected(text):
    with pytest.raises(InputError):
        Suit.parse(text)


def test_card_constructor_rejects_out_of_range():
    with pytest.raises(ValueError):
        Card(0, 0)
    with pytest.raises(ValueError):
        Card(14, 0)
    with pytest.raises(ValueError):
        Card(1, 4)


def test_parse_and_format_card_lists():
    cards = parse_cards("7H, TS 10s,qd")
    assert format_cards(cards) == "7H TS TS QD"
    assert parse_cards(["AC", "2d"]) == [Card.parse("AC"), Card.parse("2D")]
    assert parse_cards("") == []
    with pytest.raises(InputError):
        parse_cards("7H XX")


# ----------------------------------------------------------------------- decks
DOCUMENTED_RANKS = {
    52: set(range(1, 14)),
    48: {1, *range(3, 14)},  # no 2s
    36: {1, *range(6, 14)},  # A, 6..K
    28: {1, *range(8, 14)},  # A, 8..K
}


def test_deck_sizes_are_the_documented_ones():
    assert set(DECK_SIZES) == set(DOCUMENTED_RANKS)


@pytest.mark.parametrize("size", sorted(DOCUMENTED_RANKS))
def test_make_deck_contents(size):
    """Each deck has exactly the documented ranks in all four suits, once each."""
    deck = make_deck(size)
    assert len(deck) == size
    assert len(set(deck)) == size
    assert all(isinstance(c, Card) for c in deck)
    assert {c.rank for c in deck} == DOCUMENTED_RANKS[size]
    for suit in Suit:
        assert {c.rank for c in deck if c.suit == suit} == DOCUMENTED_RANKS[size]


@pytest.mark.parametrize("size", sorted(DOCUMENTED_RANKS))
def test_make_deck_order_is_suit_by_suit_rank_up(size):
    deck = make_deck(size)
    assert deck == sorted(deck)
    assert [c.suit for c in deck] == sorted(c.suit for c in deck)


def test_default_deck_is_the_full_pack():
    assert make_deck() == [Card.from_index(i) for i in range(52)]


@pytest.mark.parametrize("size", [0, 32, 51, 53, 104, -52])
def test_bad_deck_size_raises_input_error(size):
    with pytest.raises(InputError) as info:
        make_deck(size)
    assert str(size) in str(info.value)
    assert "\n" not in str(info.value)


# ------------------------------------------------------------------ interning
@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_pickle_returns_the_interned_card(protocol):
    for card in make_deck(52):
        assert pickle.loads(pickle.dumps(card, protocol)) is card


def test_copy_returns_the_interned_card():
    card = Card.parse("7H")
    assert copy.copy(card) is card
    assert copy.deepcopy(card) is card
    assert pickle.loads(pickle.dumps([card, card]))[1] is card


def test_cards_behave_as_their_index():
    card = Card.parse("KS")
    assert card == 51 and hash(card) == hash(51)
    assert {card: 1}[51] == 1


@pytest.mark.parametrize("text", ["7 H", "7\nH", "1 0H"])
def test_card_with_inner_whitespace_is_rejected(text):
    with pytest.raises(InputError):
        Card.parse(text)
