"""Folding an event log into states, with the platform's `Rewound` events.

The effective history is the log with rewound ranges skipped. A `Timeline`
keeps one immutable state per effective event, so a rewind is a pop, not a
rebuild, and the effective events are at hand for forks.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

import msgspec

from .codec import EventCodec
from .envelope import GENESIS, REWOUND, Envelope, RewoundData
from .game import Game
from .table import TABLE_TYPES

if TYPE_CHECKING:
    from .pipeline import Proposal


class Step(msgspec.Struct, frozen=True, gc=False):
    """One effective event and the state right after it.

    A Struct rather than a dataclass: one is made per event folded, and a frozen
    dataclass's __init__ costs about as much as decoding the event. No cycle can pass
    through a Step (states never point back at it), hence gc=False.
    """

    env: Envelope
    event: Any
    state: Any


class TrimmedHistory(LookupError):
    """A rewind reached below the steps a trimmed timeline still holds."""


class Timeline:
    """The effective history of one game and the state after each of its events.

    With `keep`, only about the last `keep` steps are held (undo needs few), which
    keeps rebuilding a long log light; a rewind below them raises `TrimmedHistory`.
    """

    def __init__(self, game: Game[Any, Any, Any, Any, Any], codec: EventCodec | None = None,
                 base: list[Step] | None = None, seq: int = 0, keep: int | None = None) -> None:
        self.game = game
        self.codec = codec or EventCodec(game)
        self.steps: list[Step] = list(base or [])
        self.seq = seq  # the last envelope applied (game event or Rewound)
        self.keep = keep
        self.trimmed = False
        # The hash of the envelope at `seq`, which the next one chains to (None: not known
        # yet, for a timeline begun from a snapshot: its loader looks it up).
        self.last_hash: str | None = GENESIS if seq == 0 else None

    @property
    def state(self) -> Any:
        return self.steps[-1].state if self.steps else None

    def apply(self, env: Envelope, event: Any | None = None) -> None:
        if env.seq != self.seq + 1:
            raise ValueError(f"envelope seq {env.seq} does not follow {self.seq}")
        if event is None:
            event = self.codec.decode(env)
        if env.type == REWOUND:
            self.rewind(event.to_seq if isinstance(event, RewoundData) else int(event))
        elif env.type in TABLE_TYPES:
            pass  # the table's own (a clock, a takeover): the game's state is not touched
        else:
            steps = self.steps
            steps.append(Step(env, event, self.game.evolve(steps[-1].state if steps else None, event)))
            self._bound()
        self.seq = env.seq
        self.last_hash = env.hash

    def accept(self, proposal: Proposal) -> None:
        """Apply a proposal made against this timeline (and made durable by the caller)."""
        if proposal.envelopes[0].seq != self.seq + 1:
            raise ValueError(f"a proposal from seq {proposal.envelopes[0].seq} does not follow {self.seq}")
        if proposal.rewind_to is not None:
            self.rewind(proposal.rewind_to)
        else:
            self.steps.extend(proposal.steps)
            self._bound()
        self.seq = proposal.seq
        self.last_hash = proposal.last_hash

    @property
    def top(self) -> Step | None:
        """The last effective step."""
        return self.steps[-1] if self.steps else None

    def holds(self, count: int) -> bool:
        """Whether more than the last `count` effective steps are at hand, so a rewind over
        `count` of them leaves a state (a trimmed timeline may hold fewer)."""
        return len(self.steps) > count

    def _bound(self) -> None:
        if self.keep is not None and len(self.steps) > 2 * self.keep:
            self.trim(self.keep)

    def apply_all(self, envelopes: Iterable[Envelope]) -> None:
        """`apply` each, the game's own events in a loop of their own: a rebuild folds
        thousands, and per event the calls and checks of `apply` cost about as much as a
        light game's `evolve` (bench rebuild). The loop keeps the seq, hash and state in
        locals (5-8% of a fold), and writes them back however it ends."""
        evolve, steps, codec = self.game.evolve, self.steps, self.codec
        decode_data, versions = codec.decode_data, self.game.event_versions
        limit = None if self.keep is None else 2 * self.keep
        seq, last = self.seq, self.last_hash
        state = steps[-1].state if steps else None
        try:
            for env in envelopes:
                kind = env.type
                if env.seq != seq + 1 or kind == REWOUND or kind in TABLE_TYPES:
                    self.seq, self.last_hash = seq, last
                    self.apply(env)
                    seq, last = self.seq, self.last_hash
                    state = steps[-1].state if steps else None
                    continue
                event = (decode_data(env.data) if env.v == versions.get(kind, 1)
                         else codec.game_event(env))  # an older version: upcast
                state = evolve(state, event)
                steps.append(Step(env, event, state))
                if limit is not None and len(steps) > limit:
                    self.trim(self.keep or 0)
                seq, last = env.seq, env.hash
        finally:
            self.seq, self.last_hash = seq, last

    def rewind(self, to_seq: int) -> None:
        """Drop effective events after `to_seq`."""
        steps = self.steps
        if self.trimmed and (not steps or steps[0].env.seq > to_seq):
            raise TrimmedHistory(f"rewind to {to_seq} reaches below the steps kept")
        while steps and steps[-1].env.seq > to_seq:
            steps.pop()

    def effective(self) -> list[Envelope]:
        return [step.env for step in self.steps]

    def trim(self, keep: int) -> None:
        """Forget all but the last `keep` steps (the state stays; older rewinds need a rebuild)."""
        if len(self.steps) > keep:
            del self.steps[: len(self.steps) - keep]
            self.trimmed = True


EventRow = tuple[int, str, int, bytes]  # (seq, type, v, data): what a fold needs of an envelope


def effective(codec: EventCodec, rows: Sequence[EventRow], floor: int = 0) -> list[EventRow]:
    """The game's own rows among `rows` (envelopes in seq order) that no later Rewound among
    them takes back: the rows `folded` folds. Raises TrimmedHistory for a rewind below
    `floor`, the seq of the event of the state they would be folded into."""
    kept: list[EventRow] = []
    rewound = codec.rewound
    for row in rows:
        kind = row[1]
        if kind == REWOUND:
            to = rewound(row[3]).to_seq
            if to < floor:
                raise TrimmedHistory(f"a rewind to {to} reaches below the state folded from")
            while kept and kept[-1][0] > to:
                kept.pop()
        elif kind not in TABLE_TYPES:
            kept.append(row)
    return kept


def folded(codec: EventCodec, state: Any, rows: Sequence[EventRow]) -> Any:
    """The state after the game's own `rows` (`effective`), folded from `state`.

    What a rebuild needs of the envelopes older than the steps a timeline keeps: their states
    would be let go at once, and their envelopes read whole only to be dropped (Barcelona's
    through SQLite: 1.6 us an event read whole, 0.65 as rows)."""
    game = codec.game
    evolve, decode, versions = game.evolve, codec.decode_data, game.event_versions
    for _seq, kind, v, data in rows:
        event = (decode(data) if v == versions.get(kind, 1)
                 else codec.upcast(kind, v, msgspec.json.decode(data)))
        state = evolve(state, event)
    return state


def fold(game: Game[Any, Any, Any, Any, Any], envelopes: Iterable[Envelope]) -> Timeline:
    timeline = Timeline(game)
    timeline.apply_all(envelopes)
    return timeline
