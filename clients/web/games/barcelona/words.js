// Barcelona in words: what the seat is asked to do now, a command as a button's label, and
// each event as a line of the log.

import { list, who } from "../kit.js";
import { plural } from "../../app/dom.js";
import { B, crossingName, siteName, spaceLabel } from "./data.js";
import { ACTION, ACTION_WORDS, BENEFIT_WORDS, CLS_NAME, LEVEL_NAME, PEDESTRIAN, SPOT, condShort, rewardText, serviceName } from "./names.js";
import { me, spaceName, topCitizen } from "./pieces.js";

let logExpansion = false; // the log's game, from its GameStarted line
const logSidewalk = () => (logExpansion ? B.overlay : B.sidewalk);

export function skipText(v) {
  const kind = v.waiting_for ? v.waiting_for.kind : null;
  return {
    act: "Skip the granted action", narrow: "No second Narrow Street", passenger: "No Passenger",
    sagrada: "No more Sagrada Família steps", walk: "Done walking",
  }[kind] || "Skip";
}

export function prompt(ctx) {
  const types = new Set(ctx.candidates.map((c) => c.type));
  const sel = ctx.selection;
  const v = ctx.view;
  if (types.has("PlaceCitizens")) {
    const top = topCitizen(ctx);
    const other = (me(ctx) && me(ctx).hand || []).some((c) => c !== top);
    return `Step 1 of 3: click a crossing to place your Citizens there, ${CLS_NAME[top] || "?"} on top${other ? " (click the other Citizen in your hand to put it on top instead)" : ""}.`;
  }
  if (types.has("ChooseBenefits")) return "Your Intersection got Citizens: choose its benefits.";
  if (types.has("Store")) return "Choose what your Warehouse keeps (the gain does not fit, or is Coin or Cloth as you like).";
  if (types.has("ChooseSagradaTile")) return "Choose a Sagrada Família tile.";
  if (types.has("StepSagrada")) return "Take a step on the Sagrada Família track, or stop.";
  if (types.has("PlacePassenger")) return "Drop a Passenger where your Tram stands (your next Passenger), or not.";
  if (types.has("PlaceHex")) return sel && "spot" in sel ? "Choose the violet Cobblestone to score with." : "Place a hexagonal Cobblestone on a reward space.";
  if (types.has("Walk") || types.has("GiveJoy")) return "Walk your Pedestrians (click the next space) or give Joy (click the die).";
  if (types.has("ChooseStartingJoy")) return "Choose which of your Pedestrians starts at Joy 2.";
  if (types.has("Build")) {
    const levels = [...new Set(ctx.candidates.map((c) => c.level))];
    if (sel && "site" in sel && levels.length === 1) return `Choose the Citizens for the ${LEVEL_NAME[levels[0]]} Building on ${siteName(sel.site)} (the buttons above the city).`;
    if (sel && "site" in sel) return `Choose the building tile for ${siteName(sel.site)}.`;
    if (sel && "level" in sel) return `Choose where to construct the ${LEVEL_NAME[sel.level]} Building.`;
    return "Step 3 of 3: you must construct a Building: click a highlighted building space (and a building tile when more than one fits).";
  }
  if (sel && "space" in sel && !("type" in sel)) return `Build a Street tile or move the Tram to ${spaceName(v, sel.space)}?`;
  if (sel && sel.type === "TakeProject") return "project" in sel ? "Choose the Project space for the tile." : "Choose the Modernisme tile to take.";
  if (v.waiting_for && v.waiting_for.kind === "act") return "Take the granted action (highlighted), or skip it.";
  if (v.waiting_for && v.waiting_for.kind === "narrow") return "Build a second Narrow Street, or stop.";
  if (types.has("EndActions")) return "Step 2 of 3: take the street actions of your crossing (highlighted), in any order, or end them.";
  if (types.has("EndTurn")) return "End your turn.";
  return "";
}

export function describeCommand(c, ctx) {
  const v = ctx && ctx.view;
  switch (c.type) {
    case "PlaceCitizens": return `Place Citizens on ${crossingName(c.crossing)}, ${CLS_NAME[c.top]} on top`;
    case "ChooseBenefits": return c.benefits.length ? `Take ${list(c.benefits.map((b) => BENEFIT_WORDS[b]))}` : "Take no benefit";
    case "TakeAction": return ACTION[c.action] || c.action;
    case "PlaceCobblestone": return `Place a Cobblestone on the Sidewalk's ${SPOT[v && v.sidewalk ? v.sidewalk[c.spot] : logSidewalk()[c.spot]] || c.spot} space`;
    case "BuildStreet": return `Build a Street on ${spaceLabel(c.space)}`;
    case "BuildIntersection": return `Build an Intersection on ${crossingName(c.crossing)}`;
    case "TakeProject": return `Take ${condShort(c.project)} to Project space ${c.slot + 1}`;
    case "ImproveProject": return `Improve Project space ${c.slot + 1}`;
    case "BuildService": return `Build ${serviceName(c.service)}`;
    case "MoveTram": return `Move the Tram to ${spaceLabel(c.space)}`;
    case "PlacePassenger": return "Drop a Passenger";
    case "Skip": return v ? skipText(v) : "Skip";
    case "EndActions": return "End the street actions";
    case "StepSagrada": return "Step on the Sagrada Família track";
    case "ChooseSagradaTile": return `Take Sagrada Família tile ${c.tile} (${rewardText(c.tile)})`;
    case "Store": return `Keep ${plural(c.coins, "Coin")} and ${plural(c.cloths, "Cloth")}`;
    case "Build": return `Use ${list(c.crossings.map(crossingName))} for a ${LEVEL_NAME[c.level]} Building on ${siteName(c.site)}`;
    case "RevealProjects": return "Reveal the Modernisme tiles";
    case "EndTurn": return "End the turn";
    case "Walk": return `Walk the ${PEDESTRIAN[c.pedestrian]} Pedestrian`;
    case "GiveJoy": return `Give Joy to the ${PEDESTRIAN[c.pedestrian]} Pedestrian`;
    case "PlaceHex": return `Hexagonal Cobblestone on space ${c.spot + 1} with violet ${c.violet + 1}`;
    case "ChooseStartingJoy": return `Start the ${PEDESTRIAN[c.pedestrian]} Pedestrian at Joy 2`;
    default: return c.type;
  }
}

