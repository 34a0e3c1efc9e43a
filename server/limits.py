"""What the server refuses at its edge, before anything reaches a game or the store.

A value that cannot be stored (an integer past 64 bits), a body nested past any real
use, a name with control characters, a client creating games faster than people do:
each is refused here with a sentence, so that it never fails inside a transaction that
other games' writes share, and never reaches a terminal as an escape sequence.
"""

from __future__ import annotations

import time
import unicodedata
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1
MAX_DEPTH = 32  # nesting of a game's options or command: the real ones use 3 or 4
MAX_NAME = 40
# Control characters, format characters (the bidirectional overrides and isolates among
# them), surrogates and line/paragraph separators: none belongs in a player's name.
_REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})


@dataclass(frozen=True)
class Limits:
    """Every limit the server keeps, each a flag and a variable (README.md lists them)."""

    create_rate: float = 0.5  # games a client address may create (or fork, or import) a second
    create_burst: int = 20  # ... and at once
    waiting_per_address: int = 20  # games of one address waiting for players at a time
    hello_seconds: float = 5.0  # a WebSocket must say hello within this
    header_seconds: float = 10.0  # an HTTP request's headers must arrive within this
    body_seconds: float = 20.0  # and its body within this
    max_body: int = 1 << 20  # bytes of a JSON request body
    max_replay: int = 16 << 20  # bytes of an imported replay file
    max_buffered: int = 4 << 20  # bytes waiting for a WebSocket client before it is closed
    ping_seconds: float = 20.0  # between keepalive pings; a pong later than this closes (1011)


class Refused(ValueError):
    """A value refused at the edge; the message names the field and the rule."""


def check_plain(value: Any, where: str, depth: int = 0) -> None:
    """Refuse integers outside 64 bits and nesting deeper than `MAX_DEPTH`, anywhere."""
    if depth > MAX_DEPTH:
        raise Refused(f"{where}: nested more than {MAX_DEPTH} levels deep.")
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        if not INT64_MIN <= value <= INT64_MAX:
            raise Refused(f"{where}: {_short(value)} does not fit in 64 bits.")
    elif isinstance(value, dict):
        for key, item in value.items():
            check_plain(item, f"{where}.{_short(key)}", depth + 1)
    elif isinstance(value, list | tuple):
        for index, item in enumerate(value):
            check_plain(item, f"{where}[{index}]", depth + 1)


def _short(value: Any) -> str:
    text = str(value)
    return text if len(text) <= 24 else f"{text[:20]}…({len(text)} characters)"


def clean_name(name: str, where: str = "name") -> str:
    """The name without surrounding spaces; refused if empty, too long or not printable."""
    name = name.strip()
    if not name or len(name) > MAX_NAME:
        raise Refused(f"{where}: give a name of 1 to {MAX_NAME} characters.")
    bad = next((ch for ch in name if unicodedata.category(ch) in _REFUSED_CATEGORIES), None)
    if bad is not None:
        raise Refused(f"{where}: the character U+{ord(bad):04X} is not allowed in a name "
                      "(control and text-direction characters are refused).")
    return name


class PerAddress:
    """A token bucket per client address: `rate` actions a second, `burst` at once.

    At most `tracked` addresses are remembered (the least recently seen are forgotten,
    which only ever gives an address a fresh, full bucket)."""

    def __init__(self, rate: float, burst: int, tracked: int = 10_000) -> None:
        self.rate, self.burst, self.tracked = rate, float(burst), tracked
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def allow(self, address: str) -> bool:
        now = time.monotonic()
        tokens, stamp = self._buckets.pop(address, (self.burst, now))
        tokens = min(self.burst, tokens + (now - stamp) * self.rate)
        allowed = tokens >= 1
        self._buckets[address] = (tokens - 1 if allowed else tokens, now)
        if len(self._buckets) > self.tracked:
            self._buckets.popitem(last=False)
        return allowed

    def wait(self, address: str) -> float:
        """Seconds until `address` may act again (for a Retry-After header)."""
        tokens, _ = self._buckets.get(address, (self.burst, 0.0))
        return max(0.0, (1 - tokens) / self.rate) if self.rate > 0 else 60.0
