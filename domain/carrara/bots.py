"""What the greedy and search bots (domain/core/bots.py) ask of The Palaces of Carrara:
`evaluate`, how good a position is for a seat (here), and `determinize`, a state the seat
cannot tell from the real one (sampling.py, which deals what this module counts as unseen).

A position is worth the seat's projected final total against the best other player's. A
total is what the final scoring would count now (track, grey card, green card, coins) plus
what the player's board may still score (its cities and building types not scored yet,
while scoring markers last) and what lies behind its screen: objects, blocks and coins.
Every board is public. Of the other screens the table sees only what they hold together:
the objects of each type that are neither in the supply, for sale nor the seat's own, and
the number of blocks neither on the wheel, in the bag nor the seat's own. Each other player
is credited an equal share of those, and coins guessed from its board.
"""

from __future__ import annotations

import math

from msgspec.structs import replace

from domain.core.memo import per_state

from .cards import (
    CHOOSING_GREENS,
    Green,
    coins_per_vp,
    green_gain,
    green_majorities,
    grey_vp,
    purple_vp,
)
from .components import (
    ACCEPTS,
    BLOCKS_PER_COLOUR,
    CATEGORIES,
    CATEGORY_OF,
    CITIES,
    CITY_SCORING_MINIMUM,
    COLOURS,
    ITEM_OF,
    ITEMS,
    ITEMS_PER_TYPE,
    KINDS,
    MAX_SCORINGS,
    SECTIONS,
    BoardSide,
    Kind,
    Tile,
    Value,
    price,
)
from .scoring import outcome
from .state import Cards, Counts, Player, State

# -- evaluate --------------------------------------------------------------------------

# Points of margin that count as "clearly ahead" (tanh(1) = 0.76). Greedy bots playing each
# other end 15-18 points apart (winner to second, 2-4 players, totals 70-105); with the
# expansion's cards 23-39 (totals 95-120).
SCALE = 15.0
SCALE_EXPANSION = 25.0
# VP a block behind the screen is worth while the game goes on, dearest colour first: a
# block becomes one unit of building cost, which scores with its city and with its type,
# but only after turns spent buying and building. White builds anywhere, Livorno (3 VP a
# unit) too; black only in Lérici (1 coin a unit).
BLOCK_VP: tuple[float, ...] = (1.2, 1.0, 0.9, 0.7, 0.6, 0.5)
MEAN_BLOCK_VP = sum(BLOCK_VP) / len(BLOCK_VP)
# Blocks beyond a few buildings' worth wait for many turns: the dearest USEFUL_BLOCKS count
# in full, the others at EXCESS_SHARE (without it the bot hoards every block it can buy).
USEFUL_BLOCKS = 10
EXCESS_SHARE = 0.25
# What a coin is worth beyond its final value (1/5 VP) while it can still buy blocks.
COIN_IN_PLAY = 0.15
# Shares of what a board may still score: a building type is the player's own to score
# (once); a city goes to whoever scores it first, and needs 2 or 3 buildings (short of
# them, CITY_EARLY_SHARE times the part built); a category (advanced side) is the player's
# own. A marker left with nothing to score is worth MARKER_VP, so a marker spent on a small
# scoring costs something.
TYPE_SHARE = 0.8
CITY_SHARE = 0.7
CITY_EARLY_SHARE = 0.25
CATEGORY_SHARE = 0.8
MARKER_VP = 4.0
# What an object behind another player's screen is worth to it: the basic card counts 3 VP
# an object; every other card counts 1 VP for some and more for sets.
OBJECT_VP = {"objects": 3.0}
OBJECT_VP_OTHER = 2.0
# In the last round (the end is under way) what is still to come is worth this share.
LAST_ROUND_SHARE = 0.2
# Another player's coins, guessed from its board (`coins_guess`).
GUESS_BASE, GUESS_EARNED, GUESS_COST = 15, 0.5, 0.7


def evaluate(state: State, seat: int) -> float:
    """In [-1, 1] for `seat`: by the final ranks once the game is over (1 first, -1 last, 0
    when all share the first rank), else tanh of its projected total's margin over the best
    other player's. It reads of the other screens only what the table sees (see the module's
    docstring), so `evaluate(determinize(s, seat, rng), seat) == evaluate(s, seat)`."""
    result = outcome(state)
    if result is not None:
        worst = max(result.ranks)
        return 0.0 if worst == 1 else 1.0 - 2.0 * (result.ranks[seat] - 1) / (worst - 1)
    totals = projected(state, seat)
    best = max(total for other, total in enumerate(totals) if other != seat)
    return math.tanh((totals[seat] - best) / (SCALE_EXPANSION if state.expansion else SCALE))


