"""Driving the web client like a person: the lobby, clicking highlighted targets, waiting."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx
from playwright.sync_api import Browser, BrowserContext, Page

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 860}


class PageErrors:
    """Collects uncaught errors of a page so a test can assert there were none."""

    def __init__(self, page: Page) -> None:
        self.errors: list[str] = []
        page.on("pageerror", lambda exc: self.errors.append(str(exc)))


def open_page(context: BrowserContext) -> Page:
    """A new tab that records its uncaught errors in `page.errors.errors`."""
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.errors = PageErrors(page)  # type: ignore[attr-defined]
    return page


def new_player(browser: Browser, viewport: dict[str, int] | None = None) -> tuple[BrowserContext, Page]:
    """A browser of its own (its own storage, so its own seat tokens) and one tab."""
    context = browser.new_context(viewport=viewport or LAPTOP)
    return context, open_page(context)


def create_game(page: Page, base: str, kind: str, name: str, seats: int = 2,
                options: dict[str, Any] | None = None, bots: bool = False) -> str:
    """Create a game from the lobby form and join it (bots in the other seats if asked);
    returns the game id."""
    page.goto(base + "/")
    page.fill("#player-name", name)
    page.select_option("#kind", kind)
    page.select_option("#seats", str(seats))
    for field, value in (options or {}).items():
        target = page.locator(f"#options [name='{field}']")
        if isinstance(value, bool):
            target.set_checked(value)
        else:
            target.select_option(json.dumps(value))
    page.set_checked("#with-bots", bots)
    page.click("#create")
    page.wait_for_url("**/games/*")
    return page.url.rsplit("/", 1)[1].split("#")[0]


def join_game(page: Page, base: str, game_id: str, name: str) -> None:
    """Join a waiting game from the lobby list."""
    page.goto(base + "/")
    page.fill("#player-name", name)
    page.click(f"li[data-game='{game_id}'] button.join")
    page.wait_for_url(f"**/games/{game_id}")


def wait_started(*pages: Page) -> None:
    for page in pages:
        page.wait_for_selector("body[data-status=active], body[data-status=finished]")


def seq(page: Page) -> int:
    return int(page.get_attribute("body", "data-seq") or 0)


def targets(page: Page) -> list[dict[str, Any]]:
    """The patterns of every highlighted (clickable) target on the page."""
    raw = page.eval_on_selector_all(".target", "nodes => nodes.map(n => n.dataset.pattern)")
    return [json.loads(p) for p in raw if p]


def settle(page: Page) -> None:
    page.wait_for_function("() => document.body.dataset.busy === 'no'")


def click_target(page: Page, rng: random.Random, prefer: str | None = None) -> dict[str, Any]:
    """Click one highlighted target (chosen by `rng`), as a person would; returns its pattern."""
    settle(page)
    nodes = page.locator(".target")
    count = nodes.count()
    assert count > 0, "no highlighted target to click"
    indices = list(range(count))
    if prefer:
        preferred = [i for i in indices if json.loads(nodes.nth(i).get_attribute("data-pattern") or "{}")
                     .get("type") == prefer]
        indices = preferred or indices
    index = rng.choice(indices)
    node = nodes.nth(index)
    pattern = json.loads(node.get_attribute("data-pattern") or "{}")
    before = page.evaluate("() => window.plaza.draws")
    # click where the target shows its outline (an area's first space, a city's header)
    hit = node.locator(".hit")
    where = node if "hit" in (node.get_attribute("class") or "").split() or hit.count() == 0 else hit.first
    where.scroll_into_view_if_needed()
    where.click()
    page.wait_for_function(
        "(before) => window.plaza.draws > before && document.body.dataset.busy === 'no'", arg=before)
    return pattern


def mover(pages: list[Page]) -> Page | None:
    for page in pages:
        if page.get_attribute("body", "data-my-turn") == "yes" and page.locator(".target").count():
            return page
    return None


def play_clicks(pages: list[Page], rng: random.Random, moves: int) -> int:
    """Click highlighted targets on whichever page may move until `moves` commands were sent."""
    sent = 0
    idle = 0
    while sent < moves:
        page = mover(pages)
        if page is None:
            if all(p.get_attribute("body", "data-status") == "finished" for p in pages):
                break
            idle += 1
            assert idle < 100, "none of these pages can move"
            pages[0].wait_for_timeout(50)
            continue
        idle = 0
        before = seq(page)
        click_target(page, rng)
        if seq(page) > before:
            sent += 1
    return sent


def server_state(base: str, game_id: str, token: str | None = None, at: int | None = None) -> Any:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    params = {"at": at} if at is not None else {}
    return httpx.get(f"{base}/api/games/{game_id}/state", headers=headers, params=params).json()


def token_of(page: Page, game_id: str) -> tuple[int, str]:
    held = page.evaluate(f"() => JSON.parse(localStorage.getItem('plaza.seats.{game_id}'))")
    seat, value = next(iter(held.items()))
    return int(seat), value["token"]


def events_of(base: str, game_id: str, token: str | None = None) -> list[Any]:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    out: list[Any] = []
    since = 0
    while True:
        answer = httpx.get(f"{base}/api/games/{game_id}/events", headers=headers,
                           params={"since": since, "limit": 1000}).json()
        if not answer["events"]:
            return out
        out += answer["events"]
        since = answer["events"][-1]["seq"]


def wait_seq(page: Page, at_least: int) -> None:
    page.wait_for_function(f"() => Number(document.body.dataset.seq) >= {at_least}")


# An autoplayer that runs inside the page: it clicks a highlighted target (an element with
# the class "target", which the page gives only to what a legal command can act on) chosen
# by a seeded generator, waits for the page to settle, and goes on until the game is over.
AUTOPLAY = """
async ([seed, limit]) => {
  let x = seed >>> 0 || 1;
  const rand = (n) => {
    x ^= x << 13; x >>>= 0; x ^= x >> 17; x ^= x << 5; x >>>= 0;
    return x % n;
  };
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  let clicks = 0;
  while (clicks < limit) {
    const body = document.body.dataset;
    if (body.status === "finished") return { clicks, done: true };
    if (body.busy === "yes" || body.myTurn !== "yes") { await sleep(15); continue; }
    const targets = [...document.querySelectorAll(".target")];
    if (!targets.length) { await sleep(15); continue; }
    const node = targets[rand(targets.length)];
    const before = window.plaza.draws;
    node.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
    clicks += 1;
    const waiting = () => window.plaza.draws === before || document.body.dataset.busy === "yes";
    for (let i = 0; i < 400 && waiting(); i++) await sleep(5);
  }
  return { clicks, done: document.body.dataset.status === "finished" };
}
"""


def start_autoplay(page: Page, seed: int, limit: int = 3000) -> None:
    """Start the in-page autoplayer without waiting for it (the other players must move too)."""
    page.evaluate(f"() => {{ window.autoplayed = null; ({AUTOPLAY})([{seed}, {limit}])"
                  ".then((r) => { window.autoplayed = r; },"
                  " (e) => { window.autoplayed = {error: String(e)}; }); }")


def autoplay_result(page: Page, timeout: float = 150_000) -> Any:
    page.wait_for_function("() => window.autoplayed !== null", timeout=timeout)
    return page.evaluate("() => window.autoplayed")


def seek(page: Page, step: int) -> None:
    """Drag the replay's seek bar to `step` and wait until that step is shown."""
    page.evaluate("(n) => { const s = document.querySelector('#seek'); s.value = n;"
                  " s.dispatchEvent(new Event('input')); }", step)
    page.wait_for_selector(f"body[data-shown='{step}']")


