// Bella Vista: the town (tiles, buildings, where the revealed building may go), the offer
// board with its face-down cards, the architect's hand, the face-up contracts and the table.

import { h, s } from "../app/dom.js";
import { badge, chip } from "../app/seats.js";
import { canvas, card, choiceButtons, label, list, note, panel, spot, who } from "./kit.js";

const CELL = 34;
const INK = { red: "#d64541", blue: "#2f6fd0", green: "#2e9d57", yellow: "#e0a800" };
const TILE_FILL = { park: "#bfe3b0", river: "#a9d3f2", neighborhood: "#f3e6cc" };


const ZONING = {
  community_parks: "Community Parks: build next to a Park",
  no_parks: "No Parks: not next to a Park",
  no_rivers: "No Rivers: not next to a River",
  no_borders: "No Borders: not on the border of town",
};

function tileText(tile) {
  if (tile.endsWith("_striped")) return `striped ${cap(tile.slice(0, -8))}`;
  if (/^(park|river)_/.test(tile)) return cap(tile.replace("_", " "));
  return `unstriped ${cap(tile)}`;
}

function cap(t) {
  return t.charAt(0).toUpperCase() + t.slice(1);
}

function cardText(c) {
  return c ? `#${c.height}${c.roofed ? " (roofed)" : ""}` : "a card";
}

function zoningText(zoning) {
  if (!zoning) return "none yet";
  if (zoning.kind === "subsidized") return `Subsidized Neighborhoods: build on ${list(zoning.tiles.map(tileText), "or")}`;
  return ZONING[zoning.kind] || zoning.card;
}

function zoningCardText(card) {
  if (card.startsWith("subsidized")) return `Subsidized Neighborhoods (${card.replace("subsidized_", "")})`;
  return (ZONING[card] || card).split(":")[0];
}

// `count` is what the card needs in this game (the view already says 3 for 2 with two).
function contractText(c) {
  const need = c.count;
  switch (c.kind) {
    case "one_tile": return `${need} buildings on the ${tileText(c.tiles[0])} tile`;
    case "tiles": return `a building on each of ${list(c.tiles.map(tileText))}`;
    case "spanning": return `${need} buildings spanning two neighborhoods`;
    case "border": return `${need} buildings on the border of town`;
    case "rivers": return `${need} buildings next to a River`;
    case "parks": return `${need} buildings next to a Park`;
    default: return c.kind;
  }
}

const PHASES = {
  colour: "each architect chooses a colour",
  setup: "setting up",
  offer: "offers",
  reveal: "revealing the offers",
  place: "construction: place the building",
  contract: "construction: take a contract card?",
  neutral: "placing the neutral building",
  round_end: "end of the round",
  over: "game over",
};

// -- the town ------------------------------------------------------------------------

