"""per_state answers again for the same state object, and never for another one."""

from __future__ import annotations

import msgspec

from domain.core import memo
from domain.core.game import listed_once
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


def _counted(size: int, scaled: bool = True, module: str = "domain.somekind.view"):  # type: ignore[no-untyped-def]
    calls: list[int] = []

    def double(state: State) -> int:
        calls.append(state.n)
        return 2 * state.n

    double.__module__ = module  # the kind a cache belongs to is its package under domain/
    return per_state(size=size, scaled=scaled)(double), calls


def _asked_again(cached, calls: list[int], states: list[State]) -> int:  # type: ignore[no-untyped-def]
    """How many of `states` a second round of questions found kept."""
    for s in states:
        cached(s)
    calls.clear()
    for s in states:
        cached(s)
    return len(states) - len(calls)


def test_a_cache_grows_with_the_games_of_its_kind_in_play_and_shrinks_back() -> None:
    double, calls = _counted(size=40)
    states = [State(n) for n in range(300)]
    try:
        assert _asked_again(double, calls, states) == 0, "300 states through 40 places: none kept"
        memo.fit({"somekind": 5 * memo.GAMES})  # room for 200
        assert _asked_again(double, calls, states[:150]) == 150
        memo.fit({"somekind": 8 * memo.GAMES, "otherkind": 50 * memo.GAMES})  # room for 320
        assert _asked_again(double, calls, states[:250]) == 250
        memo.fit({"otherkind": 50 * memo.GAMES})  # its games gone: back to 40, over new entries
        assert _asked_again(double, calls, [State(n) for n in range(1000, 1100)]) == 0
        assert _asked_again(double, calls, states[:30]) == 30
    finally:
        memo.fit({})


def test_a_fixed_cache_keeps_its_size_however_many_games_are_in_play() -> None:
    for scaled, module in ((False, "domain.somekind.view"), (True, "tests.elsewhere")):
        double, calls = _counted(size=40, scaled=scaled, module=module)
        try:
            memo.fit({"somekind": 50 * memo.GAMES, "elsewhere": 50 * memo.GAMES})
            assert _asked_again(double, calls, [State(n) for n in range(41)]) == 0
        finally:
            memo.fit({})


def test_listed_once_keeps_lists_for_every_game_of_the_listing_game_s_kind_in_play() -> None:
    """`listed_once` lives in domain.core but serves every game: its cache grows with the
    games of the kind whose `legal` it wraps. Sized for domain.core's kind, it kept 1,024
    lists however many games were in play, and at 1,000 games a seat's list was gone before
    its command came back to `decide`."""
    calls: list[int] = []

    def listing(state: State, seat: int) -> list[int]:
        calls.append(state.n)
        return [state.n, seat]

    listing.__module__ = "domain.somekind.rules"
    legal = listed_once(listing)
    states = [State(n) for n in range(3 * memo.SIZE)]
    try:
        memo.fit({"somekind": 10 * memo.GAMES})  # room for 10 * SIZE lists
        assert [legal(s, 0) for s in states] == [[s.n, 0] for s in states]
        calls.clear()
        assert [legal(s, 0) for s in states] == [[s.n, 0] for s in states]
        assert calls == [], "every state's list kept for the next question"
    finally:
        memo.fit({})


def test_a_full_large_cache_lets_a_few_go_at_a_time_oldest_first() -> None:
    """Letting a quarter of a large cache go at once freed thousands of states in one call."""
    double, calls = _counted(size=1000)
    states = [State(n) for n in range(1001)]
    for s in states:
        double(s)
    calls.clear()
    assert double(states[-1]) == 2000 and calls == []
    assert double(states[memo.CHUNK]) == 2 * memo.CHUNK and calls == [], "the next oldest kept"
    assert double(states[memo.CHUNK - 1]) == 2 * (memo.CHUNK - 1) and calls == [memo.CHUNK - 1]


class Game(msgspec.Struct, frozen=True):
    key: tuple[int, ...]  # made once per game: the games are found by its identity
    n: int


class Record:
    def __init__(self, state: Game, built: str) -> None:
        self.state, self.built = state, built


def last_shown(log: list[str]) -> memo.LastShown[Game, Record]:
    def first(state: Game) -> Record:
        log.append(f"first {state.n}")
        return Record(state, "first")

    def follow(state: Game, last: Record) -> Record:
        log.append(f"follow {last.state.n} -> {state.n}")
        return Record(state, "follow")

    return memo.LastShown("tests.core.test_memo", lambda state: state.key, first, follow)


def test_last_shown_builds_a_game_s_first_state_whole_and_follows_on_from_its_last() -> None:
    log: list[str] = []
    shown = last_shown(log)
    a, b = tuple([1, 2]), tuple([1, 2])  # equal keys of two games: two objects, two games
    a1, a2, b1 = Game(a, 1), Game(a, 2), Game(b, 1)
    assert shown(a1).built == "first"
    assert shown(a1) is shown(a1)  # the same state: what was made of it, not made again
    assert shown(b1).built == "first"
    assert shown(a2).built == "follow" and shown(a1).built == "follow"  # back to an older one
    assert log == ["first 1", "first 1", "follow 1 -> 2", "follow 2 -> 1"]


def test_last_shown_keeps_one_entry_a_game_and_lets_the_least_recent_go() -> None:
    log: list[str] = []
    shown = last_shown(log)
    shown.room.size = 4
    games = [Game(tuple([i]), 0) for i in range(6)]
    for game in games:
        shown(game)
    shown(games[2])  # shown again: the most recent now
    shown(Game(games[2].key, 1))  # its next state replaces its entry, not adds one
    assert len(shown.entries) <= 4
    assert id(games[2].key) in shown.entries and id(games[0].key) not in shown.entries
    assert shown.entries[id(games[2].key)].state.n == 1


def test_last_shown_holds_an_entry_for_each_game_of_its_kind_in_play() -> None:
    shown = memo.LastShown("domain.somekind.view", lambda state: state.key, lambda s: s, lambda s, _: s)
    try:
        memo.fit({"somekind": 1_000})  # no game's last state let go before its next one
        assert shown.room.size == 1_250
        memo.fit({"somekind": 10})
        assert shown.room.size == 256
    finally:
        memo.fit({})


def test_folded_keeps_what_an_event_made_of_a_state_for_that_very_event_and_state() -> None:
    folded: memo.Folded[State, State] = memo.Folded(size=8)
    state, event = State(1), State(2)
    made = folded.keep(state, event, State(3))
    entry = folded.entries[id(event)]
    assert entry == (state, event, made) and entry[0] is state and entry[2] is made
    events = [State(10 + i) for i in range(20)]  # kept alive: their ids stay theirs
    for e in events:
        folded.keep(state, e, e)
    assert len(folded.entries) <= 8  # the oldest let go, a quarter at a time
    assert id(event) not in folded.entries and id(events[-1]) in folded.entries
