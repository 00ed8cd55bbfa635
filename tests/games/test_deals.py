"""Deal numbers (butterfly.games.deals): the frozen generator and its test vectors."""

import pytest

from butterfly.games.cards import Rank, Suit, format_cards, make_deck
from butterfly.games.deals import MAX_DEAL, SplitMix64, check_deal_number, parse_deal_number, shuffled_deck
from butterfly.games.errors import InputError
from butterfly.games.patience.rules import PRESETS, Position, make_rules


# ------------------------------------------------------------- frozen vectors
def test_splitmix64_seed_0_vector():
    rng = SplitMix64(0)
    assert [rng.next_u64() for _ in range(3)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
    ]


@pytest.mark.parametrize(
    "number, first_ten",
    [
        (0, "8S JH 9C 2S 2D QD 6S TC 3D AC"),
        (1, "7D 9C 4D 8H 8D 5S JD 6D 9S JC"),
        (2**63 - 1, "5C JC 8H AH TD 9H 2C TC 8S QH"),
    ],
)
def test_shuffled_deck_vectors(number, first_ten):
    assert format_cards(shuffled_deck(number)[:10]) == first_ten


def test_splitmix64_outputs_are_64_bit():
    rng = SplitMix64(2**64 + 5)  # the seed is taken modulo 2**64
    same = SplitMix64(5)
    for _ in range(100):
        value = rng.next_u64()
        assert 0 <= value < 2**64
        assert value == same.next_u64()


@pytest.mark.parametrize("bound", [1, 2, 3, 7, 52, 2**63 + 1])
def test_below_stays_in_range(bound):
    rng = SplitMix64(42)
    assert all(0 <= rng.below(bound) < bound for _ in range(200))


def test_below_rejects_the_biased_low_outputs():
    """With bound 2**63 + 1, outputs under 2**64 % bound (= 2**63 - 1) are
    rejected: the draw is the first accepted raw output modulo the bound."""
    bound = 2**63 + 1
    threshold = 2**64 % bound
    raw = SplitMix64(7)
    expected = None
    while expected is None:
        value = raw.next_u64()
        if value >= threshold:
            expected = value % bound
    assert SplitMix64(7).below(bound) == expected


def test_shuffled_deck_is_deterministic():
    assert shuffled_deck(12345) == shuffled_deck(12345)
    assert shuffled_deck(12345) != shuffled_deck(12346)


@pytest.mark.parametrize("number", [0, 1, 2, 3, 99, 1000, 2**32, 2**63 - 1])
@pytest.mark.parametrize("size", [52, 48, 36, 28])
def test_each_deal_is_a_permutation_of_the_deck(number, size):
    deal = shuffled_deck(number, size)
    assert len(deal) == size
    assert sorted(deal) == make_deck(size)


def test_many_deals_are_permutations_and_differ():
    deals = {tuple(shuffled_deck(n)) for n in range(300)}
    assert len(deals) == 300
    full = make_deck(52)
    assert all(sorted(d) == full for d in deals)


# ------------------------------------------------------------------ rejections
@pytest.mark.parametrize("number", [-1, 2**63, 2**64, -(2**63)])
def test_out_of_range_deal_numbers_rejected(number):
    with pytest.raises(InputError) as info:
        shuffled_deck(number)
    assert str(number) in str(info.value)
    with pytest.raises(InputError):
        Position.deal(number)


@pytest.mark.parametrize("number", [1.0, "1", None, 1.5])
def test_non_int_deal_numbers_rejected(number):
    with pytest.raises(InputError):
        check_deal_number(number)
    with pytest.raises(InputError):
        shuffled_deck(number)


def test_deal_number_bounds_are_accepted():
    assert check_deal_number(0) == 0
    assert check_deal_number(MAX_DEAL) == MAX_DEAL == 2**63 - 1


@pytest.mark.parametrize("text, number", [("0", 0), ("17", 17), ("0042", 42), ("9223372036854775807", MAX_DEAL)])
def test_parse_deal_number(text, number):
    assert parse_deal_number(text) == number


@pytest.mark.parametrize("text", ["abc", "-3", "", "1.5", "9223372036854775808", "0x10", "7 8"])
def test_parse_deal_number_rejects(text):
    with pytest.raises(InputError) as info:
        parse_deal_number(text)
    assert "\n" not in str(info.value)


# --------------------------------------------------------------------- layout
def test_butterfly_deal_1_layout():
    """Rows of 5,5,4,5,5 per wing, the aces on the foundations, none in the rows."""
    pos = Position.deal(1)
    assert pos.rules == PRESETS["butterfly"]
    assert [len(r) for r in pos.rows] == [5, 5, 4, 5, 5, 5, 5, 4, 5, 5]
    assert pos.rules.row_names == ("L1", "L2", "L3", "L4", "L5", "R1", "R2", "R3", "R4", "R5")
    assert pos.foundations == (1, 1, 1, 1)
    assert pos.cells == ()
    in_rows = [c for row in pos.rows for c in row]
    assert len(in_rows) == 48
    assert all(c.rank != Rank.ACE for c in in_rows)
    pos.validate()


def test_butterfly_deal_deals_the_shuffled_deck_in_order():
    """The non-ace cards in shuffled order, row by row from L1, innermost first."""
    pos = Position.deal(1)
    expected = [c for c in shuffled_deck(1) if c.rank != Rank.ACE]
    assert [c for row in pos.rows for c in row] == expected
    assert format_cards(pos.rows[0]) == "7D 9C 4D 8H 8D"


@pytest.mark.parametrize("number", range(20))
@pytest.mark.parametrize("game", sorted(PRESETS))
def test_every_preset_deal_is_valid(game, number):
    rules = PRESETS[game]
    pos = Position.deal(number, rules)
    pos.validate()
    assert [len(r) for r in pos.rows] == list(rules.row_sizes)
    base = 1 if rules.aces_on_foundations else 0
    assert pos.foundations == (base,) * 4
    if not rules.aces_on_foundations:
        assert [c for row in pos.rows for c in row] == shuffled_deck(number)


def test_variant_rules_deal_the_same_cards():
    plain = Position.deal(5)
    variant = Position.deal(5, make_rules("butterfly", "alternate-colours"))
    assert plain.rows == variant.rows


def test_suits_enumerated_in_bridge_order():
    assert [s.letter for s in Suit] == list("CDHS")


def test_booleans_and_underscored_numbers_are_not_deal_numbers():
    with pytest.raises(InputError):
        check_deal_number(True)
    for text in ("1_000", "²", " 12 3", " 42 ", "42\n", "\u0664\u0662"):  # int() takes all but the second and third
        with pytest.raises(InputError):
            parse_deal_number(text)
