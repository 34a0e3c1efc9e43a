"""Barcelona on the Plaza decider contract: what is particular to the game (its bots, its
board data), and its functions."""

from __future__ import annotations

from domain.core import Game

from .board import Board, board
from .bots import bot_move, determinize, evaluate
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


class Barcelona(Game[State, Command, Event, Options, View]):
    kind = "barcelona"
    title = "Barcelona"
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
    bot_move = staticmethod(bot_move)
    evaluate = staticmethod(evaluate)
    determinize = staticmethod(determinize)

    def board(self) -> Board:
        """The city's geometry and the fixed component values the clients draw."""
        return board(self.seat_counts)


GAME = Barcelona()
