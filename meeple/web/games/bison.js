// Bison: Thunder on the Prairie: the renderer (see README.md in this folder for the contract).
//
// Two parts, as in the box:
// - the prairie: one SVG drawn from the view's own geometry (every space's outline, its
//   animals, the pieces on it, the corner ponds, each tile's number), which pans and zooms
//   (fingers, the +/− buttons, ctrl + wheel). The tile is laid on it (hover or tap a lit spot
//   to see the tile there, turn it, confirm), hunters are put, gathered and moved on it, tents
//   and canoes set up on it. Each lit space has a hit area of at least 24 px (40 px on a
//   phone): its own shape, and a disc around its middle for the taps beside a small space or a
//   thin river (reachAround); a tap on a lit shape is always that space's.
// - the player board: the six action spaces with this round's action markers, the cost table
//   (how many hunters), the three animal tracks (gain, pay with a stepper per animal, exchange
//   3 for 1), the hunters, tents, canoes and the drawn tile in hand, and the market with its
//   prices. Everything the player decides is a click on one of them: no list of buttons.
// Between two decisions of the player, what the others changed is marked `changed`, and their
// moves animate (hunters walk, tiles drop) within 600 ms. The scoring after each round and at
// the end is played back region by region on the board (with a skip), and the end ends on
// the scoreboard: the final scoring by terrain, and the tie-break when it decided.

import { h, isPhone, svg as s } from "../dom.js";
import { endReason, stats } from "./bison-story.js";

const SCALE = 60; // SVG units per tile radius
const ANIMALS = ["bison", "fish", "turkeys"];
const TERRAINS = ["grassland", "river", "mountain"];
const SCORING_TERRAINS = ["grassland", "mountain", "river"]; // the rulebook's order
const ANIMAL_OF = { grassland: "bison", river: "fish", mountain: "turkeys" };
const ACTIONS = ["tile", "tent", "canoe", "gather", "move1", "move3"];
const COSTS = [0, 0, 2, 4, 7, 10]; // animals paid for n hunters (data.ACTION_COST)
const SIZES = [1, 2, 3, 4];
const TRACK_MAX = 20;
const STEP_MS = 1100; // one region of a scoring playback
const WALK_MS = 550; // the others' moves, within 600 ms

// The player's choices in progress, kept across redraws until the legal actions change.
const ui = { key: "", orientation: 0, spot: null, from: null, unpicked: false, shelter: null, pay: null };
// The prairie's zoom: k (1 = the whole board) and the centre shown, in SVG units.
const zoom = { k: 1, cx: null, cy: null, base: null, saved: null };
// The radius (board units) the hit circles had when last measured: a board drawn again starts
// with it, so no target is small in the moment between drawing and measuring.
let hitR = 14;
// The scoring being played back (module-level: new states redraw the board under it).
const play = { key: "", steps: [], i: 0, timer: null, final: false, round: 0, done: true, heldBy: null, releases: [], hidden: null, overflows: new Set(), view: null };
const seen = new Set(); // scorings already played back (or skipped), by key

// --- words ---------------------------------------------------------------------------------

function nameOf(ctx, seat) {
  const p = (ctx.players || []).find((x) => x.seat === seat);
  return p && p.name ? p.name : ctx.t("bison.seat", { n: seat + 1 });
}

function who(ctx, seat) {
  return seat === ctx.seat ? ctx.t("bison.you_name", { name: nameOf(ctx, seat) }) : nameOf(ctx, seat);
}

const animal = (ctx, a, n = 1) => ctx.t(`bison.animal.${a}`, { n, count: n });

function spaceName(ctx, space) {
  return ctx.t("bison.space", { terrain: ctx.t(`bison.terrain.${TERRAINS[space % 3]}`), n: Math.floor(space / 3) });
}

function amounts(ctx, counts) {
  const parts = ANIMALS.filter((a) => counts[a]).map((a) => ctx.t("bison.amount", { n: counts[a], animal: animal(ctx, a, counts[a]) }));
  return parts.join(ctx.t("bison.comma")) || ctx.t("bison.nothing");
}

const place = (ctx, n) => ctx.t(`bison.place.${Math.min(n, 4)}`);

// --- geometry --------------------------------------------------------------------------------

const pts = (poly) => poly.map(([x, y]) => `${(x * SCALE).toFixed(1)},${(y * SCALE).toFixed(1)}`).join(" ");

function centre(cell) {
  const [q, r] = cell;
  return [Math.sqrt(3) * (q + r / 2), 1.5 * r];
}

/** A tile's outline around (cx, cy): six corners and six side middles, bulging in and out
 *  (geometry.point_xy); the same for every turn of 120°. */
function outline(cx, cy) {
  const out = [];
  for (let p = 0; p < 12; p += 1) {
    let deg;
    let radius;
    if (p % 2 === 0) {
      deg = 60 * (p / 2) - 30;
      radius = 1;
    } else {
      const side = (p - 1) / 2;
      deg = 60 * side;
      radius = Math.sqrt(3) / 2 + (side % 2 === 0 ? 0.14 : -0.14);
    }
    const rad = (deg * Math.PI) / 180;
    out.push([cx + radius * Math.cos(rad), cy - radius * Math.sin(rad)]);
  }
  return out;
}

/** A tile's three outlines turned by 120° × o (views.py: counter-clockwise on paper). */
function turned(polygons, o) {
  const rad = (120 * o * Math.PI) / 180;
  const cos = Math.cos(rad);
  const sin = Math.sin(rad);
  return polygons.map((poly) => poly.map(([x, y]) => [x * cos + y * sin, -x * sin + y * cos]));
}

const shift = (polys, cx, cy) => polys.map((poly) => poly.map(([x, y]) => [x + cx, y + cy]));

function anchorOf(poly) {
  return [poly.reduce((a, p) => a + p[0], 0) / poly.length, poly.reduce((a, p) => a + p[1], 0) / poly.length];
}

/** Whether (x, y) lies inside the polygon (even-odd rule). */
function insidePoly(poly, x, y) {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i, i += 1) {
    const [xi, yi] = poly[i];
    const [xj, yj] = poly[j];
    if ((yi > y) !== (yj > y) && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** How far (x, y) is from the polygon's nearest edge. */
function edgeDistance(poly, x, y) {
  let best = Infinity;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i, i += 1) {
    const [ax, ay] = poly[j];
    const [bx, by] = poly[i];
    const dx = bx - ax;
    const dy = by - ay;
    const len = dx * dx + dy * dy;
    const u = len ? Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / len)) : 0;
    best = Math.min(best, Math.hypot(x - ax - u * dx, y - ay - u * dy));
  }
  return best;
}

const middles = new Map(); // a polygon's points (as drawn) -> its middle
/** The point of a space farthest inside it (its widest place), where a finger aims: the
 *  vertex average of a bent river strip lies outside it, in the land next to it (issue 37: the
 *  river's hit disc was centred there and took that land's taps). A coarse grid over the
 *  space's box, then a finer one around the best point. */
function middleOf(poly) {
  const key = pts(poly);
  if (middles.has(key)) return middles.get(key);
  const xs = poly.map((p) => p[0]);
  const ys = poly.map((p) => p[1]);
  let step = Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys)) / 16;
  let best = anchorOf(poly);
  let far = insidePoly(poly, ...best) ? edgeDistance(poly, ...best) : -1;
  let [x0, y0, x1, y1] = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
  for (let round = 0; round < 2; round += 1) {
    for (let x = x0; x <= x1; x += step) {
      for (let y = y0; y <= y1; y += step) {
        if (!insidePoly(poly, x, y)) continue;
        const d = edgeDistance(poly, x, y);
        if (d > far) [far, best] = [d, [x, y]];
      }
    }
    [x0, y0, x1, y1] = [best[0] - step, best[1] - step, best[0] + step, best[1] + step];
    step /= 8;
  }
  middles.set(key, best);
  return best;
}

// --- small pictures (drawn by us) -------------------------------------------------------------

/** One animal as a small picture centred at (x, y), `r` its half size. */
function animalIcon(kind, x, y, r = 6) {
  const g = s("g", { class: `bison-animal ${kind}`, transform: `translate(${x.toFixed(1)} ${y.toFixed(1)}) scale(${(r / 6).toFixed(3)})` });
  if (kind === "bison") {
    g.append(s("path", { d: "M-6,2 Q-6,-5 0,-5 Q3,-6 5,-3 L6,-1 Q6,2 4,2 L4,5 L2,5 L2,3 L-3,3 L-3,5 L-5,5 Z", fill: "#4a2f1b" }),
      s("path", { d: "M4,-4 L6,-6", stroke: "#e8dcc0", "stroke-width": 1.2 }));
  } else if (kind === "fish") {
    g.append(s("path", { d: "M-6,0 Q-1,-5 4,0 Q-1,5 -6,0 Z M3,0 L7,-3 L7,3 Z", fill: "#eef6ff", stroke: "#1d4f80", "stroke-width": 1 }));
  } else {
    g.append(s("path", { d: "M-6,-4 Q-5,-7 -1,-6 L-1,-2 Z M-6,0 Q-7,-5 -2,-4 L-1,0 Z", fill: "#8a4b1f" }),
      s("circle", { cx: 1, cy: 1, r: 4, fill: "#d9532b" }),
      s("circle", { cx: 4.5, cy: -3, r: 1.8, fill: "#d9532b" }),
      s("path", { d: "M1,5 L0,7 M3,5 L3,7", stroke: "#5a3a1a", "stroke-width": 1 }));
  }
  return g;
}

