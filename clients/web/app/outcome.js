// The end-of-game result: ranks, scores and the scoring breakdown as the server sent it.

import { h, words } from "./dom.js";
import { chip, seatName } from "./seats.js";
import { tableBreakdown } from "./tablewords.js";
import { valueText } from "../games/generic.js";

function perSeatRows(breakdown, seats, prefix = "") {
  const rows = [];
  for (const [key, value] of Object.entries(breakdown || {})) {
    // a grouping key such as "per_seat" says nothing a reader needs
    const grouping = /^(per|by)_?seats?$/.test(key) || key === "seats";
    const label = grouping ? prefix : prefix ? `${prefix} · ${words(key).toLowerCase()}` : words(key);
    if (Array.isArray(value) && value.length === seats && value.every((v) => typeof v !== "object" || v === null)) {
      rows.push([label, value.map(valueText)]);
    } else if (Array.isArray(value) && value.length === seats && value.every((v) => v && typeof v === "object" && !Array.isArray(v))) {
      // a list per seat of {item: points}
      const keys = [...new Set(value.flatMap((v) => Object.keys(v)))];
      for (const k of keys) rows.push([`${label} · ${words(k).toLowerCase()}`, value.map((v) => valueText(v[k]))]);
    } else if (value && typeof value === "object" && !Array.isArray(value)) {
      rows.push(...perSeatRows(value, seats, label).map(([l, v, w]) => [l.charAt(0).toUpperCase() + l.slice(1), v, w]));
    } else {
      rows.push([label, null, valueText(value)]);
    }
  }
  return rows;
}

export function renderOutcome(outcome, names) {
  const seats = outcome.scores.length;
  const name = (seat) => seatName(names, seat);
  const winners = outcome.winners.map(name);
  const headline = winners.length === 1 ? `${winners[0]} wins.` : `${winners.join(" and ")} share the win.`;
  const order = [...Array(seats).keys()].sort((a, b) => outcome.ranks[a] - outcome.ranks[b] || a - b);
  const rows = perSeatRows(tableBreakdown(outcome.breakdown, seats, names), seats);
  return h("div", { class: "outcome", "data-scores": JSON.stringify(outcome.scores), "data-winners": JSON.stringify(outcome.winners) },
    h("h2", {}, "Game over"),
    h("p", { class: "headline" }, headline),
    h("table", { class: "result" },
      h("thead", {}, h("tr", {}, h("th", {}, "Rank"), h("th", {}, "Player"), h("th", {}, "Score"))),
      h("tbody", {}, order.map((seat) => h("tr", { "data-seat": seat, class: outcome.winners.includes(seat) ? "winner" : "" },
        h("td", {}, outcome.ranks[seat]), h("td", {}, chip(seat), " ", name(seat)),
        h("td", { class: "score" }, outcome.scores[seat]))))),
    rows.length ? h("details", { class: "breakdown", open: true },
      h("summary", {}, "Scoring breakdown"),
      h("table", { class: "result" },
        h("thead", {}, h("tr", {}, h("th", {}, ""), [...Array(seats).keys()].map((seat) => h("th", {}, chip(seat), " ", name(seat))))),
        h("tbody", {}, rows.map(([label, values, whole]) => h("tr", {}, h("th", {}, label),
          values ? values.map((v) => h("td", {}, v)) : h("td", { colspan: seats }, whole)))))) : null);
}
