"""`legal` (the one source of truth for what a seat may do) and `decide`."""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from random import Random

from domain.core import Illegal
from domain.core.game import listed_once

from .building import build_options, due, payments
from .commands import (
    AnnounceEnd,
    Build,
    BuyBlocks,
    BuyObject,
    ChooseBonusCities,
    ChooseBonusTypes,
    Command,
    EndTurn,
    KeepWheel,
    PassTurn,
    PayBlocks,
    ScoreCategory,
    ScoreCity,
    ScoreType,
    SkipUpgrade,
    TakeCoins,
    TakeUpgrade,
    TurnWheel,
)
from .components import (
    ANNOUNCE_VP,
    BROKE_COINS,
    CATEGORIES,
    CATEGORY_OF,
    CITIES,
    CITY_SCORING_MINIMUM,
    KINDS,
    MAX_SCORINGS,
    OBJECT_PRICE,
    SECTIONS,
    Colour,
)
from .events import (
    BlocksBought,
    BlocksDrawn,
    BonusChosen,
    BuildingBuilt,
    BuildingChosen,
    BuildingRevealed,
    CategoryScored,
    CityScored,
    CoinsTaken,
    EndAnnounced,
    Event,
    GameEnded,
    ObjectBought,
    TurnEnded,
    TypeScored,
    UpgradeSkipped,
    UpgradeTaken,
    WheelKept,
    WheelTurned,
)
from .reasons import why_illegal
from .scoring import can_announce, category_gain, city_gain, items_for, kind_gain
from .state import Counts, State, active, upgrade_choices
from .wheel import blocks_on_wheel, cost_of, draw, purchases, refill_count, worth

# -- legal ------------------------------------------------------------------------


def score_options(state: State, seat: int) -> list[Command]:
    """seed: a city once per game for the table, a type once per player; research: at
    most six scorings (markers) per player; advanced side: the two categories."""
    player = state.players[seat]
    if player.scorings >= MAX_SCORINGS:
        return []
    out: list[Command] = [
        ScoreCity(city) for i, city in enumerate(CITIES)
        if state.city_scored_by[i] is None
        and len(player.cities[i]) >= CITY_SCORING_MINIMUM[city]
    ]
    built = {t.kind for t in player.tiles()}
    out += [ScoreType(k) for k in KINDS if k in built and k not in player.scored_kinds]
    if state.board == "advanced":
        have = {CATEGORY_OF[k] for k in built}
        out += [ScoreCategory(c) for c in CATEGORIES
                if c in have and c not in player.scored_categories]
    return out


def action_options(state: State, seat: int) -> list[Command]:
    """The first step of a turn: exactly one of buy, build, score."""
    out: list[Command] = []
    on_wheel = blocks_on_wheel(state) > 0
    if on_wheel or sum(state.bag) > 0:
        out.append(TurnWheel())
    if state.expansion and on_wheel:
        out.append(KeepWheel())  # expansion: no buying without turning an empty wheel
    out += build_options(state, seat)
    out += score_options(state, seat)
    if not out:
        out.append(TakeCoins())  # research: no action possible: take 2 coins
    if state.end is not None:
        out.append(PassTurn())  # research: in the last round no one has to act
    return out


def buy_options(state: State, seat: int) -> list[Command]:
    coins = state.players[seat].coins
    out: list[Command] = [
        command
        for section in range(SECTIONS)
        for command in _buys(section, state.wheel[section],
                             min(coins, worth(state.wheel[section], section)))
    ]
    return out or [TakeCoins()]  # seed/research: who can buy nothing takes 2 coins


@lru_cache(maxsize=4096)
def _buys(section: int, blocks: Counts, coins: int) -> tuple[Command, ...]:
    """The purchases from one section. A section's blocks and a player's coins come round
    again and again, and coins beyond the price of the whole section buy nothing more, so
    such budgets share one answer."""
    return tuple(BuyBlocks(section, bought) for bought in purchases(blocks, section, coins))


def closing_options(state: State, seat: int) -> list[Command]:
    out: list[Command] = [EndTurn()]
    if can_announce(state, seat):
        out.append(AnnounceEnd())
    return out


def bonus_options(state: State) -> list[Command]:
    """Green II or VI: every pair of two different cities (types), in board order."""
    if state.cards.green == "two_cities":
        return [ChooseBonusCities(pair) for pair in combinations(CITIES, 2)]
    return [ChooseBonusTypes(pair) for pair in combinations(KINDS, 2)]


