"""For `evolve`: the start and end of a turn, Cerdà Scoring, the Modernisme display and the end
of the game, as changes of the state (flow.py makes the events nobody chooses)."""

from __future__ import annotations

from msgspec.structs import replace

from .components import (
    CERDA_START,
    SECTIONS,
    scoring_space,
)
from .events import (
    CerdaScored,
    ProjectsRefreshed,
    ProjectsReshuffled,
    ProjectsRevealed,
)
from .gains import push
from .scoring import cerda_scoring
from .state import Player, State, Task, tiles_remain, with_player


def start_turn(s: State, bag: tuple[int, ...], players: tuple[Player, ...], turn: int) -> State:
    """A player's turn begins with placing Citizens (after any benefits waiting for it),
    in the same step as the draw that begins it (its bag and players)."""
    s = replace(s, players=players, bag=bag, turn=turn, phase="place", crossing=None, used=())
    p = s.players[s.turn]
    if p.waiting:  # option: Intersection benefits waiting for this turn
        s = with_player(s, s.turn, waiting=0)
        s = push(s, Task("benefits", s.turn, n=p.waiting))
    return s


def end_turn(s: State) -> State:
    """seed: placeholders revealed at the end of the turn, then the Cerdà Scoring check."""
    if any(s.face_down):
        if tiles_remain(s):
            return replace(s, phase="reveal")
        s = replace(s, face_down=(False,) * len(s.face_down))
    return check_scoring(s)


SCORING_SPACES = tuple(scoring_space(section) for section in range(SECTIONS))


def section_due(s: State) -> bool:
    """seed: a row of the earliest unscored section is filled to its scoring space."""
    if s.scored >= SECTIONS:
        return False
    at = SCORING_SPACES[s.scored]
    for row in s.track:  # noqa: SIM110 (asked at every end of turn: any() costs more)
        if row[at]:
            return True
    return False


def _waiting_first(s: State, phase: str) -> State | None:
    """option: benefits still waiting are chosen before a scoring and before the end."""
    order = [(s.turn + k) % s.seats for k in range(s.seats)]
    waiting = [seat for seat in order if s.players[seat].waiting]
    if s.timing != "start_of_turn" or not waiting:
        return None
    tasks = [Task("benefits", seat, n=s.players[seat].waiting) for seat in waiting]
    for seat in waiting:
        s = with_player(s, seat, waiting=0)
    return push(replace(s, phase=phase), *tasks)


def check_scoring(s: State) -> State:
    if section_due(s):
        return _waiting_first(s, "pre_scoring") or replace(s, phase="scoring")
    if s.end and s.turn == s.seats - 1:
        return _waiting_first(s, "pre_final") or replace(s, phase="over")
    return replace(s, phase="draw")


def cerda_gains(s: State) -> tuple[int, ...]:
    """seed: what every player scores with the section's tile."""
    tile = s.cerda_tiles[s.scored]
    return tuple(cerda_scoring(s, seat, tile) for seat in range(s.seats))


def scored_section(s: State, e: CerdaScored) -> State:
    """seed: then the tile is flipped; markers above the start return after the first
    and second scoring; the third triggers the end."""
    # The players changed in one list and the state once: a change of the state per seat
    # and per step (and a Player copied even when its marker stayed) cost ~50,000
    # instructions an event, more than a Building's ~36,000.
    players = list(s.players)
    for seat, vp in enumerate(e.vp):
        if vp:
            players[seat] = replace(players[seat], vp=players[seat].vp + vp)
    scored = s.scored + 1
    if scored < SECTIONS:
        for seat, p in enumerate(players):
            if p.cerda > CERDA_START:
                players[seat] = replace(p, cerda=CERDA_START)
    return replace(s, players=tuple(players), scored=scored, end=s.end or scored == SECTIONS,
                   phase="refresh")


def revealed(s: State, e: ProjectsRevealed) -> State:
    display, down = list(s.display), list(s.face_down)
    for slot, tile in zip(e.slots, e.projects, strict=True):
        display[slot], down[slot] = tile, False
    left = list(s.projects_left)
    for tile in e.projects:
        left.remove(tile)
    s = replace(s, display=tuple(display), face_down=tuple(down), projects_left=tuple(left),
                reveal_due=False)
    if s.phase == "refill":
        return _refilled(s)
    if any(s.face_down) and tiles_remain(s):  # research: the rest after the reshuffle
        s = replace(s, reveal_due=True)
    elif any(s.face_down):  # nothing left to reveal: placeholders stay empty
        s = replace(s, face_down=(False,) * len(down))
    return check_scoring(s) if s.phase == "reveal" and not any(s.face_down) else s


def refreshed(s: State, e: ProjectsRefreshed) -> State:
    """seed: the four displayed tiles are discarded and four new ones revealed."""
    gone = tuple(t for t in s.display if t is not None)
    left = list(s.projects_left)
    for tile in e.projects:
        left.remove(tile)
    display = (*e.projects, *(None,) * (len(s.display) - len(e.projects)))
    s = replace(s, display=display, face_down=(False,) * len(display), projects_left=tuple(left),
                discards=tuple(sorted((*s.discards, *gone))))
    return _refilled(s)


def _refilled(s: State) -> State:
    """research: a display left short by an empty stack is filled from the reshuffled
    discards before play goes on."""
    if None in s.display and tiles_remain(s):
        return replace(s, phase="refill")
    return check_scoring(s)


def reshuffled(s: State, e: ProjectsReshuffled) -> State:
    """research: the discarded tiles make a new stack (a set: each draw picks at random)."""
    return replace(s, projects_left=tuple(sorted((*s.projects_left, *e.projects))),
                   discards=tuple(t for t in s.discards if t not in e.projects))
