// Player colours with a shape per seat, so a colour is never the only cue (colour-blind support).

import { s } from "./dom.js";

const DEFAULT_COLOURS = ["#d64541", "#2f6fd0", "#2e9d57", "#e0a800", "#8e44ad", "#e67e22"];
const DEFAULT_NAMES = ["red", "blue", "green", "yellow", "purple", "orange"];
export const COLOURS = [...DEFAULT_COLOURS];
export const COLOUR_NAMES = [...DEFAULT_NAMES];

/**
 * A game whose seats play colours of its own (Villa's blue player may sit at seat 0) sets
 * them here, [{css, name}] per seat, so chips, log and badges agree with the board.
 */
export function setPalette(palette) {
  DEFAULT_COLOURS.forEach((c, i) => { COLOURS[i] = c; COLOUR_NAMES[i] = DEFAULT_NAMES[i]; });
  (palette || []).forEach((p, i) => {
    if (p && p.css) COLOURS[i] = p.css;
    if (p && p.name) COLOUR_NAMES[i] = p.name;
  });
}
export const SHAPES = ["circle", "square", "triangle", "diamond", "star", "hexagon"];

/** A seat by its player's name, or "Seat 2" (seats count from 1 in words) when it has none. */
export function seatName(names, seat) {
  return (names && names[seat]) || `Seat ${seat + 1}`;
}

/** A seat in a list of seats: "Seat 2 (Bob)", or "Seat 2" without a name. */
export function seatChoice(seat, name) {
  return `Seat ${seat + 1}${name ? ` (${name})` : ""}`;
}

export function colour(seat) {
  return seat === null || seat === undefined ? "#888" : COLOURS[seat % COLOURS.length];
}

export function shapeName(seat) {
  return SHAPES[seat % SHAPES.length];
}

function starPoints(cx, cy, r) {
  const pts = [];
  for (let i = 0; i < 10; i++) {
    const rr = i % 2 ? r * 0.45 : r;
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    pts.push(`${(cx + rr * Math.cos(a)).toFixed(2)},${(cy + rr * Math.sin(a)).toFixed(2)}`);
  }
  return pts.join(" ");
}

function polygon(cx, cy, r, n, rotate = -Math.PI / 2) {
  const pts = [];
  for (let i = 0; i < n; i++) {
    const a = rotate + (i * 2 * Math.PI) / n;
    pts.push(`${(cx + r * Math.cos(a)).toFixed(2)},${(cy + r * Math.sin(a)).toFixed(2)}`);
  }
  return pts.join(" ");
}

/** The seat's shape as an SVG element centred on (cx, cy) with radius r. */
export function shape(seat, cx, cy, r, attrs = {}) {
  const kind = shapeName(seat);
  const base = { class: "seat-shape", ...attrs };
  switch (kind) {
    case "circle":
      return s("circle", { cx, cy, r: r * 0.85, ...base });
    case "square":
      return s("rect", { x: cx - r * 0.75, y: cy - r * 0.75, width: r * 1.5, height: r * 1.5, ...base });
    case "triangle":
      return s("polygon", { points: polygon(cx, cy + r * 0.15, r, 3), ...base });
    case "diamond":
      return s("polygon", { points: polygon(cx, cy, r, 4), ...base });
    case "star":
      return s("polygon", { points: starPoints(cx, cy, r), ...base });
    default:
      return s("polygon", { points: polygon(cx, cy, r, 6), ...base });
  }
}

/** A white badge with the seat's shape, to sit on a player-coloured piece. */
export function badge(seat, cx, cy, r) {
  return s("g", { class: "badge", "data-seat": seat },
    s("circle", { cx, cy, r, fill: "#fff", stroke: "#222", "stroke-width": r * 0.12 }),
    shape(seat, cx, cy, r * 0.62, { fill: colour(seat), stroke: "#222", "stroke-width": r * 0.08 }));
}

/** A small inline SVG chip (shape in the seat's colour) for use in HTML text. */
export function chip(seat, size = 16) {
  const r = size / 2;
  return s("svg", { class: "chip", width: size, height: size, viewBox: `0 0 ${size} ${size}`, "aria-hidden": "true" },
    shape(seat, r, r, r * 0.95, { fill: colour(seat), stroke: "#222", "stroke-width": 1 }));
}

/** A player-coloured piece: a disc in the seat's colour with its shape badge. */
export function piece(seat, cx, cy, r, attrs = {}) {
  return s("g", { class: "piece", "data-seat": seat, ...attrs },
    s("circle", { cx, cy, r, fill: colour(seat), stroke: "#222", "stroke-width": Math.max(1, r * 0.1) }),
    badge(seat, cx, cy, r * 0.55));
}
