"""Barcelona's moves in a terminal's menu, naming the board's places as the board does."""

from __future__ import annotations

from collections.abc import Sequence
from math import isqrt
from typing import Any

from ..words import details, humanize, register_labeler
from .barcelona_city import ACTIONS

SPOTS = {"sagrada": "+1 Sagr", "coin_cloth": "coin+cloth", "coins2": "2 coins", "improve": "improve",
         "cerda2": "+2 Cerdà", "take": "take proj", "coin": "1 coin", "cloth": "1 cloth",
         "wide": "wide st", "narrow": "2 narrow", "cerda": "+1 Cerdà", "centre": "centre",
         "joy2": "+2 joy", "walk_b1": "1 step B", "walk_b2": "2 steps B", "walk_g1": "1 step G",
         "walk_g2": "2 steps G"}
_PEDESTRIANS = ("Barcelona", "Gràcia")
_BENEFITS = {"coin": "1 coin", "vp": "2 VP", "cloth": "1 cloth", "cerda": "+1 Cerdà",
             "sagrada": "+1 Sagrada Família"}


def _count(n: int, one: str) -> str:
    return f"{n} {one}" if n == 1 else f"{n} {one}s"


def reward_words(reward: dict[str, Any]) -> str:
    """A Sagrada Família tile's reward (the board data's): `+1 Cerdà, 2 VP`, `3 VP + 1
    coin/cloth`, `+1 joy x3`, `2 steps each`."""
    parts = [f"{reward['vp']} VP"] if reward["vp"] else []
    parts += [_count(reward[k + "s"], k) for k in ("coin", "cloth") if reward[k + "s"]]
    if reward["either"]:
        parts.append(f"{reward['either']} coin/cloth")
    joy = reward["joy"]
    if joy:
        parts.append(f"+{joy[0]} joy" + (f" x{len(joy)}" if len(joy) > 1 else ""))
    if reward["steps"]:
        parts.append(f"{_count(reward['steps'], 'step')} each")
    text = " + ".join(parts)
    if reward["cerda"]:
        text = f"+{reward['cerda']} Cerdà" + (f", {text}" if text else "")
    return text


def barcelona_label(command: dict[str, Any], view: Any, names: Sequence[str | None],
                    board: Any = None) -> str | None:
    """Barcelona's commands naming their places as the board does: crossings A1..E5, street
    spaces A1-A2, building spaces by block, Sidewalk spaces by what they give."""
    kind = command.get("type")

    def crossing_name(x: int) -> str:
        return str(board["crossings"][x]["name"])

    if kind == "PlaceCitizens":
        cost = view["crossings"][command["crossing"]]["cost"]
        return f"place on {crossing_name(command['crossing'])}, {command['top']} on top" \
            + (f", pay ${cost}" if cost else "")
    if kind == "Build":
        level = "a Corner" if command["level"] == 0 else f"level {command['level']}"
        used = ", ".join(crossing_name(x) for x in command["crossings"])
        return f"build {level} on {board['sites'][command['site']]['name']} with {used}"
    if kind in ("BuildStreet", "MoveTram"):
        space = view["spaces"][command["space"]]
        verb = "build a street on" if kind == "BuildStreet" else "move the Tram to"
        return f"{verb} {space['name']} ({space['street']}, {'wide' if space['wide'] else 'narrow'})"
    if kind == "BuildIntersection":
        return f"build an Intersection on {crossing_name(command['crossing'])}"
    if kind == "PlaceCobblestone":
        spot = command["spot"]
        what = SPOTS.get(view["sidewalk"][spot], view["sidewalk"][spot])
        row, column = divmod(spot, isqrt(len(view["sidewalk"])))
        return f"place a Cobblestone on the Sidewalk, row {row + 1} column {column + 1} ({what})"
    if kind == "TakeProject":
        return f"take project {humanize(command['project'])} onto project space {command['slot'] + 1}"
    if kind == "ImproveProject":
        return f"improve project space {command['slot'] + 1}"
    if kind == "Store":
        return f"keep {command['coins']} coins and {command['cloths']} cloths in the Warehouse"
    if kind == "StepSagrada":
        return "step on the Sagrada Família track"
    if kind == "ChooseSagradaTile":
        tile = command["tile"]
        tiles = board["sagrada_tiles"]
        return f"choose Sagrada Família tile {tile} ({reward_words(tiles[tile])})" \
            if tile in tiles else None
    if kind == "BuildService":
        for service in view["services"]:
            if service["service"] == command["service"]:
                return (f"build Public Service {service['name']} ({service['coins']} coins → "
                        f"{service['vp']} VP)")
        return None
    if kind == "TakeAction":
        return f"take action: {ACTIONS.get(command['action'], command['action'])}"
    if kind in ("Walk", "GiveJoy", "ChooseStartingJoy"):
        shown = dict(command, pedestrian=_PEDESTRIANS[command["pedestrian"]])
        return f"{humanize(kind)} ({details(shown, names)})"
    if kind == "ChooseBenefits":
        chosen = [_BENEFITS.get(b, str(b)) for b in command["benefits"]]
        return "Intersection benefits: " + (", ".join(chosen) or "none")
    return None  # the generic label


register_labeler("barcelona", barcelona_label)
