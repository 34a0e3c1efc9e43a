"""The protocol's rules for one WebSocket connection, without any I/O (sans-I/O).

`Session.receive(text, now)` takes one frame as text and returns what should happen: frames
to send, a close, a hello to resolve or a command to run. It never awaits, never reads a
clock (the caller passes `now`) and never touches a socket, so every rule of PROTOCOL.md that
needs no game (rate and size limits, frame shapes, refs, the hello deadline, spectators)
is tested in memory. server/ws.py drives it with real sockets.
"""

from __future__ import annotations

from dataclasses import dataclass

import msgspec

from .limits import Refused, check_plain
from .protocol import (
    MAX_FRAME,
    Command,
    Error,
    Hello,
    Leave,
    Ping,
    Pong,
    Reclaim,
    Rejected,
    Undo,
    client_decoder,
)

_encoder = msgspec.json.Encoder()
PONG = _encoder.encode(Pong())
FLOOD_CLOSE_AFTER = 50  # refused frames in a row before the connection is closed
MAX_REF = 128


@dataclass(frozen=True)
class Send:
    """Send these bytes; `code` names the refusal they carry, if any (for metrics)."""

    data: bytes
    code: str | None = None


@dataclass(frozen=True)
class Close:
    code: int
    reason: str


@dataclass(frozen=True)
class Follow:
    """Resolve this hello (the game, the token) and report back with `followed` or `error`."""

    hello: Hello


@dataclass(frozen=True)
class Act:
    """Run this command, undo, leave or reclaim for `seat` and send its answer."""

    seat: int
    frame: Command | Undo | Leave | Reclaim


Output = Send | Close | Follow | Act


def error(code: str, message: str, ref: str | None = None) -> Send:
    return Send(_encoder.encode(Error(code, message, ref)), code)


class RateLimit:
    """A token bucket: `rate` frames a second on average, `burst` at once."""

    def __init__(self, rate: float, burst: int, now: float) -> None:
        self.rate, self.burst = rate, float(burst)
        self.tokens = float(burst)
        self.stamp = now

    def allow(self, now: float) -> bool:
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


class Session:
    def __init__(self, rate: float, burst: int, hello_seconds: float, now: float) -> None:
        self.limit = RateLimit(rate, burst, now)
        self.hello_by: float | None = now + hello_seconds
        self.hello_seconds = hello_seconds
        self.game: str | None = None  # the game followed, once the hello is resolved
        self.seat: int | None = None
        self.pending_hello = False
        self.floods = 0
        self.closed = False

    # -- what the driver reports back ---------------------------------------------------

    def followed(self, game: str, seat: int | None) -> None:
        self.game, self.seat = game, seat
        self.pending_hello = False
        self.hello_by = None

    def unresolved(self) -> None:
        """The hello named no game it may follow (the driver sent the error)."""
        self.pending_hello = False

    def expire(self, now: float) -> list[Output]:
        """Close a connection that has not said hello in time; nothing otherwise."""
        if self.closed or self.hello_by is None or now < self.hello_by or self.pending_hello:
            return []
        self.closed = True
        return [error("no_hello", f"Send a hello within {self.hello_seconds:g} s of connecting."),
                Close(1008, "no hello")]

    # -- frames ---------------------------------------------------------------------------

    def receive(self, text: str, now: float) -> list[Output]:
        if self.closed:
            return []
        if not self.limit.allow(now):
            return self._flooded()
        self.floods = 0
        if len(text) > MAX_FRAME // 4 and len(text.encode()) > MAX_FRAME:
            return [error("too_large", f"The frame is over {MAX_FRAME} bytes.")]
        try:
            frame = client_decoder.decode(text)
        except msgspec.ValidationError as exc:
            return [error("bad_frame", f"The frame does not fit the protocol: {exc}.")]
        except msgspec.DecodeError:
            return [error("bad_json", "The frame is not valid JSON.")]
        except RecursionError:
            return [error("bad_frame", "The frame is nested too deep.")]
        match frame:
            case Ping():
                return [Send(PONG)]
            case Hello():
                return self._hello(frame)
            case Command() | Undo() | Leave() | Reclaim():
                return self._act(frame)
        raise AssertionError(f"unhandled frame {frame!r}")

    def _flooded(self) -> list[Output]:
        self.floods += 1
        if self.floods >= FLOOD_CLOSE_AFTER:
            self.closed = True
            return [Close(1008, "flood")]
        return [error("rate_limited", "Too many frames: slow down (at most about "
                      f"{int(self.limit.rate)} a second).")]

    def _hello(self, frame: Hello) -> list[Output]:
        if self.game is not None or self.pending_hello:
            return [error("bad_frame", f"This connection already follows game {self.game or frame.game}.")]
        self.pending_hello = True
        return [Follow(frame)]

    def _act(self, frame: Command | Undo | Leave | Reclaim) -> list[Output]:
        if self.game is None:
            return [error("bad_frame", "Send a hello for a game before commands.")]
        if not frame.ref or len(frame.ref) > MAX_REF:
            return [error("bad_frame", f"ref: give a ref of 1 to {MAX_REF} characters.")]
        if isinstance(frame, Command):
            try:
                check_plain(frame.command, "command")
            except Refused as exc:
                return [error("bad_frame", str(exc), frame.ref)]
        if self.seat is None:
            rejected = Rejected(frame.ref, "not_a_seat",
                                "Spectators cannot play: join a seat to send commands.")
            return [Send(_encoder.encode(rejected), "not_a_seat")]
        return [Act(self.seat, frame)]
