"""The core of the web client with the generic board (the test-only game Tiny Draw)."""

from __future__ import annotations

import random

import pytest

from tests.browser.helpers import (
    PHONE, create_game, join_game, new_player, play_clicks, seq, server_state, token_of, wait_started)

pytestmark = pytest.mark.browser


def test_lobby_create_join_play_and_spectate(chromium, server) -> None:
    base = server.url
    ctx_a, alice = new_player(chromium)
    ctx_b, bob = new_player(chromium, PHONE)
    ctx_s, spectator = new_player(chromium)
    try:
        game = create_game(alice, base, "tinydraw", "Alice")
        assert alice.locator("body[data-status=waiting]").count() == 1
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
        for page in (alice, bob, spectator):
            assert page.errors.errors == []  # type: ignore[attr-defined]
    finally:
        for ctx in (ctx_a, ctx_b, ctx_s):
            ctx.close()
