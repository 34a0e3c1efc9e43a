"""Bella Vista on the core contract: what is particular to the game, and its functions."""

from __future__ import annotations

from domain.core import Game

from .bots import determinize, evaluate
from .commands import Command
from .describe import describe
from .events import REVEALING, Event
from .evolve import evolve
from .options import Options
from .rules import decide, legal
from .scoring import outcome
from .setup import start
from .state import State, active
from .view import View, redact, view


class BellaVista(Game[State, Command, Event, Options, View]):
    kind = "bellavista"
    title = "Bella Vista"
    seat_counts = (2, 3, 4)
    options_type = Options
    command_type = Command
    event_type = Event
    view_type = View
    views_share_parts = True  # view.py: a seat's view is `replace(table, players=...)`
    state_type = State
    revealing = REVEALING

    start = staticmethod(start)
    decide = staticmethod(decide)
    evolve = staticmethod(evolve)
    legal = staticmethod(legal)
    active = staticmethod(active)
    view = staticmethod(view)
    redact = staticmethod(redact)
    outcome = staticmethod(outcome)
    describe = staticmethod(describe)
    evaluate = staticmethod(evaluate)
    determinize = staticmethod(determinize)


GAME = BellaVista()
