"""Every component value of Barcelona, each tagged with where it comes from.

`seed` is shared/seeds/003_b9f28b882a93293f.txt (the BGA game help, the authority),
`research` is shared/research/barcelona.md (the published rulebook), `assumption` is a
value Plaza chose where both are silent; RULES.md lists each with its reason.
"""

from __future__ import annotations

from typing import Final, Literal, get_args

import msgspec

# -- citizens -------------------------------------------------------------------

Cls = Literal["upper", "middle", "working"]
CLASSES: Final[tuple[Cls, ...]] = get_args(Cls)  # seed: Upper, Middle, Working rows
BAG: Final[tuple[int, int, int]] = (23, 24, 25)  # research: 23 Upper, 24 Middle, 25 Working
HAND: Final = 2  # seed: two Citizens stacked per turn; draw 2 at the end of the turn

# -- citizen tracks -------------------------------------------------------------

SECTIONS: Final = 3  # seed: three sections
SECTION_SPACES: Final = 6  # assumption: see RULES.md (6 spaces per row and section)
TRACK_SPACES: Final = SECTIONS * SECTION_SPACES
# assumption: see RULES.md. The first space of each row section is marked 2-3 (covered
# with 2 or 3 players), the second 2 (covered with 2 players).
COVER_23: Final = 0
COVER_2: Final = 1
# assumption: see RULES.md. Printed VP on spaces 3, 4 and 6 of each row section.
TRACK_VP: Final[dict[int, int]] = {
    s * SECTION_SPACES + i: v + 2 * s for s in range(SECTIONS) for i, v in ((2, 1), (3, 2), (5, 3))
}


def scoring_space(section: int) -> int:
    """seed: the last space of each row in a section is its scoring space."""
    return section * SECTION_SPACES + SECTION_SPACES - 1


def covered_at_start(seats: int) -> tuple[bool, ...]:
    """seed: with 2 players the 2 and 2-3 spaces start covered, with 3 the 2-3 spaces."""
    out = []
    for i in range(TRACK_SPACES):
        mark = i % SECTION_SPACES
        out.append((mark == COVER_23 and seats <= 3) or (mark == COVER_2 and seats == 2))
    return tuple(out)


# -- Cerdà and Sagrada Família tracks --------------------------------------------

CERDA_SPACES: Final = 10  # seed: ten spaces
CERDA_START: Final = 3  # seed: x0, x1, blank, start, ...
# seed: the labelled spaces and their multipliers (start counts as x1).
CERDA_LABELS: Final[dict[int, int]] = {0: 0, 1: 1, 3: 1, 5: 2, 7: 3, 9: 4}
CERDA_OVERFLOW_VP: Final = 2  # seed: 2 VP per step forfeited above the top


def _multiplier(position: int) -> int:
    """seed: the highest labelled value at or below the marker."""
    return max(v for p, v in CERDA_LABELS.items() if p <= position)


_MULTIPLIERS: Final = tuple(_multiplier(p) for p in range(CERDA_SPACES))


def multiplier(position: int) -> int:
    """`_multiplier`, looked up on the track (every view of a changed player asks)."""
    if 0 <= position < CERDA_SPACES:
        return _MULTIPLIERS[position]
    return _multiplier(position)


SAGRADA_SLOTS: Final[dict[int, int]] = {1: 1, 3: 2, 5: 3, 7: 4}  # seed: step -> tile level
SAGRADA_TOP: Final = 7  # assumption: see RULES.md (the last slot is the top of the track)

# -- resources, warehouse -------------------------------------------------------

WAREHOUSE_OPEN: Final = 4  # assumption: see RULES.md (4 open spaces before Cobblestones)
START_COINS: Final = 1  # research: 1 Coin and 1 Cloth in the leftmost spaces
START_CLOTHS: Final = 1
COBBLESTONES: Final = 6  # research: 6 Cobblestones cover the 6 rightmost spaces
COBBLE_VP: Final = (1, 2, 4, 7, 11, 16)  # seed: rightmost uncovered value


# gc=False: frozen component values, in every state; no cycle can pass through them.
class Cost(msgspec.Struct, frozen=True, gc=False):
    coins: int = 0
    cloths: int = 0


