"""The web API in-process (TestClient, its lifespan starting one real worker):
every endpoint's answer equals the library's or the command's for the same
input; every kind of wrong request is a 4xx with a one-line JSON detail;
each bound holds at its edge, one past it refused."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import jsonschema_rs
import pytest
from fastapi.testclient import TestClient
from server.served import (
    DEAL_1,
    DEAL_7,
    MOUCHE,
    MOUCHE_RECORD,
    MOUCHE_START,
    PAPILLON,
    PAPILLON_RECORD,
    one_line_detail,
)

from butterfly.games.deals import MAX_DEAL
from butterfly.games.lines import parse_line
from butterfly.games.mouche.record import read_record as read_mouche_record
from butterfly.games.notation import MAX_LINE
from butterfly.games.papillon.record import read_record as read_papillon_record
from butterfly.games.patience.notation import position_line
from butterfly.games.patience.record import read_record
from butterfly.games.patience.rules import PRESETS, VARIANTS, Position, make_rules
from butterfly.puzzles.daily import load_calendar
from butterfly.server.app import Settings, make_app
from butterfly.server.guards import MAX_BODY
from butterfly.server.requests import DEAL_1 as DEAL_1_EXAMPLE
from butterfly.server.requests import LINE_PATTERN, MAX_RECORD
from butterfly.server.schema import ANSWERS, tagged
from butterfly.server.tasks import MEMORY_MIB, moves_task
from butterfly.solver import analysis
from butterfly.solver.budget import Budget
from butterfly.solver.patience.result import Limits
from butterfly.solver.patience.solve import INTERLEAVED, solve_short, solve_shortest

#: The server's own limits: small, and the searches below bounded by nodes, never by time.
MAX_NODES = 100_000
MAX_SECONDS = 30.0
#: The calendar as shipped: its first and last days.
SHIPPED = load_calendar()
FIRST_DAY, LAST_DAY = SHIPPED[0].date.isoformat(), SHIPPED[-1].date.isoformat()
DOCS = Path(__file__).parents[2] / "docs"


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(make_app(Settings(workers=1, max_nodes=MAX_NODES, max_seconds=MAX_SECONDS))) as client:
        yield client


def untimed(value: object) -> object:
    """``value`` as JSON, without the fields that say how long it took."""
    value = json.loads(json.dumps(value))
    if isinstance(value, dict):
        return {key: untimed(item) for key, item in value.items() if not key.startswith("seconds")}
    if isinstance(value, list):
        return [untimed(item) for item in value]
    return value


def ok(response) -> dict:
    assert response.status_code == 200, response.text
    assert response.headers["content-type"] == "application/json"
    return response.json()


# Valid requests: the same answers as the library and the command line.


def test_health(client):
    health = ok(client.get("/api/health"))
    assert health["status"] == "ok" and health["workers"] == 1
    assert health["limits"] == {"max_nodes": MAX_NODES, "max_seconds": MAX_SECONDS}


def test_the_openapi_description_and_its_page(client):
    schema = ok(client.get("/openapi.json"))
    assert {"/api/solve", "/api/analyse", "/api/review", "/api/rate", "/api/deal"} <= set(schema["paths"])
    page = client.get("/docs")
    assert page.status_code == 200
    # The page's script and style come from this server (no CDN: the docs work without the internet).
    assets = re.findall(r'(?:src|href)="([^"]+\.(?:js|css|png))"', page.text)
    assert len(assets) == 3 and all(asset.startswith("/docs/assets/") for asset in assets), assets
    for asset in assets:
        assert client.get(asset).status_code == 200


@pytest.mark.parametrize(
    "params, args",
    [
        ({"number": 1}, ["deal", "1"]),
        ({"number": MAX_DEAL}, ["deal", str(MAX_DEAL)]),
        (
            {"number": 3, "game": "fortress", "variant": "same-suit", "cells": 2},
            ["deal", "3", "--game", "fortress", "--variant", "same-suit", "--basement", "2"],
        ),
        ({"pysol": "5", "game": "fortress"}, ["deal", "--pysol", "5", "--game", "fortress"]),
    ],
)
def test_deal_is_the_commands(client, cli, params, args):
    deal = ok(client.get("/api/deal", params=params))
    result = cli.run(*args, "--format", "line")
    assert result.exit_code == 0, result.output
    assert deal["position"] == result.stdout.strip()
    pysol = params.get("pysol")
    assert deal["number"] == params.get("number") and deal["pysol"] == (None if pysol is None else int(pysol))


@pytest.mark.parametrize("written", ["-1", "#1", "0001", "1,"])
def test_a_pysol_number_is_answered_as_read(client, written):
    """PySolFC's way of writing a number (separators ignored, as the command line's --pysol) is answered as
    the number it reads, an integer: "-1" is game 1, not a negative number kept as text."""
    deal = ok(client.get("/api/deal", params={"pysol": written, "game": "fortress"}))
    assert deal["pysol"] == 1
    assert deal["position"] == ok(client.get("/api/deal", params={"pysol": "1", "game": "fortress"}))["position"]


def test_daily_is_the_commands(client, cli):
    """The command's entry, and how far the calendar goes: its first and last days as shipped."""
    result = cli.run("daily", "2027-01-01", "--json")
    assert result.exit_code == 0, result.output
    daily = ok(client.get("/api/daily/2027-01-01"))
    assert daily.pop("calendar") == {"first": FIRST_DAY, "last": LAST_DAY}
    assert daily == json.loads(result.stdout)
    assert ok(client.get(f"/api/daily/{LAST_DAY}"))["date"] == LAST_DAY


