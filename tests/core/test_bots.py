"""The greedy and search bots (domain/core/bots.py): legal, repeatable, bounded (iterations,
`should_stop`, the horizon in turns), blind to what their seat cannot see, and able to play
every game to its end.

The games are `domain.registry`'s (with the test game `tinydraw`, which tests/conftest.py
registers), plus two games of this file's own: `Knowing`, Tiny Draw with a `determinize` and an
`evaluate`, and `Guess`, where every seat picks at once (several seats active together).
PLAZA_PROPERTY_GAMES sets the number of full games per case; CI plays one.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from random import Random
from typing import Any, get_args

import msgspec
import pytest

from domain.core import Game, Illegal, Outcome, ranks_from, registry, rng_for
from domain.core.bots import (
    LEVELS,
    Level,
    Node,
    Tree,
    choose,
    greedy_move,
    preferred,
    rollout,
    search_move,
)
from domain.core.simulate import Simulation
from replays.format import FORMAT, Header, dumps
from replays.verify import verify
from tests.support.tinygame import DECK, Options, Play, State, TinyDraw

GAMES = int(os.environ.get("PLAZA_PROPERTY_GAMES", "0")) or 1
ITERATIONS = 8  # per search move in the full games: enough to walk the tree, CI-sized
AnyGame = Game[Any, Any, Any, Any, Any]


class Knowing(TinyDraw):
    """Tiny Draw with the two questions the bots ask: the other hands dealt anew from what
    `seat` has not seen, and the score margin as the measure."""

    kind = "tinydraw-knowing"

    def determinize(self, state: State, seat: int, rng: Random) -> State:
        pool = sorted([*state.deck, *(c for s, h in enumerate(state.hands) if s != seat for c in h)])
        hands = [hand if s == seat else tuple(sorted(pool.pop(rng.randrange(len(pool))) for _ in hand))
                 for s, hand in enumerate(state.hands)]
        return msgspec.structs.replace(state, hands=tuple(hands), deck=tuple(pool))

    def evaluate(self, state: State, seat: int) -> float:
        if self.outcome(state) is not None:
            return super().evaluate(state, seat)
        best_other = max(s for i, s in enumerate(state.scores) if i != seat)
        return max(-0.9, min(0.9, (state.scores[seat] - best_other) / 20))


KNOWING = Knowing()


# Guess: every seat picks 1..3 at once, unseen; a pick nobody else made scores its value. ----


class Pick(msgspec.Struct, tag="Pick", tag_field="type", frozen=True):
    value: int


class Picked(msgspec.Struct, tag="Picked", tag_field="type", frozen=True):
    seat: int
    value: int


class GuessState(msgspec.Struct, frozen=True):
    picks: tuple[int, ...]  # 0: not yet
    scores: tuple[int, ...]
    round: int = 1


def _scored(state: GuessState) -> GuessState:
    gains = [v if state.picks.count(v) == 1 else 0 for v in state.picks]
    scores = tuple(s + g for s, g in zip(state.scores, gains, strict=True))
    return GuessState((0,) * len(scores), scores, state.round + 1)


class Guess(Game[GuessState, Pick, Picked, Options, GuessState]):
    kind, title, seat_counts = "guess", "Guess (test game)", (2, 3, 4)
    options_type, command_type, event_type = Options, Pick, Picked
    view_type = state_type = GuessState

    def start(self, options: Options, seats: int, rng: Random) -> list[Picked]:
        return [Picked(-seats, 0)]  # the first event says how many seats

    def evolve(self, state: GuessState | None, event: Picked) -> GuessState:
        if state is None:
            return GuessState((0,) * -event.seat, (0,) * -event.seat)
        picks = tuple(event.value if s == event.seat else p for s, p in enumerate(state.picks))
        after = msgspec.structs.replace(state, picks=picks)
        return _scored(after) if all(picks) else after

    def decide(self, state: GuessState, seat: int, command: Pick, rng: Random) -> list[Picked]:
        if command not in self.legal(state, seat):
            raise Illegal(f"Seat {seat} cannot pick {command.value} now.")
        return [Picked(seat, command.value)]

    def active(self, state: GuessState) -> list[int]:
        return [] if state.round > 3 else [s for s, p in enumerate(state.picks) if not p]

    def legal(self, state: GuessState, seat: int) -> list[Pick]:
        return [Pick(v) for v in (1, 2, 3)] if seat in self.active(state) else []

    def view(self, state: GuessState, viewer: int | None) -> GuessState:
        return state  # the tests never show a view

    def determinize(self, state: GuessState, seat: int, rng: Random) -> GuessState:
        picks = tuple(p if s == seat or not p else rng.randint(1, 3) for s, p in enumerate(state.picks))
        return msgspec.structs.replace(state, picks=picks)

    def outcome(self, state: GuessState) -> Outcome | None:
        if state.round <= 3:
            return None
        ranks, winners = ranks_from([(s,) for s in state.scores])
        return Outcome(list(state.scores), ranks, winners)


GUESS = Guess()


# Helpers --------------------------------------------------------------------------------------


def kinds() -> list[str]:
    return sorted(registry.games())


def game_of(kind: str) -> AnyGame:
    game = registry.get(kind)
    assert game is not None
    return game


def positions(game: AnyGame, seats: int, seed: int, every: int) -> Iterator[tuple[Any, int]]:
    """(state, seat to move) at every `every`-th move of a random game, to its end."""
    sim = Simulation(game, seats, seed=seed)
    rng = Random(seed)
    while sim.outcome() is None:
        if sim.seq % every == 0:
            yield sim.state, sim.active()[0]
        seat = rng.choice(sim.active())
        sim.command(seat, rng.choice(sim.legal(seat)))


def stopping_after(calls: int) -> tuple[Callable[[], bool], list[int]]:
    """A `should_stop` that says stop from its `calls + 1`-th call on; and its call count."""
    count = [0]

    def should_stop() -> bool:
        count[0] += 1
        return count[0] > calls

    return should_stop, count


def test_levels_name_the_literal_and_random_is_the_game_s_own_bot() -> None:
    assert get_args(Level) == LEVELS
    state, seat = next(positions(game_of("barcelona"), 2, 1, 5))
    game = game_of("barcelona")
    assert choose(game, state, seat, Random(3), "random") == game.bot_move(state, seat, Random(3))


@pytest.mark.parametrize("kind", kinds())
def test_greedy_and_search_move_legally_and_the_same_for_the_same_rng(kind: str) -> None:
    game = game_of(kind)
    for at, (state, seat) in enumerate(positions(game, 3, 11, 9)):
        if at >= 4:
            break
        legal = game.legal(state, seat)
        greedy = greedy_move(game, state, seat, Random(at))
        search = search_move(game, state, seat, Random(at), iterations=12)
        assert greedy in legal and search in legal
        assert greedy_move(game, state, seat, Random(at)) == greedy
        assert search_move(game, state, seat, Random(at), iterations=12) == search
    idle = next(s for s in range(3) if s not in game.active(state))
    assert greedy_move(game, state, idle, Random(1)) is None  # a seat with no move: none
    assert search_move(game, state, idle, Random(1)) is None


def test_greedy_takes_what_evaluate_likes_best() -> None:
    deck = list(DECK)
    for card in (2, 9, 4, 5):
        deck.remove(card)
    state = State(2, 3, tuple(deck), ((2, 9), (4, 5)), (0, 0))
    assert all(greedy_move(KNOWING, state, 0, Random(seed)) == Play(9) for seed in range(5))


def test_search_plays_rather_than_end_the_game_behind() -> None:
    # The last turn of a one-round game: seat 1 is behind by 3 and holds a 9 and an 8.
    state = State(2, 1, (1, 1, 2), ((), (8, 9)), (20, 17), turn=1)
    for seed in range(3):
        move = search_move(KNOWING, state, 1, Random(seed), iterations=60)
        assert isinstance(move, Play), move


def test_search_stops_when_should_stop_says_so() -> None:
    state, seat = next(positions(KNOWING, 2, 3, 1))
    should_stop, calls = stopping_after(7)
    move = search_move(KNOWING, state, seat, Random(1), iterations=10_000, should_stop=should_stop)
    assert calls == [8] and move in KNOWING.legal(state, seat)
    # Told to stop at once, it still answers: greedy's move, which it ranks its root by.
    for seed in range(4):
        move = search_move(KNOWING, state, seat, Random(seed), should_stop=lambda: True)
        assert move == greedy_move(KNOWING, state, seat, Random(seed))
    should_stop, calls = stopping_after(10_000)
    choose(KNOWING, state, seat, Random(1), "search", should_stop=should_stop, iterations=5)
    assert calls == [5]  # the iteration count bounds it too
    should_stop, calls = stopping_after(500)
    choose(KNOWING, state, seat, Random(1), "search", should_stop=should_stop)
    assert calls == [501]  # a deadline and no count: past the default count, to the deadline


class Watched(Knowing):
    """Knowing that records the seat of every command the search tries, and looks at one turn
    only (`search_turns`)."""

    search_turns = 1

    def __init__(self) -> None:
        self.seats: set[int] = set()

    def decide(self, state: State, seat: int, command: Any, rng: Random) -> list[Any]:
        self.seats.add(seat)
        return super().decide(state, seat, command, rng)


def test_the_search_looks_no_further_than_its_horizon() -> None:
    game = Watched()
    state, seat = next(positions(game, 3, 4, 1))
    game.seats.clear()
    search_move(game, state, seat, Random(1), iterations=50)
    assert game.seats == {seat}  # its own turn only: no other seat's command tried
    search_move(game, state, seat, Random(1), iterations=50, turns=2)
    assert game.seats == {seat, (seat + 1) % 3}
    search_move(game, state, seat, Random(1), iterations=200, turns=0)  # no horizon
    assert game.seats == {0, 1, 2}


def test_past_the_horizon_rollouts_play_greedy_answers_for_search_answers_turns() -> None:
    # Seat 0 has just moved; seat 1 holds 4, 9 and 5 and may play two of them.
    deck = list(DECK)
    for card in (1, 2, 4, 9, 5, 3, 6):
        deck.remove(card)
    state = State(3, 3, tuple(deck), ((1, 2), (4, 5, 9), (3, 6)), (0, 0, 0), turn=1)
    for seed in range(4):
        tree = Tree(KNOWING, Random(seed), Node(0), [], plies=4, turns=1, answers=1)
        after = rollout(tree, state, 0, 1, Random(seed))
        assert after.scores == (0, 14, 0)  # greedy's answer: its two best cards
        assert after.turn == 2 and after.hands[2] == (3, 6)  # and the turn after is not played
        tree.answers = 0
        assert rollout(tree, state, 0, 1, Random(seed)) is state  # the horizon: nothing played
    # Watched looks at one turn: with answers, the next seat's commands are tried as well.
    game = Watched()
    state, seat = next(positions(game, 3, 4, 1))
    game.seats.clear()
    search_move(game, state, seat, Random(1), iterations=20, answers=1)
    assert game.seats == {seat, (seat + 1) % 3}


def test_with_answers_the_search_prefers_the_best_value_among_the_most_visited() -> None:
    tree = Tree(KNOWING, Random(1), Node(0), [], plies=4, turns=1)
    for name, visits, total in (("often", 4, -2.0), ("good", 3, 1.5), ("once", 1, 0.9)):
        child = Node(0)
        child.visits, child.total = visits, total
        tree.root.children[name] = (name, child)
    assert preferred(tree) == ["often", "good", "once"]  # no answers: by visits
    tree.answers = 1  # by value, among those visited at least half as often as the most
    assert preferred(tree) == ["good", "often"]


def test_a_turn_of_several_steps_is_worth_its_best_next_step() -> None:
    node, good, poor = Node(0), Node(0), Node(0)
    node.children = {"good": ("good", good), "poor": ("poor", poor)}
    for n, value in ((node, -0.2), (good, 0.5), (poor, -0.9)):
        n.visits, n.total = 1, value
    assert node.value() == -0.2  # another seat's answers: the mean
    node.again = True
    assert node.value() == 0.5  # the same seat moves on: its best


def hidden_pairs(game: AnyGame, seats: int, seed: int) -> Iterator[tuple[Any, Any, int]]:
    """(real state, another the seat to move cannot tell from it, that seat): the other drawn
    by the game's own `determinize`, where it differs from the real one."""
    for at, (state, seat) in enumerate(positions(game, seats, seed, 3)):
        other = game.determinize(state, seat, Random(1000 + at))
        if other != state:
            assert game.view(other, seat) == game.view(state, seat), "determinize shows more"
            yield state, other, seat


