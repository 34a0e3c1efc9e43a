// Barcelona's words and colours: how the board names and paints the game's pieces, places and
// phases. The component values themselves come from the board data (data.js).

import { B, conditionVp } from "./data.js";

export const CLS_FILL = { upper: "#e2b93b", middle: "#8cc0e6", working: "#b9865a" };
export const CLS_LETTER = { upper: "U", middle: "M", working: "W" };
export const CLS_NAME = { upper: "Upper", middle: "Middle", working: "Working" };

export const BENEFIT = {
  coin: { short: "1", fill: "#f5c542", words: "1 Coin" },
  cloth: { short: "1", fill: "#c7a4d9", words: "1 Cloth" },
  vp: { short: "2VP", fill: "#fff", words: "2 VP" },
  cerda: { short: "C+1", fill: "#b8e0b0", words: "+1 Cerdà" },
  sagrada: { short: "S+1", fill: "#f3c6a0", words: "+1 Sagrada Família" },
};
export const LEVEL_NAME = ["Corner", "Level 1", "Level 2", "Level 3"];
export const LEVEL_FILL = ["#d9c7a5", "#e9d8b4", "#d7b98a", "#c3965f"];
export const LEVEL_NEEDS = ["any 2 Citizens", "any 2 Citizens; +1 Cerdà", "1 Middle + 1 any; may +1 Sagrada, −1 Cerdà",
  "1 Upper + 2 any; may +2 Sagrada, +7 VP, −2 Cerdà"];

export const ACTION = {
  cloth_vp: "Cloth + 3 VP", coins: "2 Coins", cerda: "+2 Cerdà", cobblestone: "Cobblestone",
  wide: "Wide Street", narrow: "Narrow Streets", intersection: "Intersection", take: "Take Project",
  improve: "Improve Project", service: "Public Service", tram: "Move Tram",
  walk_barcelona: "Walk Barcelona", walk_gracia: "Walk Gràcia", coin_cloth: "Coin + Cloth",
};
export const ACTION_WORDS = {
  cloth_vp: "gains a Cloth and 3 VP", coins: "gains 2 Coins", cerda: "advances 2 on the Cerdà track",
  coin_cloth: "gains a Coin and a Cloth", walk_barcelona: "walks the Barcelona Pedestrian",
  walk_gracia: "walks the Gràcia Pedestrian",
};

// what a Sidewalk space gives
export const SPOT = {
  sagrada: "+1 Sagrada", coin_cloth: "Coin+Cloth", coins2: "2 Coins", improve: "Improve", cerda2: "+2 Cerdà",
  take: "Take", coin: "1 Coin", cloth: "1 Cloth", wide: "Wide", narrow: "2 Narrow", cerda: "+1 Cerdà",
  centre: "centre", joy2: "+2 Joy", walk_b1: "1 step B", walk_b2: "2 steps B", walk_g1: "1 step G", walk_g2: "2 steps G",
};

// the Scoring conditions (Cerdà Scoring and Modernisme tiles): a short name, what counts
const CONDITION = {
  block_line: ["Block line", "blocks in your longest row or column of blocks with your Building marker"],
  coins: ["Coins", "Coins in your Warehouse, at most 5"],
  cloths: ["Cloths", "Cloths in your Warehouse, at most 5"],
  services: ["Services", "Public Services you built"],
  top_markers: ["Top markers", "Modernisme markers in the top position"],
  cobblestones: ["Cobblestones", "Cobblestones you placed"],
  narrow: ["Narrow tiles", "Narrow Street tiles you placed"],
  wide: ["Wide tiles", "Wide Street tiles you placed"],
  passengers: ["Passengers", "Passengers you placed"],
  intersections: ["Intersections", "Intersections you placed"],
  corners: ["Corners", "your Corner Buildings, at most one per block"],
  projects: ["Modernisme", "Modernisme tiles on your board"],
  bottom_markers: ["Bottom markers", "your Building markers at the bottom of non-Corner Buildings"],
  empty_spots: ["Empty spots", "empty Building-marker spots on your board"],
  busy_intersections: ["Busy Intersections", "your Intersections next to at least 3 Buildings"],
  multiplier: ["Multiplier", "your Cerdà multiplier"],
  busy_passengers: ["Busy Passengers", "your Passengers next to at least 2 Buildings"],
  narrow_line: ["Narrow line", "your longest line of own Narrow tiles on one street, at most 4"],
  wide_line: ["Wide line", "your longest line of own Wide tiles on one street, at most 4"],
  joy_barcelona: ["Joy B", "the Joy of your Barcelona Pedestrian"],
  joy_gracia: ["Joy G", "the Joy of your Gràcia Pedestrian"],
};
export const condShort = (c) => (CONDITION[c] ? CONDITION[c][0] : String(c).replace(/_/g, " "));
export const condText = (c) => (CONDITION[c] ? `${conditionVp(c)} VP × ${CONDITION[c][1]}` : String(c));

