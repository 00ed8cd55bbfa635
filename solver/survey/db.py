"""A survey's results in SQLite: one row per (rules, deal), written as each
deal finishes, so a survey that is stopped (even by kill -9) resumes where
it was and never counts a deal twice.

Each result is committed on its own (WAL journal): what was committed
survives the process being killed; a deal in flight at the kill is simply
solved again on the next run.
"""

from __future__ import annotations

import sqlite3

from solver.patience.result import UNRESOLVED

SCHEMA = """
CREATE TABLE IF NOT EXISTS results (
    game TEXT NOT NULL,         -- the rules' name, e.g. butterfly/alternate-colours
    deal INTEGER NOT NULL,
    result TEXT NOT NULL,       -- won / unwinnable / unresolved
    nodes INTEGER NOT NULL,
    seconds REAL NOT NULL,
    moves INTEGER NOT NULL,     -- length of the winning line found, 0 otherwise
    max_nodes INTEGER,          -- the node budget it was solved with (NULL: none)
    proof TEXT NOT NULL DEFAULT '',  -- unwinnable: "search" or "relaxation"
    PRIMARY KEY (game, deal)
)
"""


class ResultsDB:
    def __init__(self, path: str) -> None:
        self.connection = sqlite3.connect(path, timeout=60)
        self.connection.execute("PRAGMA journal_mode=WAL")
        self.connection.execute(SCHEMA)
        columns = {row[1] for row in self.connection.execute("PRAGMA table_info(results)")}
        if "proof" not in columns:  # a database from before proofs were told apart: all by search
            self.connection.execute("ALTER TABLE results ADD COLUMN proof TEXT NOT NULL DEFAULT ''")
            self.connection.execute("UPDATE results SET proof = 'search' WHERE result = 'unwinnable'")
        self.connection.commit()

    def close(self) -> None:
        self.connection.close()

    def settled(self, game: str, deals: range, max_nodes: int | None, retry_unresolved: bool = False) -> set[int]:
        """Deals needing no new search: decisive, or unresolved already with a
        budget at least this large (a larger budget tries them again; so does
        ``retry_unresolved``, for a solver that has learnt new proofs)."""
        rows = self.connection.execute(
            "SELECT deal, result, max_nodes FROM results WHERE game = ? AND deal BETWEEN ? AND ?",
            (game, deals.start, deals.stop - 1),
        )
        settled = set()
        for deal, result, budget in rows:
            if (
                result != UNRESOLVED
                or not retry_unresolved
                and (budget is None or (max_nodes is not None and budget >= max_nodes))
            ):
                settled.add(deal)
        return settled

    def record(self, game: str, result, max_nodes: int | None) -> None:
        self.connection.execute(
            "INSERT OR REPLACE INTO results (game, deal, result, nodes, seconds, moves, max_nodes, proof) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (game, result.deal, result.result, result.nodes, result.seconds, result.moves, max_nodes, result.proof),
        )
        self.connection.commit()

    def unresolved(self, game: str) -> list[int]:
        """The deals of ``game`` on record as unresolved, in order."""
        rows = self.connection.execute(
            "SELECT deal FROM results WHERE game = ? AND result = 'unresolved' ORDER BY deal", (game,)
        )
        return [deal for (deal,) in rows]

    def record_relaxation_proof(self, game: str, deal: int, seconds: float) -> None:
        """An unresolved deal proved lost by the chain relaxation, which took ``seconds``."""
        self.connection.execute(
            "UPDATE results SET result = 'unwinnable', proof = 'relaxation', seconds = seconds + ? "
            "WHERE game = ? AND deal = ? AND result = 'unresolved'",
            (seconds, game, deal),
        )
        self.connection.commit()

    def results(self, game: str, deals: range) -> list[tuple]:
        """(deal, result, nodes, seconds, moves, proof) for the deals of the range on record."""
        return list(
            self.connection.execute(
                "SELECT deal, result, nodes, seconds, moves, proof FROM results "
                "WHERE game = ? AND deal BETWEEN ? AND ? ORDER BY deal",
                (game, deals.start, deals.stop - 1),
            )
        )
