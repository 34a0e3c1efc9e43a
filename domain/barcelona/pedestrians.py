"""Passeig de Gràcia: the Pedestrians' steps, Joy, arrivals and hexagonal Cobblestones."""

from __future__ import annotations

from msgspec.structs import replace

from .components import (
    ARRIVAL,
    HEX_COBBLESTONES,
    HEX_REWARD,
    HEX_SPACES,
    JOY_MAX,
    PATH_STEPS,
    Amenity,
    Reward,
    arrival_reward,
)
from .gains import gain, push
from .scoring import violet_count
from .state import Player, State, Task, with_player


def performed(p: Player, amenity: Amenity) -> int:
    """seed: what counts as having performed an Amenity's action (what is on the boards)."""
    return {
        "theatre": len(p.services),
        "discordia": sum(1 for t in p.projects if t is not None),
        "pedrera": sum(p.tops),
        "station": p.passengers,
        "bench": p.intersections,
        "gazebo": p.narrow_placed // 2,
        "carousel": p.wide_placed,
        "batllo": p.cobbles,
    }[amenity]


def add_joy(state: State, seat: int, pedestrian: int, joy: int) -> State:
    """seed: Joy never exceeds 6."""
    p = state.players[seat]
    joys = list(p.joy)
    joys[pedestrian] = min(JOY_MAX, joys[pedestrian] + joy)
    return with_player(state, seat, joy=(joys[0], joys[1]))


def same_row(walked: tuple[int, int]) -> bool:
    """The two paths run opposite ways: step k of one is beside step 4 - k of the other."""
    b, g = walked
    return 1 <= b <= PATH_STEPS and 1 <= g <= PATH_STEPS and b + g == ARRIVAL


def step(state: State, seat: int, pedestrian: int) -> State:
    """seed: the die enters the next space: Amenity Joy, handshake Joy, or arrival."""
    p = state.players[seat]
    at = p.walked[pedestrian] + 1
    if at == ARRIVAL:
        return _arrive(state, seat, pedestrian)
    walked = (at, p.walked[1]) if pedestrian == 0 else (p.walked[0], at)
    state = with_player(state, seat, walked=walked)
    amenity = state.amenities[pedestrian * PATH_STEPS + at - 1]
    if performed(p, amenity) >= at:
        state = add_joy(state, seat, pedestrian, 1)
    if same_row(walked):
        state = add_joy(add_joy(state, seat, 0, 1), seat, 1, 1)
    return state


def _arrive(state: State, seat: int, pedestrian: int) -> State:
    """seed: score the arrival table; the die goes back to its city at Joy 1."""
    p = state.players[seat]
    reward, hexagon = arrival_reward(p.joy[pedestrian])
    joys = list(p.joy)
    joys[pedestrian] = 1
    walked = list(p.walked)
    walked[pedestrian] = 0
    state = with_player(state, seat, joy=(joys[0], joys[1]), walked=(walked[0], walked[1]))
    if hexagon:
        state = push(state, Task("hex", seat))
    return gain(state, seat, reward)


def hex_free(state: State) -> list[int]:
    used = sum(1 for h in state.hexes if h is not None)
    if used >= HEX_COBBLESTONES:
        return []
    return [i for i, h in enumerate(state.hexes) if h is None]


def place_hex(state: State, seat: int, spot: int, violet: int) -> State:
    """seed: the space's reward times the player's count for the chosen violet."""
    state = replace(state, hexes=(*state.hexes[:spot], seat, *state.hexes[spot + 1:]))
    state = with_player(state, seat, hexes=state.players[seat].hexes + 1)
    times = violet_count(state, seat, state.violets[violet])
    r = HEX_REWARD[HEX_SPACES[spot][0]]
    return gain(state, seat, Reward(vp=r.vp * times, coins=r.coins * times,
                                    cloths=r.cloths * times, cerda=r.cerda * times))
