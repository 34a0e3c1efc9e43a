// Barcelona: the city (crossings with their Citizen stacks and Intersections, street spaces
// with Street tiles, Trams and Passengers, the blocks' building spaces, the street actions
// and the Building Bonus tiles), the Sidewalk, the Citizen tracks with the Cerdà Scoring
// tiles, the Modernisme display, the Public Services, the Sagrada Família tiles, the
// building tiles and, with Passeig de Gràcia, the two paths and the hexagonal Sidewalk;
// below, every player's board. A hand and the lower Citizen of a stack are only in their
// owner's view.
//
// The view gives places by number; where it gives no drawing data the fixed component data
// is mirrored here, each block naming its Python source.

import { h, s } from "../app/dom.js";
import { badge, chip, colour } from "../app/seats.js";
import { choiceButtons, label, list, note, panel, who } from "./kit.js";

// -- component data mirrored from domain/barcelona ------------------------------------

const CLASSES = ["upper", "middle", "working"]; // components.CLASSES (track rows, top first)
const CLS_FILL = { upper: "#e2b93b", middle: "#8cc0e6", working: "#b9865a" };
const CLS_LETTER = { upper: "U", middle: "M", working: "W" };
const CLS_NAME = { upper: "Upper", middle: "Middle", working: "Working" };

// geometry.py: crossing (r, c) is 5r + c; rows A-E, columns 1-5
const crossingName = (x) => `${"ABCDE"[Math.floor(x / 5)]}${(x % 5) + 1}`;

// geometry._spaces: the 20 row spaces, the 20 column spaces, then the 4 Diagonal spaces
const SPACE_ENDS = [
  ...Array.from({ length: 20 }, (_, i) => [5 * Math.floor(i / 4) + (i % 4), 5 * Math.floor(i / 4) + (i % 4) + 1]),
  ...Array.from({ length: 20 }, (_, i) => [i, i + 5]),
  ...Array.from({ length: 4 }, (_, i) => [6 * i, 6 * i + 6]),
];
const spaceLabel = (i) => (SPACE_ENDS[i] ? `${crossingName(SPACE_ENDS[i][0])}-${crossingName(SPACE_ENDS[i][1])}` : `street space ${i}`);
// components.SIDEWALK and OVERLAY (the expansion's), row by row from the top
const SIDEWALK = ["sagrada", "coin_cloth", "coins2", "improve", "sagrada", "cerda2", "take", "coin", "cloth", "wide",
  "narrow", "cerda", "centre", "cerda", "narrow", "wide", "cloth", "coin", "take", "cerda2",
  "sagrada", "improve", "narrow", "coin_cloth", "sagrada"];
const OVERLAY = ["sagrada", "coin_cloth", "joy2", "improve", "walk_g2", "cerda2", "take", "coin", "coins2", "wide",
  "narrow", "walk_g1", "centre", "walk_b1", "narrow", "wide", "cloth", "coin", "take", "cerda2",
  "walk_b2", "improve", "joy2", "coin_cloth", "sagrada"];
let logExpansion = false; // the log's game, from its GameStarted line

// geometry._buildings: block by block; a Diagonal block gives its upper then lower triangle
const SITES = (() => {
  const out = [];
  for (let r = 0; r < 4; r++) {
    for (let c = 0; c < 4; c++) {
      const a = r * 5 + c; const b = a + 1; const d = a + 5; const e = a + 6;
      if (r === c) {
        out.push({ r, c, kind: "upper", corners: [a, b, e] });
        out.push({ r, c, kind: "lower", corners: [a, d, e] });
      } else out.push({ r, c, kind: "square", corners: [a, b, d, e] });
    }
  }
  return out;
})();
const siteName = (i) => {
  const t = SITES[i];
  if (!t) return `space ${i}`;
  const where = `block ${"ABCD"[t.r]}${t.c + 1}`;
  return t.kind === "square" ? where : `${where} (${t.kind} corner)`;
};

// geometry._printed: per street the benefits cycle Coin, Cloth, 2 VP, +1 Cerdà, +1 Sagrada
// Família, shifted by two per street (street ids: rows 0-4, columns 5-9, the Diagonal 10)
const PRINTED_CYCLE = ["coin", "cloth", "vp", "cerda", "sagrada"];
function printedBenefits(spaces, streets) {
  const seen = {};
  return spaces.map((sp) => {
    const street = streets.indexOf(sp.street);
    const k = seen[street] || 0;
    seen[street] = k + 1;
    return PRINTED_CYCLE[(k + 2 * street) % 5];
  });
}
const BENEFIT = {
  coin: { short: "1", fill: "#f5c542", words: "1 Coin" },
  cloth: { short: "1", fill: "#c7a4d9", words: "1 Cloth" },
  vp: { short: "2VP", fill: "#fff", words: "2 VP" },
  cerda: { short: "C+1", fill: "#b8e0b0", words: "+1 Cerdà" },
  sagrada: { short: "S+1", fill: "#f3c6a0", words: "+1 Sagrada Família" },
};

// components: Citizen tracks (3 sections of 6), covered spaces, scoring spaces
const SECTION = 6;
const coveredAtStart = (seats, i) => (i % SECTION === 0 && seats <= 3) || (i % SECTION === 1 && seats === 2);
// components.CERDA_LABELS (start = 3 counts as x1)
const CERDA_LABEL = { 0: "×0", 1: "×1", 3: "start", 5: "×2", 7: "×3", 9: "×4" };
const SAGRADA_SLOTS = { 1: 1, 3: 2, 5: 3, 7: 4 };
const INTERSECTION_COSTS = ["free", "1 Coin", "2 Coins", "1 Coin + 1 Cloth", "2 Coins + 1 Cloth"];
const INTERSECTION_UNLOCKS = ["coin", "vp", "cloth", "cerda", "sagrada"];
const PASSENGER_COSTS = ["1 Coin", "1 Cloth", "1 Coin + 1 Cloth", "2 Coins + 1 Cloth", "2 Coins + 2 Cloths"];
const PASSENGER_VP = [1, 5, 10, 16, 23];
const COBBLE_VP = [1, 2, 4, 7, 11, 16];
const MARKER_STACKS = [2, 2, 2, 1, 1];
const LEVEL_NAME = ["Corner", "Level 1", "Level 2", "Level 3"];
const LEVEL_FILL = ["#d9c7a5", "#e9d8b4", "#d7b98a", "#c3965f"];
const LEVEL_NEEDS = ["any 2 Citizens", "any 2 Citizens; +1 Cerdà", "1 Middle + 1 any; may +1 Sagrada, −1 Cerdà",
  "1 Upper + 2 any; may +2 Sagrada, +7 VP, −2 Cerdà"];

const ACTION = {
  cloth_vp: "Cloth + 3 VP", coins: "2 Coins", cerda: "+2 Cerdà", cobblestone: "Cobblestone",
  wide: "Wide Street", narrow: "Narrow Streets", intersection: "Intersection", take: "Take Project",
  improve: "Improve Project", service: "Public Service", tram: "Move Tram",
  walk_barcelona: "Walk Barcelona", walk_gracia: "Walk Gràcia", coin_cloth: "Coin + Cloth",
};
const ACTION_WORDS = {
  cloth_vp: "gains a Cloth and 3 VP", coins: "gains 2 Coins", cerda: "advances 2 on the Cerdà track",
  coin_cloth: "gains a Coin and a Cloth", walk_barcelona: "walks the Barcelona Pedestrian",
  walk_gracia: "walks the Gràcia Pedestrian",
};

// components.SIDEWALK / OVERLAY spot names
const SPOT = {
  sagrada: "+1 Sagrada", coin_cloth: "Coin+Cloth", coins2: "2 Coins", improve: "Improve", cerda2: "+2 Cerdà",
  take: "Take", coin: "1 Coin", cloth: "1 Cloth", wide: "Wide", narrow: "2 Narrow", cerda: "+1 Cerdà",
  centre: "centre", joy2: "+2 Joy", walk_b1: "1 step B", walk_b2: "2 steps B", walk_g1: "1 step G", walk_g2: "2 steps G",
};

// components.CONDITIONS with CONDITION_VP
const CONDITION = {
  block_line: [2, "Block line", "blocks in your longest row or column of blocks with your Building marker"],
  coins: [2, "Coins", "Coins in your Warehouse, at most 5"],
  cloths: [2, "Cloths", "Cloths in your Warehouse, at most 5"],
  services: [2, "Services", "Public Services you built"],
  top_markers: [2, "Top markers", "Modernisme markers in the top position"],
  cobblestones: [2, "Cobblestones", "Cobblestones you placed"],
  narrow: [1, "Narrow tiles", "Narrow Street tiles you placed"],
  wide: [2, "Wide tiles", "Wide Street tiles you placed"],
  passengers: [2, "Passengers", "Passengers you placed"],
  intersections: [2, "Intersections", "Intersections you placed"],
  corners: [3, "Corners", "your Corner Buildings, at most one per block"],
  projects: [2, "Modernisme", "Modernisme tiles on your board"],
  bottom_markers: [2, "Bottom markers", "your Building markers at the bottom of non-Corner Buildings"],
  empty_spots: [3, "Empty spots", "empty Building-marker spots on your board"],
  busy_intersections: [3, "Busy Intersections", "your Intersections next to at least 3 Buildings"],
  multiplier: [2, "Multiplier", "your Cerdà multiplier"],
  busy_passengers: [3, "Busy Passengers", "your Passengers next to at least 2 Buildings"],
  narrow_line: [2, "Narrow line", "your longest line of own Narrow tiles on one street, at most 4"],
  wide_line: [2, "Wide line", "your longest line of own Wide tiles on one street, at most 4"],
  joy_barcelona: [2, "Joy B", "the Joy of your Barcelona Pedestrian"],
  joy_gracia: [2, "Joy G", "the Joy of your Gràcia Pedestrian"],
};
const condShort = (c) => (CONDITION[c] ? CONDITION[c][1] : String(c).replace(/_/g, " "));
const condText = (c) => (CONDITION[c] ? `${CONDITION[c][0]} VP × ${CONDITION[c][2]}` : String(c));

