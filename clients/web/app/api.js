// HTTP side of PROTOCOL.md: every call under /api, errors as ApiError(code, message).

export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

export async function api(method, path, { body, token } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: "no-store",
    });
  } catch (err) {
    throw new ApiError(0, "network", "The server cannot be reached. Check your connection and try again.");
  }
  let payload = null;
  const text = await response.text();
  if (text) {
    try {
      payload = JSON.parse(text);
    } catch {
      payload = null;
    }
  }
  if (!response.ok) {
    const error = payload && payload.error;
    throw new ApiError(
      response.status,
      (error && error.code) || `http_${response.status}`,
      (error && error.message) || `The server answered ${response.status} ${response.statusText}.`,
    );
  }
  return payload;
}

const enc = encodeURIComponent;

export const listKinds = () => api("GET", "/api/kinds");
// an extension of PROTOCOL.md: the game's static board data (its geometry, fixed components)
export const getBoardData = (kind) => api("GET", `/api/kinds/${enc(kind)}/board`);
export const listGames = async (status) => gamesOf(await api("GET", `/api/games?status=${enc(status)}`)).map(normalGame);
export const getGame = async (id) => normalGame(await api("GET", `/api/games/${enc(id)}`));
// `table` (an extension): the table's options: clock (a preset's name or its fields),
// on_expiry, leave_after_s, bot_level; left out when there are none
export function createGame(kind, seats, options, seed, table) {
  const body = { kind, seats, options };
  if (seed !== undefined) body.seed = seed;
  if (table && Object.keys(table).length) body.table = table;
  return api("POST", "/api/games", { body });
}
// `source` ({seat, token}, as store.sourceSeat gives it): a fork of an unfinished game takes
// only the source's seats, each proven by its token in the source game
export function joinGame(id, name, seat, source) {
  const body = { name };
  if (seat !== undefined && seat !== null) body.seat = seat;
  if (source) Object.assign(body, { seat: source.seat, source_token: source.token });
  return api("POST", `/api/games/${enc(id)}/join`, { body });
}
// an extension of PROTOCOL.md: the server's bots take every open seat, or `which.seats` only,
// each at its level in `which.levels` ({"seat": level}), else `which.level` (default random);
// `token` is the game's creator token or one of its seat tokens
export const addBots = (id, token, which) => api("POST", `/api/games/${enc(id)}/bots`, { token, body: which || undefined });
// an extension: the caller's seat ({game_id, seat, token}) in the rematch of a finished game
export const rematch = (id, token) => api("POST", `/api/games/${enc(id)}/rematch`, { token });
// an unfinished game is forked only by one of its seats (`token`); the answer's `joined` is
// the seat the caller then holds in the fork
export const forkGame = (id, at, token) => api("POST", `/api/games/${enc(id)}/fork`, { body: { at }, token });

export function getState(id, at, token) {
  const query = at === undefined || at === null ? "" : `?at=${enc(at)}`;
  return api("GET", `/api/games/${enc(id)}/state${query}`, { token });
}

/** Every envelope after `since`, paging on until the answer comes back empty. */
export async function getAllEvents(id, token, since = 0) {
  const events = [];
  let seq = since;
  for (let guard = 0; guard < 10000; guard++) {
    const answer = await api("GET", `/api/games/${enc(id)}/events?since=${seq}&limit=500`, { token });
    const page = answer.events || [];
    events.push(...page);
    if (!page.length) break;
    seq = page[page.length - 1].seq;
    if (seq >= answer.seq) break;
  }
  return events;
}

/**
 * Game metadata with `names` (one per seat, null when open) and `seats` as the seat count,
 * whether the server sends `seats` as the list of names or as a number with `names`.
 */
export function normalGame(game) {
  if (!game) return game;
  const names = Array.isArray(game.names) ? game.names : Array.isArray(game.seats) ? game.seats : [];
  const seats = typeof game.seats === "number" ? game.seats : names.length;
  return { ...game, names, seats };
}

/** The lobby lists may come as a bare list or wrapped as {games: [...]}. */
export function gamesOf(answer) {
  if (Array.isArray(answer)) return answer;
  if (answer && Array.isArray(answer.games)) return answer.games;
  return [];
}
