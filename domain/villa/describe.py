"""One line of the game log per event, in words."""

from __future__ import annotations

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


def describe(event: ev.Event) -> str:
    match event:
        case ev.GameStarted(seats=seats, first=first):
            return f"A game of Villa for {seats} players begins; seat {first} plays first."
        case ev.FeaturesRevealed(features):
            return f"The Features of this game: {', '.join(features)}."
        case ev.CircleLaid(order):
            return f"The {len(order)} Hedges are laid out in an open circle."
        case ev.HedgeDrawn(seat, hedge):
            return f"Seat {seat} draws Hedge {hedge} ({HEDGES[hedge].shape.name})."
        case ev.HedgePlaced(seat, hedge, x, y, rotation, mirrored):
            who = ("The Starting Hedge is placed" if seat is None else
                   f"Seat {seat} places Hedge {hedge} ({HEDGES[hedge].shape.name})")
            flip = ", mirrored" if mirrored else ""
            return f"{who} at ({x}, {y}), turned {rotation * 90} degrees{flip}."
        case ev.AreaClosed(area, cells):
            return f"Area {area} of {len(cells)} spaces is closed."
        case ev.AreaCounted():
            return _counts(event)
        case ev.TokenOrderChosen(seat, colour):
            return f"Seat {seat} has {COLOURS[colour]} place next."
        case ev.TokenPlaced():
            return _token(event)
        case ev.TokenSkipped(area, colour):
            return f"{COLOURS[colour].capitalize()} has no token left for area {area}."
        case ev.FeatureFlipped(colour, feature):
            return f"{COLOURS[colour].capitalize()} flips its {feature} to neutral."
        case ev.WellDeclined(area):
            return f"No Well is placed in area {area}."
        case ev.BirdBathSwapped(area, other):
            return f"The Bird Bath of area {area} switches with the top token of area {other}."
        case ev.BirdBathKept(area):
            return f"The Bird Bath stays in area {area}."
        case ev.AreaResolved(area):
            return f"Area {area} is resolved."
        case ev.TurnEnded(seat, nxt, extra):
            return f"Seat {seat} takes an extra turn (Sundial)." if extra else (
                f"Seat {seat} ends the turn; seat {nxt} plays.")
        case ev.GameEnded(reasons):
            return "The game ends: " + " and ".join(ENDINGS[r] for r in reasons) + "."
    return type(event).__name__
