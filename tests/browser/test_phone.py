"""Each game's page on a phone (390 x 844): the page never scrolls sideways, the board's
panel does not either (a wide drawing scrolls in a box of its own inside it), nothing is
clipped unseen, and the game's main drawing fits the panel's width whole. A screenshot of
each is saved."""

from __future__ import annotations

import pytest

from tests.browser.helpers import PHONE, create_game, open_page, wait_started

pytestmark = pytest.mark.browser

KINDS = ["bellavista", "villa", "carrara", "barcelona"]

# Measures in one go, so a bot's move re-rendering the board cannot fall between two reads.
# Only HTML boxes and outermost SVGs are checked: an SVG clips its own drawing by design.
MEASURE = """() => {
  const board = document.querySelector('#board');
  const ox = (el) => getComputedStyle(el).overflowX;
  const name = (el) => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
    [...el.classList].map((c) => '.' + c).join('');
  const inner = (el) => {
    const r = el.getBoundingClientRect();
    return { left: r.left + el.clientLeft, right: r.left + el.clientLeft + el.clientWidth };
  };
  const clipped = [];
  for (const el of board.querySelectorAll('*')) {
    if (el.parentElement.closest('svg')) continue;
    const r = el.getBoundingClientRect();
    if (!r.width) continue;
    let box = el.parentElement;
    while (box !== board && ox(box) === 'visible') box = box.parentElement;
    if (ox(box) === 'auto' || ox(box) === 'scroll') continue;  // it scrolls into view
    const edge = inner(box);
    if (r.right > edge.right + 1 || r.left < edge.left - 1) clipped.push(name(el) + ' in ' + name(box));
  }
  const main = board.querySelector('.board-main > svg, .bc-main > svg');
  let scroller = main.parentElement;
  while (scroller !== board && !['auto', 'scroll'].includes(ox(scroller))) scroller = scroller.parentElement;
  const m = main.getBoundingClientRect();
  const edge = inner(scroller);
  return {
    innerWidth: window.innerWidth,
    pageWidth: document.documentElement.scrollWidth,
    boardRight: board.getBoundingClientRect().right,
    boardScroll: [board.scrollWidth, board.clientWidth],
    clipped: clipped.slice(0, 10),
    main: { name: name(main), left: m.left, right: m.right, width: m.width },
    mainBox: { name: name(scroller), left: edge.left, right: edge.right },
  };
}"""


@pytest.mark.parametrize("kind", KINDS)
def test_board_fits_a_phone(chromium, server, screenshots, kind) -> None:
    context = chromium.new_context(viewport=PHONE, is_mobile=True, has_touch=True)  # type: ignore[attr-defined]
    try:
        page = open_page(context)
        create_game(page, server.url, kind, "Alice", bots=True)
        wait_started(page)
        page.wait_for_selector("#board .board-main > svg, #board .bc-main > svg")
        page.wait_for_function("() => document.body.dataset.busy === 'no'")
        got = page.evaluate(MEASURE)

        # a mobile browser may widen its layout viewport to fit wide content: it must not
        assert got["innerWidth"] == PHONE["width"], got
        assert got["pageWidth"] <= got["innerWidth"], got
        assert got["boardRight"] <= got["innerWidth"], got
        board_scroll, board_width = got["boardScroll"]
        assert board_scroll <= board_width, f"the board's panel scrolls sideways: {got}"
        assert got["clipped"] == [], got
        main, box = got["main"], got["mainBox"]
        assert box["left"] - 1 <= main["left"] and main["right"] <= box["right"] + 1, \
            f"{main['name']} is cut off by {box['name']}: {got}"

        page.screenshot(path=str(screenshots / f"{kind}-phone.png"), full_page=True)
        assert page.errors.errors == []  # type: ignore[attr-defined]
    finally:
        context.close()
