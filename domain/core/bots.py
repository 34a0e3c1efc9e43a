"""Bots stronger than `bot_move`, for any game of the contract: `greedy` and `search`.

Both see only what their seat sees. They ask the game for `determinize(state, seat, rng)`, a
state the seat cannot tell from the real one (everything hidden from it dealt anew), and
search such samples alone; of the real state they ask only `legal(state, seat)`, which the
seat knows. The game's own measure of a position is `evaluate(state, seat)`, in [-1, 1].

- `greedy_move`: one move of look-ahead, the best `evaluate` after it.
- `search_move`: single-observer information-set Monte Carlo tree search (Cowling, Powley and
  Whitehouse, "Information Set Monte Carlo Tree Search", 2012): each iteration samples a
  determinization, walks a tree of commands (every seat's, keyed by the command alone, so
  the tree is shared by all samples) with UCB1 counted over the times a move was available,
  adds one node, plays a short random rollout and scores its end with `evaluate` for each
  seat that moved on the way.

Pure like the rest of the domain: every random choice comes from the `rng` argument, and a
time budget arrives as `should_stop`, a callable the caller builds on its own clock.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from random import Random
from typing import Any, Literal, assert_never

import msgspec

from .game import Game

AnyGame = Game[Any, Any, Any, Any, Any]
Level = Literal["random", "greedy", "search"]
LEVELS: tuple[Level, ...] = ("random", "greedy", "search")

GREEDY_SAMPLE = 200  # greedy scores at most this many commands (Villa may offer ~500)
ROOT_WIDTH = 8  # the search weighs greedy's best few root commands (see search_move)
ITERATIONS = 400  # search iterations when the caller names neither a count nor a deadline
# Random moves after the tree's leaf before `evaluate` judges the state. Few: in Villa, 16
# games of search against greedy at 0.3 s a move, 12 plies won 12%, 4 plies 62%, 0 plies 56%
# to 62% (random moves mostly add noise to a good measure, and cost iterations).
ROLLOUT_PLIES = 4
# A game that keeps the default `evaluate` (which knows only the final ranks) is rolled out
# to its end instead, up to this many moves: a short rollout would tell it nothing.
END_PLIES = 2000
# UCB1's exploration constant. Values span [-1, 1], twice the [0, 1] of the textbook's
# sqrt(2), so 1.0 explores about half as much: the short rollouts are noisy already.
EXPLORATION = 1.0


def choose(game: AnyGame, state: Any, seat: int, rng: Random, level: Level,
           should_stop: Callable[[], bool] | None = None, iterations: int | None = None) -> Any:
    """The command a bot of `level` sends for `seat`, or None when it has none."""
    match level:
        case "random":
            return game.bot_move(state, seat, rng)
        case "greedy":
            return greedy_move(game, state, seat, rng)
        case "search":
            count = ITERATIONS if iterations is None else iterations
            return search_move(game, state, seat, rng, count, should_stop)
        case _:
            assert_never(level)


def step(game: AnyGame, state: Any, seat: int, command: Any, rng: Random) -> Any:
    """The state after `seat`'s command; `decide` already adds what the game does by itself."""
    for event in game.decide(state, seat, command, rng):
        state = game.evolve(state, event)
    return state


def command_key(command: Any) -> Hashable:
    """A dictionary key for a command: itself when hashable (frozen Structs of tuples are),
    else its JSON, so a command with a list field still finds its node."""
    try:
        hash(command)
    except TypeError:
        return msgspec.json.encode(command)
    return command  # type: ignore[no-any-return]


def first_legal(ranked: Sequence[Any], real: Sequence[Any]) -> Any:
    """The first of `ranked` that is legal in the real state, else None.

    `legal` may depend only on what the seat sees, so a move found in a determinized sample
    is legal in the real state too. A game whose `legal` broke that rule must still not get
    its bot refused, hence the check; the callers fall back to a move of the real state."""
    allowed = {command_key(command) for command in real}
    return next((command for command in ranked if command_key(command) in allowed), None)


# Greedy ----------------------------------------------------------------------------------


def greedy_move(game: AnyGame, state: Any, seat: int, rng: Random) -> Any:
    """The command whose outcome `evaluate` likes best for `seat`, one move ahead in one
    determinized sample; ties broken by `rng`. None when `seat` has no move."""
    real = game.legal(state, seat)
    if len(real) <= 1:  # nothing to weigh (Carrara often offers only one command)
        return real[0] if real else None
    ranked = ranked_moves(game, game.determinize(state, seat, rng), seat, rng)
    chosen = first_legal([command for _, command in ranked], real)
    return rng.choice(real) if chosen is None else chosen


def ranked_moves(game: AnyGame, sample: Any, seat: int, rng: Random) -> list[tuple[float, Any]]:
    """(evaluate after the command, command) for `seat`'s commands in `sample`, best first,
    equals in a random order; at most GREEDY_SAMPLE of them, drawn at random beyond that."""
    moves = game.legal(sample, seat)
    if len(moves) > GREEDY_SAMPLE:  # bounded cost: a random subset stands for the rest
        moves = rng.sample(moves, GREEDY_SAMPLE)
    # Every command meets the same draws (one seed for all), so a card drawn by luck does
    # not make one command look better than another.
    seed = rng.getrandbits(64)
    scored = [(game.evaluate(step(game, sample, seat, command, Random(seed)), seat), command)
              for command in moves]
    rng.shuffle(scored)  # the stable sort below then keeps equals in a random order
    scored.sort(key=lambda pair: pair[0], reverse=True)
    return scored


