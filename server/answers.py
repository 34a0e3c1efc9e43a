"""What a game has answered to refs, kept by its runtime: a repeated ref gets its first answer.

Every acceptance is known (the store reads them from the log, and each envelope applied adds
its own): SQLite does not check that a ref is accepted once, since an append wins only at the
log's head, where its writer has seen them all. Refusals are kept for each seat's latest
`KEEP_REJECTIONS` refs, as the store keeps them.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable

import msgspec

from domain.core import Envelope

from .protocol import Accepted
from .store import KEEP_REJECTIONS
from .store.base import Answer, acceptances

_encoder = msgspec.json.Encoder()


class Answers:
    def __init__(self) -> None:
        self.known: dict[tuple[int, str], Answer] = {}
        self._refused: dict[int, deque[str]] = {}  # per seat, its remembered refusals' refs

    def first(self, seat: int, ref: str) -> bytes | None:
        """The first answer to this ref, encoded (None: not answered yet)."""
        known = self.known.get((seat, ref))
        return _encoder.encode(Accepted(ref, known)) if isinstance(known, int) else known

    def recorded(self, envelopes: Iterable[Envelope]) -> None:
        """The acceptances these envelopes record, as the store reads them (`acceptances`)."""
        self.known.update(acceptances(envelopes))

    def refused(self, seat: int, ref: str, answer: bytes) -> None:
        """A refusal the store now keeps, forgetting the seat's oldest as the store does."""
        self.known[(seat, ref)] = answer
        recent = self._refused.setdefault(seat, deque())
        recent.append(ref)
        if len(recent) > KEEP_REJECTIONS:
            self.known.pop((seat, recent.popleft()), None)
