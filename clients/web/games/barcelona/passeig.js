// Passeig de Gràcia: the two Pedestrians' paths with their Amenity tiles and every player's
// dice, and the hexagonal Sidewalk (its reward spaces around the three violet spaces).

import { h, s } from "../../app/dom.js";
import { badge, colour } from "../../app/seats.js";
import { label, note, panel, sharedSpot, who } from "../kit.js";
import { B } from "./data.js";
import { HEX_REWARD, PEDESTRIAN, VIOLET, amenityText } from "./names.js";
import { OVER, rectSpot } from "./pieces.js";

const W = 196;
const RH = 46;
// rows from the top: Gràcia, then three rows (Gràcia step j beside Barcelona step 4 - j), Barcelona
const rowY = (j) => 4 + j * RH;
// where a die stands: the Barcelona path (pedestrian 0) on the right going up, Gràcia (1) on the left going down
const spaceOf = (p, walked) => (p === 0 ? { x: W + 12, y: rowY(walked === 0 ? 4 : 4 - walked) } : { x: 4, y: rowY(walked === 0 ? 0 : walked) });

function paths(v) {
  const items = [];
  items.push(s("rect", { x: 4, y: rowY(0), width: 2 * W + 8, height: RH - 4, rx: 6, fill: "#e8f2e0", stroke: "#6b8f5a" }), label(W + 8, rowY(0) + 12, "Gràcia", { "font-weight": 700 }));
  items.push(s("rect", { x: 4, y: rowY(4), width: 2 * W + 8, height: RH - 4, rx: 6, fill: "#f2e8e0", stroke: "#8f6b5a" }), label(W + 8, rowY(4) + 12, "Barcelona", { "font-weight": 700 }));
  for (let j = 1; j <= 3; j++) {
    const g = v.amenities[3 + j - 1];
    const b = v.amenities[4 - j - 1];
    items.push(s("rect", { x: 4, y: rowY(j), width: W, height: RH - 4, rx: 4, fill: "#f7f4ec", stroke: "#aaa" }),
      note(8, rowY(j) + 12, `G step ${j}: ${amenityText(g)}`, { "font-size": 9 }),
      s("rect", { x: W + 12, y: rowY(j), width: W, height: RH - 4, rx: 4, fill: "#f7f4ec", stroke: "#aaa" }),
      note(W + 16, rowY(j) + 12, `B step ${4 - j}: ${amenityText(b)}`, { "font-size": 9 }));
  }
  return items;
}

/** The next space of the seat's own Pedestrian `p`, where a step goes. */
function walkSpot(ctx, pl, p) {
  const next = pl.walked[p] + 1;
  const to = next === 4 ? spaceOf(p, 0) : spaceOf(p, next);
  const tx = to.x + (next === 4 && p === 0 ? W / 2 : 0);
  const ty = next === 4 ? (p === 0 ? rowY(0) : rowY(4)) : to.y;
  const x = next === 4 ? (p === 0 ? W + 12 : 4) : tx;
  return rectSpot(ctx, { type: "Walk", pedestrian: p }, `Walk your ${PEDESTRIAN[p]} Pedestrian one step${next === 4 ? " (arrival)" : ""}`,
    x, ty, W, RH - 4, [label(x + W - 24, ty + 30, "step", { "font-size": 9, fill: "#b35c00", "font-weight": 700 })], 4);
}

