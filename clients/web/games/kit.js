// Small SVG pieces the board modules share: text, cards, target wrappers, name helpers.

import { h, s } from "../app/dom.js";
import { seatName } from "../app/seats.js";

/** Text centred on (x, y). */
export function label(x, y, text, attrs = {}) {
  return s("text", { x, y, "text-anchor": "middle", "dominant-baseline": "central", "font-size": 12, ...attrs }, text);
}

/** Left-aligned text starting at (x, y). */
export function note(x, y, text, attrs = {}) {
  return s("text", { x, y, "font-size": 12, ...attrs }, text);
}

// -- targets: where a legal command acts on the board -------------------------------------

/**
 * A group that becomes a target for `pattern` when a legal command matches it: its
 * `outline` ({tag, attrs}: an SVG shape, drawn as the `.hit`) is highlighted and it is
 * clickable; otherwise it stays inert. The highlight goes under the children, or `over` them.
 */
export function spotShape(ctx, pattern, labelText, outline, children = [], { over = false } = {}) {
  const g = s("g", { class: "spot" }, children);
  if (ctx.can(pattern)) {
    const glow = s(outline.tag, { ...outline.attrs, class: "glow" });
    if (over) g.append(glow);
    else g.prepend(glow);
  }
  g.append(s(outline.tag, { ...outline.attrs, class: "hit", fill: "transparent", stroke: "none" }));
  return ctx.target(g, pattern, labelText);
}

/** A rectangular target: `spotShape` with the rect (x, y, w, hgt, rx) as its outline. */
export function spot(ctx, pattern, labelText, x, y, w, hgt, children = [], rx = 4, options = {}) {
  return spotShape(ctx, pattern, labelText, { tag: "rect", attrs: { x, y, width: w, height: hgt, rx } }, children, options);
}

/**
 * One place where commands of several `types` act (a street space: build a Street there, or
 * move the Tram there): a target for the one type the legal commands with `fields` have, or for
 * the fields alone when several types share it, so a click first narrows the choice. `text`
 * gets the types found. Without any, the children stay as they are.
 */
export function sharedSpot(ctx, types, fields, text, outline, children, options = {}) {
  const here = ctx.legal.filter((c) => types.includes(c.type) && Object.keys(fields).every((k) => c[k] === fields[k]));
  const kinds = [...new Set(here.map((c) => c.type))];
  if (!kinds.length) return children;
  const pattern = kinds.length === 1 ? { type: kinds[0], ...fields } : { ...fields };
  return spotShape(ctx, pattern, text(kinds), outline, children, options);
}

/** A card shape with a big number or word. */
export function card(x, y, w, hgt, text, { fill = "#fffdf6", stroke = "#555", ink = "#222", size = 18, sub } = {}) {
  return s("g", {},
    s("rect", { x, y, width: w, height: hgt, rx: 5, fill, stroke, "stroke-width": 1.5 }),
    label(x + w / 2, y + hgt / 2 - (sub ? 6 : 0), text, { "font-size": size, "font-weight": 700, fill: ink }),
    sub ? label(x + w / 2, y + hgt / 2 + 12, sub, { "font-size": 10, fill: ink }) : null);
}

/** An SVG canvas that scales to its box. */
export function canvas(width, height, title, ...children) {
  return s("svg", { class: "board-svg", viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": title,
    preserveAspectRatio: "xMidYMin meet" }, children);
}

/** An SVG canvas drawn at its natural size (shrinking on narrow screens). */
export function panel(width, height, title, ...children) {
  const svg = canvas(width, height, title, ...children);
  svg.setAttribute("width", width);
  svg.setAttribute("height", height);
  svg.style.width = `${width}px`; // natural size; the sheet's max-width may still shrink it
  svg.classList.add("natural");
  return svg;
}

/** The name of a seat for the log ("Alice", or "Seat 2"). */
export function who(ctx, seat) {
  if (seat === null || seat === undefined) return "The table";
  return seatName(ctx && ctx.names, seat);
}

/** A row of HTML buttons as targets (for choices that have no place on the board). */
export function choiceButtons(ctx, items) {
  return h("div", { class: "choices" }, items.map(([pattern, text, extra]) =>
    ctx.can(pattern) ? ctx.target(h("button", { type: "button", class: "choice" }, extra || null, text), pattern, text) : null));
}

export function list(items, conj = "and") {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} ${conj} ${items[items.length - 1]}`;
}
