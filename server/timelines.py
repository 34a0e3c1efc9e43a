"""Rebuilding a game's timeline from the store: nearest usable snapshot, then the events."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.core import (
    REWOUND,
    EventCodec,
    Step,
    Timeline,
    TrimmedHistory,
    effective,
    folded,
)

from .store import Store

ALL = 1 << 62  # a seq past any game's end


def encode_state(state: Any) -> bytes:
    return msgspec.msgpack.encode(state)


async def load_timeline(store: Store, codec: EventCodec, game_id: str,
                        upto: int | None = None, use_snapshots: bool = True,
                        keep: int | None = None) -> Timeline:
    """The timeline after envelope `upto` (default: the last one), holding about `keep` steps.

    A snapshot is usable when no later `Rewound` reaches below the event it was
    taken at; a snapshot that no longer decodes (the state's shape changed) is
    skipped, since the events are the truth.
    """
    last = upto if upto is not None else ALL
    timeline = Timeline(codec.game, codec, keep=keep)
    if use_snapshots:
        timeline = await _from_snapshot(store, codec, game_id, last, keep) or timeline
    if keep is not None:
        timeline = await _older_folded(store, codec, game_id, timeline, upto, keep)
    envelopes = await store.events(game_id, after=timeline.seq, upto=upto)
    try:
        timeline.apply_all(envelopes)
    except TrimmedHistory:  # an old rewind reached far back: fold it all, keeping every step
        timeline = Timeline(codec.game, codec)
        timeline.apply_all(await store.events(game_id, upto=upto))
    if timeline.last_hash is None:  # begun from a snapshot, with nothing after it
        env = await store.event(game_id, timeline.seq)
        timeline.last_hash = env.hash if env is not None else None
    return timeline


async def _older_folded(store: Store, codec: EventCodec, game_id: str, timeline: Timeline,
                        upto: int | None, keep: int) -> Timeline:
    """The timeline with all but the last `keep` of its effective events folded in as rows
    (`effective`, `folded`), beginning at the last of those as it would at a snapshot; the
    envelopes after it are left to fold as steps. No rewind among those reaches below it (it
    would have taken it back), and at least `keep` effective steps follow. Unchanged when
    there are no more than 2 * keep. A log of no more than 3 * keep envelopes is found by
    reading the rows after those, and is read once, whole (tinydraw's, of ~20 envelopes,
    rebuilt 19% slower when read twice, and as much when its length was asked of aiosqlite's
    thread)."""
    probe = timeline.seq + 3 * keep
    later = await store.event_rows(game_id, after=probe, upto=upto) if upto is None or upto > probe else []
    if not later:
        return timeline
    rows = await store.event_rows(game_id, after=timeline.seq, upto=probe) + later
    top = timeline.top
    try:
        kept = effective(codec, rows, top.env.seq if top is not None else 0)
    except TrimmedHistory:  # below a snapshot's event: `_from_snapshot` takes none such
        return timeline
    if len(kept) <= 2 * keep:
        return timeline
    older = kept[:-keep]
    env = await store.event(game_id, older[-1][0])
    assert env is not None
    base = Timeline(codec.game, codec, base=[Step(env, None, folded(codec, timeline.state, older))],
                    seq=env.seq, keep=keep)
    base.trimmed = True  # an undo past its first step rebuilds from the store
    return base


async def _from_snapshot(store: Store, codec: EventCodec, game_id: str,
                         last: int, keep: int | None) -> Timeline | None:
    rewinds = [(seq, codec.rewound(data).to_seq) for seq, data in await store.rewinds(game_id, last)]
    for snap in await store.snapshots(game_id, last):
        if any(seq > snap.seq and to < snap.top_seq for seq, to in rewinds):
            continue
        top = await store.event(game_id, snap.top_seq)
        if top is None or top.type == REWOUND:
            continue
        try:
            state = msgspec.msgpack.decode(snap.state, type=codec.game.state_type)
        except (msgspec.DecodeError, TypeError, ValueError):
            continue
        return Timeline(codec.game, codec, base=[Step(top, None, state)], seq=snap.seq, keep=keep)
    return None