// components.SERVICE effects
const SERVICE_EFFECT = {
  market: "1 Cloth per block with your Building marker", estacio: "Move Your Tram; no Coin cost for the Passenger",
  hospital: "Build an Intersection, no Coin costs", companys: "Build Wide Street or Narrow Streets",
  universitat: "Place a Cobblestone anywhere", museu: "2 steps on the Sagrada Família track",
  pavello: "Take a Modernisme Project, no Cloth cost", guell: "up to 2 steps with each Pedestrian",
  casaramona: "Barcelona Pedestrian: +2 Joy and up to 1 step", palau: "Gràcia Pedestrian: +2 Joy and up to 1 step",
};

// components.SERVICE_NAMES
const SERVICE_NAME = {
  market: "Sant Antoni Market", estacio: "Estació de França", hospital: "Hospital de la Santa Creu i de Sant Pau",
  companys: "Passeig de Lluís Companys", universitat: "Universitat de Barcelona", museu: "Museu del Modernisme Català",
  pavello: "Hospital de Sant Pau, Pavelló d'Operacions", guell: "Parc Güell", casaramona: "Fàbrica Casaramona",
  palau: "Palau de la Música Catalana",
};

// components.SAGRADA_TILES
const SAGRADA = {
  "1a": "5 VP", "1b": "3 VP + 1 Coin/Cloth", "1c": "1 Coin + 1 Cloth", "1d": "+1 Cerdà, 2 VP", "1x": "+1 Joy",
  "2a": "7 VP", "2b": "5 VP + 1 Coin/Cloth", "2c": "2 Coin/Cloth", "2d": "+1 Cerdà, 4 VP", "2x": "1 step each",
  "3a": "10 VP", "3b": "6 VP + 2 Coin/Cloth", "3c": "3 Coin/Cloth", "3d": "+2 Cerdà, 4 VP", "3x": "+1 Joy ×3",
  "4a": "18 VP", "4b": "8 VP + 3 Coin/Cloth", "4c": "5 Coin/Cloth", "4d": "+3 Cerdà, 6 VP", "4x": "2 steps each",
};

const BONUS = { vp5: "5 VP", joy_b: "+1 Joy B, 2 VP", joy_g: "+1 Joy G, 2 VP", either: "Coin or Cloth" };
const PEDESTRIAN = ["Barcelona", "Gràcia"];
const AMENITY = {
  theatre: ["Theatre", "service"], discordia: ["Mansana de la Discòrdia", "take"], pedrera: ["La Pedrera", "improve"],
  station: ["Estació de Gràcia", "tram"], bench: ["Bench lamp", "intersection"], gazebo: ["Gazebo", "narrow"],
  carousel: ["Carousel", "wide"], batllo: ["Casa Batlló", "cobblestone"],
};
const amenityText = (a) => (AMENITY[a] ? `${AMENITY[a][0]} (${ACTION[AMENITY[a][1]]})` : a || "?");
const VIOLET = {
  a_spots: "A: empty marker stacks", a_top_projects: "A: Modernisme tiles on top",
  b_passengers: "B: Passengers on Street tiles", b_corners: "B: markers on Corners",
  c_multiplier: "C: Cerdà multiplier", c_sagrada: "C: Sagrada Família tiles",
};
// components.HEX_SPACES: (reward, violets next to it)
const HEX_SPACES = [
  ["vp2", [0]], ["coin", [0]], ["vp3", [0]], ["cloth", [0]], ["cerda", [0]],
  ["vp4", [0, 1]], ["vp2", [0, 1]], ["coin", [1]], ["cloth", [1]],
  ["vp3", [1, 2]], ["cerda", [1, 2]], ["vp4", [2]], ["coin", [2]], ["cloth", [2]],
];
const HEX_REWARD = { vp2: "2 VP", vp3: "3 VP", vp4: "4 VP", coin: "Coin", cloth: "Cloth", cerda: "Cerdà" };

const BENEFIT_WORDS = { coin: "1 Coin", vp: "2 VP", cloth: "1 Cloth", cerda: "+1 Cerdà", sagrada: "+1 Sagrada Família" };
const PHASES = {
  setup: "setting up", place: "placing Citizens", actions: "street actions", build: "construction",
  confirm: "end of the turn", reveal: "revealing", pre_scoring: "before a Cerdà Scoring", refresh: "refreshing",
  draw: "drawing Citizens", pre_final: "before the final scoring", over: "game over",
};
const TASKS = {
  benefits: "choosing Intersection benefits", act: "taking a granted action", narrow: "a second Narrow Street",
  passenger: "dropping a Passenger", store: "storing a gain in the Warehouse", sagrada: "steps on the Sagrada Família",
  sagrada_tile: "choosing a Sagrada Família tile", walk: "walking the Pedestrians", hex: "placing a hexagonal Cobblestone",
  starting_joy: "choosing a starting Joy",
};

// -- small pieces ------------------------------------------------------------------

const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

const WAIVED = {
  no_coins: "no Coin costs", no_cloth: "no Cloth cost", anywhere: "anywhere", free_passenger: "the Passenger's Coin waived",
};

// The details of the task the game waits for (view.waiting_for), in words: "" when none.
function taskDetails(task) {
  if (!task) return "";
  const gain = [task.coins && plural(task.coins, "Coin"), task.cloths && plural(task.cloths, "Cloth"),
    task.either && `${task.either} Coin or Cloth`].filter(Boolean);
  const walk = [task.steps[0] && `Barcelona ${plural(task.steps[0], "step")}`,
    task.steps[1] && `Gràcia ${plural(task.steps[1], "step")}`].filter(Boolean);
  switch (task.kind) {
    case "benefits": return `up to ${plural(task.n, "benefit")}`;
    case "act": return [list(task.actions.map((a) => ACTION[a] || a), "or"), task.flags.length ? `with ${list(task.flags.map((f) => WAIVED[f] || f))}` : ""].filter(Boolean).join(" ");
    case "store": return gain.length ? `the gain: ${list(gain)}` : "";
    case "sagrada": return `${plural(task.n, "step")} left`;
    case "sagrada_tile": return task.n ? `level ${task.n}` : "";
    case "walk": return walk.length ? `left: ${list(walk)}` : "";
    default: return "";
  }
}

function citizen(cls, cx, cy, r, attrs = {}) {
  return s("g", { class: "bc-citizen", "data-class": cls, ...attrs },
    s("circle", { cx, cy, r, fill: CLS_FILL[cls] || "#ccc", stroke: "#333", "stroke-width": 1.2 }),
    label(cx, cy + 0.5, CLS_LETTER[cls] || "?", { "font-size": r * 1.05, "font-weight": 700, fill: "#222" }));
}

function hiddenCitizen(cx, cy, r) {
  return s("g", { class: "bc-hidden" },
    s("circle", { cx, cy, r, fill: "#777", stroke: "#333", "stroke-width": 1.2 }),
    label(cx, cy + 0.5, "?", { "font-size": r * 1.05, "font-weight": 700, fill: "#fff" }));
}

/** The benefit printed on a street space: a small coloured token with a short text. */
function benefitMark(kind, cx, cy) {
  const b = BENEFIT[kind];
  const shape = kind === "coin" ? s("circle", { cx, cy, r: 7, fill: b.fill, stroke: "#8a6d00" })
    : s("rect", { x: cx - (kind === "cloth" ? 7 : 11), y: cy - 7, width: kind === "cloth" ? 14 : 22, height: 14, rx: 3, fill: b.fill, stroke: "#777" });
  shape.setAttribute("class", "bc-printed");
  return [shape, label(cx, cy + 0.5, b.short, { "font-size": kind === "coin" || kind === "cloth" ? 9 : 8, "font-weight": 700, fill: "#333" })];
}

/** Append a node or a (nested) list of nodes. */
function put(parent, x) {
  for (const n of [x].flat(Infinity)) if (n) parent.append(n);
  return parent;
}

/** A group holding a highlighted outline when a legal command matches `pattern`. */
function spotShape(ctx, pattern, text, outline, children) {
  const g = s("g", { class: "spot" }, children);
  if (ctx.can(pattern)) g.append(s(outline.tag, { ...outline.attrs, class: "glow" }));
  g.append(s(outline.tag, { ...outline.attrs, class: "hit", fill: "transparent", stroke: "none" }));
  return ctx.target(g, pattern, text);
}

function rectSpot(ctx, pattern, text, x, y, w, hgt, children, rx = 4) {
  return spotShape(ctx, pattern, text, { tag: "rect", attrs: { x, y, width: w, height: hgt, rx } }, children);
}

