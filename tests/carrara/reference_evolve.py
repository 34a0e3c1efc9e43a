"""The plain `evolve` as it was before the fast one (commit 7394452): the reference the
fast path in domain/carrara/evolve.py is pinned to by test_evolve_fast.py."""

from __future__ import annotations

from typing import Any, assert_never

from msgspec.structs import replace

from domain.carrara.cards import BASIC_CARDS, CHOOSING_GREENS
from domain.carrara.components import (
    BASE_TILES,
    BLOCKS_PER_COLOUR,
    CITIES,
    COLOURS,
    EIGHT_COST,
    EIGHT_TILES,
    ITEMS,
    SECTIONS,
    SPACES,
    STARTING_BLOCK,
    STARTING_COINS,
    Item,
)
from domain.carrara.events import (
    BlocksBought,
    BlocksDrawn,
    BonusChosen,
    BuildingBuilt,
    BuildingChosen,
    BuildingRevealed,
    CardsDrawn,
    CategoryScored,
    CityScored,
    CoinsTaken,
    EndAnnounced,
    Event,
    GameEnded,
    GameStarted,
    ObjectBought,
    TurnEnded,
    TypeScored,
    UpgradeSkipped,
    UpgradeTaken,
    WheelKept,
    WheelTurned,
)
from domain.carrara.state import Cards, Counts, Pending, Phase, Player, State, upgrade_choices


def counts_of(names: tuple[str, ...] | list[str], order: tuple[str, ...]) -> Counts:
    return tuple(names.count(name) for name in order)


def add(a: Counts, b: Counts, sign: int = 1) -> Counts:
    return tuple(x + sign * y for x, y in zip(a, b, strict=True))

# The events of the wheel, the bank and the object supply; of building and scoring.
MarketEvent = WheelTurned | WheelKept | BlocksDrawn | BlocksBought | CoinsTaken | ObjectBought
BoardEvent = (BuildingChosen | BuildingBuilt | UpgradeTaken | UpgradeSkipped | CityScored
              | TypeScored | CategoryScored)


def _setup(event: GameStarted) -> State:
    blocks = [[0] * len(COLOURS) for _ in range(event.seats)]
    for seat in range(event.seats):
        blocks[seat][COLOURS.index(STARTING_BLOCK[seat])] = 1
    # one block of each colour on section I, the starting blocks behind screens
    bag = [BLOCKS_PER_COLOUR - 1 - sum(b[i] for b in blocks) for i in range(len(COLOURS))]
    wheel = ((1,) * len(COLOURS),) + ((0,) * len(COLOURS),) * (SECTIONS - 1)
    players = tuple(
        Player(STARTING_COINS, tuple(b), (0,) * len(ITEMS)) for b in blocks
    )
    expansion = event.expansion
    return State(
        seats=event.seats, expansion=expansion, board=event.board, cards=Cards(*BASIC_CARDS),
        players=players, wheel=wheel, bag=tuple(bag), pile=BASE_TILES,
        eights=EIGHT_TILES if expansion else (),
        upgrade_tiles=SPACES if expansion else (),
    )


def _with_player(state: State, seat: int, **changes: Any) -> State:
    players = list(state.players)
    players[seat] = replace(players[seat], **changes)
    return replace(state, players=tuple(players))


def _turn_wheel(wheel: tuple[Counts, ...]) -> tuple[Counts, ...]:
    """Every section moves on by one; section VI comes back round to section I."""
    return (wheel[-1], *wheel[:-1])


def _take_from_section(wheel: tuple[Counts, ...], section: int, taken: Counts,
                       sign: int = -1) -> tuple[Counts, ...]:
    out = list(wheel)
    out[section] = add(out[section], taken, sign)
    return tuple(out)


def _built(state: State, e: BuildingBuilt) -> State:
    player = state.players[e.seat]
    i = CITIES.index(e.city)
    here = [t for t in player.cities[i] if t != e.replaces] + [e.tile]
    cities = list(player.cities)
    cities[i] = tuple(sorted(here, key=lambda t: (t.cost, t.kind)))
    paid = counts_of(e.blocks, COLOURS)
    state = _with_player(state, e.seat, cities=tuple(cities), blocks=add(player.blocks, paid, -1))
    display = tuple(None if t == e.tile else t for t in state.display)
    eights = tuple(t for t in state.eights if t != e.tile)
    end = state.end
    if e.tile in state.display and not state.pile and not any(display):
        end = end or "last_building"  # research: the 30th building ends the game
    phase: Phase = "purchase"
    if e.tile.cost == EIGHT_COST and upgrade_choices(state):
        phase = "upgrade"
    return replace(state, display=display, eights=eights, bag=add(state.bag, paid),
                   pending=None, phase=phase, end=end)


