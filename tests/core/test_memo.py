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


def test_a_sized_memo_keeps_at_most_its_size_and_drops_the_oldest_first() -> None:
    calls: list[int] = []

    @per_state(size=8)
    def double(state: State) -> int:
        calls.append(state.n)
        return 2 * state.n

    states = [State(n) for n in range(12)]
    assert [double(s) for s in states] == [2 * n for n in range(12)]
    calls.clear()
    assert double(states[-1]) == 22 and calls == [], "the newest is kept"
    assert double(states[0]) == 0 and calls == [0], "the oldest went first"
