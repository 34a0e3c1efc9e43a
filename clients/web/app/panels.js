// Pieces shared by the pages: the players panel, the board context, the practice mark.

import { h } from "./dom.js";
import { chip, COLOUR_NAMES, shapeName } from "./seats.js";

/** The players list: colour and shape, name, score, who is to move; `extra(seat)`: more of a
 * seat's line (its clock, the bot playing it); `footer`: a node under the list. */
export function playersPanel({ seats, names, active, seat, scores, over, extra, footer }) {
  const list = h("ul", { class: "players" });
  for (let s = 0; s < seats; s++) {
    const isActive = active.includes(s) && !over;
    list.append(h("li", { class: ["player", isActive && "active", s === seat && "me"], "data-seat": s },
      chip(s, 18),
      h("span", { class: "name" }, names[s] || h("em", {}, "open seat")),
      s === seat ? h("span", { class: "you" }, " (you)") : null,
      h("span", { class: "colour-name" }, ` ${COLOUR_NAMES[s % COLOUR_NAMES.length]} ${shapeName(s)}`),
      scores ? h("span", { class: "score", title: "score" }, scores[s]) : null,
      isActive ? h("span", { class: "turn-mark", title: "to move" }, "◀ to move") : null,
      extra ? extra(s) : null));
  }
  return [h("h2", {}, "Players"), list, footer || null];
}

/** What a board's render(ctx) receives. `picker` decides what is clickable. */
export function boardContext({ view, legal, seat, active, outcome, names, seats, picker }) {
  return {
    view,
    legal,
    candidates: picker.candidates(),
    selection: picker.selection,
    seat,
    active,
    outcome,
    names,
    seats,
    interactive: picker.enabled,
    target: (node, pattern, label) => picker.target(node, pattern, label),
    can: (pattern) => picker.can(pattern),
    selected: (pattern) => picker.isSelected(pattern),
  };
}

/** Draw the board, falling back to the raw view when a board module fails. */
export function drawBoard(board, ctx) {
  try {
    return board.render(ctx);
  } catch (err) {
    console.error("board render failed; the raw view is shown", err, err && err.stack);
    return h("pre", { class: "raw-view" }, JSON.stringify(ctx.view, null, 1));
  }
}

// The sheet has no rule for it yet (plaza.css is being reworked); an inline style is allowed by
// the page's Content-Security-Policy (style-src 'unsafe-inline').
const PRACTICE_STYLE = "background:#ffe6b3;color:#5a3a00;border-radius:1rem;padding:.05rem .5rem;font-size:.8rem;font-weight:600;white-space:nowrap";

/** The mark of a practice game, or null: its creator chose the seed, so knows every draw. */
export function practiceTag(game) {
  if (!game || !game.practice) return null;
  return h("span", {
    class: "practice-tag", style: PRACTICE_STYLE,
    title: "Practice game: its creator chose the seed, so the draws are predictable to them.",
  }, "practice · known seed");
}
