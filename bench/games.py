"""`python -m bench.games`: what one command costs a game's own code, per function.

Plays random games with random legal moves and times, for every accepted command,
what the server runs for it: `decide` and `evolve` of its events, then on the new
state `legal` for each seat to move and the view of every audience (the seats and
the spectators) encoded as JSON, computed once per state for a game with a public
view (as server/audience.py does). Figures are microseconds per command.

`--interleave N` plays N games at once, one command of each in turn, as a server with
N games in play does: the games' caches, sized for N games in play as the server sizes
them (`memo.fit`), then hold the states of all of them.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Iterator
from random import Random
from typing import Any

import msgspec

from domain.core import Game, memo, registry, rng_for

# (label, kind, options): the default rules and each game's richest variant.
CASES: tuple[tuple[str, str, dict[str, Any]], ...] = (
    ("villa", "villa", {}),
    ("villa expert", "villa", {"expert": True}),
    ("carrara", "carrara", {}),
    ("carrara expansion", "carrara", {"expansion": True, "board": "advanced"}),
    ("bellavista", "bellavista", {}),
    ("barcelona", "barcelona", {}),
    ("barcelona expansion", "barcelona", {"expansion": True, "promo_bonus": True}),
)
_encoder = msgspec.json.Encoder()


def _ns() -> int:
    return time.perf_counter_ns()


def play(game: Game[Any, Any, Any, Any, Any], seats: int, options: Any, seed: int
         ) -> Iterator[tuple[int, int, int]]:
    """One random game: per command the nanoseconds of decide+evolve, legal and views."""
    state = None
    for event in game.start(options, seats, rng_for(seed, 0)):
        state = game.evolve(state, event)
    rng, seq = Random(seed), 1
    audiences: list[int | None] = [*range(seats), None]
    while game.outcome(state) is None:
        seat = rng.choice(game.active(state))
        command = rng.choice(game.legal(state, seat))
        t0 = _ns()
        events = game.decide(state, seat, command, rng_for(seed, seq))
        for event in events:
            state = game.evolve(state, event)
        t1 = _ns()
        for s in game.active(state):
            game.legal(state, s)
        t2 = _ns()
        public = game.view(state, None) if game.public_view else None
        for audience in audiences:
            _encoder.encode(public if public is not None else game.view(state, audience))
        t3 = _ns()
        yield t1 - t0, t2 - t1, t3 - t2
        seq += 1


def run(game: Game[Any, Any, Any, Any, Any], seats: int, options: Any, games: int,
        interleave: int) -> list[tuple[int, int, int]]:
    """Every command's times over `games` games, `interleave` of them in play at once."""
    out: list[tuple[int, int, int]] = []
    for first in range(0, games, interleave):
        playing = [play(game, seats, options, seed)
                   for seed in range(first, min(first + interleave, games))]
        while playing:
            for runner in list(playing):
                step = next(runner, None)
                if step is None:
                    playing.remove(runner)
                else:
                    out.append(step)
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.games", description=__doc__)
    parser.add_argument("--games", type=int, default=20, help="random games per case")
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--interleave", type=int, default=1, help="games in play at once")
    parser.add_argument("--only", default="", help="run only the cases whose label contains this")
    args = parser.parse_args(argv)
    print(f"{args.games} random {args.seats}-player games per case, {args.interleave} at once; "
          "microseconds per command, median / mean")
    print(f"{'case':<20}{'commands':>9}  {'decide+evolve':>15}  {'legal':>15}  "
          f"{'views (all)':>15}  {'total':>15}")
    for label, kind, raw in CASES:
        if args.only not in label:
            continue
        game = registry.get(kind)
        assert game is not None, kind
        options = msgspec.convert(raw, game.options_type)
        memo.fit({kind: args.interleave})  # the caches sized as the server sizes them
        times = run(game, args.seats, options, args.games, max(1, args.interleave))
        parts = dict(zip(("decide+evolve", "legal", "views"), map(list, zip(*times, strict=True)),
                         strict=True))
        parts["total"] = [sum(t) for t in times]
        cells = [f"{statistics.median(v) / 1000:>6.0f} / {statistics.fmean(v) / 1000:>6.0f}"
                 for v in parts.values()]
        print(f"{label:<20}{len(parts['total']):>9}  " + "  ".join(f"{c:>15}" for c in cells))


if __name__ == "__main__":
    main()
