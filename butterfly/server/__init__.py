"""``butterfly serve``: the engine behind a web API (docs/serve.md).

:mod:`butterfly.server.app` (the API, made from its rooms:
:mod:`butterfly.server.routes`, the endpoints; :mod:`butterfly.server.requests`
and :mod:`butterfly.server.schema`, what they take and answer),
:mod:`butterfly.server.pool` (the worker processes the searches run in),
:mod:`butterfly.server.cache` (the answers kept), :mod:`butterfly.server.tasks`
(the work itself).
"""
