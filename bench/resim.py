"""`python -m bench.resim` (or `plaza bench resim`): how fast a replay is proven.

Plays full games of each kind as the server's bots play them (`bot_move`, 4 seats unless
said otherwise), records each as the server exports a finished game (every command in the
log), then times `replays.verify` on the file: reading it, the hash chain, every command
decided again by the rules and compared with its recorded events, and the outcome. Prints
commands re-simulated per second and the slowest full game against the target: any full
game verifies in under half a second.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from typing import Any

from domain.core import registry, rng_for
from domain.core.simulate import Simulation
from replays.format import FORMAT, Header, dumps
from replays.verify import verify

TARGET = 0.5  # seconds for one full game
# (label, kind, seats, options): the default rules and each game's richest variant.
CASES: tuple[tuple[str, str, int, dict[str, Any]], ...] = (
    ("villa", "villa", 4, {}),
    ("villa expert", "villa", 4, {"expert": True}),
    ("carrara", "carrara", 4, {}),
    ("carrara expansion", "carrara", 4, {"expansion": True, "board": "advanced"}),
    ("bellavista", "bellavista", 4, {}),
    ("barcelona", "barcelona", 4, {}),
    ("barcelona expansion", "barcelona", 4, {"expansion": True, "promo_bonus": True}),
)


def recorded(kind: str, seats: int, options: dict[str, Any], seed: int) -> tuple[bytes, int]:
    """A full game played by bots, as a finished game's replay file; and its commands."""
    game = registry.get(kind)
    if game is None:
        raise SystemExit(f"unknown kind {kind!r}")
    sim = Simulation(game, seats, options, seed=seed, game_id=f"bench-{kind}-{seed}")
    while sim.outcome() is None:
        seat = min(sim.active())
        sim.command(seat, game.bot_move(sim.state, seat, rng_for(seed, sim.seq, f"bot:{seat}")))
    header = Header(FORMAT, kind, options, seats, [None] * seats, game_id=sim.game_id, seed=seed,
                    outcome=sim.outcome())
    return dumps(header, sim.envelopes), sum(1 for env in sim.envelopes if env.commanded)


def measure(kind: str, seats: int, options: dict[str, Any], games: int,
            repeat: int) -> tuple[int, float, float]:
    """(commands, seconds in all, seconds of the slowest game), each game's best of `repeat`."""
    commands, total, slowest = 0, 0.0, 0.0
    for seed in range(1, games + 1):
        data, moves = recorded(kind, seats, options, seed)
        best = float("inf")
        for _ in range(repeat):
            started = time.perf_counter()
            verified = verify(data)
            best = min(best, time.perf_counter() - started)
            assert verified.proven, verified.proof()
        commands, total, slowest = commands + moves, total + best, max(slowest, best)
    return commands, total, slowest


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="plaza bench resim", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=5, help="full games per case")
    parser.add_argument("--repeat", type=int, default=3, help="verifications per game (best kept)")
    parser.add_argument("--kinds", default="", help="comma-separated kinds (default: all)")
    args = parser.parse_args(argv)
    kinds = set(args.kinds.split(",")) if args.kinds else None
    print(f"re-simulation (replays.verify of a full game's replay), {args.games} bot-played "
          f"games per case, best of {args.repeat}; target: a full game in under {TARGET:g} s")
    for label, kind, seats, options in CASES:
        if kinds is not None and kind not in kinds:
            continue
        commands, total, slowest = measure(kind, seats, options, args.games, args.repeat)
        verdict = "ok" if slowest < TARGET else "OVER TARGET"
        print(f"  {label:<20} {commands / total:>9,.0f} commands/s  {commands / args.games:>6,.0f} "
              f"commands a game  slowest game {slowest * 1000:>6.1f} ms  {verdict}")


def main_or(other: Callable[[], None]) -> None:
    """`python -m bench resim ...` runs this benchmark, anything else `other`."""
    if sys.argv[1:2] == ["resim"]:
        main(sys.argv[2:])
    else:
        other()


if __name__ == "__main__":
    main()
