"""`--profile DIR`: py-spy on the server process during the closed loop, and its top functions.

py-spy (from PyPI, in the test extras' environment or on PATH) samples the server from
outside without pausing it (`--nonblocking`), so the figures of a profiled run are close to
those of a plain one but not the same: quote the table from a run without `--profile`.
The raw file (collapsed stacks) is kept in DIR for flame graphs; the summary gives, per
function, the share of samples where it was running (self) and on the stack (total).
"""

from __future__ import annotations

import shutil
import signal
import subprocess
import sys
from collections import Counter
from pathlib import Path

from rich.table import Table

from bench.report import console

RATE = 250  # samples per second


def py_spy() -> str | None:
    here = Path(sys.executable).parent / "py-spy"
    return str(here) if here.exists() else shutil.which("py-spy")


class Profiler:
    """py-spy recording one process until `stop`."""

    def __init__(self, pid: int, out: Path) -> None:
        self.out = out
        binary = py_spy()
        if binary is None:
            raise SystemExit("--profile needs py-spy: pip install py-spy")
        out.parent.mkdir(parents=True, exist_ok=True)
        self.proc = subprocess.Popen([binary, "record", "--pid", str(pid), "--format", "raw",
                                      "--rate", str(RATE), "--nonblocking", "-F", "-o", str(out)],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                self.proc.kill()


def top(raw: Path, count: int = 25) -> tuple[int, list[tuple[str, int, int]]]:
    """(samples, [(function, self samples, total samples)]) from py-spy's collapsed stacks."""
    own: Counter[str] = Counter()
    total: Counter[str] = Counter()
    samples = 0
    for line in raw.read_text().splitlines():
        stack, _, number = line.rpartition(" ")
        if not stack or not number.isdigit():
            continue
        n = int(number)
        frames = stack.split(";")
        samples += n
        own[frames[-1]] += n
        for frame in set(frames):
            total[frame] += n
    return samples, [(name, n, total[name]) for name, n in own.most_common(count)]


def print_top(kind: str, raw: Path, count: int = 25) -> None:
    if not raw.exists():
        console.print(f"[red]no profile of {kind} in {raw}[/]")
        return
    samples, rows = top(raw, count)
    table = Table(title=f"server profile, {kind}, closed loop: {samples:,} samples ({raw})",
                  title_justify="left")
    for head in ("function (file:line)", "self", "total"):
        table.add_column(head, justify="left" if head.startswith("function") else "right")
    for name, own, total in rows:
        table.add_row(name, f"{own / samples:.1%}", f"{total / samples:.1%}")
    console.print(table)
