// Barcelona's city: the blocks with their building spaces, the streets and their spaces
// (Street tiles, Passengers, Trams, printed benefits), the crossings with their Citizen
// stacks and Intersections, each street's action tile and the Building Bonus tiles. Where
// things are comes from the board data (data.js).

import { s } from "../../app/dom.js";
import { badge, colour } from "../../app/seats.js";
import { label, sharedSpot, spotShape, who } from "../kit.js";
import { B, crossingName, siteName, streetsOf } from "./data.js";
import { ACTION, BENEFIT, BONUS, CLS_NAME, LEVEL_FILL, LEVEL_NAME } from "./names.js";
import { OVER, benefitMark, citizen, hiddenCitizen, memo, put, rectSpot, streetName, topCitizen } from "./pieces.js";

const G = 112; // crossing spacing
const ML = 104; // left margin: the row action tiles
const MT = 70; // top margin: the column action tiles
const NARROW_W = 24;
const WIDE_W = 36;
const XR = 19; // crossing radius
const px = (x) => ML + B.crossings[x].column * G;
const py = (x) => MT + B.crossings[x].row * G;

// -- blocks and building spaces ------------------------------------------------------------

/** A building space's outline ({tag, attrs}) and its centre. */
function siteShape(site) {
  const x0 = ML + site.c * G;
  const y0 = MT + site.r * G;
  const inset = WIDE_W / 2 + 3;
  if (site.kind === "square") {
    return { shape: { tag: "rect", attrs: { x: x0 + inset, y: y0 + inset, width: G - 2 * inset, height: G - 2 * inset, rx: 6 } },
      cx: x0 + G / 2, cy: y0 + G / 2 };
  }
  const a = inset + 2;
  const b = G - inset - 2;
  const pts = site.kind === "upper"
    ? [[x0 + a + 16, y0 + a], [x0 + b, y0 + a], [x0 + b, y0 + b - 16]]
    : [[x0 + a, y0 + a + 16], [x0 + a, y0 + b], [x0 + b - 16, y0 + b]];
  return { shape: { tag: "polygon", attrs: { points: pts.map((p) => p.join(",")).join(" ") } },
    cx: (pts[0][0] + pts[1][0] + pts[2][0]) / 3, cy: (pts[0][1] + pts[1][1] + pts[2][1]) / 3 };
}

/** A Corner triangle: its outline highlighted, its click point (the .hit) at its centroid,
 * clear of the Diagonal's street spaces beside it. */
function cornerSpot(ctx, pattern, text, { shape, cx, cy }, parts) {
  const body = s("g", { class: "spot" }, parts);
  if (ctx.can(pattern)) {
    const chosen = ctx.selected(pattern);
    body.append(s(shape.tag, { ...shape.attrs, class: "glow" }),
      s(shape.tag, { ...shape.attrs, fill: "none", stroke: chosen ? "#7a2cf0" : "#ff8800", "stroke-width": 3, "stroke-dasharray": chosen ? null : "6 3" }));
  }
  body.append(s("circle", { class: "hit", cx, cy, r: 8, fill: "transparent", stroke: "none" }));
  return ctx.target(body, pattern, text);
}

function siteNode(ctx, site, i) {
  const here = ctx.view.sites[i];
  const place = siteShape(site);
  const { shape, cx, cy } = place;
  const fill = here ? LEVEL_FILL[here.level] : "#e6dfd0";
  const parts = [s(shape.tag, { ...shape.attrs, fill, stroke: here ? "#6d5c40" : "#cfc6b3", "stroke-width": here ? 1.5 : 1 })];
  if (here) {
    parts.push(label(cx, cy - (here.markers.length ? 9 : 0), here.level === 0 ? "Corner" : `L${here.level}`, { "font-size": here.level === 0 ? 9 : 13, "font-weight": 700, fill: "#4a3b22" }));
    const n = here.markers.length;
    here.markers.forEach((seat, k) => parts.push(badge(seat, cx - ((n - 1) * 15) / 2 + k * 15, cy + 9, 7)));
  }
  const g = s("g", { class: "bc-site", "data-site": i }, s("title", {}, `${siteName(i)}${here ? `: ${LEVEL_NAME[here.level]}` : ", empty"}`));
  const pattern = { type: "Build", site: i };
  const text = `Construct on ${siteName(i)}`;
  g.append(site.kind === "square" ? spotShape(ctx, pattern, text, shape, parts, OVER) : cornerSpot(ctx, pattern, text, place, parts));
  return g;
}

