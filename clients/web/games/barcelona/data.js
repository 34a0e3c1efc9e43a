// The static board data the server serves (GET /api/kinds/barcelona/board): the city's
// geometry and the fixed component values, from domain/barcelona/board.py. Set once, before
// anything is drawn or described; nothing here copies it.

export const B = {};

/** Keep the board data (games/index.js calls this when it loads the module). */
export function setBoardData(data) {
  Object.assign(B, data);
  // building spaces by block row and column, as the drawing places them
  B.sitePlaces = data.sites.map((site) => ({ r: site.block[0], c: site.block[1], kind: site.kind }));
}

/** Crossing x: rows A-E from the top, columns 1-5 from the left ("C3"). */
export const crossingName = (x) => (B.crossings[x] ? B.crossings[x].name : `crossing ${x}`);

/** A street space by its two crossings ("A1-A2"). */
export const spaceLabel = (i) => (B.spaces[i] ? B.spaces[i].name : `street space ${i}`);

/** A building space by its block ("block B3", "block A1 (upper corner)"). */
export function siteName(i) {
  const t = B.sitePlaces[i];
  if (!t) return `space ${i}`;
  const where = `block ${"ABCD"[t.r]}${t.c + 1}`;
  return t.kind === "square" ? where : `${where} (${t.kind} corner)`;
}

/** The streets through crossing x: its row, its column, and the Diagonal if it lies on it. */
export const streetsOf = (x) => B.crossings[x].streets;

/** Whether Citizen-track space i starts covered (with 2 or 3 players). */
export const coveredAtStart = (seats, i) => !!(B.covered_at_start[seats] || [])[i];

/** The Cerdà track's printed label of space i ("×2", "start"), or "" when it has none. */
export function cerdaLabel(i) {
  if (!(i in B.cerda_labels)) return "";
  return i === B.cerda_start ? "start" : `×${B.cerda_labels[i]}`;
}

/** A Scoring condition's VP each ("?" when unknown). */
export const conditionVp = (c, unknown = "?") => (c in B.condition_vp ? B.condition_vp[c] : unknown);
