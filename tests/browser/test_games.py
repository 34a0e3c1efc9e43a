"""Each game through the browser: two players start it from the lobby and play by clicking
highlighted targets; a spectator follows every move without a secret; the replay page
steps back and forward; undo and fork work. A screenshot of each board is saved."""

from __future__ import annotations

import random

import pytest

from tests.browser.helpers import (
    PHONE,
    events_of,
    narrowing_target,
    open_page,
    play_clicks,
    seek,
    seq,
    server_state,
    settle,
    table,
    token_of,
    wait_seq,
    wait_started,
)

pytestmark = pytest.mark.browser

KINDS = ["bellavista", "villa", "carrara", "barcelona"]


def _strip(envelopes):
    return [(e["seq"], e["type"], e["data"]) for e in envelopes]


@pytest.mark.parametrize("kind", KINDS)
def test_play_spectate_replay_undo_fork(chromium, server, screenshots, kind) -> None:
    base = server.url
    with table(chromium, base, kind, bob_viewport=PHONE, spectator=True) as at:
        game, alice, bob, spectator = at.game, at.alice, at.bob, at.spectator
        ctx_a, ctx_b = at.contexts[0], at.contexts[1]
        assert spectator.get_attribute("body", "data-seat") == "spectator"
        assert spectator.locator(".target").count() == 0  # a spectator can click nothing

        rng = random.Random(7)
        sent = play_clicks([alice, bob], rng, 6)
        assert sent == 6
        players = {alice: token_of(alice, game), bob: token_of(bob, game)}

        # every page holds exactly what the server shows its audience, so no secret of another
        now = seq(alice)
        wait_seq(bob, now)
        wait_seq(spectator, now)
        assert spectator.evaluate("() => window.plaza.view") == server_state(base, game)["view"]
        assert _strip(spectator.evaluate("() => window.plaza.log.envelopes")) == _strip(events_of(base, game))
        assert spectator.locator("#log li").count() == now
        for page, (seat, token) in players.items():
            assert page.evaluate("() => window.plaza.view") == server_state(base, game, token)["view"]
            assert page.evaluate("() => window.plaza.seat") == seat
        if kind == "bellavista":
            assert spectator.locator(".bv-hand").count() == 0
            assert alice.locator(".bv-hand").count() == 1
        if kind == "carrara":
            screens = spectator.locator(".cr-screen").all_inner_texts()
            assert screens and all("behind the screen" in t for t in screens)
        if kind == "barcelona":
            # hands and the lower Citizen of a stack: each player sees their own alone
            assert spectator.locator(".bc-hand-citizen, .bc-bottom").count() == 0
            for page, (seat, token) in players.items():
                mine = server_state(base, game, token)["view"]
                hand = mine["players"][seat]["hand"]
                assert page.locator(".bc-hand-citizen").count() == len(hand)
                own = [x for x in mine["crossings"] if x["bottom"] is not None]
                assert page.locator(".bc-bottom").count() == len(own)

        alice.locator("#board").screenshot(path=str(screenshots / f"{kind}-midgame.png"))
        bob.screenshot(path=str(screenshots / f"{kind}-midgame-phone.png"), full_page=True)

        # a first click on a target that several moves share only selects it; cancel drops it
        cancelled = False
        for _ in range(15):
            mover = alice if alice.get_attribute("body", "data-my-turn") == "yes" else bob
            settle(mover)
            index = narrowing_target(mover)
            if index is None:
                play_clicks([alice, bob], rng, 1)
                continue
            before = seq(mover)
            node = mover.locator(".target").nth(index)
            hit = node.locator(".hit")
            (hit.first if hit.count() else node).click()
            mover.wait_for_selector(".target.selected")
            assert seq(mover) == before
            mover.click("#cancel")
            mover.wait_for_selector("#cancel[disabled]")
            assert mover.locator(".selected").count() == 0
            cancelled = True
            break
        assert cancelled, "no target shared by several moves came up"
        # undo: play on until the mover's own step can be taken back, then take it back
        undone = False
        for _ in range(40):
            page = next((p for p in (alice, bob) if p.locator("#undo:not([disabled])").count()), None)
            if page is not None:
                seat, token = players[page]
                before = seq(page)
                page.click("#undo")
                wait_seq(page, before + 1)
                settle(page)
                assert page.locator("#message").inner_text() == ""
                assert page.locator("#log li.rewound-marker").count() >= 1
                assert page.evaluate("() => window.plaza.view") == server_state(base, game, token)["view"]
                undone = True
                break
            play_clicks([alice, bob], rng, 1)
        if kind in ("bellavista", "carrara", "barcelona"):
            assert undone, "no undoable step came up"

        # replay: back and forward, each step as the server has it for this seat
        end = seq(alice)
        replay = open_page(ctx_a)
        replay.goto(f"{base}/games/{game}/replay")
        replay.wait_for_selector(f"body[data-shown='{end}']")
        seat, token = players[alice]
        replay.click("#back")
        replay.click("#back")
        replay.wait_for_selector(f"body[data-shown='{end - 2}']")
        assert replay.evaluate("() => window.plaza.state") == server_state(base, game, token, at=end - 2)
        replay.click("#forward")
        replay.wait_for_selector(f"body[data-shown='{end - 1}']")
        seek(replay, 5)
        assert replay.evaluate("() => window.plaza.state") == server_state(base, game, token, at=5)
        assert replay.locator("#log li.current").get_attribute("data-seq") == "5"
        replay.select_option("#viewer", "")  # the spectators' view
        replay.wait_for_function(
            "() => window.plaza.viewer === null && Number(document.body.dataset.shown) === 5")
        replay.wait_for_function("() => window.plaza.state && window.plaza.request > 0")
        replay.screenshot(path=str(screenshots / f"{kind}-replay.png"), full_page=True)

        # fork from the step shown: a new waiting game whose start is that step; the game is
        # unfinished, so only its seats may fork it, and Alice holds her own seat in the fork
        fork_at = end - 1
        seek(replay, fork_at)
        replay.click("#fork")
        replay.wait_for_url("**/games/*")
        fork = replay.url.rsplit("/", 1)[1]
        assert fork != game
        replay.wait_for_selector(f"body[data-seat='{players[alice][0]}']")
        # Bob's browser joins with his seat's token in the source game: his own seat
        dave = open_page(ctx_b)
        dave.goto(f"{base}/games/{fork}")
        dave.wait_for_selector("#join-form")
        assert dave.locator("#message").inner_text() == ""
        dave.fill("#join-form input[name=name]", "Dave")
        dave.click("#join-form button[type=submit]")
        wait_started(replay, dave)
        assert dave.get_attribute("body", "data-seat") == str(players[bob][0])
        _, fork_token = token_of(replay, fork)
        fork_view = server_state(base, fork, fork_token)["view"]
        assert fork_view == server_state(base, game, players[alice][1], at=fork_at)["view"]
        # and the fork plays on
        assert play_clicks([replay, dave], rng, 2) == 2
        for page in (alice, bob, spectator, replay, dave):
            assert page.errors.errors == []  # type: ignore[attr-defined]
