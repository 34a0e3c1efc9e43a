// Villa: the garden of Hedges on its grid of joints, the closed areas and their tokens,
// the Hedge in hand with its eight ways to lay it, and each colour's supply.

import { h, s } from "../app/dom.js";
import { badge, chip, shape } from "../app/seats.js";
import { canvas, choiceButtons, label, panel, spot, who } from "./kit.js";

const U = 36;
const COLOURS = ["blue", "green", "pink", "yellow"];
const INK = { blue: "#2f6fd0", green: "#2e9d57", pink: "#e05fa8", yellow: "#e0a800" };
const FEATURE_MARK = {
  bridge: "Br", gazebo: "Gz", column: "Co", statue: "St", flowerbed: "Fb",
  trees: "Tr", bird_bath: "BB", sundial: "Sd", fountain: "Fo", well: "We",
};

const pretty = (name) => String(name).replace(/_/g, " ");

function seatOfColour(view, colour) {
  const c = view.colours.find((x) => x.colour === colour);
  return c ? c.seat : null;
}

export function palette(view) {
  const out = [];
  for (const c of view.colours) {
    if (out[c.seat] === undefined) out[c.seat] = { css: INK[c.colour], name: c.colour };
  }
  return out;
}

function bounds(view, ctx) {
  const xs = [0];
  const ys = [0];
  for (const sg of view.segments) { xs.push(sg.x1, sg.x2); ys.push(sg.y1, sg.y2); }
  for (const [x, y] of view.joints) { xs.push(x); ys.push(y); }
  for (const c of ctx.legal) if (c.type === "PlaceHedge") { xs.push(c.x); ys.push(c.y); }
  let reach = 0;
  const placing = ctx.legal.some((c) => c.type === "PlaceHedge");
  if (placing) for (const o of view.hand_orientations || []) for (const sg of o) reach = Math.max(reach, Math.abs(sg.x1), Math.abs(sg.x2), Math.abs(sg.y1), Math.abs(sg.y2));
  return {
    minX: Math.min(...xs) - reach - 1, maxX: Math.max(...xs) + reach + 1,
    minY: Math.min(...ys) - reach - 1, maxY: Math.max(...ys) + reach + 1,
  };
}

function segmentLine(view, sg, px, py, attrs = {}) {
  const seat = seatOfColour(view, sg.colour);
  const mx = (px(sg.x1) + px(sg.x2)) / 2;
  const my = (py(sg.y1) + py(sg.y2)) / 2;
  return s("g", { class: "hedge-seg", "data-colour": sg.colour },
    s("line", { x1: px(sg.x1), y1: py(sg.y1), x2: px(sg.x2), y2: py(sg.y2), stroke: "#1b3b17", "stroke-width": 11, "stroke-linecap": "round" }),
    s("line", { x1: px(sg.x1), y1: py(sg.y1), x2: px(sg.x2), y2: py(sg.y2), stroke: INK[sg.colour] || "#999", "stroke-width": 7, "stroke-linecap": "round", ...attrs }),
    // colour-blind cue: the shape of the seat playing this colour on every segment
    seat === null ? null : shape(seat, mx, my, 3.2, { fill: "#fff", stroke: "#000", "stroke-width": 0.6 }));
}

function token(view, t, cx, cy, r) {
  const seat = seatOfColour(view, t.colour);
  return s("g", { class: "villa-token", "data-colour": t.colour },
    s("circle", { cx, cy, r, fill: INK[t.colour] || "#999", stroke: "#222", "stroke-width": 1.2 }),
    t.feature ? label(cx, cy, FEATURE_MARK[t.feature] || "?", { "font-size": r * 0.9, "font-weight": 700, fill: "#fff", stroke: "#000", "stroke-width": 0.4 })
      : seat === null ? null : badge(seat, cx, cy, r * 0.55));
}

