"""The view draws the whole table for every audience alike; events are never secret and
each one reads as a line of the log."""

from __future__ import annotations

import typing

import msgspec

from domain.villa import GAME
from domain.villa.commands import Command
from domain.villa.events import (
    AreaCounted,
    Event,
    GameEnded,
    HedgeDrawn,
    HedgePlaced,
    TokenPlaced,
    TurnEnded,
)

from .helpers import act, apply, begin, lay, play_until


def test_the_view_draws_the_board() -> None:
    state, _ = lay(begin(4), 9, 1, 0, 3, True)  # test_areas: the area the yellow end pokes into
    state, _ = lay(state, 10, 1, 0, 3)
    view = GAME.view(state, None)
    assert len(view.segments) == 12
    start = [s for s in view.segments if s.hedge == 0]
    assert [(s.x1, s.y1, s.x2, s.y2, s.colour) for s in start] == [
        (-2, 0, -1, 0, "blue"), (-1, 0, 0, 0, "green"), (0, 0, 1, 0, "pink"),
        (1, 0, 2, 0, "yellow")]
    assert (0, 0) in view.joints and len(view.joints) == 12  # 8 around, 1 inside, 3 of the start
    (area,) = view.areas
    assert area.cells == [(1, -1), (1, 0), (2, -1), (2, 0)] and area.size == 4
    assert area.points == 4 and area.segments == [2, 2, 2, 3] and area.winners == ["yellow"]
    assert [(t.colour, t.feature) for t in area.tokens] == [("yellow", None)]
    assert view.phase == "draw" and view.turn == 2 and view.bag_size == 30
    assert view.scores == [0, 0, 0, 4]
    assert [c.colour for c in view.colours] == ["blue", "green", "pink", "yellow"]


def test_every_audience_sees_the_same_view() -> None:
    sim = play_until(3, {"expert": True}, lambda s: len(s.state.areas) > 4)
    views = [msgspec.json.encode(GAME.view(sim.state, v)) for v in (None, 0, 1, 2)]
    assert len(set(views)) == 1
    msgspec.json.Decoder(GAME.view_type).decode(views[0])


def test_events_are_not_secret_and_every_event_has_a_log_line() -> None:
    sim = play_until(4, {"expert": True, "team": True}, lambda s: s.outcome() is not None)
    seen = set()
    for step in sim.timeline.steps:
        for viewer in (None, 0, 1, 2, 3):
            assert GAME.redact(step.event, viewer) is step.event
        line = GAME.describe(step.event)
        assert line and line != type(step.event).__name__ and "\n" not in line
        seen.add(type(step.event).__name__)
    assert {"GameStarted", "HedgeDrawn", "HedgePlaced", "AreaClosed", "AreaCounted",
            "TokenPlaced", "TurnEnded", "GameEnded"} <= seen


def test_each_event_type_has_its_own_log_line() -> None:
    for cls in typing.get_args(Event):
        fields = {f: _sample(t) for f, t in typing.get_type_hints(cls).items()}
        event = msgspec.convert(fields, cls)
        assert GAME.describe(event) != cls.__name__


SAMPLES: list[tuple[str, object]] = [
    ("list[list", [[0]]), ("list[tuple", [[0, 0]]), ("list[str]", ["last_hedge"]),
    ("list[typing.Literal", ["well", "trees", "bridge"]), ("list", [0, 0, 0, 0]),
    ("Literal", "well"), ("bool", False),
]


def _sample(kind: object) -> object:
    """A valid value of a field's type, for building one event of each type."""
    return next((value for marker, value in SAMPLES if marker in str(kind)), 0)


def test_schemas_for_the_wire() -> None:
    for kind in (Command, GAME.view_type, GAME.options_type, Event):
        assert msgspec.json.schema(kind)


def test_the_view_shows_each_way_to_lay_the_hand_as_placehedge_means_it() -> None:
    state = apply(begin(2), [HedgeDrawn(0, 21)])
    view = GAME.view(state, 0)
    assert view.hand is not None and view.hand.id == 21 and len(view.hand_orientations) == 8
    for command in GAME.legal(state, 0)[::17]:
        way = view.hand_orientations[command.rotation + 4 * command.mirrored]
        drawn = {(s.x1 + command.x, s.y1 + command.y, s.x2 + command.x, s.y2 + command.y,
                  s.colour) for s in way}
        after, _ = act(state, 0, command)
        placed = {(s.x1, s.y1, s.x2, s.y2, s.colour)
                  for s in GAME.view(after, None).segments if s.hedge == 21}
        assert drawn == placed


def test_log_lines_found_by_the_type_of_event_read_as_before() -> None:
    """`describe` finds each line by the event's type (no `match` tried case by case): the
    lines are those the cases wrote, word for word."""
    lines = [
        (HedgePlaced(None, 0, -2, 0, 0, False), "The Starting Hedge is placed at (-2, 0), turned 0 degrees."),
        (HedgePlaced(1, 5, 3, -1, 2, True),
         "Seat 1 places Hedge 5 (corner) at (3, -1), turned 180 degrees, mirrored."),
        (HedgeDrawn(0, 12), "Seat 0 draws Hedge 12 (bracket)."),
        (TurnEnded(0, 1, False), "Seat 0 ends the turn; seat 1 plays."),
        (TurnEnded(2, 2, True), "Seat 2 takes an extra turn (Sundial)."),
        (GameEnded(["last_token", "last_hedge"]),
         "The game ends: a colour placed its last token and the last Hedge was placed."),
        (AreaCounted(3, [2, 0, 1, 0], [0, 0, 1, 0], [0, 2], [[0, 2]]),
         "Area 3: segments blue 2, pink 2; it goes to blue, pink."),
        (TokenPlaced(1, 2, None, "well"), "Pink places its well, flipped to neutral in area 1."),
    ]
    assert [GAME.describe(event) for event, _ in lines] == [line for _, line in lines]
