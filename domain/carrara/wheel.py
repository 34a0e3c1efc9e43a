"""The wheel: prices per section, what a player can afford, and bag draws."""

from __future__ import annotations

from random import Random

from .components import COLOURS, SECTIONS, WHEEL_FILL, Colour, price
from .state import Counts, State


def blocks_on_wheel(state: State) -> int:
    return sum(sum(section) for section in state.wheel)


def refill_count(state: State) -> int:
    """How many blocks a turn of the wheel draws: up to 11 on the wheel, while the bag lasts.

    Turning moves blocks between sections without changing their number, so the count
    can be computed before the turn.
    """
    return max(0, min(WHEEL_FILL - blocks_on_wheel(state), sum(state.bag)))


def draw(bag: Counts, count: int, rng: Random) -> tuple[Colour, ...]:
    """Draw `count` blocks from the bag one at a time, each from what remains."""
    left = list(bag)
    drawn: list[Colour] = []
    for _ in range(count):
        pick = rng.randrange(sum(left))
        for i, n in enumerate(left):
            if pick < n:
                left[i] -= 1
                drawn.append(COLOURS[i])
                break
            pick -= n
    return tuple(sorted(drawn, key=COLOURS.index))


def cost_of(section: int, blocks: tuple[Colour, ...]) -> int:
    return sum(price(colour, section) for colour in blocks)


def worth(blocks: Counts, section: int) -> int:
    """What all of a section's blocks cost together."""
    return sum(n * each for n, each in zip(blocks, _PRICES[section], strict=True))


_PRICES = tuple(tuple(price(colour, section) for colour in COLOURS) for section in range(SECTIONS))


def purchases(blocks: Counts, section: int, coins: int) -> list[tuple[Colour, ...]]:
    """Every non-empty multiset of the section's blocks that costs at most `coins`,
    dearest colour first: the complete list of purchases from this section."""
    out: list[tuple[Colour, ...]] = []
    _buy(_PRICES[section], blocks, 0, coins, (), out)
    return out


def _buy(prices: tuple[int, ...], blocks: Counts, i: int, budget: int,
         chosen: tuple[Colour, ...], out: list[tuple[Colour, ...]]) -> None:
    # A module function, not a closure: a nested function that calls itself is a cycle
    # (function, cell) that only the collector frees, once for every listing.
    if i == len(COLOURS):
        if chosen:
            out.append(chosen)
        return
    each = prices[i]
    for n in range(blocks[i] + 1):
        if n * each > budget:
            break
        _buy(prices, blocks, i + 1, budget - n * each, chosen + (COLOURS[i],) * n, out)