/** An SVG holding one picture: an animal, a tent, a canoe, a hunter or an action. */
function icon(kind, opts = {}) {
  const size = opts.size || 22;
  const el = s("svg", { class: `bison-icon ${kind}`, viewBox: "-10 -10 20 20", width: size, height: size, "aria-hidden": "true" });
  const colour = opts.colour || "#8a7a60";
  if (ANIMALS.includes(kind)) el.append(animalIcon(kind, 0, 0, 8));
  else if (kind === "tent") el.append(tentShape(0, 2, colour, opts.n), ...(opts.n ? [sizeText(0, 6, opts.n)] : []));
  else if (kind === "canoe") el.append(canoeShape(0, 0, colour), ...(opts.n ? [sizeText(0, 3, opts.n)] : []));
  else if (kind === "hunter") el.append(hunterShape(0, 1, colour, 1.25));
  else if (kind === "tile") el.append(s("polygon", { points: outline(0, 0).map(([x, y]) => `${x * 8.5},${y * 8.5}`).join(" "), fill: "#b9d77f", stroke: "#5d5240" }),
    s("path", { d: "M-7,-4 Q0,0 4,7", stroke: "#5aa9dc", "stroke-width": 3, fill: "none" }));
  else if (kind === "gather") el.append(s("path", { d: "M-9,-7 L-2,-1 M9,-7 L2,-1 M0,9 L0,2", stroke: "#444", "stroke-width": 2 }), hunterShape(0, -2, colour, 0.8));
  else if (kind === "move1" || kind === "move3") {
    el.append(s("path", { d: "M-8,4 L6,4 M2,0 L7,4 L2,8", stroke: "#444", "stroke-width": 2, fill: "none" }), hunterShape(-3, -4, colour, 0.8),
      s("text", { x: 5, y: -2, class: "bison-icon-n", text: kind === "move1" ? "1" : "3" }));
  }
  return el;
}

function tentShape(x, y, fill, n) {
  const w = 9 + (n || 1);
  return s("path", { d: `M${x - w},${y + 6} L${x},${y - 9} L${x + w},${y + 6} Z`, fill, stroke: "#222", "stroke-width": 1.2, class: "bison-tent" });
}

function canoeShape(x, y, fill) {
  return s("path", { d: `M${x - 10},${y - 3} L${x + 10},${y - 3} Q${x + 7},${y + 6} ${x},${y + 6} Q${x - 7},${y + 6} ${x - 10},${y - 3} Z`, fill, stroke: "#222", "stroke-width": 1.2, class: "bison-canoe" });
}

function hunterShape(x, y, fill, k = 1) {
  return s("g", { class: "bison-hunter", transform: `translate(${x} ${y}) scale(${k})` },
    s("path", { d: "M-5,7 L-5,2 Q-5,-2 0,-2 Q5,-2 5,2 L5,7 Z", fill, stroke: "#222", "stroke-width": 1 }),
    s("circle", { cx: 0, cy: -5, r: 3.2, fill, stroke: "#222", "stroke-width": 1 }));
}

function sizeText(x, y, n) {
  return s("text", { x, y, class: "bison-size", text: String(n) });
}

// --- clickable things ----------------------------------------------------------------------

// Steps that `back` undoes (docs/rules/bison.md, ruling 25) never ask for a second click
// (tips.js); every other move stands once taken.
const UNDOABLE = new Set(["action", "hunters", "pay", "back"]);

function legalButton(ctx, action, label, content, cls = "", explain = null) {
  return h("button", {
    type: "button", class: `legal ${cls}`.trim(), "data-action": JSON.stringify(action), "aria-label": label,
    "data-tip": explain || label, "data-confirm": UNDOABLE.has(action.type) ? "no" : null,
    onclick: () => ctx.act(action),
  }, content ?? label);
}

function svgLegal(el, ctx, action, label, onClick) {
  el.classList.add("legal");
  // A click that only chooses on the page (a spot, a space's sizes) asks again by itself.
  if (onClick || UNDOABLE.has(action.type)) el.setAttribute("data-confirm", "no");
  el.setAttribute("role", "button");
  el.setAttribute("tabindex", "0");
  el.setAttribute("data-action", JSON.stringify(action));
  el.setAttribute("aria-label", label);
  el.addEventListener("click", (e) => {
    e.stopPropagation();
    if (onClick) onClick();
    else ctx.act(action);
  });
  el.addEventListener("keydown", (e) => {
    if (e.key !== "Enter" && e.key !== " ") return;
    e.preventDefault();
    if (onClick) onClick();
    else ctx.act(action);
  });
  return el;
}

function svgPick(el, label, onPick) {
  el.classList.add("bison-pick");
  el.setAttribute("role", "button");
  el.setAttribute("tabindex", "0");
  el.setAttribute("aria-label", label);
  el.addEventListener("click", (e) => { e.stopPropagation(); onPick(); });
  el.addEventListener("keydown", (e) => {
    if (e.key === "Enter" || e.key === " ") { e.preventDefault(); onPick(); }
  });
  return el;
}

let current = { root: null, ctx: null };

function redraw() {
  const { root, ctx } = current;
  if (!root || !root.isConnected) return false;
  // A keyboard player keeps their place: the element with focus is drawn anew.
  const active = root.contains(document.activeElement) ? document.activeElement : null;
  const key = active && (active.getAttribute("data-action") || active.getAttribute("aria-label"));
  root.replaceChildren();
  render(root, ctx);
  if (key) {
    const again = [...root.querySelectorAll("[data-action], [aria-label]")]
      .find((el) => (el.getAttribute("data-action") || el.getAttribute("aria-label")) === key);
    if (again) again.focus({ preventScroll: true });
  }
  return true;
}

// --- the choices in progress ----------------------------------------------------------------

function resetChoices(ctx) {
  const key = JSON.stringify([ctx.seat, ctx.legal || []]);
  if (key === ui.key) return;
  ui.key = key;
  ui.spot = null;
  ui.shelter = null;
  ui.pay = null;
  ui.from = null;
  ui.unpicked = false;
}

/** The payment proposed first: the legal split that leaves the lowest track highest. */
function suggestedPay(pays, track) {
  let best = null;
  let score = null;
  for (const a of pays) {
    const left = ANIMALS.map((x) => track[x] - a[x]);
    const key = [Math.min(...left), -Math.max(...left)];
    if (!best || key[0] > score[0] || (key[0] === score[0] && key[1] > score[1])) {
      best = a;
      score = key;
    }
  }
  return best ? { bison: best.bison, fish: best.fish, turkeys: best.turkeys } : { bison: 0, fish: 0, turkeys: 0 };
}

// --- what changed since the player's last decision -------------------------------------------

function changes(ctx) {
  const before = ctx.before;
  const v = ctx.view;
  const out = { spaces: new Set(), tiles: new Set(), seats: new Map() };
  if (!before || !before.spaces || before === v) return out;
  const old = new Map(before.spaces.map((sp) => [sp.space, sp]));
  for (const sp of v.spaces) {
    const o = old.get(sp.space);
    if (!o) continue;
    if (o.owner !== sp.owner || o.hunters !== sp.hunters || o.tent !== sp.tent || o.canoe !== sp.canoe) out.spaces.add(sp.space);
  }
  const placed = new Set(before.tiles.map((t) => t.position));
  for (const t of v.tiles) if (!placed.has(t.position)) out.tiles.add(t.position);
  for (const p of v.player_info) {
    const o = before.player_info[p.seat];
    if (!o) continue;
    const c = new Set();
    for (const a of ANIMALS) if (o.animals[a] !== p.animals[a]) c.add(a);
    if (JSON.stringify(o.supply) !== JSON.stringify(p.supply)) c.add("supply");
    if (JSON.stringify(o.market) !== JSON.stringify(p.market)) c.add("market");
    for (const k of p.actions_used) if (!o.actions_used.includes(k)) c.add(`action:${k}`);
    if (c.size) out.seats.set(p.seat, c);
  }
  return out;
}

// --- the scoring, region by region -----------------------------------------------------------

/** The scorings among `events`: [{final, round, head, regions: [score events], overflows,
 *  after, key}]. A scoring opens with `round_scoring` or `final_scoring` (`head`, with its
 *  round), then one `score` per region, each maybe followed by `overflow`s (a full track
 *  changing 3 for 1: `overflows[k]` are region k's). */
function scorings(events, view) {
  const found = [];
  let block = null;
  const close = (i) => {
    if (block && block.regions.length) {
      if (block.round === null) block.round = events[i] && events[i].event === "round" ? events[i].round - 1 : block.final ? view.rounds : view.round;
      block.end = i;
      found.push(block);
    }
    block = null;
  };
  const open = (head) => ({ final: head?.event === "final_scoring", round: head?.round ?? null, head, regions: [], overflows: [] });
  for (let i = 0; i < events.length; i += 1) {
    const e = events[i];
    if (e.event === "round_scoring" || e.event === "final_scoring") {
      close(i);
      block = open(e);
    } else if (e.event === "score") {
      if (!block) block = open(null);
      block.regions.push(e);
      block.overflows.push([]);
    } else if (e.event === "overflow" && block && block.regions.length) {
      block.overflows[block.overflows.length - 1].push(e);
    } else if (block) close(i);
  }
  close(events.length);
  for (const b of found) {
    b.key = `${b.round}:${b.final}:${JSON.stringify(b.regions)}`;
    b.after = events.slice(b.end);
  }
  return found;
}

/** Take an event's change of the animal tracks back (`tracks`: per seat {bison, fish,
 *  turkeys}): gains, a full track's 3-for-1, payments, purchases (each kind of animal pays
 *  the price) and exchanges. */
function undo(tracks, e) {
  const t = tracks[e.seat];
  if (!t) return;
  if (e.event === "gain") t[e.animal] -= e.amount;
  else if (e.event === "overflow") {
    t[e.animal] += 3;
    t[e.into] -= 1;
  } else if (e.event === "pay") for (const a of ANIMALS) t[a] += e[a] || 0;
  else if (e.event === "buy") for (const a of ANIMALS) t[a] += e.piece === "hunter" ? 1 : e.size;
  else if (e.event === "exchange") {
    t[e.give] += 3;
    t[e.get] -= 1;
  }
}

/** The tracks and totals seat by seat after each step of a scoring (start: before its first
 *  region), worked back from the view it came with: the events after it (bots may have played
 *  on in the same message) taken back, then region after region. The player boards and the
 *  seats panel show the same step, so that they never disagree while it plays. */
