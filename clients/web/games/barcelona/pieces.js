// Barcelona's small pieces: Citizens, printed benefits, and what several parts of the board
// ask of the view (the seat's own player, a space's name, the Citizen going on top).

import { plural, s } from "../../app/dom.js";
import { label, spot } from "../kit.js";
import { spaceLabel } from "./data.js";
import { BENEFIT, CLS_FILL, CLS_LETTER } from "./names.js";

export function citizen(cls, cx, cy, r, attrs = {}) {
  return s("g", { class: "bc-citizen", "data-class": cls, ...attrs },
    s("circle", { cx, cy, r, fill: CLS_FILL[cls] || "#ccc", stroke: "#333", "stroke-width": 1.2 }),
    label(cx, cy + 0.5, CLS_LETTER[cls] || "?", { "font-size": r * 1.05, "font-weight": 700, fill: "#222" }));
}

export function hiddenCitizen(cx, cy, r) {
  return s("g", { class: "bc-hidden" },
    s("circle", { cx, cy, r, fill: "#777", stroke: "#333", "stroke-width": 1.2 }),
    label(cx, cy + 0.5, "?", { "font-size": r * 1.05, "font-weight": 700, fill: "#fff" }));
}

/** The benefit printed on a street space: a small coloured token with a short text. */
export function benefitMark(kind, cx, cy) {
  const b = BENEFIT[kind];
  const shape = kind === "coin" ? s("circle", { cx, cy, r: 7, fill: b.fill, stroke: "#8a6d00" })
    : s("rect", { x: cx - (kind === "cloth" ? 7 : 11), y: cy - 7, width: kind === "cloth" ? 14 : 22, height: 14, rx: 3, fill: b.fill, stroke: "#777" });
  shape.setAttribute("class", "bc-printed");
  return [shape, label(cx, cy + 0.5, b.short, { "font-size": kind === "coin" || kind === "cloth" ? 9 : 8, "font-weight": 700, fill: "#333" })];
}

/** Append a node or a (nested) list of nodes. */
export function put(parent, x) {
  for (const n of [x].flat(Infinity)) if (n) parent.append(n);
  return parent;
}

// This board's targets have their highlight over what they hold.
export const OVER = { over: true };

export function rectSpot(ctx, pattern, text, x, y, w, hgt, children, rx = 4) {
  return spot(ctx, pattern, text, x, y, w, hgt, children, rx, OVER);
}

// Every redraw builds the whole board (some 1500 SVG nodes), which is slow on a small
// machine; a part with nothing clickable is built once per input and cloned afterwards.
const CACHE = new Map();
export function memo(ctx, inputs, types, build) {
  if (ctx.interactive && ctx.legal.some((c) => types.includes(c.type))) return build();
  const key = JSON.stringify([inputs, ctx.names, ctx.seat, ctx.selection]);
  const hit = CACHE.get(key);
  // the node itself moves from the last drawing (about to be replaced) into the new one;
  // a clone when the same part is drawn twice in one drawing
  if (hit) return hit.isConnected || !hit.parentNode ? hit : hit.cloneNode(true);
  const node = build();
  if (!node.querySelector(".target") && !node.classList.contains("target")) {
    if (CACHE.size > 400) CACHE.clear();
    CACHE.set(key, node);
  }
  return node;
}

export const me = (ctx) => (ctx.seat === null || ctx.seat === undefined ? null : ctx.view.players[ctx.seat]);
export const has = (ctx, type) => ctx.legal.some((c) => c.type === type);
export const streetName = (view, k) => {
  const n = view.streets[k] || `street ${k}`;
  return n.startsWith("row ") ? `row ${"ABCDE"[Number(n.slice(4)) - 1] || n.slice(4)}` : n;
};
export const spaceName = (view, i) => (view.spaces[i] ? view.spaces[i].name : spaceLabel(i));

/** The Citizen that goes on top: the one chosen in the hand, else the first in hand. */
export function topCitizen(ctx) {
  const sel = ctx.selection;
  if (sel && sel.type === "PlaceCitizens" && sel.top) return sel.top;
  const first = ctx.legal.find((c) => c.type === "PlaceCitizens");
  return first ? first.top : null;
}

/** A cost in words: "1 Coin + 2 Cloths", or `none` when it is free. */
export function costText(c, none = "nothing") {
  const parts = [];
  if (c.coins) parts.push(plural(c.coins, "Coin"));
  if (c.cloths) parts.push(plural(c.cloths, "Cloth"));
  return parts.length ? parts.join(" + ") : none;
}

export const stepText = (walked) => (walked ? `step ${walked}` : "at home");
export const serviceShort = (v, k) => {
  const sv = v.services.find((x) => x.service === k);
  return sv ? sv.name : k;
};
