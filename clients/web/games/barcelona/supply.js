// Barcelona's supplies beside the city: the Sidewalk, the Citizen tracks with the Cerdà
// Scoring tiles, the Modernisme display, the Public Services, the Sagrada Família tiles and
// the building tiles.

import { h, s } from "../../app/dom.js";
import { badge, colour } from "../../app/seats.js";
import { label, note, panel } from "../kit.js";
import { B, conditionVp, coveredAtStart } from "./data.js";
import { CLS_NAME, LEVEL_FILL, LEVEL_NAME, LEVEL_NEEDS, SERVICE_EFFECT, SPOT, condShort, condText, rewardText } from "./names.js";
import { citizen, rectSpot } from "./pieces.js";

// -- the Sidewalk --------------------------------------------------------------------

export function sidewalk(ctx) {
  const v = ctx.view;
  const C = 58;
  const n = Math.round(Math.sqrt(v.sidewalk.length)); // a square, row by row from the top
  const items = v.sidewalk.map((spot, i) => {
    const x = 4 + (i % n) * C;
    const y = 4 + Math.floor(i / n) * 40;
    const owner = v.cobblestones[i];
    const parts = [s("rect", { x, y, width: C - 4, height: 36, rx: 4, fill: spot === "centre" ? "#cfc8b8" : "#f3eee3", stroke: "#a39d91" }),
      label(x + (C - 4) / 2, y + (owner === null ? 18 : 10), SPOT[spot] || spot, { "font-size": 9.5, fill: owner === null ? "#3a3326" : "#6b6557" })];
    if (owner !== null && owner !== undefined && owner >= 0) parts.push(s("rect", { x: x + 13, y: y + 15, width: C - 30, height: 18, rx: 4, fill: colour(owner), stroke: "#222" }), badge(owner, x + (C - 4) / 2, y + 24, 7));
    const g = s("g", { class: "bc-spot", "data-spot": i });
    g.append(rectSpot(ctx, { type: "PlaceCobblestone", spot: i }, `Place a Cobblestone on ${SPOT[spot] || spot} (Sidewalk space ${i})`, x, y, C - 4, 36, parts));
    return g;
  });
  return [h("h3", {}, "Sidewalk"), panel(8 + n * C, 8 + n * 40, "The Sidewalk", items)];
}

// -- Citizen tracks and Cerdà Scoring tiles -----------------------------------------------

export function tracks(ctx) {
  const v = ctx.view;
  const section = B.section_spaces;
  const W = 17;
  const top = 30;
  const items = [];
  for (let sec = 0; sec < B.sections; sec++) {
    const x0 = 64 + sec * (section * W + 10);
    const tileText = v.cerda_tiles[sec];
    const scored = sec < v.scored;
    items.push(s("g", { class: "bc-cerda-tile", "data-scored": scored ? "yes" : "no" }, s("title", {}, `Cerdà Scoring ${sec + 1}: ${condText(tileText)}${scored ? " (scored)" : ""}`),
      s("rect", { x: x0, y: 2, width: section * W - 2, height: 24, rx: 4, fill: scored ? "#e4e0d8" : "#dff0da", stroke: "#5d8a55" }),
      label(x0 + (section * W) / 2, 14, `${scored ? "✓ " : ""}${condShort(tileText)} ${conditionVp(tileText, "")}`, { "font-size": 9.5, "font-weight": 700 })));
  }
  B.classes.forEach((cls, row) => {
    const y = top + row * 22;
    items.push(citizen(cls, 10, y + 9, 8), note(21, y + 13, CLS_NAME[cls], { "font-size": 9 }));
    (v.tracks[row] || []).forEach((filled, i) => {
      const sec = Math.floor(i / section);
      const x = 64 + sec * (section * W + 10) + (i % section) * W;
      const scoring = i % section === section - 1;
      const vp = v.track_vp[String(i)];
      const neutral = filled && coveredAtStart(v.seats, i);
      items.push(s("rect", { x, y, width: W - 2, height: 18, rx: 3, fill: scoring ? "#f6e7c1" : "#faf7f0", stroke: scoring ? "#a07a20" : "#bbb" }));
      if (vp !== undefined && !filled) items.push(label(x + (W - 2) / 2, y + 9, vp, { "font-size": 10, "font-weight": 700, fill: "#8a5a00" }));
      if (filled) items.push(neutral ? s("rect", { x: x + 3, y: y + 3, width: W - 8, height: 12, rx: 2, fill: "#999" }) : citizen(cls, x + (W - 2) / 2, y + 9, 6.5));
    });
  });
  return [h("h3", {}, `Citizen tracks · a Building now earns ${v.building_vp} VP`), panel(76 + B.sections * (section * W + 10), top + B.classes.length * 22 + 2, "Citizen tracks", items)];
}

// -- Modernisme display, Public Services, Sagrada Família, building tiles ---------------------