function scoringSteps(block, view) {
  let tracks = view.player_info.map((p) => ({ ...p.animals }));
  for (const e of [...(block.after || [])].reverse()) undo(tracks, e);
  const steps = [];
  for (let k = block.regions.length - 1; k >= -1; k -= 1) {
    steps.unshift({ region: k >= 0 ? block.regions[k] : null, tracks, scores: tracks.map((t) => ANIMALS.reduce((n, a) => n + t[a], 0)) });
    if (k < 0) break;
    tracks = tracks.map((t) => ({ ...t }));
    for (const o of [...block.overflows[k]].reverse()) undo(tracks, o);
    const r = block.regions[k];
    for (const w of r.awards || []) if (tracks[w.seat]) tracks[w.seat][ANIMAL_OF[r.terrain]] -= w.animals;
  }
  return steps;
}

/** The animals a player board shows: while a scoring plays, as they stood at its step (the
 *  seats panel shows the same totals); else the view's. */
function shownAnimals(p) {
  const at = !play.done && play.steps.length ? play.steps[play.i].tracks[p.seat] : null;
  return at ?? p.animals;
}

function stopPlay() {
  if (play.timer) clearTimeout(play.timer);
  play.timer = null;
}

/** End the playback: the seats show the server's scores again, and the result and the log's
 *  held lines come out. `quiet`: from inside a drawing of the board (no redraw of its own). */
function finishPlay(quiet = false) {
  stopPlay();
  play.done = true;
  seen.add(play.key);
  current.ctx?.showScores?.(null);
  // Let the result out: every hold asked while the playback ran.
  for (const release of play.releases.splice(0)) release();
  play.heldBy = null;
  if (!quiet) redraw();
}

function schedulePlay() {
  stopPlay();
  if (play.done) return;
  play.timer = setTimeout(() => {
    play.timer = null;
    if (play.i >= play.steps.length - 1) finishPlay();
    else {
      play.i += 1;
      // A board no longer on the page (the table left) ends the playback rather than leave
      // the log's lines held back for good.
      if (redraw()) schedulePlay();
      else finishPlay(true);
    }
  }, STEP_MS);
}

/** Start playing back a scoring that just arrived (never on a first drawing: a reload or a
 *  finished table reopened shows the board as it is, and its scoreboard). */
function startScoring(ctx) {
  const running = !play.done && play.steps.length > 0;
  // A first drawing (a table opened, a replay) ends a playback left from before; so does a
  // newer state with a decision of this seat's: the player acts on the board as it is now, and
  // a board showing the scoring's numbers would disagree with it.
  if (running && (!ctx.previous || (ctx.view !== play.view && (ctx.legal || []).length))) finishPlay(true);
  if (!ctx.previous || !ctx.recent || !ctx.recent.length) return;
  const blocks = scorings(ctx.recent, ctx.view);
  const block = blocks[blocks.length - 1];
  if (!block || seen.has(block.key) || play.key === block.key) return;
  stopPlay();
  play.key = block.key;
  play.steps = scoringSteps(block, ctx.view);
  play.view = ctx.view;
  play.i = 0;
  play.final = block.final;
  play.round = block.round;
  play.done = false;
  // The log keeps these back while they play (the table draws the log again when let go).
  play.hidden = new Set([block.head, ...block.regions].filter(Boolean).map((r) => JSON.stringify(r)));
  // A full track's exchange the scoring caused, held as itself: another player's exchange
  // earlier in the game may read the same.
  play.overflows = new Set(block.overflows.flat());
  schedulePlay();
}

function scoringCaption(ctx) {
  const step = play.steps[play.i];
  const total = play.steps.length - 1;
  const title = play.final ? ctx.t("bison.scoring.final") : ctx.t("bison.scoring.round", { round: play.round });
  let text;
  if (!step.region) text = ctx.t("bison.scoring.start", { n: total, count: total });
  else {
    const r = step.region;
    const awards = (r.awards || []).map((w) => {
      const said = ctx.t("bison.scoring.award", { place: place(ctx, w.place), name: who(ctx, w.seat), n: w.animals });
      return w.share ? `${said} ${ctx.t(`bison.share.${w.share}`)}` : said;
    });
    text = ctx.t("bison.scoring.region", {
      i: play.i, n: total, terrain: ctx.t(`bison.terrain.${r.terrain}`), animals: r.animals, animal: animal(ctx, ANIMAL_OF[r.terrain], r.animals),
      awards: awards.join(ctx.t("bison.comma")) || ctx.t("bison.nobody"),
    });
  }
  const skip = h("button", { type: "button", class: "bison-skip skip-playback", text: ctx.t("bison.scoring.skip"), onclick: () => finishPlay() });
  return h("div", { class: "bison-scoring", role: "status", "aria-live": "polite", "data-final": String(play.final) },
    h("p", { class: "bison-scoring-text" }, h("strong", { text: title }), " ", text), skip);
}

// --- the prairie ------------------------------------------------------------------------------

/** What each space offers now: {space: {action, label, options, pick}}. */
function spaceTargets(ctx) {
  const legal = ctx.legal || [];
  const lit = new Map();
  const picks = new Map();
  const add = (space, a) => {
    const entry = lit.get(space) || { actions: [] };
    entry.actions.push(a);
    lit.set(space, entry);
  };
  for (const a of legal) {
    if (a.type === "deploy" || a.type === "gather_at") add(a.space, a);
    else if (a.type === "gather") add(a.from, a);
    else if (a.type === "tent" || a.type === "canoe") add(a.space, a);
  }
  const movers = legal.filter((a) => a.type === "move");
  const origins = [...new Set(movers.map((a) => a.from))];
  if (movers.length) {
    if (ui.from !== null && !origins.includes(ui.from)) ui.from = null;
    if (ui.from === null && origins.length === 1) ui.from = origins[0];
    if (ui.from === null && !ui.unpicked) ui.from = origins[0];
    for (const a of movers) if (a.from === ui.from) add(a.to, a);
    for (const o of origins) if (!lit.has(o) || o === ui.from) picks.set(o, true);
  }
  return { lit, picks, origins };
}

function boardBox(v) {
  const all = [];
  for (const sp of v.spaces) all.push(...sp.polygon);
  for (const p of v.open_positions) {
    const [cx, cy] = centre(v.cells[p]);
    all.push([cx - 1, cy - 1], [cx + 1, cy + 1]);
  }
  const xs = all.map((p) => p[0]);
  const ys = all.map((p) => p[1]);
  const pad = 0.25;
  const x0 = Math.min(...xs) - pad;
  const y0 = Math.min(...ys) - pad;
  return { x: x0 * SCALE, y: y0 * SCALE, w: (Math.max(...xs) + pad - x0) * SCALE, h: (Math.max(...ys) + pad - y0) * SCALE };
}

function viewBox() {
  const b = zoom.base;
  const w = b.w / zoom.k;
  const hh = b.h / zoom.k;
  // Keep the centre where the board is.
  const cx = Math.min(Math.max(zoom.cx, b.x + w / 2), b.x + b.w - w / 2);
  const cy = Math.min(Math.max(zoom.cy, b.y + hh / 2), b.y + b.h - hh / 2);
  zoom.cx = cx;
  zoom.cy = cy;
  return `${cx - w / 2} ${cy - hh / 2} ${w} ${hh}`;
}

function pieces(sp, x, y) {
  const group = s("g", { class: "bison-pieces", "data-space": sp.space });
  if (sp.owner < 0) return group;
  const colour = `var(--seat-${sp.owner})`;
  const size = sp.tent || sp.canoe;
  let dx = 0;
  if (size) {
    const shape = sp.tent ? tentShape(x - 6, y, colour, size) : canoeShape(x - 6, y, colour);
    group.append(shape, sizeText(x - 6, y + (sp.tent ? 5 : 3), size));
    dx = 8;
  }
  if (sp.hunters) {
    group.append(hunterShape(x + dx, y - 1, colour, 1.3));
    if (sp.hunters > 1) group.append(s("text", { x: x + dx + 9, y: y + 8, class: "bison-count", text: `×${sp.hunters}` }));
  }
  return group;
}

