"""The tables `plaza bench` prints: on the terminal with rich, or as Markdown for README.md."""

from __future__ import annotations

import datetime
import os
import platform
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from rich.console import Console
from rich.table import Table

from bench.cpu import HZ, OTHER_LIMIT
from bench.load import STALL, Result

if TYPE_CHECKING:
    from bench.runs import Row

# Wide enough for the table when the output is a file or a pipe, not a terminal.
console = Console(width=None if sys.stdout.isatty() else 200)


def machine() -> str:
    """The date, the CPUs and the load average, for the line above a table."""
    model = ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    load = os.getloadavg() if hasattr(os, "getloadavg") else (0.0, 0.0, 0.0)
    return (f"{datetime.datetime.now().astimezone():%Y-%m-%d %H:%M %Z}, {os.cpu_count()} CPUs "
            f"{model}, Python {platform.python_version()}, load average {load[0]:.2f} before")


def pct(value: float) -> str:
    return f"{value:.0%}"


def pair(closed: float, opened: float) -> str:
    return f"{pct(closed)} / {pct(opened)}"


def latency(result: Result) -> str:
    return f"{result.p(0.5):.1f} / {result.p(0.99):.1f}"


def server_us(result: Result) -> str:
    """Server CPU per command, microseconds."""
    if not result.commands:
        return "-"
    return f"{result.usage.server / HZ * 1e6 / result.commands:,.0f}"


def validity(problems: Sequence[str], saturated: int = 0) -> str:
    if problems:
        return "NOT VALID: " + "; ".join(problems)
    return f"valid; server saturated, {saturated} sends skipped" if saturated else "valid"


COLUMNS = ("kind", "closed loop cmd/s", "server CPU closed / open", "generator CPU closed / open",
           "other CPU closed / open", "server µs/cmd (closed)", "open {rate:g}/s: done/s",
           "open p50 / p99 ms", "RSS MiB", "validity")


def cells(row: Row) -> list[str]:
    c, o = row.closed, row.open
    return [row.kind, f"{c.rate:,.0f}", pair(c.usage.server_cores, o.usage.server_cores),
            pair(c.usage.generator_cores, o.usage.generator_cores),
            pair(c.usage.other_cores, o.usage.other_cores), server_us(c), f"{o.rate:,.0f}",
            latency(o), f"{c.usage.rss / 1024:,.0f}",
            validity(row.problems(), o.skipped if o.saturated() else 0)]


def print_rows(rows: Sequence[Row], rate: float, title: str, markdown: bool) -> None:
    heads = [h.format(rate=rate) for h in COLUMNS]
    if markdown:
        print(f"{title}\n")
        print("| " + " | ".join(heads) + " |")
        print("|" + " --- |" * len(heads))
        for row in rows:
            print("| " + " | ".join(cells(row)) + " |")
        return
    table = Table(title=title, title_justify="left")
    for head in heads:
        table.add_column(head, justify="left" if head in ("kind", "validity") else "right")
    for row in rows:
        table.add_row(*cells(row), style=None if not row.problems() else "red")
    console.print(table)


def print_row_details(row: Row) -> None:
    print_details(f"{row.kind} closed", row.closed)
    print_details(f"{row.kind} open", row.open)
    console.print(f"[dim]  {row.kind} open: the server's garbage-collector pauses, its loop's "
                  f"lateness: {row.pauses}[/]")


def print_details(name: str, result: Result) -> None:
    """What the table leaves out: the spread of latency and how the games turned over."""
    console.print(f"[dim]  {name}: {result.summary()}; {result.rejected} refused, "
                  f"{result.ended} games ended and replaced, {result.cut} windows cut short "
                  f"(no spare game left), {result.late} sent late, {result.skipped} with every "
                  f"game busy; {result.usage.other_detail()}; the generator's own loop late over "
                  f"{STALL * 1000:g} ms {result.stalls} times ({result.stalls_off_cpu} of them not "
                  f"running)[/]")


FOOTNOTE = (f"CPU in cores (100% = one CPU for the measured windows), from /proc: the server process, "
            f"the load generator, and everything else on the machine; a run where the rest took "
            f"more than {OTHER_LIMIT:.0%} of a core is NOT VALID.")
