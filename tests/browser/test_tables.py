"""Tables in the browser, against a real server: each seat's clock ticks on the page (the
running one only, whatever the browser's own clock says), a player who leaves sees the bot
that plays for them until they take their seat back, and at the end a rematch takes the page
to the new game, seated; a rematch another player asked for first is offered to join."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page

from clients.client import PlazaClient
from server import protocol as p
from tests.browser.helpers import new_player, token_of, wait_started
from tests.support.live import LiveServer

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    live = LiveServer(tmp_path_factory.mktemp("tables") / "plaza.db",
                      extra_env={"PLAZA_BOT_DELAY": "0.1", "PLAZA_BOT_BUDGET": "0.2"}).start()
    yield live
    live.stop()


def create_at_table(page: Page, base: str, name: str, *, seats: int = 2, rounds: int = 3, clock: str = "",
                    leave_after: str = "", bots: dict[int, str] | None = None) -> str:
    """Create a Tiny Draw from the lobby form with the table's choices, and join it;
    the game id."""
    page.goto(base + "/")
    page.fill("#player-name", name)
    page.select_option("#kind", "tinydraw")
    page.select_option("#seats", str(seats))
    page.fill("#options [name='rounds']", str(rounds))
    page.select_option("#clock", clock)
    page.fill("#leave-after", leave_after)
    page.set_checked("#with-bots", bool(bots))
    for seat, level in (bots or {}).items():
        page.select_option(f"#bot-seats select[data-seat='{seat}']", level)
    page.click("#create")
    page.wait_for_url("**/games/*")
    return page.url.rsplit("/", 1)[1].split("#")[0]


def shown(page: Page, seat: int) -> tuple[str, int]:
    """A seat's clock as shown: its text and the milliseconds it stands for."""
    node = page.locator(f"#players .clock[data-seat='{seat}']")
    return node.inner_text(), int(node.get_attribute("data-ms") or -1)


def info(base: str, game: str) -> dict[str, Any]:
    return dict(httpx.get(f"{base}/api/games/{game}").json())


def test_the_running_seats_clock_ticks_and_the_waiting_seats_does_not(chromium, server) -> None:
    ctx, alice = new_player(chromium)
    # the browser's own clock is an hour behind the server's: the page must not care
    ctx.add_init_script("(() => { const real = Date.now; Date.now = () => real() - 3600000; })()")
    try:
        game = create_at_table(alice, server.url, "Alice", clock="fast", leave_after="60")
        httpx.post(f"{server.url}/api/games/{game}/join", json={"name": "Bob"}).raise_for_status()
        wait_started(alice)
        alice.wait_for_selector("#players .clock[data-seat='1']")
        first = shown(alice, 0), shown(alice, 1)
        time.sleep(1.5)
        later = shown(alice, 0), shown(alice, 1)
        assert 170_000 < later[0][1] <= first[0][1] - 1200 < 180_000, (first, later)  # ticking
        assert later[0][0] != first[0][0]
        assert later[1] == first[1] == ("3:00", 180_000)  # Bob is not to move: his clock waits
        running = alice.locator("#players .clock.running")
        assert running.count() == 1 and running.get_attribute("data-seat") == "0"
        assert "clock fast (3 min + 10 s)" in alice.locator("#players .table-info").inner_text()
        alice.goto(server.url + "/")
        item = alice.locator(f"#games-active li[data-game='{game}']")
        item.wait_for()
        assert "clock fast (3 min + 10 s) · out of time: bot" in item.inner_text()
        assert "away 60 s" in item.inner_text()
        assert alice.errors.errors == []  # type: ignore[attr-defined]
    finally:
        ctx.close()


def test_a_clock_running_low_is_marked(chromium, server) -> None:
    made = httpx.post(f"{server.url}/api/games", json={
        "kind": "tinydraw", "seats": 2, "table": {"clock": {"bank_ms": 25_000}, "on_expiry": "abandon"}})
    game = made.json()["game_id"]
    tokens = [httpx.post(f"{server.url}/api/games/{game}/join", json={"name": name}).json()["token"]
              for name in ("Alice", "Bob")]
    ctx, alice = new_player(chromium)
    try:
        alice.goto(f"{server.url}/games/{game}#token={tokens[0]}")
        wait_started(alice)
        low = alice.locator("#players .clock.running.low")
        low.wait_for()
        assert low.get_attribute("data-seat") == "0" and low.inner_text().startswith("0:2")
        assert alice.locator("#players .clock.low").count() == 1  # a waiting clock is not marked
        assert alice.errors.errors == []  # type: ignore[attr-defined]
    finally:
        ctx.close()


def test_the_lobby_makes_a_clock_of_ones_own_and_says_what_is_wrong_with_one(chromium,
                                                                           server) -> None:
    ctx, page = new_player(chromium)
    try:
        page.goto(server.url + "/")
        page.fill("#player-name", "Alice")
        page.select_option("#kind", "tinydraw")
        assert page.locator("#custom-clock").is_hidden()
        page.select_option("#clock", "custom")
        page.fill("#clock-bank", "2")
        page.fill("#clock-per-move", "30")  # a bank and a time per turn: the server refuses
        page.click("#create")
        page.wait_for_selector("#message:has-text('bank_ms')")
        page.fill("#clock-per-move", "")
        page.fill("#clock-increment", "5")
        page.click("#create")
        page.wait_for_url("**/games/*")
        game = page.url.rsplit("/", 1)[1].split("#")[0]
        assert info(server.url, game)["table"]["clock"] == {"bank_ms": 120_000, "increment_ms": 5_000}
        assert page.errors.errors == []  # type: ignore[attr-defined]
    finally:
        ctx.close()


