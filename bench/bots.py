"""`python -m bench bots` (or `plaza bench bots`): how strong the bots are, and how long
the search takes per move.

Plays seeded two-player games of each kind, one level against another (domain/core/bots.py):
greedy against random, then search against greedy, the two swapping seats from one game to the
next. The search stops on a clock made here (`--budget` seconds a move; the domain reads no
clock), or after `--iterations`. Prints per pairing the first level's win rate (a draw counts
half), its wins, draws and losses, and for the search the median, 95th percentile and maximum
time of a move it searched (a move with one legal command is answered at once and not
counted) with the median of its iterations. Targets, printed and not asserted: greedy wins at
least 75% against random, search at least 60% against greedy.
"""

from __future__ import annotations

import argparse
import statistics
import time
from dataclasses import dataclass, field
from typing import Any

from rich.table import Table

from bench.report import console, machine
from domain.core import registry, rng_for
from domain.core.bots import Level, choose
from domain.core.simulate import Simulation

KINDS = ("bellavista", "villa", "carrara", "barcelona")
PAIRINGS: tuple[tuple[Level, Level, float], ...] = (
    ("greedy", "random", 0.75), ("search", "greedy", 0.60))  # (level, opponent, target)
COLUMNS = ("kind", "pairing", "win rate", "target", "games", "wins / draws / losses",
           "search ms/move p50 / p95 / max", "over budget", "iterations p50")


@dataclass
class Tally:
    kind: str
    level: Level
    opponent: Level
    target: float
    wins: int = 0
    draws: int = 0
    losses: int = 0
    seconds: list[float] = field(default_factory=list)  # per searched move
    iterations: list[int] = field(default_factory=list)

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def rate(self) -> float:
        return (self.wins + self.draws / 2) / self.games if self.games else 0.0


class Clock:
    """The search's `should_stop`: true once `budget` seconds have passed since it was made.
    It counts how often it was asked, so the iterations of a move can be told."""

    def __init__(self, budget: float) -> None:
        self.deadline = time.perf_counter() + budget
        self.asked = 0
        self.stopped = False

    def __call__(self) -> bool:
        self.asked += 1
        self.stopped = time.perf_counter() >= self.deadline
        return self.stopped


def move(tally: Tally, sim: Simulation, seat: int, level: Level, seed: int,
         args: argparse.Namespace) -> Any:
    """One bot's command, timed when it searched."""
    rng = rng_for(seed, sim.seq, f"bot:{seat}")
    should_stop = Clock(args.budget)
    started = time.perf_counter()
    command = choose(sim.game, sim.state, seat, rng, level, should_stop, args.iterations)
    if level == "search" and should_stop.asked:  # it searched (more than one legal command)
        tally.seconds.append(time.perf_counter() - started)
        tally.iterations.append(should_stop.asked - should_stop.stopped)
    return command


def play(tally: Tally, seed: int, args: argparse.Namespace) -> None:
    """One game; `tally.level` sits at seat `seed % 2`."""
    game = registry.get(tally.kind)
    if game is None:
        raise SystemExit(f"unknown kind {tally.kind!r}")
    mine = seed % 2
    levels = {mine: tally.level, 1 - mine: tally.opponent}
    sim = Simulation(game, 2, seed=seed, game_id=f"bench-bots-{tally.kind}-{seed}")
    while (outcome := sim.outcome()) is None:
        seat = sim.active()[0]
        sim.command(seat, move(tally, sim, seat, levels[seat], seed, args))
    if len(outcome.winners) > 1:
        tally.draws += 1
    elif outcome.winners == [mine]:
        tally.wins += 1
    else:
        tally.losses += 1


def times(tally: Tally, budget: float) -> tuple[str, str, str]:
    if not tally.seconds:
        return "-", "-", "-"
    ms = sorted(s * 1000 for s in tally.seconds)
    p95 = ms[min(len(ms) - 1, round(0.95 * (len(ms) - 1)))]
    over = sum(1 for s in tally.seconds if s > budget * 1.1)
    return (f"{statistics.median(ms):,.0f} / {p95:,.0f} / {ms[-1]:,.0f}",
            f"{over} of {len(ms)} (>{budget * 1100:,.0f} ms)",
            f"{statistics.median(tally.iterations):,.0f}")


def cells(tally: Tally, budget: float) -> list[str]:
    verdict = "ok" if tally.rate >= tally.target else "BELOW"
    return [tally.kind, f"{tally.level} vs {tally.opponent}", f"{tally.rate:.0%}",
            f"{tally.target:.0%} {verdict}", str(tally.games),
            f"{tally.wins} / {tally.draws} / {tally.losses}", *times(tally, budget)]


def show(tallies: list[Tally], title: str, budget: float, markdown: bool) -> None:
    rows = [cells(tally, budget) for tally in tallies]
    if markdown:
        print(f"{title}\n")
        print("| " + " | ".join(COLUMNS) + " |")
        print("|" + " --- |" * len(COLUMNS))
        for row in rows:
            print("| " + " | ".join(row) + " |")
        return
    table = Table(title=title, title_justify="left")
    for head in COLUMNS:
        table.add_column(head, justify="left" if head in ("kind", "pairing") else "right")
    for row in rows:
        table.add_row(*row, style="red" if "BELOW" in row[3] else None)
    console.print(table)


def parse(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="plaza bench bots", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--kinds", default=",".join(KINDS), help="comma-separated game kinds")
    parser.add_argument("--games", type=int, default=10, help="games per kind and pairing")
    parser.add_argument("--budget", type=float, default=1.0,
                        help="seconds the search may think per move (default 1.0)")
    parser.add_argument("--iterations", type=int, default=1_000_000,
                        help="most search iterations per move (default: the budget decides)")
    parser.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> None:
    args = parse(argv)
    tallies = []
    for kind in args.kinds.split(","):
        for level, opponent, target in PAIRINGS:
            tally = Tally(kind, level, opponent, target)
            for seed in range(1, args.games + 1):
                play(tally, seed, args)
            console.print(f"[dim]  {kind}: {level} vs {opponent}: {tally.rate:.0%} of "
                          f"{tally.games} games[/]")
            tallies.append(tally)
    title = (f"plaza bench bots: two-player games, seats alternated, search budget "
             f"{args.budget:g} s a move (at most {args.iterations:,} iterations); {machine()}")
    show(tallies, title, args.budget, args.markdown)
    console.print("[dim]Win rate: the first level's wins plus half its draws. Times: moves the "
                  "search thought about (one legal command is answered at once).[/]")


if __name__ == "__main__":
    main()
