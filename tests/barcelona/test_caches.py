"""What the rules keep between states (the states decide folded, the phase's lists per state,
the views' parts by the state's tuples) answers exactly as if computed afresh."""

from __future__ import annotations

from random import Random

import msgspec
import pytest

from domain.barcelona import GAME
from domain.barcelona.state import State
from domain.core import rng_for

from .helpers import new_game


def fresh(state: State) -> State:
    """An equal state made of new objects, which no cache by identity has seen."""
    return msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=State)


@pytest.mark.parametrize("options", [{}, {"expansion": True, "promo_bonus": True}])
def test_what_is_kept_between_states_is_what_is_built_afresh(options: dict[str, bool]) -> None:
    state, rng = new_game(4, seed=7, **options), Random(7)
    for seq in range(1, 300):
        if GAME.outcome(state) is not None:
            break
        again = fresh(state)
        for viewer in (*range(4), None):
            assert msgspec.to_builtins(GAME.view(state, viewer)) == \
                msgspec.to_builtins(GAME.view(again, viewer))
        seat = GAME.active(state)[0]
        legal = GAME.legal(state, seat)
        assert legal == GAME.legal(again, seat)
        # decide folds its events; two decisions on one state keep each its own states
        other = GAME.decide(state, seat, legal[0], rng_for(7, seq))
        events = GAME.decide(state, seat, rng.choice(legal), rng_for(7, seq))
        assert GAME.evolve(state, other[0]) == GAME.evolve(fresh(state), other[0])
        folded = again
        for event in events:
            state = GAME.evolve(state, event)  # the states decide folded
            folded = GAME.evolve(folded, msgspec.structs.replace(event))  # folded afresh
        assert state == folded