function garden(ctx) {
  const v = ctx.view;
  const b = bounds(v, ctx);
  const px = (x) => (x - b.minX) * U;
  const py = (y) => (y - b.minY) * U;
  const width = (b.maxX - b.minX) * U;
  const height = (b.maxY - b.minY) * U;
  const areas = s("g", {});
  const tokens = s("g", { "pointer-events": "none" });
  for (const a of v.areas) {
    const resolving = v.resolving === a.id;
    const pattern = ctx.legal.some((c) => c.type === "ResolveArea" && c.area === a.id) ? { type: "ResolveArea", area: a.id }
      : ctx.legal.some((c) => c.type === "SwapBirdBath" && c.area === a.id) ? { type: "SwapBirdBath", area: a.id } : null;
    const g = s("g", { class: ["villa-area", resolving && "resolving"], "data-area": a.id },
      a.cells.map(([x, y]) => s("rect", { class: "hit", x: px(x) + 1, y: py(y) + 1, width: U - 2, height: U - 2, fill: resolving ? "#fff1c9" : "#d9eccf" })));
    areas.append(pattern ? ctx.target(g, pattern, `${pattern.type === "ResolveArea" ? "Resolve" : "Switch the Bird Bath with"} area ${a.id}`) : g);
    // tokens stacked on the area's middle space
    const sorted = [...a.cells].sort((p, q) => p[1] - q[1] || p[0] - q[0]);
    const [cx0, cy0] = sorted[Math.floor(sorted.length / 2)];
    const cx = px(cx0) + U / 2;
    const cy = py(cy0) + U / 2;
    a.tokens.forEach((t, i) => tokens.append(token(v, t, cx + (i % 3) * 8 - 8, cy - Math.floor(i / 3) * 8 + (a.tokens.length > 3 ? 4 : 0), 9)));
    tokens.append(label(px(sorted[0][0]) + 8, py(sorted[0][1]) + 8, `${a.points}`, { "font-size": 10, fill: "#41602f", "font-weight": 700 }));
  }
  const grid = s("g", {});
  for (let x = b.minX; x <= b.maxX; x++) for (let y = b.minY; y <= b.maxY; y++) grid.append(s("circle", { cx: px(x), cy: py(y), r: 1.5, fill: "#b9b1a0" }));
  const hedges = s("g", { "pointer-events": "none" }, v.segments.map((sg) => segmentLine(v, sg, px, py)));
  // where the Hedge in hand may go: its first end on a highlighted joint
  const joints = s("g", {});
  const places = ctx.legal.filter((c) => c.type === "PlaceHedge");
  const seen = new Set();
  const sel = ctx.selection;
  const chosenWay = sel && sel.type === "PlaceHedge" && "rotation" in sel ? v.hand_orientations[sel.rotation + 4 * (sel.mirrored ? 1 : 0)] : null;
  for (const c of places) {
    const key = `${c.x},${c.y}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const pattern = { type: "PlaceHedge", x: c.x, y: c.y };
    const ghost = chosenWay && ctx.can({ ...sel, x: c.x, y: c.y })
      ? s("g", { class: "ghost" }, chosenWay.map((sg) => s("line", { x1: px(sg.x1 + c.x), y1: py(sg.y1 + c.y), x2: px(sg.x2 + c.x), y2: py(sg.y2 + c.y), stroke: INK[sg.colour], "stroke-width": 6, opacity: 0.55, "stroke-linecap": "round" })))
      : null;
    const g = spot(ctx, pattern, `Lay the Hedge with its first end at (${c.x}, ${c.y})`, px(c.x) - 9, py(c.y) - 9, 18, 18,
      [s("circle", { cx: px(c.x), cy: py(c.y), r: 5, fill: "#ff8800" }), ghost], 9);
    joints.append(g);
  }
  // a chosen joint: show every way still open there
  const ghosts = s("g", { "pointer-events": "none" });
  if (sel && sel.type === "PlaceHedge" && "x" in sel && !("rotation" in sel)) {
    for (const c of ctx.candidates) {
      const way = v.hand_orientations[c.rotation + 4 * (c.mirrored ? 1 : 0)] || [];
      for (const sg of way) ghosts.append(s("line", { x1: px(sg.x1 + c.x), y1: py(sg.y1 + c.y), x2: px(sg.x2 + c.x), y2: py(sg.y2 + c.y), stroke: INK[sg.colour], "stroke-width": 4, opacity: 0.3, "stroke-linecap": "round" }));
    }
  }
  return canvas(width, height, "The garden", grid, areas, hedges, ghosts, tokens, joints);
}

function handPanel(ctx) {
  const v = ctx.view;
  const parts = [h("h3", {}, `Bag: ${v.bag_size} Hedges`)];
  parts.push(choiceButtons(ctx, [[{ type: "DrawHedge" }, "Draw a Hedge"]]));
  if (!v.hand) return parts;
  const ways = (v.hand_orientations || []).map((segs, i) => ({ segs, rotation: i % 4, mirrored: i >= 4 }))
    .filter((w) => ctx.legal.some((c) => c.type === "PlaceHedge" && c.rotation === w.rotation && c.mirrored === w.mirrored) || !ctx.legal.length);
  const cell = 13;
  const box = 72;
  const items = ways.map((w, i) => {
    const x0 = 4 + i * (box + 6);
    const xs = w.segs.flatMap((sg) => [sg.x1, sg.x2]);
    const ys = w.segs.flatMap((sg) => [sg.y1, sg.y2]);
    const ox = x0 + box / 2 - ((Math.min(...xs) + Math.max(...xs)) / 2) * cell;
    const oy = 4 + box / 2 - ((Math.min(...ys) + Math.max(...ys)) / 2) * cell;
    const lines = w.segs.map((sg) => s("line", { x1: ox + sg.x1 * cell, y1: oy + sg.y1 * cell, x2: ox + sg.x2 * cell, y2: oy + sg.y2 * cell, stroke: INK[sg.colour], "stroke-width": 5, "stroke-linecap": "round" }));
    const start = s("circle", { cx: ox, cy: oy, r: 3.5, fill: "#ff8800", stroke: "#000", "stroke-width": 0.5 });
    const frame = s("rect", { x: x0, y: 4, width: box, height: box, rx: 6, fill: "#f7f3ea", stroke: "#c9bfa9" });
    return spot(ctx, { type: "PlaceHedge", rotation: w.rotation, mirrored: w.mirrored },
      `Lay it turned ${w.rotation * 90} degrees${w.mirrored ? ", mirrored" : ""}`, x0, 4, box, box, [frame, lines, start], 6);
  });
  parts.push(h("p", { class: "hint" }, `In hand: Hedge ${v.hand.id} (${v.hand.shape}). Pick a way to lay it and the joint for its first end (the orange dot).`));
  parts.push(panel(8 + ways.length * (box + 6), box + 8, "Ways to lay the Hedge", items));
  return parts;
}

function tokenPanel(ctx) {
  const v = ctx.view;
  const choices = [];
  for (const c of ctx.legal) {
    if (c.type === "PlaceToken") {
      const text = c.feature ? (c.flipped ? `Place ${pretty(c.feature)} flipped to neutral` : `Place the ${pretty(c.feature)} Feature`) : "Place a neutral token";
      choices.push([{ type: "PlaceToken", feature: c.feature ?? null, flipped: !!c.flipped }, text]);
    } else if (c.type === "ChooseTokenOrder") {
      choices.push([c, `${COLOURS[c.colour]} places next`, chip(seatOfColour(v, COLOURS[c.colour]) ?? 0)]);
    } else if (c.type === "PlaceWell") {
      choices.push([c, `Place the Well of ${COLOURS[c.colour]}`]);
    } else if (c.type === "DeclineWell") {
      choices.push([c, "No Well"]);
    } else if (c.type === "KeepBirdBath") {
      choices.push([c, "Keep the Bird Bath where it is"]);
    }
  }
  if (!choices.length && v.resolving === null) return null;
  return [
    h("h3", {}, v.resolving === null ? "Tokens" : `Resolving area ${v.resolving}`),
    v.queue.length ? h("p", {}, "Still to place: ", v.queue.map((g) => g.join(" = ")).join(", then ")) : null,
    choiceButtons(ctx, choices),
  ];
}

function colourTable(ctx) {
  const v = ctx.view;
  return h("table", { class: "view-table villa-colours" },
    h("thead", {}, h("tr", {}, h("th", {}, "Colour"), h("th", {}, "Player"), h("th", {}, "Neutral"), h("th", {}, "Features left"), h("th", {}, "Placed"), h("th", {}, "Points"))),
    h("tbody", {}, v.colours.map((c) => h("tr", { "data-colour": c.colour },
      h("td", {}, s("svg", { width: 14, height: 14, class: "chip" }, s("rect", { width: 14, height: 14, fill: INK[c.colour], rx: 3 })), ` ${c.colour}`),
      h("td", {}, chip(c.seat), ` ${who(ctx, c.seat)}${v.team ? ` (team ${c.team + 1})` : ""}`),
      h("td", {}, c.neutral), h("td", {}, c.features.length ? c.features.map(pretty).join(", ") : "–"),
      h("td", {}, c.placed), h("td", {}, c.points)))));
}

export function render(ctx) {
  const v = ctx.view;
  return h("div", { class: "villa board-layout" },
    h("div", { class: "board-main" }, garden(ctx)),
    h("div", { class: "board-side" },
      h("p", {}, h("strong", {}, `${who(ctx, v.turn)}'s turn`), ` · ${pretty(v.phase)}${v.extra_turn ? " · extra turn" : ""}`),
      v.features.length ? h("p", {}, h("strong", {}, "Features: "), v.features.map(pretty).join(", ")) : null,
      handPanel(ctx), tokenPanel(ctx), h("h3", {}, "Colours"), colourTable(ctx),
      v.ended.length ? h("p", {}, "Ending: ", v.ended.map(pretty).join(", ")) : null,
      h("p", { class: "hint" }, "Areas show their points per token in the corner; tokens show the Feature's initials or the player's shape.")));
}