// what each Public Service's tile does
export const SERVICE_EFFECT = {
  market: "1 Cloth per block with your Building marker", estacio: "Move Your Tram; no Coin cost for the Passenger",
  hospital: "Build an Intersection, no Coin costs", companys: "Build Wide Street or Narrow Streets",
  universitat: "Place a Cobblestone anywhere", museu: "2 steps on the Sagrada Família track",
  pavello: "Take a Modernisme Project, no Cloth cost", guell: "up to 2 steps with each Pedestrian",
  casaramona: "Barcelona Pedestrian: +2 Joy and up to 1 step", palau: "Gràcia Pedestrian: +2 Joy and up to 1 step",
};

export const BONUS = { vp5: "5 VP", joy_b: "+1 Joy B, 2 VP", joy_g: "+1 Joy G, 2 VP", either: "Coin or Cloth" };
export const PEDESTRIAN = ["Barcelona", "Gràcia"];
export const AMENITY = {
  theatre: ["Theatre", "service"], discordia: ["Mansana de la Discòrdia", "take"], pedrera: ["La Pedrera", "improve"],
  station: ["Estació de Gràcia", "tram"], bench: ["Bench lamp", "intersection"], gazebo: ["Gazebo", "narrow"],
  carousel: ["Carousel", "wide"], batllo: ["Casa Batlló", "cobblestone"],
};
export const amenityText = (a) => (AMENITY[a] ? `${AMENITY[a][0]} (${ACTION[AMENITY[a][1]]})` : a || "?");
export const VIOLET = {
  a_spots: "A: empty marker stacks", a_top_projects: "A: Modernisme tiles on top",
  b_passengers: "B: Passengers on Street tiles", b_corners: "B: markers on Corners",
  c_multiplier: "C: Cerdà multiplier", c_sagrada: "C: Sagrada Família tiles",
};
export const HEX_REWARD = { vp2: "2 VP", vp3: "3 VP", vp4: "4 VP", coin: "Coin", cloth: "Cloth", cerda: "Cerdà" };

export const BENEFIT_WORDS = { coin: "1 Coin", vp: "2 VP", cloth: "1 Cloth", cerda: "+1 Cerdà", sagrada: "+1 Sagrada Família" };
export const PHASES = {
  setup: "setting up", place: "placing Citizens", actions: "street actions", build: "construction",
  confirm: "end of the turn", reveal: "revealing", pre_scoring: "before a Cerdà Scoring", refresh: "refreshing",
  draw: "drawing Citizens", pre_final: "before the final scoring", over: "game over",
};
export const TASKS = {
  benefits: "choosing Intersection benefits", act: "taking a granted action", narrow: "a second Narrow Street",
  passenger: "dropping a Passenger", store: "storing a gain in the Warehouse", sagrada: "steps on the Sagrada Família",
  sagrada_tile: "choosing a Sagrada Família tile", walk: "walking the Pedestrians", hex: "placing a hexagonal Cobblestone",
  starting_joy: "choosing a starting Joy",
};

export const WAIVED = {
  no_coins: "no Coin costs", no_cloth: "no Cloth cost", anywhere: "anywhere", free_passenger: "the Passenger's Coin waived",
};

/** A Public Service's name (the board data's). */
export const serviceName = (k) => B.service_names[k] || k;

export const SERVICE_SHORT = {
  market: "Sant Antoni", estacio: "Estació de França", hospital: "Santa Creu", companys: "Lluís Companys",
  universitat: "Universitat", museu: "Museu", pavello: "Pavelló", guell: "Parc Güell", casaramona: "Casaramona",
  palau: "Palau de la Música",
};

/** A Sagrada Família tile's reward in words ("+1 Cerdà, 2 VP", "3 VP + 1 Coin/Cloth", "+1 Joy ×3"). */
export function rewardText(tile) {
  const r = B.sagrada_tiles[tile];
  if (!r) return "";
  const count = (n, one) => `${n} ${n === 1 ? one : `${one}s`}`;
  const parts = [r.vp && `${r.vp} VP`, r.coins && count(r.coins, "Coin"), r.cloths && count(r.cloths, "Cloth"),
    r.either && `${r.either} Coin/Cloth`, r.joy.length && `+${r.joy[0]} Joy${r.joy.length > 1 ? ` ×${r.joy.length}` : ""}`,
    r.steps && `${count(r.steps, "step")} each`].filter(Boolean);
  const text = parts.join(" + ");
  return r.cerda ? `+${r.cerda} Cerdà${text ? `, ${text}` : ""}` : text;
}