def test_the_docs_give_the_calendars_dates_as_shipped():
    """The docs say how far the calendar goes as its files do (it once said 2126, the files ended in 2028)."""
    day = r"([0-9]{4}-[0-9]{2}-[0-9]{2})"
    for page in ("serve.md", "puzzles.md"):
        text = " ".join((DOCS / page).read_text().split())  # (a sentence may be cut across lines)
        assert set(re.findall(f"runs from {day} to {day}", text)) == {(FIRST_DAY, LAST_DAY)}, page


@pytest.mark.parametrize("position, max_nodes", [(DEAL_1, MAX_NODES), (DEAL_7, 1_000)], ids=["won", "unresolved"])
def test_solve_is_the_librarys(client, position, max_nodes):
    answer = ok(client.post("/api/solve", json={"position": position, "max_nodes": max_nodes}))
    deal = parse_line(position)
    expected = solve_short(deal, Limits(max_nodes, MAX_SECONDS, MEMORY_MIB), "kernel", INTERLEAVED)
    assert untimed(answer) == untimed({"view": "open", **expected.to_json(deal, "kernel", INTERLEAVED, False)})
    assert answer["result"] == ("won" if position == DEAL_1 else "unresolved")


def test_solve_shortest(client):
    answer = ok(client.post("/api/solve", json={"position": DEAL_1, "shortest": True, "max_nodes": 20_000}))
    deal = parse_line(DEAL_1)
    expected = solve_shortest(deal, Limits(20_000, MAX_SECONDS, MEMORY_MIB))
    assert untimed(answer) == untimed({"view": "open", **expected.to_json(deal, "kernel", INTERLEAVED, True)})


def test_a_position_written_two_ways_is_one_answer(client):
    """Fields in another order, lower case: the same position, answered from the cache."""
    body = {"position": DEAL_1, "max_nodes": 5_000}
    first = client.post("/api/solve", json=body)
    tags = DEAL_1.split("_")
    other = "_".join([tags[0], *reversed(tags[1:])]).lower()
    again = client.post("/api/solve", json={**body, "position": other})
    assert first.status_code == again.status_code == 200
    assert again.headers["x-cache"] == "hit" and again.json() == first.json()


def test_analyse_of_a_patience_position_is_the_librarys(client):
    answer = ok(client.post("/api/analyse", json={"position": DEAL_1, "max_nodes": 20_000}))
    state = parse_line(DEAL_1)
    budget = Budget(nodes=20_000, seconds=MAX_SECONDS, memory_mib=MEMORY_MIB)
    expected = analysis.analyse(state, budget, lengths=None).to_json()
    assert untimed(answer) == untimed({"view": "open", **expected})
    assert answer["moves"]


@pytest.mark.parametrize(
    "body, options, tags",
    [
        ({"position": PAPILLON}, {"budget": Budget(), "view": None}, ("papillon", "open")),
        (
            {"position": PAPILLON, "as_player": 1, "seed": 3},
            {"budget": Budget(seed=3), "view": 1},
            ("papillon", "seat"),
        ),
        ({"position": MOUCHE}, {"budget": Budget(), "view": None}, ("mouche", "open")),
    ],
    ids=["papillon", "papillon-seat", "mouche"],
)
def test_analyse_of_a_card_game_is_the_librarys(client, body, options, tags):
    answer = ok(client.post("/api/analyse", json=body))
    expected = analysis.analyse(parse_line(body["position"]), **options).to_json()
    assert untimed(answer) == untimed(expected)  # its tags too: the library's answer carries them
    assert (expected["game"], expected["view"]) == tags and list(answer)[:2] == ["game", "view"]


def test_review_of_a_patience_game_is_the_librarys(client):
    record = '[Deal "1"]\n1. 7S R5>L1\n2. 2D L3>F\n'
    answer = ok(client.post("/api/review", json={"record": record, "lengths": False, "max_nodes": 20_000}))
    budget = Budget(nodes=20_000, seconds=MAX_SECONDS, memory_mib=MEMORY_MIB)
    expected = analysis.review(read_record(record), budget, lengths=None)
    assert untimed(answer) == untimed({"view": "open", **expected.to_json()})
    assert [move["move"] for move in answer["moves"]] == ["7S R5>L1", "2D L3>F"]
    # The same moves as a move list with the deal beside them.
    again = ok(
        client.post(
            "/api/review",
            json={"record": "7S R5>L1, 2D L3>F", "position": DEAL_1, "lengths": False, "max_nodes": 20_000},
        )
    )
    assert untimed(again) == untimed(answer)


@pytest.mark.parametrize(
    "game, record, read",
    [("papillon", PAPILLON_RECORD, read_papillon_record), ("mouche", MOUCHE_RECORD, read_mouche_record)],
)
def test_review_of_a_card_game_is_the_librarys(client, game, record, read):
    answer = ok(client.post("/api/review", json={"record": record, "game": game}))
    expected = analysis.review(read(record)).to_json()
    assert untimed(answer) == untimed(expected)  # its tags too: the library's answer carries them
    assert (expected["game"], expected["view"]) == (game, "open+seat")


