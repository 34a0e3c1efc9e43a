"""A whole game of each kind, played to the end through the pages by a script that clicks
only highlighted targets, ends with the server's outcome shown on every page."""

from __future__ import annotations

import json

import pytest

from tests.browser.helpers import (
    autoplay_result,
    server_state,
    start_autoplay,
    table,
)

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("kind", ["bellavista", "villa", "carrara", "barcelona"])
def test_full_game_by_clicking_targets(chromium, server, screenshots, kind) -> None:
    base = server.url
    with table(chromium, base, kind, spectator=True) as at:
        game, alice, bob, spectator = at.game, at.alice, at.bob, at.spectator
        start_autoplay(alice, 11)
        start_autoplay(bob, 23)
        results = [autoplay_result(alice), autoplay_result(bob)]
        assert all(r["done"] for r in results), results
        outcome = server_state(base, game)["outcome"]
        assert outcome is not None
        for page in (alice, bob, spectator):
            page.wait_for_selector("body[data-status=finished] .outcome", timeout=20_000)
            shown = page.locator(".outcome")
            assert json.loads(shown.get_attribute("data-scores") or "null") == outcome["scores"]
            assert json.loads(shown.get_attribute("data-winners") or "null") == outcome["winners"]
            rows = page.locator(".outcome table.result").first.locator("tbody tr")
            assert rows.count() == len(outcome["scores"])
            assert page.locator(".target").count() == 0  # nothing left to click
            assert page.errors.errors == []  # type: ignore[attr-defined]
        alice.screenshot(path=str(screenshots / f"{kind}-finished.png"), full_page=True)
        # the replay of the finished game ends on the same result and starts from nothing
        end = server_state(base, game)["seq"]
        spectator.goto(f"{base}/games/{game}/replay")
        spectator.wait_for_selector(f"body[data-shown='{end}'] .outcome")
        replayed = spectator.locator(".outcome").get_attribute("data-scores") or "null"
        assert json.loads(replayed) == outcome["scores"]
        spectator.click("#first")
        spectator.wait_for_selector("body[data-shown='0']")
        assert spectator.locator(".outcome").count() == 0
