"""``butterfly serve``: the engine behind a web API (docs/serve.md).

:mod:`butterfly.server.app` (the API), :mod:`butterfly.server.pool` (the
worker processes the searches run in), :mod:`butterfly.server.cache` (the
answers kept), :mod:`butterfly.server.tasks` (the work itself).
"""