def test_leaving_shows_the_bot_until_the_seat_is_taken_back(chromium, server) -> None:
    ctx, alice = new_player(chromium)
    try:
        game = create_at_table(alice, server.url, "Alice")
        httpx.post(f"{server.url}/api/games/{game}/join", json={"name": "Bob"}).raise_for_status()
        wait_started(alice)
        assert alice.locator(".bot-notice").count() == 0
        alice.click("#leave")
        notice = alice.locator("#table-notices .bot-notice[data-seat='0']")
        notice.wait_for()
        assert "You left the game: a greedy bot plays for you" in notice.inner_text()
        assert alice.locator("#players li[data-seat='0'] .bot-badge").inner_text() == "greedy bot"
        assert "A bot plays for you" in alice.inner_text("#status")
        alice.wait_for_function("() => [...document.querySelectorAll('#log li')]"
                                ".some((li) => li.textContent.includes('Alice left the game'))")
        alice.click("#reclaim")
        alice.wait_for_selector("#leave")
        assert alice.locator(".bot-notice, #players .bot-badge").count() == 0
        assert "Alice is back and plays again." in alice.locator("#log").inner_text()
        types = [e["type"] for e in httpx.get(f"{server.url}/api/games/{game}/events").json()["events"]]
        assert types.index("SeatTakenOver") < types.index("SeatReclaimed")
        assert alice.errors.errors == []  # type: ignore[attr-defined]
    finally:
        ctx.close()


def test_a_rematch_takes_the_page_to_the_new_game_seated(chromium, server) -> None:
    ctx, alice = new_player(chromium)
    try:
        started = time.monotonic()
        game = create_at_table(alice, server.url, "Alice", rounds=1, clock="normal", bots={1: "greedy"})
        assert info(server.url, game)["bots"] == {"1": "greedy"}
        wait_started(alice)
        alice.click("#leave")  # the bots finish the game
        alice.wait_for_selector("body[data-status=finished]")
        assert "a greedy bot plays for you." in alice.locator("#table-notices").inner_text()
        alice.click("#rematch")
        alice.wait_for_url(lambda url: game not in url)
        rematch = alice.url.rsplit("/", 1)[1]
        wait_started(alice)
        assert alice.get_attribute("body", "data-seat") == "1"  # seats rotated: Alice is second
        new = info(server.url, rematch)
        assert new["seats"] == ["Bot 1", "Alice"] and new["bots"] == {"0": "greedy"}
        assert new["table"]["clock"] == {"bank_ms": 600_000, "increment_ms": 30_000}
        assert token_of(alice, rematch)[0] == 1
        # back at the finished game, the page leads to the rematch it holds a seat in
        alice.goto(f"{server.url}/games/{game}")
        assert alice.locator("#rematch-link").get_attribute("href") == f"/games/{rematch}"
        assert alice.errors.errors == []  # type: ignore[attr-defined]
        assert time.monotonic() - started < 25
    finally:
        ctx.close()


async def _leave(url: str, game: str, token: str) -> None:
    async with PlazaClient(url) as client, client.connect(game, token) as conn:
        answer = await conn.leave()
        assert isinstance(answer, p.Accepted), answer


def test_a_rematch_asked_for_by_another_player_is_offered_to_join(chromium, server) -> None:
    ctx, alice = new_player(chromium)
    try:
        game = create_at_table(alice, server.url, "Alice", rounds=1)
        bob = httpx.post(f"{server.url}/api/games/{game}/join", json={"name": "Bob"}).json()["token"]
        wait_started(alice)
        with ThreadPoolExecutor(1) as pool:  # Bob leaves through the client library
            pool.submit(asyncio.run, _leave(server.url, game, bob)).result(timeout=15)
        alice.click("#leave")
        alice.wait_for_selector("body[data-status=finished]")
        assert alice.inner_text("#rematch") == "Rematch"
        asked = httpx.post(f"{server.url}/api/games/{game}/rematch",
                           headers={"authorization": f"Bearer {bob}"})
        assert asked.status_code == 201 and asked.json()["seat"] == 0
        alice.wait_for_function(
            "() => document.querySelector('#rematch')?.textContent === 'Rematch offered: join'")
        assert "A rematch was offered." in alice.inner_text("#table-notices")
        alice.click("#rematch")
        alice.wait_for_url(f"**/games/{asked.json()['game_id']}")
        wait_started(alice)
        assert alice.get_attribute("body", "data-seat") == "1"
        assert info(server.url, asked.json()["game_id"])["seats"] == ["Bob", "Alice"]
        assert alice.errors.errors == []  # type: ignore[attr-defined]
    finally:
        ctx.close()


def test_the_waiting_page_seats_a_bot_of_a_chosen_level_in_one_seat_or_all(chromium, server) -> None:
    ctx, alice = new_player(chromium)
    try:
        game = create_at_table(alice, server.url, "Alice", seats=3)
        alice.wait_for_selector("body[data-status=waiting]")
        alice.select_option("#bot-level", "search")
        alice.click("button.seat-bot[data-seat='2']")
        alice.wait_for_function("() => window.plaza.meta.names[2] === 'Bot 3'")
        assert info(server.url, game)["bots"] == {"2": "search"}
        assert alice.locator("#bot-level").input_value() == "search"  # kept across redraws
        alice.select_option("#bot-level", "greedy")
        alice.click("button.fill-bots")
        wait_started(alice)
        assert info(server.url, game)["bots"] == {"1": "greedy", "2": "search"}
        alice.goto(server.url + "/")
        item = alice.locator(f"li[data-game='{game}']")
        item.wait_for()
        assert "bots: Bot 2 greedy, Bot 3 search" in item.inner_text()
        assert alice.errors.errors == []  # type: ignore[attr-defined]
    finally:
        ctx.close()
