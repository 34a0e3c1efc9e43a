"""Rebuilding a timeline from the store: the envelopes older than the kept steps folded as
rows (`event_rows`, `folded`) give the very states and steps a fold of every envelope gives."""

from __future__ import annotations

from pathlib import Path

import pytest

from domain.core import EventCodec, Timeline, TrimmedHistory, effective
from server.store import GameRow, MemoryStore, SqliteStore, Store
from server.timelines import load_timeline
from tests.support.tinygame import GAME
from tests.support.undos import undone_often

KEEP = 3


@pytest.fixture(params=["sqlite", "memory"])
async def store(request: pytest.FixtureRequest, tmp_path: Path) -> Store:
    opened: Store = SqliteStore(str(tmp_path / "t.db")) if request.param == "sqlite" else MemoryStore()
    await opened.open()
    yield opened  # type: ignore[misc]
    await opened.close()


async def test_a_rebuild_keeping_few_steps_ends_where_a_fold_of_every_envelope_ends(
        store: Store) -> None:
    sim = undone_often(GAME, 3, 11)
    log = sim.envelopes
    assert any(env.type == "Rewound" for env in log[: len(log) - 2 * KEEP])  # one among the rows
    await store.create_game(GameRow("g", "tinydraw", b"{}", 3, "active", 11, len(log), 0,
                                    None, None, None), log)
    codec = EventCodec(GAME)
    folded_from_rows = 0
    for upto in range(1, len(log) + 3):  # past the end too: the last envelope's timeline
        whole = Timeline(GAME, codec)
        whole.apply_all(log[:upto])
        kept = await load_timeline(store, codec, "g", upto, use_snapshots=False, keep=KEEP)
        assert (kept.state, kept.seq, kept.last_hash) == (whole.state, whole.seq, whole.last_hash)
        last = kept.steps[1:]  # the first may be the rows' last event, whose event was not decoded
        assert [(s.env, s.event, s.state) for s in last] == [
            (s.env, s.event, s.state) for s in whole.steps[len(whole.steps) - len(last):]]
        assert kept.steps[0].state == whole.steps[len(whole.steps) - len(kept.steps)].state
        if kept.steps[0].event is None:  # begun at the rows' last event: `keep` steps follow
            assert len(kept.steps) > KEEP
            folded_from_rows += 1
    assert folded_from_rows > len(log) // 2


def test_a_rewind_below_the_state_folded_from_is_refused() -> None:
    sim = undone_often(GAME, 3, 11)
    codec = EventCodec(GAME)
    rows = [(e.seq, e.type, e.v, bytes(e.data)) for e in sim.envelopes]
    rewinds = [codec.rewound(data).to_seq for _seq, kind, _v, data in rows if kind == "Rewound"]
    assert effective(codec, rows, floor=0)
    with pytest.raises(TrimmedHistory):
        effective(codec, rows, floor=max(rewinds) + 1)