# Search ----------------------------------------------------------------------------------


class Node:
    """A node of the search tree: the position after a sequence of commands, whatever the
    sample. Its value is from the point of view of `seat`, the seat that moved into it."""

    __slots__ = ("avail", "children", "seat", "total", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.visits = 0
        self.total = 0.0
        self.avail = 0  # iterations in which this node's command was legal (ISMCTS's n')
        self.children: dict[Hashable, tuple[Any, Node]] = {}

    def ucb(self) -> float:
        return (self.total / self.visits
                + EXPLORATION * math.sqrt(math.log(self.avail) / self.visits))


def search_move(game: AnyGame, state: Any, seat: int, rng: Random, iterations: int = ITERATIONS,
                should_stop: Callable[[], bool] | None = None,
                plies: int | None = None) -> Any:
    """The root command the search visited most, after `iterations` iterations or as soon
    as `should_stop()` says so (asked before each). None when `seat` has no move.

    The root's commands are first ranked as greedy ranks them, and only the best
    ROOT_WIDTH (and those equal to the last) are searched: a few hundred iterations cannot
    try each of Villa's ~500 placements, and one look ahead already tells the hopeless ones.
    Stopped before the first iteration, the search answers greedy's best."""
    real = game.legal(state, seat)
    if len(real) <= 1:
        return real[0] if real else None
    ranked = [command for _, command in widest(ranked_moves(
        game, game.determinize(state, seat, rng), seat, rng))]
    root, depth = Node(seat), rollout_plies(game) if plies is None else plies
    for _ in range(iterations):
        if should_stop is not None and should_stop():
            break
        iterate(game, root, game.determinize(state, seat, rng), ranked, rng, depth)
    tried = sorted(root.children.values(), key=lambda child: (child[1].visits, child[1].total),
                   reverse=True)  # stable: equal counts keep the order the moves were tried
    chosen = first_legal([command for command, _ in tried] + ranked, real)
    return rng.choice(real) if chosen is None else chosen


def rollout_plies(game: AnyGame) -> int:
    """How long a rollout runs for `game` (see ROLLOUT_PLIES and END_PLIES)."""
    return END_PLIES if type(game).evaluate is Game.evaluate else ROLLOUT_PLIES


def widest(ranked: list[tuple[float, Any]]) -> list[tuple[float, Any]]:
    """The first ROOT_WIDTH of `ranked`, and any after them as good as the last: a game whose
    evaluate tells nothing yet (all equal) keeps every command."""
    if len(ranked) <= ROOT_WIDTH:
        return ranked
    last = ranked[ROOT_WIDTH - 1][0]
    return [pair for at, pair in enumerate(ranked) if at < ROOT_WIDTH or pair[0] >= last]


def iterate(game: AnyGame, root: Node, sample: Any, moves: list[Any], rng: Random,
            plies: int) -> None:
    """One iteration on one sample: select, expand, roll out, back up. `moves`: the root's."""
    path, state = descend(game, root, sample, moves, rng)
    state = rollout(game, state, rng, plies)
    backup(game, path, state)


def mover(game: AnyGame, state: Any) -> tuple[int, list[Any]] | None:
    """Who moves in the tree and their commands: the first active seat that has any (several
    seats may be active at once; each in turn is as good as their simultaneous moves when
    none sees the others'). None once the game is over."""
    for seat in game.active(state):
        moves = game.legal(state, seat)
        if moves:
            return seat, moves
    return None


def descend(game: AnyGame, root: Node, state: Any, moves: list[Any],
            rng: Random) -> tuple[list[Node], Any]:
    """Walk down from the root by UCB1 until a move never tried in this node, add it and
    stop there. The root moves for its seat (`moves`), even when another seat is listed
    first in `active`."""
    path, node = [root], root
    turn: tuple[int, list[Any]] | None = (root.seat, moves)
    while turn is not None and turn[1]:  # the root's may be empty if a game's legal broke the rule
        actor, moves = turn
        untried = available(node, moves)
        if untried:  # the root's in greedy's order, the others' at random
            command = untried[0] if node is root else rng.choice(untried)
            child = Node(actor)
            child.avail = 1
            node.children[command_key(command)] = (command, child)
        else:
            command, child = max((node.children[command_key(m)] for m in moves),
                                 key=lambda entry: entry[1].ucb())
        state = step(game, state, actor, command, rng)
        path.append(child)
        if untried:
            break
        node, turn = child, mover(game, state)
    return path, state


def available(node: Node, moves: Sequence[Any]) -> list[Any]:
    """Count one more availability for each child whose command is legal here; and the
    legal commands that have no child yet."""
    untried = []
    for command in moves:
        entry = node.children.get(command_key(command))
        if entry is None:
            untried.append(command)
        else:
            entry[1].avail += 1
    return untried


def rollout(game: AnyGame, state: Any, rng: Random, plies: int) -> Any:
    """Random legal moves, at most `plies` of them: cheap, and `evaluate` judges the rest."""
    for _ in range(plies):
        turn = mover(game, state)
        if turn is None:
            break
        actor, moves = turn
        state = step(game, state, actor, rng.choice(moves), rng)
    return state


def backup(game: AnyGame, path: Sequence[Node], state: Any) -> None:
    """Add the rollout's end to every node of the path, each from its own mover's view."""
    values: dict[int, float] = {}
    for node in path:
        if node.seat not in values:
            values[node.seat] = game.evaluate(state, node.seat)
        node.visits += 1
        node.total += values[node.seat]