@listed_once
def legal(state: State, seat: int) -> list[Command]:
    if seat not in active(state):
        return []
    match state.phase:
        case "action":
            return action_options(state, seat)
        case "buy":
            return buy_options(state, seat)
        case "pay":
            assert state.pending is not None
            p = state.pending
            return [PayBlocks(b) for b in payments(state.players[seat], p.city, p.due)]
        case "upgrade":
            # seed: the player may take an upgrade tile of their choice
            return [*(TakeUpgrade(space) for space in upgrade_choices(state)), SkipUpgrade()]
        case "purchase":
            out: list[Command] = []
            if state.players[seat].coins >= OBJECT_PRICE:
                out = [BuyObject(item) for item in state.for_sale]
            return out + closing_options(state, seat)
        case "closing":
            return closing_options(state, seat)
        case "bonus":
            return bonus_options(state)
    return []


# -- decide -----------------------------------------------------------------------


def decide(state: State, seat: int, command: Command, rng: Random) -> list[Event]:
    if command not in legal(state, seat):
        raise Illegal(why_illegal(state, seat, command))
    match command:
        case TurnWheel():
            drawn = draw(state.bag, refill_count(state), rng)
            turned: list[Event] = [WheelTurned(seat)]
            return turned + ([BlocksDrawn(drawn)] if drawn else [])
        case KeepWheel():
            return [WheelKept(seat)]
        case BuyBlocks(section, blocks):
            return [BlocksBought(seat, section, blocks, cost_of(section, blocks))]
        case TakeCoins():
            return [CoinsTaken(seat, BROKE_COINS)]
        case Build(tile, city, replaces):
            return [BuildingChosen(seat, tile, city, replaces, due(tile, replaces))]
        case PayBlocks(blocks):
            return _pay(state, seat, blocks, rng)
        case TakeUpgrade(space):
            return [UpgradeTaken(seat, space)]
        case SkipUpgrade():
            return [UpgradeSkipped(seat)]
        case ScoreCity() | ScoreType() | ScoreCategory():
            return [_score(state, seat, command)]
        case BuyObject(item):
            return [ObjectBought(seat, item, OBJECT_PRICE)]
        case EndTurn() | PassTurn():
            return _end_turn(state, seat, passed=isinstance(command, PassTurn))
        case ChooseBonusCities(choice) | ChooseBonusTypes(choice):
            return [BonusChosen(seat, choice)]
        case AnnounceEnd():
            announced = [EndAnnounced(seat, ANNOUNCE_VP)]
            return [*announced, *_end_turn(state, seat, ended=True)]
    raise Illegal(f"Unknown command {command!r}.")


def _pay(state: State, seat: int, blocks: tuple[Colour, ...], rng: Random) -> list[Event]:
    """seed: pay the blocks into the bag and refill the display from the pile."""
    p = state.pending
    assert p is not None
    events: list[Event] = [BuildingBuilt(seat, p.tile, p.city, p.replaces, blocks)]
    if p.tile in state.display and state.pile:
        tile = state.pile[rng.randrange(len(state.pile))]
        events.append(BuildingRevealed(state.display.index(p.tile), tile))
    return events


def _score(state: State, seat: int, command: ScoreCity | ScoreType | ScoreCategory) -> Event:
    player = state.players[seat]
    if isinstance(command, ScoreCity):
        vp, coins = city_gain(player, command.city)
        tiles = player.cities[CITIES.index(command.city)]
        return CityScored(seat, command.city, vp, coins, items_for(tiles, state.supply))
    if isinstance(command, ScoreType):
        vp, coins = kind_gain(player, command.kind)
        tiles = tuple(t for t in player.tiles() if t.kind == command.kind)
        return TypeScored(seat, command.kind, vp, coins, items_for(tiles, state.supply))
    vp, coins = category_gain(player, command.category)
    return CategoryScored(seat, command.category, vp, coins)


def _end_turn(state: State, seat: int, passed: bool = False, ended: bool = False) -> list[Event]:
    """seed: once the end is under way the round is finished, then the game ends."""
    events: list[Event] = [TurnEnded(seat, passed)]
    last_of_round = seat == state.seats - 1
    if last_of_round and (state.end is not None or ended):
        events.append(GameEnded(state.end or "announced"))
    return events

