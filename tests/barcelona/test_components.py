"""The seed's reference tables, value by value."""

from __future__ import annotations

from domain.barcelona.components import (
    CONDITION_CAP,
    CONDITION_VP,
    HEX_REWARD,
    HEX_SPACES,
    OVERLAY,
    PROJECT_SPACES,
    SAGRADA_TILES,
    SIDEWALK,
    TILES,
    Cost,
    Reward,
)
from domain.barcelona.geometry import BUILDINGS, CROSSINGS, SPACES, STREETS, WIDE


def test_sagrada_familia_tiles_by_level() -> None:
    assert [SAGRADA_TILES[t] for t in ("1a", "1b", "1c", "1d")] == [
        Reward(vp=5), Reward(vp=3, either=1), Reward(coins=1, cloths=1), Reward(cerda=1, vp=2)]
    assert [SAGRADA_TILES[t] for t in ("2a", "2b", "2c", "2d")] == [
        Reward(vp=7), Reward(vp=5, either=1), Reward(either=2), Reward(cerda=1, vp=4)]
    assert [SAGRADA_TILES[t] for t in ("3a", "3b", "3c", "3d")] == [
        Reward(vp=10), Reward(vp=6, either=2), Reward(either=3), Reward(cerda=2, vp=4)]
    assert [SAGRADA_TILES[t] for t in ("4a", "4b", "4c", "4d")] == [
        Reward(vp=18), Reward(vp=8, either=3), Reward(either=5), Reward(cerda=3, vp=6)]


def test_modernisme_project_spaces() -> None:
    table = [(s.cost, s.bottom, s.top, s.improve) for s in PROJECT_SPACES]
    assert table == [
        (Cost(), 1, 2, Cost(0, 1)), (Cost(1), 1, 2, Cost()), (Cost(0, 1), 1, 3, Cost(0, 2)),
        (Cost(1, 1), 2, 3, Cost(0, 1)), (Cost(1, 2), 2, 4, Cost(0, 2))]


def test_scoring_conditions_vp_each_and_caps() -> None:
    threes = {c for c, v in CONDITION_VP.items() if v == 3}
    assert threes == {"corners", "empty_spots", "busy_intersections", "busy_passengers"}
    assert CONDITION_VP["narrow"] == 1
    assert all(v == 2 for c, v in CONDITION_VP.items() if c not in threes | {"narrow"})
    assert CONDITION_CAP == {"coins": 5, "cloths": 5, "narrow_line": 4, "wide_line": 4}


def test_sidewalks_row_by_row() -> None:
    assert SIDEWALK[:5] == ("sagrada", "coin_cloth", "coins2", "improve", "sagrada")
    assert SIDEWALK[10:15] == ("narrow", "cerda", "centre", "cerda", "narrow")
    assert OVERLAY[:5] == ("sagrada", "coin_cloth", "joy2", "improve", "walk_g2")
    assert OVERLAY[10:15] == ("narrow", "walk_g1", "centre", "walk_b1", "narrow")
    assert OVERLAY[20:] == ("walk_b2", "improve", "joy2", "coin_cloth", "sagrada")


def test_hexagonal_reward_spaces() -> None:
    assert {r for r, _ in HEX_SPACES} == set(HEX_REWARD) == {"vp2", "vp3", "vp4", "coin", "cloth", "cerda"}
    assert len(HEX_SPACES) == 14 and all(v and set(v) <= {0, 1, 2} for _, v in HEX_SPACES)


def test_city_and_building_tiles() -> None:
    assert CROSSINGS == 25 and len(SPACES) == 44 and STREETS == 11
    assert len(BUILDINGS) == 20 and sum(1 for _, k, _ in BUILDINGS if k != "square") == 8
    assert TILES == {0: 8, 1: 12, 2: 8, 3: 7} and sum(WIDE) == 12