FREE: Final = Cost()

# -- board pieces ---------------------------------------------------------------

# seed: Intersections left to right: costs, and the benefit each one unlocks.
INTERSECTION_COSTS: Final = (Cost(), Cost(1), Cost(2), Cost(1, 1), Cost(2, 1))
Benefit = Literal["coin", "vp", "cloth", "cerda", "sagrada"]
BENEFITS: Final[tuple[Benefit, ...]] = get_args(Benefit)  # seed: unlocked in this order
BENEFIT_VP: Final = 2  # seed: the "2 VP" benefit


def benefit_limit(built: int) -> int:
    """seed: with 1-2 / 3-4 / 5 Intersections built, up to 1 / 2 / 3 benefits."""
    return 0 if built == 0 else 1 if built <= 2 else 2 if built <= 4 else 3


# seed: Passengers left to right: costs and end-game VP of the rightmost uncovered space.
PASSENGER_COSTS: Final = (Cost(1), Cost(0, 1), Cost(1, 1), Cost(2, 1), Cost(2, 2))
PASSENGER_VP: Final = (1, 5, 10, 16, 23)

NARROW_STACKS: Final = (4, 6)  # research: 10 Narrow Streets in stacks of 4 and 6
WIDE_STACK: Final = 5  # research: 5 Wide Streets in one stack
NARROW_EMPTY_CERDA: Final = 1  # seed: emptying a stack: 1 per Narrow stack
WIDE_EMPTY_CERDA: Final = 2  # seed: 2 for the Wide stack
NARROW_VP: Final = 1  # seed: line scoring, 1 VP a Narrow tile
WIDE_VP: Final = 2  # seed: 2 VP a Wide tile
MARKER_STACKS: Final = (2, 2, 2, 1, 1)  # research: 8 Building markers in stacks 2/2/2/1/1

# -- buildings ------------------------------------------------------------------

CORNER: Final = 0  # level 0 stands for a Corner Building
LEVELS: Final = (0, 1, 2, 3)
TILES: Final[dict[int, int]] = {0: 8, 1: 12, 2: 8, 3: 7}  # research: 8 / 12 / 8 / 7 tiles
BONUS_VP: Final = 5  # seed: first Building in its block row: 5 VP
LEVEL3_VP: Final = 7  # seed
# seed: what each level needs: (class required, how many any) ; Corner and Level 1: any 2.
NEEDS: Final[dict[int, tuple[Cls | None, int]]] = {
    0: (None, 2), 1: (None, 2), 2: ("middle", 1), 3: ("upper", 2)}
# seed: which level a level may cover (Level 2 over 1, Level 3 over 1 or 2).
COVERS: Final[dict[int, tuple[int, ...]]] = {0: (), 1: (), 2: (1,), 3: (1, 2)}
CERDA_OF_LEVEL: Final[dict[int, int]] = {0: 0, 1: 1, 2: -1, 3: -2}  # seed (must)
SAGRADA_OF_LEVEL: Final[dict[int, int]] = {0: 0, 1: 0, 2: 1, 3: 2}  # seed (may)

# -- Modernisme project spaces --------------------------------------------------


class ProjectSpace(msgspec.Struct, frozen=True, gc=False):
    cost: Cost
    bottom: int
    top: int
    improve: Cost


# seed: the five Project spaces
PROJECT_SPACES: Final = (
    ProjectSpace(Cost(), 1, 2, Cost(0, 1)),
    ProjectSpace(Cost(1), 1, 2, Cost()),
    ProjectSpace(Cost(0, 1), 1, 3, Cost(0, 2)),
    ProjectSpace(Cost(1, 1), 2, 3, Cost(0, 1)),
    ProjectSpace(Cost(1, 2), 2, 4, Cost(0, 2)),
)
DISPLAY: Final = 4  # research: four Modernisme tiles on display

# -- scoring conditions (Cerdà tiles and Modernisme tiles) ------------------------

