"""`start`: the setup of a game of Barcelona, as events, every random part of it face up
except each player's two Citizens."""

from __future__ import annotations

from random import Random

from .components import (
    AMENITIES,
    AMENITIES_DEALT,
    BASE_ACTIONS,
    BASE_SERVICES,
    DISPLAY,
    EXPANSION_ACTIONS,
    EXPANSION_SERVICES,
    PRINTED_LAYOUT,
    PROMO_BONUSES,
    SECTIONS,
    SERVICE_STACKS,
    VIOLETS,
    Violet,
    cerda_pool,
    modernisme_pool,
)
from .events import Event, GameStarted, ProjectsRevealed, SetupDrawn
from .evolve import evolve
from .flow import draw_citizens
from .options import Options


def setup_drawn(options: Options, rng: Random) -> SetupDrawn:
    """seed/research: the random setup, all of it face up."""
    exp = options.expansion
    if exp or options.layout == "random":  # seed: always random with the expansion
        actions = EXPANSION_ACTIONS if exp else BASE_ACTIONS
        layout = tuple(rng.sample(actions, len(actions)))
    else:
        layout = PRINTED_LAYOUT
    tiles = tuple(rng.sample(cerda_pool(exp), SECTIONS))
    if exp:  # seed: one expansion stack and four of the base seven
        services = (rng.choice(EXPANSION_SERVICES), *rng.sample(BASE_SERVICES, SERVICE_STACKS - 1))
    else:
        services = tuple(rng.sample(BASE_SERVICES, SERVICE_STACKS))
    if not exp:
        return SetupDrawn(layout, tiles, services)
    amenities = tuple(rng.sample(AMENITIES, AMENITIES_DEALT))
    picked: list[Violet] = [rng.choice(VIOLETS[letter]) for letter in "ABC"]
    violets = tuple(rng.sample(picked, len(picked)))
    bonuses = tuple(rng.sample(PROMO_BONUSES, 4)) if options.promo_bonus else ()
    return SetupDrawn(layout, tiles, services, amenities, violets, bonuses)


def start(options: Options, seats: int, rng: Random) -> list[Event]:
    events: list[Event] = [GameStarted(seats, **{f: getattr(options, f) for f in (
        "expansion", "promo_bonus", "layout", "intersection_benefits",
        "confirm_end_of_turn", "reveal_projects_at_once")})]
    events.append(setup_drawn(options, rng))
    state = evolve(evolve(None, events[0]), events[1])
    pool = sorted(modernisme_pool(options.expansion))
    pool = [t for t in pool if t not in state.cerda_tiles]
    shown = [pool.pop(rng.randrange(len(pool))) for _ in range(DISPLAY)]
    reveal: Event = ProjectsRevealed(tuple(range(DISPLAY)), tuple(shown))
    events.append(reveal)
    state = evolve(state, reveal)
    for seat in range(seats):  # research: two Citizens each from the bag, hidden
        drawn = draw_citizens(state, seat, rng)
        events.append(drawn)
        state = evolve(state, drawn)
    return events