def projected(state: State, viewer: int) -> list[float]:
    """Each player's projected final total as `viewer` can tell it: every board in full,
    the viewer's screen in full, the other screens by the table's counts."""
    future = LAST_ROUND_SHARE if state.end is not None else 1.0
    cards = state.cards
    coin = 1.0 / coins_per_vp(cards.brown) + COIN_IN_PLAY * future
    players = list(state.players)
    owed = [0] * state.seats  # blocks a chosen building still costs its builder
    if state.phase == "pay" and state.pending is not None:
        players[state.turn] = _as_built(players[state.turn], state)
        owed[state.turn] = state.pending.due
    majorities = green_majorities(cards.green, [p.cities for p in players]) \
        if cards.green is not None else [0] * state.seats
    others = state.seats - 1
    blocks_each = unseen_block_count(state, viewer) / others
    objects_each = sum(unseen_objects(state, viewer)) / others
    totals = []
    for seat, p in enumerate(players):
        board, guess = _public(p, seat, state.city_scored_by, state.supply, cards, state.board,
                               future)
        if seat == viewer:
            mine = state.players[seat]
            board += (purple_vp(cards.purple, mine.items) + coin * mine.coins
                      + future * _blocks_vp(mine.blocks, state, owed[seat]))
            if state.phase == "buy" and state.turn == seat:
                board += best_purchase(state, mine.coins, coin, future)
        else:
            board += (OBJECT_VP.get(cards.purple, OBJECT_VP_OTHER) * objects_each + coin * guess
                      + future * MEAN_BLOCK_VP * _useful(max(0.0, blocks_each - owed[seat])))
        totals.append(majorities[seat] + board)
    return totals


# The greedy bot weighs each of a seat's commands, and every player but the one that moved
# is the same Player object in each state that follows: its public worth is found by
# identity. The size holds the players of the states a search's iterations evaluate.
@per_state(size=4096)
def _public(p: Player, seat: int, scored_by: tuple[int | None, ...], supply: Counts,
            cards: Cards, side: BoardSide, future: float) -> tuple[float, int]:
    """What the table sees of a player: its board's worth (`board_total`) and its coins'
    guess (`coins_guess`)."""
    return (board_total(p, scored_by, supply, cards, side, future),
            coins_guess(p, seat, scored_by))


def _useful(blocks: float) -> float:
    """So many blocks counted as `_blocks_vp` counts them: the first USEFUL_BLOCKS in full."""
    full = min(blocks, USEFUL_BLOCKS)
    return full + EXCESS_SHARE * (blocks - full)


def _as_built(p: Player, state: State) -> Player:
    """The builder with its chosen building in place, as it will be once paid."""
    pending = state.pending
    assert pending is not None
    i = CITIES.index(pending.city)
    cities = list(p.cities)
    cities[i] = (*(t for t in p.cities[i] if t != pending.replaces), pending.tile)
    return replace(p, cities=tuple(cities))


def _blocks_vp(blocks: Counts, state: State, owed: int) -> float:
    """The blocks' worth; `owed` of them, the least worth the pending city accepts, are
    as good as paid (so choosing a building and paying for it are weighed alike)."""
    left = list(blocks)
    if owed and state.pending is not None:
        accepts = ACCEPTS[state.pending.city]
        for colour in reversed(range(len(COLOURS))):  # cheapest colour first
            if COLOURS[colour] in accepts:
                paid = min(owed, left[colour])
                left[colour] -= paid
                owed -= paid
    worth, room = 0.0, USEFUL_BLOCKS
    for n, vp in zip(left, BLOCK_VP, strict=True):  # dearest first
        full = min(n, room)
        room -= full
        worth += vp * (full + EXCESS_SHARE * (n - full))
    return worth


def board_total(p: Player, scored_by: tuple[int | None, ...], supply: Counts, cards: Cards,
                side: BoardSide, future: float) -> float:
    """What a player's board and track are worth at the end, all of it public: track,
    grey and green cards now (the green majorities aside), and what its board may still
    score."""
    rate = coins_per_vp(cards.brown)
    total: float = p.vp + grey_vp(cards.grey, p.cities)
    if cards.green is not None:
        gain = _green(cards.green, p)
        total += gain.vp + gain.coins / rate
    object_vp = OBJECT_VP.get(cards.purple, OBJECT_VP_OTHER)
    return total + future * prospects(p, scored_by, supply, side, rate, object_vp)


def _green(green: Green, p: Player) -> Value:
    """The green card's gain; for II and VI before the choice, the best two (gains add up)."""
    values = p.city_values()
    if green not in CHOOSING_GREENS or p.bonus:
        return green_gain(green, p.cities, values, p.bonus)
    names = CITIES if green == "two_cities" else KINDS
    gains = sorted((green_gain(green, p.cities, values, (n,)) for n in names),
                   key=lambda v: v.vp + v.coins / 5, reverse=True)[:2]
    return Value(sum(v.vp for v in gains), sum(v.coins for v in gains))


