"""What the lobby offers for a game of Villa."""

from __future__ import annotations

from typing import Annotated

import msgspec
from msgspec import Meta

from .components import COLOURS, ColourName, FeatureName


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Villa's options: every combination the rulebook allows (see `problems`)."""

    expert: Annotated[bool, Meta(
        description="Expert rules: three Features per colour, revealed at random.")] = False
    team: Annotated[bool, Meta(
        description="Team variant for 4 players: teams of two in alternate seats.")] = False
    two_player_expert: Annotated[bool, Meta(
        description="Expert variant for 2 players: each plays two colours (needs expert)."
    )] = False
    open_circle: Annotated[bool, Meta(
        description="Alternative drawing rule: the Hedges lie in an open circle, "
                    "taken in order.")] = False
    features: Annotated[tuple[FeatureName, ...], Meta(
        description="The three Features to play with; empty: drawn at random.")] = ()
    colours: Annotated[tuple[ColourName, ...], Meta(
        description="The colour of each seat in order (with two colours each: the first "
                    "colours of seats 1 and 2, then their second). Empty: blue, green, "
                    "pink, yellow.")] = ()

    def seat_colours(self, seats: int) -> tuple[ColourName, ...]:
        wanted = len(COLOURS) if self.two_player_expert else seats
        return self.colours or COLOURS[:wanted]


def problems(options: Options, seats: int) -> list[str]:
    """Every reason these options cannot start a game of `seats` players, in words."""
    out = []
    if seats not in (2, 3, 4):
        out.append(f"Villa is for 2, 3 or 4 players, not {seats}.")
    if options.team and seats != 4:
        out.append(f"The team variant needs 4 players (two teams of two), not {seats}.")
    if options.two_player_expert and seats != 2:
        out.append(f"The two-player expert variant is for 2 players, not {seats}.")
    if options.two_player_expert and not options.expert:
        out.append("The two-player expert variant plays the expert rules: set expert to true.")
    if options.features and not options.expert:
        out.append("Features are only used with the expert rules: set expert to true.")
    if options.features and (len(options.features) != 3 or len(set(options.features)) != 3):
        out.append(f"features must name 3 different Features, not {list(options.features)}.")
    wanted = len(COLOURS) if options.two_player_expert else seats
    if options.colours and (len(options.colours) != wanted
                            or len(set(options.colours)) != len(options.colours)):
        out.append(f"colours must name {wanted} different colours, one per "
                   f"{'colour played' if options.two_player_expert else 'seat'}, "
                   f"not {list(options.colours)}.")
    return out
