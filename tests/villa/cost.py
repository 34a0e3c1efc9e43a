"""`python -m tests.villa.cost`: Villa's own CPU per accepted command, as the server spends it.

Plays seeded random games (each begun by `Simulation`) and times, per command: `decide`,
`evolve` of its events (the server folds them again), `legal` for each seat to move, the
view of 5 audiences (4 seats and the spectators; the server builds a public view once per
state) and encoding it once. Not a test: a measuring script, run by hand.
"""

from __future__ import annotations

import argparse
import time
from random import Random
from typing import Any

import msgspec

from domain.core import rng_for
from domain.core.simulate import Simulation
from domain.villa import GAME

CASES: dict[str, tuple[int, dict[str, Any]]] = {
    "basic": (4, {}), "expert": (4, {"expert": True}),
    "team": (4, {"expert": True, "team": True}),
    "two": (2, {"expert": True, "two_player_expert": True}),
}
_encode = msgspec.json.Encoder().encode


def play(seats: int, options: dict[str, Any], seed: int, totals: list[int]) -> int:
    """One game; adds the nanoseconds of decide, evolve, legal, views, encode to `totals`."""
    state: Any = Simulation(GAME, seats, options, seed=seed).state
    rng, seq, n = Random(seed), 1, 0
    clock = time.perf_counter_ns
    while GAME.outcome(state) is None:
        seat = rng.choice(GAME.active(state))
        command = rng.choice(GAME.legal(state, seat))
        t0 = clock()
        events = GAME.decide(state, seat, command, rng_for(seed, seq))
        t1 = clock()
        for event in events:
            state = GAME.evolve(state, event)
        t2 = clock()
        for s in GAME.active(state):
            GAME.legal(state, s)
        t3 = clock()
        views = [GAME.view(state, a) for a in (*range(seats), None)]
        t4 = clock()
        _encode(views[-1])
        t5 = clock()
        for i, (a, b) in enumerate(zip((t0, t1, t2, t3, t4), (t1, t2, t3, t4, t5), strict=True)):
            totals[i] += b - a
        seq, n = seq + 1, n + 1
    return n


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--cases", default=",".join(CASES))
    args = parser.parse_args()
    print(f"{'case':8} {'cmds':>6} {'decide':>7} {'evolve':>7} {'legal':>7} {'5 views':>8}"
          f" {'encode':>7} {'total':>7}  (µs per command, mean)")
    for name in args.cases.split(","):
        seats, options = CASES[name]
        totals, n = [0] * 5, 0
        for seed in range(args.games):
            n += play(seats, options, seed, totals)
        cols = " ".join(f"{t / n / 1000:7.1f}" for t in totals)
        print(f"{name:8} {n:6} {cols} {sum(totals) / n / 1000:7.1f}")


if __name__ == "__main__":
    main()
