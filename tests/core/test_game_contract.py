"""`domain.core.Game` refuses, when the class is created, a game that leaves out part of the
contract, so a missing function fails at import rather than at its first call."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest

from domain.core import Game
from domain.core.game import REQUIRED_ATTRIBUTES, REQUIRED_FUNCTIONS, listed_once
from domain.core.registry import games
from tests.support.tinygame import GAME as TINYDRAW
from tests.support.tinygame import Command, Dealt, Event, Options, Played, State, TinyDraw, View


def _start(options: Options, seats: int, rng: Random) -> list[Event]:
    return TINYDRAW.start(options, seats, rng)


def _contract(leave_out: str = "") -> dict[str, Any]:
    """A whole contract, the functions declared the way the games declare theirs."""
    body: dict[str, Any] = {name: getattr(TinyDraw, name) for name in REQUIRED_ATTRIBUTES}
    body.update({name: staticmethod(getattr(TINYDRAW, name)) for name in REQUIRED_FUNCTIONS})
    body["start"] = staticmethod(_start)
    body.pop(leave_out, None)
    return body


def _game_class(body: dict[str, Any], **keywords: Any) -> type[Game[State, Command, Event, Options, View]]:
    return type("Partial", (Game,), body, **keywords)


def test_a_game_that_declares_the_whole_contract_is_created_and_plays() -> None:
    game = _game_class(_contract())()
    state = None
    for event in game.start(Options(), 2, Random(1)):
        state = game.evolve(state, event)
    assert state is not None and game.active(state) == [0]
    assert game.legal(state, 0) == TINYDRAW.legal(state, 0)


@pytest.mark.parametrize("name", REQUIRED_FUNCTIONS)
def test_a_game_missing_a_function_fails_when_its_class_is_created(name: str) -> None:
    with pytest.raises(TypeError, match=rf"Partial does not define {name}\(\)"):
        _game_class(_contract(leave_out=name))


@pytest.mark.parametrize("name", REQUIRED_ATTRIBUTES)
def test_a_game_missing_a_class_attribute_fails_when_its_class_is_created(name: str) -> None:
    with pytest.raises(TypeError, match=rf"Partial does not define {name}\b"):
        _game_class(_contract(leave_out=name))


def test_every_missing_name_is_named_at_once() -> None:
    body = _contract()
    for name in ("kind", "evolve", "view"):
        body.pop(name)
    with pytest.raises(TypeError, match=r"does not define kind, evolve\(\), view\(\)"):
        _game_class(body)


def test_a_base_meant_to_be_subclassed_again_says_so() -> None:
    base = _game_class({"kind": "base"}, abstract=True)
    assert base.kind == "base"
    with pytest.raises(TypeError, match="does not define"):
        type("Child", (base,), {})


def test_the_default_irreversible_is_true_for_the_revealing_event_types() -> None:
    game = _game_class({**_contract(), "revealing": (Dealt,)})()
    assert game.irreversible(Dealt(0, [1, 2], 2))
    assert not game.irreversible(Played(0, 1))


def test_every_registered_game_declares_the_whole_contract() -> None:
    for game in games().values():
        for name in REQUIRED_FUNCTIONS:
            assert getattr(type(game), name) is not getattr(Game, name), (game.kind, name)


def test_listed_once_lists_once_per_state_and_seat_and_hands_out_a_fresh_list() -> None:
    calls: list[tuple[State, int]] = []

    @listed_once
    def legal(state: State, seat: int) -> list[Command]:
        calls.append((state, seat))
        return TINYDRAW.legal(state, seat)

    state = TINYDRAW.evolve(None, TINYDRAW.start(Options(), 2, Random(1))[0])
    first = legal(state, 0)
    first.clear()
    assert legal(state, 0) == TINYDRAW.legal(state, 0) != []
    assert legal(state, 1) == []
    assert calls == [(state, 0), (state, 1)]
