// Barcelona: the city (crossings with their Citizen stacks and Intersections, street spaces
// with Street tiles, Trams and Passengers, the blocks' building spaces, the street actions
// and the Building Bonus tiles), the Sidewalk, the Citizen tracks with the Cerdà Scoring
// tiles, the Modernisme display, the Public Services, the Sagrada Família tiles, the
// building tiles and, with Passeig de Gràcia, the two paths and the hexagonal Sidewalk;
// below, every player's board. A hand and the lower Citizen of a stack are only in their
// owner's view.
//
// The view gives places by number; the city's geometry and the fixed component values come
// from the board data the server serves (data.js), fetched once when the module is loaded.
//
// city.js draws the city, supply.js the supplies beside it, passeig.js the expansion,
// player.js a player's board, turn.js the turn box, words.js the prompt and the log.

import { h } from "../../app/dom.js";
import { city } from "./city.js";
import { passeig } from "./passeig.js";
import { memo, serviceShort, spaceName } from "./pieces.js";
import { playerBoard } from "./player.js";
import { buildingTiles, display, sagradaSupply, services, sidewalk, tracks } from "./supply.js";
import { turnBox } from "./turn.js";

export { setBoardData } from "./data.js";
export { describe, describeCommand, prompt } from "./words.js";

export function render(ctx) {
  const v = ctx.view;
  const order = [...Array(v.seats).keys()];
  if (ctx.seat !== null && ctx.seat !== undefined) order.sort((a, b) => (b === ctx.seat) - (a === ctx.seat));
  const m = (inputs, types, build) => memo(ctx, inputs, types, () => h("div", {}, build(ctx)));
  const players = v.players;
  return h("div", { class: "barcelona bc-layout" },
    turnBox(ctx),
    h("div", { class: "bc-main bc-scroll" }, city(ctx)),
    h("div", { class: "bc-side" },
      m([v.tiles_left], ["Build"], buildingTiles),
      m([v.display, v.face_down, v.projects_left], ["TakeProject", "RevealProjects"], display),
      m([v.sidewalk, v.cobblestones], ["PlaceCobblestone"], sidewalk)),
    h("div", { class: "bc-wide" },
      h("div", { class: "bc-scroll" }, m([v.tracks, v.track_vp, v.cerda_tiles, v.scored, v.building_vp, v.seats], [], tracks)),
      h("div", { class: "bc-scroll" }, m([v.services, players.map((p) => p.services)], ["BuildService"], services)),
      h("div", { class: "bc-scroll" }, m([v.sagrada_tiles], ["ChooseSagradaTile"], sagradaSupply)),
      v.expansion ? h("div", { class: "bc-scroll" }, m([v.amenities, v.violets, v.hexes, players.map((p) => [p.joy, p.walked])],
        ["Walk", "GiveJoy", "ChooseStartingJoy", "PlaceHex"], passeig)) : null,
      h("p", { class: "hint" }, "Citizens: U Upper, M Middle, W Working; the small disc at a crossing's corner is the Citizen below the top one (only the player who placed it sees it). Empty street spaces show their printed benefit: Coin, Cloth, 2VP, C+1 Cerdà, S+1 Sagrada Família. A purple ring marks the crossing in use this turn and the street actions it still offers; orange dashes mark what you can click.")),
    h("div", { class: "bc-players" }, order.map((seat) => memo(ctx,
      [players[seat], seat, v.turn, v.finished, v.expansion, players[seat].tram === null ? null : spaceName(v, players[seat].tram), players[seat].services.map((k) => serviceShort(v, k))],
      seat === ctx.seat ? ["PlaceCitizens", "StepSagrada", "PlacePassenger", "TakeProject", "ImproveProject"] : [],
      () => playerBoard(ctx, seat)))));
}

export function scores(view) {
  return view && view.players ? view.players.map((p) => p.vp) : null;
}
