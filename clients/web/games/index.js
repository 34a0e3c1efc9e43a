// The board registry: one module per game kind. A later game plugs in with one line here
// and a file `games/<kind>.js` exporting render(ctx) and describe(envelope, ctx); anything
// not listed falls back to the generic board.

const BOARDS = {
  bellavista: () => import("./bellavista.js"),
  villa: () => import("./villa.js"),
  carrara: () => import("./carrara.js"),
  barcelona: () => import("./barcelona.js"),
};

export async function loadBoard(kind) {
  const generic = await import("./generic.js");
  const loader = BOARDS[kind];
  if (!loader) return generic;
  try {
    const board = await loader();
    // a board may leave out the optional parts; the generic ones stand in
    return { ...generic, ...board };
  } catch (err) {
    console.error(`board for ${kind} failed to load; using the generic board`, err);
    return generic;
  }
}
