"""The Palaces of Carrara on the Plaza decider contract: what is particular to the game, and
its functions. No event needs `redact`: none carries a screen's contents (see events.py)."""

from __future__ import annotations

from domain.core import Game

from .bots import evaluate
from .commands import Command
from .describe import describe
from .events import REVEALING, Event
from .evolve import evolve
from .options import Options
from .rules import decide, legal
from .sampling import determinize
from .scoring import outcome
from .setup import start
from .state import State, active
from .view import View, view


class PalacesOfCarrara(Game[State, Command, Event, Options, View]):
    kind = "carrara"
    title = "The Palaces of Carrara"
    seat_counts = (2, 3, 4)
    options_type = Options
    command_type = Command
    event_type = Event
    view_type = View
    views_share_parts = True  # view.py: a seat's view is `replace(table, players=...)`
    state_type = State
    revealing = REVEALING
    # The search looks at its own turn only: `evaluate` cannot tell what an opponent's wheel
    # and buys will cost us, and 16 games against greedy at 0.2 s a move won 12 so, 3 without.
    search_turns = 1

    start = staticmethod(start)
    decide = staticmethod(decide)
    evolve = staticmethod(evolve)
    legal = staticmethod(legal)
    active = staticmethod(active)
    view = staticmethod(view)
    outcome = staticmethod(outcome)
    describe = staticmethod(describe)
    evaluate = staticmethod(evaluate)
    determinize = staticmethod(determinize)


GAME = PalacesOfCarrara()
