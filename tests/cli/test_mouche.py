"""``butterfly mouche``: play, analyse, advice, and bad positions; seat analysis."""

from __future__ import annotations

import json

import pytest

from butterfly.games.mouche.format import parse_position
from butterfly.games.mouche.hidden import consistent_worlds, forbidden_cards, seen_cards
from butterfly.games.mouche.rules import Action
from butterfly.solver.mouche import analysis as mouche
from butterfly.solver.mouche.position import analyse_position
from butterfly.solver.mouche.seat import analyse_seat

import checkout

EXAMPLES = checkout.EXAMPLES / "mouche"


@pytest.mark.parametrize("players", [3, 6])
def test_play_json_conserves_chips(cli, players):
    game = json.loads(
        cli.run(
            "mouche",
            "play",
            "--players",
            players,
            "--hands",
            4,
            "--seed",
            2,
            "--json",
            "--bots",
            "rules",
            "--pamphile",
            "--entry",
            "cap",
        ).output
    )
    assert len(game["hands"]) == 4
    assert sum(game["chips"]) + game["left_in_play"] == 1000 * players


def test_play_log_and_bad_bots(cli):
    text = cli.run("mouche", "play", "--hands", 2, "--seed", 1).output
    assert "Hand 2:" in text and "wins the trick" in text and "Final chips:" in text
    cli.one_line_error(cli.run("mouche", "play", "--bots", "clever"), "unknown bot 'clever'")
    cli.one_line_error(cli.run("mouche", "play", "--players", 4, "--bots", "rules,random"), "one per player")


def test_analyse_full_information_matches_the_library(cli):
    path = EXAMPLES / "play.json"
    out = json.loads(cli.run("mouche", "analyse", path, "--json").output)
    state, _ = parse_position(path.read_text())
    rows = mouche.analyse(state)
    assert (out["game"], out["view"], out["to_move"]) == ("mouche", "open", state.to_move)
    assert [m["move"] for m in out["moves"]] == [str(r.card) for r in rows]
    assert out["guaranteed_tricks"] == {str(k): v for k, v in mouche.guarantees(state).items()}
    assert "Guaranteed tricks" in cli.run("mouche", "analyse", path).output


def test_analyse_from_a_seat_and_declaration_advice(cli):
    path = EXAMPLES / "from-seat.json"
    seat = json.loads(path.read_text())["trick"] and parse_position(path.read_text())[0].to_move
    out = json.loads(cli.run("mouche", "analyse", path, "--as-player", seat, "--worlds", 300, "--json").output)
    assert (out["game"], out["view"], out["to_move"]) == ("mouche", "seat", seat)
    assert out["deals"] == 300 and not out["exhaustive"]
    assert all(0 <= m["mouche_chance"] <= 1 for m in out["moves"])
    advice = json.loads(cli.run("mouche", "analyse", EXAMPLES / "declare.json", "--worlds", 40, "--json").output)
    kinds = [m["move"].split()[0] for m in advice["moves"]]
    assert {"fold", "stand"} <= set(kinds) and advice["deals"] == 40 and advice["view"] == "declaration"
    fold = next(m for m in advice["moves"] if m["move"] == "fold")
    assert fold["mean_chips"] == 0 and fold["stderr"] == 0


@pytest.mark.parametrize(
    ("name", "as_player", "worlds", "seed"),
    [("play.json", None, 30, 1), ("from-seat.json", 2, 40, 3), ("declare.json", None, 20, 4)],
)
def test_analyse_json_is_the_typed_results(cli, name, as_player, worlds, seed):
    """``analyse --json`` prints the library's typed analysis, byte for byte."""
    path = EXAMPLES / name
    result = analyse_position(*parse_position(path.read_text()), as_player, worlds, seed)
    args = [] if as_player is None else ["--as-player", as_player]
    output = cli.run("mouche", "analyse", path, "--json", "--worlds", worlds, "--seed", seed, *args).output
    assert output == json.dumps(result.to_json(), indent=1) + "\n"


def test_seat_analysis_respects_voids():
    """A player who did not follow suit is never dealt that suit."""
    state, _ = parse_position((EXAMPLES / "play.json").read_text())
    forbidden = forbidden_cards(state, state.history())
    for seat, trick, card in state.history():
        if trick and state.suit_of(card) != state.suit_of(trick[0][1]):
            led = state.suit_of(trick[0][1])
            assert all(c in forbidden[seat] for c in state.hands[0] + state.hands[1] if state.suit_of(c) == led)
    result = analyse_seat(state, limit=50, seed=1)
    assert result.worlds == 50 and sorted(str(c.action) for c in result.cards) == sorted(
        str(Action("play", (c,))) for c in state.playable()
    )


def _example():
    return json.loads((EXAMPLES / "play.json").read_text())


