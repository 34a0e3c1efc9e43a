// Each seat's clock (PROTOCOL.md, tables): the time each seat has left, ticking on the page
// between frames, and the presets and words a lobby shows.
//
// A frame's `table.clock` gives every seat's time left at server time `at` (ms) and the seats
// whose clocks run from then on: a running seat has `remaining_ms[s] - (serverNow - at)`. The
// server's clock and the browser's differ, so the page never reads `at` against Date.now():
// `at` lies in the past when a frame arrives, so `at - performance.now()` at arrival is a
// lower bound of the offset between the server's time and ours; the highest bound seen (each
// fresh move gives a tight one, the server's `Date` header one to the second) is the estimate.

import { h } from "./dom.js";

export const PRESETS = {
  fast: { bank_ms: 180000, increment_ms: 10000 },
  normal: { bank_ms: 600000, increment_ms: 30000 },
  slow: { bank_ms: 1200000, increment_ms: 60000 },
  daily: { per_move_ms: 24 * 3600 * 1000 },
};
export const LOW_MS = 30000; // less left than this: the clock shows it is running low
export const CRITICAL_MS = 10000;

const pad = (n) => String(n).padStart(2, "0");

/** Time left as a clock shows it: "1d 4h", "2:05:00", "4:59", "0:09.4" (tenths under 20 s). */
export function formatMs(ms) {
  const left = Math.max(0, Math.floor(ms));
  const hours = Math.floor(left / 3600000);
  const minutes = Math.floor((left % 3600000) / 60000);
  const seconds = Math.floor((left % 60000) / 1000);
  if (hours >= 24) return `${Math.floor(hours / 24)}d ${hours % 24}h`;
  if (hours) return `${hours}:${pad(minutes)}:${pad(seconds)}`;
  if (left < 20000) return `${minutes}:${pad(seconds)}.${Math.floor((left % 1000) / 100)}`;
  return `${minutes}:${pad(seconds)}`;
}

/** A length of time in words: "3 min", "10 s", "24 h", "1 min 30 s". */
export function span(ms) {
  const seconds = Math.floor(ms / 1000);
  if (seconds && seconds % 3600 === 0) return `${seconds / 3600} h`;
  if (seconds >= 60) {
    const rest = seconds % 60;
    return `${Math.floor(seconds / 60)} min${rest ? ` ${rest} s` : ""}`;
  }
  return `${ms / 1000} s`;
}

/** A clock (a preset's name or its fields) in words: "fast (3 min + 10 s)", "24 h a turn". */
export function clockWords(clock) {
  if (typeof clock === "string") return PRESETS[clock] ? clockWords(PRESETS[clock]) : clock;
  if (!clock || typeof clock !== "object") return "no clock";
  const same = (a, b) => Object.keys({ ...a, ...b }).every((k) => (a[k] || 0) === (b[k] || 0));
  const preset = Object.keys(PRESETS).find((name) => same(PRESETS[name], clock));
  let words;
  if (clock.per_move_ms) {
    words = `${span(clock.per_move_ms)} a turn`;
  } else {
    words = span(clock.bank_ms || 0) + (clock.increment_ms ? ` + ${span(clock.increment_ms)}` : "");
  }
  return preset ? `${preset} (${words})` : words;
}

/** Every seat's time left, ticking on from the latest frame's `table.clock`. */
export class SeatClocks {
  constructor() {
    this.offset = null; // server ms minus performance.now(): a lower bound, raised as frames come
    this.clock = null;
  }

  /** A frame's table arrived now; `serverMs`, the server's time now if known, tightens it. */
  note(table, serverMs) {
    this.clock = table && table.clock ? table.clock : null;
    const local = performance.now();
    for (const bound of [this.clock ? this.clock.at : null, serverMs]) {
      if (typeof bound === "number" && (this.offset === null || bound - local > this.offset)) {
        this.offset = bound - local;
      }
    }
  }

  get running() {
    return this.clock ? this.clock.running || [] : [];
  }

  /** The seat's time left now in ms, or null when the game has no clock. */
  remaining(seat) {
    const all = this.clock ? this.clock.remaining_ms || [] : [];
    if (seat >= all.length) return null;
    let left = all[seat];
    if (this.running.includes(seat) && this.offset !== null) {
      left -= Math.max(0, performance.now() + this.offset - this.clock.at);
    }
    return Math.max(0, left);
  }
}

/** The server's time now from its `Date` header (to the second, never ahead), or null. */
export async function serverTime() {
  try {
    const response = await fetch("/healthz", { cache: "no-store" });
    const date = Date.parse(response.headers.get("Date") || "");
    return Number.isNaN(date) ? null : date;
  } catch {
    return null;
  }
}

/** A seat's clock for the players panel (tickClocks keeps it current), or null. */
export function clockNode(clocks, seat, over) {
  if (clocks.remaining(seat) === null) return null;
  const node = h("span", { class: "clock", "data-seat": seat, title: "time left" });
  paint(node, clocks, seat, over);
  return node;
}

function paint(node, clocks, seat, over) {
  const left = clocks.remaining(seat);
  if (left === null) return;
  const running = !over && clocks.running.includes(seat);
  const text = formatMs(left);
  if (node.textContent !== text) node.textContent = text;
  node.dataset.ms = String(Math.round(left));
  node.classList.toggle("running", running);
  node.classList.toggle("low", running && left < LOW_MS);
  node.classList.toggle("critical", running && left < CRITICAL_MS);
  node.classList.toggle("out", left <= 0);
}

/** Bring every clock on the page up to now (called a few times a second). */
export function tickClocks(clocks, over, root = document) {
  for (const node of root.querySelectorAll(".clock[data-seat]")) {
    paint(node, clocks, Number(node.dataset.seat), over);
  }
}
