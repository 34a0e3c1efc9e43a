"""Golden replays: recorded games that CI rebuilds and compares with their final state.

Each golden game is `replays/golden/<kind>/<name>.jsonl` (a replay file) beside
`<name>.final.json` (the final state, canonical JSON). Record one with

    python -m replays.golden record KIND NAME --seats N [--options JSON] [--seed S] [--play P]

which plays a deterministic random game (seed S for the game, P for the choices).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from random import Random
from typing import Any

from domain.core import canonical, registry
from domain.core.simulate import Simulation

from .format import FORMAT, Header, dumps

ROOT = Path(__file__).parent / "golden"


def record(kind: str, seats: int, options: dict[str, Any], seed: int, play: int) -> tuple[bytes, bytes]:
    game = registry.get(kind)
    if game is None:
        raise SystemExit(f"unknown kind {kind!r}")
    sim = Simulation(game, seats, options, seed=seed, game_id=f"golden-{kind}")
    outcome = sim.play_randomly(Random(play))
    header = Header(FORMAT, kind, options, seats, [f"Player {i + 1}" for i in range(seats)],
                    game_id=sim.game_id, seed=seed, outcome=outcome)
    return dumps(header, sim.envelopes), canonical(sim.state)


def golden_files() -> list[Path]:
    return sorted(ROOT.glob("*/*.jsonl"))


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m replays.golden")
    sub = parser.add_subparsers(dest="cmd", required=True)
    rec = sub.add_parser("record")
    rec.add_argument("kind")
    rec.add_argument("name")
    rec.add_argument("--seats", type=int, required=True)
    rec.add_argument("--options", default="{}")
    rec.add_argument("--seed", type=int, default=1)
    rec.add_argument("--play", type=int, default=1)
    args = parser.parse_args()
    replay, final = record(args.kind, args.seats, json.loads(args.options), args.seed, args.play)
    folder = ROOT / args.kind
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{args.name}.jsonl").write_bytes(replay)
    (folder / f"{args.name}.final.json").write_bytes(final + b"\n")
    events = len(replay.splitlines()) - 1
    print(f"wrote {folder / args.name}.jsonl ({events} events)")


if __name__ == "__main__":
    main()