def blind_games() -> list[Any]:
    """Knowing, and every registered game that hides something from a seat. A game whose
    determinize is still the default identity is skipped, with the reason: the other state
    would be the real one."""
    cases: list[Any] = [pytest.param(KNOWING, id=KNOWING.kind)]
    for kind in kinds():
        game = game_of(kind)
        why = ("nothing is hidden from a seat (public_view)" if game.public_view else
               "its determinize is still the default identity (domain/<game>/bots.py)"
               if type(game).determinize is Game.determinize else "")
        cases.append(pytest.param(game, id=kind, marks=[pytest.mark.skip(why)] if why else []))
    return cases


@pytest.mark.parametrize("game", blind_games())
def test_search_decides_the_same_in_states_the_seat_cannot_tell_apart(game: AnyGame) -> None:
    """Both bots see the real state only through determinize and the seat's own legal moves,
    so two states with the same view give the same move for the same rng. (This asks of a
    game's determinize that it deal from what the seat has not seen in an order of its own,
    not the real state's: a function of the view and rng alone.)"""
    pairs = 0
    for state, other, seat in hidden_pairs(game, 3, 5):
        for level in ("greedy", "search"):
            mine = choose(game, state, seat, Random(pairs), level, iterations=10)
            theirs = choose(game, other, seat, Random(pairs), level, iterations=10)
            assert mine == theirs, f"{level} at seat {seat} read a secret"
        pairs += 1
        if pairs == 4:
            break
    assert pairs, "no position with a secret was found"


