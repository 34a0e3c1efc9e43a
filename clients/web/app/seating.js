// The play page's seating: the box of a game waiting for players (join it, the seat a fork
// keeps, the bots) and the share box (links, and which held seat to view the game as).

import * as api from "./api.js";
import { h, plural } from "./dom.js";
import { seatChoice, seatName } from "./seats.js";
import * as store from "./store.js";
import { LEVELS } from "./tablewords.js";

const nameOf = (page, seat) => seatName((page.meta && page.meta.names) || [], seat);

/** The box of a game still waiting for players: join it, or call the bots in. */
export function waitingBox(page, gameId, { showMessage, checkStarted }) {
  const meta = page.meta;
  const box = h("div", { class: "waiting" });
  if (!meta) return box;
  const open = meta.names.map((n, i) => (n ? null : i)).filter((i) => i !== null);
  box.append(h("p", {}, `This game starts by itself when every seat is taken (${plural(open.length, "open seat")} left).`));
  if (page.seat === null && open.length) {
    const input = h("input", { name: "name", placeholder: "Your name", required: true, maxlength: 40, value: store.playerName() });
    const form = h("form", { class: "join-form", id: "join-form" },
      h("label", {}, "Name ", input),
      h("button", { type: "submit", class: "primary" }, "Join this game"));
    form.addEventListener("submit", (e) => joinHere(e, input, page, gameId, showMessage));
    box.append(form);
    const hint = sourceHint(page);
    if (hint) box.append(hint);
  }
  // only the creator or a seated player may call the bots in: this browser must hold a token
  if (open.length && store.botsToken(gameId)) box.append(botsBox(open, gameId, showMessage, checkStarted));
  return box;
}

let botLevel = "random"; // kept across redraws of the waiting box

/** Bots at a chosen level: in every open seat, or in one. */
function botsBox(open, gameId, showMessage, checkStarted) {
  const level = h("select", { id: "bot-level", name: "bot-level", onchange: (e) => { botLevel = e.target.value; } },
    LEVELS.map((name) => h("option", { value: name, selected: name === botLevel }, `${name} bot`)));
  const fill = (seats) => fillWithBots(gameId, seats ? { level: botLevel, seats } : { level: botLevel }, showMessage, checkStarted);
  return h("div", { class: "bots-box" },
    h("p", {}, h("label", {}, "Bots play as a ", level), " ",
      h("button", { type: "button", class: "fill-bots", onclick: () => fill(null) },
        `Fill ${open.length === 1 ? "the open seat" : `the ${open.length} open seats`} with bots`)),
    open.length > 1 ? h("p", { class: "seat-bots" }, open.map((seat) => [h("button", {
      type: "button", class: "small seat-bot", "data-seat": seat, onclick: () => fill([seat]),
    }, `A bot in seat ${seat + 1}`), " "])) : null);
}

async function joinHere(e, input, page, gameId, showMessage) {
  e.preventDefault();
  const name = input.value.trim();
  if (!name) return;
  store.rememberName(name);
  try {
    // a fork of an unfinished game lets in only the source's seats, proven by their tokens
    const joined = await api.joinGame(gameId, name, undefined, store.sourceSeat(page.meta));
    store.rememberSeat(gameId, joined.seat, joined.token, name);
    location.reload();
  } catch (err) {
    showMessage(err.message);
  }
}

function sourceHint(page) {
  const source = store.sourceSeat(page.meta);
  if (!source) return null;
  return h("p", { class: "source-seat" }, `You join as ${nameOf(page, source.seat)}: your seat in the game this one was forked from.`);
}

async function fillWithBots(gameId, which, showMessage, checkStarted) {
  try {
    await api.addBots(gameId, store.botsToken(gameId), which);
  } catch (err) {
    showMessage(err.message);
  }
  await checkStarted();
}

/** Links to spectate, to this seat and to the replay; which held seat to view the game as. */
export function shareBox(page, gameId) {
  const items = [h("li", {}, h("a", { href: store.spectateLink(gameId), class: "spectate-link" }, "Spectate link"), " ",
    copyButton(store.spectateLink(gameId)))];
  if (page.seat !== null && page.token) {
    const link = store.seatLink(gameId, page.token);
    items.push(h("li", {}, h("a", { href: link, class: "seat-link" }, `Link to your seat (${nameOf(page, page.seat)})`), " ",
      copyButton(link), h("small", {}, " keep it private: it lets anyone play your seat")));
  }
  items.push(h("li", {}, h("a", { href: `/games/${encodeURIComponent(gameId)}/replay` }, "Replay this game")));
  const held = store.seatsHeld(gameId);
  let chooser = null;
  if (held.length > 1 || (held.length && page.seat === null)) {
    const select = h("select", { id: "play-as" },
      h("option", { value: "" }, "Spectator"),
      held.map((s) => h("option", { value: s.seat, selected: s.seat === page.seat }, seatChoice(s.seat, s.name))));
    if (page.seat === null) select.value = "";
    select.addEventListener("change", () => {
      store.chooseSeat(gameId, select.value === "" ? -1 : Number(select.value));
      location.reload();
    });
    chooser = h("label", {}, "View as ", select);
  }
  return [h("h2", {}, "Share"), h("ul", {}, items), chooser];
}

function copyButton(text) {
  return h("button", {
    type: "button", class: "small",
    onclick: async (e) => {
      try {
        await navigator.clipboard.writeText(text);
        e.target.textContent = "copied";
      } catch {
        prompt("Copy this link:", text);
      }
    },
  }, "copy");
}
