"""What the lobby offers for a game of Villa."""

from __future__ import annotations

import msgspec

from .components import FeatureName


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Villa's options; every combination the rulebook allows, nothing else (see `check`)."""

    # Expert rules: three Features per colour, revealed at random at setup.
    expert: bool = False
    # Team-based variant: four players in two teams of alternating seats.
    team: bool = False
    # Expert variant for two players: each player plays two colours (needs `expert`).
    two_player_expert: bool = False
    # Alternative drawing rule: the Hedges lie in an open circle, taken in order.
    open_circle: bool = False
    # The three Features to play with instead of a random draw (empty: drawn at setup).
    features: tuple[FeatureName, ...] = ()


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
    return out
