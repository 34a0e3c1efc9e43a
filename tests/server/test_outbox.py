"""The outboxes (server/outbox.py). Queued, for transports with only an awaited send: frames in
order, a peer that stops reading closed with 1013 on request, a peer gone refused. Direct:
what is put while held goes in one write."""

from __future__ import annotations

import asyncio

import pytest

from server.outbox import BEHIND, Direct, PeerGone, Queued


class Peer:
    def __init__(self) -> None:
        self.frames: list[str] = []
        self.closed: tuple[int, str] | None = None
        self.reading = asyncio.Event()
        self.reading.set()
        self.fail = False

    async def send(self, text: str) -> None:
        await self.reading.wait()
        if self.fail:
            raise ConnectionError("gone")
        self.frames.append(text)

    async def close(self, code: int, reason: str) -> None:
        self.closed = (code, reason)


async def settle() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


async def test_frames_go_out_in_order_and_waiting_counts_what_the_peer_has_not_taken() -> None:
    peer = Peer()
    out = Queued(peer.send, peer.close)
    out.put("a")
    out.put(b"bc")
    await settle()
    assert peer.frames == ["a", "bc"]
    peer.reading.clear()  # the peer stops reading
    out.put("dd")  # taken by the task, which then waits on the peer
    await settle()
    assert out.put("eee") == 3 and out.put("ffff") == 7
    out.close_behind()
    peer.reading.set()
    await settle()
    assert peer.frames == ["a", "bc", "dd"]  # what was waiting is dropped
    assert peer.closed == (1013, BEHIND)
    out.stop()


async def test_a_peer_gone_is_refused_and_flush_writes_what_waits() -> None:
    peer = Peer()
    out = Queued(peer.send, peer.close)
    out.put("x")
    await out.flush()  # written now, before the task runs
    assert peer.frames == ["x"]
    peer.fail = True
    out.put("y")
    await settle()
    with pytest.raises(PeerGone):
        out.put("z")
    assert peer.closed is None  # closing a peer that left is the receive loop's job
    out.stop()


def test_a_held_direct_outbox_writes_what_was_put_in_one_write_in_order() -> None:
    """While held (a seat's move: its update, then its answer), frames wait for one write at
    release; before and after, each frame is written as it is put."""
    writes: list[tuple[bytes, ...]] = []

    def write(*frames: bytes) -> int:
        writes.append(frames)
        return 7

    out = Direct(write, lambda code, reason: None)
    assert out.put("before") == 7
    out.hold()
    assert out.put(b"update") == 0 and out.put("accepted") == 0
    assert writes == [(b"before",)]
    assert out.release() == 7
    assert writes == [(b"before",), (b"update", b"accepted")]
    out.hold()
    assert out.release() == 0  # nothing held: no write at all
    out.put("after")
    assert writes[-1] == (b"after",) and len(writes) == 3