Condition = Literal[
    "block_line", "coins", "cloths", "services", "top_markers", "cobblestones", "narrow",
    "wide", "passengers", "intersections", "corners", "projects", "bottom_markers",
    "empty_spots", "busy_intersections", "multiplier", "busy_passengers", "narrow_line",
    "wide_line", "joy_barcelona", "joy_gracia",
]
CONDITIONS: Final[tuple[Condition, ...]] = get_args(Condition)
# seed: VP each
CONDITION_VP: Final[dict[Condition, int]] = {
    "block_line": 2, "coins": 2, "cloths": 2, "services": 2, "top_markers": 2,
    "cobblestones": 2, "narrow": 1, "wide": 2, "passengers": 2, "intersections": 2,
    "corners": 3, "projects": 2, "bottom_markers": 2, "empty_spots": 3,
    "busy_intersections": 3, "multiplier": 2, "busy_passengers": 3, "narrow_line": 2,
    "wide_line": 2, "joy_barcelona": 2, "joy_gracia": 2,
}
CONDITION_CAP: Final[dict[Condition, int]] = {  # seed: "at most"
    "coins": 5, "cloths": 5, "narrow_line": 4, "wide_line": 4}
CERDA_ONLY: Final = ("empty_spots",)  # seed
MODERNISME_ONLY: Final = (  # seed
    "busy_intersections", "multiplier", "busy_passengers", "narrow_line", "wide_line")
JOY_CONDITIONS: Final = ("joy_barcelona", "joy_gracia")  # seed: expansion scoring tiles


def cerda_pool(expansion: bool) -> tuple[Condition, ...]:
    """research: 14 Cerdà tiles (seed: +2 with the expansion)."""
    return tuple(c for c in CONDITIONS if c not in MODERNISME_ONLY
                 and (expansion or c not in JOY_CONDITIONS))


def modernisme_pool(expansion: bool) -> tuple[Condition, ...]:
    """research: 18 Modernisme tiles (seed: +2 with the expansion)."""
    return tuple(c for c in CONDITIONS if c not in CERDA_ONLY
                 and (expansion or c not in JOY_CONDITIONS))


# -- actions and Public Services --------------------------------------------------

Action = Literal[
    "cloth_vp", "coins", "cerda", "cobblestone", "wide", "narrow", "intersection", "take",
    "improve", "service", "tram", "walk_barcelona", "walk_gracia", "coin_cloth",
]
BASE_ACTIONS: Final[tuple[Action, ...]] = (  # seed: the eleven Action tiles
    "cloth_vp", "coins", "cerda", "cobblestone", "wide", "narrow", "intersection", "take",
    "improve", "service", "tram")
# seed: the expansion removes three actions and adds three.
EXPANSION_ACTIONS: Final[tuple[Action, ...]] = (
    "walk_barcelona", "walk_gracia", "coin_cloth", "cobblestone", "wide", "narrow",
    "intersection", "take", "improve", "service", "tram")
# assumption: see RULES.md. The printed layout: rows 0-4, columns 0-4, the diagonal.
PRINTED_LAYOUT: Final[tuple[Action, ...]] = (
    "cloth_vp", "cobblestone", "wide", "take", "coins",
    "narrow", "improve", "service", "intersection", "cerda", "tram")
CLOTH_VP: Final = 3  # seed: 1 Cloth and 3 VP
ACTION_COINS: Final = 2  # seed
ACTION_CERDA: Final = 2  # seed
WALK_STEPS: Final = 3  # seed: up to 3 steps
NARROW_PER_ACTION: Final = 2  # seed: up to 2 Narrow tiles

Service = Literal["market", "estacio", "hospital", "companys", "universitat", "museu",
                  "pavello", "guell", "casaramona", "palau"]
BASE_SERVICES: Final[tuple[Service, ...]] = (  # seed: the seven base types
    "market", "estacio", "hospital", "companys", "universitat", "museu", "pavello")
EXPANSION_SERVICES: Final[tuple[Service, ...]] = ("guell", "casaramona", "palau")  # seed
SERVICE_STACKS: Final = 5  # research: 5 of the 7 stacks
SERVICE_TILES: Final = ((3, 10), (2, 6), (1, 3))  # seed: (coins, VP), top first
SERVICE_CERDA: Final = 2  # seed
SERVICE_NAMES: Final[dict[Service, str]] = {
    "market": "Sant Antoni Market", "estacio": "Estació de França",
    "hospital": "Hospital de la Santa Creu i de Sant Pau",
    "companys": "Passeig de Lluís Companys", "universitat": "Universitat de Barcelona",
    "museu": "Museu del Modernisme Català", "pavello": "Hospital de Sant Pau, Pavelló d'Operacions",
    "guell": "Parc Güell", "casaramona": "Fàbrica Casaramona",
    "palau": "Palau de la Música Catalana",
}


