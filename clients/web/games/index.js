// The board registry: one module per game kind. A later game plugs in with one line here
// and a file `games/<kind>.js` (or a folder `games/<kind>/` with its index.js) exporting
// render(ctx) and describe(envelope, ctx); anything not listed falls back to the generic
// board. A module exporting setBoardData(data) gets the game's static board data first
// (GET /api/kinds/{kind}/board), fetched once here.

import { getBoardData } from "../app/api.js";

const BOARDS = {
  bellavista: () => import("./bellavista.js"),
  villa: () => import("./villa.js"),
  carrara: () => import("./carrara.js"),
  barcelona: () => import("./barcelona/index.js"),
};

export async function loadBoard(kind) {
  const generic = await import("./generic.js");
  const loader = BOARDS[kind];
  if (!loader) return generic;
  try {
    const board = await loader();
    if (board.setBoardData) board.setBoardData(await getBoardData(kind));
    // a board may leave out the optional parts; the generic ones stand in
    return { ...generic, ...board };
  } catch (err) {
    console.error(`board for ${kind} failed to load; using the generic board`, err);
    return generic;
  }
}
