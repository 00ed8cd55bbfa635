"""The chain relaxation on the deals a survey left unresolved (resumable).

    python research/relax_open.py results.sqlite --variant alternate-colours --out relax.jsonl
    python research/relax_open.py results.sqlite --variant alternate-colours --out relax.jsonl --record

The same proofs as `butterfly survey ... --retry-unresolved --relax 1000000`,
without searching the deals again first (the search is deterministic, so
it would leave them unresolved again). Each verdict is appended to --out as
one JSON line; a rerun skips the deals already there, and ``--part K/N``
takes every N-th deal from the K-th, for several processes. ``--record``
writes the deals proved lost into the database as ``unwinnable``, proved by
the relaxation, adding its seconds to theirs.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from butterfly.games.patience.rules import Position, make_rules
from butterfly.solver.patience.relaxation import DEFAULT_EFFORT, LOST, check
from butterfly.solver.survey.db import ResultsDB
from butterfly.solver.version import code_version


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("db")
    parser.add_argument("--variant", default=None)
    parser.add_argument("--basement", type=int, default=None)
    parser.add_argument("--effort", type=int, default=DEFAULT_EFFORT, help="SAT conflicts per deal")
    parser.add_argument("--out", required=True, help="JSON lines of verdicts (appended)")
    parser.add_argument("--part", default="0/1", help="K/N: this process takes deals K, K+N, ...")
    parser.add_argument("--record", action="store_true", help="record the proofs of --out in the database")
    args = parser.parse_args()
    rules = make_rules("butterfly", args.variant, args.basement)
    out = Path(args.out)
    done = {}
    if out.exists():
        done = {line["deal"]: line for line in map(json.loads, out.read_text().splitlines())}
    db = ResultsDB(args.db)
    try:
        if args.record:
            proved = [v for v in done.values() if v["result"] == LOST]
            for verdict in proved:
                db.record_relaxation_proof(rules.name, verdict["deal"], verdict["seconds"], args.effort, code_version())
            print(f"{len(proved)} deals recorded as proved lost by the relaxation")
            return
        deals = db.unresolved(rules.name)
    finally:
        db.close()
    part, parts = map(int, args.part.split("/"))
    for deal in deals[part::parts]:
        if deal in done:
            continue
        verdict = check(Position.deal(deal, rules), args.effort)
        line = {"deal": deal, "result": verdict.result, "effort": verdict.effort, "seconds": round(verdict.seconds, 3)}
        with out.open("a") as handle:
            handle.write(json.dumps(line) + "\n")
        print(line, flush=True)


if __name__ == "__main__":
    main()
