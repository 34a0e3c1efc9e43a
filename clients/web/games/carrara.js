// The Palaces of Carrara: the wheel with its blocks and prices, the display of buildings,
// the objects for sale, the objective cards and every player's board with its six cities.
// Coins, blocks and objects behind a screen are only in their owner's view.

import { h, s } from "../app/dom.js";
import { badge, chip } from "../app/seats.js";
import { canvas, choiceButtons, label, list, note, panel, spot, who } from "./kit.js";

const BLOCK = { white: "#f4f4f4", yellow: "#f1c40f", red: "#d64541", green: "#2e9d57", blue: "#2f6fd0", black: "#222" };
const BLOCK_LETTER = { white: "W", yellow: "Y", red: "R", green: "G", blue: "B", black: "K" };
const BLOCK_INK = { white: "#222", yellow: "#222" };
const KIND = { biblioteca: "Biblioteca", cattedrale: "Cattedrale", palazzo: "Palazzo", porta: "Porta", castello: "Castello", villa: "Villa" };
const KIND_FILL = { biblioteca: "#e8d9b5", cattedrale: "#d8e4f0", palazzo: "#f0d8d8", porta: "#e0e0e0", castello: "#d9ead3", villa: "#f5e6c8" };
const ITEM = { book: "book", cup: "cup", crown: "crown", gate: "gate", flag: "flag", coat_of_arms: "coat of arms" };
const CITY = { livorno: "Livorno", pisa: "Pisa", lucca: "Lucca", viareggio: "Viareggio", massa: "Massa", lerici: "Lérici" };
const SPACE = { ...CITY, city: "city buildings", land: "land buildings" };
const ROMAN = ["I", "II", "III", "IV", "V", "VI"];

const tileText = (t) => (t ? `${KIND[t.kind] || t.kind} (${t.cost})` : "nothing");
const blocksText = (bs) => (bs && bs.length ? bs.join(", ") : "none");
const pretty = (x) => String(x).replace(/_/g, " ");

function block(colour, x, y, size = 14) {
  return s("g", { class: "block", "data-colour": colour },
    s("rect", { x, y, width: size, height: size, rx: 2, fill: BLOCK[colour], stroke: "#555" }),
    label(x + size / 2, y + size / 2 + 0.5, BLOCK_LETTER[colour], { "font-size": size * 0.6, "font-weight": 700, fill: BLOCK_INK[colour] || "#fff" }));
}

function tileShape(tile, x, y, w, hgt) {
  return s("g", { class: "tile", "data-kind": tile.kind },
    s("rect", { x, y, width: w, height: hgt, rx: 4, fill: KIND_FILL[tile.kind] || "#eee", stroke: "#6d5c40" }),
    label(x + w / 2, y + hgt / 2 - 7, KIND[tile.kind] || tile.kind, { "font-size": 10 }),
    label(x + w / 2, y + hgt / 2 + 8, tile.cost, { "font-size": 14, "font-weight": 700 }));
}

// -- the wheel ---------------------------------------------------------------------------

