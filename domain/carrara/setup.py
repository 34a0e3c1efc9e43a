"""`start`: the setup of a game of The Palaces of Carrara, as events."""

from __future__ import annotations

from random import Random

from domain.core import Illegal

from .cards import BROWNS, FIRST_GAME, GREENS, GREYS, PURPLES
from .components import BASE_TILES, DISPLAY_SLOTS
from .events import BuildingRevealed, CardsDrawn, Event, GameStarted
from .options import Options, problems


def _cards(options: Options, rng: Random) -> CardsDrawn:
    """expansion: one card of each colour at random, the first-game cards, or as named."""
    if options.first_game:
        brown, purple, grey, green = FIRST_GAME
    else:
        brown, purple = rng.choice(BROWNS), rng.choice(PURPLES)
        grey, green = rng.choice(GREYS), rng.choice(GREENS)
    return CardsDrawn(options.brown or brown, options.purple or purple,
                      options.grey or grey, options.green or green)


def start(options: Options, seats: int, rng: Random) -> list[Event]:
    # Refused here rather than when the options are decoded: a game stored with
    # them before they were refused must still load.
    wrong = problems(options)
    if wrong:
        raise Illegal(" ".join(wrong))
    events: list[Event] = [GameStarted(seats, options.expansion, options.side())]
    if options.expansion:
        events.append(_cards(options, rng))
    pile = list(BASE_TILES)
    for slot in range(DISPLAY_SLOTS):  # research: nine tiles face up
        events.append(BuildingRevealed(slot, pile.pop(rng.randrange(len(pile)))))
    return events
