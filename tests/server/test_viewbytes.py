"""server/viewbytes.py: one state's views encoded with their shared bytes made once, each
audience getting exactly the bytes of encoding its own view. Every game's views at every
state of the property tests' games are checked by tests/support/contract.py
(`check_shared_encoding`); these are the shapes the games do not make."""

from __future__ import annotations

from typing import Any

import msgspec

from server.viewbytes import KeptParts, encoded_views


class Hand(msgspec.Struct, frozen=True):
    cards: list[int] | None
    count: int


class View(msgspec.Struct, frozen=True):
    title: str
    board: list[list[int]]
    players: list[Hand]
    note: Any = None


class Omitting(msgspec.Struct, frozen=True, omit_defaults=True):
    board: list[int]
    secret: list[int] = []


def plain(views: list[Any]) -> list[bytes]:
    return [msgspec.json.encode(view) for view in views]


def table() -> View:
    return View("a \x00 title, \u00e9", [[1, 2], [3]], [Hand(None, 2), Hand(None, 3)])


def seat_view(view: View, seat: int, cards: list[int]) -> View:
    players = list(view.players)
    players[seat] = Hand(cards, len(cards))
    return msgspec.structs.replace(view, players=players)


def test_each_seat_gets_its_own_item_of_a_list_and_the_rest_is_the_tables() -> None:
    spectators = table()
    views = [spectators, seat_view(spectators, 0, [7, 8]), seat_view(spectators, 1, [9, 9, 9])]
    assert encoded_views(spectators, views) == plain(views)
    assert b"[7,8]" in encoded_views(spectators, views)[1]
    assert b"[7,8]" not in encoded_views(spectators, views)[2]


def test_a_nul_character_in_a_shared_string_or_in_a_part_is_no_hole() -> None:
    """JSON escapes control characters, so the hole's NUL byte is never in the bytes."""
    spectators = table()
    seat = msgspec.structs.replace(seat_view(spectators, 1, [1]), note="mine \x00 only")
    views = [spectators, seat]
    assert encoded_views(spectators, views) == plain(views)


def test_a_field_replaced_whole_or_a_list_of_another_length_is_one_hole() -> None:
    spectators = table()
    longer = msgspec.structs.replace(spectators, board=[[1, 2], [3], [4]], title="other")
    views = [spectators, longer, msgspec.structs.replace(spectators, players=[])]
    assert encoded_views(spectators, views) == plain(views)


def test_views_sharing_everything_are_encoded_once() -> None:
    spectators = table()
    views = [spectators, msgspec.structs.replace(spectators)]  # a copy holding the same fields
    assert encoded_views(spectators, views) == plain(views)


def test_equal_but_distinct_objects_are_encoded_as_their_own() -> None:
    spectators = table()
    twin = View(spectators.title, [[1, 2], [3]], [Hand(None, 2), Hand(None, 3)])
    assert encoded_views(spectators, [spectators, twin]) == plain([spectators, twin])


def test_shapes_it_does_not_splice_are_encoded_whole() -> None:
    shared = [1, 2]
    omitting = Omitting(shared)
    views: list[Any] = [omitting, Omitting(shared, [5])]  # a hole where a default is left out
    assert encoded_views(omitting, views) == plain(views)
    mixed: list[Any] = [table(), {"not": "a view of the same type"}]
    assert encoded_views(mixed[0], mixed) == plain(mixed)
    assert encoded_views(table(), [table()]) == plain([table()])
    assert encoded_views({"a": 1}, [{"a": 1}, {"a": 2}]) == plain([{"a": 1}, {"a": 2}])


def test_kept_parts_give_the_bytes_of_the_whole_view_as_its_arrays_change_or_stay() -> None:
    kept = KeptParts()
    board = [[n] for n in range(10)]
    views = [View("one", board, []), View("two", board, [Hand([1], 1)]),
             View("three", [*board, [10]], []), View("four", board, [])]
    assert [kept.encode(view) for view in views] == plain(views)
    omitting = Omitting(list(range(9)))
    assert kept.encode(omitting) == msgspec.json.encode(omitting)


def test_kept_parts_encode_an_array_met_again_from_its_kept_bytes() -> None:
    """Why a game's view must never change an array once made: the same object is not
    encoded again."""
    kept = KeptParts()
    board = [[n] for n in range(10)]
    first = kept.encode(View("t", board, []))
    board.append([10])
    assert kept.encode(View("t", board, [])) == first
    assert kept.encode(View("t", list(board), [])) == msgspec.json.encode(View("t", board, []))