function board(ctx, marks) {
  const v = ctx.view;
  const legal = ctx.legal || [];
  const base = boardBox(v);
  if (!zoom.base || zoom.base.w !== base.w || zoom.base.h !== base.h || zoom.base.x !== base.x || zoom.base.y !== base.y) {
    zoom.base = base;
    if (zoom.cx === null || zoom.k === 1) {
      zoom.cx = base.x + base.w / 2;
      zoom.cy = base.y + base.h / 2;
    }
  }
  const svg = s("svg", { class: "bison-board", role: "group", "aria-label": ctx.t("bison.board_label"), viewBox: viewBox(), preserveAspectRatio: "xMidYMid meet" });
  // What a space is shows beside the pointer (tips.js, from data-tip), not in a line below.
  const hover = () => {};
  const step = !play.done && play.steps[play.i] ? play.steps[play.i] : null;
  const scoringSpaces = new Set(step && step.region ? step.region.spaces : []);

  // Open positions: where a tile may go (lit while laying the tile), numbered.
  const places = legal.filter((a) => a.type === "place");
  const spots = new Map();
  for (const a of places) {
    if (!spots.has(a.position)) spots.set(a.position, []);
    spots.get(a.position).push(a.orientation);
  }
  if (ui.spot !== null && !spots.has(ui.spot)) ui.spot = null;
  const spotLayer = s("g", { class: "bison-spots" });
  for (const p of v.open_positions) {
    const [cx, cy] = centre(v.cells[p]);
    const g = s("g", { class: "bison-spot", "data-position": p, "data-tip": ctx.t("tip.bison.spot", { n: p }) },
      s("polygon", { points: pts(outline(cx, cy)), class: "bison-open" }),
      s("text", { x: cx * SCALE, y: cy * SCALE + 5, class: "bison-open-n", text: String(p) }));
    if (spots.has(p)) {
      const turns = spots.get(p);
      const o = turns.includes(ui.orientation) ? ui.orientation : turns[0];
      const action = { type: "place", position: p, orientation: o };
      if (v.my_tile) g.setAttribute("data-tip", `${ctx.t("tip.bison.spot", { n: p })}\n${joinsText(ctx, v, p, o)}`);
      svgLegal(g, ctx, action, ctx.t("bison.spot_label", { n: p }), () => {
        if (ui.spot === p) ctx.act(action);
        else {
          ui.spot = p;
          redraw();
        }
      });
      g.addEventListener("mouseenter", () => {
        if (ui.spot !== null || !v.my_tile) return;
        const layer = svg.querySelector(".bison-ghosts");
        layer.replaceChildren(ghostTile(v, p, o));
      });
      g.addEventListener("mouseleave", () => {
        if (ui.spot !== null) return;
        svg.querySelector(".bison-ghosts").replaceChildren();
      });
    }
    spotLayer.append(g);
  }
  svg.append(spotLayer);

  // The tiles: their spaces, ponds, animals, numbers.
  const regionOf = new Map(v.spaces.map((sp) => [sp.space, sp.region]));
  const tilesLayer = s("g", { class: "bison-tiles" });
  const info = new Map();
  for (const t of v.tiles) {
    const g = s("g", { class: `bison-tile${marks.tiles.has(t.position) ? " changed" : ""}`, "data-position": t.position });
    const mine = v.spaces.filter((sp) => sp.position === t.position);
    for (const sp of mine) {
      const region = v.regions[sp.region];
      const label = ctx.t("bison.space_label", {
        space: spaceName(ctx, sp.space), n: sp.animals, animal: animal(ctx, ANIMALS[sp.space % 3], sp.animals),
        region: region.animals, kind: animal(ctx, ANIMALS[sp.space % 3], region.animals), size: region.spaces.length, count: region.spaces.length,
      });
      info.set(sp.space, label);
      const cls = ["bison-space", sp.terrain];
      if (scoringSpaces.has(sp.space)) cls.push("scoring");
      const poly = s("polygon", { points: pts(sp.polygon), class: cls.join(" "), "data-region": sp.region, "data-space": sp.space, role: "img", "aria-label": label,
        "data-tip": `${label}\n${ctx.t("tip.bison.region")}` });
      poly.addEventListener("mouseenter", () => {
        svg.querySelectorAll(`polygon[data-region="${regionOf.get(sp.space)}"]`).forEach((el) => el.classList.add("hot"));
        hover(label);
      });
      poly.addEventListener("mouseleave", () => {
        svg.querySelectorAll(".hot").forEach((el) => el.classList.remove("hot"));
        hover("");
      });
      g.append(poly);
    }
    g.append(s("polygon", { points: pts(outline(t.x, t.y)), class: "bison-tile-edge" }));
    tilesLayer.append(g);
  }
  svg.append(tilesLayer);
  const pondLayer = s("g", { class: "bison-ponds" });
  for (const pond of v.ponds) pondLayer.append(s("circle", { cx: pond.x * SCALE, cy: pond.y * SCALE, r: 0.14 * SCALE, class: "bison-pond" }));
  svg.append(pondLayer);
  const art = s("g", { class: "bison-art" });
  for (const sp of v.spaces) {
    const [ax, ay] = sp.anchor.map((c) => c * SCALE);
    const kind = ANIMALS[sp.space % 3];
    const hasPieces = sp.owner >= 0;
    const ay2 = hasPieces ? ay + 14 : ay;
    for (let i = 0; i < sp.animals; i += 1) art.append(animalIcon(kind, ax + (i - (sp.animals - 1) / 2) * 14, ay2, 6));
  }
  for (const t of v.tiles) {
    art.append(s("text", { x: t.x * SCALE, y: (t.y - 0.68) * SCALE, class: "bison-tile-n", text: String(t.position), "data-tip": ctx.t("tip.bison.tile_n", { n: t.position }) }));
  }
  svg.append(art);

  // The drawn tile shown where it would go (hover or the chosen spot), turned as chosen.
  const ghosts = s("g", { class: "bison-ghosts" });
  if (ui.spot !== null && v.my_tile) {
    const turns = spots.get(ui.spot);
    if (!turns.includes(ui.orientation)) ui.orientation = turns[0];
    ghosts.append(ghostTile(v, ui.spot, ui.orientation, true));
  }
  svg.append(ghosts);

  // Pieces, then the targets on top: picks first, lit ones last (rivers over lands), so an
  // overlap resolves to what is lit. A land big enough for a finger has no disc (sizeTargets).
  const pieceLayer = s("g", { class: "bison-piece-layer" });
  for (const sp of v.spaces) {
    const [ax, ay] = sp.anchor.map((c) => c * SCALE);
    const p = pieces(sp, ax, ay);
    if (marks.spaces.has(sp.space)) p.classList.add("changed");
    pieceLayer.append(p);
  }
  svg.append(pieceLayer);

  const { lit, picks } = spaceTargets(ctx);
  const targetLayer = s("g", { class: "bison-targets" });
  const order = [...v.spaces].sort((a, b) => (lit.has(a.space) - lit.has(b.space)) || ((a.terrain === "river") - (b.terrain === "river")));
  for (const sp of order) {
    const entry = lit.get(sp.space);
    const isPick = picks.has(sp.space);
    if (!entry && !isPick) continue;
    // The disc around the space's own middle (for a river, a point on its strip).
    const [ax, ay] = middleOf(sp.polygon).map((c) => c * SCALE);
    const g = s("g", { class: `bison-target ${sp.terrain}`, "data-space": sp.space },
      s("polygon", { points: pts(sp.polygon), class: "bison-hit-shape" }),
      s("circle", { cx: ax.toFixed(1), cy: ay.toFixed(1), r: hitR.toFixed(1), class: "bison-hit" }));
    const label = info.get(sp.space) || spaceName(ctx, sp.space);
    // The tip says the space, and what a click there does.
    const does = entry && !(isPick && sp.space === ui.from) ? describeAction(entry.actions[0], ctx)
      : isPick ? ctx.t("bison.pick_hunter", { space: spaceName(ctx, sp.space) }) : "";
    g.setAttribute("data-tip", does ? `${does}\n${label}` : label);
    if (entry && !(isPick && sp.space === ui.from)) {
      const acts = entry.actions;
      if (acts.length === 1) svgLegal(g, ctx, acts[0], `${describeAction(acts[0], ctx)} — ${label}`);
      else {
        // Several tent or canoe changes here: the space is chosen first, the size below.
        svgLegal(g, ctx, acts[0], `${ctx.t("bison.choose_size", { space: spaceName(ctx, sp.space) })} — ${label}`, () => {
          ui.shelter = sp.space;
          redraw();
        });
        if (ui.shelter === sp.space) g.classList.add("picked");
      }
    } else if (isPick) {
      svgPick(g, ctx.t("bison.pick_hunter", { space: spaceName(ctx, sp.space) }), () => {
        if (ui.from === sp.space) {
          ui.from = null;
          ui.unpicked = true;
        } else {
          ui.from = sp.space;
          ui.unpicked = false;
        }
        redraw();
      });
      if (sp.space === ui.from) g.classList.add("picked");
    }
    targetLayer.append(g);
  }
  svg.append(targetLayer);
  reachAround(svg);

  // Scoring: who came where, over the region's pieces.
  if (step && step.region) {
    const badges = s("g", { class: "bison-badges" });
    for (const w of step.region.awards || []) {
      const sp = v.spaces.find((x) => step.region.spaces.includes(x.space) && x.owner === w.seat);
      if (!sp) continue;
      const [ax, ay] = sp.anchor.map((c) => c * SCALE);
      const text = ctx.t("bison.badge", { place: place(ctx, w.place), n: w.animals });
      badges.append(s("g", { class: "bison-badge", transform: `translate(${ax} ${ay - 24})` },
        s("rect", { x: -26, y: -11, width: 52, height: 20, rx: 6, fill: `var(--seat-${w.seat})` }),
        s("text", { x: 0, y: 4, text })));
    }
    svg.append(badges);
  }
  return svg;
}

function ghostTile(v, position, orientation, chosen = false) {
  const [cx, cy] = centre(v.cells[position]);
  const polys = shift(turned(v.my_tile.polygons, orientation), cx, cy);
  const g = s("g", { class: `bison-ghost-tile${chosen ? " chosen" : ""}`, "pointer-events": "none" },
    polys.map((poly, t) => s("polygon", { points: pts(poly), class: `bison-ghost ${TERRAINS[t]}` })));
  const counts = v.my_tile.animals;
  polys.forEach((poly, t) => {
    const [ax, ay] = anchorOf(poly).map((c) => c * SCALE);
    const kind = ANIMALS[t];
    for (let i = 0; i < counts[kind]; i += 1) g.append(animalIcon(kind, ax + (i - (counts[kind] - 1) / 2) * 14, ay, 6));
  });
  g.append(s("polygon", { points: pts(outline(cx, cy)), class: "bison-tile-edge" }));
  return g;
}

/** The lit target whose hit disc holds the page point (x, y) (the nearest disc's, if several
 *  do), or null. */
function nearTarget(svg, x, y) {
  const m = svg.getScreenCTM();
  if (!m) return null;
  const p = new DOMPoint(x, y).matrixTransform(m.inverse());
  let best = null;
  let far = Infinity;
  for (const c of svg.querySelectorAll(".bison-target .bison-hit")) {
    const d = Math.hypot(p.x - c.cx.baseVal.value, p.y - c.cy.baseVal.value);
    if (d <= c.r.baseVal.value && d < far) [best, far] = [c.closest(".bison-target"), d];
  }
  return best;
}

/** The hit discs take the taps that fall outside every lit space's own shape: a tap on a lit
 *  shape is that space's, a tap near one (on an unlit space, a pond, between tiles) is the
 *  space whose disc holds it. The discs themselves take no pointer (bison.css): drawn over the
 *  shapes they took taps meant for a lit neighbour's middle (issue 37). */
function reachAround(svg) {
  svg.addEventListener("click", (e) => {
    if (e.target.closest?.(".bison-target")) return;
    const target = nearTarget(svg, e.clientX, e.clientY);
    if (!target) return;
    e.stopPropagation();
    target.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  });
  // A mouse near a lit space shows it can click there.
  svg.addEventListener("pointermove", (e) => {
    if (e.pointerType !== "mouse") return;
    const near = !e.target.closest?.(".bison-target") && nearTarget(svg, e.clientX, e.clientY);
    svg.classList.toggle("bison-near", Boolean(near));
  });
}