function wheel(ctx) {
  const v = ctx.view;
  const R = 150;
  const cx = R + 10;
  const cy = R + 10;
  const parts = [];
  v.wheel.forEach((sec, i) => {
    const a0 = -Math.PI / 2 + (i * 2 * Math.PI) / 6 - Math.PI / 6;
    const a1 = a0 + (2 * Math.PI) / 6;
    const p = (a, r) => [cx + r * Math.cos(a), cy + r * Math.sin(a)];
    const [x0, y0] = p(a0, R);
    const [x1, y1] = p(a1, R);
    const [ix0, iy0] = p(a0, 38);
    const [ix1, iy1] = p(a1, 38);
    const path = `M ${ix0} ${iy0} L ${x0} ${y0} A ${R} ${R} 0 0 1 ${x1} ${y1} L ${ix1} ${iy1} A 38 38 0 0 0 ${ix0} ${iy0} Z`;
    const mid = (a0 + a1) / 2;
    const [tx, ty] = p(mid, R - 16);
    const content = [s("path", { class: "hit", d: path, fill: i % 2 ? "#efe6d2" : "#f7f0e0", stroke: "#8a7d66" }),
      label(tx, ty, sec.number, { "font-size": 13, "font-weight": 700 })];
    // blocks in this section in a small grid, each with its price here
    const here = Object.entries(sec.blocks).flatMap(([colour, n]) => Array(n).fill(colour));
    const cols = Math.min(3, here.length);
    const [gx, gy] = p(mid, R * 0.6);
    here.forEach((colour, j) => {
      const col = j % 3;
      const row = Math.floor(j / 3);
      const rows = Math.ceil(here.length / 3);
      const bx = gx - (cols * 20) / 2 + col * 20 + 3;
      const by = gy - (rows * 28) / 2 + row * 28;
      content.push(block(colour, bx, by), label(bx + 7, by + 21, `${sec.prices[colour]}¢`, { "font-size": 9, fill: "#6b4f00" }));
    });
    const pattern = { type: "BuyBlocks", section: i };
    const g = s("g", { class: "wheel-section", "data-section": i }, content);
    parts.push(ctx.can(pattern) ? ctx.target(g, pattern, `Buy blocks from section ${sec.number}`) : g);
  });
  const hub = spot(ctx, { type: "TurnWheel" }, "Turn the wheel", cx - 34, cy - 34, 68, 68,
    [s("circle", { cx, cy, r: 34, fill: "#d6c7a1", stroke: "#8a7d66" }), label(cx, cy - 6, "turn", { "font-size": 11 }), label(cx, cy + 8, `bag ${v.bag_size}`, { "font-size": 10 })], 34);
  return canvas(2 * R + 20, 2 * R + 20, "The wheel", parts, hub);
}

// -- display, objects and cards ------------------------------------------------------------

function display(ctx) {
  const v = ctx.view;
  const tiles = [...v.display.map((t, i) => ({ t, i })), ...v.eight_buildings.map((t, i) => ({ t, i: `8-${i}` }))];
  const W = 70;
  const items = tiles.map(({ t }, n) => {
    const x0 = 4 + (n % 5) * (W + 6);
    const y0 = 4 + Math.floor(n / 5) * 56;
    if (!t) return s("rect", { x: x0, y: y0, width: W, height: 50, rx: 4, fill: "none", stroke: "#bbb", "stroke-dasharray": "4 3" });
    return spot(ctx, { type: "Build", tile: t }, `Build ${tileText(t)}`, x0, y0, W, 50, [tileShape(t, x0, y0, W, 50)], 4);
  });
  const rows = Math.ceil(tiles.length / 5) || 1;
  return [h("h3", {}, `Buildings (${v.pile_size} face down)`), panel(8 + 5 * (W + 6), 8 + rows * 56, "Display of buildings", items)];
}

function objects(ctx) {
  const v = ctx.view;
  const items = v.objects_for_sale.map((item, i) => {
    const x0 = 4 + i * 84;
    return spot(ctx, { type: "BuyObject", item }, `Buy a ${ITEM[item]} for 10 coins`, x0, 4, 78, 30,
      [s("rect", { x: x0, y: 4, width: 78, height: 30, rx: 15, fill: "#fbf3dc", stroke: "#a08a50" }), label(x0 + 39, 19, `${ITEM[item]} (${v.object_supply[item]})`, { "font-size": 11 })], 15);
  });
  return [h("h3", {}, "Objects for sale (10 coins)"), v.objects_for_sale.length ? panel(8 + v.objects_for_sale.length * 84, 38, "Objects for sale", items) : h("p", { class: "empty" }, "none")];
}

function cards(ctx) {
  const c = ctx.view.cards;
  return h("p", { class: "cr-cards" }, h("strong", {}, "Objectives: "),
    ["brown", "purple", "grey", "green"].filter((k) => c[k]).map((k) => h("span", { class: `cr-card ${k}` }, `${k}: ${pretty(c[k])}`)));
}

// -- player boards -----------------------------------------------------------------------