const sitesLayer = (ctx) => s("g", { class: "bc-sites" }, B.sitePlaces.map((site, i) => siteNode(ctx, site, i)));

// -- streets and their spaces --------------------------------------------------------------

function streetsLayer(v) {
  const wide = (street) => v.spaces.some((sp) => sp.street === v.streets[street] && sp.wide);
  const last = B.size - 1;
  const layer = s("g", { class: "bc-streets" });
  for (let r = 0; r < B.size; r++) {
    const w = wide(r) ? WIDE_W : NARROW_W;
    layer.append(s("rect", { x: ML - 8, y: MT + r * G - w / 2, width: last * G + 16, height: w, fill: "#b9b3a8" }));
  }
  for (let c = 0; c < B.size; c++) {
    const w = wide(B.size + c) ? WIDE_W : NARROW_W;
    layer.append(s("rect", { x: ML + c * G - w / 2, y: MT - 8, width: w, height: last * G + 16, fill: "#b9b3a8" }));
  }
  layer.append(s("line", { x1: ML - 6, y1: MT - 6, x2: ML + last * G + 6, y2: MT + last * G + 6, stroke: "#b9b3a8", "stroke-width": WIDE_W }));
  return layer;
}

/** What stands on a street space, along it: a Passenger, then a Tram. */
function spaceVisitors(ctx, i, sp, at, len) {
  const out = [];
  if (sp.passenger !== null && sp.passenger !== undefined) {
    const [qx, qy] = at(-len / 2 + 14);
    out.push(s("g", { class: "bc-passenger", "data-seat": sp.passenger }, s("title", {}, `${who(ctx, sp.passenger)}'s Passenger`),
      s("circle", { cx: qx, cy: qy, r: 8, fill: "#fff", stroke: colour(sp.passenger), "stroke-width": 3 }),
      label(qx, qy + 0.5, "P", { "font-size": 9, "font-weight": 700 })));
  }
  const tram = ctx.view.players.findIndex((p) => p.tram === i);
  if (tram >= 0) {
    const [tx, ty] = at(len / 2 - 15);
    out.push(s("g", { class: "bc-tram", "data-seat": tram }, s("title", {}, `${who(ctx, tram)}'s Tram`),
      s("rect", { x: tx - 12, y: ty - 8, width: 24, height: 16, rx: 4, fill: colour(tram), stroke: "#111", "stroke-width": 1.5 }),
      badge(tram, tx, ty, 6)));
  }
  return out;
}

