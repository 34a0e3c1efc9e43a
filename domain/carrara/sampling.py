"""`determinize` for the bots (domain/core/bots.py): a state the seat cannot tell from the
real one, the other screens and the bag dealt anew from what the seat has not seen.

What the seat has not seen, and the guess of another player's coins, are `bots.py`'s: its
`evaluate` credits other players with the same shares it deals here.
"""

from __future__ import annotations

from random import Random

from msgspec.structs import replace

from .bots import coins_guess, unseen_blocks, unseen_objects
from .cards import purple_met
from .components import ACCEPTS, COLOURS, ITEMS, by_seats
from .state import Counts, State

DEAL_TRIES = 20  # dealings tried before an announcer draws its objects first (see _deal_objects)


def determinize(state: State, seat: int | None, rng: Random) -> State:
    """A state `seat` cannot tell from `state` (`None`: a spectator). Hidden from it are the
    other players' screens (coins, blocks, objects) and what the bag holds; the table sees
    the bag's size and nothing of a screen, not even a count. So the blocks behind the
    other screens and in the bag are dealt anew together: the bag keeps its size, each
    other block goes to another player at random. The objects behind the other screens
    (every object not in the supply, not for sale and not the seat's) are dealt anew among
    the other players, and each one's coins are guessed from its board, with some spread.

    What the seat does know is kept: a player paying for a chosen building holds blocks
    the city accepts, enough to pay; an announcer met the purple objective (objects are
    never given back) and, with the brown coins card, holds the coins it asked. The face-down
    pile is left as it is: it is a set with no order (a reveal draws from it at random), and
    it is what the table knows, every tile not seen face up. Once the game is over every
    screen is lifted and the state is returned as it is.

    The pools are counted from what the seat sees (each colour's blocks less the wheel and
    its own; each type's objects less the supply, those for sale and its own) in a fixed
    order, so a sample is a function of the seat's view and the rng alone.

    A player who remembered every event could tell the screens exactly (every change to
    one passes through a public place); the view shows none of it, and neither does this."""
    if state.phase == "over":
        return state
    others = [s for s in range(state.seats) if s != seat]
    if not others:
        return state
    blocks, bag = _deal_blocks(state, seat, others, rng)
    items = _deal_objects(state, seat, others, rng)
    players = list(state.players)
    for s in others:
        players[s] = replace(players[s], blocks=blocks[s], items=items[s],
                             coins=_coins(state, s, rng))
    return replace(state, players=tuple(players), bag=bag)


def _deal_blocks(state: State, seat: int | None, others: list[int],
                 rng: Random) -> tuple[dict[int, Counts], Counts]:
    """The other screens' blocks and the bag's, dealt anew: the bag keeps its size; a
    player paying for a chosen building first gets as many blocks as it owes, of the
    colours the city accepts."""
    pool = [c for c, n in enumerate(unseen_blocks(state, seat)) for _ in range(n)]
    rng.shuffle(pool)
    held = {s: [0] * len(COLOURS) for s in others}
    pending = state.pending
    if state.phase == "pay" and pending is not None and state.turn in others:
        accepts = ACCEPTS[pending.city]
        fit = set([i for i, c in enumerate(pool) if COLOURS[c] in accepts][:pending.due])
        for i in fit:
            held[state.turn][pool[i]] += 1
        pool = [c for i, c in enumerate(pool) if i not in fit]
    bag = [0] * len(COLOURS)
    size = sum(state.bag)
    for c in pool[:size]:
        bag[c] += 1
    for c in pool[size:]:
        held[rng.choice(others)][c] += 1
    return {s: tuple(counts) for s, counts in held.items()}, tuple(bag)


def _deal_objects(state: State, seat: int | None, others: list[int],
                  rng: Random) -> dict[int, Counts]:
    """The objects behind the other screens, each to another player at random. An
    announcer met the purple objective with them: dealings that break it are dealt again;
    after DEAL_TRIES the announcer draws objects until it meets the card, the rest are dealt
    at random (every purple card only asks for more objects, and the announcer's real ones
    are among them, so drawing them all meets it)."""
    pooled = list(unseen_objects(state, seat))
    announcer = state.announcer if state.announcer in others else None
    for _ in range(DEAL_TRIES):
        dealt = _scatter(pooled, others, rng)
        if announcer is None or purple_met(state.cards.purple, state.seats, dealt[announcer]):
            return dealt
    assert announcer is not None
    pool = [i for i, n in enumerate(pooled) for _ in range(n)]
    rng.shuffle(pool)
    own = [0] * len(ITEMS)
    while pool and not purple_met(state.cards.purple, state.seats, own):
        own[pool.pop()] += 1
    dealt = _scatter([pool.count(i) for i in range(len(ITEMS))], others, rng)
    dealt[announcer] = tuple(a + b for a, b in zip(own, dealt[announcer], strict=True))
    return dealt


def _scatter(counts: list[int], seats: list[int], rng: Random) -> dict[int, Counts]:
    """Each of the components counted in `counts` to one of `seats` at random."""
    out = {s: [0] * len(counts) for s in seats}
    for i, n in enumerate(counts):
        for _ in range(n):
            out[rng.choice(seats)][i] += 1
    return {s: tuple(c) for s, c in out.items()}


def _coins(state: State, seat: int, rng: Random) -> int:
    """Another player's coins: the table's guess (`coins_guess`), give or take a half; an
    announcer under the brown coins card holds at least what the card asks."""
    guess = coins_guess(state.players[seat], seat, state.city_scored_by)
    coins = rng.randint(guess // 2, guess + guess // 2 + 2)
    if state.announcer == seat and state.cards.brown == "coins":
        coins = max(coins, by_seats(state.seats, 20, 25, 30))
    return coins