function playerBoard(ctx, seat) {
  const v = ctx.view;
  const p = v.players[seat];
  const mine = seat === ctx.seat;
  const W = 104;
  const cities = p.cities.map((c, i) => {
    const x0 = 4 + i * (W + 6);
    const parts = [
      s("rect", { x: x0, y: 4, width: W, height: 196, rx: 6, fill: "#faf6ec", stroke: "#8a7d66" }),
      s("rect", { class: "hit", x: x0 + 1, y: 5, width: W - 2, height: 50, rx: 6, fill: "transparent" }),
      note(x0 + 6, 18, c.name + (c.upgraded ? " ★" : ""), { "font-weight": 700 }),
      note(x0 + 6, 32, `${c.value.vp ? `${c.value.vp} VP` : ""}${c.value.vp && c.value.coins ? " + " : ""}${c.value.coins ? `${c.value.coins}¢` : ""} per cost`, { "font-size": 9.5 }),
      c.accepts.map((col, k) => block(col, x0 + 6 + k * 15, 38, 12)),
    ];
    if (c.scored_by !== null && c.scored_by !== undefined) parts.push(badge(c.scored_by, x0 + W - 12, 14, 8));
    const body = s("g", {}, parts);
    const cityTarget = mine ? ctx.target(body, { type: "Build", city: c.city }, `Build in ${c.name}`) : body;
    const upgrade = mine && ctx.can({ type: "TakeUpgrade", space: c.city })
      ? spot(ctx, { type: "TakeUpgrade", space: c.city }, `Take the upgrade for ${c.name}`, x0 + 4, 56, W - 8, 16,
        [label(x0 + W / 2, 64, "take upgrade", { "font-size": 10 })], 3) : null;
    const buildings = c.buildings.map((t, k) => {
      const ty = 76 + k * 34;
      const drawn = tileShape(t, x0 + 6, ty, W - 12, 30);
      return mine ? spot(ctx, { type: "Build", city: c.city, replaces: t }, `Build over ${tileText(t)} in ${c.name}`, x0 + 6, ty, W - 12, 30, [drawn], 4) : drawn;
    });
    const score = mine && ctx.can({ type: "ScoreCity", city: c.city })
      ? spot(ctx, { type: "ScoreCity", city: c.city }, `Score ${c.name}`, x0 + 6, 176, W - 12, 20,
        [s("rect", { x: x0 + 6, y: 176, width: W - 12, height: 20, rx: 10, fill: "#fff3d6", stroke: "#b38b00" }), label(x0 + W / 2, 186, "score city", { "font-size": 10 })], 10)
      : note(x0 + 6, 190, `needs ${c.needed_to_score}`, { "font-size": 9, fill: "#777" });
    return s("g", { class: "cr-city", "data-city": c.city }, cityTarget, upgrade, buildings, score);
  });
  const screen = p.coins === null || p.coins === undefined
    ? h("span", { class: "screen" }, "behind the screen")
    : h("span", {}, h("strong", {}, `${p.coins} coins`), " · blocks: ",
      Object.entries(p.blocks).filter(([, n]) => n).map(([col, n]) => `${n} ${col}`).join(", ") || "none",
      " · objects: ", Object.entries(p.objects).filter(([, n]) => n).map(([it, n]) => `${n} ${ITEM[it]}`).join(", ") || "none");
  const categories = Object.entries(p.categories || {}).map(([cat, val]) => `${cat}: ${val.vp} VP/${val.coins}¢`).join("; ");
  return h("div", { class: ["cr-player", mine && "mine"], "data-seat": seat },
    h("h3", {}, chip(seat), ` ${who(ctx, seat)}${mine ? " (you)" : ""} · ${p.vp} VP · ${p.buildings} buildings (cost ${p.total_cost}) · ${p.markers_left} markers left${p.announced ? " · announced the end" : ""}`),
    h("p", { class: "cr-screen" }, screen),
    categories ? h("p", {}, `Categories: ${categories}`) : null,
    p.scored_types.length ? h("p", {}, `Types scored: ${p.scored_types.map((k) => KIND[k]).join(", ")}`) : null,
    h("div", { class: "cr-cities" }, panel(8 + 6 * (W + 6), 204, `${who(ctx, seat)}'s board`, cities)));
}