/** After layout: every target at least `least` px across (24 on a desktop, 40 on a phone),
 *  whatever the zoom. */
function sizeTargets(svg) {
  if (!svg.isConnected) return;
  const box = svg.getBoundingClientRect();
  const vb = svg.viewBox.baseVal;
  if (!box.width || !vb || !vb.width) return;
  const perUnit = Math.min(box.width / vb.width, box.height / vb.height);
  const phone = isPhone();
  const least = (phone ? 40 : 24) + 4;
  const r = least / 2 / perUnit;
  hitR = r;
  // A disc only where the space is too small for a finger by itself (and on rivers, thin
  // strips): a land's own shape takes its taps, and no neighbour's disc covers its middle
  // (issue 37: a neighbour's disc took the tap meant for a lit space).
  for (const c of svg.querySelectorAll(".bison-hit")) {
    const target = c.closest(".bison-target");
    const shape = target?.querySelector(".bison-hit-shape")?.getBBox();
    const big = shape && !target.classList.contains("river") && Math.min(shape.width, shape.height) * perUnit >= least;
    c.setAttribute("r", big ? "0" : r.toFixed(1));
  }
  svg.style.setProperty("--unit", `${(1 / perUnit).toFixed(3)}`);
}

/** On a phone, the new tile's three spaces are close together: while its hunters are put,
 *  the prairie zooms on it, and goes back to the zoom of before when that is done. */
function focusZoom(ctx) {
  const v = ctx.view;
  const phone = isPhone();
  const deploying = phone && v.phase === "deploy" && (ctx.legal || []).some((a) => a.type === "deploy") && v.pending;
  if (deploying && !zoom.saved && zoom.base) {
    const [cx, cy] = centre(v.cells[v.pending.target]);
    zoom.saved = { k: zoom.k, cx: zoom.cx, cy: zoom.cy };
    zoom.k = Math.max(zoom.k, 2.2);
    zoom.cx = cx * SCALE;
    zoom.cy = cy * SCALE;
  } else if (!deploying && zoom.saved) {
    Object.assign(zoom, zoom.saved);
    zoom.saved = null;
  }
}

// A resized window (a phone turned) keeps every target big enough.
window.addEventListener("resize", () => {
  const svgEl = current.root && current.root.querySelector("svg.bison-board");
  if (svgEl) sizeTargets(svgEl);
});

// --- panning and zooming --------------------------------------------------------------------

function setZoom(svg, k, cx, cy) {
  zoom.k = Math.min(4, Math.max(1, k));
  if (cx !== undefined) {
    zoom.cx = cx;
    zoom.cy = cy;
  }
  svg.setAttribute("viewBox", viewBox());
  svg.closest(".bison-viewport")?.classList.toggle("zoomed", zoom.k > 1.01);
  sizeTargets(svg);
}

function panZoom(viewport, svg) {
  const pointers = new Map();
  let pinch = null;
  let drag = null;
  let moved = false;
  const unitsPerPx = () => {
    const box = svg.getBoundingClientRect();
    const vb = svg.viewBox.baseVal;
    return Math.max(vb.width / box.width, vb.height / box.height);
  };
  viewport.addEventListener("pointerdown", (e) => {
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    moved = false;
    if (pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      pinch = { d: Math.hypot(a.x - b.x, a.y - b.y), k: zoom.k, cx: zoom.cx, cy: zoom.cy, mx: (a.x + b.x) / 2, my: (a.y + b.y) / 2 };
      drag = null;
    } else if (pointers.size === 1) {
      drag = { x: e.clientX, y: e.clientY, cx: zoom.cx, cy: zoom.cy };
    }
  });
  viewport.addEventListener("pointermove", (e) => {
    if (!pointers.has(e.pointerId)) return;
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pinch && pointers.size >= 2) {
      const [a, b] = [...pointers.values()];
      const d = Math.hypot(a.x - b.x, a.y - b.y);
      const upp = unitsPerPx();
      const mx = (a.x + b.x) / 2;
      const my = (a.y + b.y) / 2;
      setZoom(svg, pinch.k * (d / Math.max(pinch.d, 1)), pinch.cx - (mx - pinch.mx) * upp, pinch.cy - (my - pinch.my) * upp);
      moved = true;
    } else if (drag && zoom.k > 1.01) {
      const dx = e.clientX - drag.x;
      const dy = e.clientY - drag.y;
      if (!moved && Math.hypot(dx, dy) < 6) return;
      moved = true;
      const upp = unitsPerPx();
      setZoom(svg, zoom.k, drag.cx - dx * upp, drag.cy - dy * upp);
    }
  });
  const up = (e) => {
    pointers.delete(e.pointerId);
    if (pointers.size < 2) pinch = null;
    if (!pointers.size) drag = null;
  };
  viewport.addEventListener("pointerup", up);
  viewport.addEventListener("pointercancel", up);
  // A drag is not a click on what lies under the finger at its end.
  viewport.addEventListener("click", (e) => {
    if (moved) {
      e.stopPropagation();
      e.preventDefault();
      moved = false;
    }
  }, true);
  viewport.addEventListener("wheel", (e) => {
    if (!e.ctrlKey) return;
    e.preventDefault();
    setZoom(svg, zoom.k * (e.deltaY < 0 ? 1.15 : 1 / 1.15));
  }, { passive: false });
}

function zoomButtons(ctx, svg) {
  const b = (cls, text, label, k) => h("button", { type: "button", class: `bison-zoom-btn ${cls}`, "aria-label": label, title: label, text, onclick: () => setZoom(svg, k()) });
  return h("div", { class: "bison-zoom" },
    b("in", "+", ctx.t("bison.zoom_in"), () => zoom.k * 1.4),
    b("out", "−", ctx.t("bison.zoom_out"), () => zoom.k / 1.4),
    b("fit", "⤢", ctx.t("bison.zoom_fit"), () => 1));
}

// --- the bar under the prairie: back, turning the tile, sizes --------------------------------

function boardBar(ctx) {
  const v = ctx.view;
  const legal = ctx.legal || [];
  const bar = h("div", { class: "bison-bar" });
  const back = legal.find((a) => a.type === "back");
  const places = legal.filter((a) => a.type === "place");
  if (places.length && ui.spot !== null) {
    const turns = [...new Set(places.filter((a) => a.position === ui.spot).map((a) => a.orientation))].sort();
    const o = turns.includes(ui.orientation) ? ui.orientation : turns[0];
    if (turns.length > 1) {
      bar.append(h("button", { type: "button", class: "bison-rotate", "aria-label": ctx.t("bison.rotate"), title: ctx.t("bison.rotate"), onclick: () => {
        ui.orientation = turns[(turns.indexOf(o) + 1) % turns.length];
        redraw();
      } }, h("span", { "aria-hidden": "true", text: "⟳ " }), ctx.t("bison.rotate")));
    }
    // The chosen spot was the first click: this button is the second (no third, tips.js).
    const lay = legalButton(ctx, { type: "place", position: ui.spot, orientation: o }, ctx.t("bison.place_here", { n: ui.spot }), null, "bison-confirm");
    lay.setAttribute("data-confirm", "no");
    bar.append(h("span", { class: "bison-hint bison-joins", text: joinsText(ctx, v, ui.spot, o) }), lay,
      h("button", { type: "button", class: "bison-cancel", text: ctx.t("bison.cancel"), onclick: () => { ui.spot = null; redraw(); } }));
  } else if (places.length) {
    bar.append(h("span", { class: "bison-hint", text: ctx.t("bison.hint.place") }));
  }
  const kind = v.pending ? v.pending.action : null;
  if (ui.shelter !== null && (kind === "tent" || kind === "canoe")) {
    const options = legal.filter((a) => a.type === kind && a.space === ui.shelter).sort((a, b) => a.size - b.size);
    if (options.length) {
      bar.append(h("span", { class: "bison-hint", text: spaceName(ctx, ui.shelter) }));
      for (const a of options) {
        const label = describeAction(a, ctx);
        bar.append(legalButton(ctx, a, label, a.size ? [icon(kind, { n: a.size, colour: `var(--seat-${ctx.seat})` }), h("span", { text: ctx.t(`bison.size_${kind}`, { n: a.size }) })] : h("span", { text: ctx.t("bison.take_down") }), "bison-size-btn"));
      }
    }
  }
  if (legal.some((a) => a.type === "move")) {
    const { origins } = spaceTargets(ctx);
    if (origins.length > 1) {
      const text = ui.from === null ? ctx.t("bison.hint.pick") : ctx.t("bison.hint.move", { space: spaceName(ctx, ui.from) });
      bar.append(h("span", { class: "bison-hint", text }));
    }
  }
  if (back) bar.append(legalButton(ctx, back, describeAction(back, ctx), [h("span", { "aria-hidden": "true", text: "↶ " }), ctx.t("bison.back")], "bison-back"));
  return bar;
}

// --- the player board -------------------------------------------------------------------------

function trackBar(value) {
  const w = 100;
  const x = (value / TRACK_MAX) * w;
  return s("svg", { class: "bison-trackbar", viewBox: `-2 0 ${w + 4} 12`, preserveAspectRatio: "none", "aria-hidden": "true" },
    s("rect", { x: 0, y: 4, width: w, height: 4, rx: 2, class: "bison-track-line" }),
    ...[5, 10, 15].map((t) => s("rect", { x: (t / TRACK_MAX) * w - 0.3, y: 2, width: 0.6, height: 8, class: "bison-track-tick" })),
    s("rect", { x: 0, y: 4, width: x, height: 4, rx: 2, class: "bison-track-fill" }));
}

