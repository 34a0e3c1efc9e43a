// The play page, /games/{id}: live as a seat (when the browser holds its token) or as a spectator.

import * as api from "./api.js";
import { SeatClocks, serverTime, tickClocks } from "./clock.js";
import { Connection } from "./connection.js";
import { $, h, mount } from "./dom.js";
import { GameLog } from "./log.js";
import { renderOutcome } from "./outcome.js";
import { Picker } from "./picker.js";
import { boardContext, drawBoard, playersPanel, practiceTag } from "./panels.js";
import { seatName as nameOf, setPalette } from "./seats.js";
import { shareBox, waitingBox } from "./seating.js";
import * as store from "./store.js";
import { botFor, seatExtras, tableButtons, tableInfo, tableNotices } from "./table.js";
import { loadBoard } from "../games/index.js";

const gameId = decodeURIComponent(location.pathname.split("/")[2] || "");

const page = {
  meta: null,
  title: "",
  board: null,
  seat: null,
  token: null,
  view: null,
  legal: [],
  active: [],
  outcome: null,
  seq: 0,
  conn: null,
  log: null,
  picker: null,
  busy: false,
  message: null,
  table: null, // the table of the latest frame: clocks, bots, drops, a rematch (an extension)
  clocks: new SeatClocks(),
};
window.plaza = page; // for the curious and for the browser tests

function names() {
  return (page.meta && page.meta.names) || [];
}

function seatName(seat) {
  return nameOf(names(), seat);
}

function showMessage(text, kind = "error") {
  page.message = text ? { text, kind } : null;
  const box = $("#message");
  box.className = text ? `message ${kind}` : "message";
  box.textContent = text || "";
}

function setConnStatus(status) {
  const badge = $("#conn");
  const labels = {
    connecting: "connecting…",
    open: "live",
    reconnecting: "reconnecting…",
    reconnected: "reconnected",
    closed: "closed",
  };
  badge.textContent = labels[status] || status;
  badge.dataset.status = status;
  const banner = $("#conn-banner");
  if (status === "reconnecting") {
    banner.textContent = "Connection lost: reconnecting…";
    banner.dataset.status = status;
    banner.hidden = false;
  } else if (status === "reconnected") {
    banner.textContent = "Reconnected: you are up to date.";
    banner.dataset.status = status;
    banner.hidden = false;
    clearTimeout(setConnStatus.timer);
    setConnStatus.timer = setTimeout(() => {
      banner.hidden = true;
      badge.textContent = "live";
    }, 4000);
  } else {
    banner.hidden = true;
  }
}

async function refreshMeta() {
  try {
    const meta = await api.getGame(gameId);
    const renamed = JSON.stringify(meta.names) !== JSON.stringify(page.meta && page.meta.names);
    page.meta = meta;
    if (renamed && page.log) page.log.rename(meta.names);
    return meta;
  } catch (err) {
    return page.meta;
  }
}

// -- acting ------------------------------------------------------------------------

async function send(command) {
  if (!page.conn || page.busy) return;
  page.busy = true;
  showMessage("");
  draw();
  const answer = await page.conn.command(command, page.seq);
  if (answer.op === "rejected") showMessage(answer.message);
  settle(answer);
}

/** Stay busy after `accepted` until the update that carries the command's events is in. */
function settle(answer) {
  if (answer.op === "accepted" && page.seq < answer.seq) {
    page.waitSeq = answer.seq;
    clearTimeout(page.settleTimer);
    page.settleTimer = setTimeout(() => settle({ op: "timeout" }), 5000);
    draw();
    return;
  }
  clearTimeout(page.settleTimer);
  page.waitSeq = null;
  page.busy = false;
  draw();
}

/** Leave the game ("leave": a bot plays this seat) or take the seat back ("reclaim"). */
async function tableOp(op) {
  if (!page.conn || page.busy) return;
  page.busy = true;
  showMessage("");
  draw();
  const answer = await page.conn[op]();
  if (answer.op === "rejected") showMessage(answer.message);
  settle(answer);
}

async function undo() {
  if (!page.conn || page.busy) return;
  page.busy = true;
  page.picker.selection = null;
  showMessage("");
  draw();
  const answer = await page.conn.undo();
  if (answer.op === "rejected") showMessage(answer.message);
  settle(answer);
}

