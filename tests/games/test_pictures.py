"""The SVG pictures: well-formed, every card drawn once, hidden hands face
down, the same bytes for the same position, one frame per move; the card
games' table, the player to move at the bottom, on a phone's screen."""

import re
import xml.etree.ElementTree as ET

import pytest

from butterfly.games import cardsvg
from butterfly.games.cards import Card, make_deck
from butterfly.games.mouche.format import parse_position as parse_mouche
from butterfly.games.mouche.picture import draw_svg as draw_mouche
from butterfly.games.papillon.format import parse_position as parse_papillon
from butterfly.games.papillon.picture import draw_svg as draw_papillon
from butterfly.games.patience.picture import draw_svg, frames
from butterfly.games.patience.rules import PRESETS, Move, Position, make_rules

import checkout

SVG = "{http://www.w3.org/2000/svg}"


def drawn_cards(svg: str) -> list[str]:
    """The cards drawn face up, by their groups' ids (the XML is parsed: it must be well-formed)."""
    root = ET.fromstring(svg.encode())
    groups = [g for g in root.iter(f"{SVG}g") if g.get("class") == "card"]
    assert all(re.fullmatch(r"card-[A2-9TJQK][CDHS]", g.get("id", "")) for g in groups)
    return [g.get("id", "")[len("card-") :] for g in groups]


def backs(svg: str) -> int:
    return sum(g.get("class") == "card-back" for g in ET.fromstring(svg.encode()).iter(f"{SVG}g"))


@pytest.mark.parametrize("game", list(PRESETS))
def test_every_card_of_a_deal_is_drawn_once(game):
    position = Position.deal(3, make_rules(game))
    cards = drawn_cards(draw_svg(position, f"{game} deal 3"))
    assert sorted(cards) == sorted(str(c) for c in make_deck())


def test_the_rows_are_labelled_and_the_basement_drawn_below():
    svg = draw_svg(Position.deal(1))
    texts = [t.text for t in ET.fromstring(svg.encode()).iter(f"{SVG}text")]
    assert {f"L{i}" for i in range(1, 6)} | {f"R{i}" for i in range(1, 6)} | {"basement"} <= set(texts)


def test_outer_cards_lie_outermost():
    """The outer card of a left row is left of the others, of a right row right of them."""
    position = Position.deal(1)
    root = ET.fromstring(draw_svg(position).encode())
    x = {
        g.get("id")[5:]: float(g.find(f"{SVG}rect").get("x")) for g in root.iter(f"{SVG}g") if g.get("class") == "card"
    }
    for name, row in zip(position.rules.row_names, position.rows):
        xs = [x[str(c)] for c in row]
        assert xs == sorted(xs, reverse=name.startswith("L"))


def test_an_empty_row_and_the_basement_cards_are_drawn():
    rows = list(Position.deal(1).rows)
    cells, rows[2] = rows[2][1:], ()  # L3 emptied, three of its cards in the basement
    position = Position(PRESETS["butterfly"], tuple(rows), (1, 1, 1, 1), tuple(sorted(cells)))
    svg = draw_svg(position)
    expected = [*(str(c) for row in rows for c in row), *(str(c) for c in cells), "AC", "AD", "AH", "AS"]
    assert sorted(drawn_cards(svg)) == sorted(expected)
    assert 'class="place"' in svg  # the empty row's place


def test_pictures_are_deterministic():
    assert draw_svg(Position.deal(5), "t") == draw_svg(Position.deal(5), "t")


def test_frames_one_per_position_along_the_moves():
    position = Position.deal(1)
    moves = [Move.parse(m) for m in ("2D L3>F", "2C L4>F", "3C L3>F")]
    pictures = frames(position, moves, "deal 1")
    assert len(pictures) == len(moves) + 1
    assert pictures[0] == draw_svg(position, "deal 1", (5, 5))
    for svg in pictures:
        assert sorted(drawn_cards(svg)) == sorted(str(c) for c in make_deck())
    sizes = {re.search(r'width="(\d+)" height="(\d+)"', svg).groups() for svg in pictures}
    assert len(sizes) == 1
    assert "3. 3C L3&gt;F" in pictures[-1]


def test_papillon_hidden_hands_show_backs_not_faces():
    position = parse_papillon((checkout.EXAMPLES / "papillon" / "from-seat.json").read_text())
    svg = draw_papillon(position)
    state = position.state
    shown = [str(c) for c in state.hands[0] + state.table]
    assert sorted(drawn_cards(svg)) == sorted(shown)
    assert backs(svg) == sum(len(state.hands[p]) for p in position.hidden) == 6
    assert draw_papillon(position) == svg


def test_papillon_stock_is_face_down():
    position = parse_papillon((checkout.EXAMPLES / "papillon" / "one-redeal-left.json").read_text())
    svg = draw_papillon(position)
    assert not set(drawn_cards(svg)) & {str(c) for c in position.state.stock}
    assert "stock (9)" in svg and backs(svg) > 0


