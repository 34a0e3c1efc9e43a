// The turn box above the city: whose turn and which step, the street actions left, and the
// choices with no place on the board (Intersection benefits, the Warehouse, a choice begun
// on the board, the Pedestrians' starting Joy, ending a step).

import { h, plural, s } from "../../app/dom.js";
import { choiceButtons, label, list, note, panel, who } from "../kit.js";
import { crossingName, streetsOf } from "./data.js";
import { ACTION, BENEFIT_WORDS, PEDESTRIAN, PHASES, TASKS, WAIVED } from "./names.js";
import { has, me, rectSpot, streetName } from "./pieces.js";
import { describeCommand, skipText } from "./words.js";

// The details of the task the game waits for (view.waiting_for), in words: "" when none.
export function taskDetails(task) {
  if (!task) return "";
  const gain = [task.coins && plural(task.coins, "Coin"), task.cloths && plural(task.cloths, "Cloth"),
    task.either && `${task.either} Coin or Cloth`].filter(Boolean);
  const walk = [task.steps[0] && `Barcelona ${plural(task.steps[0], "step")}`,
    task.steps[1] && `Gràcia ${plural(task.steps[1], "step")}`].filter(Boolean);
  switch (task.kind) {
    case "benefits": return `up to ${plural(task.n, "benefit")}`;
    case "act": return [list(task.actions.map((a) => ACTION[a] || a), "or"), task.flags.length ? `with ${list(task.flags.map((f) => WAIVED[f] || f))}` : ""].filter(Boolean).join(" ");
    case "store": return gain.length ? `the gain: ${list(gain)}` : "";
    case "sagrada": return `${plural(task.n, "step")} left`;
    case "sagrada_tile": return task.n ? `level ${task.n}` : "";
    case "walk": return walk.length ? `left: ${list(walk)}` : "";
    default: return "";
  }
}

export function turnBox(ctx) {
  const v = ctx.view;
  const task = v.waiting_for;
  const parts = [h("p", {}, h("strong", {}, v.finished ? "Game over" : `${who(ctx, v.turn)}'s turn`),
    v.finished ? "" : ` · ${PHASES[v.phase] || v.phase}`,
    task ? ` · ${who(ctx, task.seat)} is ${TASKS[task.kind] || task.kind}` : "",
    taskDetails(task) ? ` (${taskDetails(task)})` : "",
    v.end ? " · the end is triggered: the round is finished" : "")];
  if (v.crossing !== null && v.crossing !== undefined && ["actions", "build", "confirm"].includes(v.phase)) {
    const left = streetsOf(v.crossing).filter((k) => !v.used_streets.includes(k));
    parts.push(h("p", { class: "bc-step" }, `Citizens on ${crossingName(v.crossing)}. `,
      v.phase === "actions" ? (left.length ? `Street actions left: ${left.map((k) => `${ACTION[v.layout[k]]} (${streetName(v, k)})`).join(", ")}.` : "No street action left.") : ""));
  }
  const choices = [];
  for (const c of ctx.legal) {
    if (c.type === "ChooseBenefits") choices.push([c, c.benefits.length ? `Take ${list(c.benefits.map((b) => BENEFIT_WORDS[b]))}` : "Take no benefit"]);
  }
  if (has(ctx, "Store")) parts.push(storeGrid(ctx));
  // a choice begun on the board (a building space, a street space, a tile) ends here
  if (ctx.selection && ctx.candidates.length <= 16) {
    parts.push(h("div", { class: "bc-finish" }, h("strong", {}, "Choose: "),
      choiceButtons(ctx, ctx.candidates.map((c) => [c, describeCommand(c, ctx)]))));
  }
  parts.push(choiceButtons(ctx, [
    ...choices,
    [{ type: "ChooseStartingJoy", pedestrian: 0 }, "Start the Barcelona Pedestrian at Joy 2"],
    [{ type: "ChooseStartingJoy", pedestrian: 1 }, "Start the Gràcia Pedestrian at Joy 2"],
    ...[0, 1].map((p) => [{ type: "Walk", pedestrian: p }, `Walk the ${PEDESTRIAN[p]} Pedestrian one step`]),
    ...[0, 1].map((p) => [{ type: "GiveJoy", pedestrian: p }, `Give the Joy to the ${PEDESTRIAN[p]} Pedestrian`]),
    [{ type: "EndActions" }, "End the street actions"],
    [{ type: "RevealProjects" }, "Reveal the Modernisme tiles"],
    [{ type: "Skip" }, skipText(v)],
    [{ type: "EndTurn" }, "End the turn"],
  ]));
  return h("div", { class: "bc-turnbox" }, parts);
}

/** What to keep in the Warehouse: a grid of Coins (rows) by Cloths (columns). */
function storeGrid(ctx) {
  const stores = ctx.legal.filter((c) => c.type === "Store");
  const maxC = Math.max(...stores.map((c) => c.coins));
  const maxK = Math.max(...stores.map((c) => c.cloths));
  const C = 30;
  const items = [note(0, 12, "Coins ↓ / Cloths →", { "font-size": 9.5 })];
  for (let k = 0; k <= maxK; k++) items.push(label(40 + k * C + C / 2, 26, k, { "font-size": 10, "font-weight": 700 }));
  for (let c = 0; c <= maxC; c++) {
    items.push(label(24, 40 + c * C + C / 2, c, { "font-size": 10, "font-weight": 700 }));
    for (let k = 0; k <= maxK; k++) {
      const x = 40 + k * C;
      const y = 40 + c * C;
      const pattern = { type: "Store", coins: c, cloths: k };
      if (ctx.can(pattern)) {
        items.push(rectSpot(ctx, pattern, `Keep ${plural(c, "Coin")} and ${plural(k, "Cloth")}`, x + 2, y + 2, C - 4, C - 4,
          [s("rect", { x: x + 2, y: y + 2, width: C - 4, height: C - 4, rx: 4, fill: "#fffaf0", stroke: "#b9b3a8" }), label(x + C / 2, y + C / 2, `${c}/${k}`, { "font-size": 8.5 })]));
      }
    }
  }
  const p = me(ctx);
  const holds = p ? ` You hold ${plural(p.coins, "Coin")} and ${plural(p.cloths, "Cloth")}; it has room for ${p.warehouse}.` : "";
  return h("div", { class: "bc-store" }, h("p", {}, h("strong", {}, "Warehouse: "), `choose how many Coins and Cloths to keep.${holds}`),
    panel(40 + (maxK + 1) * C + 4, 40 + (maxC + 1) * C + 4, "What to keep", items));
}