export function prompt(ctx) {
  const types = new Set(ctx.candidates.map((c) => c.type));
  const sel = ctx.selection;
  if (types.has("DrawHedge")) return "Draw a Hedge from the bag.";
  if (types.has("PlaceHedge")) {
    if (sel && "x" in sel) return "Choose how to lay the Hedge at that joint.";
    if (sel && "rotation" in sel) return "Choose the joint for the Hedge's first end.";
    return "Lay your Hedge: pick a way to turn it and a highlighted joint.";
  }
  if (types.has("ResolveArea")) return "Choose which closed area to resolve first.";
  if (types.has("ChooseTokenOrder")) return "Tied colours: choose which places a token first.";
  if (types.has("PlaceToken")) return "Place a token in the area.";
  if (types.has("PlaceWell") || types.has("DeclineWell")) return "Place a Well?";
  if (types.has("SwapBirdBath") || types.has("KeepBirdBath")) return "Switch the Bird Bath with an adjacent area's top token, or keep it.";
  return "";
}

export function describeCommand(c) {
  switch (c.type) {
    case "DrawHedge": return "Draw a Hedge";
    case "PlaceHedge": return `Lay the Hedge at (${c.x}, ${c.y}) turned ${c.rotation * 90}°${c.mirrored ? " mirrored" : ""}`;
    case "ResolveArea": return `Resolve area ${c.area}`;
    case "ChooseTokenOrder": return `${COLOURS[c.colour]} places next`;
    case "PlaceToken": return c.feature ? `Place ${pretty(c.feature)}${c.flipped ? " (flipped)" : ""}` : "Place a neutral token";
    case "PlaceWell": return `Place the Well of ${COLOURS[c.colour]}`;
    case "DeclineWell": return "No Well";
    case "SwapBirdBath": return `Switch the Bird Bath with area ${c.area}`;
    case "KeepBirdBath": return "Keep the Bird Bath";
    default: return c.type;
  }
}

