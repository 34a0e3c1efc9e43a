"""Keyboard and piped input for asyncio: whole lines, or single keys on a terminal.

A daemon thread reads the file descriptor with `os.read` (no buffered stdin object, so
nothing holds a lock at exit) and hands the input to the event loop. Piped input works
the same as typed input, so the terminal client can be driven by a script.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import sys
import threading
from typing import Any

_ESCAPES = {"\x1b[C": "right", "\x1b[D": "left", "\x1b[A": "up", "\x1b[B": "down",
            "\x1b[H": "home", "\x1b[F": "end", "\x1b[5~": "pageup", "\x1b[6~": "pagedown"}


class Input:
    """Lines (`keys=False`) or single keys (`keys=True`, on a terminal only)."""

    def __init__(self, fd: int | None = None, keys: bool = False) -> None:
        self.fd = sys.stdin.fileno() if fd is None else fd
        self.keys = keys and os.isatty(self.fd)
        self._queue: asyncio.Queue[str | None] = asyncio.Queue()
        self._saved: Any = None
        self._thread: threading.Thread | None = None

    @property
    def interactive(self) -> bool:
        return os.isatty(self.fd)

    def start(self) -> Input:
        loop = asyncio.get_running_loop()
        if self.keys:
            import termios
            import tty

            self._saved = termios.tcgetattr(self.fd)
            tty.setcbreak(self.fd)
        self._thread = threading.Thread(target=self._read, args=(loop,), daemon=True,
                                        name="plaza-input")
        self._thread.start()
        return self

    def close(self) -> None:
        if self._saved is not None:
            import termios

            with contextlib.suppress(Exception):
                termios.tcsetattr(self.fd, termios.TCSADRAIN, self._saved)
            self._saved = None

    async def get(self) -> str | None:
        """The next line (without its newline) or key; None at the end of input."""
        item = await self._queue.get()
        if item is None:
            self._queue.put_nowait(None)
        return item

    def _read(self, loop: asyncio.AbstractEventLoop) -> None:
        buffer = b""
        while True:
            try:
                chunk = os.read(self.fd, 4096)
            except OSError:
                chunk = b""
            if not chunk:
                if buffer and not self.keys:
                    self._put(loop, buffer.decode(errors="replace").strip())
                self._put(loop, None)
                return
            if self.keys:
                for key in _split_keys(chunk.decode(errors="replace")):
                    self._put(loop, key)
                continue
            buffer += chunk
            while b"\n" in buffer:
                line, buffer = buffer.split(b"\n", 1)
                self._put(loop, line.decode(errors="replace").strip())

    def _put(self, loop: asyncio.AbstractEventLoop, item: str | None) -> None:
        with contextlib.suppress(RuntimeError):  # the loop is gone: the program is ending
            loop.call_soon_threadsafe(self._queue.put_nowait, item)


def _split_keys(text: str) -> list[str]:
    keys: list[str] = []
    i = 0
    while i < len(text):
        for seq, name in _ESCAPES.items():
            if text.startswith(seq, i):
                keys.append(name)
                i += len(seq)
                break
        else:
            char = text[i]
            keys.append("enter" if char in "\r\n" else "backspace" if char in "\x7f\b" else char)
            i += 1
    return keys
