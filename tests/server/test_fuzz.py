"""The web API fuzzed from its own OpenAPI description (schemathesis):
requests made to fit each operation's schema and requests made not to,
each answered without a 5xx, with a status code, content type and body
the description declares.

The default run draws 40 requests an operation and generation mode
(those that fit and those that do not, besides the description's own
examples): about 400 requests, each operation's every field, bound and
answer checked; ``pytest -m slow`` draws 1,000 (about 6,400 requests),
which finds what only a rare input reaches."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.python.asgi import shutdown_lifespans

from butterfly.server.app import Settings, make_app

#: The server's limits: small, so a generated position that happens to be a deal is answered at once.
SETTINGS = Settings(workers=1, queue=8, max_nodes=20_000, max_seconds=1)
#: Examples a run draws for each operation (and each generation mode).
DEFAULT_EXAMPLES = 40
SLOW_EXAMPLES = 1_000

CHECKS = [
    schemathesis.checks.not_a_server_error,
    schemathesis.checks.status_code_conformance,
    schemathesis.checks.content_type_conformance,
    schemathesis.checks.response_schema_conformance,
]

#: Requests made, by status code (printed with -s; the report's counts).
MADE: Counter[int] = Counter()


@pytest.fixture(scope="module")
def api_schema() -> Iterator[schemathesis.BaseSchema]:
    app = make_app(SETTINGS)
    yield schemathesis.openapi.from_asgi("/openapi.json", app)
    shutdown_lifespans()  # (the app's lifespan, which schemathesis started: its worker stopped)
    print(f"\nfuzz requests: {sum(MADE.values())} by status {dict(sorted(MADE.items()))}")
    MADE.clear()


schema = schemathesis.pytest.from_fixture("api_schema")


def _call(case) -> None:
    response = case.call_and_validate(checks=CHECKS)
    MADE[response.status_code] += 1
    assert response.status_code < 500


@schema.parametrize()
@settings(max_examples=DEFAULT_EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck), database=None)
def test_the_api_keeps_to_its_description(case):
    _call(case)


@pytest.mark.slow
@schema.parametrize()
@settings(max_examples=SLOW_EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck), database=None)
def test_the_api_keeps_to_its_description_at_length(case):
    _call(case)