const LEVEL_WORDS = ["a Corner Building", "a Level 1 Building", "a Level 2 Building", "a Level 3 Building"];
const SKIPPED = { act: "the granted action", narrow: "a second Narrow Street", passenger: "the Passenger", sagrada: "the Sagrada Família steps", walk: "the rest of the walk" };

export function describe(env, ctx) {
  const d = env.data || {};
  const p = who(ctx, d.seat);
  switch (env.type) {
    case "GameStarted": logExpansion = !!d.expansion; return `A game of Barcelona for ${d.seats} players starts${d.expansion ? " with Passeig de Gràcia" : ""}.`;
    case "SetupDrawn": return `Setup: street actions ${d.layout.map((a) => ACTION[a] || a).join(", ")}; Cerdà Scoring tiles ${d.cerda_tiles.map(condShort).join(", ")}.`;
    case "ProjectsRevealed":
    case "ProjectsRefreshed": return `Modernisme tiles revealed: ${d.projects.length ? d.projects.map(condShort).join(", ") : "none"}.`;
    case "CitizensDrawn": return d.citizens && d.citizens.length ? `${p} draws ${list(d.citizens.map((c) => CLS_NAME[c]))} Citizens.` : `${p} draws ${plural(d.count, "Citizen")}.`;
    case "CitizensPlaced": return `${p} places Citizens on ${crossingName(d.crossing)}${d.paid ? ` paying ${plural(d.paid, "Coin")}` : ""}, ${CLS_NAME[d.top]} on top${d.bottom ? ` (${CLS_NAME[d.bottom]} below)` : ""}.`;
    case "CitizenUncovered": return `${d.citizen === "upper" ? "An" : "A"} ${CLS_NAME[d.citizen]} Citizen is uncovered on ${crossingName(d.crossing)}.`;
    case "BenefitsChosen": return `${p} takes Intersection benefits: ${d.benefits.length ? list(d.benefits.map((b) => BENEFIT_WORDS[b])) : "none"}.`;
    case "ActionTaken": return `${p} ${ACTION_WORDS[d.action] || d.action}.`;
    case "CobblestonePlaced": return `${p} places a Cobblestone on the Sidewalk's ${SPOT[logSidewalk()[d.spot]] || `space ${d.spot}`} space.`;
    case "StreetBuilt": return `${p} builds a Street on ${spaceLabel(d.space)}.`;
    case "IntersectionBuilt": return `${p} builds an Intersection on ${crossingName(d.crossing)}.`;
    case "ProjectTaken": return `${p} takes the Modernisme tile ${condShort(d.project)} to Project space ${d.slot + 1}.`;
    case "ProjectImproved": return `${p} improves Project space ${d.slot + 1}.`;
    case "ServiceBuilt": return `${p} builds ${serviceName(d.service)}.`;
    case "TramMoved": return `${p} moves the Tram to ${spaceLabel(d.space)}.`;
    case "PassengerPlaced": return `${p} drops a Passenger on ${spaceLabel(d.space)}.`;
    case "Skipped": return `${p} skips ${SKIPPED[d.what] || String(d.what).replace(/_/g, " ")}.`;
    case "ActionsEnded": return `${p} ends the street actions.`;
    case "SagradaStepped": return `${p} steps on the Sagrada Família track.`;
    case "SagradaTileChosen": return `${p} takes the Sagrada Família tile ${d.tile} (${rewardText(d.tile)}).`;
    case "Stored": return `${p} keeps ${plural(d.coins, "Coin")} and ${plural(d.cloths, "Cloth")} in the Warehouse.`;
    case "Built": return `${p} constructs ${LEVEL_WORDS[d.level]} on ${siteName(d.site)} with the Citizens of ${list(d.crossings.map(crossingName))}.`;
    case "TurnEnded": return `${p} ends the turn.`;
    case "CerdaScored": return `Cerdà Scoring ${d.section + 1} (${condShort(d.tile)}): ${(d.vp || []).map((n, seat) => `${who(ctx, seat)} ${n} VP`).join(", ")}.`;
    case "Walked": return `${p} walks the ${PEDESTRIAN[d.pedestrian]} Pedestrian one step.`;
    case "JoyGiven": return `${p} gives Joy to the ${PEDESTRIAN[d.pedestrian]} Pedestrian.`;
    case "HexPlaced": return `${p} places a hexagonal Cobblestone on space ${d.spot + 1} (violet ${d.violet + 1}).`;
    case "StartingJoyChosen": return `${p} starts the ${PEDESTRIAN[d.pedestrian]} Pedestrian at Joy 2.`;
    default: return env.type;
  }
}
