"""What the rules answer on the server itself, without a search (not
cached): a deal by number, the daily puzzle of a date, and a card game's
position played through move by move."""

from __future__ import annotations

import asyncio
import datetime
from typing import Annotated, Literal

from fastapi import APIRouter, Path, Query

from butterfly.games.deals import MAX_DEAL
from butterfly.games.errors import InputError
from butterfly.games.patience.notation import position_line
from butterfly.games.patience.rules import PRESETS, VARIANTS, Position, make_rules
from butterfly.server.guards import SingleNamesRoute, WholeNumber
from butterfly.server.requests import REFUSALS, MovesRequest
from butterfly.server.schema import DailyAnswer, DealAnswer, MovesAnswer
from butterfly.server.tasks import moves_task

router = APIRouter(route_class=SingleNamesRoute)


@router.get(
    "/api/deal",
    response_model=DealAnswer,
    responses=REFUSALS,
    summary="A deal by number, or PySolFC's game by its number, as a position's line",
)
async def deal(
    game: Literal[tuple(PRESETS)] = "butterfly",  # type: ignore[valid-type]
    number: Annotated[int | None, Query(ge=0, le=MAX_DEAL, examples=[1]), WholeNumber] = None,
    pysol: Annotated[str | None, Query(min_length=1, max_length=40, examples=["12345"])] = None,
    variant: Literal[tuple(VARIANTS)] | None = None,  # type: ignore[valid-type]
    cells: Annotated[int | None, Query(ge=0, le=52), WholeNumber] = None,
) -> dict:
    from butterfly.games.patience import pysol as pysol_numbers

    if (number is None) == (pysol is None):
        raise InputError("give a deal number or a PySolFC game number (pysol), one of the two")
    rules = make_rules(game, variant, cells)
    pysol_number = None
    if pysol is not None:
        if game not in pysol_numbers.PYSOL_GAMES:
            raise InputError(f"PySolFC numbers {', '.join(pysol_numbers.PYSOL_GAMES)}, not {game}")
        pysol_number = pysol_numbers.parse_game_number(pysol)  # (the number as PySolFC reads it: "#1,234" is 1234)
        position = pysol_numbers.pysol_deal(pysol_number, rules)
    else:
        position = Position.deal(number, rules)  # type: ignore[arg-type]
    return {"game": rules.name, "number": number, "pysol": pysol_number, "position": position_line(position)}


@router.get(
    "/api/daily/{day}",
    response_model=DailyAnswer,
    responses=REFUSALS,
    summary="The daily puzzle of a date (YYYY-MM-DD, or today by the server's clock)",
)
async def daily(day: Annotated[str, Path(max_length=10)]) -> dict:
    from butterfly.puzzles.daily import day_in, load_calendar, parse_date

    date = datetime.date.today() if day == "today" else parse_date(day)
    days = await asyncio.to_thread(load_calendar)
    entry = day_in(days, date)
    calendar = {"first": days[0].date.isoformat(), "last": days[-1].date.isoformat()}
    return {**entry.to_json(), "calendar": calendar}


@router.post(
    "/api/moves",
    response_model=MovesAnswer,
    responses=REFUSALS,
    summary="A card game's position played through: each legal move and the position it leads to",
)
async def moves(body: MovesRequest) -> dict:
    # The rules alone, no search: in a thread of the server, not a worker, and not cached.
    return await asyncio.to_thread(moves_task, body.position)
