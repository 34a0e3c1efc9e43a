// The replay page, /games/{id}/replay: any step, forward and back, from any view the browser
// may take (the spectators', or a seat whose token it holds); fork a new game from a step.

import * as api from "./api.js";
import { $, h, mount } from "./dom.js";
import { GameLog } from "./log.js";
import { renderOutcome } from "./outcome.js";
import { boardContext, drawBoard, playersPanel, practiceTag } from "./panels.js";
import { Picker } from "./picker.js";
import { seatChoice, setPalette } from "./seats.js";
import * as store from "./store.js";
import { loadBoard } from "../games/index.js";

const gameId = decodeURIComponent(location.pathname.split("/")[2] || "");

const page = {
  meta: null,
  board: null,
  seq: 0, // the last step of the game
  at: 0, // the step shown
  viewer: null, // seat or null for the spectators
  state: null,
  log: null,
  playing: null,
  request: 0,
};
window.plaza = page;

const names = () => (page.meta && page.meta.names) || [];

function showMessage(text) {
  const box = $("#message");
  box.className = text ? "message error" : "message";
  box.textContent = text || "";
}

function token() {
  return page.viewer === null ? null : store.tokenFor(gameId, page.viewer);
}

function setUrl() {
  const params = new URLSearchParams();
  params.set("at", page.at);
  if (page.viewer !== null) params.set("seat", page.viewer);
  history.replaceState(null, "", `${location.pathname}?${params}`);
}

async function loadEvents() {
  const events = await api.getAllEvents(gameId, token());
  page.log.clear();
  page.log.add(events);
  page.seq = Math.max(page.log.lastSeq(), page.meta.seq || 0);
  $("#seek").max = page.seq;
}

async function show(at) {
  page.at = Math.max(0, Math.min(page.seq, at));
  const mine = ++page.request;
  $("#seek").value = page.at;
  $("#step-label").textContent = `Step ${page.at} of ${page.seq}`;
  document.body.dataset.at = page.at;
  let state;
  try {
    state = await api.getState(gameId, page.at, token());
  } catch (err) {
    if (mine === page.request) showMessage(err.message);
    return;
  }
  if (mine !== page.request) return; // a later step was asked for meanwhile
  showMessage("");
  page.state = state;
  setUrl();
  draw();
  document.body.dataset.shown = page.at;
}

function draw() {
  const state = page.state;
  const picker = new Picker({ onSend() {}, onChange() {} });
  picker.enabled = false;
  picker.setLegal([]);
  const seats = page.meta.seats;
  if (page.board.palette && state.view) setPalette(page.board.palette(state.view));
  const ctx = boardContext({
    view: state.view, legal: [], seat: page.viewer, active: state.active || [], outcome: state.outcome,
    names: names(), seats, picker,
  });
  mount($("#board"), state.view === null ? h("p", { class: "waiting" }, "Before the first step: nothing is set up yet.") : drawBoard(page.board, ctx));
  const env = page.log.envelopes.find((e) => e.seq === page.at);
  $("#status").textContent = env ? `Step ${page.at}: ${page.log.text(env)}` : "The start.";
  page.log.markAt(page.at);
  mount($("#players"), playersPanel({
    seats, names: names(), active: state.active || [], seat: page.viewer,
    scores: state.outcome ? state.outcome.scores : page.board.scores ? page.board.scores(state.view) : null, over: !!state.outcome,
  }));
  mount($("#outcome"), state.outcome ? renderOutcome(state.outcome, names()) : null);
  $("#back").disabled = $("#first").disabled = page.at <= 0;
  $("#forward").disabled = $("#last").disabled = page.at >= page.seq;
}

function togglePlay() {
  if (page.playing) {
    clearInterval(page.playing);
    page.playing = null;
    $("#play").textContent = "Play";
    return;
  }
  if (page.at >= page.seq) show(0);
  $("#play").textContent = "Pause";
  page.playing = setInterval(() => {
    if (page.at >= page.seq) togglePlay();
    else show(page.at + 1);
  }, 700);
}

/** The token a fork is asked with: the seat viewed, else any seat this browser holds (an
 * unfinished game is forked only by its seats; a finished one by anyone). */
function forkToken() {
  const held = store.currentSeat(gameId) || store.seatsHeld(gameId)[0];
  return token() || (held ? held.token : null);
}

async function fork() {
  try {
    const game = await api.forkGame(gameId, page.at, forkToken());
    const joined = game.joined;
    if (joined) {
      // the forker holds the same seat in the fork: its page opens as that seat
      const name = names()[joined.seat] || store.playerName();
      store.rememberSeat(game.game_id, joined.seat, joined.token, name);
    }
    location.href = `/games/${encodeURIComponent(game.game_id)}`;
  } catch (err) {
    showMessage(err.message);
  }
}

function viewerChooser() {
  const held = store.seatsHeld(gameId);
  const select = $("#viewer");
  // a seat's view needs its token (the server redacts for the caller)
  const seats = held.map((s) => s.seat);
  mount(select, h("option", { value: "" }, "Spectators"),
    seats.map((s) => h("option", { value: s, selected: s === page.viewer }, seatChoice(s, names()[s]))));
  select.value = page.viewer === null ? "" : String(page.viewer);
  select.onchange = async () => {
    page.viewer = select.value === "" ? null : Number(select.value);
    await loadEvents();
    show(page.at);
  };
}

async function main() {
  try {
    page.meta = await api.getGame(gameId);
  } catch (err) {
    mount($("#board"), h("p", { class: "message error" }, err.message));
    return;
  }
  page.board = await loadBoard(page.meta.kind);
  const title = page.meta.title || page.meta.kind;
  document.title = `Replay: ${title} · Plaza`;
  $("#title").textContent = `Replay: ${title}`;
  const practice = practiceTag(page.meta);
  if (practice) $("#title").after(practice);
  $("#game-id").textContent = gameId;
  $("#live-link").href = `/games/${encodeURIComponent(gameId)}`;
  const params = new URLSearchParams(location.search);
  const wanted = params.get("seat");
  if (wanted !== null && wanted !== "" && store.tokenFor(gameId, Number(wanted))) {
    page.viewer = Number(wanted);
  } else {
    const held = store.currentSeat(gameId);
    page.viewer = held ? held.seat : null;
  }
  page.log = new GameLog($("#log"), page.board, { names: names() });
  page.log.onPick = (seq) => show(seq);
  if (page.board.palette) {
    // the seats' colours, so the log's chips match the board from the first line
    const latest = await api.getState(gameId, null, token()).catch(() => null);
    if (latest && latest.view) setPalette(page.board.palette(latest.view));
  }
  try {
    await loadEvents();
  } catch (err) {
    showMessage(err.message); // a fork of an unfinished game is open to its players only
    return;
  }
  viewerChooser();
  $("#first").onclick = () => show(0);
  $("#back").onclick = () => show(page.at - 1);
  $("#forward").onclick = () => show(page.at + 1);
  $("#last").onclick = () => show(page.seq);
  $("#play").onclick = togglePlay;
  $("#seek").oninput = (e) => show(Number(e.target.value));
  $("#fork").onclick = fork;
  document.addEventListener("keydown", (e) => {
    if (e.target.closest("input, select, textarea")) return;
    if (e.key === "ArrowLeft") show(page.at - 1);
    else if (e.key === "ArrowRight") show(page.at + 1);
    else if (e.key === "Home") show(0);
    else if (e.key === "End") show(page.seq);
    else if (e.key === " ") { e.preventDefault(); togglePlay(); }
  });
  const at = params.get("at");
  show(at === null ? page.seq : Number(at));
}

main();
