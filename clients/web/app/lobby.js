// The lobby, /: games waiting, being played and finished; create a game; join a seat.

import * as api from "./api.js";
import { $, h, mount } from "./dom.js";
import { practiceTag } from "./panels.js";
import { chip } from "./seats.js";
import { optionsForm, readOptions } from "./schema.js";
import * as store from "./store.js";
import { botSeatFields, readBots, readTable, showBotSeats, tableFields } from "./tableform.js";
import { botsSummary, tableSummary } from "./tablewords.js";

let kinds = [];

function showMessage(text) {
  const box = $("#message");
  box.className = text ? "message error" : "message";
  box.textContent = text || "";
}

function nameOrAsk() {
  const input = $("#player-name");
  const name = input.value.trim();
  if (!name) {
    showMessage("Type your name first: the other players see it.");
    input.focus();
    return null;
  }
  store.rememberName(name);
  return name;
}

function titleOf(kind) {
  const found = kinds.find((k) => k.kind === kind);
  return found ? found.title : kind;
}

function chooseKind() {
  const kind = kinds.find((k) => k.kind === $("#kind").value);
  if (!kind) return;
  mount($("#seats"), kind.seats.map((n) => h("option", { value: n }, `${n} players`)));
  mount($("#options"), optionsForm(kind.options_schema || {}));
  chooseSeats();
}

function chooseSeats() {
  botSeatFields(Number($("#seats").value), $("#with-bots").checked);
}

async function join(game, seat) {
  const name = nameOrAsk();
  if (!name) return;
  try {
    const joined = await api.joinGame(game.game_id, name, seat, store.sourceSeat(game));
    store.rememberSeat(game.game_id, joined.seat, joined.token, name);
    location.href = `/games/${encodeURIComponent(game.game_id)}`;
  } catch (err) {
    showMessage(err.message);
    refresh();
  }
}

async function fillWithBots(game) {
  try {
    await api.addBots(game.game_id, store.botsToken(game.game_id));
  } catch (err) {
    showMessage(err.message);
  }
  refresh();
}

function gameItem(game) {
  const held = store.seatsHeld(game.game_id);
  const names = game.names || [];
  const open = names.filter((n) => !n).length;
  const page = `/games/${encodeURIComponent(game.game_id)}`;
  const links = [];
  if (game.status === "waiting" && open > 0) {
    links.push(h("button", { type: "button", class: "primary join", onclick: () => join(game) }, held.length ? "Join another seat" : "Join"));
    // only the creator or a seated player may call the bots in: this browser must hold a token
    if (store.botsToken(game.game_id)) {
      links.push(h("button", { type: "button", class: "small fill-bots", onclick: () => fillWithBots(game) }, "Fill with bots"));
    }
  }
  if (held.length) links.push(h("a", { href: page, class: "open" }, game.status === "finished" ? "Open" : "Play"));
  links.push(h("a", { href: page, class: "watch" }, game.status === "finished" ? "Final position" : "Spectate"));
  links.push(h("a", { href: `${page}/replay`, class: "replay" }, "Replay"));
  for (const s of held) {
    const link = store.seatLink(game.game_id, s.token);
    links.push(h("button", {
      type: "button", class: "small", title: "Copy a link that opens your seat on another device",
      onclick: async (e) => {
        try { await navigator.clipboard.writeText(link); e.target.textContent = "copied"; } catch { prompt("Your seat link:", link); }
      },
    }, `seat ${s.seat + 1} link`));
  }
  let result = null;
  if (game.outcome && game.outcome.winners) {
    result = h("span", { class: "seats" }, `won by ${game.outcome.winners.map((w) => names[w] || `seat ${w + 1}`).join(", ")}`);
  }
  return h("li", { class: "game", "data-game": game.game_id, "data-kind": game.kind },
    h("span", { class: "kind" }, titleOf(game.kind)),
    h("code", {}, game.game_id),
    practiceTag(game),
    h("span", { class: "seats" }, names.map((n, i) => [chip(i, 14), " ", n || "open", "  "])),
    tableSummary(game.table) ? h("span", { class: "table-info" }, tableSummary(game.table)) : null,
    botsSummary(game) ? h("span", { class: "seats bot-levels" }, `bots: ${botsSummary(game)}`) : null,
    game.forked_from ? h("span", { class: "seats" }, `fork of ${game.forked_from} at step ${game.forked_at}`) : null,
    result,
    h("span", { class: "links" }, links));
}

async function refresh() {
  for (const status of ["waiting", "active", "finished"]) {
    try {
      const games = await api.listGames(status);
      games.sort((a, b) => (b.created_at || 0) - (a.created_at || 0));
      mount($(`#games-${status}`), games.length ? games.slice(0, 50).map(gameItem) : h("li", { class: "empty" }, "none"));
    } catch (err) {
      mount($(`#games-${status}`), h("li", { class: "empty" }, err.message));
    }
  }
}

async function create(e) {
  e.preventDefault();
  showMessage("");
  const name = nameOrAsk();
  if (!name) return;
  const kind = kinds.find((k) => k.kind === $("#kind").value);
  let options, table;
  try {
    options = readOptions($("#options"), kind.options_schema || {});
    table = readTable();
  } catch (err) {
    showMessage(`An option is not valid: ${err.message}`);
    return;
  }
  try {
    const game = api.normalGame(await api.createGame(kind.kind, Number($("#seats").value), options, undefined, table));
    store.rememberCreator(game.game_id, game.creator_token);
    const joined = await api.joinGame(game.game_id, name);
    store.rememberSeat(game.game_id, joined.seat, joined.token, name);
    const bots = readBots();
    if (bots) await api.addBots(game.game_id, joined.token, bots);
    location.href = `/games/${encodeURIComponent(game.game_id)}`;
  } catch (err) {
    showMessage(err.message);
  }
}

async function main() {
  $("#player-name").value = store.playerName();
  $("#player-name").addEventListener("change", (e) => store.rememberName(e.target.value.trim()));
  try {
    kinds = await api.listKinds();
  } catch (err) {
    showMessage(err.message);
  }
  const order = ["bellavista", "villa", "carrara", "barcelona"];
  kinds.sort((a, b) => ((order.indexOf(a.kind) + 1) || 99) - ((order.indexOf(b.kind) + 1) || 99));
  mount($("#kind"), kinds.map((k) => h("option", { value: k.kind }, k.title)));
  mount($("#table-options"), h("legend", {}, "Table"), tableFields());
  $("#kind").addEventListener("change", chooseKind);
  $("#seats").addEventListener("change", chooseSeats);
  $("#with-bots").addEventListener("change", (e) => showBotSeats(e.target.checked));
  chooseKind();
  $("#create-form").addEventListener("submit", create);
  await refresh();
  setInterval(() => { if (!document.hidden) refresh(); }, 3000);
}

main();
