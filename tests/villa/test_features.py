"""Each Feature's effect, with the rulebook's numbers.

The end-game Features are scored on painted boards: a plus of five one-space areas
(the centre, then left, right, below, above), every segment in play drawn."""

from __future__ import annotations

import msgspec
from msgspec.structs import replace

from domain.core.simulate import Simulation
from domain.villa import GAME
from domain.villa.board import Board, board
from domain.villa.commands import KeepBirdBath, PlaceToken, SwapBirdBath
from domain.villa.features import feature_points
from domain.villa.resolve import fountain_bonus
from domain.villa.scoring import colour_scores
from domain.villa.state import Area, State, Token

from .helpers import BLUE, GREEN, PINK, YELLOW, act, begin, box, lay, paint, play_until

CENTRE, LEFT, RIGHT, BELOW, ABOVE = 0, 1, 2, 3, 4
PLUS = [(1, 1), (0, 1), (2, 1), (1, 0), (1, 2)]


def plus(colour: int = GREEN, extra: dict[tuple[int, int, int], int] | None = None,
         areas: list[list[tuple[int, int]]] | None = None) -> Board:
    walls: dict[tuple[int, int, int], int] = {}
    for x, y in PLUS:
        walls |= box(x, y, x + 1, y + 1, colour)
    return paint(walls | (extra or {}), areas or [[c] for c in PLUS])


def table(b: Board, tokens: dict[int, list[Token]], winners: dict[int, tuple[int, ...]]
          | None = None) -> State:
    """A four-player state whose areas are the painted board's, with these tokens."""
    areas = []
    for i, edges in enumerate(b.area_edges):
        cells = tuple(c for c, a in sorted(b.cell_area.items()) if a == i)
        segments = [0, 0, 0, 0]
        for e in edges:
            segments[b.colours[e]] += 1
        areas.append(Area(i, cells, 1, tuple(segments), (0, 0, 0, 0),
                          (winners or {}).get(i, ()), tuple(tokens.get(i, ()))))
    return replace(begin(4), areas=tuple(areas))


def score(b: Board, state: State, area: int) -> int:
    return feature_points(state, b, state.areas[area], state.areas[area].tokens[-1])


def test_bridge_two_points_for_each_area_of_the_same_dimension_itself_included() -> None:
    areas = [[(1, 1), (1, 2)], [(0, 1)], [(2, 1)], [(1, 0)]]  # sizes 2, 1, 1, 1
    b = plus(areas=areas)
    state = table(b, {LEFT: [Token(BLUE, "bridge")], CENTRE: [Token(BLUE, "bridge")]})
    assert score(b, state, LEFT) == 2 * 3
    assert score(b, state, CENTRE) == 2 * 1


def test_gazebo_three_points_for_each_adjacent_area_without_its_colour() -> None:
    b = plus()
    state = table(b, {CENTRE: [Token(BLUE, "gazebo")], LEFT: [Token(BLUE)],
                      RIGHT: [Token(GREEN), Token(PINK, "column")]})
    assert score(b, state, CENTRE) == 3 * 3  # right, below and above have no blue token


def test_column_two_points_for_each_segment_of_its_colour_in_the_area() -> None:
    b = plus(extra={(1, 1, 0): BLUE, (1, 2, 0): BLUE, (1, 1, 1): BLUE})
    state = table(b, {CENTRE: [Token(BLUE, "column")]})
    assert score(b, state, CENTRE) == 2 * 3


def test_statue_six_points_when_every_segment_borders_an_adjacent_closed_area() -> None:
    b = plus()
    state = table(b, {CENTRE: [Token(BLUE, "statue")], LEFT: [Token(BLUE, "statue")]})
    assert score(b, state, CENTRE) == 6
    assert score(b, state, LEFT) == 0  # its left side borders no closed area


def test_statue_fails_with_a_segment_inside_the_area() -> None:
    walls = box(0, 0, 2, 1, GREEN) | {(1, 0, 1): BLUE}  # a wall splitting nothing: inside
    walls |= box(0, 1, 2, 2, GREEN) | box(0, -1, 2, 0, GREEN)
    walls |= box(-1, 0, 0, 1, GREEN) | box(2, 0, 3, 1, GREEN)
    areas = [[(0, 0), (1, 0)], [(0, 1), (1, 1)], [(0, -1), (1, -1)], [(-1, 0)], [(2, 0)]]
    b = paint(walls, areas)
    b2 = paint({e: c for e, c in walls.items() if e != (1, 0, 1)}, areas)
    state = table(b, {0: [Token(BLUE, "statue")]})
    state2 = table(b2, {0: [Token(BLUE, "statue")]})
    assert score(b2, state2, 0) == 6 and score(b, state, 0) == 0