def service_tiles(seats: int) -> int:
    """seed: with 2 players the cheapest tile of each stack is not used."""
    return 2 if seats == 2 else 3


# -- Sagrada Família tiles ------------------------------------------------------


class Reward(msgspec.Struct, frozen=True, gc=False):
    """A bundle of gains: `either` is Coin or Cloth in any mix; `joy` chunks go to either
    Pedestrian; `steps` are up to N steps with each Pedestrian."""

    vp: int = 0
    coins: int = 0
    cloths: int = 0
    either: int = 0
    cerda: int = 0
    sagrada: int = 0
    joy: tuple[int, ...] = ()
    steps: int = 0


# seed: the four tiles of each level; research: 4 per level; seed: +1 with the expansion.
SAGRADA_TILES: Final[dict[str, Reward]] = {
    "1a": Reward(vp=5), "1b": Reward(vp=3, either=1), "1c": Reward(coins=1, cloths=1),
    "1d": Reward(cerda=1, vp=2), "1x": Reward(joy=(1,)),
    "2a": Reward(vp=7), "2b": Reward(vp=5, either=1), "2c": Reward(either=2),
    "2d": Reward(cerda=1, vp=4), "2x": Reward(steps=1),
    "3a": Reward(vp=10), "3b": Reward(vp=6, either=2), "3c": Reward(either=3),
    "3d": Reward(cerda=2, vp=4), "3x": Reward(joy=(1, 1, 1)),
    "4a": Reward(vp=18), "4b": Reward(vp=8, either=3), "4c": Reward(either=5),
    "4d": Reward(cerda=3, vp=6), "4x": Reward(steps=2),
}


def sagrada_supply(expansion: bool) -> tuple[str, ...]:
    return tuple(t for t in SAGRADA_TILES if expansion or not t.endswith("x"))


# -- Sidewalks ------------------------------------------------------------------

Spot = Literal["sagrada", "coin_cloth", "coins2", "improve", "cerda2", "take", "coin", "cloth",
               "wide", "narrow", "cerda", "centre", "joy2", "walk_b1", "walk_b2", "walk_g1",
               "walk_g2"]
# seed: the base Sidewalk, row by row from the top.
SIDEWALK: Final[tuple[Spot, ...]] = (
    "sagrada", "coin_cloth", "coins2", "improve", "sagrada",
    "cerda2", "take", "coin", "cloth", "wide",
    "narrow", "cerda", "centre", "cerda", "narrow",
    "wide", "cloth", "coin", "take", "cerda2",
    "sagrada", "improve", "narrow", "coin_cloth", "sagrada",
)
# seed: the expansion's overlay Sidewalk.
OVERLAY: Final[tuple[Spot, ...]] = (
    "sagrada", "coin_cloth", "joy2", "improve", "walk_g2",
    "cerda2", "take", "coin", "coins2", "wide",
    "narrow", "walk_g1", "centre", "walk_b1", "narrow",
    "wide", "cloth", "coin", "take", "cerda2",
    "walk_b2", "improve", "joy2", "coin_cloth", "sagrada",
)
CENTRE: Final = 12
SPOT_REWARD: Final[dict[Spot, Reward]] = {
    "sagrada": Reward(sagrada=1), "coin_cloth": Reward(coins=1, cloths=1),
    "coins2": Reward(coins=2), "cerda2": Reward(cerda=2), "coin": Reward(coins=1),
    "cloth": Reward(cloths=1), "cerda": Reward(cerda=1), "joy2": Reward(joy=(2,)),
}
SPOT_ACTION: Final[dict[Spot, Action]] = {
    "improve": "improve", "take": "take", "wide": "wide", "narrow": "narrow"}