function undoPossible() {
  if (page.seat === null || page.outcome || !page.active.includes(page.seat)) return false;
  const eff = page.log.effective();
  const last = eff[eff.length - 1];
  if (!last || last.actor !== page.seat) return false;
  return !eff.some((env) => env.ref === last.ref && env.actor === page.seat && env.irreversible);
}

// -- drawing -----------------------------------------------------------------------

function context() {
  return boardContext({
    view: page.view, legal: page.legal, seat: page.seat, active: page.active, outcome: page.outcome,
    names: names(), seats: page.meta ? page.meta.seats : 0, picker: page.picker,
  });
}

function statusText(ctx) {
  const meta = page.meta;
  if (page.outcome) return "Game over.";
  if (!meta || meta.status === "waiting" || page.view === null) {
    const taken = names().filter((n) => n).length;
    return `Waiting for players: ${taken} of ${meta ? meta.seats : "?"} seats taken.`;
  }
  const waiting = page.active.filter((s) => s !== page.seat).map(seatName);
  if (page.seat !== null && botFor(page, page.seat)) return "A bot plays for you: take your seat back to play again.";
  if (page.seat !== null && page.active.includes(page.seat)) {
    const step = page.board.prompt ? page.board.prompt(ctx) : "";
    const also = waiting.length ? ` (also waiting for ${waiting.join(", ")})` : "";
    return `Your move${also}. ${step}`.trim();
  }
  return waiting.length ? `Waiting for ${waiting.join(", ")}.` : "Waiting…";
}

function drawPlayers() {
  mount($("#players"), playersPanel({
    seats: page.meta ? page.meta.seats : 0, names: names(), active: page.active, seat: page.seat,
    scores: page.outcome ? page.outcome.scores : page.board.scores ? page.board.scores(page.view) : null, over: !!page.outcome,
    extra: (seat) => seatExtras(page, seat), footer: tableInfo(page),
  }));
}

function draw() {
  if (!page.board) return;
  const picker = page.picker;
  picker.enabled = page.seat !== null && !page.busy && !page.outcome;
  picker.setLegal(page.legal);
  picker.beginRender();
  const ctx = context();
  document.body.dataset.seat = page.seat === null ? "spectator" : page.seat;
  document.body.dataset.seq = page.seq;
  document.body.dataset.busy = page.busy ? "yes" : "no";
  page.draws = (page.draws || 0) + 1;
  document.body.dataset.myTurn = page.seat !== null && page.active.includes(page.seat) ? "yes" : "no";
  document.body.dataset.status = page.outcome ? "finished" : page.view === null || page.meta.status === "waiting" ? "waiting" : "active";

  const boardBox = $("#board");
  const waiting = !page.outcome && (!page.meta || page.meta.status === "waiting" || page.view === null);
  mount(boardBox, waiting ? waitingBox(page, gameId, { showMessage, checkStarted }) : null,
    page.view === null || page.view === undefined ? null : drawBoard(page.board, ctx));
  $("#status").textContent = statusText(ctx);
  const mine = page.seat !== null && page.active.includes(page.seat) && !page.outcome && !botFor(page, page.seat);
  $("#status").classList.toggle("your-turn", mine);

  // actions: commands no board target reaches, cancel and undo
  const actions = [];
  const leftover = page.view ? picker.uncovered() : [];
  for (const command of leftover) {
    const label = page.board.describeCommand(command, ctx);
    actions.push(picker.target(h("button", { type: "button", class: "move" }, label), command, label));
  }
  if (page.seat !== null && !page.outcome && page.view) {
    actions.push(h("button", { type: "button", id: "cancel", disabled: !picker.selection, onclick: () => picker.cancel() }, "Cancel choice"));
    actions.push(h("button", { type: "button", id: "undo", disabled: !undoPossible() || page.busy, onclick: undo }, "Undo"));
  }
  actions.push(...tableButtons(page, gameId, names(), { act: tableOp, showMessage }));
  mount($("#actions"), actions);
  mount($("#table-notices"), tableNotices(page, names()));
  drawPlayers();
  mount($("#outcome"), page.outcome ? renderOutcome(page.outcome, names()) : null);
  mount($("#share"), shareBox(page, gameId));
}