// Every redraw builds the whole board (some 1500 SVG nodes), which is slow on a small
// machine; a part with nothing clickable is built once per input and cloned afterwards.
const CACHE = new Map();
function memo(ctx, inputs, types, build) {
  if (ctx.interactive && ctx.legal.some((c) => types.includes(c.type))) return build();
  const key = JSON.stringify([inputs, ctx.names, ctx.seat, ctx.selection]);
  const hit = CACHE.get(key);
  // the node itself moves from the last drawing (about to be replaced) into the new one;
  // a clone when the same part is drawn twice in one drawing
  if (hit) return hit.isConnected || !hit.parentNode ? hit : hit.cloneNode(true);
  const node = build();
  if (!node.querySelector(".target") && !node.classList.contains("target")) {
    if (CACHE.size > 400) CACHE.clear();
    CACHE.set(key, node);
  }
  return node;
}

const me = (ctx) => (ctx.seat === null || ctx.seat === undefined ? null : ctx.view.players[ctx.seat]);
const has = (ctx, type) => ctx.legal.some((c) => c.type === type);
const streetName = (view, k) => {
  const n = view.streets[k] || `street ${k}`;
  return n.startsWith("row ") ? `row ${"ABCDE"[Number(n.slice(4)) - 1] || n.slice(4)}` : n;
};
const spaceName = (view, i) => (view.spaces[i] ? view.spaces[i].name : spaceLabel(i));

// -- the city -------------------------------------------------------------------------

const G = 112; // crossing spacing
const ML = 104; // left margin: the row action tiles
const MT = 70; // top margin: the column action tiles
const NARROW_W = 24;
const WIDE_W = 36;
const XR = 19; // crossing radius
const px = (x) => ML + (x % 5) * G;
const py = (x) => MT + Math.floor(x / 5) * G;

