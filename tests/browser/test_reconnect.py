"""A dropped connection recovers by itself (with `since`, so nothing is missed) and says so;
the page keeps working after the server is killed and restarted."""

from __future__ import annotations

import random

import pytest

from tests.browser.helpers import (
    events_of,
    play_clicks,
    seq,
    server_state,
    table,
    token_of,
    wait_seq,
)

pytestmark = pytest.mark.browser


def _same_as_server(page, base, game) -> None:
    _, token = token_of(page, game)
    assert page.evaluate("() => window.plaza.view") == server_state(base, game, token)["view"]
    logged = page.evaluate("() => window.plaza.log.envelopes.map(e => e.seq)")
    assert logged == [e["seq"] for e in events_of(base, game, token)]


def test_dropped_connection_catches_up_and_says_so(chromium, server) -> None:
    base = server.url
    with table(chromium, base, "tinydraw") as at:
        game, alice, bob, ctx_b = at.game, at.alice, at.bob, at.contexts[1]
        rng = random.Random(3)
        play_clicks([alice, bob], rng, 2)
        for _ in range(20):  # play on until it is Alice's move
            if alice.get_attribute("body", "data-my-turn") == "yes":
                break
            play_clicks([bob], rng, 1)
        assert alice.get_attribute("body", "data-my-turn") == "yes"
        # Bob's network goes away: his socket drops and cannot come back yet
        ctx_b.set_offline(True)
        bob.evaluate("() => window.plaza.conn.drop()")
        bob.wait_for_selector("#conn-banner[data-status=reconnecting]:not([hidden])")
        assert "reconnecting" in bob.locator("#conn").inner_text()
        # meanwhile Alice plays on (Tiny Draw lets her end her turn at any time)
        before = seq(alice)
        play_clicks([alice], rng, 1)
        assert seq(alice) > before
        ctx_b.set_offline(False)
        bob.wait_for_selector("#conn-banner[data-status=reconnected]:not([hidden])", timeout=20_000)
        wait_seq(bob, seq(alice))
        _same_as_server(bob, base, game)
        assert bob.locator("#log li").count() == seq(alice)  # nothing missed, nothing twice
        # and Bob plays on
        assert play_clicks([alice, bob], rng, 3) == 3
        assert bob.errors.errors == []  # type: ignore[attr-defined]


def test_page_survives_a_server_restart(chromium, live_server) -> None:
    base = live_server.url
    with table(chromium, base, "bellavista") as at:
        game, alice, bob = at.game, at.alice, at.bob
        rng = random.Random(5)
        play_clicks([alice, bob], rng, 2)
        live_server.restart()  # kill -9, then the same port and database
        for page in (alice, bob):
            page.wait_for_selector(
                "#conn[data-status=reconnected], #conn-banner[data-status=reconnected]", timeout=30_000)
        assert play_clicks([alice, bob], rng, 3) == 3
        wait_seq(bob, seq(alice))
        _same_as_server(alice, base, game)
        _same_as_server(bob, base, game)
