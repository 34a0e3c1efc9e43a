"""One line of game log per event, in words."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

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
    """The event in words, found in a table by its type (a `match` over 20 classes tried
    each pattern in turn, for every event)."""
    words = _WORDS.get(type(event))
    return type(event).__name__ if words is None else words(event)


def _started(e: GameStarted) -> str:
    extra = " with the expansion" if e.expansion else ""
    return f"A game for {e.seats} players starts{extra}, {e.board} board side."


def _chosen(e: BuildingChosen) -> str:
    over = f" over {_tile(e.replaces)}" if e.replaces else ""
    return (f"Seat {e.seat} builds {_tile(e.tile)}{over} in {CITY_NAMES[e.city]}: "
            f"{e.due} blocks due.")


def _bonus(e: BonusChosen) -> str:
    names = [BOARD_NAMES[c] for c in e.choice]
    return f"Seat {e.seat} has the green card score {' and '.join(names)} again."


def _ended(e: GameEnded) -> str:
    why = "the end was announced" if e.reason == "announced" else "the last building is built"
    return f"The game is over ({why}); final scoring."


_WORDS: dict[type, Callable[[Any], str]] = {
    GameStarted: _started,
    CardsDrawn: lambda e: (f"Objective cards: brown {e.brown}, purple {e.purple}, "
                           f"grey {e.grey}, green {GREEN_NUMBER[e.green]} ({e.green})."),
    BuildingRevealed: lambda e: f"{_tile(e.tile)} is revealed on display space {e.slot + 1}.",
    WheelTurned: lambda e: f"Seat {e.seat} turns the wheel.",
    WheelKept: lambda e: f"Seat {e.seat} buys without turning the wheel.",
    BlocksDrawn: lambda e: f"Drawn from the bag onto section I: {_list(e.blocks)}.",
    BlocksBought: lambda e: (f"Seat {e.seat} buys {_list(e.blocks)} from section "
                             f"{ROMAN[e.section]} for {e.price} coins."),
    CoinsTaken: lambda e: f"Seat {e.seat} cannot buy and takes {e.coins} coins.",
    BuildingChosen: _chosen,
    BuildingBuilt: lambda e: (f"Seat {e.seat} pays {_list(e.blocks)} for {_tile(e.tile)} "
                              f"in {CITY_NAMES[e.city]}."),
    UpgradeTaken: lambda e: f"Seat {e.seat} takes the upgrade tile for {SPACE_NAMES[e.space]}.",
    UpgradeSkipped: lambda e: f"Seat {e.seat} leaves the upgrade tiles.",
    CityScored: lambda e: (f"Seat {e.seat} scores {CITY_NAMES[e.city]}: "
                           f"{_gain(e.vp, e.coins, e.items)}."),
    TypeScored: lambda e: (f"Seat {e.seat} scores the type {KIND_NAMES[e.kind]}: "
                           f"{_gain(e.vp, e.coins, e.items)}."),
    CategoryScored: lambda e: (f"Seat {e.seat} scores the {e.category} buildings: "
                               f"{_gain(e.vp, e.coins)}."),
    ObjectBought: lambda e: f"Seat {e.seat} buys a {ITEM_NAMES[e.item]} for {e.price} coins.",
    EndAnnounced: lambda e: f"Seat {e.seat} announces the end of the game and takes {e.vp} VP.",
    TurnEnded: lambda e: f"Seat {e.seat} {'passes' if e.passed else 'ends the turn'}.",
    BonusChosen: _bonus,
    GameEnded: _ended,
}
