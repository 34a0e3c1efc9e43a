"""`plaza bench instructions`: the server's instructions per command, counted by valgrind's
callgrind, for comparing two versions of the code on a machine too noisy for timings.

The server runs under `valgrind --tool=callgrind` (about fifty times slower) with the table's
load shape: `--games` games of 4 seats and 4 spectators in a closed loop, every command
committed to SQLite and fanned out to all 8 connections. After a warm-up window, the
counters are zeroed as each 5 s window begins (`callgrind_control -z`) and dumped once its
commands are answered (`-d`), before ended games are replaced; the commands are those the
server counted as accepted meanwhile (plaza_commands_total). User-space instructions only:
the kernel's side of the system calls is not counted, and an instruction that misses the
cache costs the same as one that hits, so the figure tracks the work the code does, not the
time it takes. Two runs of one code agreed within 0.3% (tinydraw) and 3% (villa) on
2026-12-05, when the CPU time of the same code moved by 20% between minutes.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import httpx

from bench.cpu import Meter
from bench.load import Load
from bench.report import console
from bench.runs import KINDS, LONG_GAMES, extra_games
from bench.serverproc import BenchServer

WINDOW = 5.0  # seconds: games that end are replaced between windows
ACCEPTED = re.compile(r'^plaza_commands_total\{[^}]*answer="accepted"[^}]*\} (\S+)$', re.M)


def accepted(url: str) -> float:
    return sum(map(float, ACCEPTED.findall(httpx.get(f"{url}/metrics", timeout=60).text)))


def control(flag: str, pid: int) -> None:
    subprocess.run(["callgrind_control", flag, str(pid)], check=True, capture_output=True)


class Window:
    """Counts of the measured windows: the counters zeroed as each begins, dumped once what
    it sent is answered (before the spares are topped up: new games are not commands)."""

    def __init__(self, server: BenchServer) -> None:
        self.server = server
        self.commands = 0.0
        self.before = 0.0

    def begin(self) -> None:
        self.before = accepted(self.server.url)
        control("-z", self.server.pid)

    def end(self) -> None:
        control("-d", self.server.pid)
        self.commands += accepted(self.server.url) - self.before


async def closed_loop(server: BenchServer, kind: str, games: int, seconds: float) -> float:
    """Commands accepted in the measured windows (`seconds` in all)."""
    load = Load([(server.url, server.ws_url)], kind, LONG_GAMES.get(kind, {}), Meter([server.pid]))
    counts = Window(server)
    try:
        await load.grow(games, games)
        await load.window(WINDOW, None, measure=False)  # warm-up: caches, first games
        left = seconds
        while left > 0.01:
            counts.begin()
            left -= await load.window(min(WINDOW, left), None, measure=True, drained=counts.end)
        return counts.commands
    finally:
        load.close()


def totals(dump: Path) -> int:
    for line in dump.read_text(errors="replace").splitlines():
        if line.startswith(("summary:", "totals:")):
            return int(line.split()[1])
    raise RuntimeError(f"no totals in {dump}")


def measure(kind: str, games: int, seconds: float, workdir: Path) -> None:
    workdir = workdir / kind  # a fresh database
    workdir.mkdir()
    out = workdir / "callgrind.out"
    server = BenchServer(workdir, None, extra_games(kind), boot_seconds=300,
                         wrapper=("valgrind", "--tool=callgrind", f"--callgrind-out-file={out}"))
    server.start()
    try:
        commands = asyncio.run(closed_loop(server, kind, games, seconds))
    finally:
        server.stop()
    dumps = list(workdir.glob("callgrind.out.*"))  # one a window (the last, at exit: not)
    if not dumps or not commands:
        raise SystemExit(f"{kind}: nothing measured ({commands:.0f} commands)")
    per = sum(map(totals, dumps)) / commands
    console.print(f"[bold]{kind}[/]: {commands:,.0f} commands in {len(dumps)} windows, "
                  f"[bold]{per:,.0f} instructions a command[/]")


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="plaza bench instructions", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--kinds", default="tinydraw", help=f"comma-separated ({','.join(KINDS)})")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=20.0,
                        help="measured seconds (under valgrind: about 100 tinydraw commands a second)")
    parser.add_argument("--keep", default="", metavar="DIR", help="keep the callgrind files in DIR")
    args = parser.parse_args(argv)
    if not (shutil.which("valgrind") and shutil.which("callgrind_control")):
        raise SystemExit("plaza bench instructions needs valgrind (Debian's package valgrind)")
    os.environ["PYTHONHASHSEED"] = "0"  # the server's dicts laid out alike from run to run
    with tempfile.TemporaryDirectory(prefix="plaza-instructions-") as tmp:
        workdir = Path(args.keep) if args.keep else Path(tmp)
        workdir.mkdir(parents=True, exist_ok=True)
        for kind in args.kinds.split(","):
            measure(kind, args.games, args.seconds, workdir)