export function scores(view) {
  return view ? view.scores : null;
}

const ENDINGS = { last_token: "a colour placed its last token", last_hedge: "the last Hedge was placed" };

export function describe(env, ctx) {
  const d = env.data || {};
  const colour = (i) => COLOURS[i];
  const Colour = (i) => { const c = COLOURS[i] || "?"; return c.charAt(0).toUpperCase() + c.slice(1); };
  switch (env.type) {
    case "GameStarted": return `A game of Villa for ${d.seats} players begins; ${who(ctx, d.first)} plays first.`;
    case "FeaturesRevealed": return `The Features of this game: ${d.features.map(pretty).join(", ")}.`;
    case "CircleLaid": return `The ${d.order.length} Hedges are laid out in an open circle.`;
    case "HedgeDrawn": return `${who(ctx, d.seat)} draws Hedge ${d.hedge}.`;
    case "HedgePlaced": return d.seat === null ? `The Starting Hedge is laid at (${d.x}, ${d.y}).`
      : `${who(ctx, d.seat)} lays Hedge ${d.hedge} at (${d.x}, ${d.y}), turned ${d.rotation * 90}°${d.mirrored ? ", mirrored" : ""}.`;
    case "AreaClosed": return `Area ${d.area} of ${d.cells.length} spaces is closed.`;
    case "AreaCounted": {
      const parts = d.segments.map((n, c) => [c, n + (d.bonus[c] || 0)]).filter(([, n]) => n).map(([c, n]) => `${colour(c)} ${n}`);
      return `Area ${d.area}: segments ${parts.join(", ") || "none"}; it goes to ${d.winners.map(colour).join(", ") || "nobody"}.`;
    }
    case "TokenOrderChosen": return `${who(ctx, d.seat)} has ${colour(d.colour)} place next.`;
    case "TokenPlaced": {
      const what = d.feature ? `a ${pretty(d.feature)} Feature` : d.flipped ? `its ${pretty(d.flipped)}, flipped to neutral` : "a neutral token";
      return `${Colour(d.colour)} places ${what} in area ${d.area}.`;
    }
    case "TokenSkipped": return `${Colour(d.colour)} has no token left for area ${d.area}.`;
    case "FeatureFlipped": return `${Colour(d.colour)} flips its ${pretty(d.feature)} to neutral.`;
    case "WellDeclined": return `No Well is placed in area ${d.area}.`;
    case "BirdBathSwapped": return `The Bird Bath of area ${d.area} switches with the top token of area ${d.other}.`;
    case "BirdBathKept": return `The Bird Bath stays in area ${d.area}.`;
    case "AreaResolved": return `Area ${d.area} is resolved.`;
    case "TurnEnded": return d.extra ? `${who(ctx, d.seat)} takes an extra turn (Sundial).` : `${who(ctx, d.seat)} ends the turn; ${who(ctx, d.next)} plays.`;
    case "GameEnded": return `The game ends: ${(d.reasons || []).map((r) => ENDINGS[r] || r).join(" and ")}.`;
    default: return env.type;
  }
}
