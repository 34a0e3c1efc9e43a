// The fallback board: a readable rendering of any view, plus the legal commands as buttons.
// Board modules may reuse its helpers (describeCommand, valueText, viewTable).

import { h, words } from "../app/dom.js";
import { chip, seatName as nameOf } from "../app/seats.js";

const HIDDEN = "hidden";

export function valueText(value) {
  if (value === null || value === undefined) return HIDDEN;
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (Array.isArray(value)) return value.length ? value.map(valueText).join(", ") : "none";
  if (typeof value === "object") {
    return Object.entries(value).map(([k, v]) => `${words(k).toLowerCase()} ${valueText(v)}`).join("; ");
  }
  return String(value);
}

/** "Play card 3", "Build space 7 building 2". */
export function describeCommand(command) {
  const { type, ...rest } = command;
  const parts = Object.entries(rest).map(([k, v]) => `${words(k).toLowerCase()} ${valueText(v)}`);
  return [words(type || "command"), ...parts].join(" ");
}

export function seatName(ctx, seat) {
  if (seat === null || seat === undefined) return "The game";
  return nameOf(ctx && ctx.names, seat);
}

/** One line of the game log. */
export function describe(env, ctx) {
  const data = env.data || {};
  const { type, ...rest } = data;
  const details = Object.entries(rest)
    .filter(([, v]) => v !== null && v !== undefined)
    .map(([k, v]) => `${words(k).toLowerCase()} ${valueText(v)}`)
    .join(", ");
  const who = env.actor === null || env.actor === undefined ? "" : `${seatName(ctx, env.actor)}: `;
  return `${who}${words(env.type)}${details ? ` (${details})` : ""}`;
}

/** What the seat is asked to do now, from the kinds of its legal commands. */
export function prompt(ctx) {
  const types = [...new Set(ctx.candidates.map((c) => c.type))];
  if (!types.length) return "";
  return `Choose: ${types.map((t) => words(t).toLowerCase()).join(" or ")}.`;
}

function isRow(value) {
  return value && typeof value === "object" && !Array.isArray(value);
}

function cell(value) {
  if (Array.isArray(value) && value.every((v) => !isRow(v))) return valueText(value);
  if (isRow(value) || Array.isArray(value)) return viewTable(value);
  return valueText(value);
}

/** Any JSON value as nested tables: objects as key/value rows, lists of objects as tables. */
export function viewTable(value, { seatRows = false } = {}) {
  if (Array.isArray(value) && value.length && value.every(isRow)) {
    const keys = [...new Set(value.flatMap((row) => Object.keys(row)))];
    return h("table", { class: "view-table" },
      h("thead", {}, h("tr", {}, seatRows ? h("th", {}, "") : null, keys.map((k) => h("th", {}, words(k))))),
      h("tbody", {}, value.map((row, i) => h("tr", {},
        seatRows ? h("th", {}, chip(i), ` ${i + 1}`) : null,
        keys.map((k) => h("td", {}, cell(row[k])))))));
  }
  if (isRow(value)) {
    return h("table", { class: "view-table" }, h("tbody", {}, Object.entries(value).map(([k, v]) =>
      h("tr", {}, h("th", {}, words(k)), h("td", {}, k === "players" ? viewTable(v, { seatRows: true }) : cell(v))))));
  }
  return h("span", {}, valueText(value));
}

export function render(ctx) {
  const wrap = h("div", { class: "generic-board" });
  if (ctx.view === null || ctx.view === undefined) {
    wrap.append(h("p", {}, "Nothing to show yet."));
    return wrap;
  }
  wrap.append(viewTable(ctx.view));
  return wrap;
}

/** Per-seat scores shown beside the board, when the view has them. */
export function scores(view) {
  const players = view && Array.isArray(view.players) ? view.players : null;
  if (!players) return null;
  const key = ["score", "points", "vp", "victory_points"].find((k) => players.every((p) => p && typeof p[k] === "number"));
  return key ? players.map((p) => p[key]) : null;
}
