"""The server's own limits (``butterfly serve``'s options): every request's budget is cut to them."""

from __future__ import annotations

from dataclasses import dataclass

#: Requests that may wait for a worker, a worker: a longer queue only makes
#: everyone wait longer, where a quick 429 lets a client ask again later.
QUEUE_PER_WORKER = 4


@dataclass(frozen=True)
class Settings:
    """The server's own limits: every request's budget is cut to them."""

    workers: int = 2
    queue: int | None = None  # (None: QUEUE_PER_WORKER a worker)
    max_nodes: int = 2_000_000
    max_seconds: float = 10.0
    cache: str | None = None
    site: str | None = None

    def __post_init__(self) -> None:
        # (no time at all would refuse every search as too late: said here, whoever builds the settings)
        if not self.max_seconds > 0:
            raise ValueError(f"max_seconds must be above 0, not {self.max_seconds}")
        if self.workers < 1:
            raise ValueError(f"workers must be 1 or more, not {self.workers}")

    @property
    def queue_length(self) -> int:
        """Requests that may wait for a worker (each of the two queues)."""
        return self.queue if self.queue is not None else QUEUE_PER_WORKER * self.workers

    def budget(self, max_nodes: int | None, seconds: float | None) -> tuple[int, float]:
        """A request's budget cut to the server's limits (one not given is the server's)."""
        return min(max_nodes or self.max_nodes, self.max_nodes), min(seconds or self.max_seconds, self.max_seconds)