def _scored(state: State, seat: int, vp: int, coins: int, items: tuple[Item, ...],
            **changes: Any) -> State:
    player = state.players[seat]
    got = counts_of(items, ITEMS)
    state = _with_player(state, seat, vp=player.vp + vp, coins=player.coins + coins,
                         items=add(player.items, got), scorings=player.scorings + 1, **changes)
    return replace(state, supply=add(state.supply, got, -1), phase="purchase")


def _turn_ended(state: State, e: TurnEnded) -> State:
    nxt = (e.seat + 1) % state.seats
    return replace(state, turn=nxt, round=state.round + (nxt == 0), phase="action",
                   pending=None)


def _market(state: State, event: MarketEvent) -> State:
    """Events of the wheel, the bank and the object supply."""
    match event:
        case WheelTurned():
            return replace(state, wheel=_turn_wheel(state.wheel), phase="buy")
        case WheelKept():
            return replace(state, phase="buy")
        case BlocksDrawn(blocks):
            drawn = counts_of(blocks, COLOURS)
            return replace(state, wheel=_take_from_section(state.wheel, 0, drawn, +1),
                           bag=add(state.bag, drawn, -1))
        case BlocksBought(seat, section, blocks, price):
            bought = counts_of(blocks, COLOURS)
            player = state.players[seat]
            state = _with_player(state, seat, blocks=add(player.blocks, bought),
                                 coins=player.coins - price)
            return replace(state, wheel=_take_from_section(state.wheel, section, bought),
                           phase="purchase")
        case CoinsTaken(seat, coins):
            state = _with_player(state, seat, coins=state.players[seat].coins + coins)
            return replace(state, phase="purchase")
        case ObjectBought(seat, item, price):
            player = state.players[seat]
            got = counts_of((item,), ITEMS)
            state = _with_player(state, seat, coins=player.coins - price,
                                 items=add(player.items, got))
            return replace(state, for_sale=tuple(i for i in state.for_sale if i != item),
                           phase="closing")
    assert_never(event)


def _boards(state: State, event: BoardEvent) -> State:
    """Events of building and scoring."""
    match event:
        case BuildingChosen(_, tile, city, replaces, due):
            return replace(state, pending=Pending(tile, city, replaces, due), phase="pay")
        case BuildingBuilt():
            return _built(state, event)
        case UpgradeTaken(seat, space):
            state = _with_player(state, seat, upgrades=(*state.players[seat].upgrades, space))
            return replace(state, phase="purchase",
                           upgrade_tiles=tuple(s for s in state.upgrade_tiles if s != space))
        case UpgradeSkipped():
            return replace(state, phase="purchase")
        case CityScored(seat, city, vp, coins, items):
            scored = list(state.city_scored_by)
            scored[CITIES.index(city)] = seat
            state = replace(state, city_scored_by=tuple(scored))
            return _scored(state, seat, vp, coins, items)
        case TypeScored(seat, kind, vp, coins, items):
            kinds = (*state.players[seat].scored_kinds, kind)
            return _scored(state, seat, vp, coins, items, scored_kinds=kinds)
        case CategoryScored(seat, category, vp, coins):
            done = (*state.players[seat].scored_categories, category)
            return _scored(state, seat, vp, coins, (), scored_categories=done)
    assert_never(event)


def evolve(state: State | None, event: Event) -> State:
    """Apply one event; every event of the union has its case (mypy checks `assert_never`)."""
    if isinstance(event, GameStarted):
        return _setup(event)
    assert state is not None, "the first event must be GameStarted"
    match event:
        case CardsDrawn(brown, purple, grey, green):
            return replace(state, cards=Cards(brown, purple, grey, green))
        case BuildingRevealed(slot, tile):
            display = list(state.display)
            display[slot] = tile
            return replace(state, display=tuple(display),
                           pile=tuple(t for t in state.pile if t != tile))
        case EndAnnounced(seat, vp):
            state = _with_player(state, seat, vp=state.players[seat].vp + vp, announced=True)
            return replace(state, end="announced", announcer=seat)
        case TurnEnded():
            return _turn_ended(state, event)
        case GameEnded():
            # research: green II and VI let every player choose what is scored again
            choosing = state.cards.green in CHOOSING_GREENS
            return replace(state, phase="bonus" if choosing else "over")
        case BonusChosen(seat, choice):
            state = _with_player(state, seat, bonus=choice)
            done = all(p.bonus for p in state.players)
            return replace(state, phase="over" if done else "bonus")
        case (WheelTurned() | WheelKept() | BlocksDrawn() | BlocksBought() | CoinsTaken()
              | ObjectBought()):
            return _market(state, event)
        case (BuildingChosen() | BuildingBuilt() | UpgradeTaken() | UpgradeSkipped()
              | CityScored() | TypeScored() | CategoryScored()):
            return _boards(state, event)
    assert_never(event)