function spaceNode(ctx, sp, i) {
  const [a, b] = sp.ends;
  const x1 = px(a); const y1 = py(a); const x2 = px(b); const y2 = py(b);
  const cx = (x1 + x2) / 2;
  const cy = (y1 + y2) / 2;
  const len = Math.hypot(x2 - x1, y2 - y1) - 2 * XR - 8;
  const w = (sp.wide ? WIDE_W : NARROW_W) - 4;
  const angle = (Math.atan2(y2 - y1, x2 - x1) * 180) / Math.PI;
  const rect = { tag: "rect", attrs: { x: cx - len / 2, y: cy - w / 2, width: len, height: w, rx: 3, transform: `rotate(${angle} ${cx} ${cy})` } };
  const empty = sp.tile === null;
  const parts = [s("rect", { ...rect.attrs, fill: empty ? "#d8d3c9" : colour(sp.tile), stroke: empty ? "#a39d91" : "#222", "stroke-width": empty ? 1 : 1.5, opacity: empty ? 1 : 0.85 })];
  // along the space: the printed benefit (or the tile), then a Passenger, then a Tram
  const ux = (x2 - x1) / Math.hypot(x2 - x1, y2 - y1);
  const uy = (y2 - y1) / Math.hypot(x2 - x1, y2 - y1);
  const at = (d) => [cx + ux * d, cy + uy * d];
  const printed = B.spaces[i].printed;
  if (empty) parts.push(benefitMark(printed, ...at(0)));
  else parts.push(badge(sp.tile, ...at(0), 8), label(...at(-len / 2 + 8), sp.wide ? "W" : "N", { "font-size": 9, "font-weight": 700, fill: "#fff", "pointer-events": "none" }));
  parts.push(...spaceVisitors(ctx, i, sp, at, len));
  const g = s("g", { class: "bc-space", "data-space": i, "data-wide": sp.wide ? "yes" : "no" }, s("title", {},
    `${sp.wide ? "Wide" : "Narrow"} street space ${sp.name}${empty ? ` (prints ${BENEFIT[printed].words})` : `: ${who(ctx, sp.tile)}'s tile`}`));
  return put(g, sharedSpot(ctx, ["BuildStreet", "MoveTram"], { space: i }, (kinds) =>
    kinds.length > 1 ? `Street space ${sp.name}` : kinds[0] === "MoveTram" ? `Move the Tram to ${sp.name}` : `Build a ${sp.wide ? "Wide" : "Narrow"} Street on ${sp.name}`, rect, parts, OVER));
}

const spacesLayer = (ctx) => s("g", { class: "bc-spaces" }, ctx.view.spaces.map((sp, i) => spaceNode(ctx, sp, i)));

// -- crossings ----------------------------------------------------------------------------

/** A crossing's drawing: its Intersection, the Citizens on it (or its name and cost). */
function crossingParts(v, x, i, cx, cy) {
  const parts = [];
  if (x.intersection !== null && x.intersection !== undefined) {
    parts.push(s("rect", { x: cx - XR - 5, y: cy - XR - 5, width: 2 * XR + 10, height: 2 * XR + 10, rx: 8, fill: colour(x.intersection), stroke: "#111", "stroke-width": 1.5 }),
      badge(x.intersection, cx + XR + 1, cy - XR - 1, 7));
  }
  if (v.crossing === i) parts.push(s("circle", { cx, cy, r: XR + 5, fill: "none", stroke: "#7a2cf0", "stroke-width": 3 }));
  if (x.citizens === 0) {
    parts.push(s("circle", { cx, cy, r: XR - 4, fill: "#f7f3ea", stroke: "#8f887a", "stroke-width": 1.2 }));
    parts.push(label(cx, cy - 3, crossingName(i), { "font-size": 9, fill: "#6b6557" }));
    if (x.cost) parts.push(label(cx, cy + 7, `${x.cost} Coin`, { "font-size": 7.5, fill: "#8a6d00", "font-weight": 700 }));
    return parts;
  }
  if (x.citizens > 1) parts.push(s("circle", { cx: cx + 4, cy: cy + 4, r: XR - 3, fill: "#555", stroke: "#222" }));
  parts.push(x.top ? citizen(x.top, cx, cy, XR - 3) : hiddenCitizen(cx, cy, XR - 3));
  if (x.bottom) {
    parts.push(s("g", { class: "bc-bottom", "pointer-events": "none" }, s("title", {}, `below: ${CLS_NAME[x.bottom]} (only you see it)`),
      citizen(x.bottom, cx - XR + 1, cy + XR - 3, 7)));
  }
  if (x.placed_by !== null && x.placed_by !== undefined) parts.push(badge(x.placed_by, cx + XR - 2, cy + XR - 4, 6));
  return parts;
}

function crossingNode(ctx, x, i, top) {
  const cx = px(i);
  const cy = py(i);
  const parts = crossingParts(ctx.view, x, i, cx, cy);
  const text = x.citizens
    ? `${crossingName(i)}: ${x.top ? CLS_NAME[x.top] : "a"} Citizen on top${x.citizens > 1 ? " of another" : ""}`
    : `${crossingName(i)}${x.cost ? ` (costs ${x.cost} Coin)` : ""}`;
  const circle = { tag: "circle", attrs: { cx, cy, r: XR + 2 } };
  const g = s("g", { class: "bc-crossing", "data-crossing": i }, s("title", {}, text));
  if (ctx.can({ type: "PlaceCitizens", crossing: i }) && ctx.can({ type: "PlaceCitizens", crossing: i, top })) {
    return put(g, spotShape(ctx, { type: "PlaceCitizens", crossing: i, top }, `Place your Citizens on ${crossingName(i)}, ${CLS_NAME[top]} on top`, circle, parts, OVER));
  }
  return put(g, sharedSpot(ctx, ["PlaceCitizens", "BuildIntersection"], { crossing: i }, (kinds) =>
    kinds[0] === "BuildIntersection" ? `Build an Intersection on ${crossingName(i)}` : `Place your Citizens on ${crossingName(i)}`, circle, parts, OVER));
}

function crossingsLayer(ctx) {
  const top = topCitizen(ctx);
  return s("g", { class: "bc-crossings" }, ctx.view.crossings.map((x, i) => crossingNode(ctx, x, i, top)));
}

// -- the street actions and the Building Bonus tiles ----------------------------------------

function actionTile(ctx, k, x, y, w, hgt, name) {
  const v = ctx.view;
  const action = v.layout[k];
  const used = v.used_streets.includes(k);
  const open = v.crossing !== null && v.crossing !== undefined && !used && streetsOf(v.crossing).includes(k) && ["actions"].includes(v.phase);
  const parts = [
    s("rect", { x, y, width: w, height: hgt, rx: 6, fill: used ? "#e4e0d8" : "#fffaf0", stroke: open ? "#7a2cf0" : "#8a7d66", "stroke-width": open ? 2 : 1.2 }),
    label(x + w / 2, y + 11, name, { "font-size": 9, fill: "#6b6557" }),
    label(x + w / 2, y + hgt / 2 + 6, ACTION[action] || action, { "font-size": (ACTION[action] || action).length > 13 ? 9 : 10, "font-weight": 700, fill: used ? "#888" : "#2b2418" }),
    used ? label(x + w / 2, y + hgt - 7, "used", { "font-size": 8, fill: "#888" }) : null,
  ];
  const pattern = { type: "TakeAction", action };
  const g = s("g", { class: "bc-action", "data-street": k, "data-action": action });
  g.append(ctx.can(pattern) ? rectSpot(ctx, pattern, `${ACTION[action]} (${streetName(v, k)})`, x, y, w, hgt, parts, 6) : s("g", {}, parts));
  return g;
}

function bonusTile(v, k) {
  const x = ML + (B.size - 1) * G + 24;
  const y = MT + k * G + G / 2 - 22;
  const flipped = v.bonus_flipped[k];
  return s("g", { class: "bc-bonus", "data-flipped": flipped ? "yes" : "no" }, s("title", {}, `Building Bonus of block row ${"ABCD"[k]}: ${BONUS[v.bonuses[k]] || v.bonuses[k]}${flipped ? " (taken)" : ""}`),
    s("rect", { x, y, width: 68, height: 44, rx: 6, fill: flipped ? "#e4e0d8" : "#fff1c9", stroke: "#a08a50", "stroke-dasharray": flipped ? "4 3" : null }),
    label(x + 34, y + 12, "Bonus", { "font-size": 9, fill: "#6b6557" }),
    label(x + 34, y + 28, flipped ? "taken" : BONUS[v.bonuses[k]] || v.bonuses[k], { "font-size": 9.5, "font-weight": 700, fill: flipped ? "#888" : "#4a3b22" }));
}

/** Rows on the left, columns on top, the Diagonal at the bottom right; a Bonus per block row. */
function tilesLayer(ctx) {
  const layer = s("g", { class: "bc-tiles" });
  const last = B.size - 1;
  for (let r = 0; r < B.size; r++) layer.append(actionTile(ctx, r, 4, MT + r * G - 20, 80, 40, `row ${"ABCDE"[r]}`));
  for (let c = 0; c < B.size; c++) layer.append(actionTile(ctx, B.size + c, ML + c * G - 44, 6, 88, 40, `column ${c + 1}`));
  layer.append(actionTile(ctx, 2 * B.size, ML + last * G + 22, MT + last * G + 22, 80, 40, "the Diagonal"));
  for (let k = 0; k < last; k++) layer.append(bonusTile(ctx.view, k));
  return layer;
}

// -- the whole city ------------------------------------------------------------------------

export function city(ctx) {
  const v = ctx.view;
  const width = ML + (B.size - 1) * G + 104;
  const height = MT + (B.size - 1) * G + 64;
  const sites = memo(ctx, [v.sites], ["Build"], () => sitesLayer(ctx));
  const streets = memo(ctx, [v.spaces.map((sp) => sp.wide)], [], () => streetsLayer(v));
  const spaces = memo(ctx, [v.spaces, v.players.map((p) => p.tram)], ["BuildStreet", "MoveTram"], () => spacesLayer(ctx));
  const crossings = memo(ctx, [v.crossings, v.crossing], ["PlaceCitizens", "BuildIntersection"], () => crossingsLayer(ctx));
  const tiles = memo(ctx, [v.layout, v.used_streets, v.crossing, v.phase, v.bonuses, v.bonus_flipped, v.streets], ["TakeAction"], () => tilesLayer(ctx));
  return s("svg", { class: "board-svg natural bc-city", viewBox: `0 0 ${width} ${height}`, width, height, role: "img", "aria-label": "The city", style: `width:${width}px` },
    streets, sites, spaces, crossings, tiles);
}
