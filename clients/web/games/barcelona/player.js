// A player's board: the Warehouse, the Citizens in hand, the Cerdà and Sagrada Família tracks,
// the Intersections and Passengers still on it, the supplies, the Modernisme Project spaces.

import { h, plural, s } from "../../app/dom.js";
import { badge, chip, colour } from "../../app/seats.js";
import { label, note, panel, spotShape, who } from "../kit.js";
import { B, cerdaLabel, conditionVp } from "./data.js";
import { BENEFIT, BENEFIT_WORDS, CLS_NAME, SERVICE_SHORT, condShort, condText } from "./names.js";
import { OVER, citizen, costText, hiddenCitizen, rectSpot, serviceShort, spaceName, stepText, topCitizen } from "./pieces.js";

const CX = 240; // the tracks' column
const IY = 112; // the Intersections' row
const PX = 520; // the Modernisme Project spaces' column
const PW = 74;
const bold = { "font-size": 10, "font-weight": 700 };

/** Open spaces with Coins then Cloths, then the spaces still under Cobblestones. */
function warehouse(p) {
  const items = [note(4, 12, "Warehouse", bold)];
  const covered = B.warehouse - B.cobble_vp.length; // the first space under a Cobblestone
  for (let i = 0; i < B.warehouse; i++) {
    const x = 4 + i * 22;
    const open = i < p.warehouse;
    items.push(s("rect", { x, y: 18, width: 20, height: 20, rx: 3, fill: open ? "#fffdf6" : "#bdb7aa", stroke: "#8a7d66" }));
    if (!open) items.push(label(x + 10, 28, B.cobble_vp[i - covered], { "font-size": 8.5, fill: "#fff", "font-weight": 700 }));
    else if (i < p.coins) items.push(s("circle", { cx: x + 10, cy: 28, r: 7, fill: "#f5c542", stroke: "#8a6d00" }));
    else if (i < p.coins + p.cloths) items.push(s("rect", { x: x + 3, y: 21, width: 14, height: 14, rx: 2, fill: "#c7a4d9", stroke: "#6a4a8a" }));
  }
  items.push(note(4, 52, `${p.coins} Coins · ${p.cloths} Cloths · room ${p.warehouse}`, { "font-size": 10 }));
  return items;
}

/** The Citizens in hand: the owner's, each one clickable to go on top; others' hidden. */
function hand(ctx, p, mine) {
  const items = [note(4, 72, mine ? "Your Citizens" : "Citizens in hand", bold)];
  const held = p.hand;
  if (!held) {
    for (let k = 0; k < p.hand_size; k++) items.push(hiddenCitizen(20 + k * 36, 94, 14));
    if (!p.hand_size) items.push(note(4, 98, "none", { "font-size": 10, fill: "#777" }));
    return items;
  }
  const top = mine ? topCitizen(ctx) : null;
  held.forEach((cls, k) => {
    const cx = 20 + k * 36;
    const node = citizen(cls, cx, 94, 14);
    const onTop = top !== null && cls === top && (k === held.indexOf(top));
    // the other Citizen can be put on top; the one chosen so can be clicked again to undo that
    const chosen = ctx.selection && ctx.selection.type === "PlaceCitizens" && ctx.selection.top === cls;
    items.push(s("g", { class: "bc-hand-citizen" }, mine && (cls !== top || (chosen && onTop)) && ctx.can({ type: "PlaceCitizens", top: cls })
      ? spotShape(ctx, { type: "PlaceCitizens", top: cls }, `Put the ${CLS_NAME[cls]} Citizen on top`, { tag: "circle", attrs: { cx, cy: 94, r: 16 } }, [node], OVER)
      : node, onTop ? label(cx, 116, "on top", { "font-size": 8.5, fill: "#7a2cf0", "font-weight": 700 }) : null));
  });
  if (!held.length) items.push(note(4, 98, "none", { "font-size": 10, fill: "#777" }));
  return items;
}

function cerdaTrack(p, seat) {
  const items = [note(CX, 12, `Cerdà track · ×${p.multiplier}`, bold)];
  for (let i = 0; i < B.cerda_spaces; i++) {
    const x = CX + i * 26;
    const text = cerdaLabel(i);
    items.push(s("rect", { x, y: 18, width: 24, height: 22, rx: 3, fill: text ? "#dff0da" : "#f6f6f2", stroke: "#5d8a55" }),
      text ? label(x + 12, 29, text, { "font-size": i === B.cerda_start ? 7.5 : 9 }) : null);
  }
  items.push(badge(seat, CX + Math.min(B.cerda_spaces - 1, Math.max(0, p.cerda)) * 26 + 12, 44, 7));
  return items;
}