function town(ctx) {
  const v = ctx.view;
  const rows = Math.max(...v.tiles.map((t) => t.row + t.size));
  const cols = Math.max(...v.tiles.map((t) => t.col + t.size));
  const pad = 6;
  const layer = { tiles: s("g", {}), grid: s("g", {}), buildings: s("g", {}), ghosts: s("g", { "pointer-events": "none" }), targets: s("g", {}) };
  const x = (c) => pad + c * CELL;
  const y = (r) => pad + r * CELL;
  for (const t of v.tiles) {
    layer.tiles.append(s("g", { class: `bv-tile ${t.kind}`, "data-tile": t.tile },
      s("rect", { x: x(t.col), y: y(t.row), width: t.size * CELL, height: t.size * CELL, fill: TILE_FILL[t.kind] || "#eee", stroke: "#8a7d66", "stroke-width": 2 }),
      t.tile.endsWith("_striped")
        ? s("rect", { x: x(t.col) + 3, y: y(t.row) + 3, width: t.size * CELL - 6, height: t.size * CELL - 6, fill: "url(#bv-stripes)", opacity: 0.5 })
        : null,
      motif(t, x(t.col), y(t.row), t.size * CELL),
      note(x(t.col) + 3, y(t.row) + 11, tileText(t.tile), { "font-size": 9, fill: "#5a4e3a" })));
    for (let r = 0; r < t.size; r++) {
      for (let c = 0; c < t.size; c++) {
        layer.grid.append(s("rect", { x: x(t.col + c), y: y(t.row + r), width: CELL, height: CELL, fill: "none", stroke: "#00000018" }));
      }
    }
  }
  for (const b of v.buildings) layer.buildings.append(building(b, x, y));
  // where the building being placed may go: its anchor space (top-left of its footprint)
  const places = ctx.legal.filter((c) => c.type === "PlaceBuilding");
  const anchors = new Map();
  for (const c of places) anchors.set(`${c.row},${c.col}`, c);
  for (const c of anchors.values()) {
    const pattern = { type: "PlaceBuilding", row: c.row, col: c.col };
    layer.targets.append(spot(ctx, pattern, `Build with the corner at row ${c.row + 1}, column ${c.col + 1}`,
      x(c.col) + 2, y(c.row) + 2, CELL - 4, CELL - 4, [], 3));
  }
  const sel = ctx.selection;
  if (sel && sel.type === "PlaceBuilding" && "row" in sel && v.now) {
    const shapes = footprintShapes(v, v.now.height);
    for (const c of ctx.candidates) {
      const shape = shapes.find((sh) => sh.rotation === c.rotation && sh.mirror === c.mirror);
      if (!shape) continue;
      for (const [dr, dc] of shape.cells) {
        layer.ghosts.append(s("rect", { class: "bv-ghost", x: x(c.col + dc) + 3, y: y(c.row + dr) + 3, width: CELL - 6, height: CELL - 6,
          fill: INK[v.now.colour] || "#999", opacity: 0.35, rx: 3 }));
      }
    }
  }
  const width = pad * 2 + cols * CELL;
  const height = pad * 2 + rows * CELL;
  return canvas(width, height, "The town of Bella Vista",
    s("defs", {}, s("pattern", { id: "bv-stripes", width: 8, height: 8, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" },
      s("rect", { width: 3, height: 8, fill: "#c9b891" }))),
    layer.tiles, layer.grid, layer.buildings, layer.ghosts, layer.targets);
}

/** A tile's picture: trees for a park, waves for a river, the motif's initial for a neighborhood. */
function motif(t, x0, y0, side) {
  const cx = x0 + side / 2;
  const cy = y0 + side / 2 + 4;
  if (t.kind === "park") {
    return s("g", { opacity: 0.45 }, [[-18, 6], [0, -10], [18, 6]].map(([dx, dy]) =>
      s("g", {}, s("rect", { x: cx + dx - 2, y: cy + dy + 6, width: 4, height: 10, fill: "#6b4f2a" }),
        s("circle", { cx: cx + dx, cy: cy + dy, r: 11, fill: "#3d8b37" }))));
  }
  if (t.kind === "river") {
    return s("g", { opacity: 0.5, fill: "none", stroke: "#2a6fb0", "stroke-width": 3 }, [-14, 0, 14].map((dy) =>
      s("path", { d: `M ${x0 + 12} ${cy + dy} q 14 -10 28 0 t 28 0 t 28 0` })));
  }
  const name = t.tile.replace("_striped", "");
  return label(cx, cy, name.charAt(0).toUpperCase(), { "font-size": 40, "font-weight": 700, fill: "#a08a60", opacity: 0.35 });
}

function building(b, x, y) {
  const fill = INK[b.colour] || "#999";
  const g = s("g", { class: "bv-building", "data-owner": b.owner === null ? "neutral" : b.owner, "data-height": b.height });
  const set = new Set(b.cells.map(([r, c]) => `${r},${c}`));
  for (const [r, c] of b.cells) {
    g.append(s("rect", { x: x(c) + 2, y: y(r) + 2, width: CELL - 4, height: CELL - 4, fill, stroke: "#222", "stroke-width": 1.5, rx: 3 }));
    // join neighbouring cells of one building
    if (set.has(`${r},${c + 1}`)) g.append(s("rect", { x: x(c) + CELL - 4, y: y(r) + 6, width: 8, height: CELL - 12, fill }));
    if (set.has(`${r + 1},${c}`)) g.append(s("rect", { x: x(c) + 6, y: y(r) + CELL - 4, width: CELL - 12, height: 8, fill }));
  }
  const [r0, c0] = b.cells[0];
  g.append(label(x(c0) + CELL / 2, y(r0) + CELL / 2 + 1, b.height, { "font-size": 15, "font-weight": 700, fill: "#fff", stroke: "#000", "stroke-width": 0.6 }));
  if (b.owner !== null && b.owner !== undefined) g.append(badge(b.owner, x(c0) + CELL - 8, y(r0) + 8, 7));
  else g.append(label(x(c0) + CELL - 8, y(r0) + 8, "N", { "font-size": 9, "font-weight": 700 }));
  return g;
}

function footprintShapes(v, height) {
  const fp = v.footprints.find((f) => f.height === height);
  return fp ? fp.shapes : [];
}

/** The turns of the building being placed, as small drawings to choose from. */
function orientations(ctx) {
  const v = ctx.view;
  if (!v.now) return null;
  const places = ctx.legal.filter((c) => c.type === "PlaceBuilding");
  const shapes = footprintShapes(v, v.now.height).filter((sh) => places.some((c) => c.rotation === sh.rotation && c.mirror === sh.mirror));
  if (shapes.length < 2) return null;
  const size = 12;
  const items = shapes.map((sh, i) => {
    const x0 = 8 + i * 54;
    const pattern = { type: "PlaceBuilding", rotation: sh.rotation, mirror: sh.mirror };
    const cells = sh.cells.map(([r, c]) => s("rect", { x: x0 + 8 + c * size, y: 10 + r * size, width: size - 1, height: size - 1, fill: INK[v.now.colour] || "#999", stroke: "#222" }));
    return spot(ctx, pattern, `Turn the building: ${sh.rotation} quarter turns${sh.mirror ? ", mirrored" : ""}`, x0, 4, 46, 40, cells);
  });
  return h("div", { class: "bv-orient" }, h("span", {}, "Turn the building:"), panel(8 + shapes.length * 54, 48, "Orientations", items));
}

// -- setup: the colours ------------------------------------------------------------------

/** Setup: the architect choosing picks one of the colours still free (the others wait). */
function colourChoice(ctx) {
  const free = ctx.legal.filter((c) => c.type === "ChooseColour");
  if (!free.length) return null;
  return h("div", { class: "bv-colours" }, h("h3", {}, "Choose your colour"),
    choiceButtons(ctx, free.map((c) => [c, cap(c.colour),
      h("span", { class: "swatch", style: `display:inline-block;width:.9em;height:.9em;margin-right:.3em;border-radius:2px;background:${INK[c.colour] || "#999"}` })])));
}

// -- the offer board and the hand -----------------------------------------------------

function offerBoard(ctx) {
  const v = ctx.view;
  const slots = [...v.offers];
  for (const c of ctx.legal) {
    if (c.type === "MakeOffer" && !slots.some((o) => o.space === c.space)) {
      slots.push({ space: c.space, cost: 0, seat: null, card: null, revealed: false, late: true });
    }
  }
  slots.sort((a, b) => a.space - b.space);
  const W = 74;
  const items = slots.map((o, i) => {
    const x0 = 6 + i * (W + 8);
    const parts = [
      s("rect", { x: x0, y: 4, width: W, height: 120, rx: 6, fill: i >= v.offers.length || o.space >= v.seats + 3 ? "#f5f5f5" : "#efe4cf", stroke: "#8a7d66" }),
      s("circle", { cx: x0 + W / 2, cy: 22, r: 13, fill: "#f5c542", stroke: "#8a6d00" }),
      label(x0 + W / 2, 22, o.cost, { "font-size": 13, "font-weight": 700 }),
    ];
    if (o.seat !== null && o.seat !== undefined) {
      if (o.card) {
        const player = v.players[o.seat];
        const colour = o.card.roofed ? player.colours[1] : player.colours[0];
        parts.push(card(x0 + 10, 42, W - 20, 70, `#${o.card.height}`, { fill: INK[colour] || "#ddd", ink: "#fff", sub: o.revealed ? "face up" : "yours" }));
      } else {
        parts.push(s("rect", { x: x0 + 10, y: 42, width: W - 20, height: 70, rx: 5, fill: "#6b5b45", stroke: "#333" }),
          label(x0 + W / 2, 98, "face down", { "font-size": 9, fill: "#fff" }));
      }
      parts.push(badge(o.seat, x0 + W / 2, o.card ? 104 : 60, 10));
    } else {
      parts.push(s("rect", { x: x0 + 10, y: 42, width: W - 20, height: 70, rx: 5, fill: "none", stroke: "#b3a68c", "stroke-dasharray": "4 3" }));
    }
    const pattern = { type: "MakeOffer", space: o.space };
    return spot(ctx, pattern, `Offer space ${o.space + 1} for ${o.cost} coins`, x0, 4, W, 120, parts, 6);
  });
  const order = v.order.map((seat, i) => badge(seat, 20 + i * 26, 140, 10));
  return panel(12 + slots.length * (W + 8), 156, "The offer board",
    items, note(6, 140, ""), s("g", { transform: "translate(70,0)" }, order),
    note(6, 144, "Order", { "font-size": 11 }));
}

function hand(ctx) {
  const v = ctx.view;
  const me = ctx.seat === null ? null : v.players[ctx.seat];
  if (!me || !me.hand) return null;
  const W = 52;
  const cards = me.hand.map((c, i) => {
    const x0 = 6 + i * (W + 8);
    const colour = c.roofed ? me.colours[1] : me.colours[0];
    const pattern = { type: "MakeOffer", height: c.height, roofed: !!c.roofed };
    return spot(ctx, pattern, `Offer card ${cardText(c)}`, x0, 4, W, 74,
      [card(x0, 4, W, 74, `#${c.height}`, { fill: INK[colour] || "#ddd", ink: "#fff", sub: c.roofed ? "roofed" : colour }), badge(ctx.seat, x0 + W - 9, 13, 7)], 5);
  });
  return h("div", { class: "bv-hand" }, h("h3", {}, `Your hand (${me.deck_size} cards left in your deck)`),
    me.hand.length ? panel(12 + me.hand.length * (W + 8), 82, "Your hand", cards) : h("p", { class: "empty" }, "no cards in hand"));
}

function contracts(ctx) {
  const v = ctx.view;
  const W = 150;
  const items = v.contracts.map((c, i) => {
    const x0 = 6 + i * (W + 8);
    const text = contractText(c);
    const words = text.split(" ");
    const lines = [];
    let line = "";
    for (const w of words) {
      if ((line + " " + w).trim().length > 24) { lines.push(line.trim()); line = w; } else line += " " + w;
    }
    lines.push(line.trim());
    const parts = [
      s("rect", { x: x0, y: 4, width: W, height: 84, rx: 6, fill: "#fff8e6", stroke: "#8a7d66" }),
      note(x0 + 8, 20, `Contract ${c.id}`, { "font-weight": 700 }),
      s("circle", { cx: x0 + W - 18, cy: 20, r: 12, fill: "#f5c542", stroke: "#8a6d00" }),
      label(x0 + W - 18, 20, c.coins, { "font-weight": 700 }),
      lines.map((l, j) => note(x0 + 8, 42 + j * 14, l, { "font-size": 11 })),
    ];
    return spot(ctx, { type: "TakeContract", contract: c.id }, `Take contract ${c.id}: ${text}`, x0, 4, W, 84, parts, 6);
  });
  return h("div", { class: "bv-contracts" }, h("h3", {}, `Contracts (${v.contract_deck_size} in the deck)`),
    v.contracts.length ? panel(12 + v.contracts.length * (W + 8), 92, "Face-up contracts", items) : h("p", { class: "empty" }, "none face up"),
    choiceButtons(ctx, [[{ type: "DeclineContract" }, "Take no contract"]]));
}

function table(ctx) {
  const v = ctx.view;
  const now = v.now;
  return h("div", { class: "bv-table" },
    h("p", {}, h("strong", {}, `Round ${v.round} of ${v.rounds}`), ` · ${PHASES[v.phase] || v.phase}`),
    now ? h("p", { class: "bv-now" }, "Building now: ", chip(now.seat), ` ${who(ctx, now.seat)} places `,
      now.owner === null ? "the neutral " : now.owner === now.seat ? "their " : `${who(ctx, now.owner)}'s `, h("strong", {}, `${now.colour} #${now.height}`),
      now.rule === "zoning" ? " (following the zoning card)" : now.rule === "border" ? " on the border (no space follows the zoning card)" : " anywhere") : null,
    h("p", {}, h("strong", {}, "Zoning: "), zoningText(v.zoning), ` (${v.zoning_deck_size} cards left)`),
    h("p", {}, h("strong", {}, "Objectives: "), `height · ${v.height_objective.replace(/_/g, " ")}; grouping · ${v.grouping_objective.replace(/_/g, " ")}`),
    h("table", { class: "view-table bv-players" },
      h("thead", {}, h("tr", {}, h("th", {}, "Architect"), h("th", {}, "Coins"), h("th", {}, "Hand"), h("th", {}, "Deck"), h("th", {}, "Contracts"))),
      h("tbody", {}, v.players.map((p) => h("tr", { "data-seat": p.seat },
        h("td", {}, chip(p.seat), ` ${who(ctx, p.seat)} `, h("small", {}, p.colours.join(" + "))),
        h("td", {}, p.coins), h("td", {}, p.hand_size), h("td", {}, p.deck_size),
        h("td", {}, contractsTaken(p)))))));
}

/** A player's taken contracts: face down (a count) unless they are yours or the game is over. */
function contractsTaken(p) {
  if (!p.contracts) return p.contracts_taken ? `${p.contracts_taken} face down` : "–";
  return p.contracts.length ? p.contracts.map((c) => `${c.id} (${c.coins})`).join(", ") : "–";
}

export function render(ctx) {
  return h("div", { class: "bv board-layout" },
    h("div", { class: "board-main" }, town(ctx), orientations(ctx)),
    h("div", { class: "board-side" },
      colourChoice(ctx), h("h3", {}, "Offer board"), offerBoard(ctx), hand(ctx), contracts(ctx), table(ctx)));
}

export function prompt(ctx) {
  const types = new Set(ctx.candidates.map((c) => c.type));
  const sel = ctx.selection;
  if (types.has("ChooseColour")) return "Choose your colour: its buildings and cards are yours for the game.";
  if (types.has("MakeOffer")) {
    if (sel && "height" in sel) return `Now choose an offer space for card #${sel.height}.`;
    if (sel && "space" in sel) return "Now choose the card to offer there.";
    return "Make an offer: choose a card from your hand and an offer space.";
  }
  if (types.has("PlaceBuilding")) {
    if (sel && "row" in sel) return "Choose how to turn the building.";
    if (sel && "rotation" in sel) return "Choose the space for the building's corner.";
    return "Place the building: click a highlighted space (and choose how to turn it).";
  }
  if (types.has("TakeContract") || types.has("DeclineContract")) return "Take a contract card whose requirement you meet, or take none.";
  return "";
}

export function describeCommand(c) {
  switch (c.type) {
    case "ChooseColour": return `Choose ${c.colour}`;
    case "MakeOffer": return `Offer card #${c.height}${c.roofed ? " (roofed)" : ""} on space ${c.space + 1}`;
    case "PlaceBuilding": return `Build at row ${c.row + 1}, column ${c.col + 1}${c.rotation ? `, turned ${c.rotation}` : ""}${c.mirror ? ", mirrored" : ""}`;
    case "TakeContract": return `Take contract ${c.contract}`;
    case "DeclineContract": return "Take no contract";
    default: return c.type;
  }
}

export function scores(view) {
  return view && view.players ? view.players.map((p) => p.coins) : null;
}

export function describe(env, ctx) {
  const d = env.data || {};
  const seat = (n) => (n === null || n === undefined ? "the neutral colour" : who(ctx, n));
  switch (env.type) {
    case "GameStarted": return `A game for ${d.seats} architects began in the town ${d.layout}; offer spaces cost ${(d.costs || []).join(", ")}.`;
    case "ColourChosen": return `${seat(d.seat)} chose ${d.colour}.`;
    case "ObjectivesDrawn": return `The objectives are Height: ${d.height.replace(/_/g, " ")} and Grouping: ${d.grouping.replace(/_/g, " ")}.`;
    case "ZoningRevealed": return `The zoning card is ${zoningCardText(d.card)}.`;
    case "ContractsDrawn": return `Contract cards ${d.cards.join(", ")} were turned face up.`;
    case "StartingOrderDrawn": return `The offer order is ${d.order.map(seat).join(", ")}.`;
    case "HandDrawn": return `${seat(d.seat)} drew ${d.count} construction cards${d.cards ? `: ${d.cards.map(cardText).join(", ")}` : ""}.`;
    case "OfferMade": return `${seat(d.seat)} paid ${d.cost} coins for offer space ${d.space + 1} and played ${d.card ? `card ${cardText(d.card)}` : "a card face down"}.`;
    case "CardRevealed": return `${seat(d.seat)} revealed card ${cardText(d.card)} on offer space ${d.space + 1}.`;
    case "BuildingPlaced": return `${seat(d.seat)} placed ${d.owner === null ? "the neutral" : `a ${d.colour}`} building #${d.height}${d.forced ? " on the border (no space followed the zoning card)" : ""} and earned ${d.coins} coins.`;
    case "BuildingNotBuilt": return `${seat(d.seat)} found no free space for building #${d.height}; it is set aside.`;
    case "ContractTaken": return d.contract === null || d.contract === undefined
      ? `${seat(d.seat)} took a contract card and put it face down.`
      : `${seat(d.seat)} took contract card ${d.contract}, face down.`;
    case "ContractsRevealed": return d.contracts.length
      ? `${seat(d.seat)} turns up contract card${d.contracts.length > 1 ? "s" : ""} ${d.contracts.join(", ")}.`
      : `${seat(d.seat)} has no contract card to turn up.`;
    case "ContractDeclined": return `${seat(d.seat)} took no contract card.`;
    case "RoundEnded": return `Round ${d.round} ended; the next offer order is ${d.order.map(seat).join(", ")}.`;
    case "GameEnded": return `The game ended with totals ${d.scores.join(", ")}.`;
    default: return env.type;
  }
}
