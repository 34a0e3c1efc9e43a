"""per_state answers again for the same state object, and never for another one."""

from __future__ import annotations

import msgspec

from domain.core.memo import per_state


class State(msgspec.Struct, frozen=True):
    n: int


def test_an_answer_is_kept_per_state_object_and_argument() -> None:
    calls: list[tuple[int, int]] = []

    @per_state
    def legal(state: State, seat: int) -> list[int]:
        calls.append((state.n, seat))
        return [state.n + seat]

    one, same_value = State(1), State(1)
    assert legal(one, 0) == [1] and legal(one, 0) == [1] and legal(one, 2) == [3]
    assert legal(same_value, 0) == [1]
    assert calls == [(1, 0), (1, 2), (1, 0)], "equal but different states are asked anew"
