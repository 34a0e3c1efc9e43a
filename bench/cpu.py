"""Where the machine's CPU went during a measured window: the server, the generator, the rest.

Read from /proc/stat (the whole machine: every CPU's busy time, softirq and steal
included) and /proc/<pid>/stat (each process, all its threads). "Other" is whatever the
machine was busy with beyond the server processes (and a Redis the benchmark started)
and the generator: other people's tests, a build, the hypervisor's steal. Figures are
in cores: 1.0 is one CPU busy for the whole window.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

HZ = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
OTHER_LIMIT = 0.15  # cores of other load above which a run is not valid
GENERATOR_LIMIT = 0.85  # cores: a generator this busy may be what limits the figure


def machine_busy() -> tuple[int, int, int]:
    """Clock ticks every CPU spent on anything but idle and I/O wait since boot; of them,
    those in interrupts (loopback networking included: ours too) and stolen by the host."""
    fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    fields += [0] * (10 - len(fields))
    idle = fields[3] + fields[4]
    guest = fields[8] + fields[9]  # already counted in user and nice
    return sum(fields) - idle - guest, fields[5] + fields[6], fields[7]


def process_ticks(pid: int) -> int:
    """User and system clock ticks of one process (all its threads), 0 once it is gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return 0
    fields = text.rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def rss_kib(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


@dataclass(frozen=True)
class Sample:
    wall: float
    busy: int
    irq: int
    steal: int
    server: int
    generator: int
    rss: int  # KiB, all server processes


@dataclass
class Usage:
    """CPU of a run, summed over its measured windows."""

    wall: float = 0.0
    busy: int = 0
    irq: int = 0
    steal: int = 0
    server: int = 0
    generator: int = 0
    rss: int = 0  # KiB, the largest seen at a window's end

    def add(self, before: Sample, after: Sample) -> None:
        self.wall += after.wall - before.wall
        self.busy += after.busy - before.busy
        self.irq += after.irq - before.irq
        self.steal += after.steal - before.steal
        self.server += after.server - before.server
        self.generator += after.generator - before.generator
        self.rss = max(self.rss, after.rss)

    def _cores(self, ticks: int) -> float:
        return ticks / HZ / self.wall if self.wall > 0 else float("nan")

    @property
    def server_cores(self) -> float:
        return self._cores(self.server)

    @property
    def generator_cores(self) -> float:
        return self._cores(self.generator)

    @property
    def other_cores(self) -> float:
        return max(0.0, self._cores(self.busy - self.server - self.generator))

    def other_detail(self) -> str:
        return (f"other {self.other_cores:.0%}, steal {self._cores(self.steal):.0%}; "
                f"interrupts {self._cores(self.irq):.0%} (in whichever process they hit)")

    def problems(self) -> list[str]:
        """Why the figures of this run cannot be trusted; empty when they can."""
        out = []
        if self.other_cores > OTHER_LIMIT:
            out.append(f"other load {self.other_cores:.0%}")
        if self.generator_cores > GENERATOR_LIMIT:
            out.append(f"generator {self.generator_cores:.0%}")
        return out


@dataclass
class Meter:
    """Samples the machine, the server processes (and a private Redis) and the generator's
    processes (this one by default)."""

    servers: list[int]
    generators: list[int] = field(default_factory=lambda: [os.getpid()])
    memory: list[int] | None = None  # the processes whose RSS counts (default: servers)
    more: Callable[[], list[int]] | None = None  # processes found anew at each sample

    def sample(self, wall: float) -> Sample:
        servers = [*self.servers, *(self.more() if self.more is not None else [])]
        return Sample(wall, *machine_busy(), sum(map(process_ticks, servers)),
                      sum(map(process_ticks, self.generators)),
                      sum(map(rss_kib, self.servers if self.memory is None else self.memory)))


def background(seconds: float = 3.0) -> float:
    """Cores the machine is busy with now, over `seconds` (before anything of ours runs)."""
    wall, (busy, _, _) = time.monotonic(), machine_busy()
    time.sleep(seconds)
    return (machine_busy()[0] - busy) / HZ / (time.monotonic() - wall)


def wait_quiet(patience: float, say: Callable[[str], None]) -> float:
    """Wait up to `patience` seconds for the machine's load to fall under OTHER_LIMIT;
    returns the last load seen (cores)."""
    deadline = time.monotonic() + patience
    load = background()
    while load > OTHER_LIMIT and time.monotonic() < deadline:
        say(f"waiting for the machine to be quiet: busy {load:.0%} of a core")
        time.sleep(5)
        load = background()
    return load
