// The play page's table (PROTOCOL.md, tables): notices of a bot playing a seat, a dropped
// seat, an abandoned game or a rematch offered; a seated player's Leave, Take my seat back
// and Rematch; each seat's clock and bot beside its name in the players panel.

import * as api from "./api.js";
import { h } from "./dom.js";
import { clockNode } from "./clock.js";
import { seatName } from "./seats.js";
import * as store from "./store.js";
import { reasonWords, tableSummary } from "./tablewords.js";

const gamePath = (id) => `/games/${encodeURIComponent(id)}`;

/** The bot that plays `seat` in its player's place ({seat, reason, level}), or null. */
export function botFor(page, seat) {
  const bots = (page.table && page.table.bots) || [];
  return bots.find((b) => b.seat === seat) || null;
}

function botNotice(page, bot, names) {
  const mine = bot.seat === page.seat;
  const who = mine ? "You" : seatName(names, bot.seat);
  const why = mine ? reasonWords(bot.reason).replace(/^was /, "were ") : reasonWords(bot.reason);
  const until = mine && !page.outcome ? " until you take your seat back (any move of yours does too)" : "";
  return h("p", { class: "table-notice bot-notice", "data-seat": bot.seat, "data-reason": bot.reason },
    `${who} ${why}: a ${bot.level} bot plays for ${mine ? "you" : "them"}${until}.`);
}

function abandonNotice(page, names) {
  const { seat, reason } = page.table.abandoned;
  const winners = page.outcome ? page.outcome.winners.map((s) => seatName(names, s)) : [];
  const shared = winners.length ? ` ${winners.join(" and ")} ${winners.length > 1 ? "share" : "takes"} first place.` : "";
  const who = seat === page.seat ? "you" : seatName(names, seat);
  const why = seat === page.seat ? reasonWords(reason).replace(/^was /, "were ") : reasonWords(reason);
  return h("p", { class: "table-notice abandon-notice", "data-seat": seat }, `The game was abandoned: ${who} ${why}.${shared}`);
}

/** What the table says beside the game, one notice a line (an empty list: nothing). */
export function tableNotices(page, names) {
  const table = page.table;
  if (!table) return [];
  const notes = (table.bots || []).map((bot) => botNotice(page, bot, names));
  for (const seat of table.dropped || []) {
    notes.push(h("p", { class: "table-notice drop-notice", "data-seat": seat },
      `${seatName(names, seat)} was dropped: out of the game and ranked last; a bot makes their moves.`));
  }
  if (table.abandoned) notes.push(abandonNotice(page, names));
  if (table.rematch) {
    notes.push(h("p", { class: "table-notice rematch-notice" }, "A rematch was offered. ",
      h("a", { href: gamePath(table.rematch), class: "watch-rematch" }, "Watch it")));
  }
  return notes;
}

/** A seat's clock and the bot playing it, for its line in the players panel. */
export function seatExtras(page, seat) {
  const bot = botFor(page, seat);
  const dropped = page.table && (page.table.dropped || []).includes(seat);
  return [
    bot ? h("span", { class: "bot-badge", title: `${reasonWords(bot.reason)}` }, `${bot.level} bot`) : null,
    dropped ? h("span", { class: "bot-badge dropped" }, "dropped") : null,
    clockNode(page.clocks, seat, !!page.outcome),
  ];
}

/** The table's options under the players, or null. */
export function tableInfo(page) {
  const words = tableSummary(page.table && page.table.options);
  return words ? h("p", { class: "table-info" }, words) : null;
}

async function askRematch(page, gameId, names, showMessage) {
  try {
    const answer = await api.rematch(gameId, page.token);
    const held = store.seatsHeld(gameId).find((s) => s.seat === page.seat);
    const name = (held && held.name) || names[page.seat] || store.playerName();
    store.rememberSeat(answer.game_id, answer.seat, answer.token, name);
    location.href = gamePath(answer.game_id);
  } catch (err) {
    showMessage(err.message);
  }
}

function rematchButton(page, gameId, names, showMessage) {
  const offered = page.table && page.table.rematch;
  if (offered && store.seatsHeld(offered).length) {
    return h("a", { href: gamePath(offered), class: "button primary rematch-link", id: "rematch-link" }, "Go to the rematch");
  }
  return h("button", { type: "button", class: "primary", id: "rematch", onclick: () => askRematch(page, gameId, names, showMessage) },
    offered ? "Rematch offered: join" : "Rematch");
}

/**
 * The table's buttons for a seated player: Leave (a bot plays for me) and Take my seat back
 * while the game runs, Rematch once it is over. `act(op)` sends "leave" or "reclaim".
 */
export function tableButtons(page, gameId, names, { act, showMessage }) {
  if (page.seat === null || !page.token) return [];
  if (page.outcome) return [rematchButton(page, gameId, names, showMessage)];
  if (!page.view || (page.table && (page.table.dropped || []).includes(page.seat))) return [];
  if (botFor(page, page.seat)) {
    return [h("button", { type: "button", class: "primary", id: "reclaim", disabled: page.busy, onclick: () => act("reclaim") }, "Take my seat back")];
  }
  return [h("button", { type: "button", id: "leave", disabled: page.busy, title: "A bot plays your seat until you take it back", onclick: () => act("leave") },
    "Leave (a bot plays for me)")];
}