@pytest.mark.parametrize("name", ["declare", "from-seat", "play"])
def test_mouche_draws_each_visible_card_once_and_hidden_hands_face_down(name):
    state, hidden = parse_mouche((checkout.EXAMPLES / "mouche" / f"{name}.json").read_text())
    svg = draw_mouche(state, hidden)
    visible = [c for p, h in enumerate(state.hands) if p not in hidden for c in h]
    visible += [state.turned] + [c for _, c in state.trick]
    assert sorted(drawn_cards(svg)) == sorted(str(c) for c in visible)
    assert backs(svg) >= sum(len(state.hands[p]) for p in hidden)
    assert not set(drawn_cards(svg)) & {str(c) for p in hidden for c in state.hands[p]}
    assert draw_mouche(state, hidden) == svg
    assert Card.parse("TH") in visible  # the turned card of every example


# ------------------------------------------------------------------ the card table
def outlines(svg: str) -> dict[str, tuple[float, float]]:
    """Each face's top left corner, read from its outline: the first child of its group, a rect."""
    corners = {}
    for g in ET.fromstring(svg.encode()).iter(f"{SVG}g"):
        if g.get("class") == "card":
            outline = list(g)[0]
            assert outline.tag == f"{SVG}rect"  # the page draws its rings by it
            corners[g.get("id", "")[len("card-") :]] = (float(outline.get("x")), float(outline.get("y")))
    return corners


def mover_hand(svg: str) -> list[str]:
    """The faces in the hand of the player to move (the group of the class ``hand mover``)."""
    hands = [g for g in ET.fromstring(svg.encode()).iter(f"{SVG}g") if g.get("class") == "hand mover"]
    assert len(hands) == 1
    return [g.get("id", "")[len("card-") :] for g in hands[0].iter(f"{SVG}g") if g.get("class") == "card"]


def size(svg: str) -> tuple[float, float]:
    root = ET.fromstring(svg.encode())
    return float(root.get("width")), float(root.get("height"))


@pytest.mark.parametrize("narrow", [False, True])
def test_the_player_to_move_sits_at_the_bottom_and_play_goes_round_to_the_right(narrow):
    """La Mouche with four: P2 to play at the bottom, P3 (next) on the right, P0 across, P1 on the left."""
    state, hidden = parse_mouche((checkout.EXAMPLES / "mouche" / "play.json").read_text())
    svg = draw_mouche(state, hidden, narrow=narrow)
    corners, (width, _) = outlines(svg), size(svg)
    assert state.to_move == 2
    assert sorted(mover_hand(svg)) == sorted(str(c) for c in state.hands[2])

    def seat(p: int) -> list[tuple[float, float]]:
        return [corners[str(c)] for c in state.hands[p]]

    others = [corner for card, corner in corners.items() if card not in mover_hand(svg)]
    assert min(y for _, y in seat(2)) > max(y for _, y in others)
    assert min(x for x, _ in seat(3)) > width / 2 > max(x for x, _ in seat(1)) + cardsvg.WIDTH
    assert max(y for _, y in seat(0)) < min(y for _, y in seat(1) + seat(3))
    assert svg.count('class="hand mover"') == 1 and svg.count('class="hand"') == 3


def test_papillon_three_players_sit_right_and_left_of_the_player_to_move():
    position = parse_papillon((checkout.EXAMPLES / "papillon" / "last-deal.json").read_text())
    svg = draw_papillon(position, narrow=True)
    corners, (width, _) = outlines(svg), size(svg)
    hands = position.state.hands
    assert sorted(mover_hand(svg)) == sorted(str(c) for c in hands[0])
    assert min(corners[str(c)][0] for c in hands[1]) > width / 2 > max(corners[str(c)][0] for c in hands[2]) + 56


def test_a_hand_over_puts_the_first_shown_hand_at_the_bottom():
    assert cardsvg.bottom_seat(2, (), 4) == 2
    assert cardsvg.bottom_seat(-1, (0, 1), 3) == 2
    assert cardsvg.bottom_seat(-1, (), 3) == 0


def sunday_pictures():
    from butterfly.puzzles.daily import load_calendar
    from butterfly.puzzles.kinds import kind_of

    for day in load_calendar():
        if day.puzzle.game.startswith(("papillon", "mouche", "pamphile")):
            yield day, kind_of(day.puzzle).picture(day.puzzle, narrow=True)


PHONE = 390  # CSS pixels


def test_every_sunday_picture_fits_a_phone_screen_with_cards_to_tap():
    """At 390 px wide: at most 550 px tall, the mover's cards whole and 40 px
    wide or more, every word 10 px or more; the same bytes twice."""
    from butterfly.puzzles.kinds import kind_of

    seen = 0
    for day, svg in sunday_pictures():
        seen += 1
        width, height = size(svg)
        scale = PHONE / width
        assert height * scale <= 550, day.date
        corners = outlines(svg)
        mine = sorted(corners[c] for c in mover_hand(svg))
        seat = next(g for g in ET.fromstring(svg.encode()).iter(f"{SVG}g") if g.get("class") == "seat mover")
        assert mine and any("to move" in (t.text or "") for t in seat.iter(f"{SVG}text")), day.date
        for (x, y), (x2, y2) in zip(mine, mine[1:]):
            assert y2 != y or x2 - x >= cardsvg.WIDTH, day.date  # whole cards, side by side
        assert cardsvg.WIDTH * scale >= 40
        sizes = [float(t.get("font-size")) for t in ET.fromstring(svg.encode()).iter(f"{SVG}text")]
        assert min(sizes) * scale >= 10, day.date
        assert kind_of(day.puzzle).picture(day.puzzle, narrow=True) == svg
    assert seen