function actions(ctx) {
  const kinds = [...new Set(ctx.legal.filter((c) => c.type === "ScoreType").map((c) => c.kind))];
  const cats = [...new Set(ctx.legal.filter((c) => c.type === "ScoreCategory").map((c) => c.category))];
  const ups = [...new Set(ctx.legal.filter((c) => c.type === "TakeUpgrade" && !(c.space in CITY)).map((c) => c.space))];
  return choiceButtons(ctx, [
    [{ type: "KeepWheel" }, "Buy without turning the wheel"],
    [{ type: "TakeCoins" }, "Take 2 coins"],
    ...kinds.map((k) => [{ type: "ScoreType", kind: k }, `Score the type ${KIND[k]}`]),
    ...cats.map((k) => [{ type: "ScoreCategory", category: k }, `Score the ${k} buildings`]),
    ...ups.map((k) => [{ type: "TakeUpgrade", space: k }, `Take the upgrade for ${SPACE[k]}`]),
    [{ type: "EndTurn" }, "End the turn"],
    [{ type: "AnnounceEnd" }, "End the turn and announce the end"],
    [{ type: "PassTurn" }, "Pass"],
  ]);
}

const PHASES = {
  action: "choose an action", buy: "buying blocks", pay: "paying for the building", upgrade: "taking an upgrade",
  purchase: "buy an object or end the turn", closing: "closing", bonus: "final scoring bonus", over: "game over",
};

export function render(ctx) {
  const v = ctx.view;
  const order = [...Array(v.seats).keys()];
  if (ctx.seat !== null) order.sort((a, b) => (b === ctx.seat) - (a === ctx.seat));
  return h("div", { class: "carrara board-layout" },
    h("div", { class: "board-main cr-main" }, wheel(ctx)),
    h("div", { class: "board-side" },
      h("p", {}, h("strong", {}, `Round ${v.round}`), ` · ${who(ctx, v.turn)}'s turn · ${PHASES[v.phase] || v.phase}`),
      v.pending ? h("p", { class: "bv-now" }, `Paying for ${tileText(v.pending.tile)} in ${CITY[v.pending.city]}${v.pending.replaces ? ` over ${tileText(v.pending.replaces)}` : ""}: ${v.pending.due} blocks due.`) : null,
      actions(ctx), display(ctx), objects(ctx), cards(ctx),
      v.end ? h("p", {}, `The end: ${v.end === "announced" ? `announced by ${who(ctx, v.announcer)}` : "the last building is built"}.`) : null),
    h("div", { class: "cr-players" }, order.map((seat) => playerBoard(ctx, seat))));
}

function sectionPrice(v, c) {
  const sec = v.wheel[c.section];
  return sec ? c.blocks.reduce((sum, col) => sum + (sec.prices[col] || 0), 0) : "?";
}

export function describeCommand(c, ctx) {
  switch (c.type) {
    case "TurnWheel": return "Turn the wheel";
    case "KeepWheel": return "Buy without turning the wheel";
    case "BuyBlocks": return `Buy ${blocksText(c.blocks)} from section ${ROMAN[c.section]} for ${ctx && ctx.view ? sectionPrice(ctx.view, c) : "?"} coins`;
    case "TakeCoins": return "Take 2 coins";
    case "Build": return `Build ${tileText(c.tile)} in ${CITY[c.city]}${c.replaces ? ` over ${tileText(c.replaces)}` : ""}`;
    case "PayBlocks": return `Pay with ${blocksText(c.blocks)}`;
    case "TakeUpgrade": return `Take the upgrade for ${SPACE[c.space]}`;
    case "ScoreCity": return `Score ${CITY[c.city]}`;
    case "ScoreType": return `Score the type ${KIND[c.kind]}`;
    case "ScoreCategory": return `Score the ${c.category} buildings`;
    case "BuyObject": return `Buy a ${ITEM[c.item]}`;
    case "EndTurn": return "End the turn";
    case "AnnounceEnd": return "Announce the end";
    case "PassTurn": return "Pass";
    case "ChooseBonusCities": return `Score ${list(c.cities.map((x) => CITY[x]))} again`;
    case "ChooseBonusTypes": return `Score ${list(c.kinds.map((x) => KIND[x]))} again`;
    default: return c.type;
  }
}

