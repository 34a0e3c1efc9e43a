"""The core of the web client with the generic board (the test-only game Tiny Draw)."""

from __future__ import annotations

import random

import httpx
import pytest

from tests.browser.helpers import (
    PHONE,
    create_game,
    join_game,
    new_player,
    play_clicks,
    seq,
    server_state,
    token_of,
    wait_started,
)

pytestmark = pytest.mark.browser


def test_lobby_create_join_play_and_spectate(chromium, server) -> None:
    base = server.url
    ctx_a, alice = new_player(chromium)
    ctx_b, bob = new_player(chromium, PHONE)
    ctx_s, spectator = new_player(chromium)
    try:
        game = create_game(alice, base, "tinydraw", "Alice")
        alice.wait_for_selector("body[data-status=waiting] #share .spectate-link")
        join_game(bob, base, game, "Bob")
        wait_started(alice, bob)
        spectator.goto(f"{base}/games/{game}")
        wait_started(spectator)
        play_clicks([alice, bob], random.Random(1), 8)
        spectator.wait_for_function(f"() => Number(document.body.dataset.seq) >= {seq(alice)}")
        # the spectator saw every move, in words, and no hand
        assert spectator.locator("#log li").count() == seq(alice)
        assert "hidden" in spectator.locator("#board").inner_text()
        seat, token = token_of(alice, game)
        hand = server_state(base, game, token)["view"]["players"][seat]["hand"]
        assert server_state(base, game)["view"]["players"][seat]["hand"] is None
        assert alice.locator("#players li.me .name").inner_text() == "Alice"
        assert hand is not None
        # what the server refuses shows as its sentence, not a code
        mover = alice if alice.get_attribute("body", "data-my-turn") == "yes" else bob
        other = bob if mover is alice else alice
        mover.evaluate("() => window.plaza.send({type: 'Play', card: 99})")
        mover.wait_for_selector("#message.error")
        message = mover.locator("#message").inner_text()
        assert message.endswith(".") and " " in message  # a sentence (it may quote the card)
        assert message not in ("illegal", "not_your_turn")
        other.evaluate("() => window.plaza.undo()")
        other.wait_for_selector("#message.error")
        assert other.locator("#message").inner_text().endswith(".")
        assert "undo_refused" not in other.locator("#message").inner_text()
        for page in (alice, bob, spectator):
            assert page.errors.errors == []  # type: ignore[attr-defined]
    finally:
        for ctx in (ctx_a, ctx_b, ctx_s):
            ctx.close()


def test_lobby_options_from_the_schema_and_share_links(chromium, server) -> None:
    base = server.url
    ctx, alice = new_player(chromium)
    try:
        game = create_game(alice, base, "carrara", "Alice", seats=3,
                           options={"expansion": True, "board": "advanced"})
        info = httpx.get(f"{base}/api/games/{game}").json()
        assert info["options"]["expansion"] is True
        assert info["options"]["board"] == "advanced"
        names = info.get("names") or info["seats"]
        assert len(names) == 3 and names[0] == "Alice"
        alice.wait_for_selector("#share .seat-link")
        seat_link = alice.locator("#share .seat-link").get_attribute("href") or ""
        assert seat_link.endswith("#token=" + token_of(alice, game)[1])
        assert alice.locator("#share .spectate-link").get_attribute("href").endswith(f"/games/{game}")
        # the seat link opens the seat in another browser, and the token leaves the address bar
        ctx2, other = new_player(chromium)
        other.goto(seat_link)
        other.wait_for_selector("body[data-seat='0']")
        assert "#token" not in other.url
        ctx2.close()
        # the lobby lists the waiting game with its open seats
        alice.goto(base + "/")
        row = alice.locator(f"li[data-game='{game}']")
        row.wait_for()
        assert "open" in row.inner_text()
        assert row.locator("button.join").count() == 1
    finally:
        ctx.close()


def test_one_browser_holding_two_seats_switches_between_them(chromium, server) -> None:
    base = server.url
    ctx, page = new_player(chromium)
    try:
        game = create_game(page, base, "tinydraw", "Alice")
        join_game(page, base, game, "Alice")  # the lobby offers another seat of the same game
        wait_started(page)
        page.wait_for_selector("#play-as")
        first = page.get_attribute("body", "data-seat")
        other = "1" if first == "0" else "0"
        page.select_option("#play-as", other)
        page.wait_for_selector(f"body[data-seat='{other}']")
        page.select_option("#play-as", "")  # and as a spectator
        page.wait_for_selector("body[data-seat='spectator']")
        assert page.locator(".target").count() == 0
        assert page.errors.errors == []  # type: ignore[attr-defined]
    finally:
        ctx.close()
