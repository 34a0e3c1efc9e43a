"""Bots from the browser: the lobby's "Bots take the other seats" and the waiting
page's "Fill with bots" start a game that a person plays against the server's bots."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from tests.browser.helpers import create_game, events_of, new_player, play_clicks, seq, wait_started
from tests.support.live import LiveServer

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    live = LiveServer(tmp_path_factory.mktemp("bots") / "plaza.db",
                      extra_env={"PLAZA_BOT_DELAY": "0.1"}).start()
    yield live
    live.stop()


def test_a_game_created_with_bots_starts_and_the_bots_answer(chromium, server) -> None:
    ctx, alice = new_player(chromium)
    try:
        game = create_game(alice, server.url, "tinydraw", "Alice", seats=3, bots=True)
        wait_started(alice)
        assert "Bot 2" in alice.locator("#players").inner_text()
        play_clicks([alice], random.Random(4), 6)
        actors = {e["actor"] for e in events_of(server.url, game)}
        assert {0, 1, 2} <= actors  # Alice and both bots moved
        # the page shows the bots' moves as they come, in the log
        alice.wait_for_function(f"() => Number(document.body.dataset.seq) >= {seq(alice)}")
        assert alice.locator("#log li").count() == seq(alice)
        assert alice.errors.errors == []  # type: ignore[attr-defined]
    finally:
        ctx.close()


def test_the_waiting_page_fills_the_open_seats_with_bots(chromium, server) -> None:
    ctx, alice = new_player(chromium)
    try:
        create_game(alice, server.url, "villa", "Alice", seats=2)
        alice.wait_for_selector("body[data-status=waiting]")
        alice.click("button.fill-bots")
        wait_started(alice)
        assert "Bot 2" in alice.locator("#players").inner_text()
        assert alice.errors.errors == []  # type: ignore[attr-defined]
    finally:
        ctx.close()
