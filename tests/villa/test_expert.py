"""Expert rules: when a Feature may be placed, the fine points, and the team and
two-colour rules for Features and tied tokens."""

from __future__ import annotations

from msgspec.structs import replace

from domain.villa import GAME
from domain.villa.commands import (
    ChooseTokenOrder,
    DeclineWell,
    PlaceToken,
    PlaceWell,
    SwapBirdBath,
)
from domain.villa.events import (
    AreaResolved,
    BirdBathSwapped,
    FeatureFlipped,
    GameEnded,
    TokenPlaced,
    TurnEnded,
)
from domain.villa.state import State, Supply, Token

from .helpers import (
    BLUE,
    GREEN,
    PINK,
    YELLOW,
    act,
    begin,
    closing,
    counted,
    lay,
    tokens_placed,
    with_tokens,
)

FEATURES = ["bridge", "column", "well"]


def expert(seats: int, turn: int, **options: object) -> State:
    return closing(seats, turn, expert=True, features=options.pop("features", FEATURES),
                   **options)


def only_features(state: State, colour: int) -> State:
    supplies = list(state.supplies)
    supplies[colour] = Supply(0, supplies[colour].features, 7)
    return replace(state, supplies=tuple(supplies))


def test_you_may_place_a_feature_in_an_area_you_closed_with_the_most_segments() -> None:
    state, _ = counted(expert(2, BLUE), [3, 1, 0, 0])
    assert GAME.active(state) == [0] and state.phase == "place_token"
    assert GAME.legal(state, 0) == [PlaceToken(), PlaceToken("bridge"), PlaceToken("column")]
    state, events = act(state, 0, PlaceToken("column"))
    assert tokens_placed(events) == [(BLUE, "column")]
    assert state.supplies[BLUE].features == ("bridge", "well")


def test_a_feature_even_when_tied_for_the_most() -> None:
    state, events = counted(expert(2, BLUE), [2, 2, 0, 0])
    assert tokens_placed(events) == [(GREEN, None)]  # green first, by itself: not its turn
    assert PlaceToken("bridge") in GAME.legal(state, 0)


def test_no_feature_on_another_players_turn() -> None:
    _, events = counted(expert(2, GREEN), [3, 1, 0, 0])  # green closed, blue has the most
    assert tokens_placed(events) == [(BLUE, None)]


def test_fine_point_only_features_left_on_another_turn_flip_one_to_neutral() -> None:
    state, _ = counted(only_features(expert(2, GREEN), BLUE), [3, 1, 0, 0])
    assert GAME.active(state) == [0]  # blue chooses which Feature to flip
    assert GAME.legal(state, 0) == [PlaceToken(f, flipped=True) for f in FEATURES]
    state, events = act(state, 0, PlaceToken("column", flipped=True))
    assert events[0] == TokenPlaced(0, BLUE, None, "column")
    assert state.areas[0].tokens[0].feature is None  # it lies neutral side up
    assert state.supplies[BLUE].features == ("bridge", "well")


def test_well_where_you_have_exactly_one_segment_even_without_the_most() -> None:
    state, events = counted(expert(2, BLUE), [1, 3, 0, 0])
    assert tokens_placed(events) == [(GREEN, None)]
    assert state.phase == "well" and GAME.legal(state, 0) == [PlaceWell(BLUE), DeclineWell()]
    state, events = act(state, 0, PlaceWell(BLUE))
    assert [(t.colour, t.feature) for t in state.areas[0].tokens] == [(GREEN, None), (BLUE, "well")]
    _, events = act(counted(expert(2, BLUE), [1, 3, 0, 0])[0], 0, DeclineWell())
    assert tokens_placed(events) == []


def test_no_well_face_up_where_you_have_more_than_one_segment_or_none() -> None:
    state, _ = counted(expert(2, BLUE), [3, 1, 0, 0])
    assert PlaceToken("well") not in GAME.legal(state, 0)
    state, _ = counted(expert(2, BLUE), [0, 3, 0, 0])
    assert state.phase != "well"


def test_a_well_you_must_place_with_more_than_one_segment_goes_flipped() -> None:
    state, _ = counted(only_features(expert(2, BLUE), BLUE), [3, 1, 0, 0])
    legal = GAME.legal(state, 0)
    assert PlaceToken("well", flipped=True) in legal and PlaceToken("well") not in legal


def test_team_ties_opponents_in_the_order_they_prefer_then_teammate_then_closer() -> None:
    """The rulebook's example: all four tie and Pink closes; Blue chooses to place first,
    Yellow follows, then Green, and lastly Pink, who may place a Feature."""
    state = expert(4, 0, team=True, colours=["pink", "blue", "green", "yellow"])
    state, _ = counted(state, [2, 2, 2, 2])
    assert state.phase == "order_tokens" and GAME.active(state) == [1]  # Blue's seat
    assert GAME.legal(state, 1) == [ChooseTokenOrder(BLUE), ChooseTokenOrder(YELLOW)]
    state, events = act(state, 1, ChooseTokenOrder(BLUE))
    assert tokens_placed(events) == [(BLUE, None), (YELLOW, None), (GREEN, None)]
    assert GAME.active(state) == [0] and PlaceToken("bridge") in GAME.legal(state, 0)


