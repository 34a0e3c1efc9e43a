"""Bots from the browser: the lobby's "Bots take the other seats" and the waiting
page's "Fill with bots" start a game that a person plays against the server's bots."""

from __future__ import annotations

import random
from collections.abc import Iterator

import httpx
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
        game = create_game(alice, server.url, "villa", "Alice", seats=2)
        alice.wait_for_selector("body[data-status=waiting]")
        # a browser holding no token of the game is not offered the bots (the server refuses it)
        ctx_b, bob = new_player(chromium)
        bob.goto(f"{server.url}/games/{game}")
        bob.wait_for_selector("#join-form")
        assert bob.locator("button.fill-bots").count() == 0
        assert "null" not in bob.locator("#board").inner_text()
        ctx_b.close()
        alice.click("button.fill-bots")
        wait_started(alice)
        assert "Bot 2" in alice.locator("#players").inner_text()
        assert alice.errors.errors == []  # type: ignore[attr-defined]
    finally:
        ctx.close()


def test_the_lobby_marks_practice_games_and_bots_need_a_token(chromium, server) -> None:
    made = httpx.post(f"{server.url}/api/games", json={"kind": "tinydraw", "seats": 2, "seed": 9})
    game, creator = made.json()["game_id"], made.json()["creator_token"]
    ctx, carol = new_player(chromium)
    try:
        carol.goto(server.url + "/")
        item = carol.locator(f"#games-waiting li[data-game='{game}']")
        item.wait_for()
        assert "practice · known seed" in item.inner_text()
        assert item.locator("button.fill-bots").count() == 0  # no token of this game here
        # the browser that created a game remembers its creator token, which may call bots in
        carol.evaluate("([g, t]) => localStorage.setItem(`plaza.creator.${g}`, JSON.stringify(t))",
                       [game, creator])
        carol.reload()
        item.locator("button.fill-bots").click()
        carol.wait_for_selector(f"#games-active li[data-game='{game}'], "
                                f"#games-finished li[data-game='{game}']")
        carol.goto(f"{server.url}/games/{game}")
        assert carol.locator(".topbar .practice-tag").inner_text() == "practice · known seed"
        assert carol.errors.errors == []  # type: ignore[attr-defined]
    finally:
        ctx.close()