export function prompt(ctx) {
  const types = new Set(ctx.candidates.map((c) => c.type));
  const sel = ctx.selection;
  if (sel && sel.type === "Build") {
    if ("tile" in sel && !("city" in sel)) return `Choose the city for ${tileText(sel.tile)}.`;
    if ("city" in sel && !("tile" in sel)) return `Choose the building for ${CITY[sel.city]}.`;
    return "Choose how to build.";
  }
  if (sel && sel.type === "BuyBlocks") return `Choose which blocks to buy from section ${ROMAN[sel.section]}.`;
  if (types.has("PayBlocks")) return "Choose the blocks to pay with.";
  if (types.has("TurnWheel") || types.has("Build")) return "Turn the wheel to buy blocks, build (a building, then a city), or score.";
  if (types.has("BuyBlocks")) return "Buy blocks: click a section of the wheel.";
  if (types.has("TakeUpgrade")) return "Take an upgrade tile.";
  if (types.has("BuyObject") || types.has("EndTurn")) return "Buy an object, or end the turn.";
  if (types.has("ChooseBonusCities") || types.has("ChooseBonusTypes")) return "Choose what the green card scores again.";
  if (types.has("PassTurn")) return "Play your last turn, or pass.";
  return "";
}

export function scores(view) {
  return view && view.players ? view.players.map((p) => p.vp) : null;
}

const GAIN = (d) => `${d.vp} VP, ${d.coins} coins${d.items && d.items.length ? `, objects: ${d.items.map((i) => ITEM[i]).join(", ")}` : ""}`;

export function describe(env, ctx) {
  const d = env.data || {};
  const p = who(ctx, d.seat);
  switch (env.type) {
    case "GameStarted": return `A game for ${d.seats} players starts${d.expansion ? " with the expansion" : ""}, ${d.board} board side.`;
    case "CardsDrawn": return `Objective cards: brown ${pretty(d.brown)}, purple ${pretty(d.purple)}, grey ${pretty(d.grey)}, green ${pretty(d.green)}.`;
    case "BuildingRevealed": return `${tileText(d.tile)} is revealed on display space ${d.slot + 1}.`;
    case "WheelTurned": return `${p} turns the wheel.`;
    case "WheelKept": return `${p} buys without turning the wheel.`;
    case "BlocksDrawn": return `Drawn from the bag onto section I: ${blocksText(d.blocks)}.`;
    case "BlocksBought": return `${p} buys ${blocksText(d.blocks)} from section ${ROMAN[d.section]} for ${d.price} coins.`;
    case "CoinsTaken": return `${p} cannot buy and takes ${d.coins} coins.`;
    case "BuildingChosen": return `${p} builds ${tileText(d.tile)}${d.replaces ? ` over ${tileText(d.replaces)}` : ""} in ${CITY[d.city]}: ${d.due} blocks due.`;
    case "BuildingBuilt": return `${p} pays ${blocksText(d.blocks)} for ${tileText(d.tile)} in ${CITY[d.city]}.`;
    case "UpgradeTaken": return `${p} takes the upgrade tile for ${SPACE[d.space]}.`;
    case "CityScored": return `${p} scores ${CITY[d.city]}: ${GAIN(d)}.`;
    case "TypeScored": return `${p} scores the type ${KIND[d.kind]}: ${GAIN(d)}.`;
    case "CategoryScored": return `${p} scores the ${d.category} buildings: ${GAIN(d)}.`;
    case "ObjectBought": return `${p} buys a ${ITEM[d.item]} for ${d.price} coins.`;
    case "EndAnnounced": return `${p} announces the end of the game and takes ${d.vp} VP.`;
    case "TurnEnded": return `${p} ${d.passed ? "passes" : "ends the turn"}.`;
    case "BonusChosen": return `${p} has the green card score ${(d.choice || []).map((c) => CITY[c] || KIND[c] || c).join(" and ")} again.`;
    case "GameEnded": return `The game is over (${d.reason === "announced" ? "the end was announced" : "the last building is built"}); final scoring.`;
    default: return env.type;
  }
}
