"""What the web API takes (docs/serve.md, "Endpoints"): each request's
body as a model, every string and number bounded, fields it does not name
refused; the OpenAPI description's line pattern and examples; the refusals
each endpoint may give."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from butterfly.games.notation import MAX_LINE
from butterfly.games.registry import games, line_prefixes

#: The longest record, characters.
MAX_RECORD = 100_000


def _any_case(name: str) -> str:
    return "".join(f"[{letter.lower()}{letter.upper()}]" if letter.isalpha() else letter for letter in name)


#: What a position's line may be (docs/formats.md, "One-line positions"), for
#: the OpenAPI description: a game's name in any case, then fields, each a
#: tag letter and its value in the characters a URL carries as they are. The
#: games' notation checks the rest, with its own messages.
LINE_PATTERN = (
    r"^\s*(?:" + "|".join(_any_case(prefix) for prefix in line_prefixes()) + r")(?:_[A-Za-z][A-Za-z0-9.~-]*)*\s*$"
)
#: Deal 1 of Butterfly (``butterfly deal 1 --format line``), the last four
#: moves of its shortest line, and a Papillon hand near its end: the examples
#: of the API's description.
DEAL_1 = (
    "butterfly_fACADAHAS_b-_l7D9C4D8H8D.5SJD6D9SJC.5DKD3C2D.JH5H7H4H2C.6SKCKHTHTS"
    "_rJSTD8SQC4S.6C7C5CKS6H.QSQHQD9D.3D3S4C2H8C.TC3H2S9H7S"
)
DEAL_1_ENDING = "butterfly_fKCKDJHJS_bKHKS_l-.-.-.-.-_r-.-.QSQH.-.-"
PAPILLON_ENDING = "papillon_h9S.KH.KS_t2C_w20.17.11_c250.262.248_p60_d0_m2"

Line = Annotated[
    str,
    Field(
        min_length=1,
        max_length=MAX_LINE,
        description="A position's line (docs/formats.md).",
        json_schema_extra={"pattern": LINE_PATTERN},
    ),
]
Nodes = Annotated[
    int | None, Field(ge=1, le=1 << 62, description="Positions the search may expand (cut to the server's limit).")
]
Seconds = Annotated[
    float | None, Field(gt=0, le=86_400, description="Seconds the request may take (cut to the server's limit).")
]


class _Request(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)  # strict: "100" or true is no number of nodes


def _examples(*examples: dict[str, Any]) -> ConfigDict:
    return ConfigDict(json_schema_extra={"examples": list(examples)})


class SolveRequest(_Request):
    model_config = _examples({"position": DEAL_1}, {"position": DEAL_1_ENDING, "shortest": True, "seconds": 1})

    position: Line
    shortest: bool = Field(False, description="Find a shortest line (optimal, or bounded with a proved bound).")
    max_nodes: Nodes = None
    seconds: Seconds = None


class AnalyseRequest(_Request):
    model_config = _examples(
        {"position": DEAL_1_ENDING, "lines": "best", "seconds": 0.1}, {"position": PAPILLON_ENDING, "as_player": 2}
    )

    position: Line
    lengths: bool = Field(False, description="Give each winning move its shortest line (patience).")
    lines: Literal["all", "best"] = Field(
        "all", description="Without lengths: shorten every winning line, or the best one's alone (quicker; patience)."
    )
    as_player: int | None = Field(None, ge=0, le=5, description="Judge from this seat (card games).")
    worlds: int | None = Field(None, ge=1, le=5_000, description="Deals of the unseen cards to solve (card games).")
    seed: int = Field(0, ge=0, le=(1 << 31) - 1)
    max_nodes: Nodes = None
    seconds: Seconds = None


class ReviewRequest(_Request):
    model_config = _examples({"record": "QH R3>B\nQS R3>F\nQH B>F\nKH B>F\nKS B>F", "position": DEAL_1_ENDING})

    record: str = Field(
        min_length=1, max_length=MAX_RECORD, description="A game record (docs/formats.md) or a move list."
    )
    position: Line | None = Field(None, description="The deal, when the record names none (patience).")
    game: Literal[tuple(game.name for game in games())] = "patience"  # type: ignore[valid-type]
    lengths: bool = Field(True, description="Par and the moves over par (patience).")
    worlds: int | None = Field(None, ge=1, le=5_000, description="Deals of the unseen cards (card games).")
    max_nodes: Nodes = None
    seconds: Seconds = None


class RateRequest(_Request):
    model_config = _examples({"position": DEAL_1})

    position: Line


class MovesRequest(_Request):
    model_config = _examples({"position": PAPILLON_ENDING})

    position: Line = Field(description="A Papillon or La Mouche position's line, every hand shown.")


class Detail(BaseModel):
    """Why a request was not answered, in one line."""

    detail: str


#: The refusals every endpoint may give, each a one-line ``detail``.
REFUSALS: dict[int | str, dict[str, Any]] = {
    413: {"model": Detail, "description": "The request body is too large."},
    422: {"model": Detail, "description": "The request is wrong: the detail names the field and the problem."},
}
#: ... and those of the endpoints that run a search.
SEARCH_REFUSALS: dict[int | str, dict[str, Any]] = {
    **REFUSALS,
    429: {"model": Detail, "description": "Every worker is busy and the queue is full: ask again after Retry-After."},
    503: {
        "model": Detail,
        "description": "No worker was free within the request's seconds, or the search stopped before it answered "
        "(its worker was replaced): the detail says which.",
    },
}