def narrowing_target(page: Page) -> int | None:
    """The index among `.target` of one that several legal commands share (a click only
    narrows the choice), or None."""
    index = page.evaluate("""() => {
      const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
      const legal = window.plaza.legal;
      const nodes = [...document.querySelectorAll('.target')];
      return nodes.findIndex((n) => {
        const p = JSON.parse(n.dataset.pattern || '{}');
        return legal.filter((c) => Object.keys(p).every((k) => same(c[k], p[k]))).length > 1;
      });
    }""")
    return None if index < 0 else int(index)


class Table:
    """Alice and Bob in browsers of their own, seated at one game started from the lobby,
    and (optionally) a spectator in a third browser."""

    def __init__(self, game: str, contexts: list[BrowserContext], pages: list[Page]) -> None:
        self.game = game
        self.contexts = contexts
        self.alice, self.bob = pages[0], pages[1]
        self.spectator = pages[2] if len(pages) > 2 else None


@contextmanager
def table(browser: Browser, base: str, kind: str, bob_viewport: dict[str, int] | None = None,
          spectator: bool = False) -> Iterator[Table]:
    ctx_a, alice = new_player(browser)
    ctx_b, bob = new_player(browser, bob_viewport)
    contexts, pages = [ctx_a, ctx_b], [alice, bob]
    try:
        game = create_game(alice, base, kind, "Alice")
        join_game(bob, base, game, "Bob")
        wait_started(alice, bob)
        if spectator:
            ctx_s, watcher = new_player(browser)
            contexts.append(ctx_s)
            pages.append(watcher)
            watcher.goto(f"{base}/games/{game}")
            wait_started(watcher)
        yield Table(game, contexts, pages)
    finally:
        for context in contexts:
            context.close()