function playerBoard(ctx, p, marks, mine) {
  const v = ctx.view;
  const legal = mine ? ctx.legal || [] : [];
  const changedHere = marks.seats.get(p.seat) || new Set();
  const colour = `var(--seat-${p.seat})`;
  const pending = mine && v.pending && v.to_move.includes(p.seat) ? v.pending : null;
  const winner = ctx.over && (v.winners || []).includes(p.seat) && (play.done || !play.final);
  const animals = shownAnimals(p);
  const total = ANIMALS.reduce((n, a) => n + animals[a], 0);
  const head = h("div", { class: "bison-player-head" },
    h("span", { class: "chip", style: `background: ${colour}` }),
    h("strong", { text: who(ctx, p.seat) }),
    p.seat === v.totem ? h("span", { class: "bison-tag", text: ctx.t("bison.totem") }) : null,
    winner ? h("span", { class: "bison-tag winner", text: ctx.t("bison.winner") }) : null,
    p.holds_tile && !mine ? h("span", { class: "bison-tag soft", text: ctx.t("bison.holds_tile") }) : null,
    h("span", { class: "bison-total", text: ctx.t("bison.total", { n: total, count: total }) }));

  // The six action spaces, with this round's markers.
  const actionRow = h("div", { class: "bison-actions", role: "group", "aria-label": ctx.t("bison.actions") }, ACTIONS.map((kind) => {
    const used = p.actions_used.includes(kind);
    const now = pending && pending.action === kind;
    const a = legal.find((x) => x.type === "action" && x.action === kind);
    const content = [icon(kind, { colour, size: mine ? 26 : 18 }), h("span", { class: "bison-action-name", text: ctx.t(`bison.action.${kind}`) })];
    if (used || now) content.push(h("span", { class: `bison-marker${now ? " now" : ""}`, style: `background: ${colour}`, "aria-hidden": "true" }));
    const cls = `bison-action${used ? " used" : ""}${now ? " now" : ""}${changedHere.has(`action:${kind}`) ? " changed" : ""}`;
    const state = used ? ctx.t("bison.used") : now ? ctx.t("bison.in_progress") : "";
    const label = `${ctx.t(`bison.action.${kind}`)}${state ? ` (${state})` : ""}`;
    const explain = `${label}: ${ctx.t(`tip.bison.action.${kind}`)}`;
    if (a) {
      const b = legalButton(ctx, a, ctx.t("bison.act.action", { action: ctx.t(`bison.action.${kind}`) }), content, cls, explain);
      b.dataset.kind = kind;
      return b;
    }
    return h("div", { class: cls, "aria-label": label, "data-tip": explain, role: "img", "data-kind": kind }, content);
  }));

  const parts = [head, actionRow];
  if (mine) {
    // The cost table: how many hunters, and what they cost.
    const counts = legal.filter((x) => x.type === "hunters");
    parts.push(h("div", { class: "bison-costs", role: "group", "aria-label": ctx.t("bison.cost_table") },
      h("span", { class: "bison-costs-title", "data-tip": ctx.t("tip.bison.costs") },
        h("span", { class: "bison-cost-n", text: ctx.t("bison.hunters") }), h("span", { class: "bison-cost-c", text: ctx.t("tip.bison.cost_row") })),
      [0, 1, 2, 3, 4, 5].map((n) => {
        const a = counts.find((x) => x.count === n);
        const cost = n === 0 ? "+1" : COSTS[n] ? `−${COSTS[n]}` : "0";
        const chosen = pending && pending.hunters === n && v.phase !== "hunters";
        const content = [h("span", { class: "bison-cost-n", text: String(n) }), h("span", { class: "bison-cost-c", text: cost })];
        const explain = costText(ctx, n);
        if (a) return legalButton(ctx, a, describeAction(a, ctx), content, "bison-cost", explain);
        return h("div", { class: `bison-cost${chosen ? " chosen" : ""}`, "aria-hidden": "true", "data-tip": explain }, content);
      })));
  }

  // The animal tracks, and what may be done on them now.
  const gains = legal.filter((x) => x.type === "gain");
  const pays = legal.filter((x) => x.type === "pay");
  const exchanges = legal.filter((x) => x.type === "exchange");
  if (pays.length && !ui.pay) ui.pay = suggestedPay(pays, p.animals);
  const cost = pending ? COSTS[pending.hunters] : 0;
  const paid = ui.pay ? ANIMALS.reduce((t, a) => t + ui.pay[a], 0) : 0;
  const owed = cost - paid;
  const tracks = h("div", { class: "bison-tracks" }, ANIMALS.map((a) => {
    const value = animals[a];
    const row = h("div", { class: `bison-track ${a}${changedHere.has(a) ? " changed" : ""}`, "data-animal": a, title: `${animal(ctx, a, 2)} ${value}` },
      icon(a, { size: mine ? 24 : 18 }),
      mine ? null : h("span", { class: "bison-track-name", text: animal(ctx, a, 2) }),
      trackBar(value),
      h("span", { class: "bison-track-value", text: String(value) }));
    const controls = h("span", { class: "bison-track-controls" });
    const g = gains.find((x) => x.animal === a);
    if (g) controls.append(legalButton(ctx, g, describeAction(g, ctx), "+1", "bison-gain"));
    if (pays.length && ui.pay) {
      const n = ui.pay[a];
      const minus = h("button", { type: "button", class: "bison-step minus", "aria-label": ctx.t("bison.pay_less", { animal: animal(ctx, a, 1) }), text: "−", disabled: n <= 0,
        onclick: () => { ui.pay[a] -= 1; redraw(); } });
      const plus = h("button", { type: "button", class: "bison-step plus", "aria-label": ctx.t("bison.pay_more", { animal: animal(ctx, a, 1) }), text: "+", disabled: owed <= 0 || n >= value,
        onclick: () => { ui.pay[a] += 1; redraw(); } });
      controls.append(minus, h("output", { class: "bison-step-n", text: String(n), "aria-label": ctx.t("bison.paying", { n, animal: animal(ctx, a, n) }) }), plus);
    }
    for (const x of exchanges.filter((e) => e.give === a)) {
      controls.append(legalButton(ctx, x, describeAction(x, ctx), [h("span", { text: "3→" }), icon(x.get, { size: 18 })], "bison-exchange"));
    }
    row.append(controls);
    return row;
  }));
  parts.push(tracks);
  if (pays.length && ui.pay) {
    const exact = pays.find((x) => ANIMALS.every((a) => x[a] === ui.pay[a]));
    const text = owed > 0 ? ctx.t("bison.owed", { cost, n: owed }) : ctx.t("bison.paid_up", { cost });
    parts.push(h("div", { class: "bison-paybar" },
      h("span", { class: `bison-owed${owed > 0 ? " due" : ""}`, text }),
      exact ? legalButton(ctx, exact, describeAction(exact, ctx), ctx.t("bison.pay_button", { what: amounts(ctx, exact) }), "bison-pay")
        : h("button", { type: "button", class: "bison-pay", disabled: true, text: ctx.t("bison.pay_button", { what: amounts(ctx, ui.pay) }) })));
  }

  // In hand: hunters, tents, canoes, the drawn tile.
  const supply = h("div", { class: `bison-supply${changedHere.has("supply") ? " changed" : ""}` },
    h("span", { class: "bison-row-title", text: ctx.t("bison.in_hand") }),
    h("span", { class: "bison-pieces-row", title: ctx.t("bison.hunters_n", { n: p.supply.hunters, count: p.supply.hunters }) },
      icon("hunter", { colour, size: 20 }), h("span", { text: `×${p.supply.hunters}` })),
    p.supply.tents.map((n) => icon("tent", { colour, n, size: 22 })),
    p.supply.canoes.map((n) => icon("canoe", { colour, n, size: 22 })),
    mine ? null : h("span", { class: "muted bison-on-board", text: ctx.t("bison.on_board", { n: p.hunters_on_board }) }));
  parts.push(supply);
  if (mine) {
    parts.push(tileBox(ctx));
    parts.push(market(ctx, p, legal, colour, changedHere));
  }
  return h("section", { class: `bison-player${mine ? " mine" : ""}${p.seat === v.totem ? " totem" : ""}`, "data-seat": p.seat, "aria-label": who(ctx, p.seat) }, parts);
}

function tileBox(ctx) {
  const v = ctx.view;
  const tile = v.my_tile;
  const box = h("div", { class: "bison-tilebox" }, h("span", { class: "bison-row-title", text: ctx.t("bison.your_tile") }));
  if (!tile) {
    box.append(h("span", { class: "muted", text: ctx.t("bison.no_tile") }));
    return box;
  }
  const o = ui.orientation;
  const svgEl = s("svg", { class: "bison-tile-preview", viewBox: `${-1.1 * SCALE} ${-1.1 * SCALE} ${2.2 * SCALE} ${2.2 * SCALE}`, role: "img", "aria-label": ctx.t("bison.tile_label", { what: amounts(ctx, tile.animals) }) });
  const polys = turned(tile.polygons, o);
  polys.forEach((poly, t) => svgEl.append(s("polygon", { points: pts(poly), class: `bison-space ${TERRAINS[t]}` })));
  svgEl.append(s("polygon", { points: pts(outline(0, 0)), class: "bison-tile-edge" }));
  polys.forEach((poly, t) => {
    const [ax, ay] = anchorOf(poly).map((c) => c * SCALE);
    const kind = ANIMALS[t];
    for (let i = 0; i < tile.animals[kind]; i += 1) svgEl.append(animalIcon(kind, ax + (i - (tile.animals[kind] - 1) / 2) * 16, ay, 7));
  });
  box.append(svgEl, h("span", { class: "bison-tile-animals", text: amounts(ctx, tile.animals) }));
  // Turning the tile in hand: its preview on the board follows.
  box.append(h("button", { type: "button", class: "bison-rotate small", "aria-label": ctx.t("bison.rotate"), title: ctx.t("bison.rotate"), text: "⟳", onclick: () => {
    ui.orientation = (ui.orientation + 1) % 3;
    redraw();
  } }));
  return box;
}

