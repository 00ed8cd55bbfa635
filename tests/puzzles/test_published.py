"""The published ratings (data/ratings_butterfly.csv.gz) are what today's
code gives: the same games deal by deal, the same rating from them with the
calibration, and the same verdicts as the published survey."""

from __future__ import annotations

import csv
import gzip

import pytest

from games.patience.rules import make_rules
from puzzles.ladder import LADDER
from puzzles.rating import calibrations, rating_from_games
from puzzles.survey import ladder_deal

from checkout import DATA

RULES = make_rules("butterfly")


def rows(name: str) -> list[dict]:
    with gzip.open(DATA / name, "rt") as handle:
        return list(csv.DictReader(handle))


RATINGS = rows("ratings_butterfly.csv.gz")


def test_every_deal_0_to_9999_is_there_with_the_surveys_verdict():
    assert [int(r["deal"]) for r in RATINGS] == list(range(10_000))
    survey = {int(r["deal"]): r["result"] for r in rows("butterfly.csv.gz") if int(r["deal"]) < 10_000}
    assert all(survey[int(r["deal"])] == r["verdict"] for r in RATINGS)
    assert all((r["grade"] != "") == (r["verdict"] == "won") for r in RATINGS)


@pytest.mark.parametrize("deal", [0, 141, 1234, 5678, 9999])
def test_a_published_row_is_replayed_game_for_game(deal):
    row = RATINGS[deal]
    result = ladder_deal(deal, RULES)
    assert result.verdict == row["verdict"]
    for player in LADDER:
        games = result.games.get(player.name, "")
        assert (f"{games.count('1')}/{len(games)}" if games else "") == row[player.name]
    if result.verdict == "won":
        rating = rating_from_games(RULES.name, result.games, calibrations()[RULES.name])
        assert f"{rating.rating:.1f}" == row["rating"] and str(rating.grade) == row["grade"]
