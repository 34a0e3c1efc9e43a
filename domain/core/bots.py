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
  seat that moved on the way. Where one seat makes several commands in a row (a turn of
  several steps) a node is worth its best next step rather than the mean (see `Node.value`).
  The root weighs greedy's best few commands only; a game may bound how many turns ahead
  the search looks with its `search_turns` (see `horizon`), and have the rollouts play
  greedy's answers for `search_answers` turns past that (see `rollout` and `preferred`).

Pure like the rest of the domain: every random choice comes from the `rng` argument, and a
time budget arrives as `should_stop`, a callable the caller builds on its own clock.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
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
MAX_ITERATIONS = 100_000  # with a deadline (`should_stop`) and no count: the deadline decides
# Random moves after the tree's leaf before `evaluate` judges the state. Few, since random
# moves mostly add noise to a good measure and cost iterations: in Villa, 8 games of search
# against greedy at 0.3 s a move each, 12 plies won 1, 4 plies 5 (0 plies no better in 16).
ROLLOUT_PLIES = 4
# A game that keeps the default `evaluate` (which knows only the final ranks) is rolled out
# to its end instead, up to this many moves: a short rollout would tell it nothing.
END_PLIES = 2000
# UCB1's exploration constant. Values span [-1, 1], twice the [0, 1] of the textbook's
# sqrt(2), so 1.0 explores about half as much: the short rollouts are noisy already.
EXPLORATION = 1.0


def choose(game: AnyGame, state: Any, seat: int, rng: Random, level: Level,
           should_stop: Callable[[], bool] | None = None, iterations: int | None = None) -> Any:
    """The command a bot of `level` sends for `seat`, or None when it has none. The search
    runs `iterations` iterations; by default, until `should_stop()` when given (at most
    MAX_ITERATIONS), else ITERATIONS."""
    match level:
        case "random":
            return game.bot_move(state, seat, rng)
        case "greedy":
            return greedy_move(game, state, seat, rng)
        case "search":
            count = iterations if iterations is not None else (
                ITERATIONS if should_stop is None else MAX_ITERATIONS)
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
    sample = game.determinize(state, seat, rng)
    ranked = ranked_moves(game, sample, seat, game.legal(sample, seat), rng, GREEDY_SAMPLE)
    chosen = first_legal([command for _, command in ranked], real)
    return rng.choice(real) if chosen is None else chosen