// -- the connection ----------------------------------------------------------------

function apply(frame) {
  page.seq = frame.seq;
  page.view = frame.view;
  page.legal = frame.legal || [];
  page.active = frame.active || [];
  page.outcome = frame.outcome || null;
  page.table = frame.table || null;
  page.clocks.note(page.table);
  if (page.board.palette && page.view) setPalette(page.board.palette(page.view));
}

function connect() {
  page.conn = new Connection(gameId, page.token, {
    onWelcome(frame, { reconnected }) {
      if (frame.seat !== null && frame.seat !== undefined && page.token) {
        page.seat = frame.seat;
        const known = store.seatsHeld(gameId).find((s) => s.seat === frame.seat);
        store.rememberSeat(gameId, frame.seat, page.token, (known && known.name) || names()[frame.seat] || "");
      }
      apply(frame);
      if (!reconnected) page.log.clear();
      page.log.add(frame.events || []);
      if (page.waitSeq && page.seq >= page.waitSeq) settle({ op: "welcome" });
      if (frame.view === null || (page.meta && page.meta.status === "waiting")) refreshMeta().then(draw);
      draw();
    },
    onUpdate(frame) {
      const wasWaiting = page.view === null || (page.meta && page.meta.status === "waiting");
      apply(frame);
      page.log.add(frame.events || []);
      if (page.waitSeq && page.seq >= page.waitSeq) settle({ op: "update" });
      draw();
      if (wasWaiting || page.outcome) refreshMeta().then(draw);
    },
    onError(frame) {
      if (frame.code === "bad_token") {
        showMessage(`${frame.message} You are watching as a spectator.`);
        page.token = null;
        page.conn.close();
        connect();
        return;
      }
      if (frame.code === "unknown_game" || frame.code === "private_fork") {
        page.conn.close();
      }
      // a fork of an unfinished game shows nothing to spectators; its players join below
      if (frame.code === "private_fork" && store.sourceSeat(page.meta)) return;
      showMessage(frame.message);
    },
    onStatus: setConnStatus,
  });
  page.conn.open();
}

async function checkStarted() {
  const meta = await refreshMeta();
  // the game started: say hello again so `legal` is fresh even if no event came with it
  if (meta && meta.status !== "waiting" && page.conn) page.conn.reconnect({ quiet: true });
  draw();
}

function pollWhileWaiting() {
  setInterval(() => {
    if (!page.meta || page.meta.status !== "waiting" || document.hidden) return;
    checkStarted();
  }, 1500);
}

async function main() {
  if (!gameId) {
    showMessage("No game in the address.");
    return;
  }
  const handed = store.takeTokenFromHash();
  try {
    page.meta = await api.getGame(gameId);
  } catch (err) {
    mount($("#board"), h("p", { class: "message error" }, err.message), h("p", {}, h("a", { href: "/" }, "Back to the lobby")));
    return;
  }
  if (handed) {
    page.token = handed;
  } else {
    const held = store.currentSeat(gameId);
    page.token = held ? held.token : null;
  }
  page.board = await loadBoard(page.meta.kind);
  try {
    const kinds = await api.listKinds();
    const info = kinds.find((k) => k.kind === page.meta.kind);
    page.title = info ? info.title : page.meta.kind;
  } catch {
    page.title = page.meta.kind;
  }
  document.title = `${page.title} · Plaza`;
  $("#title").textContent = page.title;
  const practice = practiceTag(page.meta);
  if (practice) $("#title").after(practice);
  $("#game-id").textContent = gameId;
  page.picker = new Picker({ onSend: send, onChange: draw });
  page.send = send; // what a click sends, reachable for tests and the console
  page.undo = undo;
  page.log = new GameLog($("#log"), page.board, { names: names() });
  connect();
  pollWhileWaiting();
  serverTime().then((now) => page.clocks.note(page.table, now));
  setInterval(() => tickClocks(page.clocks, !!page.outcome), 200);
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape") page.picker.cancel();
  });
  draw();
}

main();
