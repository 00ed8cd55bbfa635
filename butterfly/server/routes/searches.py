"""The searches, run by the workers and kept in the cache: solve, analyse,
review and rate. Each request's budget is cut to the server's limits; a
request is long (its own queue, never holding up the quick ones) when it
may search for seconds."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import Response

from butterfly.games.registry import game_of_line
from butterfly.server.dependencies import AskingDep, SettingsDep
from butterfly.server.guards import SingleNamesRoute
from butterfly.server.requests import SEARCH_REFUSALS, AnalyseRequest, RateRequest, ReviewRequest, SolveRequest
from butterfly.server.schema import answer_model
from butterfly.server.tasks import canonical_line

#: The most seconds a solve or a patience analysis may ask and still queue
#: with the quick requests: the board asks first with a fraction of a second
#: and then with more for the moves left undecided, and the second asking,
#: like every search given more than this, waits with the long requests, so
#: that a search of seconds never holds up the quick ones.
QUICK_SECONDS = 1.0

router = APIRouter(route_class=SingleNamesRoute)


@router.post(
    "/api/solve",
    response_model=answer_model("solve"),
    responses=SEARCH_REFUSALS,
    summary="Solve a patience position: won with a line, lost (proved), or not decided",
)
async def solve(body: SolveRequest, settings: SettingsDep, asking: AskingDep) -> Response:
    nodes, seconds = settings.budget(body.max_nodes, body.seconds)
    args = {
        "position": canonical_line(body.position),
        "max_nodes": nodes,
        "seconds": seconds,
        "shortest": body.shortest,
    }
    return await asking.answer("solve", args, seconds, long=body.shortest or seconds > QUICK_SECONDS)


@router.post(
    "/api/analyse",
    response_model=answer_model("analyse"),
    responses=SEARCH_REFUSALS,
    summary="Every legal move of a position with its value",
)
async def analyse(body: AnalyseRequest, settings: SettingsDep, asking: AskingDep) -> Response:
    nodes, seconds = settings.budget(body.max_nodes, body.seconds)
    line = canonical_line(body.position)
    args = {
        "position": line,
        "max_nodes": nodes,
        "seconds": seconds,
        "lengths": body.lengths,
        "lines": body.lines,
        "as_player": body.as_player,
        "worlds": body.worlds,
        "seed": body.seed,
    }
    long = body.lengths or game_of_line(line).long_analysis or seconds > QUICK_SECONDS
    return await asking.answer("analyse", args, seconds, long=long)


@router.post(
    "/api/review",
    response_model=answer_model("review"),
    responses=SEARCH_REFUSALS,
    summary="A game as played, reviewed: the losing move, par, each move judged",
)
async def review(body: ReviewRequest, settings: SettingsDep, asking: AskingDep) -> Response:
    nodes, seconds = settings.budget(body.max_nodes, body.seconds)
    args = {
        "record": body.record,
        "position": None if body.position is None else canonical_line(body.position),
        "game": body.game,
        "max_nodes": nodes,
        "seconds": seconds,
        "lengths": body.lengths,
        "worlds": body.worlds,
    }
    return await asking.answer("review", args, seconds, long=True)


@router.post(
    "/api/rate",
    response_model=answer_model("rate"),
    responses=SEARCH_REFUSALS,
    summary="A patience deal's difficulty: rating and grade, with the reason",
)
async def rate(body: RateRequest, settings: SettingsDep, asking: AskingDep) -> Response:
    args = {"position": canonical_line(body.position)}
    return await asking.answer("rate", args, settings.max_seconds, long=True)
