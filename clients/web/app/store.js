// What the browser remembers: the player's name and the seat tokens it holds, per game.
// localStorage key "plaza.seats.<game>" -> {"<seat>": {"token", "name"}}; "plaza.current.<game>" -> seat;
// "plaza.creator.<game>" -> the creator token of a game this browser created.

const NAME_KEY = "plaza.name";

function read(key, fallback) {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? fallback : JSON.parse(raw);
  } catch {
    return fallback;
  }
}

function write(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    /* storage full or disabled: the page still works for this visit */
  }
}

export function playerName() {
  return read(NAME_KEY, "");
}

export function rememberName(name) {
  write(NAME_KEY, name);
}

/** Every seat this browser holds in `game`: [{seat, token, name}] sorted by seat. */
export function seatsHeld(game) {
  const map = read(`plaza.seats.${game}`, {});
  return Object.entries(map)
    .map(([seat, v]) => ({ seat: Number(seat), token: v.token, name: v.name || "" }))
    .sort((a, b) => a.seat - b.seat);
}

export function tokenFor(game, seat) {
  const held = seatsHeld(game).find((s) => s.seat === seat);
  return held ? held.token : null;
}

export function rememberSeat(game, seat, token, name = "") {
  const map = read(`plaza.seats.${game}`, {});
  map[seat] = { token, name };
  write(`plaza.seats.${game}`, map);
  write(`plaza.current.${game}`, seat);
}

export function forgetSeat(game, seat) {
  const map = read(`plaza.seats.${game}`, {});
  delete map[seat];
  write(`plaza.seats.${game}`, map);
}

export function rememberCreator(game, token) {
  if (token) write(`plaza.creator.${game}`, token);
}

/** A token that may seat the server's bots in `game`: a seat's (the current one first) or the
 * creator's; null when this browser holds none, and the server would refuse. */
export function botsToken(game) {
  const seat = currentSeat(game) || seatsHeld(game)[0];
  return seat ? seat.token : read(`plaza.creator.${game}`, null);
}

/**
 * For a fork (`game` as normalGame gives it): a seat this browser holds in the source game
 * that is still open in the fork, as {seat, token} (the source's token), or null. A fork of an
 * unfinished game lets only the source's seats in, each into its own seat.
 */
export function sourceSeat(game) {
  if (!game || !game.forked_from) return null;
  const open = (seat) => seat < game.names.length && !game.names[seat];
  const held = seatsHeld(game.forked_from).filter((s) => open(s.seat));
  const current = currentSeat(game.forked_from);
  return held.find((s) => current && s.seat === current.seat) || held[0] || null;
}

/** The seat the page plays as (the last one joined or chosen), or null. */
export function currentSeat(game) {
  const held = seatsHeld(game);
  if (!held.length) return null;
  const chosen = read(`plaza.current.${game}`, null);
  if (chosen === -1) return null; // chose to watch as a spectator
  const found = held.find((s) => s.seat === chosen);
  return found || held[0];
}

export function chooseSeat(game, seat) {
  write(`plaza.current.${game}`, seat);
}

/** A token handed over in the URL fragment (#token=T), removed from the address bar. */
export function takeTokenFromHash() {
  const match = /(?:^#|&)token=([^&]+)/.exec(location.hash);
  if (!match) return null;
  history.replaceState(null, "", location.pathname + location.search);
  return decodeURIComponent(match[1]);
}

export function seatLink(game, token) {
  return `${location.origin}/games/${encodeURIComponent(game)}#token=${encodeURIComponent(token)}`;
}

export function spectateLink(game) {
  return `${location.origin}/games/${encodeURIComponent(game)}`;
}
