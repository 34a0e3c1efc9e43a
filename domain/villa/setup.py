"""The setup of a game of Villa, as events."""

from __future__ import annotations

from random import Random

from domain.core import Illegal

from .components import BAG, COLOURS, FEATURES, FEATURES_REVEALED, STARTING_HEDGE, STARTING_POINT
from .events import CircleLaid, Event, FeaturesRevealed, GameStarted, HedgePlaced
from .options import Options, problems

FIRST_PLAYER = 0  # assumption: see RULES.md ("who most recently visited a garden")


def seating(options: Options, seats: int) -> tuple[list[int], list[int]]:
    """Per colour: the seat playing it (-1 if none) and its side. Seat i plays the i-th
    colour chosen; with two colours each, seat i also plays the (i + 2)-th, so colours
    alternate around the table as the team variant's players do (teams: seats 0 and 2
    against 1 and 3)."""
    owners = [-1] * len(COLOURS)
    for i, name in enumerate(options.seat_colours(seats)):
        owners[COLOURS.index(name)] = i % seats
    paired = options.team or options.two_player_expert
    teams = [seat % 2 if paired and seat >= 0 else c for c, seat in enumerate(owners)]
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
