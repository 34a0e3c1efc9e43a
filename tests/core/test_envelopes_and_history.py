"""The envelope hash chain, canonical bytes, the timeline with rewinds, upcasting."""

from __future__ import annotations

import hashlib
import json
from random import Random
from typing import Any

import msgspec
import pytest

from domain.core import (
    GENESIS,
    EventCodec,
    UndoRefused,
    canonical,
    fold,
    rechain,
    rng_for,
    verify_chain,
)
from domain.core.simulate import Simulation
from tests.support.tinygame import GAME, Played
from tests.support.undos import undone_often


def _played(seats: int = 2, seed: int = 1) -> Simulation:
    sim = Simulation(GAME, seats, seed=seed)
    sim.play_randomly(Random(seed))
    return sim


def test_hash_is_sha256_of_prev_hash_and_sorted_compact_json() -> None:
    env = _played().envelopes[0]
    body = json.loads(msgspec.json.encode(env))
    del body["hash"]
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    assert env.prev_hash == GENESIS
    assert env.hash == hashlib.sha256(GENESIS.encode() + text.encode()).hexdigest()


def test_chain_verifies_and_any_change_breaks_it_at_that_seq() -> None:
    envs = _played().envelopes
    assert verify_chain(envs) is None
    forged = list(envs)
    forged[5] = msgspec.structs.replace(envs[5], actor=1 - (envs[5].actor or 0))
    assert verify_chain(forged) == envs[5].seq


def test_rechain_renumbers_under_a_new_id_and_verifies() -> None:
    envs = _played().envelopes[3:9]
    again = rechain(envs, "other")
    assert [e.seq for e in again] == list(range(1, 7)) and {e.game_id for e in again} == {"other"}
    assert verify_chain(again) is None and again[0].prev_hash == GENESIS


def test_envelopes_hold_no_floats_and_at_is_whole() -> None:
    for env in _played().envelopes:
        assert isinstance(env.at, int)
        assert "." not in bytes(env.data).decode().replace('"', "")


def test_fold_of_the_log_equals_the_live_state() -> None:
    sim = _played(3, 4)
    assert fold(GAME, sim.envelopes).state == sim.state


def test_rewind_skips_the_undone_range_in_the_effective_history() -> None:
    sim = Simulation(GAME, 2, seed=2)
    before = sim.state
    card = sim.legal(0)[0]
    sim.command(0, card)
    sim.undo(0)
    assert sim.state == before
    timeline = fold(GAME, sim.envelopes)
    assert timeline.state == before
    assert [e.seq for e in timeline.effective()] == [1, 2, 3]


def test_undo_walks_back_command_by_command_within_the_turn() -> None:
    sim = Simulation(GAME, 2, seed=9)
    start = sim.state
    sim.command(0, sim.legal(0)[0])
    middle = sim.state
    second = next(c for c in sim.legal(0) if type(c).__name__ == "Play")
    sim.command(0, second)
    sim.undo(0)
    assert sim.state == middle
    sim.undo(0)
    assert sim.state == start
    with pytest.raises(UndoRefused, match="nothing of yours"):
        sim.undo(0)


def test_undo_is_refused_for_another_seats_step_and_after_the_turn() -> None:
    sim = Simulation(GAME, 2, seed=3)
    sim.command(0, {"type": "EndTurn"})
    with pytest.raises(UndoRefused, match="turn has ended"):
        sim.undo(0)
    with pytest.raises(UndoRefused, match="seat 0"):
        sim.undo(1)


def test_undo_never_crosses_an_irreversible_event() -> None:
    sim = Simulation(GAME, 2, seed=3)
    sim.command(0, {"type": "Draw"})
    with pytest.raises(UndoRefused, match="cannot be undone"):
        sim.undo(0)


def test_rng_is_reproducible_per_seed_and_seq_and_differs_between_them() -> None:
    assert rng_for(5, 7).random() == rng_for(5, 7).random()
    assert rng_for(5, 7).random() != rng_for(5, 8).random()
    assert rng_for(5, 7).random() != rng_for(6, 7).random()


def test_old_event_versions_are_upcast_on_read() -> None:
    class Upcasting(type(GAME)):  # type: ignore[misc]
        event_versions = {"Played": 2}
        upcasters = {("Played", 1): lambda d: {**d, "card": int(d["card"]) + 0}}

    game: Any = Upcasting()
    codec = EventCodec(game)
    env = _played().envelopes
    played = next(e for e in env if e.type == "Played")
    assert played.v == 1
    assert codec.decode(played) == msgspec.json.decode(bytes(played.data), type=Played)
    with pytest.raises(ValueError, match="newer"):
        codec.decode(msgspec.structs.replace(played, v=3))


def test_canonical_bytes_sort_keys_at_every_depth() -> None:
    assert canonical({"b": 1, "a": {"d": 2, "c": 3}}) == b'{"a":{"c":3,"d":2},"b":1}'


def test_a_trimmed_timeline_keeps_few_steps_and_refuses_a_rewind_below_them() -> None:
    from domain.core import Timeline, TrimmedHistory

    sim = _played(2, 6)
    timeline = Timeline(GAME, keep=4)
    timeline.apply_all(sim.envelopes)
    assert timeline.state == sim.state and len(timeline.steps) <= 8
    with pytest.raises(TrimmedHistory):
        timeline.rewind(1)


def test_folding_a_log_at_once_equals_applying_it_one_envelope_at_a_time() -> None:
    """`apply_all` has a loop of its own for the game's events (rebuild speed): with undos
    between moves and a small `keep`, it ends where `apply` one by one ends, step for step."""
    from domain.core import Timeline

    sim = undone_often(GAME, 3, seed=11, game_id="sim")
    assert any(env.type == "Rewound" for env in sim.envelopes)
    for keep in (None, 3):
        at_once, one_by_one = Timeline(GAME, keep=keep), Timeline(GAME, keep=keep)
        at_once.apply_all(sim.envelopes)
        for env in sim.envelopes:
            one_by_one.apply(env)
        assert at_once.state == one_by_one.state == sim.state
        assert at_once.steps == one_by_one.steps
        assert (at_once.seq, at_once.last_hash) == (one_by_one.seq, one_by_one.last_hash)
    with pytest.raises(ValueError, match="does not follow"):
        Timeline(GAME).apply_all(sim.envelopes[1:])


def test_a_fold_that_fails_midway_stands_at_the_last_event_it_applied() -> None:
    # The fold keeps its place in locals: whatever stops it, the timeline says where it is.
    import msgspec

    from domain.core import Timeline

    sim = _played(5, 2)
    log = list(sim.envelopes)
    broken = msgspec.structs.replace(log[6], data=msgspec.Raw(b'{"type":"Played","seat":"x"}'))
    timeline = Timeline(GAME)
    with pytest.raises(msgspec.ValidationError):
        timeline.apply_all([*log[:6], broken, *log[7:]])
    first_six = fold(GAME, log[:6])
    assert (timeline.seq, timeline.last_hash) == (6, log[5].hash)
    assert timeline.state == first_six.state and timeline.steps == first_six.steps
    timeline.apply_all(log[6:])  # and it goes on from there
    assert timeline.state == sim.state
