"""The large parts several audiences' views share are encoded once per state, and every
audience's view still encodes to the very bytes it did whole (server/viewparts.py)."""

from __future__ import annotations

from random import Random
from typing import Any

import msgspec
import pytest

from domain.core import EventCodec, Timeline
from domain.core.registry import games
from domain.core.simulate import Simulation
from server.viewparts import MIN_BYTES, SharedParts

HIDDEN = sorted(kind for kind, game in games().items() if not game.public_view)
LARGE = [kind for kind in HIDDEN if kind != "tinydraw"]  # the test game's views are tiny
_encoder = msgspec.json.Encoder()


def _states(kind: str, seed: int) -> list[Any]:
    game = games()[kind]
    sim = Simulation(game, max(game.seat_counts), {}, seed=seed, game_id="parts")
    sim.play_randomly(Random(seed))
    timeline, states = Timeline(game, EventCodec(game)), []
    for env in sim.envelopes:
        timeline.apply_all([env])
        states.append(timeline.state)
    return states


def _audiences(kind: str) -> list[int | None]:
    return [None, *range(max(games()[kind].seat_counts))]


@pytest.mark.parametrize("kind", HIDDEN)
def test_every_audiences_view_encodes_to_the_same_bytes(kind: str) -> None:
    game, parts = games()[kind], SharedParts()
    checked = 0
    for state in _states(kind, 11)[::3]:
        for audience in _audiences(kind):
            try:
                view = game.view(state, audience)
            except (KeyError, IndexError, ValueError):
                continue  # a state in the middle of setting up, which no frame shows
            assert _encoder.encode(parts.view(state, view)) == _encoder.encode(view)
            checked += 1
    assert checked > 50


@pytest.mark.parametrize("kind", LARGE)
def test_a_large_part_every_audience_shares_is_encoded_once(kind: str) -> None:
    game, parts = games()[kind], SharedParts()
    states = _states(kind, 12)
    late = states[len(states) * 3 // 4:]
    for state in late[:3]:
        views = [game.view(state, audience) for audience in _audiences(kind)]
        for view in views:
            parts.view(state, view)
    # The last state's large fields that every audience shares are each encoded once.
    fields = views[0].__struct_fields__
    shared = [name for name in fields
              if all(getattr(v, name) is getattr(views[0], name) for v in views)
              and len(_encoder.encode(getattr(views[0], name))) >= MIN_BYTES]
    assert shared, "the game shares no large part: nothing to test"
    held = [value for value, _ in parts._bytes.values()]
    for name in shared:
        assert sum(value is getattr(views[0], name) for value in held) == 1, name
    # And a field each audience has its own copy of is no longer worked on apart.
    own = [name for name in parts._fields if len({id(getattr(v, name)) for v in views}) == len(views)]
    assert own == []
