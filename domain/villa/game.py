"""Villa on the decider contract: what is particular to the game, and its functions."""

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
from .view import View, view


class Villa(Game[State, Command, Event, Options, View]):
    kind = "villa"
    title = "Villa"
    seat_counts = (2, 3, 4)
    options_type = Options
    command_type = Command
    event_type = Event
    view_type = View
    state_type = State
    public_view = True  # nothing in play is secret: see view.py (and no event needs `redact`)
    revealing = REVEALING
    # The search bot weighs its own turn, then has the opponent answer greedily: the move
    # greedy cannot see as bad is the one that leaves the opponent an area to close where
    # it has the most segments, and a random answer seldom closes it. Search against
    # greedy, two players, seats alternated: no horizon and random answers won 6 of 16
    # games at 0.3 s a move; so, with the best value chosen (core `preferred`), 31.5 of 48
    # at 0.3 s, 40 of 64 at 0.5 s and 21 of 32 at 1 s (~35, 50 and 100-120 iterations a
    # move, each paying for a greedy answer). Not kept: two turns of answers (9 of 16 at
    # 0.5 s, half the iterations), the root cut to greedy's best 8 (19 of 32 at 0.3 s) or 16
    # (21 of 32 at 0.5 s) rather than every command as good as the 8th.
    search_turns = 1
    search_answers = 1

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


GAME = Villa()
