"""Faulty Draw: Tiny Draw with a bug, for the tests of what the server does with one.

Its `decide` raises an unexpected exception on every Draw (as a game with a bug might),
so the tests can show that a fault answers `internal`, changes nothing, keeps the
connection, and is logged once.
"""

from __future__ import annotations

from random import Random

from tests.support.tinygame import Command, Draw, Event, State, TinyDraw


class FaultyDraw(TinyDraw):
    kind = "faultydraw"
    title = "Faulty Draw (test game with a bug)"

    def decide(self, state: State, seat: int, command: Command, rng: Random) -> list[Event]:
        if isinstance(command, Draw):
            raise RuntimeError("a bug in FaultyDraw.decide")
        return super().decide(state, seat, command, rng)


GAME = FaultyDraw()
