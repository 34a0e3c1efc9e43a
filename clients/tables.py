"""Tables in words and in time (an extension of PROTOCOL.md): the clock presets, a clock
typed on the command line, a table's options as a short phrase, and each seat's time left
ticking on from the last frame.

A frame's `table.clock` gives each seat's time left at server time `at` and the seats whose
clocks run from then on. The server's clock and ours differ, so `SeatClocks` never reads
`at` against our wall clock: each frame gives a lower bound of the server's time now
(`at` is in the past when the frame arrives), and the highest bound seen, kept against a
monotonic clock, is the estimate.
"""

from __future__ import annotations

import re
import time
from collections.abc import Sequence
from typing import Any

# PROTOCOL.md's presets: a bank plus an increment each time a turn ends, or a time per turn.
PRESETS: dict[str, dict[str, int]] = {
    "fast": {"bank_ms": 180_000, "increment_ms": 10_000},
    "normal": {"bank_ms": 600_000, "increment_ms": 30_000},
    "slow": {"bank_ms": 1_200_000, "increment_ms": 60_000},
    "daily": {"per_move_ms": 24 * 3600 * 1000},
}
EXPIRIES = ("bot", "drop", "abandon")
LEVELS = ("random", "greedy", "search")
LOW_MS = 30_000  # less than this left: shown as running low

_BANK = re.compile(r"^(\d+(?:\.\d+)?)(?:\+(\d+(?:\.\d+)?))?$")
_PER_MOVE = re.compile(r"^(\d+(?:\.\d+)?)/(?:move|turn)$")


def parse_clock(spec: str) -> str | dict[str, int]:
    """A clock as typed: a preset's name, `BANK+INC` in seconds (`300+5`; `300` alone: no
    increment), or `SECONDS/move` (a fixed time per turn). ValueError says what is wrong."""
    text = spec.strip().lower()
    if text in PRESETS:
        return text
    if match := _BANK.match(text):
        bank = {"bank_ms": round(float(match[1]) * 1000)}
        return bank | ({"increment_ms": round(float(match[2]) * 1000)} if match[2] else {})
    if match := _PER_MOVE.match(text):
        return {"per_move_ms": round(float(match[1]) * 1000)}
    raise ValueError(f"{spec!r} is not a clock: give {', '.join(PRESETS)}, BANK+INC in "
                     "seconds (such as 300+5) or SECONDS/move (such as 60/move)")


def format_ms(ms: float) -> str:
    """Time left as a clock shows it: `2:05:00`, `4:59`, `0:09.4` (tenths under 20 s)."""
    ms = max(0, int(ms))
    hours, rest = divmod(ms, 3_600_000)
    minutes, rest = divmod(rest, 60_000)
    if hours >= 24:
        return f"{hours // 24}d {hours % 24}h"
    if hours:
        return f"{hours}:{minutes:02d}:{rest // 1000:02d}"
    if ms < 20_000:
        return f"{minutes}:{rest // 1000:02d}.{rest % 1000 // 100}"
    return f"{minutes}:{rest // 1000:02d}"


def _span(ms: int) -> str:
    """A length of time in words: `3 min`, `10 s`, `24 h`, `1 min 30 s`."""
    seconds = ms // 1000
    if seconds and seconds % 3600 == 0:
        return f"{seconds // 3600} h"
    if seconds >= 60:
        minutes, rest = divmod(seconds, 60)
        return f"{minutes} min" + (f" {rest} s" if rest else "")
    return f"{ms / 1000:g} s"


def clock_words(clock: Any) -> str:
    """A clock (a preset's name or its fields) in words: `fast (3 min + 10 s)`, `1 min a turn`."""
    if isinstance(clock, str):
        return clock_words(PRESETS[clock]) if clock in PRESETS else clock
    if not isinstance(clock, dict):
        return "no clock"
    preset = next((name for name, fields in PRESETS.items() if fields == clock), None)
    if clock.get("per_move_ms"):
        words = f"{_span(int(clock['per_move_ms']))} a turn"
    else:
        words = _span(int(clock.get("bank_ms", 0)))
        if clock.get("increment_ms"):
            words += f" + {_span(int(clock['increment_ms']))}"
    return f"{preset} ({words})" if preset else words


def table_words(options: Any) -> str:
    """A table's options as a short phrase for a list of games ("" for a table without any)."""
    if not isinstance(options, dict) or not options:
        return ""
    parts = []
    if options.get("clock") is not None:
        parts.append(f"clock {clock_words(options['clock'])}")
        parts.append(f"out of time: {options.get('on_expiry', 'bot')}")
    if options.get("leave_after_s"):
        parts.append(f"away {options['leave_after_s']} s: a bot plays")
    return ", ".join(parts)


class SeatClocks:
    """Each seat's time left, ticking on from the latest frame's `table.clock`."""

    def __init__(self, now: Any = time.monotonic) -> None:
        self._now = now  # seconds, monotonic
        self.offset_ms: float | None = None  # server ms minus our monotonic ms (a lower bound)
        self.clock: dict[str, Any] | None = None

    def note(self, table: Any, server_ms: float | None = None) -> None:
        """A frame's table arrived now; `server_ms`, the server's time now if known (an HTTP
        `Date`), tightens the estimate."""
        clock = table.get("clock") if isinstance(table, dict) else None
        self.clock = clock if isinstance(clock, dict) else None
        local = self._now() * 1000
        for bound in (self.clock["at"] if self.clock else None, server_ms):
            if bound is not None and (self.offset_ms is None or bound - local > self.offset_ms):
                self.offset_ms = bound - local

    @property
    def running(self) -> list[int]:
        return list(self.clock.get("running", [])) if self.clock else []

    def remaining(self, seat: int) -> int | None:
        """The seat's time left now in ms, or None without a clock."""
        if not self.clock or seat >= len(self.clock.get("remaining_ms", [])):
            return None
        left = int(self.clock["remaining_ms"][seat])
        if seat in self.running and self.offset_ms is not None:
            left -= max(0, int(self._now() * 1000 + self.offset_ms - self.clock["at"]))
        return max(0, left)

    def all(self, seats: int) -> Sequence[int | None]:
        return [self.remaining(seat) for seat in range(seats)]