/** Steps 0 to the top, with a tile slot on some; the owner's next step is clickable. */
function sagradaTrack(ctx, p, seat, mine) {
  const SY = 62;
  const items = [note(CX, SY, `Sagrada Família · step ${p.sagrada}`, bold)];
  for (let i = 0; i <= B.sagrada_top; i++) {
    const x = CX + i * 32;
    const slot = B.sagrada_slots[i];
    const taken = slot ? p.sagrada_tiles.find((t) => t[0] === String(slot)) : null;
    const parts = [s("rect", { x, y: SY + 6, width: 30, height: 26, rx: 3, fill: slot ? "#fbe9dc" : "#f6f6f2", stroke: "#b07040" }),
      label(x + 15, SY + 14, slot ? `L${slot}` : i, { "font-size": 8.5, fill: "#6b4f2a" }),
      taken ? label(x + 15, SY + 25, taken, { "font-size": 9, "font-weight": 700 }) : null,
      p.sagrada === i ? badge(seat, x + 15, SY + 26, 6) : null];
    items.push(mine && i === p.sagrada + 1 ? rectSpot(ctx, { type: "StepSagrada" }, "Take a step on the Sagrada Família track", x, SY + 6, 30, 26, parts, 3) : s("g", {}, parts));
  }
  return items;
}

/** The Intersections and Passengers left on the board, each with its cost. */
function piecesLeft(ctx, p, seat, mine) {
  const items = [note(CX, IY, "Intersections", bold)];
  B.intersection_costs.forEach((cost, i) => {
    const x = CX + 72 + i * 20;
    const left = i >= p.intersections;
    const unlocks = B.intersection_unlocks[i];
    items.push(s("g", {}, s("title", {}, `Intersection ${i + 1}: costs ${costText(cost, "free")}, unlocks ${BENEFIT_WORDS[unlocks]}`),
      s("rect", { x, y: IY - 10, width: 17, height: 15, rx: 3, fill: left ? colour(seat) : "#fff", stroke: "#333", opacity: left ? 1 : 0.6 }),
      left ? null : label(x + 8.5, IY - 2.5, BENEFIT[unlocks].short.replace("2VP", "VP"), { "font-size": 7 })));
  });
  items.push(note(CX, IY + 20, "Passengers", bold));
  B.passenger_costs.forEach((cost, i) => {
    const x = CX + 72 + i * 20;
    const left = i >= p.passengers;
    const vp = B.passenger_vp[i];
    const piece = s("g", {}, s("title", {}, `Passenger ${i + 1}: costs ${costText(cost)}; ${vp} VP at the end once uncovered`),
      s("circle", { cx: x + 8.5, cy: IY + 16, r: 7.5, fill: left ? "#fff" : "#eee", stroke: left ? colour(seat) : "#aaa", "stroke-width": 2.5 }),
      label(x + 8.5, IY + 16.5, left ? "P" : vp, { "font-size": 8, "font-weight": 700 }));
    items.push(mine && i === p.passengers && ctx.can({ type: "PlacePassenger" })
      ? spotShape(ctx, { type: "PlacePassenger" }, `Drop a Passenger for ${costText(cost)}`, { tag: "circle", attrs: { cx: x + 8.5, cy: IY + 16, r: 9.5 } }, [piece], OVER) : piece);
  });
  return items;
}

/** Streets, markers, Cobblestones and the Tram in words. */
function supplies(v, p) {
  const stacks = p.marker_stacks.map((n, i) => `${n}/${B.marker_stacks[i]}`).join(" ");
  return [note(4, 134, `Streets: Narrow ${p.narrow_stacks.join("+")} · Wide ${p.wide_stack}`, { "font-size": 10 }),
    note(4, 148, `Markers ${stacks} · Cobblestones ${p.cobblestones_left}`, { "font-size": 10 }),
    note(CX, IY + 42, `Tram: ${p.tram === null || p.tram === undefined ? "not in the city" : `on ${spaceName(v, p.tram)}`}${p.waiting_benefits ? ` · ${p.waiting_benefits} Intersection benefits waiting` : ""}`, { "font-size": 10 })];
}