def test_rate_is_the_commands(client, cli):
    answer = ok(client.post("/api/rate", json={"position": DEAL_1}))
    result = cli.run("rate", DEAL_1, "--json")
    assert result.exit_code == 0, result.output
    expected = json.loads(result.stdout)
    del expected["deal"]
    assert untimed(answer) == untimed({"game": "butterfly", "view": "open", **expected})


def test_a_repeated_request_is_answered_from_the_cache(client):
    body = {"position": DEAL_1, "max_nodes": 3_000}
    first = client.post("/api/solve", json=body)
    again = client.post("/api/solve", json=body)
    assert first.headers["x-cache"] == "miss" and again.headers["x-cache"] == "hit"
    assert first.json() == again.json()


# Each bound at its edge.


@pytest.mark.parametrize("path", ["/api/solve", "/api/analyse"])
def test_the_budget_is_cut_to_the_servers_limits(client, path):
    """A request over the server's limits asks the same as one at them: the same key, answered from the cache."""
    at_limits = client.post(path, json={"position": DEAL_7, "max_nodes": MAX_NODES, "seconds": MAX_SECONDS})
    assert at_limits.status_code == 200 and at_limits.headers["x-cache"] == "miss"
    over = client.post(path, json={"position": DEAL_7, "max_nodes": 1 << 62, "seconds": 86_400})
    assert over.headers["x-cache"] == "hit" and over.json() == at_limits.json()
    default = client.post(path, json={"position": DEAL_7})
    assert default.headers["x-cache"] == "hit"
    if path == "/api/solve":
        assert at_limits.json()["nodes"] <= MAX_NODES
    under = client.post(path, json={"position": DEAL_7, "max_nodes": MAX_NODES - 1, "seconds": MAX_SECONDS})
    assert under.status_code == 200 and under.headers["x-cache"] == "miss"


@pytest.mark.parametrize(
    "field, at_edge, past_edge, message",
    [
        ("max_nodes", 1, 0, "max_nodes: Input should be greater than or equal to 1"),
        ("max_nodes", 1 << 62, (1 << 62) + 1, "max_nodes: Input should be less than or equal to"),
        ("seconds", 86_400, 86_400.5, "seconds: Input should be less than or equal to 86400"),
        ("seconds", 1e-9, 0, "seconds: Input should be greater than 0"),
    ],
)
def test_budget_numbers_at_their_edges(client, field, at_edge, past_edge, message):
    body = {"position": DEAL_1, "max_nodes": 10}
    assert client.post("/api/solve", json={**body, field: at_edge}).status_code == 200
    one_line_detail(client.post("/api/solve", json={**body, field: past_edge}), 422, message)


@pytest.mark.parametrize(
    "field, at_edge, past_edge",
    [
        ("as_player", 1, -1),
        ("worlds", 1, 0),
        ("worlds", 5_000, 5_001),
        ("seed", (1 << 31) - 1, 1 << 31),
    ],
)
def test_card_game_numbers_at_their_edges(client, field, at_edge, past_edge):
    body = {"position": PAPILLON, field: at_edge}
    ok(client.post("/api/analyse", json=body))
    one_line_detail(client.post("/api/analyse", json={**body, field: past_edge}), 422, f"{field}: ")


#: A La Mouche ending whose 660 deals of the hidden hands are within the exact limits (P0 to play, 2 cards).
MOUCHE_EXACT = (
    "mouche_d0_tAC_ad3.d2.d2_hAHKH.2.1_w1JS29S0KS.08C1JC2QC.2AS08S1TS_k2QD_p5_c995.1000.1000_x8DTHQS.TDJH.KCQH"
)

#: Papillon's last deal from examples/papillon/from-seat.json: 20 splits of the 6 cards P0 cannot see.
PAPILLON_EXACT = "papillon_hAH6SJS.4DTHAS.JH4S8S_tAC4C6C8CTCJC5D6DJD_w8.13.13_c108.116.116_p80_d2_m0_l2"


@pytest.mark.parametrize(
    "game, position, seat", [("mouche", MOUCHE_EXACT, 0), ("papillon", PAPILLON_EXACT, 0)], ids=["mouche", "papillon"]
)
def test_an_exact_answer_from_a_seat_is_the_same_from_the_api_the_library_and_the_command(client, game, position, seat):
    """One code path: POST /api/analyse, analysis.analyse and ``<game> analyse --as-player --json`` give one
    answer, exact (model expected) with its figures, best cards by model and each worse card's deal."""
    from click.testing import CliRunner

    from butterfly.cli import main

    answer = untimed(ok(client.post("/api/analyse", json={"position": position, "as_player": seat})))
    library = untimed(analysis.analyse(parse_line(position), Budget(), view=seat).to_json())
    command = CliRunner().invoke(main, [game, "analyse", position, "--as-player", str(seat), "--json"])
    assert command.exit_code == 0, command.output
    assert answer == library == untimed(json.loads(command.output))
    assert (answer["model"], answer["exact"], answer["why_sampled"]) == ("expected", True, None)
    assert {f["model"] for f in answer["figures"]} == {"expected", "guaranteed", "sampled"}
    worse = [w["move"] for w in answer["why_worse"]]
    assert worse and worse == [m["move"] for m in answer["moves"][1:]][: len(worse)]
    for why in answer["why_worse"]:  # each deal opens as a position of its own, every hand shown
        assert ok(client.post("/api/moves", json={"position": why["position"]}))["to_move"] == seat