def _write(tmp_path, data):
    path = tmp_path / "position.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    return path


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda d: d["hands"][0].__setitem__(0, d["hands"][1][0]), "appears twice"),
        (lambda d: d["hands"][0].__setitem__(0, "2S"), "not in the 36-card pack"),
        (lambda d: d["hands"][0].pop(), "holds 2 cards"),
        (lambda d: d.update(trick=d["trick"][::-1]), "out of turn"),
        (lambda d: d.update(players=7), "out of range"),
        (lambda d: d["declared"].__setitem__(1, "maybe"), "unknown declaration"),
        (lambda d: d.update(turned="KC", trump="S"), "turned card's suit"),
        (lambda d: d.update(pool=17), "multiple of 5"),
        (lambda d: d.update(colour=1), "unknown field"),
    ],
)
def test_bad_positions(cli, tmp_path, change, message):
    data = _example()
    change(data)
    cli.one_line_error(cli.run("mouche", "analyse", _write(tmp_path, data)), message)


def test_impossible_void_is_refused(cli, tmp_path):
    # Player 1 threw 8H on the first trick's KH lead... make them hold a heart too.
    data = _example()
    first = data["tricks_played"][0]
    led = first[0][1][-1]
    seat, card = first[1]
    data["tricks_played"][0][1] = [seat, "7S" if led != "S" else "7C"]
    data["hands"][seat][data["hands"][seat].index("7S" if led != "S" else "7C")] = card
    cli.one_line_error(cli.run("mouche", "analyse", _write(tmp_path, data)), "impossible play")


def test_unreadable_and_hidden(cli, tmp_path):
    cli.one_line_error(cli.run("mouche", "analyse", _write(tmp_path, "[1,")), "not valid JSON")
    cli.one_line_error(cli.run("mouche", "analyse", EXAMPLES / "from-seat.json"), "hidden")
    cli.one_line_error(cli.run("mouche", "analyse", EXAMPLES / "play.json", "--as-player", 0), "not to move")


def test_the_analyst_plays_whole_hands(cli):
    game = json.loads(
        cli.run(
            "mouche", "play", "--players", 3, "--hands", 2, "--seed", 5, "--json", "--bots", "analyst,rules,random"
        ).output
    )
    assert sum(game["chips"]) + game["left_in_play"] == 3000
    seat = game["seats"].index(0)  # where the analyst (player 0) sits
    assert any(a["player"] == seat for h in game["hands"] for a in h["actions"])


def test_a_stood_five_card_suit_cannot_be_played(cli, tmp_path):
    data = {
        "players": 3,
        "dealer": 2,
        "turned": "TH",
        "declared": ["stand", "stand", "fold"],
        "hands": [["KS", "QS", "JS", "AS", "9S"], ["AH", "8D", "9D", "JD", "KD"], []],
    }
    cli.one_line_error(cli.run("mouche", "analyse", _write(tmp_path, data)), "had the mouche")


def test_own_discards_are_seen_and_checked(cli, tmp_path):
    from butterfly.games.mouche.format import parse_position as parse

    data = {
        "players": 3,
        "dealer": 2,
        "turned": "TH",
        "declared": ["discard 2", "stand", "stand"],
        "hands": [["KS", "QS", "JS", "AH", "9D"], 5, 5],
        "discarded": [["8C", "9C"], None, None],
        "tricks_played": [],
        "trick": [],
    }
    state, hidden = parse(json.dumps(data))
    assert hidden == (1, 2) and {"8C", "9C"} <= {str(c) for c in seen_cards(state, 0)}
    assert not {"8C", "9C"} & {str(c) for p in (1, 2) for c in state.hands[p]}
    data["discarded"] = [["8C"], None, None]
    cli.one_line_error(cli.run("mouche", "analyse", _write(tmp_path, data), "--as-player", 0), "do not match")


def test_worlds_never_give_a_stood_player_a_mouche():
    import random

    from butterfly.games.cards import make_deck

    state, _ = parse_position((EXAMPLES / "play.json").read_text())
    others = [p for p in state.in_hand() if p != state.to_move]
    seen = seen_cards_of(state)
    unseen = [c for c in make_deck(state.options.deck_size) if c not in seen]
    worlds, _ = consistent_worlds(state, unseen, others, forbidden_cards(state, state.history()), 400, random.Random(3))
    for world in worlds:
        for p, hand in zip(others, world):
            if state.declared[p] == "stand":
                dealt = list(hand) + [c for s, c in state.plays + state.trick if s == p]
                assert len({c.suit for c in dealt}) > 1


def seen_cards_of(state):
    return seen_cards(state, state.to_move)


# ---- every field typed; counts bounded --------------------------------------------