/** One Modernisme Project space: its tile (or cost), and its multiplier marker. */
function projectSpace(ctx, p, mine, space, i) {
  const x = PX + i * (PW + 4);
  const t = p.projects[i];
  const topOn = p.project_tops[i];
  const cost = costText(space.cost);
  const slotParts = [s("rect", { x, y: 18, width: PW, height: 70, rx: 5, fill: t ? "#f3e3f3" : "#faf7f0", stroke: "#8a5a8a" }),
    t ? label(x + PW / 2, 36, condShort(t), { "font-size": condShort(t).length > 12 ? 8.5 : 10, "font-weight": 700 }) : label(x + PW / 2, 36, `space ${i + 1}`, { "font-size": 9.5, fill: "#777" }),
    t ? label(x + PW / 2, 50, `${conditionVp(t)} VP each`, { "font-size": 9 }) : label(x + PW / 2, 50, cost === "nothing" ? "free" : cost.replace(" + ", ", "), { "font-size": 8.5, fill: "#777" })];
  const slot = s("g", { class: "bc-slot", "data-slot": i }, t ? s("title", {}, condText(t)) : null);
  slot.append(mine ? rectSpot(ctx, { type: "TakeProject", slot: i }, `Put the Modernisme tile on space ${i + 1} (costs ${cost})`, x, 18, PW, 52, slotParts, 5) : s("g", {}, slotParts));
  // the multiplier marker: bottom or top
  const mult = [s("rect", { x: x + 4, y: 72, width: PW / 2 - 6, height: 14, rx: 3, fill: topOn ? "#fff" : "#8a5a8a" }),
    label(x + PW / 4, 79, `×${space.bottom}`, { "font-size": 9, "font-weight": 700, fill: topOn ? "#999" : "#fff" }),
    s("rect", { x: x + PW / 2 + 2, y: 72, width: PW / 2 - 6, height: 14, rx: 3, fill: topOn ? "#8a5a8a" : "#fff", stroke: "#8a5a8a" }),
    label(x + (3 * PW) / 4, 79, `×${space.top}`, { "font-size": 9, "font-weight": 700, fill: topOn ? "#fff" : "#8a5a8a" })];
  return [slot, mine && ctx.can({ type: "ImproveProject", slot: i })
    ? rectSpot(ctx, { type: "ImproveProject", slot: i }, `Improve space ${i + 1} to ×${space.top} (costs ${costText(space.improve)})`, x + PW / 2, 70, PW / 2 - 2, 18, mult, 3)
    : s("g", {}, s("title", {}, `Improve for ${costText(space.improve)}`), mult)];
}

/** The Public Services built and, with Passeig de Gràcia, the Pedestrians. */
function extras(v, p) {
  const items = [s("g", {}, s("title", {}, p.services.map((k) => serviceShort(v, k)).join(", ")),
    note(PX, 106, `Public Services: ${p.services.length ? p.services.map((k) => SERVICE_SHORT[k] || k).join(", ") : "none"}`, { "font-size": 10 }))];
  if (v.expansion) {
    items.push(note(PX, 122, `Pedestrians: Barcelona Joy ${p.joy[0]} (${stepText(p.walked[0])}), Gràcia Joy ${p.joy[1]} (${stepText(p.walked[1])})`, { "font-size": 10 }),
      note(PX, 138, `Hexagonal Cobblestones: ${p.hexes}`, { "font-size": 10 }));
  }
  return items;
}

export function playerBoard(ctx, seat) {
  const v = ctx.view;
  const p = v.players[seat];
  const mine = seat === ctx.seat;
  const items = [...warehouse(p), ...hand(ctx, p, mine), ...cerdaTrack(p, seat), ...sagradaTrack(ctx, p, seat, mine),
    ...piecesLeft(ctx, p, seat, mine), ...supplies(v, p), note(PX, 12, "Modernisme Projects", bold),
    ...v.project_spaces.flatMap((space, i) => projectSpace(ctx, p, mine, space, i)), ...extras(v, p)];
  const header = h("h3", {}, chip(seat), ` ${who(ctx, seat)}${mine ? " (you)" : ""} · ${p.vp} VP · Cerdà ×${p.multiplier} · ${plural(p.hand_size, "Citizen")} in hand`,
    v.turn === seat && !v.finished ? h("span", { class: "bc-turn" }, " · to play") : null);
  return h("div", { class: ["bc-player", mine && "mine", mine && "bc-hand"], "data-seat": seat }, header,
    h("div", { class: "bc-scroll" }, panel(PX + 5 * (PW + 4) + 4, 172, `${who(ctx, seat)}'s board`, items)));
}