@pytest.mark.parametrize(
    "body, message",
    [
        # a hidden hand that cannot hold the cards it must: P1 holds 2 cards in this ending
        ({"position": MOUCHE_EXACT.replace("_hAHKH.2.1_", "_hAHKH.5.1_"), "as_player": 0}, "should hold 2 cards"),
        # an impossible seat view: the seat's own hand hidden
        ({"position": MOUCHE_EXACT.replace("_hAHKH.2.1_", "_h2.2.1_"), "as_player": 0}, "who is to move"),
        # hidden hands whose cards cannot be known (Papillon: the cards taken not listed)
        ({"position": PAPILLON.replace("_h9S.KH5S.KS_", "_h9S.2.1_"), "as_player": 0}, "list the cards"),
    ],
    ids=["hand-size", "seat-hidden", "papillon-unknown"],
)
def test_a_seat_view_that_cannot_be_is_refused_in_one_line(client, body, message):
    one_line_detail(client.post("/api/analyse", json=body), 422, message)


def test_a_record_of_another_game_is_refused_in_one_line(client):
    one_line_detail(client.post("/api/review", json={"record": PAPILLON_RECORD, "game": "mouche"}), 422)


def test_a_seat_the_game_has_not(client):
    """Papillon's three seats: 3 to 5 are seats of no one (the request's bound is six players), 6 is past it."""
    one_line_detail(client.post("/api/analyse", json={"position": PAPILLON, "as_player": 5}), 422, "not a seat")
    message = "as_player: Input should be less than or equal to 5"
    one_line_detail(client.post("/api/analyse", json={"position": PAPILLON, "as_player": 6}), 422, message)
    one_line_detail(client.post("/api/analyse", json={"position": PAPILLON, "as_player": 0}), 422, "not to move")


def test_the_longest_line(client):
    """MAX_LINE characters are read (and refused for what they say); one more is refused for its length."""
    at = "x" * MAX_LINE
    detail = one_line_detail(client.post("/api/solve", json={"position": at}), 422)
    assert "at most" not in detail
    one_line_detail(client.post("/api/solve", json={"position": at + "x"}), 422, f"at most {MAX_LINE} characters")


