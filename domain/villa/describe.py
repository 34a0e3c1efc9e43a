"""One line of the game log per event, in words."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import events as ev
from .components import COLOURS, HEDGES

ENDINGS = {
    "last_token": "a colour placed its last token",
    "last_hedge": "the last Hedge was placed",
}


def _counts(e: ev.AreaCounted) -> str:
    parts = [f"{COLOURS[c]} {n + e.bonus[c]}" for c, n in enumerate(e.segments)
             if n + e.bonus[c]]
    won = ", ".join(COLOURS[c] for c in e.winners) or "nobody"
    return f"Area {e.area}: segments {', '.join(parts) or 'none'}; it goes to {won}."


def _token(e: ev.TokenPlaced) -> str:
    what = (f"a {e.feature} Feature" if e.feature else
            f"its {e.flipped}, flipped to neutral" if e.flipped else "a neutral token")
    return f"{COLOURS[e.colour].capitalize()} places {what} in area {e.area}."


def _placed(e: ev.HedgePlaced) -> str:
    who = ("The Starting Hedge is placed" if e.seat is None else
           f"Seat {e.seat} places Hedge {e.hedge} ({HEDGES[e.hedge].shape.name})")
    flip = ", mirrored" if e.mirrored else ""
    return f"{who} at ({e.x}, {e.y}), turned {e.rotation * 90} degrees{flip}."


def _turn(e: ev.TurnEnded) -> str:
    return f"Seat {e.seat} takes an extra turn (Sundial)." if e.extra else (
        f"Seat {e.seat} ends the turn; seat {e.next} plays.")


# One line per type of event, found by the event's type: a `match` tried the cases in turn,
# each a global, an attribute and an isinstance, and that was most of the cost of a line.
_LINES: dict[type, Callable[[Any], str]] = {
    ev.GameStarted: lambda e: (
        f"A game of Villa for {e.seats} players begins; seat {e.first} plays first."),
    ev.FeaturesRevealed: lambda e: f"The Features of this game: {', '.join(e.features)}.",
    ev.CircleLaid: lambda e: f"The {len(e.order)} Hedges are laid out in an open circle.",
    ev.HedgeDrawn: lambda e: (
        f"Seat {e.seat} draws Hedge {e.hedge} ({HEDGES[e.hedge].shape.name})."),
    ev.HedgePlaced: _placed,
    ev.AreaClosed: lambda e: f"Area {e.area} of {len(e.cells)} spaces is closed.",
    ev.AreaCounted: _counts,
    ev.TokenOrderChosen: lambda e: f"Seat {e.seat} has {COLOURS[e.colour]} place next.",
    ev.TokenPlaced: _token,
    ev.TokenSkipped: lambda e: (
        f"{COLOURS[e.colour].capitalize()} has no token left for area {e.area}."),
    ev.FeatureFlipped: lambda e: (
        f"{COLOURS[e.colour].capitalize()} flips its {e.feature} to neutral."),
    ev.WellDeclined: lambda e: f"No Well is placed in area {e.area}.",
    ev.BirdBathSwapped: lambda e: (
        f"The Bird Bath of area {e.area} switches with the top token of area {e.other}."),
    ev.BirdBathKept: lambda e: f"The Bird Bath stays in area {e.area}.",
    ev.AreaResolved: lambda e: f"Area {e.area} is resolved.",
    ev.TurnEnded: _turn,
    ev.GameEnded: lambda e: (
        "The game ends: " + " and ".join(ENDINGS[r] for r in e.reasons) + "."),
}


def describe(event: ev.Event) -> str:
    line = _LINES.get(type(event))
    return type(event).__name__ if line is None else line(event)
