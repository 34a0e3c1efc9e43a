// The lobby's table choices when creating a game (PROTOCOL.md, tables): a clock (a preset,
// or one's own bank and increment or time per turn), what follows when it runs out,
// replacing a player away too long, and a bot at its level in each other seat ("Bots take
// the other seats"). The creator joins first, so takes seat 1.

import { $, h, mount } from "./dom.js";
import { clockWords, PRESETS } from "./clock.js";
import { EXPIRIES, LEVELS } from "./tablewords.js";

/** The table's fields, in the create form's #table-options. */
export function tableFields() {
  return [
    h("label", {}, "Clock",
      h("select", { id: "clock", name: "clock", onchange: (e) => showCustomClock(e.target.value) },
        h("option", { value: "" }, "none"),
        Object.keys(PRESETS).map((name) => h("option", { value: name }, clockWords(name))),
        h("option", { value: "custom" }, "my own…"))),
    h("div", { id: "custom-clock", class: "custom-clock", hidden: true },
      numberField("clock-bank", "Time bank (minutes)", "0.5"),
      numberField("clock-increment", "Added at each turn's end (seconds)", "1"),
      numberField("clock-per-move", "Or a fixed time per turn (seconds)", "1")),
    h("label", {}, "When a clock runs out",
      h("select", { id: "on-expiry", name: "on-expiry" },
        Object.entries(EXPIRIES).map(([value, words]) => h("option", { value }, words)))),
    h("label", {}, "Replace a player away for (seconds)",
      h("input", { id: "leave-after", name: "leave-after", type: "number", min: 1, step: 1, placeholder: "never", inputmode: "numeric" })),
  ];
}

function numberField(id, label, step) {
  return h("label", {}, label,
    h("input", { id, name: id, type: "number", min: 0, step, inputmode: "decimal" }));
}

/** Show the custom clock's fields while "my own…" is chosen. */
function showCustomClock(choice) {
  $("#custom-clock").hidden = choice !== "custom";
}

/** The custom clock in milliseconds: a bank (with its increment) or a time per turn. The
 * server checks the combination (one of the two, at least a second) and says what is wrong. */
function customClock() {
  const ms = (id, unit) => {
    const text = $(`#${id}`).value.trim();
    if (!text) return 0;
    const value = Number(text);
    if (!Number.isFinite(value) || value < 0) throw new Error(`the clock's ${id.slice(6)} is not a positive number`);
    return Math.round(value * unit);
  };
  const clock = {};
  const bank = ms("clock-bank", 60000);
  const increment = ms("clock-increment", 1000);
  const perMove = ms("clock-per-move", 1000);
  if (bank) clock.bank_ms = bank;
  if (increment) clock.increment_ms = increment;
  if (perMove) clock.per_move_ms = perMove;
  if (!bank && !perMove) throw new Error("give the clock a time bank or a time per turn");
  return clock;
}

/** One level chooser per seat after the creator's: a bot at a level, or a person. */
export function botSeatFields(seats, withBots) {
  const box = $("#bot-seats");
  const rows = [];
  for (let seat = 1; seat < seats; seat++) {
    rows.push(h("label", { class: "bot-seat" }, `Seat ${seat + 1}`,
      h("select", { name: `bot-level-${seat}`, "data-seat": seat },
        LEVELS.map((level) => h("option", { value: level }, `${level} bot`)),
        h("option", { value: "" }, "a person (left open)"))));
  }
  mount(box, rows);
  showBotSeats(withBots);
}

/** Show the seats' level choosers while "Bots take the other seats" is ticked. */
export function showBotSeats(withBots) {
  const box = $("#bot-seats");
  box.hidden = !withBots || !box.children.length;
}

/** The table's options as chosen ({} when none): POST /api/games's `table`. */
export function readTable() {
  const table = {};
  const clock = $("#clock").value;
  if (clock) {
    table.clock = clock === "custom" ? customClock() : clock;
    table.on_expiry = $("#on-expiry").value;
  }
  const away = $("#leave-after").value.trim();
  if (away) {
    const seconds = Number(away);
    if (!Number.isInteger(seconds) || seconds < 1) throw new Error("the time away is a whole number of seconds, at least 1");
    table.leave_after_s = seconds;
  }
  return table;
}

/** The bots to seat after the creator joins ({seats, levels} for POST /bots), or null. */
export function readBots() {
  if (!$("#with-bots").checked) return null;
  const seats = [];
  const levels = {};
  for (const select of document.querySelectorAll("#bot-seats select[data-seat]")) {
    if (!select.value) continue;
    seats.push(Number(select.dataset.seat));
    levels[select.dataset.seat] = select.value;
  }
  return seats.length ? { seats, levels } : null;
}