function market(ctx, p, legal, colour, changedHere) {
  // Each piece left in the market with its price (of each animal); lit when affordable now.
  const item = (action, label, pic, count, price) => {
    const body = [pic, count > 1 ? h("span", { class: "bison-buy-count", text: `×${count}` }) : null,
      h("span", { class: "bison-price", text: ctx.t("bison.price", { n: price }) })];
    if (action) return legalButton(ctx, action, label, body, "bison-buy");
    return h("div", { class: "bison-buy", title: label }, body);
  };
  const buyHunter = legal.find((a) => a.type === "buy_hunter");
  const items = [];
  if (p.market.hunters) items.push(item(buyHunter, ctx.t("bison.act.buy_hunter"), icon("hunter", { colour, size: 20 }), p.market.hunters, 1));
  for (const kind of ["tent", "canoe"]) {
    const have = p.market[`${kind}s`];
    for (const n of SIZES.filter((x) => have.includes(x))) {
      const a = legal.find((x) => x.type === `buy_${kind}` && x.size === n);
      items.push(item(a, ctx.t(`bison.act.buy_${kind}`, { n }), icon(kind, { colour, n, size: 22 }), have.filter((x) => x === n).length, n));
    }
  }
  return h("div", { class: `bison-market${changedHere.has("market") ? " changed" : ""}` },
    h("span", { class: "bison-row-title", text: ctx.t("bison.market") }),
    items.length ? h("div", { class: "bison-market-row" }, items) : h("span", { class: "muted", text: "–" }));
}

// --- animations of the others' moves ----------------------------------------------------------

function animate(ctx, svg) {
  if (!ctx.animate || !ctx.recent || !ctx.recent.length) return;
  const v = ctx.view;
  const anchors = new Map(v.spaces.map((sp) => [sp.space, sp.anchor.map((c) => c * SCALE)]));
  const layer = s("g", { class: "bison-walkers", "pointer-events": "none" });
  svg.append(layer);
  for (const e of ctx.recent) {
    if (e.seat === ctx.seat && ctx.seat !== null) continue;
    if (e.event === "move" || e.event === "gather") {
      const a = anchors.get(e.from);
      const b = anchors.get(e.to);
      if (!a || !b) continue;
      const walker = s("g", {}, hunterShape(0, 0, `var(--seat-${e.seat})`, 1.3));
      layer.append(walker);
      const anim = walker.animate([
        { transform: `translate(${a[0]}px, ${a[1]}px)` },
        { transform: `translate(${b[0]}px, ${b[1]}px)` },
      ], { duration: WALK_MS, easing: "ease-in-out", fill: "forwards" });
      const target = svg.querySelector(`.bison-pieces[data-space="${e.to}"]`);
      if (target) target.animate([{ opacity: 0 }, { opacity: 0, offset: 0.9 }, { opacity: 1 }], { duration: WALK_MS });
      anim.onfinish = () => walker.remove();
    } else if (e.event === "place") {
      const tile = svg.querySelector(`.bison-tile[data-position="${e.position}"]`);
      if (tile) tile.animate([{ opacity: 0, transform: "translateY(-30px)" }, { opacity: 1, transform: "none" }], { duration: 450, easing: "ease-out" });
    } else if (e.event === "tent" || e.event === "canoe" || e.event === "deploy") {
      const p = svg.querySelector(`.bison-pieces[data-space="${e.space}"]`);
      if (p) p.animate([{ opacity: 0, transform: "translateY(-14px)" }, { opacity: 1, transform: "none" }], { duration: 400, delay: 100, easing: "ease-out", fill: "backwards" });
    }
  }
}

// --- the contract -----------------------------------------------------------------------------

function render(root, ctx) {
  const v = ctx.view;
  current = { root, ctx };
  root.classList.add("bison-root");
  resetChoices(ctx);
  focusZoom(ctx);
  startScoring(ctx);
  const marks = changes(ctx);
  const playing = !play.done && play.steps.length > 0;
  if (playing) {
    ctx.showScores?.(play.steps[play.i].scores);
    // One hold per drawing of the table (the table forgets holds when it redraws): the
    // result, and the log's lines of this scoring, wait for the playback.
    if (play.heldBy !== ctx && ctx.holdResult) {
      play.heldBy = ctx;
      play.releases.push(ctx.holdResult());
    }
  }
  // At the end (once the final scoring is shown), the winner above the board, also in a replay.
  const ended = ctx.over && !(playing && play.final) && (v.winners || []).length;
  const status = h("p", { class: "bison-status", "data-round": v.round },
    h("span", { text: ctx.t("bison.status", { round: v.round, rounds: v.rounds, deck: v.deck }) }),
    ctx.over ? null : h("span", { text: ctx.t("bison.action_number", { n: v.action_number }) }),
    ended ? h("strong", { class: "bison-won", text: ctx.t("bison.won", { names: v.winners.map((w) => who(ctx, w)).join(ctx.t("bison.comma")), n: v.player_info[v.winners[0]].total, count: v.player_info[v.winners[0]].total }) }) : null);
  const svgEl = board(ctx, marks);
  const viewport = h("div", { class: `bison-viewport${zoom.k > 1.01 ? " zoomed" : ""}` }, svgEl,
    playing ? scoringCaption(ctx) : null, zoomButtons(ctx, svgEl));
  panZoom(viewport, svgEl);
  const boardCol = h("div", { class: "bison-board-col" }, viewport, boardBar(ctx));
  const mineInfo = ctx.seat !== null && ctx.seat !== undefined ? v.player_info[ctx.seat] : null;
  const side = h("div", { class: "bison-side" },
    mineInfo ? playerBoard(ctx, mineInfo, marks, true) : null,
    h("div", { class: "bison-others" }, v.player_info.filter((p) => p !== mineInfo).map((p) => playerBoard(ctx, p, marks, false))));
  root.append(status, h("div", { class: "bison-layout" }, boardCol, side));
  // Sized now (the table's board is on the page: no target is ever drawn small), and again
  // after the rest of the page is drawn (a replay's first board is not on the page yet, and a
  // scroll bar that appears narrows the prairie).
  sizeTargets(svgEl);
  requestAnimationFrame(() => {
    sizeTargets(svgEl);
    animate(ctx, svgEl);
  });
  if (playing && !play.timer) schedulePlay();
}

function prompt(ctx) {
  const v = ctx.view;
  if (!(ctx.legal || []).length) return "";
  const n = v.pending ? v.pending.remaining : 0;
  const key = {
    choose: "bison.prompt.choose", hunters: "bison.prompt.hunters", gain: "bison.prompt.gain", pay: "bison.prompt.pay",
    place: "bison.prompt.place", deploy: "bison.prompt.deploy", shelter: "bison.prompt.shelter", move: "bison.prompt.move",
    gather_at: "bison.prompt.gather_at", gather: "bison.prompt.gather",
  }[v.phase];
  const cost = v.pending ? COSTS[v.pending.hunters] : 0;
  const text = key ? ctx.t(key, { n, count: n, cost, action: v.pending ? ctx.t(`bison.action.${v.pending.action}`) : "" }) : "";
  return text.charAt(0).toUpperCase() + text.slice(1); // "Tents: …" (no case in Japanese)
}

function describeAction(a, ctx) {
  switch (a.type) {
    case "action":
      return ctx.t("bison.act.action", { action: ctx.t(`bison.action.${a.action}`) });
    case "hunters":
      if (a.count === 0) return ctx.t("bison.act.no_hunters");
      return COSTS[a.count] ? ctx.t("bison.act.hunters_pay", { n: a.count, cost: COSTS[a.count] }) : ctx.t("bison.act.hunters_free", { n: a.count, count: a.count });
    case "gain":
      return ctx.t("bison.act.gain", { animal: animal(ctx, a.animal, 1) });
    case "pay":
      return ctx.t("bison.act.pay", { what: amounts(ctx, a) });
    case "buy_hunter":
      return ctx.t("bison.act.buy_hunter");
    case "buy_tent":
    case "buy_canoe":
      return ctx.t(`bison.act.${a.type}`, { n: a.size });
    case "exchange":
      return ctx.t("bison.act.exchange", { give: animal(ctx, a.give, 3), get: animal(ctx, a.get, 1) });
    case "place":
      return ctx.t("bison.act.place", { n: a.position, deg: a.orientation * 120 });
    case "deploy":
      return ctx.t("bison.act.deploy", { space: spaceName(ctx, a.space) });
    case "tent":
    case "canoe":
      return a.size === 0
        ? ctx.t(`bison.act.${a.type}_down`, { space: spaceName(ctx, a.space) })
        : ctx.t(`bison.act.${a.type}`, { space: spaceName(ctx, a.space), n: a.size });
    case "gather_at":
      return ctx.t("bison.act.gather_at", { space: spaceName(ctx, a.space) });
    case "gather":
      return ctx.t("bison.act.gather", { space: spaceName(ctx, a.from) });
    case "move":
      return ctx.t("bison.act.move", { from: spaceName(ctx, a.from), to: spaceName(ctx, a.to) });
    case "back":
      return ctx.t("bison.act.back");
    default:
      return a.type;
  }
}

/** Whether the log should keep an event back: a region still to be shown by the scoring
 *  playing now (or a full track's exchange it caused), or the end before the final scoring is
 *  over. */
function heldBack(e) {
  if (play.done || !play.hidden) return false;
  if (e.event === "game_over") return play.final;
  if (e.event === "overflow") return play.overflows.has(e);
  return (e.event === "score" || e.event === "round_scoring" || e.event === "final_scoring") && play.hidden.has(JSON.stringify(e));
}

/** Why a player took what they took in a region: the share, and what ranked them. */
function why(ctx, w, terrain) {
  const kind = terrain === "river" ? "canoe" : "tent";
  const basis = (w.shelters || []).length
    ? ctx.t(`tip.bison.why.${kind}`, { sizes: w.shelters.join("+"), count: w.shelters.length })
    : ctx.t("tip.bison.why.hunters", { n: w.hunters ?? 0, count: w.hunters ?? 0 });
  if (!w.share) return ` (${basis})`;
  return ` (${ctx.t(`tip.bison.share.${w.share}`)}; ${basis})`;
}

/** "2 hunters go back to Aki's hand." after a tent or canoe set up or enlarged. */
function toHand(ctx, name, n, kind, old = false) {
  const hunters = ctx.t("tip.bison.to_hand", { name, n, count: n });
  return old ? `${hunters} ${ctx.t(`tip.bison.old_${kind}`, { name })}` : hunters;
}

/** What n hunters cost (the cost table), in words. */
function costText(ctx, n) {
  if (n === 0) return ctx.t("tip.bison.cost0");
  if (n === 1) return ctx.t("tip.bison.cost1");
  return ctx.t("tip.bison.cost", { n, cost: COSTS[n] });
}

