"""Exact replay across event versions, forks proven from their fork point, commands that keep
their events' secrets, and regenerating golden games after a rules change."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from random import Random
from typing import Any

import msgspec
import pytest

from domain.core import (
    EventCodec,
    Table,
    Timeline,
    fold,
    propose_command,
    rechain,
    registry,
)
from domain.core.simulate import Simulation
from replays import golden
from replays.format import FORMAT, Header, dumps, loads
from replays.golden import golden_files, play_on
from replays.verify import game_of, verify
from tests.support.tinygame import GAME as TINY
from tests.support.tinygame import MAX_PLAYS, Command, State, TinyDraw, View

OLD = Path(__file__).parent / "data" / "tinydraw-dealt-v1.jsonl"


def test_a_replay_recorded_with_an_old_event_version_verifies_and_rebuilds() -> None:
    """Written when Dealt was v1 (no `count`): re-simulating makes v2 Dealt events, which
    must equal the recorded ones once upcast; the rebuilt game is today's."""
    header, envelopes = loads(OLD.read_bytes())
    assert {env.v for env in envelopes if env.type == "Dealt"} == {1}
    assert TINY.event_versions["Dealt"] == 2
    verified = verify(OLD.read_bytes())
    assert verified.proven, verified.proof()
    assert any(env.type == "Rewound" for env in envelopes)
    sim = Simulation(TINY, header.seats, seed=header.seed or 0, game_id="tinydraw-v1")
    play_on(sim, Random(7), 0.3)  # the same game, recorded today
    assert verified.state == sim.state and verified.header.outcome == sim.outcome()


def _source() -> tuple[bytes, list[Any]]:
    sim = Simulation(TINY, 2, seed=4, game_id="src")
    play_on(sim, Random(4), 0.0)
    header = Header(FORMAT, "tinydraw", {}, 2, ["A", "B"], game_id="src", seed=4, outcome=sim.outcome())
    return dumps(header, sim.envelopes), sim.envelopes


def _fork(source: list[Any], at: int, seed: int = 99) -> bytes:
    """A fork of `source` at `at`, played to its end with its own seed, as the server forks."""
    prefix = rechain(fold(TINY, source[:at]).effective(), "fork")
    timeline = Timeline(TINY)
    timeline.apply_all(prefix)
    table, rng, envelopes = Table("fork", 2, seed), Random(seed), list(prefix)
    while TINY.outcome(timeline.state) is None:
        seat = rng.choice(TINY.active(timeline.state))
        proposal = propose_command(timeline, table, seat, rng.choice(TINY.legal(timeline.state, seat)),
                                   f"r{timeline.seq + 1}")
        timeline.accept(proposal)
        envelopes += proposal.envelopes
    header = Header(FORMAT, "tinydraw", {}, 2, ["A", "B"], game_id="fork", seed=seed,
                    outcome=TINY.outcome(timeline.state), forked_from="src", forked_at=at,
                    prefix=len(prefix))
    return dumps(header, envelopes)


def test_a_fork_re_simulates_from_its_fork_point_and_its_source_proves_the_rest() -> None:
    source, envelopes = _source()
    fork = _fork(envelopes, at=8)
    alone = verify(fork)
    assert alone.resimulated and not alone.proven, "its first events need the source's proof"
    assert "give that game's replay" in alone.proof()
    assert verify(fork, source=source).proven
    header, forked = loads(fork)
    assert forked[5].actor is not None, "a move in the prefix"
    changed = msgspec.structs.replace(forked[5], ref="not-the-source's")  # the state stays
    forged = dumps(header, rechain([*forked[:5], changed, *forked[6:]], "fork"))
    tampered = verify(forged, source=source)  # the moves after the prefix still re-simulate
    assert tampered.resimulated and not tampered.proven
    assert "not that game's: its seq 6" in tampered.proof()


def _moves(envelopes: list[Any]) -> Iterator[list[Any]]:
    move: list[Any] = []
    for env in envelopes:
        if env.commanded and move:
            yield move
            move = []
        if env.commanded or move:
            move.append(env)
    if move:
        yield move


@pytest.mark.parametrize("path", golden_files(), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_a_commands_secret_is_in_its_first_event(path: Path) -> None:
    """The server shows a move's command only to audiences that see its first event whole
    (server/audience.py). That hides what a seat chose exactly when every event after the
    first that an audience sees redacted is a draw or a reveal (random, not chosen)."""
    header, envelopes = loads(path.read_bytes())
    game = game_of(header)
    codec = EventCodec(game)
    for move in _moves(envelopes):
        for env in move[1:]:
            event = codec.decode(env)
            for audience in [None, *range(header.seats)]:
                if audience != move[0].actor and game.redact(event, audience) != event:
                    assert game.irreversible(event), (env.seq, env.type, audience)


class _Stingy(TinyDraw):
    """Tiny Draw after a rules change: one card a turn."""

    def legal(self, state: State, seat: int) -> list[Command]:
        moves = super().legal(state, seat)
        return [m for m in moves if type(m).__name__ != "Play" or state.plays < MAX_PLAYS - 1]


class _Counting(TinyDraw):
    """Tiny Draw after a change of its view: the deck counts one more from round 2."""

    def view(self, state: State, viewer: int | None) -> View:
        shown = super().view(state, viewer)
        return msgspec.structs.replace(shown, deck_size=shown.deck_size + (state.round >= 2))


@pytest.mark.parametrize(("rules", "expected"), [
    (_Counting(), r"step \d+ \(seq \d+\): view of spectators, view of seat 0, view of seat 1"),
    (_Stingy(), r"seq \d+ is refused now \(.*\); random moves from there"),
])
def test_regenerate_shows_which_steps_a_rules_change_touched(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        rules: TinyDraw, expected: str) -> None:
    monkeypatch.setattr(golden, "ROOT", tmp_path)
    golden.write(tmp_path / "tinydraw", "two", golden.record("tinydraw", 2, {}, 5, 5, undo=0.2))
    assert golden.regenerate([]) == 0 and "tinydraw/two: unchanged" in capsys.readouterr().out
    registry.register(rules)
    try:
        assert golden.regenerate(["tinydraw"]) == 1
        out = capsys.readouterr().out
        assert golden.regenerate([]) == 0, "written: the next run finds nothing to change"
    finally:
        registry.register(TINY)
    assert "tinydraw/two: " in out and "changes" in out
    assert re.search(expected, out), out