/** A seat's die of Pedestrian `p` (its Joy), and for the seat's own: where to click. */
function die(ctx, pl, seat, p, items) {
  const at = spaceOf(p, pl.walked[p]);
  const dx = at.x + 10 + seat * 30 + (pl.walked[p] === 0 ? (p === 0 ? W / 2 : 0) : 0);
  const dy = at.y + 18;
  const face = [s("rect", { x: dx, y: dy, width: 22, height: 20, rx: 4, fill: colour(seat), stroke: "#111" }),
    label(dx + 11, dy + 10, pl.joy[p], { "font-size": 12, "font-weight": 700, fill: "#fff", stroke: "#000", "stroke-width": 0.4 })];
  const text = `${who(ctx, seat)}'s ${PEDESTRIAN[p]} Pedestrian, Joy ${pl.joy[p]}`;
  let node = s("g", { class: "bc-die", "data-seat": seat, "data-pedestrian": p }, s("title", {}, text), face, badge(seat, dx + 22, dy, 5));
  if (seat === ctx.seat) {
    node = sharedSpot(ctx, ["GiveJoy", "ChooseStartingJoy"], { pedestrian: p }, (kinds) =>
      kinds[0] === "GiveJoy" ? `Give Joy to your ${PEDESTRIAN[p]} Pedestrian` : `Start your ${PEDESTRIAN[p]} Pedestrian at Joy 2`,
    { tag: "rect", attrs: { x: dx - 2, y: dy - 2, width: 26, height: 24, rx: 4 } }, [node], OVER);
    if (ctx.can({ type: "Walk", pedestrian: p })) items.push(walkSpot(ctx, pl, p));
  }
  items.push(node);
}

// the hexagonal Sidewalk: violets in a row, reward spaces around them (a schematic)
const HX = 44;
const HEX_AT = [[0, -1], [0, 1], [-1, -1], [-1, 0], [-1, 1], [0.5, -0.6], [0.5, 0.6], [1, -1], [1, 1], [1.5, -0.6], [1.5, 0.6], [2, -1], [2, 1], [3, 0]];

function violetSpot(ctx, vi, k) {
  const x = 110 + k * 2 * HX;
  const y = 62;
  const name = VIOLET[vi] || vi;
  return rectSpot(ctx, { type: "PlaceHex", violet: k }, `Score with ${name}`, x - 25, y - 16, 50, 32,
    [s("rect", { x: x - 25, y: y - 16, width: 50, height: 32, rx: 8, fill: "#d9c6ee", stroke: "#6a4a8a" }), label(x, y - 5, `violet ${k + 1}`, { "font-size": 8.5 }), label(x, y + 7, name.split(":")[0], { "font-size": 10, "font-weight": 700 }), s("title", {}, name)], 8);
}

function hexSpot(ctx, { reward, violets }, i) {
  const [gx, gy] = HEX_AT[i];
  const x = 110 + gx * 2 * HX;
  const y = 62 + gy * 42;
  const owner = ctx.view.hexes[i];
  const parts = [s("rect", { x: x - 20, y: y - 13, width: 40, height: 26, rx: 10, fill: owner === null || owner === undefined ? "#eee" : colour(owner), stroke: "#777" }),
    label(x, y, HEX_REWARD[reward], { "font-size": 9, "font-weight": 700 }), s("title", {}, `${HEX_REWARD[reward]} × a violet count (next to violet ${violets.map((k) => k + 1).join(" and ")})`)];
  if (owner !== null && owner !== undefined) parts.push(badge(owner, x + 17, y - 10, 5));
  return rectSpot(ctx, { type: "PlaceHex", spot: i }, `Place a hexagonal Cobblestone on ${HEX_REWARD[reward]} (space ${i + 1})`, x - 20, y - 13, 40, 26, parts, 10);
}

export function passeig(ctx) {
  const v = ctx.view;
  if (!v.expansion) return null;
  const items = paths(v);
  v.players.forEach((pl, seat) => [0, 1].forEach((p) => die(ctx, pl, seat, p, items)));
  const hexItems = [...v.violets.map((vi, k) => violetSpot(ctx, vi, k)), ...B.hex_spaces.map((space, i) => hexSpot(ctx, space, i))];
  return h("div", { class: "bc-passeig" }, h("h3", {}, "Passeig de Gràcia"),
    panel(2 * W + 16, 5 * RH + 4, "Passeig de Gràcia", items),
    h("h3", {}, "Hexagonal Sidewalk"), panel(110 + 6 * HX + 30, 124, "Hexagonal Sidewalk", hexItems));
}