@pytest.mark.parametrize(
    "field, value, message",
    [
        ("trump", 5, "'trump' must be a string, not 5"),
        ("cap", "20", "'cap' must be a whole number, not \"20\""),
        ("cap", 10**13, "'cap'"),
        ("tricks_played", None, "'tricks_played' must be a list"),
        ("turned", [], "'turned' must be a card like \"7H\", not []"),
        ("turned", ["TH"], "'turned' must be a card"),
        ("pamphile", "false", "'pamphile' must be true or false, not \"false\""),
        ("pamphile_any_suit", 0, "'pamphile_any_suit' must be true or false"),
        ("entry", 1, "unknown entry 1"),
        ("dealer", 1.0, "dealer must be a whole number"),
        ("declared", "stand", "'declared' must give 4 entries"),
        ("declared", ["stand", "stand", "stand", 4], "unknown declaration 4"),
        ("declared", ["stand", "stand", "stand", "discard \u0664"], "must be written in the digits 0-9"),
        ("declared", ["stand", "stand", "stand", "discard 1_0"], "must be written in the digits 0-9"),
        ("declared", ["stand", "stand", "stand", "discard 9" * 1 + "9" * 5000], "digits 0-9"),
        ("trick", [[0, 5]], "a card in 'trick'"),
        ("trick", [[True, "KD"]], "a seat in 'trick'"),
        ("pool", 10**13, "'pool'"),
        ("chips", [1000, 1000, 1000, "995"], "player 3's chips must be a whole number"),
        ("discarded", {}, "'discarded' must give 4 entries"),
    ],
)
def test_every_field_is_type_checked(cli, tmp_path, field, value, message):
    data = _example()
    data[field] = value
    cli.one_line_error(cli.run("mouche", "analyse", _write(tmp_path, data)), message)


def test_a_folded_hand_is_an_empty_list_or_zero_not_false(cli):
    data = {
        "players": 3,
        "dealer": 2,
        "turned": "TH",
        "declared": ["stand", "stand", "fold"],
        "hands": [["KH", "QH", "9S", "8S"], ["AH", "8D", "9D", "JD", "KS"], []],
        "trick": [[0, "AS"]],
    }
    assert cli.run("mouche", "analyse", "-", input=json.dumps(data)).exit_code == 0
    data["hands"][2] = False
    cli.one_line_error(cli.run("mouche", "analyse", "-", input=json.dumps(data)), "player 2 folded")


@pytest.mark.parametrize(
    "args, message",
    [
        (["analyse", str(EXAMPLES / "from-seat.json"), "--as-player", "2", "--worlds", "10000000000"], "--worlds"),
        (["analyse", str(EXAMPLES / "declare.json"), "--seed", str(2**64)], "--seed"),
        (["analyse", str(EXAMPLES / "declare.json"), "--as-player", "6"], "--as-player"),
        (["play", "--hands", "1001"], "--hands"),
        (["play", "--entry", "cap", "--cap", "1000005"], "--cap"),
    ],
)
def test_counts_are_bounded(cli, args, message):
    cli.one_line_error(cli.run("mouche", *args), message)


def test_discarded_cards_must_be_in_the_pack(cli, tmp_path):
    data = json.loads((EXAMPLES / "from-seat.json").read_text())
    data["discarded"] = [None, None, None, ["2C", "3C", "4C", "5C"]]  # no twos to fives in the 36-card pack
    result = cli.run("mouche", "analyse", _write(tmp_path, data), "--as-player", 2)
    cli.one_line_error(result, "not in the 36-card pack")


# ---- lines, records and reviews -------------------------------------------------------


def test_analyse_and_show_take_a_line(cli, tmp_path):
    line = cli.run("mouche", "analyse", EXAMPLES / "play.json", "--format", "line").output.strip()
    assert line.startswith("mouche_d3_tTH_")
    from_file = json.loads(cli.run("mouche", "analyse", EXAMPLES / "play.json", "--json").output)
    assert json.loads(cli.run("mouche", "analyse", line, "--json").output) == from_file
    assert json.loads(cli.run("mouche", "analyse", "-", "--json", input=line + "\n").output) == from_file
    seat = cli.run("mouche", "analyse", EXAMPLES / "from-seat.json", "--format", "line").output.strip()
    assert "_h3.3.7D9DAHKS.4_" in seat
    assert cli.run("mouche", "show", line, "--svg", tmp_path / "p.svg").exit_code == 0
    cli.one_line_error(cli.run("mouche", "analyse", line.replace("9C9H7S", "9C9H6D")), "in hand 0 and in hand 1")
    cli.one_line_error(cli.run("mouche", "analyse", line + "_z"), "unknown field 'z'")


