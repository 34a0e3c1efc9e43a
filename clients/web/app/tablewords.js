// The table in words (PROTOCOL.md, tables): its events in the game log, its options in the
// lobby and on the play page, who plays a seat in its player's place.

import { clockWords } from "./clock.js";
import { seatName } from "./seats.js";

export const TABLE_TYPES = new Set(["ClockExpired", "SeatTakenOver", "SeatReclaimed", "SeatDropped", "GameAbandoned", "RematchOffered"]);

export const LEVELS = ["random", "greedy", "search"];
export const EXPIRIES = { bot: "a bot plays the seat", drop: "the seat is dropped", abandon: "the game ends" };
const REASONS = { left: "left the game", disconnected: "was away too long", clock: "ran out of time" };
const FOLLOWS = { bot: "a bot plays for them", drop: "they are out", abandon: "the game ends" };

/** Why a bot plays a seat, as "left the game", from a `reason` of the protocol. */
export function reasonWords(reason) {
  return REASONS[reason] || "is away";
}

/** One line of the game log for a table event, seats named; null for any other event. */
export function describeTable(env, names) {
  if (!TABLE_TYPES.has(env.type)) return null;
  const data = env.data || {};
  const name = seatName(names, data.seat);
  switch (env.type) {
    case "ClockExpired":
      return `${name} ran out of time: ${FOLLOWS[data.consequence] || data.consequence}.`;
    case "SeatTakenOver":
      return `${name} ${reasonWords(data.reason)}: a ${data.level} bot plays for them until they come back.`;
    case "SeatReclaimed":
      return `${name} is back and plays again.`;
    case "SeatDropped":
      return `${name} was dropped from the game: a bot makes their moves, ranked last.`;
    case "GameAbandoned":
      return `The game was abandoned: ${name} ${reasonWords(data.reason)}.`;
    default:
      return `A rematch was offered: game ${data.game_id}.`;
  }
}

/** A table's options in a few words ("" when it has none): for the lobby and the play page. */
export function tableSummary(options) {
  if (!options || typeof options !== "object") return "";
  const parts = [];
  if (options.clock) {
    parts.push(`clock ${clockWords(options.clock)}`);
    parts.push(`out of time: ${options.on_expiry || "bot"}`);
  }
  if (options.leave_after_s) parts.push(`a bot plays for a player away ${options.leave_after_s} s`);
  return parts.join(" · ");
}

/**
 * A result's table parts in words, for the scoring breakdown: `bot_moves` ({"seat": n}) as a
 * row per seat, `dropped` (seats) and `abandoned` (a GameAbandoned) named.
 */
export function tableBreakdown(breakdown, seats, names) {
  const out = { ...(breakdown || {}) };
  if (out.bot_moves && typeof out.bot_moves === "object" && !Array.isArray(out.bot_moves)) {
    const moves = out.bot_moves;
    out.bot_moves = [...Array(seats).keys()].map((seat) => moves[seat] || 0);
  }
  if (Array.isArray(out.dropped)) out.dropped = out.dropped.map((seat) => seatName(names, seat)).join(", ") || "none";
  if (out.abandoned && typeof out.abandoned === "object") {
    out.abandoned = `${seatName(names, out.abandoned.seat)} ${reasonWords(out.abandoned.reason)}`;
  }
  return out;
}

/** The bots of a game's metadata (`bots`: {"seat": level}) as "Bot 2 greedy, Bot 3 search". */
export function botsSummary(game) {
  const bots = (game && game.bots) || {};
  return Object.keys(bots).sort((a, b) => a - b)
    .map((seat) => `${seatName(game.names, Number(seat))} ${bots[seat]}`).join(", ");
}