def test_flowerbed_three_points_for_each_adjacent_area_with_a_feature() -> None:
    b = plus()
    state = table(b, {CENTRE: [Token(BLUE, "flowerbed")], LEFT: [Token(GREEN, "column")],
                      RIGHT: [Token(PINK, "well"), Token(BLUE)], BELOW: [Token(YELLOW)]})
    assert score(b, state, CENTRE) == 3 * 2


def test_trees_two_points_for_each_connected_area_of_its_colour() -> None:
    b = plus()
    blue = {CENTRE: (BLUE,), LEFT: (BLUE, GREEN), RIGHT: (BLUE,), BELOW: (GREEN,), ABOVE: ()}
    state = table(b, {LEFT: [Token(BLUE, "trees")]}, blue)
    assert score(b, state, LEFT) == 2 * 3  # left, centre and right belong to blue


def test_trees_connected_through_a_chain_not_just_neighbours() -> None:
    areas = [[(0, 0)], [(1, 0)], [(2, 0)], [(3, 0)]]
    walls: dict[tuple[int, int, int], int] = {}
    for (x, y), in areas:
        walls |= box(x, y, x + 1, y + 1, BLUE)
    b = paint(walls, areas)
    state = table(b, {0: [Token(BLUE, "trees")]}, {0: (BLUE,), 1: (BLUE,), 2: (BLUE,),
                                                   3: (GREEN,)})
    assert score(b, state, 0) == 2 * 3


def test_features_also_score_as_tokens_for_their_area() -> None:
    b = plus()
    state = table(b, {CENTRE: [Token(BLUE, "column")]})
    state = replace(state, placements=())
    assert colour_scores(state)[BLUE].areas == 1


# In-game Features, in real games -------------------------------------------------


def test_bird_bath_may_switch_with_the_top_token_of_an_adjacent_area() -> None:
    options = {"expert": True, "features": ["bird_bath", "bridge", "column"]}
    sim = play_until(2, options, lambda s: s.state.phase == "bird_bath",
                     prefer=lambda c: c == PlaceToken("bird_bath"))
    state = sim.state
    here = state.resolving
    assert here is not None
    seat = state.turn
    legal = GAME.legal(state, seat)
    assert legal[-1] == KeepBirdBath()
    targets = [c.area for c in legal[:-1]]
    assert targets and all(t in board(state).adjacent[here] for t in targets)
    other = targets[0]
    bath, top = state.areas[here].tokens[-1], state.areas[other].tokens[-1]
    state, _ = act(state, seat, SwapBirdBath(other))
    assert state.areas[here].tokens[-1].colour == top.colour
    assert state.areas[here].tokens[-1].feature == top.feature
    assert state.areas[other].tokens[-1].feature == "bird_bath" == bath.feature


def test_fountain_counts_one_more_segment_for_areas_closed_later_only() -> None:
    """Two adjacent spaces closed by one Hedge: a Fountain placed in one this turn does
    not count for the other; one there since an earlier turn would."""
    state, _ = lay(begin(4), 29, 2, 0)
    state, _ = lay(state, 17, 3, 0, 1, True)
    now = state.placed
    areas = list(state.areas)
    areas[0] = replace(areas[0], tokens=(Token(PINK, "fountain", since=now),))
    state = replace(state, areas=tuple(areas))
    assert fountain_bonus(state, 1) == [0, 0, 0, 0]
    areas[0] = replace(areas[0], tokens=(Token(PINK, "fountain", since=now - 1),))
    assert fountain_bonus(replace(state, areas=tuple(areas)), 1) == [0, 0, 1, 0]


def test_fountain_bonus_in_a_real_game() -> None:
    options = {"expert": True, "features": ["fountain", "bridge", "column"]}

    def bonus_counted(sim: Simulation) -> bool:
        counts = [env for env in sim.envelopes if env.type == "AreaCounted"]
        return bool(counts) and any(msgspec.json.decode(counts[-1].data)["bonus"])

    sim = play_until(3, options, bonus_counted, prefer=lambda c: c == PlaceToken("fountain"))
    state = sim.state
    counted_area = [a for a in state.areas if any(a.bonus)][-1]
    b = board(state)
    fountains = [(a.id, t) for a in state.areas for t in a.tokens if t.feature == "fountain"
                 and a.id in b.adjacent[counted_area.id] and t.since < counted_area.closed_at]
    for colour, extra in enumerate(counted_area.bonus):
        assert extra == sum(t.colour == colour for _, t in fountains)