def ranked_moves(game: AnyGame, sample: Any, seat: int, moves: Sequence[Any], rng: Random,
                 limit: int) -> list[tuple[float, Any]]:
    """(evaluate after the command, command) for `seat`'s `moves` in `sample`, best first,
    equals in a random order; at most `limit` of them, drawn at random beyond that."""
    if len(moves) > limit:  # bounded cost: a random subset stands for the rest
        moves = rng.sample(moves, limit)
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

    __slots__ = ("again", "avail", "children", "seat", "total", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.visits = 0
        self.total = 0.0
        self.avail = 1  # iterations in which this node's command was legal (ISMCTS's n')
        self.children: dict[Hashable, tuple[Any, Node]] = {}
        self.again = False  # its children are moves of its own seat (a turn of several steps)

    def value(self) -> float:
        """The mean of what was backed up through it; but when the same seat moves on from
        here, the best of those next moves (as MaxMCTS does), since the seat will choose its
        next step. Averaging in the steps it tried and found poor made a command that opens
        many choices of one's own (Carrara's wheel, then which blocks to buy) look worse
        than one that ends the turn: search won 0 of 10 Carrara games against greedy so
        (0.3 s a move), 5 of 12 with this (0.2 s a move)."""
        mean = self.total / self.visits
        if not self.again:
            return mean
        return max((child.value() for _, child in self.children.values() if child.visits),
                   default=mean)

    def ucb(self) -> float:
        return self.value() + EXPLORATION * math.sqrt(math.log(self.avail) / self.visits)


@dataclass
class Tree:
    """One search: its root, the root's commands (greedy's best, in its order), how far a
    rollout runs (`plies`), how many turns the search looks at (`turns`, 0: no limit) and
    how many turns past them a rollout plays greedy's moves (`answers`)."""

    game: AnyGame
    rng: Random
    root: Node
    moves: list[Any]
    plies: int
    turns: int
    answers: int = 0
    seed: int = 0  # of the answers' draws (see `iterate`)


def search_move(game: AnyGame, state: Any, seat: int, rng: Random, iterations: int = ITERATIONS,
                should_stop: Callable[[], bool] | None = None, plies: int | None = None,
                turns: int | None = None, answers: int | None = None) -> Any:
    """The root command the search visited most, after `iterations` iterations or as soon
    as `should_stop()` says so (asked before each). None when `seat` has no move.

    The root's commands are first ranked as greedy ranks them, and only the best
    ROOT_WIDTH (and those equal to the last) are searched: a few hundred iterations cannot
    try each of Villa's ~500 placements, and one look ahead already tells the hopeless ones.
    That ranking is not cut short by `should_stop`, so a search move costs at least a greedy
    move; stopped before the first iteration, the search answers greedy's best.
    `plies`: see `rollout_plies`; `turns`: see `horizon`; `answers`: see `rollout`."""
    real = game.legal(state, seat)
    if len(real) <= 1:
        return real[0] if real else None
    sample = game.determinize(state, seat, rng)
    ranked = [command for _, command in widest(ranked_moves(
        game, sample, seat, game.legal(sample, seat), rng, GREEDY_SAMPLE))]
    answers = game.search_answers if answers is None else answers
    tree = Tree(game, rng, Node(seat), ranked, rollout_plies(game) if plies is None else plies,
                horizon(game) if turns is None else turns, answers,
                rng.getrandbits(64) if answers else 0)  # no draw without: others play as before
    for _ in range(iterations):
        if should_stop is not None and should_stop():
            break
        iterate(tree, game.determinize(state, seat, rng))
    chosen = first_legal(preferred(tree) + ranked, real)
    return rng.choice(real) if chosen is None else chosen


def preferred(tree: Tree) -> list[Any]:
    """The root's tried commands, the best first: the most visited (equal counts keep
    greedy's order, the sort being stable). But where rollouts play greedy answers (each
    iteration costs a greedy move or more, so a search makes only a few dozen, spread over
    many commands once or twice each), the best value among those visited at least half as
    often as the most: the counts then say little more than the order they were tried in.
    In Villa against greedy, 0.3 s a move: by visits 6 of 16 games won, by value 21.5 of 32."""
    tried = sorted(tree.root.children.values(), key=lambda child: child[1].visits,
                   reverse=True)
    if tree.answers and tried:
        most = tried[0][1].visits
        tried = sorted((child for child in tried if 2 * child[1].visits >= most),
                       key=lambda child: child[1].value(), reverse=True)
    return [command for command, _ in tried]


def rollout_plies(game: AnyGame) -> int:
    """How long a rollout runs for `game` (see ROLLOUT_PLIES and END_PLIES)."""
    return END_PLIES if type(game).evaluate is Game.evaluate else ROLLOUT_PLIES


def horizon(game: AnyGame) -> int:
    """How many turns the search looks at, the current one first (a turn: one seat's run of
    commands), when the caller does not say: the game's `search_turns` (0: no limit).
    Where the game's `evaluate` judges the opponents' answers poorly, the search does better
    on its own turn alone: in Carrara, 16 games against greedy at 0.2 s a move, one turn won
    12 and no limit 3; in Bella Vista no limit won 12 and one turn 9, in Villa 8 and 6, in
    Barcelona all 16 either way."""
    return game.search_turns


def widest(ranked: list[tuple[float, Any]]) -> list[tuple[float, Any]]:
    """The first ROOT_WIDTH of `ranked`, and any after them as good as the last: a game whose
    evaluate tells nothing yet (all equal) keeps every command."""
    if len(ranked) <= ROOT_WIDTH:
        return ranked
    last = ranked[ROOT_WIDTH - 1][0]
    return [pair for at, pair in enumerate(ranked) if at < ROOT_WIDTH or pair[0] >= last]


def iterate(tree: Tree, sample: Any) -> None:
    """One iteration on one sample: select, expand, roll out, back up."""
    path, state, turns = descend(tree, sample)
    # The n-th answers to each root command meet the same luck (common random numbers: in
    # Villa, the same Hedge drawn): each root command is judged by a few greedy answers,
    # and the luck of the draw would outweigh the difference between two commands.
    luck = tree.rng
    if tree.answers:
        luck = Random(hash((tree.seed, path[1].visits if len(path) > 1 else 0)))
    state = rollout(tree, state, path[-1].seat, turns, luck)
    backup(tree.game, path, state)


def mover(game: AnyGame, state: Any) -> tuple[int, list[Any]] | None:
    """Who moves in the tree and their commands: the first active seat that has any (several
    seats may be active at once; each in turn is as good as their simultaneous moves when
    none sees the others'). None once the game is over."""
    for seat in game.active(state):
        moves = game.legal(state, seat)
        if moves:
            return seat, moves
    return None


def descend(tree: Tree, state: Any) -> tuple[list[Node], Any, int]:
    """Walk down from the root by UCB1 until a command never tried at its node, add it and
    stop there, or at the horizon; and how many turns the moves made began, the root's
    first. The root moves for its own seat, even when another seat is listed first in
    `active`."""
    game, root = tree.game, tree.root
    path, node, turns = [root], root, 1
    turn: tuple[int, list[Any]] | None = (root.seat, tree.moves)
    while turn is not None and turn[1]:  # the root's may be empty if a game's legal broke the rule
        actor, moves = turn
        begun = turns + (actor != node.seat)
        if tree.turns and begun > tree.turns:
            break
        tried, untried = available(node, moves)
        if untried:  # the root's in greedy's order, the others' at random
            command = untried[0] if node is root else tree.rng.choice(untried)
            child = Node(actor)
            node.children[command_key(command)] = (command, child)
            node.again = actor == node.seat
        else:
            command, child = max(tried, key=lambda entry: entry[1].ucb())
        state = step(game, state, actor, command, tree.rng)
        path.append(child)
        turns = begun
        if child.visits == 0:
            break
        node, turn = child, mover(game, state)
    return path, state, turns


def available(node: Node, moves: Sequence[Any]) -> tuple[list[tuple[Any, Node]], list[Any]]:
    """The children whose command is legal here, each counted available once more; and the
    legal commands that have no child yet."""
    tried, untried = [], []
    for command in moves:
        entry = node.children.get(command_key(command))
        if entry is None:
            untried.append(command)
        else:
            entry[1].avail += 1
            tried.append(entry)
    return tried, untried


def rollout(tree: Tree, state: Any, seat: int, turns: int, luck: Random) -> Any:
    """Random legal moves from the leaf, where `seat` moved last and `turns` turns have
    begun: cheap, and `evaluate` judges the rest. At most `tree.plies` of them, and none
    past the horizon; then, for `tree.answers` turns past the horizon (the game's
    `search_answers`), greedy's moves, drawing on `luck`: what the opponents will likely
    answer, where a random answer tells little (in Villa, one placement of a hundred or
    more, and seldom the one closing an area the opponent leads)."""
    plies = 0
    while (turn := mover(tree.game, state)) is not None:
        actor, moves = turn
        begun = turns + (actor != seat)
        if tree.turns and begun > tree.turns:
            if begun > tree.turns + tree.answers:
                break
            command, rng = answer(tree, state, actor, moves, luck), luck
        elif plies < tree.plies:
            plies += 1
            command, rng = tree.rng.choice(moves), tree.rng
        else:
            break
        state, seat, turns = step(tree.game, state, actor, command, rng), actor, begun
    return state


def answer(tree: Tree, state: Any, seat: int, moves: list[Any], rng: Random) -> Any:
    """Greedy's move for `seat` in a rollout: the best `evaluate` one move ahead."""
    if len(moves) == 1:
        return moves[0]
    return ranked_moves(tree.game, state, seat, moves, rng, GREEDY_SAMPLE)[0][1]


def backup(game: AnyGame, path: Sequence[Node], state: Any) -> None:
    """Add the rollout's end to every node of the path, each from its own mover's view."""
    values: dict[int, float] = {}
    for node in path:
        if node.seat not in values:
            values[node.seat] = game.evaluate(state, node.seat)
        node.visits += 1
        node.total += values[node.seat]