def test_search_plays_a_game_where_several_seats_move_at_once() -> None:
    sim = Simulation(GUESS, 3)
    state = sim.state
    assert GUESS.active(state) == [0, 1, 2]
    assert search_move(GUESS, state, 2, Random(1), iterations=30) in GUESS.legal(state, 2)
    rng = Random(2)
    while sim.outcome() is None:
        seat = rng.choice(sim.active())
        sim.command(seat, choose(GUESS, sim.state, seat, rng, "search", iterations=20))
    assert sim.state.round == 4


# Full games: every level at the table, the log proven by re-simulation. ------------------------

CASES: list[tuple[str, int, dict[str, Any]]] = [
    ("villa", 2, {}), ("villa", 4, {"expert": True}),
    ("carrara", 3, {}), ("carrara", 2, {"expansion": True, "board": "advanced"}),
    ("bellavista", 4, {}), ("bellavista", 2, {"layout": "random"}),
    ("barcelona", 2, {}), ("barcelona", 3, {"expansion": True, "promo_bonus": True}),
]


@pytest.mark.parametrize(("kind", "seats", "options"), CASES,
                         ids=[f"{k}-{n}-{'-'.join(o) or 'default'}" for k, n, o in CASES])
def test_mixed_levels_play_whole_games_that_resimulate(kind: str, seats: int,
                                                       options: dict[str, Any]) -> None:
    game = game_of(kind)
    for seed in range(1, GAMES + 1):
        levels: list[Level] = [LEVELS[(seat + seed) % 3] for seat in range(seats)]
        sim = Simulation(game, seats, options, seed=seed, game_id=f"bots-{kind}-{seed}")
        while sim.outcome() is None:
            seat = sim.active()[0]
            rng = rng_for(seed, sim.seq, f"bot:{seat}")
            command = choose(game, sim.state, seat, rng, levels[seat], iterations=ITERATIONS)
            sim.command(seat, command)  # raises if the rules refuse it
        header = Header(FORMAT, kind, options, seats, [None] * seats, game_id=sim.game_id,
                        seed=seed, outcome=sim.outcome())
        verified = verify(dumps(header, sim.envelopes))
        assert verified.proven, verified.proof()
