"""One line of game log per event, in words."""

from __future__ import annotations

from collections.abc import Sequence

from .cards import GREEN_NUMBER
from .components import CITY_NAMES, ITEM_NAMES, KIND_NAMES, ROMAN, SPACE_NAMES, Tile
from .events import (
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

BOARD_NAMES: dict[str, str] = {**{str(k): v for k, v in CITY_NAMES.items()},
                              **{str(k): v for k, v in KIND_NAMES.items()}}


def _tile(tile: Tile | None) -> str:
    return f"{KIND_NAMES[tile.kind]} ({tile.cost})" if tile else "nothing"


def _list(names: Sequence[str]) -> str:
    return ", ".join(names) if names else "none"


def _gain(vp: int, coins: int, items: Sequence[str] = ()) -> str:
    objects = [ITEM_NAMES[i] for i in items]  # type: ignore[index]
    return f"{vp} VP, {coins} coins, objects: {_list(objects)}"


def describe(event: Event) -> str:
    match event:
        case GameStarted(seats, expansion, board):
            extra = " with the expansion" if expansion else ""
            return f"A game for {seats} players starts{extra}, {board} board side."
        case CardsDrawn(brown, purple, grey, green):
            return (f"Objective cards: brown {brown}, purple {purple}, grey {grey}, "
                    f"green {GREEN_NUMBER[green]} ({green}).")
        case BuildingRevealed(slot, tile):
            return f"{_tile(tile)} is revealed on display space {slot + 1}."
        case WheelTurned(seat):
            return f"Seat {seat} turns the wheel."
        case WheelKept(seat):
            return f"Seat {seat} buys without turning the wheel."
        case BlocksDrawn(blocks):
            return f"Drawn from the bag onto section I: {_list(blocks)}."
        case BlocksBought(seat, section, blocks, price):
            return (f"Seat {seat} buys {_list(blocks)} from section {ROMAN[section]} "
                    f"for {price} coins.")
        case CoinsTaken(seat, coins):
            return f"Seat {seat} cannot buy and takes {coins} coins."
        case BuildingChosen(seat, tile, city, replaces, due):
            over = f" over {_tile(replaces)}" if replaces else ""
            where = CITY_NAMES[city]
            return f"Seat {seat} builds {_tile(tile)}{over} in {where}: {due} blocks due."
        case BuildingBuilt(seat, tile, city, _, blocks):
            return f"Seat {seat} pays {_list(blocks)} for {_tile(tile)} in {CITY_NAMES[city]}."
        case UpgradeTaken(seat, space):
            return f"Seat {seat} takes the upgrade tile for {SPACE_NAMES[space]}."
        case UpgradeSkipped(seat):
            return f"Seat {seat} leaves the upgrade tiles."
        case CityScored(seat, city, vp, coins, items):
            return f"Seat {seat} scores {CITY_NAMES[city]}: {_gain(vp, coins, items)}."
        case TypeScored(seat, kind, vp, coins, items):
            return f"Seat {seat} scores the type {KIND_NAMES[kind]}: {_gain(vp, coins, items)}."
        case CategoryScored(seat, category, vp, coins):
            return f"Seat {seat} scores the {category} buildings: {_gain(vp, coins)}."
        case ObjectBought(seat, item, price):
            return f"Seat {seat} buys a {ITEM_NAMES[item]} for {price} coins."
        case EndAnnounced(seat, vp):
            return f"Seat {seat} announces the end of the game and takes {vp} VP."
        case TurnEnded(seat, passed):
            return f"Seat {seat} {'passes' if passed else 'ends the turn'}."
        case BonusChosen(seat, choice):
            names = [BOARD_NAMES[c] for c in choice]
            return f"Seat {seat} has the green card score {' and '.join(names)} again."
        case GameEnded(reason):
            why = "the end was announced" if reason == "announced" else "the last building is built"
            return f"The game is over ({why}); final scoring."
    return type(event).__name__
