"""III • Round End: the neutral building, cards beneath the board, draws, contracts,
zoning, and the end after the 8th round (seed)."""

from __future__ import annotations

from random import Random

from msgspec.structs import replace

from domain.bellavista import GAME
from domain.bellavista.commands import PlaceBuilding
from domain.bellavista.events import (
    ContractsDrawn,
    ContractsRevealed,
    GameEnded,
    HandDrawn,
    RoundEnded,
    ZoningRevealed,
)
from domain.bellavista.flow import end_round
from domain.bellavista.state import Card, Offer, State
from domain.bellavista.town import town_of

from .helpers import building, construction, play, started


def after_construction(seats: int, offers: list[tuple[int, Card]], round_: int = 1) -> State:
    state = construction(started(seats), offers, "no_rivers")
    spaces = tuple(replace(o, revealed=True) if o else None for o in state.spaces)
    return replace(state, spaces=spaces, builder=len(offers) - 1, phase="round_end",
                   round=round_)


def test_cards_move_beneath_lowest_first_and_ties_keep_the_more_expensive_offer_first() -> None:
    red, blue, green, yellow = 0, 1, 2, 3
    state = after_construction(4, [(red, Card(6)), (blue, Card(6)), (green, Card(4)),
                                   (yellow, Card(8))])
    ended = end_round(state, Random(0))[0]
    assert ended == RoundEnded(1, (green, red, blue, yellow))
    # the other way round: Blue paid more, so Blue stays before Red
    state = after_construction(4, [(blue, Card(6)), (red, Card(6)), (green, Card(4)),
                                   (yellow, Card(8))])
    assert end_round(state, Random(0))[0] == RoundEnded(1, (green, blue, red, yellow))


def test_a_card_right_of_the_0_space_comes_after_an_equal_card_on_the_board() -> None:
    state = after_construction(4, [(0, Card(5)), (1, Card(3)), (2, Card(7))])
    state = replace(state, late=(Offer(3, Card(5), 0, True),))
    assert end_round(state, Random(0))[0] == RoundEnded(1, (1, 0, 3, 2))


def test_everyone_draws_back_to_3_cards_or_5_with_two_architects() -> None:
    for seats, hand in ((2, 5), (4, 3)):
        state = started(seats)
        short = tuple(h[:-2] if seats == 2 else h[:-1] for h in state.hands)
        state = replace(state, hands=short)
        state = replace(after_construction(seats, [(0, Card(1))]), hands=short, decks=state.decks)
        draws = [e for e in end_round(state, Random(1)) if isinstance(e, HandDrawn)]
        assert [d.count for d in draws] == [hand - len(h) for h in short]
        assert all(set(d.cards or ()) <= set(state.decks[d.seat]) for d in draws)


def test_an_empty_deck_draws_nothing_and_the_game_goes_on() -> None:
    state = replace(after_construction(4, [(0, Card(1))]), decks=((),) * 4,
                    hands=((Card(2),),) * 4)
    assert not any(isinstance(e, HandDrawn) for e in end_round(state, Random(1)))


def test_taken_contracts_are_replaced_so_there_are_4_face_up() -> None:
    state = after_construction(4, [(0, Card(1))])
    state = replace(state, contracts=state.contracts[:2])
    drawn = next(e for e in end_round(state, Random(2)) if isinstance(e, ContractsDrawn))
    assert len(drawn.cards) == 2 and not set(drawn.cards) & set(state.contracts_drawn)


def test_a_new_zoning_card_goes_face_up_on_top_of_the_previous_one() -> None:
    state = after_construction(4, [(0, Card(1))])
    events = end_round(state, Random(3))
    new = next(e for e in events if isinstance(e, ZoningRevealed))
    assert new.card not in state.zoning_pile
    after = GAME.evolve(state, events[0])
    for e in events[1:]:
        after = GAME.evolve(after, e)
    assert after.zoning == new.card and after.zoning_pile == (*state.zoning_pile, new.card)
    assert after.round == 2 and after.phase == "offer"


def test_the_8th_round_ends_the_game() -> None:
    state = after_construction(4, [(0, Card(1))], round_=8)
    events = end_round(state, Random(0))
    assert [type(e) for e in events] == [ContractsRevealed] * 4 + [GameEnded]
    assert GAME.evolve(state, events[-1]).phase == "over"


def test_three_architects_the_last_builder_places_the_neutral_building_of_the_round() -> None:
    offers = [(0, Card(6)), (1, Card(2)), (2, Card(5))]
    state = construction(started(3), offers, "no_parks")
    state = replace(state, round=3, builder=2, spaces=tuple(
        replace(o, revealed=True) if o else None for o in state.spaces))
    state, _ = play(state, 2, PlaceBuilding(7, 1))
    if state.phase == "contract":
        state, _ = play(state, 2, GAME.legal(state, 2)[-1])
    assert state.phase == "neutral" and GAME.active(state) == [2]
    town = town_of(state.town)
    legal = GAME.legal(state, 2)
    assert legal == [p.command for p in town.placements[3]
                     if p.allowed_by("no_parks") and not set(p.cells) & {(7, 1), (7, 2)}]
    state, events = play(state, 2, legal[0])
    placed = events[0]
    assert placed.owner is None and placed.colour == "yellow" and placed.height == 3  # type: ignore[union-attr]
    assert placed.coins == 0  # type: ignore[union-attr]
    assert isinstance(events[1], RoundEnded) and state.round == 4


def test_three_architects_no_neutral_building_in_the_8th_round() -> None:
    state = construction(started(3), [(0, Card(6))], "no_parks")
    state = replace(state, round=8, spaces=(state.spaces[0], None, None, None))
    state, events = play(state, 0, PlaceBuilding(7, 1))
    if state.phase == "contract":
        state, events = play(state, 0, GAME.legal(state, 0)[-1])
    assert isinstance(events[-1], GameEnded) and state.phase == "over"


def test_neutral_buildings_count_as_adjacent_buildings_for_coins() -> None:
    state = construction(started(3), [(0, Card(4))], "no_parks", (building(None, 2, (6, 0), (7, 0)),))
    _, events = play(state, 0, PlaceBuilding(7, 1))
    assert events[0].coins == 4  # type: ignore[union-attr]