def prospects(p: Player, scored_by: tuple[int | None, ...], supply: Counts, side: BoardSide,
              rate: int, object_vp: float) -> float:
    """What the player's board may still score: its best scorings not made yet, one per
    marker left, each at its share; a marker with nothing to score is worth MARKER_VP."""
    found: list[float] = []
    for i, (city, tiles) in enumerate(zip(CITIES, p.cities, strict=True)):
        if tiles and scored_by[i] is None:
            gain = _gain(p.value(city), tiles, supply, rate, object_vp)
            short = CITY_SCORING_MINIMUM[city] - len(tiles)
            share = CITY_SHARE if short <= 0 else CITY_EARLY_SHARE * len(tiles) / (len(tiles) + short)
            found.append(share * gain)
    for kind in {t.kind for t in p.tiles()} - set(p.scored_kinds):
        found.append(TYPE_SHARE * _kind(p, kind, supply, rate, object_vp))
    if side == "advanced":
        for category in CATEGORIES:
            if category not in p.scored_categories:
                cost = sum(t.cost for t in p.tiles() if CATEGORY_OF[t.kind] == category)
                value = p.value(category)
                found.append(CATEGORY_SHARE * cost * (value.vp + value.coins / rate))
    left = MAX_SCORINGS - p.scorings
    found.sort(reverse=True)
    return sum(found[:left]) + MARKER_VP * max(0, left - len(found))


def _gain(value: Value, tiles: tuple[Tile, ...] | list[Tile], supply: Counts, rate: int,
          object_vp: float) -> float:
    """A scoring of these tiles at one value: VP, coins, and an object per tile in supply."""
    cost = sum(t.cost for t in tiles)
    objects = sum(1 for t in tiles if supply[ITEMS.index(ITEM_OF[t.kind])] > 0)
    return cost * (value.vp + value.coins / rate) + object_vp * objects


def _kind(p: Player, kind: Kind, supply: Counts, rate: int, object_vp: float) -> float:
    gain = 0.0
    for city, tiles in zip(CITIES, p.cities, strict=True):
        mine = [t for t in tiles if t.kind == kind]
        if mine:
            gain += _gain(p.value(city), mine, supply, rate, object_vp)
    return gain


def best_purchase(state: State, coins: int, coin: float, future: float) -> float:
    """What the best purchase from one section adds, for a player who turned (or kept)
    the wheel and must now buy: the blocks worth more than they cost, best first."""
    best = 0.0
    for section in range(SECTIONS):
        budget, gain = coins, 0.0
        offers = sorted(((future * BLOCK_VP[c] - coin * price(colour, section), price(colour, section), n)
                         for c, (colour, n) in enumerate(zip(COLOURS, state.wheel[section], strict=True))
                         if n), reverse=True)
        for net, each, n in offers:
            if net <= 0:
                break
            take = n if each == 0 else min(n, budget // each)
            gain += take * net
            budget -= take * each
        best = max(best, gain)
    return best


def coins_guess(p: Player, seat: int, scored_by: tuple[int | None, ...]) -> int:
    """A player's coins as the table can guess them from its board: what its scorings paid
    (read off its board now) raises the guess, the blocks of its buildings (bought with
    coins) lower it; never below nothing. The weights fit the coins of greedy bots playing
    each other (2-4 players, with and without the expansion): their coins are 5-9 on
    average, and this guess leaves about 3-6 of them unexplained."""
    earned = 0
    for i, (city, tiles) in enumerate(zip(CITIES, p.cities, strict=True)):
        value = p.value(city)
        if scored_by[i] == seat:
            earned += value.coins * sum(t.cost for t in tiles)
        earned += value.coins * sum(t.cost for t in tiles if t.kind in p.scored_kinds)
    cost = sum(t.cost for t in p.tiles())
    return max(0, round(GUESS_BASE + GUESS_EARNED * earned - GUESS_COST * cost))


def unseen_blocks(state: State, seat: int | None) -> Counts:
    """Per colour, the blocks `seat` has not seen, as it can count them: every colour's
    blocks less the wheel's and its own (they are in the bag or behind the other screens)."""
    own = state.players[seat].blocks if seat is not None else (0,) * len(COLOURS)
    return tuple(BLOCKS_PER_COLOUR - sum(section[c] for section in state.wheel) - own[c]
                 for c in range(len(COLOURS)))


def unseen_block_count(state: State, viewer: int | None) -> int:
    """How many blocks lie behind the screens of all players but `viewer`, as the table
    sees it: those it has not seen less the bag's size."""
    return sum(unseen_blocks(state, viewer)) - sum(state.bag)


def unseen_objects(state: State, viewer: int | None) -> Counts:
    """Per type, the objects behind the screens of all players but `viewer`: every object
    not in the supply, not for sale and not the viewer's (all of it on the table)."""
    own = state.players[viewer].items if viewer is not None else (0,) * len(ITEMS)
    return tuple(ITEMS_PER_TYPE - state.supply[i] - (item in state.for_sale) - own[i]
                 for i, item in enumerate(ITEMS))
