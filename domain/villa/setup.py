"""The setup of a game of Villa, as events."""

from __future__ import annotations

from random import Random

from domain.core import Illegal

from .components import BAG, COLOURS, FEATURES, FEATURES_REVEALED, STARTING_HEDGE, STARTING_POINT
from .events import CircleLaid, Event, FeaturesRevealed, GameStarted, HedgePlaced
from .options import Options, problems

FIRST_PLAYER = 0  # assumption: see RULES.md ("who most recently visited a garden")


def seating(options: Options, seats: int) -> tuple[list[int], list[int]]:
    """Per colour: the seat playing it (-1 if none) and its side. Seat i plays colour i;
    with two colours each, seat i also plays colour i + 2, so colours alternate around
    the table as the team variant's players do (teams: seats 0 and 2 against 1 and 3)."""
    if options.two_player_expert:
        owners = [c % 2 for c in range(len(COLOURS))]
    else:
        owners = [c if c < seats else -1 for c in range(len(COLOURS))]
    paired = options.team or options.two_player_expert
    teams = [c % 2 if paired else c for c in range(len(COLOURS))]
    return owners, teams


def start(options: Options, seats: int, rng: Random) -> list[Event]:
    wrong = problems(options, seats)
    if wrong:
        raise Illegal(" ".join(wrong))
    owners, teams = seating(options, seats)
    events: list[Event] = [
        GameStarted(seats, options.expert, options.team, options.two_player_expert,
                    options.open_circle, owners, teams, FIRST_PLAYER),
        HedgePlaced(None, STARTING_HEDGE.id, *STARTING_POINT, 0, False),
    ]
    if options.expert:  # the first player flips three tokens at random
        chosen = list(options.features) or rng.sample(FEATURES, FEATURES_REVEALED)
        events.append(FeaturesRevealed(chosen))
    if options.open_circle:  # public, so it may be laid out now
        events.append(CircleLaid(rng.sample(BAG, len(BAG))))
    return events