/** Which regions the drawn tile would join laid at `position` turned `o`: a land or river of
 *  the tile joins a region of the same terrain whose space shares a side with it. */
function joinsText(ctx, v, position, o) {
  const [cx, cy] = centre(v.cells[position]);
  const polys = shift(turned(v.my_tile.polygons, o), cx, cy);
  const parts = polys.map((poly, t) => {
    const terrain = TERRAINS[t];
    const regions = new Set();
    for (let i = 0, j = poly.length - 1; i < poly.length; j = i, i += 1) {
      const [ax, ay] = poly[j];
      const [bx, by] = poly[i];
      if (Math.hypot(bx - ax, by - ay) < 0.05) continue;
      const mx = (ax + bx) / 2;
      const my = (ay + by) / 2;
      for (const sp of v.spaces) {
        if (sp.terrain === terrain && edgeDistance(sp.polygon, mx, my) < 0.03) regions.add(sp.region);
      }
    }
    const name = ctx.t(`bison.terrain.${terrain}`);
    if (!regions.size) return ctx.t("tip.bison.joins_none", { terrain: name });
    const size = [...regions].reduce((n, r) => n + v.regions[r].spaces.length, 0);
    const animals = [...regions].reduce((n, r) => n + v.regions[r].animals, 0);
    return ctx.t("tip.bison.joins", { terrain: name, size, count: size, n: animals, animal: animal(ctx, ANIMAL_OF[terrain], animals) });
  });
  return ctx.t("tip.bison.joins_head", { n: position, parts: parts.join(ctx.t("bison.comma")) });
}

/** "River region …": a sentence starts with a capital (no case in Japanese). */
const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/** A scoring's first line: which round, how many regions, what each seat took in all (a record
 *  from before the header said so: the round alone; the region lines follow). */
function scoringLine(e, ctx) {
  const final = e.event === "final_scoring";
  if (!e.gains) return final ? ctx.t("bison.ev.final_scoring") : ctx.t("bison.ev.round_scoring", { round: e.round });
  const head = final ? ctx.t("bison.ev.final_head") : ctx.t("bison.ev.round_head", { round: e.round });
  if (!e.regions) return ctx.t("bison.ev.scoring_none", { head });
  const gains = e.gains.map((n, seat) => ctx.t("bison.gain_of", { name: who(ctx, seat), n })).join(ctx.t("bison.comma"));
  return ctx.t("bison.ev.scoring_sum", { head, n: e.regions, count: e.regions, gains });
}

function describeEvent(e, ctx) {
  if (heldBack(e)) return "";
  const name = e.seat === undefined ? "" : who(ctx, e.seat);
  switch (e.event) {
    case "round":
      return ctx.t("bison.ev.round", { round: e.round, name });
    case "draw":
      return ctx.t("bison.ev.draw", { name });
    case "action":
      return ctx.t("bison.ev.action", { name, action: ctx.t(`bison.action.${e.action}`), n: e.hunters, count: e.hunters });
    case "gain":
      return ctx.t("bison.ev.gain", { name, n: e.amount, count: e.amount, animal: animal(ctx, e.animal, e.amount) });
    case "overflow":
      return ctx.t("bison.ev.overflow", { name, animal: animal(ctx, e.animal, 3), into: animal(ctx, e.into, 1) });
    case "pay":
      return ctx.t("bison.ev.pay", { name, what: amounts(ctx, e) });
    case "buy":
      return e.piece === "hunter" ? ctx.t("bison.ev.buy_hunter", { name }) : ctx.t(`bison.ev.buy_${e.piece}`, { name, n: e.size });
    case "exchange":
      return ctx.t("bison.ev.exchange", { name, give: animal(ctx, e.give, 3), get: animal(ctx, e.get, 1) });
    case "place":
      return ctx.t("bison.ev.place", { name, n: e.position });
    case "deploy":
      return ctx.t("bison.ev.deploy", { name, n: e.hunters, count: e.hunters, space: spaceName(ctx, e.space) });
    case "tent":
    case "canoe":
      if (!e.size) return ctx.t(`bison.ev.${e.event}_down`, { name, space: spaceName(ctx, e.space), was: e.was });
      // The hunters used go back to hand (the rulebook): said, as the board shows them gone.
      if (!e.was) return `${ctx.t(`bison.ev.${e.event}_up`, { name, space: spaceName(ctx, e.space), n: e.size })} ${toHand(ctx, name, e.size, e.event)}`;
      return `${ctx.t(`bison.ev.${e.event}`, { name, space: spaceName(ctx, e.space), was: e.was, n: e.size })} ${toHand(ctx, name, Math.max(0, e.size - e.was), e.event, true)}`;
    case "gather":
    case "move":
      return ctx.t(`bison.ev.${e.event}`, { name, from: spaceName(ctx, e.from), to: spaceName(ctx, e.to) });
    case "back":
      return ctx.t("bison.ev.back", { name });
    case "round_scoring":
    case "final_scoring":
      return scoringLine(e, ctx);
    case "score":
      return capital(ctx.t("bison.ev.score", {
        terrain: ctx.t(`bison.terrain.${e.terrain}`), n: e.spaces.length, count: e.spaces.length, animals: e.animals, animal: animal(ctx, ANIMAL_OF[e.terrain], e.animals),
        awards: (e.awards || []).map((w) => `${ctx.t("bison.award", { name: who(ctx, w.seat), place: place(ctx, w.place), n: w.animals })}${why(ctx, w, e.event === "score" ? e.terrain : "")}`).join(ctx.t("bison.comma")) || ctx.t("bison.nobody"),
      }));
    case "game_over":
      return ctx.t("bison.ev.game_over", { names: (e.winners || []).map((w) => who(ctx, w)).join(ctx.t("bison.comma")) });
    default:
      return "";
  }
}

/** Each seat's total and lowest track, ranked by the rulebook: most animals, then the higher
 *  lowest track; equal on both share the place. */
function ranking(v) {
  const rows = v.player_info.map((p) => ({ seat: p.seat, total: p.total, low: Math.min(...ANIMALS.map((a) => p.animals[a])), p }));
  for (const r of rows) r.rank = 1 + rows.filter((o) => o.total > r.total || (o.total === r.total && o.low > r.low)).length;
  return rows.sort((a, b) => a.rank - b.rank || a.seat - b.seat);
}

function describeResult(ctx) {
  const v = ctx.view;
  if (!ctx.over) return "";
  const lines = ranking(v).map((r) => ctx.t("bison.result.line", { rank: r.rank, name: who(ctx, r.seat), n: r.total, low: r.low, detail: amounts(ctx, r.p.animals) }));
  lines.push(ctx.t("bison.result.rule"));
  return lines.join("\n");
}

/** The end: each seat's final scoring by terrain (grassland, mountain, river: the animals
 *  each took), the total on the tracks, and the tie-break when the lowest track decided. */
function scoreboard(ctx) {
  const v = ctx.view;
  if (!ctx.over) return null;
  const blocks = scorings(v.events || [], v).filter((b) => b.final);
  const final = blocks[blocks.length - 1];
  const took = v.player_info.map(() => ({ grassland: 0, mountain: 0, river: 0 }));
  if (final) for (const r of final.regions) for (const w of r.awards || []) took[w.seat][r.terrain] += w.animals;
  const rows = ranking(v);
  const out = rows.map((r) => {
    const parts = SCORING_TERRAINS.map((t) => ({ label: ctx.t(`bison.board.${t}`), value: took[r.seat][t] }));
    const sum = parts.reduce((a, x) => a + x.value, 0);
    // A track full at 20 changes 3 for 1 (ruling 2): what that cost, so that the row adds up.
    parts.push({ label: ctx.t("bison.board.full_tracks"), value: r.total - sum });
    return { seat: r.seat, rank: r.rank, total: r.total, parts };
  });
  if (out.every((r) => r.parts[3].value === 0)) for (const r of out) r.parts.pop();
  // Which rule decided: the engine says it (game_over.decided_by); older records are worked out.
  let note = null;
  const top = rows.filter((r) => r.total === rows[0].total);
  const over = (v.events || []).find((e) => e.event === "game_over");
  let decided = over && over.decided_by;
  if (!decided) decided = top.length < 2 ? "animals" : top.every((r) => r.low === top[0].low) ? "shared" : "lowest";
  if (decided !== "animals") {
    const lows = top.map((r) => ctx.t("bison.board.low", { name: nameOf(ctx, r.seat), n: r.low })).join(ctx.t("bison.comma"));
    note = ctx.t(decided === "shared" ? "bison.board.shared" : "bison.board.tiebreak", { n: rows[0].total, lows });
  }
  return { rows: out, note };
}

/** What leads to a move besides its own target, for the coach (coach.js): a tile's spot
 *  whatever the tile's turn now (and, once the spot is chosen, the turn button while the turn
 *  differs); a payment's steppers that bring the amounts set now towards the move's (the Pay
 *  button itself is lit once they match). */
function locate(root, action) {
  if (action.type === "place") {
    const found = [...root.querySelectorAll(`.bison-spot.legal[data-position="${action.position}"]`)];
    if (ui.spot === action.position && ui.orientation !== action.orientation) found.push(...root.querySelectorAll(".bison-bar .bison-rotate"));
    return found;
  }
  if (action.type !== "pay" || !ui.pay) return [];
  return ANIMALS.map((a) => {
    const more = (action[a] || 0) - ui.pay[a];
    return more ? root.querySelector(`.bison-track[data-animal="${a}"] .bison-step.${more > 0 ? "plus" : "minus"}:not([disabled])`) : null;
  }).filter(Boolean);
}

export default {
  render,
  locate,
  handles: new Set(["action", "hunters", "gain", "pay", "buy_hunter", "buy_tent", "buy_canoe", "exchange", "place", "deploy", "tent", "canoe", "gather_at", "gather", "move", "back"]),
  prompt,
  describeAction,
  describeEvent,
  describeResult,
  scoreboard,
  // The end's story (ending.js): why the game ended, each player's statistics.
  endReason,
  stats,
  // Every scoring in the end's story, in the log's words (ending.js).
  scorings: ["round_scoring", "final_scoring", "score"],
};