export function display(ctx) {
  const v = ctx.view;
  const W = 96;
  const items = v.display.map((t, i) => {
    const x = 4 + (i % 2) * (W + 6);
    const y = 4 + Math.floor(i / 2) * 60;
    const down = v.face_down[i];
    if (t === null || t === undefined) {
      const parts = [s("rect", { x, y, width: W, height: 54, rx: 5, fill: down ? "#6b5b45" : "none", stroke: "#a39d91", "stroke-dasharray": down ? null : "4 3" }),
        label(x + W / 2, y + 27, down ? "face down" : "empty", { "font-size": 10, fill: down ? "#fff" : "#888" })];
      return down && ctx.can({ type: "RevealProjects" }) ? rectSpot(ctx, { type: "RevealProjects" }, "Reveal the face-down Modernisme tiles", x, y, W, 54, parts, 5) : s("g", {}, parts);
    }
    const parts = [s("rect", { x, y, width: W, height: 54, rx: 5, fill: "#f3e3f3", stroke: "#8a5a8a" }),
      label(x + W / 2, y + 16, condShort(t), { "font-size": condShort(t).length > 13 ? 9.5 : 11, "font-weight": 700 }),
      label(x + W / 2, y + 36, `${conditionVp(t)} VP each`, { "font-size": 9.5 })];
    const g = s("g", { class: "bc-project", "data-project": t }, s("title", {}, condText(t)));
    g.append(rectSpot(ctx, { type: "TakeProject", project: t }, `Take the Modernisme tile ${condShort(t)}`, x, y, W, 54, parts, 5));
    return g;
  });
  return [h("h3", {}, `Modernisme display (${v.projects_left} in the stack)`), panel(8 + 2 * (W + 6), 4 + 2 * 60, "Modernisme display", items)];
}

export function services(ctx) {
  const v = ctx.view;
  const W = 112;
  const items = v.services.map((sv, i) => {
    const x = 4 + i * (W + 6);
    const builders = v.players.map((p, seat) => (p.services.includes(sv.service) ? seat : null)).filter((x2) => x2 !== null);
    const words = sv.name.split(" ");
    const lines = [];
    let line = "";
    for (const w of words) {
      if ((`${line} ${w}`).trim().length > 18) { lines.push(line.trim()); line = w; } else line += ` ${w}`;
    }
    lines.push(line.trim());
    const parts = [s("rect", { x, y: 4, width: W, height: 92, rx: 5, fill: sv.left ? "#e7f0f7" : "#eee", stroke: "#56789a" }),
      lines.slice(0, 3).map((l, j) => label(x + W / 2, 16 + j * 12, l, { "font-size": 9.5, "font-weight": 700 })),
      label(x + W / 2, 58, sv.left ? `${sv.coins} Coins → ${sv.vp} VP` : "none left", { "font-size": 10 }),
      label(x + W / 2, 71, `${sv.left} left · +2 Cerdà`, { "font-size": 9, fill: "#555" }),
      builders.map((seat, k) => badge(seat, x + 12 + k * 16, 86, 6))];
    const g = s("g", { class: "bc-service", "data-service": sv.service }, s("title", {}, `${sv.name}: ${SERVICE_EFFECT[sv.service] || ""}`));
    g.append(rectSpot(ctx, { type: "BuildService", service: sv.service }, `Build ${sv.name} for ${sv.coins} Coins`, x, 4, W, 92, parts, 5));
    return g;
  });
  return [h("h3", {}, "Public Services"), panel(8 + v.services.length * (W + 6), 100, "Public Services", items)];
}

export function sagradaSupply(ctx) {
  const v = ctx.view;
  const W = 100;
  const byLevel = [1, 2, 3, 4].map((lv) => v.sagrada_tiles.filter((t) => t[0] === String(lv)));
  const cols = Math.max(1, ...byLevel.map((l) => l.length));
  const items = [];
  byLevel.forEach((tiles, row) => {
    const y = 4 + row * 30;
    items.push(note(2, y + 17, `L${row + 1}`, { "font-size": 10, "font-weight": 700 }));
    tiles.forEach((t, k) => {
      const x = 24 + k * (W + 4);
      const parts = [s("rect", { x, y, width: W, height: 26, rx: 4, fill: "#fbe9dc", stroke: "#b07040" }), label(x + W / 2, y + 13, rewardText(t) || t, { "font-size": 9 })];
      items.push(rectSpot(ctx, { type: "ChooseSagradaTile", tile: t }, `Take the Sagrada Família tile ${t}: ${rewardText(t) || t}`, x, y, W, 26, parts, 4));
    });
  });
  return [h("h3", {}, "Sagrada Família tiles"), panel(28 + cols * (W + 4), 4 * 30 + 6, "Sagrada Família tiles", items)];
}

export function buildingTiles(ctx) {
  const v = ctx.view;
  const sel = ctx.selection;
  const oneLevel = !!(sel && sel.type === "Build" && "site" in sel)
    && new Set(ctx.candidates.filter((c) => c.type === "Build").map((c) => c.level)).size === 1;
  const W = 92;
  const items = [0, 1, 2, 3].map((lv) => {
    const x = 4 + (lv % 2) * (W + 6);
    const y = 4 + Math.floor(lv / 2) * 42;
    const parts = [s("rect", { x, y, width: W, height: 38, rx: 5, fill: LEVEL_FILL[lv], stroke: "#6d5c40" }),
      label(x + W / 2, y + 13, LEVEL_NAME[lv], { "font-size": 11, "font-weight": 700 }),
      label(x + W / 2, y + 28, `${v.tiles_left[lv]} left`, { "font-size": 10 })];
    const g = s("g", { class: "bc-level", "data-level": lv }, s("title", {}, `${LEVEL_NAME[lv]}: ${LEVEL_NEEDS[lv]}`));
    // with a space chosen where only one level can go, the tile is no choice: Citizens next
    g.append(oneLevel ? s("g", {}, parts) : rectSpot(ctx, { type: "Build", level: lv }, `Construct a ${LEVEL_NAME[lv]} Building`, x, y, W, 38, parts, 5));
    return g;
  });
  return [h("h3", {}, "Building tiles"), panel(8 + 2 * (W + 6), 4 + 2 * 42, "Building tiles", items)];
}