SPOT_WALK: Final[dict[Spot, tuple[int, int]]] = {  # (pedestrian, steps)
    "walk_b1": (0, 1), "walk_b2": (0, 2), "walk_g1": (1, 1), "walk_g2": (1, 2)}

# -- Building Bonus tiles -------------------------------------------------------

Bonus = Literal["vp5", "joy_b", "joy_g", "either"]
# seed: the promo tiles (with the expansion, a table option)
PROMO_BONUSES: Final[tuple[Bonus, ...]] = ("joy_b", "joy_g", "either", "vp5")
BONUS_REWARD: Final[dict[Bonus, tuple[Reward, int | None]]] = {  # reward, Pedestrian joy
    "vp5": (Reward(vp=BONUS_VP), None), "joy_b": (Reward(vp=2), 0),
    "joy_g": (Reward(vp=2), 1), "either": (Reward(either=1), None),
}

# -- Passeig de Gràcia ----------------------------------------------------------

PEDESTRIANS: Final = ("barcelona", "gracia")
Pedestrian = Literal[0, 1]  # 0 the Barcelona Pedestrian, 1 the Gràcia Pedestrian
PATH_STEPS: Final = 3  # seed: three step spaces, the fourth step is the arrival
ARRIVAL: Final = PATH_STEPS + 1
JOY_MAX: Final = 6  # seed


def arrival_reward(joy: int) -> tuple[Reward, bool]:
    """seed: arrival table (BGA scores Joy 1 like 2); the flag: a hexagonal Cobblestone."""
    if joy <= 2:
        return Reward(vp=3), False
    if joy == 3:
        return Reward(vp=6), False
    if joy == 4:
        return Reward(vp=6), True
    if joy == 5:
        return Reward(vp=10), True
    return Reward(vp=15, either=1), True


Amenity = Literal["theatre", "discordia", "pedrera", "station", "bench", "gazebo", "carousel",
                  "batllo"]
AMENITIES: Final[tuple[Amenity, ...]] = get_args(Amenity)  # seed: the eight tiles
AMENITY_NAMES: Final[dict[Amenity, str]] = {
    "theatre": "Theatre", "discordia": "La Mansana de la Discòrdia", "pedrera": "La Pedrera",
    "station": "Estació del Passeig de Gràcia", "bench": "Bench lamp (Pere Falqués)",
    "gazebo": "Jardí dels Camps Elisis, gazebo", "carousel": "Jardí dels Camps Elisis, carousel",
    "batllo": "Casa Batlló",
}
AMENITIES_DEALT: Final = 6  # seed: six of eight, three per side

Violet = Literal["a_spots", "a_top_projects", "b_passengers", "b_corners", "c_multiplier",
                 "c_sagrada"]
VIOLETS: Final[dict[str, tuple[Violet, Violet]]] = {  # seed: two of each letter
    "A": ("a_spots", "a_top_projects"), "B": ("b_passengers", "b_corners"),
    "C": ("c_multiplier", "c_sagrada"),
}
HEX_COBBLESTONES: Final = 14  # seed: the grey supply
HexReward = Literal["vp2", "vp3", "vp4", "coin", "cloth", "cerda"]
HEX_REWARD: Final[dict[HexReward, Reward]] = {  # seed: the reward spaces
    "vp2": Reward(vp=2), "vp3": Reward(vp=3), "vp4": Reward(vp=4), "coin": Reward(coins=1),
    "cloth": Reward(cloths=1), "cerda": Reward(cerda=1),
}
# assumption: see RULES.md. 14 reward spaces (one per grey Cobblestone) around the three
# violet spaces 0, 1, 2: (reward, violet spaces next to it).
HEX_SPACES: Final[tuple[tuple[HexReward, tuple[int, ...]], ...]] = (
    ("vp2", (0,)), ("coin", (0,)), ("vp3", (0,)), ("cloth", (0,)), ("cerda", (0,)),
    ("vp4", (0, 1)), ("vp2", (0, 1)),
    ("coin", (1,)), ("cloth", (1,)),
    ("vp3", (1, 2)), ("cerda", (1, 2)),
    ("vp4", (2,)), ("coin", (2,)), ("cloth", (2,)),
)
