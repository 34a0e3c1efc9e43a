"""A lean WebSocket client for the load generator: an asyncio Protocol, no task per connection.

The `websockets` library costs tens of microseconds of Python per frame received, and the
generator receives 8 frames per command; at 2,000 commands a second that alone is most of
a core. This client parses the server's frames in `data_received` and hands each whole
message, as bytes, to a callback: no coroutine, no queue, no decoding. It speaks just what
the benchmark needs of RFC 6455: the opening handshake, text frames out (masked with an
all-zero key, which leaves the payload as it is), text or binary frames in (fragmented ones
joined), ping answered by pong, close, and permessage-deflate on received frames when the
server agreed to it (the frames sent are never compressed, which the extension allows).
"""

from __future__ import annotations

import asyncio
import base64
import os
import zlib
from collections.abc import Callable
from typing import cast
from urllib.parse import urlsplit

OnMessage = Callable[[bytes], None]
_TAIL = b"\x00\x00\xff\xff"
_ZERO_MASK = b"\x00\x00\x00\x00"


def _header(opcode: int, size: int) -> bytes:
    """A final, masked frame's header (mask key all zero) for a payload of `size` bytes."""
    if size < 126:
        return bytes((0x80 | opcode, 0x80 | size)) + _ZERO_MASK
    if size < 1 << 16:
        return bytes((0x80 | opcode, 0x80 | 126)) + size.to_bytes(2, "big") + _ZERO_MASK
    return bytes((0x80 | opcode, 0x80 | 127)) + size.to_bytes(8, "big") + _ZERO_MASK


class WireClient(asyncio.Protocol):
    """One connection. `on_message` is called with each text message's bytes, in order."""

    def __init__(self, on_message: OnMessage) -> None:
        self.on_message = on_message
        self.transport: asyncio.Transport | None = None
        self.opened: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.closed = False
        self.buf = bytearray()
        self.parts: list[bytes] = []
        self.inflate: zlib._Decompress | None = None  # set when the server agreed to deflate
        self.compressed = False

    # -- asyncio.Protocol ------------------------------------------------------------------

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.Transport, transport)  # uvloop's is not a subclass

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed = True
        if not self.opened.done():
            self.opened.set_exception(ConnectionError("closed during the handshake"))

    def data_received(self, data: bytes) -> None:
        self.buf += data
        if not self.opened.done():
            end = self.buf.find(b"\r\n\r\n")
            if end < 0:
                return
            head = bytes(self.buf[:end]).decode("latin-1")
            del self.buf[:end + 4]
            if not head.startswith("HTTP/1.1 101"):
                self.opened.set_exception(ConnectionError(head.split("\r\n", 1)[0]))
                return
            if "permessage-deflate" in head.lower():
                self.inflate = zlib.decompressobj(-zlib.MAX_WBITS)
            self.opened.set_result(None)
        self._frames()

    # -- frames ------------------------------------------------------------------------------

    def _frames(self) -> None:
        buf, at, size = self.buf, 0, len(self.buf)
        while size - at >= 2:
            first, length = buf[at], buf[at + 1] & 0x7F
            start = at + 2
            if length == 126:
                if size - at < 4:
                    break
                length, start = int.from_bytes(buf[at + 2:at + 4], "big"), at + 4
            elif length == 127:
                if size - at < 10:
                    break
                length, start = int.from_bytes(buf[at + 2:at + 10], "big"), at + 10
            if size - start < length:
                break
            payload = bytes(buf[start:start + length])
            at = start + length
            self._frame(first, payload)
        if at:
            del buf[:at]

    def _frame(self, first: int, payload: bytes) -> None:
        opcode = first & 0x0F
        if opcode in (1, 2):
            self.compressed = bool(first & 0x40)
            self.parts = [payload]
        elif opcode == 0:
            self.parts.append(payload)
        elif opcode == 9:
            self._write(0xA, payload)
            return
        elif opcode == 8:
            self.close()
            return
        else:
            return
        if first & 0x80:
            message = self.parts[0] if len(self.parts) == 1 else b"".join(self.parts)
            self.parts = []
            if self.compressed and self.inflate is not None:
                message = self.inflate.decompress(message + _TAIL)
            self.on_message(message)

    # -- sending -------------------------------------------------------------------------------

    def _write(self, opcode: int, payload: bytes) -> None:
        if self.transport is not None and not self.closed:
            self.transport.write(_header(opcode, len(payload)) + payload)

    def send(self, text: bytes) -> None:
        self._write(0x1, text)

    def close(self) -> None:
        if not self.closed:
            self._write(0x8, (1000).to_bytes(2, "big"))
            self.closed = True
            if self.transport is not None:
                self.transport.close()


async def connect(url: str, on_message: OnMessage, deflate: bool = False) -> WireClient:
    """Open a WebSocket to `url` (ws://host:port/path); returns once the server said 101."""
    parts = urlsplit(url)
    host, port = parts.hostname or "127.0.0.1", parts.port or 80
    loop = asyncio.get_running_loop()
    _transport, client = await loop.create_connection(lambda: WireClient(on_message), host, port)
    key = base64.b64encode(os.urandom(16)).decode()
    extension = "Sec-WebSocket-Extensions: permessage-deflate\r\n" if deflate else ""
    request = (f"GET {parts.path or '/'} HTTP/1.1\r\nHost: {host}:{port}\r\n"
               f"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
               f"Sec-WebSocket-Version: 13\r\n{extension}\r\n")
    assert client.transport is not None
    client.transport.write(request.encode())
    await client.opened
    return client