function city(ctx) {
  const v = ctx.view;
  const width = ML + 4 * G + 104;
  const height = MT + 4 * G + 64;
  const printed = printedBenefits(v.spaces, v.streets);
  const rowWide = (r) => v.spaces.some((sp) => sp.street === v.streets[r] && sp.wide);
  const layers = {};
  // blocks and building spaces
  layers.sites = memo(ctx, [v.sites], ["Build"], () => {
    const layer = s("g", { class: "bc-sites" });
    SITES.forEach((site, i) => {
      const x0 = ML + site.c * G;
      const y0 = MT + site.r * G;
      const inset = WIDE_W / 2 + 3;
      let shape;
      let cx;
      let cy;
      if (site.kind === "square") {
        shape = { tag: "rect", attrs: { x: x0 + inset, y: y0 + inset, width: G - 2 * inset, height: G - 2 * inset, rx: 6 } };
        cx = x0 + G / 2;
        cy = y0 + G / 2;
      } else {
        const a = inset + 2;
        const b = G - inset - 2;
        const pts = site.kind === "upper"
          ? [[x0 + a + 16, y0 + a], [x0 + b, y0 + a], [x0 + b, y0 + b - 16]]
          : [[x0 + a, y0 + a + 16], [x0 + a, y0 + b], [x0 + b - 16, y0 + b]];
        shape = { tag: "polygon", attrs: { points: pts.map((p) => p.join(",")).join(" ") } };
        cx = (pts[0][0] + pts[1][0] + pts[2][0]) / 3;
        cy = (pts[0][1] + pts[1][1] + pts[2][1]) / 3;
      }
      const here = v.sites[i];
      const fill = here ? LEVEL_FILL[here.level] : "#e6dfd0";
      const parts = [s(shape.tag, { ...shape.attrs, fill, stroke: here ? "#6d5c40" : "#cfc6b3", "stroke-width": here ? 1.5 : 1 })];
      if (here) {
        parts.push(label(cx, cy - (here.markers.length ? 9 : 0), here.level === 0 ? "Corner" : `L${here.level}`, { "font-size": here.level === 0 ? 9 : 13, "font-weight": 700, fill: "#4a3b22" }));
        const n = here.markers.length;
        here.markers.forEach((seat, k) => parts.push(badge(seat, cx - ((n - 1) * 15) / 2 + k * 15, cy + 9, 7)));
      }
      const g = s("g", { class: "bc-site", "data-site": i }, s("title", {}, `${siteName(i)}${here ? `: ${LEVEL_NAME[here.level]}` : ", empty"}`));
      let body;
      if (site.kind === "square") {
        body = spotShape(ctx, { type: "Build", site: i }, `Construct on ${siteName(i)}`, shape, parts);
      } else {
        // a Corner triangle: its outline highlighted, its click point (the .hit) at its
        // centroid, clear of the Diagonal's street spaces beside it
        const pattern = { type: "Build", site: i };
        body = s("g", { class: "spot" }, parts);
        if (ctx.can(pattern)) {
          body.append(s(shape.tag, { ...shape.attrs, class: "glow" }),
            s(shape.tag, { ...shape.attrs, fill: "none", stroke: ctx.selected(pattern) ? "#7a2cf0" : "#ff8800", "stroke-width": 3, "stroke-dasharray": ctx.selected(pattern) ? null : "6 3" }));
        }
        body.append(s("circle", { class: "hit", cx, cy, r: 8, fill: "transparent", stroke: "none" }));
        body = ctx.target(body, pattern, `Construct on ${siteName(i)}`);
      }
      g.append(body);
      layer.append(g);
    });
    return layer;
  });

  // streets: bands under the spaces
  layers.streets = memo(ctx, [v.spaces.map((sp) => sp.wide)], [], () => {
    const layer = s("g", { class: "bc-streets" });
    for (let r = 0; r < 5; r++) {
      const w = rowWide(r) ? WIDE_W : NARROW_W;
      layer.append(s("rect", { x: ML - 8, y: MT + r * G - w / 2, width: 4 * G + 16, height: w, fill: "#b9b3a8" }));
    }
    for (let c = 0; c < 5; c++) {
      const w = rowWide(5 + c) ? WIDE_W : NARROW_W;
      layer.append(s("rect", { x: ML + c * G - w / 2, y: MT - 8, width: w, height: 4 * G + 16, fill: "#b9b3a8" }));
    }
    layer.append(s("line", { x1: ML - 6, y1: MT - 6, x2: ML + 4 * G + 6, y2: MT + 4 * G + 6, stroke: "#b9b3a8", "stroke-width": WIDE_W }));
    return layer;
  });

  // street spaces
  layers.spaces = memo(ctx, [v.spaces, v.players.map((p) => p.tram)], ["BuildStreet", "MoveTram"], () => {
    const layer = s("g", { class: "bc-spaces" });
    v.spaces.forEach((sp, i) => {
      const [a, b] = sp.ends;
      const x1 = px(a); const y1 = py(a); const x2 = px(b); const y2 = py(b);
      const cx = (x1 + x2) / 2;
      const cy = (y1 + y2) / 2;
      const len = Math.hypot(x2 - x1, y2 - y1) - 2 * XR - 8;
      const w = (sp.wide ? WIDE_W : NARROW_W) - 4;
      const angle = (Math.atan2(y2 - y1, x2 - x1) * 180) / Math.PI;
      const rect = { tag: "rect", attrs: { x: cx - len / 2, y: cy - w / 2, width: len, height: w, rx: 3, transform: `rotate(${angle} ${cx} ${cy})` } };
      const parts = [s("rect", { ...rect.attrs, fill: sp.tile === null ? "#d8d3c9" : colour(sp.tile), stroke: sp.tile === null ? "#a39d91" : "#222", "stroke-width": sp.tile === null ? 1 : 1.5, opacity: sp.tile === null ? 1 : 0.85 })];
      // along the space: the printed benefit (or the tile), then a Passenger, then a Tram
      const ux = (x2 - x1) / Math.hypot(x2 - x1, y2 - y1);
      const uy = (y2 - y1) / Math.hypot(x2 - x1, y2 - y1);
      const at = (d) => [cx + ux * d, cy + uy * d];
      if (sp.tile === null) parts.push(benefitMark(printed[i], ...at(0)));
      else parts.push(badge(sp.tile, ...at(0), 8), label(...at(-len / 2 + 8), sp.wide ? "W" : "N", { "font-size": 9, "font-weight": 700, fill: "#fff", "pointer-events": "none" }));
      if (sp.passenger !== null && sp.passenger !== undefined) {
        const [qx, qy] = at(-len / 2 + 14);
        parts.push(s("g", { class: "bc-passenger", "data-seat": sp.passenger }, s("title", {}, `${who(ctx, sp.passenger)}'s Passenger`),
          s("circle", { cx: qx, cy: qy, r: 8, fill: "#fff", stroke: colour(sp.passenger), "stroke-width": 3 }),
          label(qx, qy + 0.5, "P", { "font-size": 9, "font-weight": 700 })));
      }
      const tram = v.players.findIndex((p) => p.tram === i);
      if (tram >= 0) {
        const [tx, ty] = at(len / 2 - 15);
        parts.push(s("g", { class: "bc-tram", "data-seat": tram }, s("title", {}, `${who(ctx, tram)}'s Tram`),
          s("rect", { x: tx - 12, y: ty - 8, width: 24, height: 16, rx: 4, fill: colour(tram), stroke: "#111", "stroke-width": 1.5 }),
          badge(tram, tx, ty, 6)));
      }
      const g = s("g", { class: "bc-space", "data-space": i, "data-wide": sp.wide ? "yes" : "no" }, s("title", {},
        `${sp.wide ? "Wide" : "Narrow"} street space ${sp.name}${sp.tile === null ? ` (prints ${BENEFIT[printed[i]].words})` : `: ${who(ctx, sp.tile)}'s tile`}`));
      put(g, placeTargetShape(ctx, ["BuildStreet", "MoveTram"], { space: i }, (kinds) =>
        kinds.length > 1 ? `Street space ${sp.name}` : kinds[0] === "MoveTram" ? `Move the Tram to ${sp.name}` : `Build a ${sp.wide ? "Wide" : "Narrow"} Street on ${sp.name}`, rect, parts));
      layer.append(g);
    });
    return layer;
  });

  // crossings
  const top = topCitizen(ctx);
  layers.crossings = memo(ctx, [v.crossings, v.crossing], ["PlaceCitizens", "BuildIntersection"], () => {
    const layer = s("g", { class: "bc-crossings" });
    v.crossings.forEach((x, i) => {
      const cx = px(i);
      const cy = py(i);
      const parts = [];
      if (x.intersection !== null && x.intersection !== undefined) {
        parts.push(s("rect", { x: cx - XR - 5, y: cy - XR - 5, width: 2 * XR + 10, height: 2 * XR + 10, rx: 8, fill: colour(x.intersection), stroke: "#111", "stroke-width": 1.5 }),
          badge(x.intersection, cx + XR + 1, cy - XR - 1, 7));
      }
      if (v.crossing === i) parts.push(s("circle", { cx, cy, r: XR + 5, fill: "none", stroke: "#7a2cf0", "stroke-width": 3 }));
      if (x.citizens === 0) {
        parts.push(s("circle", { cx, cy, r: XR - 4, fill: "#f7f3ea", stroke: "#8f887a", "stroke-width": 1.2 }));
        parts.push(label(cx, cy - 3, crossingName(i), { "font-size": 9, fill: "#6b6557" }));
        if (x.cost) parts.push(label(cx, cy + 7, `${x.cost} Coin`, { "font-size": 7.5, fill: "#8a6d00", "font-weight": 700 }));
      } else {
        if (x.citizens > 1) parts.push(s("circle", { cx: cx + 4, cy: cy + 4, r: XR - 3, fill: "#555", stroke: "#222" }));
        parts.push(x.top ? citizen(x.top, cx, cy, XR - 3) : hiddenCitizen(cx, cy, XR - 3));
        if (x.bottom) {
          parts.push(s("g", { class: "bc-bottom", "pointer-events": "none" }, s("title", {}, `below: ${CLS_NAME[x.bottom]} (only you see it)`),
            citizen(x.bottom, cx - XR + 1, cy + XR - 3, 7)));
        }
        if (x.placed_by !== null && x.placed_by !== undefined) parts.push(badge(x.placed_by, cx + XR - 2, cy + XR - 4, 6));
      }
      const text = x.citizens
        ? `${crossingName(i)}: ${x.top ? CLS_NAME[x.top] : "a"} Citizen on top${x.citizens > 1 ? " of another" : ""}`
        : `${crossingName(i)}${x.cost ? ` (costs ${x.cost} Coin)` : ""}`;
      const circle = { tag: "circle", attrs: { cx, cy, r: XR + 2 } };
      const g = s("g", { class: "bc-crossing", "data-crossing": i }, s("title", {}, text));
      if (ctx.can({ type: "PlaceCitizens", crossing: i }) && ctx.can({ type: "PlaceCitizens", crossing: i, top })) {
        g.append(spotShape(ctx, { type: "PlaceCitizens", crossing: i, top }, `Place your Citizens on ${crossingName(i)}, ${CLS_NAME[top]} on top`, circle, parts));
      } else {
        put(g, placeTargetShape(ctx, ["PlaceCitizens", "BuildIntersection"], { crossing: i }, (kinds) =>
          kinds[0] === "BuildIntersection" ? `Build an Intersection on ${crossingName(i)}` : `Place your Citizens on ${crossingName(i)}`, circle, parts));
      }
      layer.append(g);
    });
    return layer;
  });

  // the street actions: rows on the left, columns on top, the Diagonal at the bottom right
  layers.tiles = memo(ctx, [v.layout, v.used_streets, v.crossing, v.phase, v.bonuses, v.bonus_flipped, v.streets], ["TakeAction"], () => {
    const layer = s("g", { class: "bc-tiles" });
    const tile = (k, x, y, w, hgt, name) => {
      const action = v.layout[k];
      const used = v.used_streets.includes(k);
      const open = v.crossing !== null && v.crossing !== undefined && !used && streetsOf(v.crossing).includes(k) && ["actions"].includes(v.phase);
      const parts = [
        s("rect", { x, y, width: w, height: hgt, rx: 6, fill: used ? "#e4e0d8" : "#fffaf0", stroke: open ? "#7a2cf0" : "#8a7d66", "stroke-width": open ? 2 : 1.2 }),
        label(x + w / 2, y + 11, name, { "font-size": 9, fill: "#6b6557" }),
        label(x + w / 2, y + hgt / 2 + 6, ACTION[action] || action, { "font-size": (ACTION[action] || action).length > 13 ? 9 : 10, "font-weight": 700, fill: used ? "#888" : "#2b2418" }),
        used ? label(x + w / 2, y + hgt - 7, "used", { "font-size": 8, fill: "#888" }) : null,
      ];
      const pattern = { type: "TakeAction", action };
      const g = s("g", { class: "bc-action", "data-street": k, "data-action": action });
      g.append(ctx.can(pattern) ? rectSpot(ctx, pattern, `${ACTION[action]} (${streetName(v, k)})`, x, y, w, hgt, parts, 6) : s("g", {}, parts));
      return g;
    };
    for (let r = 0; r < 5; r++) layer.append(tile(r, 4, MT + r * G - 20, 80, 40, `row ${"ABCDE"[r]}`));
    for (let c = 0; c < 5; c++) layer.append(tile(5 + c, ML + c * G - 44, 6, 88, 40, `column ${c + 1}`));
    layer.append(tile(10, ML + 4 * G + 22, MT + 4 * G + 22, 80, 40, "the Diagonal"));

    // Building Bonus tiles, one per block row
    for (let k = 0; k < 4; k++) {
      const x = ML + 4 * G + 24;
      const y = MT + k * G + G / 2 - 22;
      const flipped = v.bonus_flipped[k];
      layer.append(s("g", { class: "bc-bonus", "data-flipped": flipped ? "yes" : "no" }, s("title", {}, `Building Bonus of block row ${"ABCD"[k]}: ${BONUS[v.bonuses[k]] || v.bonuses[k]}${flipped ? " (taken)" : ""}`),
        s("rect", { x, y, width: 68, height: 44, rx: 6, fill: flipped ? "#e4e0d8" : "#fff1c9", stroke: "#a08a50", "stroke-dasharray": flipped ? "4 3" : null }),
        label(x + 34, y + 12, "Bonus", { "font-size": 9, fill: "#6b6557" }),
        label(x + 34, y + 28, flipped ? "taken" : BONUS[v.bonuses[k]] || v.bonuses[k], { "font-size": 9.5, "font-weight": 700, fill: flipped ? "#888" : "#4a3b22" })));
    }
    return layer;
  });

  return s("svg", { class: "board-svg natural bc-city", viewBox: `0 0 ${width} ${height}`, width, height, role: "img", "aria-label": "The city", style: `width:${width}px` },
    layers.streets, layers.sites, layers.spaces, layers.crossings, layers.tiles);
}

function placeTargetShape(ctx, types, fields, text, outline, children) {
  const here = ctx.legal.filter((c) => types.includes(c.type) && Object.keys(fields).every((k) => c[k] === fields[k]));
  const kinds = [...new Set(here.map((c) => c.type))];
  if (!kinds.length) return children;
  const pattern = kinds.length === 1 ? { type: kinds[0], ...fields } : { ...fields };
  return spotShape(ctx, pattern, text(kinds), outline, children);
}

/** The Citizen that goes on top: the one chosen in the hand, else the first in hand. */
function topCitizen(ctx) {
  const sel = ctx.selection;
  if (sel && sel.type === "PlaceCitizens" && sel.top) return sel.top;
  const first = ctx.legal.find((c) => c.type === "PlaceCitizens");
  return first ? first.top : null;
}

// geometry.streets_of: the crossing's row, its column, and the Diagonal if it lies on it
function streetsOf(x) {
  const r = Math.floor(x / 5);
  const c = x % 5;
  return r === c ? [r, 5 + c, 10] : [r, 5 + c];
}

// -- the Sidewalk --------------------------------------------------------------------

function sidewalk(ctx) {
  const v = ctx.view;
  const C = 58;
  const items = v.sidewalk.map((spot, i) => {
    const x = 4 + (i % 5) * C;
    const y = 4 + Math.floor(i / 5) * 40;
    const owner = v.cobblestones[i];
    const parts = [s("rect", { x, y, width: C - 4, height: 36, rx: 4, fill: spot === "centre" ? "#cfc8b8" : "#f3eee3", stroke: "#a39d91" }),
      label(x + (C - 4) / 2, y + (owner === null ? 18 : 10), SPOT[spot] || spot, { "font-size": 9.5, fill: owner === null ? "#3a3326" : "#6b6557" })];
    if (owner !== null && owner !== undefined && owner >= 0) parts.push(s("rect", { x: x + 13, y: y + 15, width: C - 30, height: 18, rx: 4, fill: colour(owner), stroke: "#222" }), badge(owner, x + (C - 4) / 2, y + 24, 7));
    const g = s("g", { class: "bc-spot", "data-spot": i });
    g.append(rectSpot(ctx, { type: "PlaceCobblestone", spot: i }, `Place a Cobblestone on ${SPOT[spot] || spot} (Sidewalk space ${i})`, x, y, C - 4, 36, parts));
    return g;
  });
  return [h("h3", {}, "Sidewalk"), panel(8 + 5 * C, 8 + 5 * 40, "The Sidewalk", items)];
}

// -- Citizen tracks and Cerdà Scoring tiles -----------------------------------------------

function tracks(ctx) {
  const v = ctx.view;
  const W = 17;
  const top = 30;
  const items = [];
  for (let sec = 0; sec < 3; sec++) {
    const x0 = 64 + sec * (SECTION * W + 10);
    const tileText = v.cerda_tiles[sec];
    const scored = sec < v.scored;
    items.push(s("g", { class: "bc-cerda-tile", "data-scored": scored ? "yes" : "no" }, s("title", {}, `Cerdà Scoring ${sec + 1}: ${condText(tileText)}${scored ? " (scored)" : ""}`),
      s("rect", { x: x0, y: 2, width: SECTION * W - 2, height: 24, rx: 4, fill: scored ? "#e4e0d8" : "#dff0da", stroke: "#5d8a55" }),
      label(x0 + (SECTION * W) / 2, 14, `${scored ? "✓ " : ""}${condShort(tileText)} ${CONDITION[tileText] ? CONDITION[tileText][0] : ""}`, { "font-size": 9.5, "font-weight": 700 })));
  }
  CLASSES.forEach((cls, row) => {
    const y = top + row * 22;
    items.push(citizen(cls, 10, y + 9, 8), note(21, y + 13, CLS_NAME[cls], { "font-size": 9 }));
    (v.tracks[row] || []).forEach((filled, i) => {
      const sec = Math.floor(i / SECTION);
      const x = 64 + sec * (SECTION * W + 10) + (i % SECTION) * W;
      const scoring = i % SECTION === SECTION - 1;
      const vp = v.track_vp[String(i)];
      const neutral = filled && coveredAtStart(v.seats, i);
      items.push(s("rect", { x, y, width: W - 2, height: 18, rx: 3, fill: scoring ? "#f6e7c1" : "#faf7f0", stroke: scoring ? "#a07a20" : "#bbb" }));
      if (vp !== undefined && !filled) items.push(label(x + (W - 2) / 2, y + 9, vp, { "font-size": 10, "font-weight": 700, fill: "#8a5a00" }));
      if (filled) items.push(neutral ? s("rect", { x: x + 3, y: y + 3, width: W - 8, height: 12, rx: 2, fill: "#999" }) : citizen(cls, x + (W - 2) / 2, y + 9, 6.5));
    });
  });
  return [h("h3", {}, `Citizen tracks · a Building now earns ${v.building_vp} VP`), panel(76 + 3 * (SECTION * W + 10), top + 3 * 22 + 2, "Citizen tracks", items)];
}

// -- Modernisme display, Public Services, Sagrada Família, building tiles ---------------------

function display(ctx) {
  const v = ctx.view;
  const W = 96;
  const items = v.display.map((t, i) => {
    const x = 4 + (i % 2) * (W + 6);
    const y = 4 + Math.floor(i / 2) * 60;
    const down = v.face_down[i];
    if (t === null || t === undefined) {
      const parts = [s("rect", { x, y, width: W, height: 54, rx: 5, fill: down ? "#6b5b45" : "none", stroke: "#a39d91", "stroke-dasharray": down ? null : "4 3" }),
        label(x + W / 2, y + 27, down ? "face down" : "empty", { "font-size": 10, fill: down ? "#fff" : "#888" })];
      return down && ctx.can({ type: "RevealProjects" }) ? rectSpot(ctx, { type: "RevealProjects" }, "Reveal the face-down Modernisme tiles", x, y, W, 54, parts, 5) : s("g", {}, parts);
    }
    const parts = [s("rect", { x, y, width: W, height: 54, rx: 5, fill: "#f3e3f3", stroke: "#8a5a8a" }),
      label(x + W / 2, y + 16, condShort(t), { "font-size": condShort(t).length > 13 ? 9.5 : 11, "font-weight": 700 }),
      label(x + W / 2, y + 36, `${CONDITION[t] ? CONDITION[t][0] : "?"} VP each`, { "font-size": 9.5 })];
    const g = s("g", { class: "bc-project", "data-project": t }, s("title", {}, condText(t)));
    g.append(rectSpot(ctx, { type: "TakeProject", project: t }, `Take the Modernisme tile ${condShort(t)}`, x, y, W, 54, parts, 5));
    return g;
  });
  return [h("h3", {}, `Modernisme display (${v.projects_left} in the stack)`), panel(8 + 2 * (W + 6), 4 + 2 * 60, "Modernisme display", items)];
}

function services(ctx) {
  const v = ctx.view;
  const W = 112;
  const items = v.services.map((sv, i) => {
    const x = 4 + i * (W + 6);
    const builders = v.players.map((p, seat) => (p.services.includes(sv.service) ? seat : null)).filter((x2) => x2 !== null);
    const words = sv.name.split(" ");
    const lines = [];
    let line = "";
    for (const w of words) {
      if ((`${line} ${w}`).trim().length > 18) { lines.push(line.trim()); line = w; } else line += ` ${w}`;
    }
    lines.push(line.trim());
    const parts = [s("rect", { x, y: 4, width: W, height: 92, rx: 5, fill: sv.left ? "#e7f0f7" : "#eee", stroke: "#56789a" }),
      lines.slice(0, 3).map((l, j) => label(x + W / 2, 16 + j * 12, l, { "font-size": 9.5, "font-weight": 700 })),
      label(x + W / 2, 58, sv.left ? `${sv.coins} Coins → ${sv.vp} VP` : "none left", { "font-size": 10 }),
      label(x + W / 2, 71, `${sv.left} left · +2 Cerdà`, { "font-size": 9, fill: "#555" }),
      builders.map((seat, k) => badge(seat, x + 12 + k * 16, 86, 6))];
    const g = s("g", { class: "bc-service", "data-service": sv.service }, s("title", {}, `${sv.name}: ${SERVICE_EFFECT[sv.service] || ""}`));
    g.append(rectSpot(ctx, { type: "BuildService", service: sv.service }, `Build ${sv.name} for ${sv.coins} Coins`, x, 4, W, 92, parts, 5));
    return g;
  });
  return [h("h3", {}, "Public Services"), panel(8 + v.services.length * (W + 6), 100, "Public Services", items)];
}

function sagradaSupply(ctx) {
  const v = ctx.view;
  const W = 100;
  const byLevel = [1, 2, 3, 4].map((lv) => v.sagrada_tiles.filter((t) => t[0] === String(lv)));
  const cols = Math.max(1, ...byLevel.map((l) => l.length));
  const items = [];
  byLevel.forEach((tiles, row) => {
    const y = 4 + row * 30;
    items.push(note(2, y + 17, `L${row + 1}`, { "font-size": 10, "font-weight": 700 }));
    tiles.forEach((t, k) => {
      const x = 24 + k * (W + 4);
      const parts = [s("rect", { x, y, width: W, height: 26, rx: 4, fill: "#fbe9dc", stroke: "#b07040" }), label(x + W / 2, y + 13, SAGRADA[t] || t, { "font-size": 9 })];
      items.push(rectSpot(ctx, { type: "ChooseSagradaTile", tile: t }, `Take the Sagrada Família tile ${t}: ${SAGRADA[t] || t}`, x, y, W, 26, parts, 4));
    });
  });
  return [h("h3", {}, "Sagrada Família tiles"), panel(28 + cols * (W + 4), 4 * 30 + 6, "Sagrada Família tiles", items)];
}

function buildingTiles(ctx) {
  const v = ctx.view;
  const sel = ctx.selection;
  const oneLevel = !!(sel && sel.type === "Build" && "site" in sel)
    && new Set(ctx.candidates.filter((c) => c.type === "Build").map((c) => c.level)).size === 1;
  const W = 92;
  const items = [0, 1, 2, 3].map((lv) => {
    const x = 4 + (lv % 2) * (W + 6);
    const y = 4 + Math.floor(lv / 2) * 42;
    const parts = [s("rect", { x, y, width: W, height: 38, rx: 5, fill: LEVEL_FILL[lv], stroke: "#6d5c40" }),
      label(x + W / 2, y + 13, LEVEL_NAME[lv], { "font-size": 11, "font-weight": 700 }),
      label(x + W / 2, y + 28, `${v.tiles_left[lv]} left`, { "font-size": 10 })];
    const g = s("g", { class: "bc-level", "data-level": lv }, s("title", {}, `${LEVEL_NAME[lv]}: ${LEVEL_NEEDS[lv]}`));
    // with a space chosen where only one level can go, the tile is no choice: Citizens next
    g.append(oneLevel ? s("g", {}, parts) : rectSpot(ctx, { type: "Build", level: lv }, `Construct a ${LEVEL_NAME[lv]} Building`, x, y, W, 38, parts, 5));
    return g;
  });
  return [h("h3", {}, "Building tiles"), panel(8 + 2 * (W + 6), 4 + 2 * 42, "Building tiles", items)];
}

// -- Passeig de Gràcia -------------------------------------------------------------------

function passeig(ctx) {
  const v = ctx.view;
  if (!v.expansion) return null;
  const W = 196;
  const RH = 46;
  const items = [];
  // rows from the top: Gràcia, then three rows (Gràcia step j beside Barcelona step 4 - j), Barcelona
  const rowY = (j) => 4 + j * RH;
  items.push(s("rect", { x: 4, y: rowY(0), width: 2 * W + 8, height: RH - 4, rx: 6, fill: "#e8f2e0", stroke: "#6b8f5a" }), label(W + 8, rowY(0) + 12, "Gràcia", { "font-weight": 700 }));
  items.push(s("rect", { x: 4, y: rowY(4), width: 2 * W + 8, height: RH - 4, rx: 6, fill: "#f2e8e0", stroke: "#8f6b5a" }), label(W + 8, rowY(4) + 12, "Barcelona", { "font-weight": 700 }));
  for (let j = 1; j <= 3; j++) {
    const g = v.amenities[3 + j - 1];
    const b = v.amenities[4 - j - 1];
    items.push(s("rect", { x: 4, y: rowY(j), width: W, height: RH - 4, rx: 4, fill: "#f7f4ec", stroke: "#aaa" }),
      note(8, rowY(j) + 12, `G step ${j}: ${amenityText(g)}`, { "font-size": 9 }),
      s("rect", { x: W + 12, y: rowY(j), width: W, height: RH - 4, rx: 4, fill: "#f7f4ec", stroke: "#aaa" }),
      note(W + 16, rowY(j) + 12, `B step ${4 - j}: ${amenityText(b)}`, { "font-size": 9 }));
  }
  // where each die stands: Barcelona path (pedestrian 0) on the right going up, Gràcia (1) on the left going down
  const spaceOf = (p, walked) => (p === 0 ? { x: W + 12, y: rowY(walked === 0 ? 4 : 4 - walked) } : { x: 4, y: rowY(walked === 0 ? 0 : walked) });
  v.players.forEach((pl, seat) => {
    [0, 1].forEach((p) => {
      const at = spaceOf(p, pl.walked[p]);
      const dx = at.x + 10 + seat * 30 + (pl.walked[p] === 0 ? (p === 0 ? W / 2 : 0) : 0);
      const dy = at.y + 18;
      const die = [s("rect", { x: dx, y: dy, width: 22, height: 20, rx: 4, fill: colour(seat), stroke: "#111" }),
        label(dx + 11, dy + 10, pl.joy[p], { "font-size": 12, "font-weight": 700, fill: "#fff", stroke: "#000", "stroke-width": 0.4 })];
      const text = `${who(ctx, seat)}'s ${PEDESTRIAN[p]} Pedestrian, Joy ${pl.joy[p]}`;
      let node = s("g", { class: "bc-die", "data-seat": seat, "data-pedestrian": p }, s("title", {}, text), die, badge(seat, dx + 22, dy, 5));
      if (seat === ctx.seat) {
        node = placeTargetShape(ctx, ["GiveJoy", "ChooseStartingJoy"], { pedestrian: p }, (kinds) =>
          kinds[0] === "GiveJoy" ? `Give Joy to your ${PEDESTRIAN[p]} Pedestrian` : `Start your ${PEDESTRIAN[p]} Pedestrian at Joy 2`,
        { tag: "rect", attrs: { x: dx - 2, y: dy - 2, width: 26, height: 24, rx: 4 } }, [node]);
        // the next space, where a step goes
        if (ctx.can({ type: "Walk", pedestrian: p })) {
          const next = pl.walked[p] + 1;
          const to = next === 4 ? spaceOf(p, 0) : spaceOf(p, next);
          const tx = to.x + (next === 4 && p === 0 ? W / 2 : 0);
          const ty = next === 4 ? (p === 0 ? rowY(0) : rowY(4)) : to.y;
          items.push(rectSpot(ctx, { type: "Walk", pedestrian: p }, `Walk your ${PEDESTRIAN[p]} Pedestrian one step${next === 4 ? " (arrival)" : ""}`,
            (next === 4 ? (p === 0 ? W + 12 : 4) : tx), ty, W, RH - 4, [label((next === 4 ? (p === 0 ? W + 12 : 4) : tx) + W - 24, ty + 30, "step", { "font-size": 9, fill: "#b35c00", "font-weight": 700 })], 4));
        }
      }
      items.push(node);
    });
  });
  // the hexagonal Sidewalk: violets in a row, reward spaces around them (a schematic)
  const hexItems = [];
  const HX = 44;
  const violetAt = (k) => ({ x: 110 + k * 2 * HX, y: 62 });
  const pos = [[0, -1], [0, 1], [-1, -1], [-1, 0], [-1, 1], [0.5, -0.6], [0.5, 0.6], [1, -1], [1, 1], [1.5, -0.6], [1.5, 0.6], [2, -1], [2, 1], [3, 0]];
  v.violets.forEach((vi, k) => {
    const { x, y } = violetAt(k);
    hexItems.push(rectSpot(ctx, { type: "PlaceHex", violet: k }, `Score with ${VIOLET[vi] || vi}`, x - 25, y - 16, 50, 32,
      [s("rect", { x: x - 25, y: y - 16, width: 50, height: 32, rx: 8, fill: "#d9c6ee", stroke: "#6a4a8a" }), label(x, y - 5, `violet ${k + 1}`, { "font-size": 8.5 }), label(x, y + 7, (VIOLET[vi] || vi).split(":")[0], { "font-size": 10, "font-weight": 700 }), s("title", {}, VIOLET[vi] || vi)], 8));
  });
  HEX_SPACES.forEach(([reward, vs], i) => {
    const [gx, gy] = pos[i];
    const x = 110 + gx * 2 * HX;
    const y = 62 + gy * 42;
    const owner = v.hexes[i];
    const parts = [s("rect", { x: x - 20, y: y - 13, width: 40, height: 26, rx: 10, fill: owner === null || owner === undefined ? "#eee" : colour(owner), stroke: "#777" }),
      label(x, y, HEX_REWARD[reward], { "font-size": 9, "font-weight": 700 }), s("title", {}, `${HEX_REWARD[reward]} × a violet count (next to violet ${vs.map((k) => k + 1).join(" and ")})`)];
    if (owner !== null && owner !== undefined) parts.push(badge(owner, x + 17, y - 10, 5));
    hexItems.push(rectSpot(ctx, { type: "PlaceHex", spot: i }, `Place a hexagonal Cobblestone on ${HEX_REWARD[reward]} (space ${i + 1})`, x - 20, y - 13, 40, 26, parts, 10));
  });
  return h("div", { class: "bc-passeig" }, h("h3", {}, "Passeig de Gràcia"),
    panel(2 * W + 16, 5 * RH + 4, "Passeig de Gràcia", items),
    h("h3", {}, "Hexagonal Sidewalk"), panel(110 + 6 * HX + 30, 124, "Hexagonal Sidewalk", hexItems));
}

// -- a player's board ------------------------------------------------------------------------

function playerBoard(ctx, seat) {
  const v = ctx.view;
  const p = v.players[seat];
  const mine = seat === ctx.seat;
  const items = [];
  // Warehouse: open spaces with Coins then Cloths, then the spaces still under Cobblestones
  items.push(note(4, 12, "Warehouse", { "font-size": 10, "font-weight": 700 }));
  for (let i = 0; i < 10; i++) {
    const x = 4 + i * 22;
    const open = i < p.warehouse;
    items.push(s("rect", { x, y: 18, width: 20, height: 20, rx: 3, fill: open ? "#fffdf6" : "#bdb7aa", stroke: "#8a7d66" }));
    if (!open) items.push(label(x + 10, 28, COBBLE_VP[i - 4], { "font-size": 8.5, fill: "#fff", "font-weight": 700 }));
    else if (i < p.coins) items.push(s("circle", { cx: x + 10, cy: 28, r: 7, fill: "#f5c542", stroke: "#8a6d00" }));
    else if (i < p.coins + p.cloths) items.push(s("rect", { x: x + 3, y: 21, width: 14, height: 14, rx: 2, fill: "#c7a4d9", stroke: "#6a4a8a" }));
  }
  items.push(note(4, 52, `${p.coins} Coins · ${p.cloths} Cloths · room ${p.warehouse}`, { "font-size": 10 }));
  // hand
  items.push(note(4, 72, mine ? "Your Citizens" : "Citizens in hand", { "font-size": 10, "font-weight": 700 }));
  const hand = p.hand;
  if (hand) {
    const top = mine ? topCitizen(ctx) : null;
    hand.forEach((cls, k) => {
      const cx = 20 + k * 36;
      const node = citizen(cls, cx, 94, 14);
      const onTop = top !== null && cls === top && (k === hand.indexOf(top));
      // the other Citizen can be put on top; the one chosen so can be clicked again to undo that
      const chosen = ctx.selection && ctx.selection.type === "PlaceCitizens" && ctx.selection.top === cls;
      items.push(s("g", { class: "bc-hand-citizen" }, mine && (cls !== top || (chosen && onTop)) && ctx.can({ type: "PlaceCitizens", top: cls })
        ? spotShape(ctx, { type: "PlaceCitizens", top: cls }, `Put the ${CLS_NAME[cls]} Citizen on top`, { tag: "circle", attrs: { cx, cy: 94, r: 16 } }, [node])
        : node, onTop ? label(cx, 116, "on top", { "font-size": 8.5, fill: "#7a2cf0", "font-weight": 700 }) : null));
    });
    if (!hand.length) items.push(note(4, 98, "none", { "font-size": 10, fill: "#777" }));
  } else {
    for (let k = 0; k < p.hand_size; k++) items.push(hiddenCitizen(20 + k * 36, 94, 14));
    if (!p.hand_size) items.push(note(4, 98, "none", { "font-size": 10, fill: "#777" }));
  }
  // Cerdà track
  const CX = 240;
  items.push(note(CX, 12, `Cerdà track · ×${p.multiplier}`, { "font-size": 10, "font-weight": 700 }));
  for (let i = 0; i < 10; i++) {
    const x = CX + i * 26;
    items.push(s("rect", { x, y: 18, width: 24, height: 22, rx: 3, fill: CERDA_LABEL[i] ? "#dff0da" : "#f6f6f2", stroke: "#5d8a55" }),
      CERDA_LABEL[i] ? label(x + 12, 29, CERDA_LABEL[i], { "font-size": i === 3 ? 7.5 : 9 }) : null);
  }
  items.push(badge(seat, CX + Math.min(9, Math.max(0, p.cerda)) * 26 + 12, 44, 7));
  // Sagrada Família track: steps 0-7, tile slots at 1, 3, 5, 7
  const SX = 240;
  const SY = 62;
  items.push(note(SX, SY, `Sagrada Família · step ${p.sagrada}`, { "font-size": 10, "font-weight": 700 }));
  for (let i = 0; i <= 7; i++) {
    const x = SX + i * 32;
    const slot = SAGRADA_SLOTS[i];
    const taken = slot ? p.sagrada_tiles.find((t) => t[0] === String(slot)) : null;
    const parts = [s("rect", { x, y: SY + 6, width: 30, height: 26, rx: 3, fill: slot ? "#fbe9dc" : "#f6f6f2", stroke: "#b07040" }),
      label(x + 15, SY + 14, slot ? `L${slot}` : i, { "font-size": 8.5, fill: "#6b4f2a" }),
      taken ? label(x + 15, SY + 25, taken, { "font-size": 9, "font-weight": 700 }) : null,
      p.sagrada === i ? badge(seat, x + 15, SY + 26, 6) : null];
    items.push(mine && i === p.sagrada + 1 ? rectSpot(ctx, { type: "StepSagrada" }, "Take a step on the Sagrada Família track", x, SY + 6, 30, 26, parts, 3) : s("g", {}, parts));
  }
  // Intersections and Passengers left on the board
  const IY = 112;
  items.push(note(CX, IY, "Intersections", { "font-size": 10, "font-weight": 700 }));
  for (let i = 0; i < 5; i++) {
    const x = CX + 72 + i * 20;
    const left = i >= p.intersections;
    items.push(s("g", {}, s("title", {}, `Intersection ${i + 1}: costs ${INTERSECTION_COSTS[i]}, unlocks ${BENEFIT_WORDS[INTERSECTION_UNLOCKS[i]]}`),
      s("rect", { x, y: IY - 10, width: 17, height: 15, rx: 3, fill: left ? colour(seat) : "#fff", stroke: "#333", opacity: left ? 1 : 0.6 }),
      left ? null : label(x + 8.5, IY - 2.5, BENEFIT[INTERSECTION_UNLOCKS[i]].short.replace("2VP", "VP"), { "font-size": 7 })));
  }
  items.push(note(CX, IY + 20, "Passengers", { "font-size": 10, "font-weight": 700 }));
  for (let i = 0; i < 5; i++) {
    const x = CX + 72 + i * 20;
    const left = i >= p.passengers;
    const piece = s("g", {}, s("title", {}, `Passenger ${i + 1}: costs ${PASSENGER_COSTS[i]}; ${PASSENGER_VP[i]} VP at the end once uncovered`),
      s("circle", { cx: x + 8.5, cy: IY + 16, r: 7.5, fill: left ? "#fff" : "#eee", stroke: left ? colour(seat) : "#aaa", "stroke-width": 2.5 }),
      label(x + 8.5, IY + 16.5, left ? "P" : PASSENGER_VP[i], { "font-size": 8, "font-weight": 700 }));
    items.push(mine && i === p.passengers && ctx.can({ type: "PlacePassenger" })
      ? spotShape(ctx, { type: "PlacePassenger" }, `Drop a Passenger for ${PASSENGER_COSTS[i]}`, { tag: "circle", attrs: { cx: x + 8.5, cy: IY + 16, r: 9.5 } }, [piece]) : piece);
  }
  // Streets, markers, Cobblestones, Tram
  const stacks = p.marker_stacks.map((n, i) => `${n}/${MARKER_STACKS[i]}`).join(" ");
  items.push(note(4, 134, `Streets: Narrow ${p.narrow_stacks.join("+")} · Wide ${p.wide_stack}`, { "font-size": 10 }),
    note(4, 148, `Markers ${stacks} · Cobblestones ${p.cobblestones_left}`, { "font-size": 10 }),
    note(CX, IY + 42, `Tram: ${p.tram === null || p.tram === undefined ? "not in the city" : `on ${spaceName(v, p.tram)}`}${p.waiting_benefits ? ` · ${p.waiting_benefits} Intersection benefits waiting` : ""}`, { "font-size": 10 }));
  // Modernisme Project spaces
  const PX = 520;
  const PW = 74;
  items.push(note(PX, 12, "Modernisme Projects", { "font-size": 10, "font-weight": 700 }));
  v.project_spaces.forEach((space, i) => {
    const x = PX + i * (PW + 4);
    const t = p.projects[i];
    const topOn = p.project_tops[i];
    const cost = costText(space.cost);
    const slotParts = [s("rect", { x, y: 18, width: PW, height: 70, rx: 5, fill: t ? "#f3e3f3" : "#faf7f0", stroke: "#8a5a8a" }),
      t ? label(x + PW / 2, 36, condShort(t), { "font-size": condShort(t).length > 12 ? 8.5 : 10, "font-weight": 700 }) : label(x + PW / 2, 36, `space ${i + 1}`, { "font-size": 9.5, fill: "#777" }),
      t ? label(x + PW / 2, 50, `${CONDITION[t] ? CONDITION[t][0] : "?"} VP each`, { "font-size": 9 }) : label(x + PW / 2, 50, cost === "nothing" ? "free" : cost.replace(" + ", ", "), { "font-size": 8.5, fill: "#777" })];
    const slot = s("g", { class: "bc-slot", "data-slot": i }, t ? s("title", {}, condText(t)) : null);
    slot.append(mine ? rectSpot(ctx, { type: "TakeProject", slot: i }, `Put the Modernisme tile on space ${i + 1} (costs ${cost})`, x, 18, PW, 52, slotParts, 5) : s("g", {}, slotParts));
    items.push(slot);
    // the multiplier marker: bottom or top
    const mult = [s("rect", { x: x + 4, y: 72, width: PW / 2 - 6, height: 14, rx: 3, fill: topOn ? "#fff" : "#8a5a8a" }),
      label(x + PW / 4, 79, `×${space.bottom}`, { "font-size": 9, "font-weight": 700, fill: topOn ? "#999" : "#fff" }),
      s("rect", { x: x + PW / 2 + 2, y: 72, width: PW / 2 - 6, height: 14, rx: 3, fill: topOn ? "#8a5a8a" : "#fff", stroke: "#8a5a8a" }),
      label(x + (3 * PW) / 4, 79, `×${space.top}`, { "font-size": 9, "font-weight": 700, fill: topOn ? "#fff" : "#8a5a8a" })];
    items.push(mine && ctx.can({ type: "ImproveProject", slot: i })
      ? rectSpot(ctx, { type: "ImproveProject", slot: i }, `Improve space ${i + 1} to ×${space.top} (costs ${costText(space.improve)})`, x + PW / 2, 70, PW / 2 - 2, 18, mult, 3)
      : s("g", {}, s("title", {}, `Improve for ${costText(space.improve)}`), mult));
  });
  // Public Services built
  items.push(s("g", {}, s("title", {}, p.services.map((k) => serviceShort(v, k)).join(", ")),
    note(PX, 106, `Public Services: ${p.services.length ? p.services.map((k) => SERVICE_SHORT[k] || k).join(", ") : "none"}`, { "font-size": 10 })));
  if (v.expansion) {
    items.push(note(PX, 122, `Pedestrians: Barcelona Joy ${p.joy[0]} (${stepText(p.walked[0])}), Gràcia Joy ${p.joy[1]} (${stepText(p.walked[1])})`, { "font-size": 10 }),
      note(PX, 138, `Hexagonal Cobblestones: ${p.hexes}`, { "font-size": 10 }));
  }
  const header = h("h3", {}, chip(seat), ` ${who(ctx, seat)}${mine ? " (you)" : ""} · ${p.vp} VP · Cerdà ×${p.multiplier} · ${plural(p.hand_size, "Citizen")} in hand`,
    v.turn === seat && !v.finished ? h("span", { class: "bc-turn" }, " · to play") : null);
  return h("div", { class: ["bc-player", mine && "mine", mine && "bc-hand"], "data-seat": seat }, header,
    h("div", { class: "bc-scroll" }, panel(PX + 5 * (PW + 4) + 4, 172, `${who(ctx, seat)}'s board`, items)));
}

function costText(c) {
  const parts = [];
  if (c.coins) parts.push(plural(c.coins, "Coin"));
  if (c.cloths) parts.push(plural(c.cloths, "Cloth"));
  return parts.length ? parts.join(" + ") : "nothing";
}

const stepText = (walked) => (walked ? `step ${walked}` : "at home");
const serviceShort = (v, k) => {
  const sv = v.services.find((x) => x.service === k);
  return sv ? sv.name : k;
};
const SERVICE_SHORT = {
  market: "Sant Antoni", estacio: "Estació de França", hospital: "Santa Creu", companys: "Lluís Companys",
  universitat: "Universitat", museu: "Museu", pavello: "Pavelló", guell: "Parc Güell", casaramona: "Casaramona",
  palau: "Palau de la Música",
};

// -- the turn box: the step, and the choices with no place on the board ------------------------

function turnBox(ctx) {
  const v = ctx.view;
  const task = v.waiting_for;
  const parts = [h("p", {}, h("strong", {}, v.finished ? "Game over" : `${who(ctx, v.turn)}'s turn`),
    v.finished ? "" : ` · ${PHASES[v.phase] || v.phase}`,
    task ? ` · ${who(ctx, task.seat)} is ${TASKS[task.kind] || task.kind}` : "",
    taskDetails(task) ? ` (${taskDetails(task)})` : "",
    v.end ? " · the end is triggered: the round is finished" : "")];
  if (v.crossing !== null && v.crossing !== undefined && ["actions", "build", "confirm"].includes(v.phase)) {
    const left = streetsOf(v.crossing).filter((k) => !v.used_streets.includes(k));
    parts.push(h("p", { class: "bc-step" }, `Citizens on ${crossingName(v.crossing)}. `,
      v.phase === "actions" ? (left.length ? `Street actions left: ${left.map((k) => `${ACTION[v.layout[k]]} (${streetName(v, k)})`).join(", ")}.` : "No street action left.") : ""));
  }
  const choices = [];
  for (const c of ctx.legal) {
    if (c.type === "ChooseBenefits") choices.push([c, c.benefits.length ? `Take ${list(c.benefits.map((b) => BENEFIT_WORDS[b]))}` : "Take no benefit"]);
  }
  if (has(ctx, "Store")) parts.push(storeGrid(ctx));
  // a choice begun on the board (a building space, a street space, a tile) ends here
  if (ctx.selection && ctx.candidates.length <= 16) {
    parts.push(h("div", { class: "bc-finish" }, h("strong", {}, "Choose: "),
      choiceButtons(ctx, ctx.candidates.map((c) => [c, describeCommand(c, ctx)]))));
  }
  parts.push(choiceButtons(ctx, [
    ...choices,
    [{ type: "ChooseStartingJoy", pedestrian: 0 }, "Start the Barcelona Pedestrian at Joy 2"],
    [{ type: "ChooseStartingJoy", pedestrian: 1 }, "Start the Gràcia Pedestrian at Joy 2"],
    ...[0, 1].map((p) => [{ type: "Walk", pedestrian: p }, `Walk the ${PEDESTRIAN[p]} Pedestrian one step`]),
    ...[0, 1].map((p) => [{ type: "GiveJoy", pedestrian: p }, `Give the Joy to the ${PEDESTRIAN[p]} Pedestrian`]),
    [{ type: "EndActions" }, "End the street actions"],
    [{ type: "RevealProjects" }, "Reveal the Modernisme tiles"],
    [{ type: "Skip" }, skipText(v)],
    [{ type: "EndTurn" }, "End the turn"],
  ]));
  return h("div", { class: "bc-turnbox" }, parts);
}

function skipText(v) {
  const kind = v.waiting_for ? v.waiting_for.kind : null;
  return {
    act: "Skip the granted action", narrow: "No second Narrow Street", passenger: "No Passenger",
    sagrada: "No more Sagrada Família steps", walk: "Done walking",
  }[kind] || "Skip";
}

/** What to keep in the Warehouse: a grid of Coins (rows) by Cloths (columns). */
function storeGrid(ctx) {
  const stores = ctx.legal.filter((c) => c.type === "Store");
  const maxC = Math.max(...stores.map((c) => c.coins));
  const maxK = Math.max(...stores.map((c) => c.cloths));
  const C = 30;
  const items = [note(0, 12, "Coins ↓ / Cloths →", { "font-size": 9.5 })];
  for (let k = 0; k <= maxK; k++) items.push(label(40 + k * C + C / 2, 26, k, { "font-size": 10, "font-weight": 700 }));
  for (let c = 0; c <= maxC; c++) {
    items.push(label(24, 40 + c * C + C / 2, c, { "font-size": 10, "font-weight": 700 }));
    for (let k = 0; k <= maxK; k++) {
      const x = 40 + k * C;
      const y = 40 + c * C;
      const pattern = { type: "Store", coins: c, cloths: k };
      if (ctx.can(pattern)) {
        items.push(rectSpot(ctx, pattern, `Keep ${plural(c, "Coin")} and ${plural(k, "Cloth")}`, x + 2, y + 2, C - 4, C - 4,
          [s("rect", { x: x + 2, y: y + 2, width: C - 4, height: C - 4, rx: 4, fill: "#fffaf0", stroke: "#b9b3a8" }), label(x + C / 2, y + C / 2, `${c}/${k}`, { "font-size": 8.5 })]));
      }
    }
  }
  const p = me(ctx);
  const holds = p ? ` You hold ${plural(p.coins, "Coin")} and ${plural(p.cloths, "Cloth")}; it has room for ${p.warehouse}.` : "";
  return h("div", { class: "bc-store" }, h("p", {}, h("strong", {}, "Warehouse: "), `choose how many Coins and Cloths to keep.${holds}`),
    panel(40 + (maxK + 1) * C + 4, 40 + (maxC + 1) * C + 4, "What to keep", items));
}

// -- the whole board -------------------------------------------------------------------------

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

// -- words ------------------------------------------------------------------------------------

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
    case "PlaceCobblestone": return `Place a Cobblestone on the Sidewalk's ${SPOT[v && v.sidewalk ? v.sidewalk[c.spot] : (logExpansion ? OVERLAY : SIDEWALK)[c.spot]] || c.spot} space`;
    case "BuildStreet": return `Build a Street on ${spaceLabel(c.space)}`;
    case "BuildIntersection": return `Build an Intersection on ${crossingName(c.crossing)}`;
    case "TakeProject": return `Take ${condShort(c.project)} to Project space ${c.slot + 1}`;
    case "ImproveProject": return `Improve Project space ${c.slot + 1}`;
    case "BuildService": return `Build ${SERVICE_NAME[c.service] || c.service}`;
    case "MoveTram": return `Move the Tram to ${spaceLabel(c.space)}`;
    case "PlacePassenger": return "Drop a Passenger";
    case "Skip": return v ? skipText(v) : "Skip";
    case "EndActions": return "End the street actions";
    case "StepSagrada": return "Step on the Sagrada Família track";
    case "ChooseSagradaTile": return `Take Sagrada Família tile ${c.tile} (${SAGRADA[c.tile] || ""})`;
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

export function scores(view) {
  return view && view.players ? view.players.map((p) => p.vp) : null;
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
    case "CobblestonePlaced": return `${p} places a Cobblestone on the Sidewalk's ${SPOT[(logExpansion ? OVERLAY : SIDEWALK)[d.spot]] || `space ${d.spot}`} space.`;
    case "StreetBuilt": return `${p} builds a Street on ${spaceLabel(d.space)}.`;
    case "IntersectionBuilt": return `${p} builds an Intersection on ${crossingName(d.crossing)}.`;
    case "ProjectTaken": return `${p} takes the Modernisme tile ${condShort(d.project)} to Project space ${d.slot + 1}.`;
    case "ProjectImproved": return `${p} improves Project space ${d.slot + 1}.`;
    case "ServiceBuilt": return `${p} builds ${SERVICE_NAME[d.service] || d.service}.`;
    case "TramMoved": return `${p} moves the Tram to ${spaceLabel(d.space)}.`;
    case "PassengerPlaced": return `${p} drops a Passenger on ${spaceLabel(d.space)}.`;
    case "Skipped": return `${p} skips ${SKIPPED[d.what] || String(d.what).replace(/_/g, " ")}.`;
    case "ActionsEnded": return `${p} ends the street actions.`;
    case "SagradaStepped": return `${p} steps on the Sagrada Família track.`;
    case "SagradaTileChosen": return `${p} takes the Sagrada Família tile ${d.tile} (${SAGRADA[d.tile] || ""}).`;
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