def test_the_longest_record(client):
    """A move list of MAX_RECORD characters (a move and notes) is reviewed; one more character is refused."""
    head, note = "7S R5>L1\n", "# " + "x" * 97 + "\n"
    record = head + note * ((MAX_RECORD - len(head)) // len(note))
    record += "#" * (MAX_RECORD - len(record))
    assert len(record) == MAX_RECORD
    body = {"record": record, "position": DEAL_1, "lengths": False, "max_nodes": 5_000}
    answer = ok(client.post("/api/review", json=body))
    assert [move["move"] for move in answer["moves"]] == ["7S R5>L1"]
    one_line_detail(
        client.post("/api/review", json={**body, "record": record + "#"}),
        422,
        f"record: String should have at most {MAX_RECORD}",
    )


def test_the_largest_body(client):
    """A body of MAX_BODY bytes is read (and refused for what it says); one more byte is refused unread."""
    prefix, suffix = b'{"position": "', b'"}'
    body = prefix + b"x" * (MAX_BODY - len(prefix) - len(suffix)) + suffix
    assert len(body) == MAX_BODY
    headers = {"content-type": "application/json"}
    one_line_detail(
        client.post("/api/solve", content=body, headers=headers), 422, "position: String should have at most"
    )
    one_line_detail(client.post("/api/solve", content=body + b" ", headers=headers), 413, "over 262,144 bytes")

    def chunks() -> Iterator[bytes]:  # no Content-Length: counted as it arrives
        yield body
        yield b" "

    one_line_detail(client.post("/api/solve", content=chunks(), headers=headers), 413, "over 262,144 bytes")


@pytest.mark.parametrize(
    "params, message",
    [
        ({"number": MAX_DEAL + 1}, "number: Input should be less than or equal to"),
        ({"number": -1}, "number: Input should be a whole number (ASCII digits 0-9 only)"),
        ({"number": "1e3"}, "number: Input should be a whole number (ASCII digits 0-9 only)"),
        ({"number": "1.0"}, "number: Input should be a whole number (ASCII digits 0-9 only)"),
        ({"number": " 1"}, "number: Input should be a whole number (ASCII digits 0-9 only)"),
        ({"number": "+1"}, "number: Input should be a whole number (ASCII digits 0-9 only)"),
        ({"number": "1_0"}, "number: Input should be a whole number (ASCII digits 0-9 only)"),
        ({"number": "\u0663"}, "number: Input should be a whole number (ASCII digits 0-9 only)"),
        ({"number": 1, "cells": "0.0"}, "cells: Input should be a whole number (ASCII digits 0-9 only)"),
        ({"number": [1, 2]}, "the query gives 'number' more than once"),
        ({"number": 1, "cells": [0, 0]}, "the query gives 'cells' more than once"),
        ({"number": 1, "game": ["butterfly", "fortress"]}, "the query gives 'game' more than once"),
        ({"number": "x"}, "number: Input should be a whole number (ASCII digits 0-9 only)"),
        ({"number": 1, "cells": 53}, "cells: Input should be less than or equal to 52"),
        ({"number": 1, "cells": 9}, "cells must be 0 to 8"),
        ({"number": 1, "game": "chess"}, "game: Input should be"),
        ({"number": 1, "variant": "rainbow"}, "variant: Input should be"),
        ({}, "give a deal number or a PySolFC game number"),
        ({"number": 1, "pysol": "5"}, "give a deal number or a PySolFC game number"),
        ({"pysol": "5"}, "PySolFC numbers"),
        ({"pysol": "abc", "game": "fortress"}, "bad PySolFC game number"),
        ({"pysol": "9" * 29, "game": "fortress"}, "out of range"),
        ({"pysol": "9" * 41, "game": "fortress"}, "pysol: String should have at most 40 characters"),
    ],
)
def test_a_wrong_deal(client, params, message):
    one_line_detail(client.get("/api/deal", params=params), 422, message)


@pytest.mark.parametrize(
    "day, message",
    [
        ("2027-02-30", "is not a date written YYYY-MM-DD"),
        ("someday", "is not a date written YYYY-MM-DD"),
        ("2026-12-31", f"no daily puzzle for 2026-12-31: the calendar runs from {FIRST_DAY} to {LAST_DAY}"),
        ("2050-06-15", f"no daily puzzle for 2050-06-15: the calendar runs from {FIRST_DAY} to {LAST_DAY}"),
        ("9999-12-31", f"the calendar runs from {FIRST_DAY} to {LAST_DAY}"),
        ("2027-01-011", "day: String should have at most 10 characters"),
    ],
)
def test_a_wrong_day(client, day, message):
    one_line_detail(client.get(f"/api/daily/{day}"), 422, message)


def test_today_is_a_day_or_outside_the_calendar(client):
    response = client.get("/api/daily/today")
    if response.status_code != 200:
        one_line_detail(response, 422, f"the calendar runs from {FIRST_DAY} to {LAST_DAY}")


# Wrong requests of every kind: a 4xx with one line, never a 500.

BAD_POSITIONS = [
    ("nonsense", "a line starts with its game"),
    (DEAL_1.replace("7D", "7S", 1), "card 7S is twice"),
    (DEAL_1.replace("_b-", "_b-_b-"), "twice"),
    (DEAL_1.replace("7D9C4D8H8D.", "7D9C4D8H8D.XD", 1), "unknown card"),
    ("butterfly_c9", ""),
]


@pytest.mark.parametrize("path", ["/api/solve", "/api/analyse", "/api/rate"])
@pytest.mark.parametrize("position, message", BAD_POSITIONS)
def test_a_bad_or_impossible_position(client, path, position, message):
    one_line_detail(client.post(path, json={"position": position}), 422, message)


@pytest.mark.parametrize("path", ["/api/solve", "/api/rate"])
@pytest.mark.parametrize("position", [PAPILLON, MOUCHE])
def test_a_card_game_where_patience_is_asked(client, path, position):
    one_line_detail(client.post(path, json={"position": position}), 422, "asks for a patience position")


@pytest.mark.parametrize(
    "body, message",
    [
        ({"record": "7S R5>F", "position": DEAL_1}, "move 1 (7S R5>F) is not legal"),
        ({"record": '[Deal "1"]\n1. 7S R5>L1\n2. 7S R5>L1\n'}, "move 2 (7S R5>L1) is not legal"),
        ({"record": "7S R5>L1"}, "the record names no deal"),
        ({"record": '[Deal "2"]\n7S R5>L1', "position": DEAL_1}, "another deal"),
        ({"record": "[Game", "position": DEAL_1}, "line 1"),
        ({"record": "5S x 5D", "position": DEAL_1}, "bad move"),
        ({"record": "7S R5>L1", "position": PAPILLON}, "asks for a patience position"),
        ({"record": "7S R5>L1", "game": "papillon"}, "no [Start"),
        ({"record": MOUCHE_RECORD, "game": "papillon"}, "not papillon"),
        ({"record": PAPILLON_RECORD.replace("1. 5S x 5D", "1. 5S x 2C"), "game": "papillon"}, "not a capture"),
        ({"record": MOUCHE_RECORD.replace("4. P0: KH", "4. P0: 7C"), "game": "mouche"}, "does not hold 7C"),
        ({"record": PAPILLON_RECORD, "game": "mouche"}, ""),
        ({"record": "x", "game": "chess"}, "game: Input should be 'patience', 'papillon' or 'mouche'"),
        ({"record": ""}, "record: String should have at least 1 character"),
        ({"position": DEAL_1}, "record: Field required"),
    ],
)
def test_a_bad_record(client, body, message):
    one_line_detail(client.post("/api/review", json=body), 422, message)


def test_card_game_options_on_a_patience_position(client):
    one_line_detail(client.post("/api/analyse", json={"position": DEAL_1, "worlds": 3}), 422, "card games")


@pytest.mark.parametrize(
    "path, body, message",
    [
        ("/api/solve", {"position": DEAL_1, "colour": "red"}, "colour: Extra inputs are not permitted"),
        ("/api/rate", {"position": DEAL_1, "max_nodes": 5}, "max_nodes: Extra inputs are not permitted"),
        ("/api/analyse", {"position": DEAL_1, "worlds_": 1}, "worlds_: Extra inputs are not permitted"),
        ("/api/review", {"record": "7S R5>L1", "position": DEAL_1, "as_player": 0}, "as_player: Extra inputs"),
        ("/api/solve", {}, "position: Field required"),
        ("/api/solve", {"position": 5}, "position: Input should be a valid string"),
        ("/api/solve", {"position": None}, "position: Input should be a valid string"),
        ("/api/solve", {"position": [DEAL_1]}, "position: Input should be a valid string"),
        ("/api/solve", {"position": DEAL_1, "shortest": "maybe"}, "shortest: Input should be a valid boolean"),
        ("/api/solve", {"position": DEAL_1, "shortest": 2}, "shortest: Input should be a valid boolean"),
        ("/api/solve", {"position": DEAL_1, "max_nodes": 1.5}, "max_nodes: Input should be a valid integer"),
        ("/api/solve", {"position": DEAL_1, "max_nodes": "100"}, "max_nodes: Input should be a valid integer"),
        ("/api/solve", {"position": DEAL_1, "max_nodes": True}, "max_nodes: Input should be a valid integer"),
        ("/api/solve", {"position": DEAL_1, "max_nodes": []}, "max_nodes: Input should be a valid integer"),
        ("/api/solve", {"position": DEAL_1, "seconds": "2"}, "seconds: Input should be a valid number"),
        ("/api/analyse", {"position": PAPILLON, "seed": "1"}, "seed: Input should be a valid integer"),
        ("/api/analyse", {"position": PAPILLON, "lengths": "yes"}, "lengths: Input should be a valid boolean"),
        ("/api/review", {"record": 7, "position": DEAL_1}, "record: Input should be a valid string"),
    ],
)
def test_a_wrong_field(client, path, body, message):
    one_line_detail(client.post(path, json=body), 422, message)


@pytest.mark.parametrize(
    "content, content_type, message",
    [
        (b"{", "application/json", "the request body is not valid JSON"),
        (b'{"position": "x",}', "application/json", "the request body is not valid JSON"),
        (b"\xff\xfe{}", "application/json", "the request body is not valid JSON"),
        (b'{"position": "' + DEAL_1.encode() + b'", "seconds": NaN}', "application/json", "seconds"),
        (b'{"position": "' + DEAL_1.encode() + b'", "seconds": Infinity}', "application/json", "seconds"),
        (b"", "application/json", "Field required"),
        (b"[]", "application/json", "valid dictionary"),
        (b'"' + DEAL_1.encode() + b'"', "application/json", "valid dictionary"),
        (b"position=x", "application/x-www-form-urlencoded", ""),
        (b'{"position": "x"}', "text/plain", ""),
    ],
)
def test_a_body_that_is_not_a_json_object(client, content, content_type, message):
    one_line_detail(client.post("/api/solve", content=content, headers={"content-type": content_type}), 422, message)


@pytest.mark.parametrize(
    "path, content, name",
    [
        ("/api/solve", b'{"position": "x", "position": "' + DEAL_1.encode() + b'"}', "position"),
        ("/api/solve", b'{"position": "' + DEAL_1.encode() + b'", "max_nodes": 5, "max_nodes": 6}', "max_nodes"),
        ("/api/review", b'{"record": "7S R5>L1", "game": "patience", "game": "mouche"}', "game"),
        ("/api/moves", b'{"position": "' + PAPILLON.encode() + b'", "position": "x"}', "position"),
    ],
)
def test_a_key_named_twice(client, path, content, name):
    """JSON's parser would keep the last of two values: the request is refused, naming the key."""
    response = client.post(path, content=content, headers={"content-type": "application/json"})
    assert one_line_detail(response, 422) == f"the request body gives {name!r} twice"


def request_examples(schema: dict) -> list[tuple[str, dict]]:
    """Every request model's examples in the OpenAPI description, with the endpoint they are for."""
    examples = []
    for path, methods in schema["paths"].items():
        body = methods.get("post", {}).get("requestBody")
        if body:
            name = body["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)[1]
            examples += [(path, example) for example in schema["components"]["schemas"][name]["examples"]]
    return examples


def test_the_descriptions_examples_are_answered(client):
    """Each request model has examples, their lines match the description's pattern, and each is answered."""
    schema = ok(client.get("/openapi.json"))
    examples = request_examples(schema)
    assert {path for path, _ in examples} == {"/api/solve", "/api/analyse", "/api/review", "/api/rate", "/api/moves"}
    for path, example in examples:
        if "position" in example:
            assert re.fullmatch(LINE_PATTERN, example["position"]), example
        ok(client.post(path, json=example))
    assert DEAL_1_EXAMPLE == DEAL_1 == position_line(Position.deal(1))


#: A deal of every preset in every suit variant, as its game writes it.
PRESET_DEALS = [
    position_line(Position.deal(3, make_rules(name, suits, None))) for name in PRESETS for suits in VARIANTS
]


@pytest.mark.parametrize(
    "line", [DEAL_1, DEAL_1.upper(), f" {DEAL_1.lower()}\n", PAPILLON, MOUCHE, MOUCHE_START, *PRESET_DEALS]
)
def test_the_line_pattern_takes_what_the_notation_takes(client, line):
    parse_line(line)
    assert re.fullmatch(LINE_PATTERN, line)
    schema = ok(client.get("/openapi.json"))["components"]["schemas"]
    assert schema["SolveRequest"]["properties"]["position"]["pattern"] == LINE_PATTERN


@pytest.mark.parametrize("line", ["0", "nonsense", "chess_e4", f"{DEAL_1}_f?", "butterfly__b-", f"x{DEAL_1}"])
def test_the_line_pattern_refuses_what_the_notation_refuses(client, line):
    """What the description's pattern refuses, the API refuses too (its message the notation's own)."""
    assert not re.fullmatch(LINE_PATTERN, line)
    one_line_detail(client.post("/api/solve", json={"position": line}), 422)


@pytest.mark.parametrize(
    "content",
    [
        b"[" * 100_000 + b"]" * 100_000,
        b'{"position": "x", "max_nodes": ' + b"9" * 5_000 + b"}",
        b'{"position": "\xe9t\xe9"}',
        b"E\xe9\x1fQ7\xf3\xa0oo-\xfe=[2",
    ],
    ids=["too-deep", "too-many-digits", "latin-1", "bytes"],
)
def test_json_too_deep_a_number_too_long_or_not_utf8(client, content):
    """What the JSON parser cannot read is not JSON, as a syntax error is not (it was FastAPI's 400)."""
    response = client.post("/api/solve", content=content, headers={"content-type": "application/json"})
    one_line_detail(response, 422, "the request body is not valid JSON")


@pytest.mark.parametrize(
    "method, path, status",
    [
        ("GET", "/nowhere", 404),
        ("GET", "/api/", 404),
        ("GET", "/api/solved", 404),
        ("GET", "/api/daily/", 404),
        ("GET", "/api/solve", 405),
        ("PUT", "/api/analyse", 405),
        ("DELETE", "/api/review", 405),
        ("POST", "/api/health", 405),
        ("POST", "/api/deal", 405),
    ],
)
def test_an_unknown_path_or_a_wrong_method(client, method, path, status):
    one_line_detail(client.request(method, path), status)


# /api/moves: a card game's position played through by the rules alone.


def _played_through(client, line: str) -> tuple[list[str], dict]:
    """The first legal move taken at each step from ``line`` to the end of the hand, each answer
    checked against the library's rules: the moves in order and the hand's result."""
    played: list[str] = []
    while True:
        answer = ok(client.post("/api/moves", json={"position": line}))
        parsed = parse_line(line)
        state = parsed[0] if isinstance(parsed, tuple) else parsed.state
        assert answer["to_move"] == state.current_player()
        assert [m["move"] for m in answer["moves"]] == [str(m) for m in state.legal_moves()]
        first = answer["moves"][0]
        after = state.play(state.legal_moves()[0])
        played.append(first["move"])
        if first["position"] is None:
            assert after.is_terminal() and first["result"] == {"chips": list(after.chips), "pool": after.pool}
            return played, first
        assert first["result"] is None
        again = parse_line(first["position"])
        assert (again[0] if isinstance(again, tuple) else again.state).legal_moves() == after.legal_moves()
        line = first["position"]


@pytest.mark.parametrize(
    "line", [PAPILLON, MOUCHE_START, MOUCHE], ids=["papillon", "mouche-declarations", "mouche-tricks"]
)
def test_moves_play_a_card_game_through_to_the_end_of_the_hand(client, line):
    played, last = _played_through(client, line)
    assert played and last["said"], last  # the end of a hand says what it paid


def test_moves_say_what_a_move_caused():
    # a trail pays the pool: said in the record's words
    answer = moves_task("papillon_h9S.KH.KS_t2C_w20.17.11_c250.262.248_p60_d0_m2")
    assert answer["moves"] == [
        {
            "move": "trail KS",
            "position": "papillon_h9S.KH.-_t2CKS_w20.17.11_c250.262.247_p61_d0_m0_l2",
            "said": ["pays 1 to the pool"],
            "result": None,
        }
    ]


@pytest.mark.parametrize(
    "position, message",
    [
        (DEAL_1, "asks for a card game's position"),
        ("papillon_h9S.2.KS_t2C5D_w20.15.11_c250.262.248_p60_d0_m1", "with hidden hands or stock"),
        ("papillon_h9S.2.KS_t2C5D_w20.2C3C.11_c250.262.248_p60_d0_m1", ""),
        (PAPILLON.replace("_d0", "_d3"), "dealer 3"),
        (PAPILLON.replace("KH5S", "5D5S"), "card 5D appears twice"),
        (MOUCHE.replace("9C9H", "9C6D"), "card 6D appears twice"),
        (MOUCHE.replace("6C6DQD", "3"), "hand is hidden"),
        ("nonsense", "a line starts with its game"),
        ("x" * MAX_LINE, ""),
    ],
)
def test_moves_of_an_impossible_or_hidden_position_are_refused_in_one_line(client, position, message):
    one_line_detail(client.post("/api/moves", json={"position": position}), 422, message)


@pytest.mark.parametrize(
    "body, message",
    [
        ({}, "position: Field required"),
        ({"position": 5}, "position: Input should be a valid string"),
        ({"position": ""}, "position: String should have at least 1 character"),
        ({"position": "x" * (MAX_LINE + 1)}, f"position: String should have at most {MAX_LINE} characters"),
        ({"position": PAPILLON, "as_player": 0}, "as_player: Extra inputs are not permitted"),
    ],
)
def test_moves_with_a_wrong_field(client, body, message):
    one_line_detail(client.post("/api/moves", json=body), 422, message)


# The answers' schema: declared in the OpenAPI description, and every endpoint's real answers keep to it.

#: A Papillon hand at its last redeal (examples/papillon/one-redeal-left.json).
PAPILLON_REDEAL = "papillon_hQD6H3S.9DAHQS.3DQHKS_t5C6CQCKCTD8H4S9S_sAC4C2H8CTC3H2S9H7S_w3.13.10_c91.98.94_p77_d0_m1_l1"

#: PySolFC's Fortress game 12345 (docs/serve.md): another patience's answers are tagged with its name.
FORTRESS = (
    "fortress_f-_b-_lQC2S3HTC8D7D.QDAS5H8CKC.6C9H2CJS4H.4S2HKH8H7S.9CTD3C6D2D"
    "_rTSJC5DJHJDQS.7H3DADAHKD.QH5CTH9S9D.4D8SKS7C3S.4C6HAC6S5S"
)

#: A request of every kind of answer: each game and each view, with the tags its answer carries.
TAGGED = [
    ("/api/solve", {"position": DEAL_1, "max_nodes": 20_000}, ("butterfly", "open")),
    ("/api/solve", {"position": DEAL_1, "shortest": True, "max_nodes": 20_000}, ("butterfly", "open")),
    ("/api/solve", {"position": FORTRESS, "max_nodes": 2_000}, ("fortress", "open")),
    ("/api/analyse", {"position": DEAL_1, "max_nodes": 20_000}, ("butterfly", "open")),
    ("/api/analyse", {"position": PAPILLON}, ("papillon", "open")),
    ("/api/analyse", {"position": PAPILLON, "as_player": 1}, ("papillon", "seat")),
    ("/api/analyse", {"position": PAPILLON_REDEAL, "worlds": 20}, ("papillon", "redeal")),
    ("/api/analyse", {"position": MOUCHE}, ("mouche", "open")),
    ("/api/analyse", {"position": MOUCHE, "as_player": 2, "worlds": 20}, ("mouche", "seat")),
    ("/api/analyse", {"position": MOUCHE_START, "worlds": 5}, ("mouche", "declaration")),
    ("/api/review", {"record": '[Deal "1"]\n1. 7S R5>L1\n', "max_nodes": 20_000}, ("butterfly", "open")),
    ("/api/review", {"record": PAPILLON_RECORD, "game": "papillon"}, ("papillon", "open+seat")),
    ("/api/review", {"record": MOUCHE_RECORD, "game": "mouche"}, ("mouche", "open+seat")),
    ("/api/rate", {"position": DEAL_1}, ("butterfly", "open")),
]
#: A request of every answer made without a search.
UNTAGGED = [
    ("GET", "/api/health", None),
    ("GET", "/api/deal?number=1", None),
    ("GET", "/api/deal?pysol=12345&game=fortress", None),
    ("GET", f"/api/daily/{FIRST_DAY}", None),
    ("POST", "/api/moves", {"position": PAPILLON}),
    ("POST", "/api/moves", {"position": MOUCHE}),
]


@pytest.fixture(scope="module")
def declared(client) -> Callable[[str, str], jsonschema_rs.Draft202012Validator]:
    """``declared(method, path)``: a validator of the 200 answer the OpenAPI description declares
    (jsonschema_rs: schemathesis's own validator)."""
    description = ok(client.get("/openapi.json"))

    def validator(method: str, path: str) -> jsonschema_rs.Draft202012Validator:
        schema = description["paths"][path][method.lower()]["responses"]["200"]["content"]["application/json"]
        assert schema["schema"], f"{method} {path} declares no answer"
        whole = {**schema["schema"], "components": description["components"]}  # (its $refs resolved in it)
        return jsonschema_rs.Draft202012Validator(whole, validate_formats=True)

    return validator


@pytest.mark.parametrize("path, body, tags", TAGGED, ids=[f"{path[5:]}-{'-'.join(tags)}" for path, _, tags in TAGGED])
def test_every_search_answer_carries_its_game_and_view_and_keeps_to_the_schema(client, declared, path, body, tags):
    answer = ok(client.post(path, json=body))
    assert (answer["game"], answer["view"]) == tags and list(answer)[:2] == ["game", "view"]
    declared("POST", path).validate(answer)
    # An answer of another kind than the one it is does not pass: the declared kinds are told apart.
    with pytest.raises(jsonschema_rs.ValidationError):
        declared("POST", path).validate({**answer, "view": "nowhere"})


@pytest.mark.parametrize("method, path, body", UNTAGGED, ids=[path for _, path, _ in UNTAGGED])
def test_every_answer_without_a_search_keeps_to_the_schema(client, declared, method, path, body):
    answer = ok(client.request(method, path, json=body))
    declared(method, path.split("?")[0].replace(FIRST_DAY, "{day}")).validate(answer)


def test_a_card_games_game_and_view_are_one_kind_of_answer():
    """Each kind of a card game's answer is told by its tags alone (the pages read it so): no two kinds share
    a game and a view, and an answer that says another kind's tags is not of its own."""
    tags = [
        tuple(kind.model.model_json_schema()["properties"][tag]["const"] for tag in ("game", "view"))
        for task in ("analyse", "review")
        for kind in ANSWERS[task]
        if kind.model.model_fields["game"].annotation is not str
    ]
    assert len(tags) == len(set(tags)) == 8
    answer = analysis.analyse(parse_line(MOUCHE_START), Budget(deals=5)).to_json()  # (a declaration to make)
    assert tagged("analyse", answer)["view"] == "declaration"
    with pytest.raises(ValueError, match="of no kind"):
        tagged("analyse", {**answer, "view": "seat"})


def test_an_answer_of_no_declared_kind_is_not_sent():
    """The worker tags an answer by the kind it is: one of no kind is the engine's failure (a 500 naming it)."""
    with pytest.raises(ValueError, match="of no kind its schema declares"):
        tagged("analyse", {"to_move": 0, "moves": []})