def test_team_a_feature_placed_flips_the_teammates_same_feature() -> None:
    state = expert(4, 0, team=True, colours=["pink", "blue", "green", "yellow"])
    state, _ = counted(state, [0, 0, 3, 0])
    state, events = act(state, 0, PlaceToken("bridge"))
    assert FeatureFlipped(GREEN, "bridge") in events
    assert state.supplies[GREEN] == Supply(8, ("column", "well"), 0)
    assert state.supplies[BLUE].features == tuple(FEATURES)


def two_colours(turn: int) -> State:
    return expert(2, turn, two_player_expert=True)  # seat 0: blue, pink; seat 1: green, yellow


def test_two_colours_you_choose_the_order_of_your_tied_tokens() -> None:
    state, _ = counted(two_colours(0), [2, 0, 2, 0])
    assert GAME.active(state) == [0]
    assert GAME.legal(state, 0) == [ChooseTokenOrder(BLUE), ChooseTokenOrder(PINK)]
    state, events = act(state, 0, ChooseTokenOrder(PINK))
    assert tokens_placed(events) == [(PINK, None)]  # pink below: no Feature for it
    assert PlaceToken("bridge") in GAME.legal(state, 0)  # blue on top may carry one


def test_two_colours_a_feature_flips_the_same_feature_of_your_other_colour() -> None:
    state, _ = counted(two_colours(0), [3, 0, 0, 0])
    state, events = act(state, 0, PlaceToken("column"))
    assert FeatureFlipped(PINK, "column") in events
    assert state.supplies[PINK] == Supply(8, ("bridge", "well"), 0)


def test_two_colours_the_opponent_orders_their_own_tied_tokens() -> None:
    state, _ = counted(two_colours(0), [0, 2, 0, 2])
    assert GAME.active(state) == [1]
    assert GAME.legal(state, 1) == [ChooseTokenOrder(GREEN), ChooseTokenOrder(YELLOW)]
    _, events = act(state, 1, ChooseTokenOrder(YELLOW))
    assert tokens_placed(events) == [(YELLOW, None), (GREEN, None)]


def test_two_player_expert_closure_gives_at_most_one_face_up_feature() -> None:
    """"Choose if you want to place a Feature for the color you place on top": blue has
    the most, pink exactly one segment. A Feature on blue leaves no Well for pink (it would
    go on top of blue's Feature); a neutral blue token leaves pink's Well on top."""
    state, _ = counted(two_colours(0), [3, 0, 1, 0])
    done, events = act(state, 0, PlaceToken("column"))
    assert tokens_placed(events) == [(BLUE, "column")]
    assert done.phase == "draw" and "well" in done.supplies[PINK].features
    state, _ = act(state, 0, PlaceToken())
    assert state.phase == "well" and GAME.legal(state, 0) == [PlaceWell(PINK), DeclineWell()]
    state, _ = act(state, 0, PlaceWell(PINK))
    assert [(t.colour, t.feature) for t in state.areas[0].tokens] == [(BLUE, None), (PINK, "well")]


def test_two_player_expert_no_well_after_a_bird_bath_switched_away() -> None:
    """The Bird Bath leaves the area it was placed in, but it was this closure's Feature."""
    state = begin(2, expert=True, two_player_expert=True,
                  features=["bird_bath", "column", "well"])
    state, _ = lay(state, 29, 2, 0)
    state, _ = lay(state, 17, 3, 0, 1, True)  # seat 1 closes the adjacent spaces 0 and 1
    state, _ = counted(with_tokens(state, 0, Token(BLUE)), [0, 3, 0, 1])  # area 1
    state, _ = act(state, 1, PlaceToken("bird_bath"))
    state, events = act(state, 1, SwapBirdBath(0))
    assert [t.feature for t in state.areas[1].tokens] == [None]
    assert events[:2] == [BirdBathSwapped(1, 0), AreaResolved(1)]  # no Well for yellow


def test_sundial_gives_an_extra_turn() -> None:
    state, _ = counted(expert(2, BLUE, features=["sundial", "bridge", "well"]), [3, 1, 0, 0])
    state, events = act(state, 0, PlaceToken("sundial"))
    assert events[-1] == TurnEnded(0, 0, True) and state.turn == 0 and state.phase == "draw"


def test_sundial_no_extra_turn_when_the_game_ends_that_turn() -> None:
    state = expert(2, BLUE, features=["sundial", "bridge", "well"])
    state, _ = counted(replace(state, bag=()), [3, 1, 0, 0])  # the last Hedge is in play
    _, events = act(state, 0, PlaceToken("sundial"))
    assert events[-1] == GameEnded(["last_hedge"])


def test_placing_your_last_token_as_a_feature_ends_the_game() -> None:
    state = only_features(expert(2, BLUE), BLUE)
    supplies = list(state.supplies)
    supplies[BLUE] = Supply(0, ("bridge",), 9)
    state, _ = counted(replace(state, supplies=tuple(supplies)), [3, 1, 0, 0])
    _, events = act(state, 0, PlaceToken("bridge"))
    assert events[-1] == GameEnded(["last_token"])