def test_play_record_and_review(cli, tmp_path):
    record = tmp_path / "game.txt"
    played = cli.run("mouche", "play", "--players", 3, "--hands", 2, "--seed", 4, "--json", "--record", record)
    assert json.loads(played.stdout)["seed"] == 4 and f"wrote {record}" in played.stderr
    text = record.read_text()
    assert '[Game "mouche"]' in text and '[Hand "2"]' in text and '[Start "mouche_' in text and "P1: " in text
    again = cli.run("mouche", "play", "--players", 3, "--hands", 2, "--seed", 4, "--record", record)
    cli.one_line_error(again, "exists")
    assert record.read_text() == text
    review = cli.run("mouche", "review", record, "--worlds", 20).output
    assert "Hand 2: " in review and "not judged" in review and "accuracy" in review and "P0 (rules)" in review
    out = json.loads(cli.run("mouche", "review", record, "--worlds", 20, "--json").output)
    assert out["unit"] == "chips" and out["deals"] == 20 and len(out["hands"]) == 2
    assert (out["game"], out["view"], out["players"][0]["name"]) == ("mouche", "open+seat", "rules")
    assert [p["seat"] for p in out["players"]] == [0, 1, 2] and {"open", "from_seat"} <= set(out["players"][0])


def test_a_record_with_an_illegal_action_is_one_line(cli, tmp_path):
    start = "mouche_d2_tTH_a-.-.-_hKHQH9S8SJC.AH8D9DJDKS.ACKCQC8CQD_p5_c1000.1000.995"
    path = tmp_path / "typed.txt"
    path.write_text(f'[Start "{start}"]\nP0: stand\nP1: stand\nP2: stand\nP0: QS\n')
    cli.one_line_error(cli.run("mouche", "review", path), "line 5: P0: QS: player 0 does not hold QS")


def test_fuzzed_records_and_lines_are_one_line_never_a_traceback(cli, tmp_path):
    import random

    from mutations import mutate

    record = tmp_path / "game.txt"
    cli.run("mouche", "play", "--players", 3, "--hands", 1, "--seed", 6, "--bots", "random", "--record", record)
    text = record.read_text()
    line = cli.run("mouche", "analyse", EXAMPLES / "play.json", "--format", "line").output.strip()
    rng = random.Random(56)
    for i in range(40):
        cases = [(["mouche", "analyse", "-", "--format", "line"], mutate(line, rng))]
        if i % 4 == 0:  # (a record that still reads is a whole hand's review: seconds each)
            cases.append((["mouche", "review", "-", "--worlds", "2"], mutate(text, rng)))
        for args, data in cases:
            result = cli.run(*args, input=data)
            assert "Traceback" not in result.output
            if result.exit_code:
                cli.one_line_error(result)


#: A 3-player ending with P0 to play 2 cards: its 660 deals of the hidden hands are within the exact limits.
EXACT = "mouche_d0_tAC_ad3.d2.d2_hAHKH.2.1_w1JS29S0KS.08C1JC2QC.2AS08S1TS_k2QD_p5_c995.1000.1000_x8DTHQS.TDJH.KCQH"


def test_an_ending_within_the_limits_is_exact_and_says_why_a_card_is_worse(cli):
    out = json.loads(cli.run("mouche", "analyse", EXACT, "--as-player", 0, "--json").output)
    assert (out["model"], out["exact"], out["deals"], out["unit"]) == ("expected", True, 660, "tricks")
    assert [m["move"] for m in out["moves"]] == ["AH", "KH"] and out["best"]["expected"] == "AH"
    (why,) = out["why_worse"]
    assert (why["move"], why["best"], why["best_result"], why["result"]) == ("KH", "AH", 2, 1)
    text = cli.run("mouche", "analyse", EXACT, "--as-player", 0).output
    assert "Exact: over every one of the 660 deals" in text and "KH does worse than AH when P1 holds" in text
    assert why["position"] in text
    for word in ("max-n", "paranoid", "kernel", "node", "class"):
        assert word not in text
    # beyond the limits: an estimate, and why
    text = cli.run("mouche", "analyse", EXAMPLES / "from-seat.json", "--as-player", 2, "--worlds", 50).output
    assert "Estimate (not exact: more than 100 deals of the hidden hands, too many to solve exactly even" in text


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (EXACT.replace("_hAHKH.2.1_", "_hAHKH.5.1_"), "should hold 2 cards"),
        (EXACT.replace("_hAHKH.2.1_", "_h2.2.1_"), "who is to move"),
        ("papillon_h9S.KH5S.KS_t2C5D_w20.15.11_c250.262.248_p60_d0_m1", "Papillon line"),
    ],
    ids=["hand-size", "seat-hidden", "other-game"],
)
def test_a_seat_view_that_cannot_be_is_one_line_and_exit_2(cli, line, message):
    cli.one_line_error(cli.run("mouche", "analyse", line, "--as-player", 0), message)
