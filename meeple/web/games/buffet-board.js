// Schlacht am Buffet: the printed board as one SVG — the 40-space track around the edge
// (start in the top-left corner, clockwise, every space numbered), the mice on it, and in
// the middle the buffet table with its plates, the dish rank (top right, as printed) and the
// piles (dishes, deck, discard). The moves of the last turn animate from `previous`.

import { svg as s } from "../dom.js";
import { KINDS, cardBack, cardFace, dishTile, mouseShape, signed } from "./buffet-art.js";
import { plateTip } from "./buffet-tips.js";

export const TRACK = 40;
const B = 440; // the board's side
const D = 64; // the track's depth (a corner is D×D)
const W = (B - 2 * D) / 9; // a side space's width: 4 corners + 4×9 spaces = 40
const STRIP = 13; // the band at the outer edge of a space that holds its number
const PLATE = 56; // distance between plate centres on the buffet

// --- geometry --------------------------------------------------------------------------

/** The rectangle of printed space i (0 = start, top-left), its side and the running direction. */
function spaceRect(i) {
  if (i === 0) return { x: 0, y: 0, w: D, h: D, side: "top", corner: true };
  if (i < 10) return { x: D + (i - 1) * W, y: 0, w: W, h: D, side: "top" };
  if (i === 10) return { x: B - D, y: 0, w: D, h: D, side: "right", corner: true };
  if (i < 20) return { x: B - D, y: D + (i - 11) * W, w: D, h: W, side: "right" };
  if (i === 20) return { x: B - D, y: B - D, w: D, h: D, side: "bottom", corner: true };
  if (i < 30) return { x: B - D - (i - 20) * W, y: B - D, w: W, h: D, side: "bottom" };
  if (i === 30) return { x: 0, y: B - D, w: D, h: D, side: "left", corner: true };
  return { x: 0, y: B - D - (i - 30) * W, w: D, h: W, side: "left" };
}

/** The part of a space where mice stand (without the number band at the outer edge). */
function mouseArea(i) {
  const r = spaceRect(i);
  if (i === 0) return { x: r.x + 2, y: r.y + STRIP, w: r.w - 2, h: r.h - STRIP };
  switch (r.side) {
    case "top":
      return { x: r.x, y: r.y + STRIP, w: r.w, h: r.h - STRIP };
    case "right":
      return { x: r.x, y: r.y, w: r.w - STRIP, h: r.h };
    case "bottom":
      return { x: r.x, y: r.y, w: r.w, h: r.h - STRIP };
    default:
      return { x: r.x + STRIP, y: r.y, w: r.w - STRIP, h: r.h };
  }
}

const ROTATE = { top: 0, right: 90, bottom: 180, left: -90 };

export function spaceOf(pos) {
  return ((pos % TRACK) + TRACK) % TRACK;
}

/** Where the mice on one space stand: n spots (x, y, scale) in a grid that fits the space.
 *  Mice run along the track; neighbours may overlap nose to tail, but their numbers (on their
 *  backs) stay 26 apart along the track and 19 across it. */
function spots(space, n) {
  const a = mouseArea(space);
  const side = spaceRect(space).side;
  const along = side === "top" || side === "bottom" ? a.w : a.h;
  const across = side === "top" || side === "bottom" ? a.h : a.w;
  let best = null;
  for (let cols = 1; cols <= n; cols++) {
    const rows = Math.ceil(n / cols);
    const k = Math.min(1, along / cols / 26, across / rows / 19);
    if (!best || k > best.k + 1e-9) best = { cols, rows, k };
  }
  const out = [];
  for (let j = 0; j < n; j++) {
    const c = j % best.cols;
    const r = Math.floor(j / best.cols);
    const u = (c + 0.5) / best.cols; // along the running direction
    const v = (r + 0.5) / best.rows; // across, from the inner edge outwards
    let x;
    let y;
    if (side === "top") [x, y] = [a.x + u * a.w, a.y + a.h - v * a.h];
    else if (side === "right") [x, y] = [a.x + v * a.w, a.y + u * a.h];
    else if (side === "bottom") [x, y] = [a.x + a.w - u * a.w, a.y + v * a.h];
    else [x, y] = [a.x + a.w - v * a.w, a.y + a.h - u * a.h];
    out.push({ x, y, k: best.k, rotate: ROTATE[side] });
  }
  return out;
}

/** The spot of every mouse in `positions` (null: not on the track), mice sharing a space
 *  side by side in seat order. */
export function layoutMice(positions) {
  const bySpace = new Map();
  positions.forEach((p, seat) => {
    if (p === null || p === undefined) return;
    const sp = spaceOf(p);
    if (!bySpace.has(sp)) bySpace.set(sp, []);
    bySpace.get(sp).push(seat);
  });
  const at = new Map();
  for (const [sp, seats] of bySpace) {
    const pts = spots(sp, seats.length);
    seats.forEach((seat, j) => at.set(seat, pts[j]));
  }
  return at;
}

/** The centre of a space for a mouse running through it alone. */
function runPoint(pos) {
  return spots(spaceOf(pos), 1)[0];
}

// --- drawing -----------------------------------------------------------------------------

function drawSpaces(ctx) {
  const g = s("g", { class: "buffet-track" });
  for (let i = 0; i < TRACK; i++) {
    const r = spaceRect(i);
    const cls = i === 0 ? "buffet-space buffet-start" : i % 10 === 0 ? "buffet-space buffet-ten" : i % 2 ? "buffet-space buffet-odd" : "buffet-space";
    g.append(s("rect", { x: r.x, y: r.y, width: r.w, height: r.h, class: cls, "data-space": i }));
    let x;
    let y;
    if (r.side === "top") [x, y] = [r.x + r.w / 2, r.y + 10];
    else if (r.side === "right") [x, y] = [r.x + r.w - 7, r.y + r.h / 2 + 3.5];
    else if (r.side === "bottom") [x, y] = [r.x + r.w / 2, r.y + r.h - 3.5];
    else [x, y] = [r.x + 7, r.y + r.h / 2 + 3.5];
    if (r.corner && i !== 0) {
      // The corner's number sits in its outer corner, clear of the mice.
      x = i === 30 ? r.x + 9 : r.x + r.w - 9;
      y = i === 10 ? r.y + 10 : r.y + r.h - 3.5;
    }
    if (i === 0) {
      g.append(s("text", { x: r.x + r.w / 2, y: r.y + 10, "text-anchor": "middle", class: "buffet-space-num buffet-start-label" }, ctx.t("buffet.start")));
    } else {
      g.append(s("text", { x, y, "text-anchor": "middle", class: `buffet-space-num${r.side === "right" || r.side === "left" ? " buffet-num-side" : ""}` }, String(i)));
    }
  }
  return g;
}

/** One mouse: the drawing turned to its running direction, its seat number upright on it. */
function mouseToken(ctx, seat, spot, pos, label, changed) {
  const k = spot.k;
  const flip = spot.rotate === 180 ? "scale(-1 1)" : `rotate(${spot.rotate})`;
  const laps = pos >= TRACK ? `+${Math.floor(pos / TRACK) * TRACK}` : pos < 0 ? "−" : "";
  return s("g", { class: `buffet-mouse${seat === ctx.seat ? " buffet-me" : ""}${changed ? " changed" : ""}`, "data-seat": seat, transform: `translate(${spot.x.toFixed(1)} ${spot.y.toFixed(1)})`, role: "img", "aria-label": label,
    "data-tip": `${label}\n${ctx.t("tip.buffet.mouse")}` },
    s("g", { class: "buffet-mouse-run" },
      changed ? s("ellipse", { class: "buffet-mark", rx: (spot.rotate % 180 ? 12 : 19) * k, ry: (spot.rotate % 180 ? 19 : 12) * k }) : null,
      s("g", { transform: `${flip} scale(${k.toFixed(3)})` }, mouseShape(`var(--seat-${seat})`)),
      s("text", { y: 4.6 * Math.max(k, 0.9), "text-anchor": "middle", class: "buffet-mouse-num", "font-size": 13 * Math.max(k, 0.9) }, String(seat + 1)),
      laps ? s("text", { x: 9, y: -8, class: "buffet-lap" }, laps) : null));
}

/** The places of the buffet: one per dish of a round, each holding a dish or null. In a
 *  three-player round the two best wait on the left places during the first stage. */
export function placesOf(v) {
  const n = v.players === 3 ? 5 : v.players - 1;
  const places = new Array(n).fill(null);
  const offset = v.players === 3 && v.stage === 1 ? v.reserved.length : 0;
  v.reserved.forEach((d, i) => (places[i] = { dish: d, reserved: true }));
  v.buffet.forEach((d, i) => (places[offset + i] = { dish: d, reserved: false }));
  return places;
}

function placeKey(p) {
  return p ? `${p.dish.kind}${p.dish.value}${p.reserved ? "r" : ""}` : "-";
}

/** The centre of plate i of n, in board coordinates. */
export function platePoint(i, n) {
  return [B / 2 + (i - (n - 1) / 2) * PLATE, 198];
}

function drawCentre(ctx, v, base, names) {
  const g = s("g", { class: "buffet-centre" });
  // The table with its cloth.
  g.append(s("rect", { x: D + 4, y: 140, width: B - 2 * D - 8, height: 118, rx: 14, class: "buffet-table" }));
  g.append(s("rect", { x: D + 10, y: 146, width: B - 2 * D - 20, height: 106, rx: 10, class: "buffet-cloth" }));
  const places = placesOf(v);
  const before = base && base.round === v.round && base.stage === v.stage ? placesOf(base) : null;
  const newRound = base && (base.round !== v.round || base.stage !== v.stage);
  places.forEach((p, i) => {
    const [cx, cy] = platePoint(i, places.length);
    const changed = (before && placeKey(before[i]) !== placeKey(p)) || (newRound && p !== null);
    const label = p ? names.dish(p.dish) + (p.reserved ? ` (${ctx.t("buffet.second_turn")})` : "") : ctx.t("buffet.place_empty");
    const plate = s("g", { class: `buffet-place${p ? "" : " buffet-place-empty"}${changed ? " changed" : ""}`, "data-place": i, role: "img", "aria-label": label, "data-tip": plateTip(ctx, v, label, p) },
      s("circle", { cx, cy, r: 26, class: "buffet-plate" }),
      s("circle", { cx, cy, r: 20, class: "buffet-plate-well" }));
    if (p) {
      plate.append(s("g", { transform: `translate(${cx - 23} ${cy - 23})`, class: p.reserved ? "buffet-reserved" : "" }, dishTile(p.dish, 46)));
    }
    g.append(plate);
  });
  const [x0] = platePoint(0, places.length);
  const [x1] = platePoint(places.length - 1, places.length);
  g.append(s("text", { x: x0 - 24, y: 243, class: "buffet-hint" }, `◀ ${ctx.t("buffet.best")}`));
  g.append(s("text", { x: x1 + 24, y: 243, "text-anchor": "end", class: "buffet-hint" }, `${ctx.t("buffet.lowest")} ▶`));
  if (v.players === 3 && v.stage === 1 && v.reserved.length) {
    const [a] = platePoint(0, 5);
    const [b] = platePoint(1, 5);
    g.append(s("text", { x: (a + b) / 2, y: 163, "text-anchor": "middle", class: "buffet-hint buffet-stage-hint" }, ctx.t("buffet.second_turn")));
  }
  // The round and stage, top left; the dish rank, top right (as printed on the board).
  // 36 dishes, one fewer than the players a round (five for three): the rounds of the game.
  const total = Math.floor(36 / places.length);
  const round = ctx.t("buffet.round_n", { n: v.round, total }) + (v.players === 3 ? ` · ${ctx.t("buffet.stage_n", { n: v.stage })}` : "");
  g.append(s("text", { x: D + 8, y: D + 20, class: "buffet-round" }, v.phase === "over" ? ctx.t("buffet.game_over") : round));
  const rank = s("g", { class: "buffet-rank", transform: `translate(${B - D - 8 - 6 * 26 + 4} ${D + 32})`, role: "img", "aria-label": ctx.t("buffet.kind_rank", { kinds: KINDS.map((k) => ctx.t(`buffet.kind.${k}`)).join(" > ") }),
    "data-tip": `${ctx.t("buffet.kind_rank", { kinds: KINDS.map((k) => ctx.t(`buffet.kind.${k}`)).join(" > ") })}\n${ctx.t("tip.buffet.rank")}` });
  rank.append(s("text", { x: 6 * 26 - 4, y: -6, "text-anchor": "end", class: "buffet-hint" }, ctx.t("buffet.rank_title")));
  KINDS.forEach((k, i) => {
    rank.append(s("g", { transform: `translate(${i * 26} 0)` }, dishTile({ kind: k }, 22)));
    if (i) rank.append(s("text", { x: i * 26 - 2, y: 15, "text-anchor": "middle", class: "buffet-gt" }, ">"));
  });
  g.append(rank);
  if (v.phase === "over" && (v.winners || []).length) {
    g.append(s("text", { x: B / 2, y: 126, "text-anchor": "middle", class: "buffet-centre-winner" }, ctx.t("buffet.winner_is", { names: v.winners.map((w) => names.who(w)).join(ctx.t("buffet.comma")) })));
  }
  // The piles beside the buffet: face-down dishes, the deck, the open discard pile.
  const discard = Object.values(v.discard || {}).reduce((a, b) => a + b, 0);
  const pileY = 282;
  const pile = (x, label, count, drawing, cls) =>
    s("g", { class: `buffet-pile ${cls}`, transform: `translate(${x} ${pileY})`, role: "img", "aria-label": `${label}: ${count}`,
      "data-tip": `${label}: ${count}\n${ctx.t(`tip.${cls.replace("-", ".")}`)}` }, drawing,
      s("text", { x: 22, y: 73, "text-anchor": "middle", class: "buffet-pile-label" }, label),
      s("text", { x: 22, y: 87, "text-anchor": "middle", class: "buffet-pile-count" }, String(count)));
  const dishBack = s("g", {},
    ...[6, 3, 0].map((o) => s("rect", { x: o - 2, y: 14 - o, width: 44, height: 44, rx: 6, class: "buffet-dish-back" })),
    s("text", { x: 20, y: 41, "text-anchor": "middle", class: "buffet-dish-back-mark" }, "?"));
  g.append(pile(D + 30, ctx.t("buffet.pile_dishes"), v.dishes_left, dishBack, "buffet-dish-pile"));
  g.append(pile(B / 2 - 22, ctx.t("buffet.pile_deck"), v.deck, s("g", { transform: "translate(0 -2)" }, cardBack()), "buffet-deck"));
  const top = topOfDiscard(v);
  g.append(pile(B - D - 74, ctx.t("buffet.pile_discard"), discard, s("g", { transform: "translate(0 -2)", opacity: discard ? 1 : 0.35 }, top === null ? s("rect", { x: 1, y: 1, width: 42, height: 60, rx: 5, class: "buffet-card-empty" }) : cardFace(top)), "buffet-discard"));
  return g;
}

/** The last card revealed (the top of the open discard pile), when the view tells it. */
function topOfDiscard(v) {
  const reveals = (v.events || []).filter((e) => e.event === "reveal");
  if (reveals.length) return reveals[reveals.length - 1].card;
  return null;
}

/** The whole board. `base` is the view the marks compare against (null: no marks). */
export function drawBoard(ctx, base, names) {
  const v = ctx.view;
  const svg = s("svg", { viewBox: `0 0 ${B} ${B}`, class: "buffet-board", role: "group", "aria-label": ctx.t("buffet.board_label") },
    s("defs", {},
      s("pattern", { id: "buffet-check", width: 16, height: 16, patternUnits: "userSpaceOnUse" },
        s("rect", { width: 16, height: 16, fill: "#fff" }),
        s("rect", { width: 8, height: 8, fill: "#e9b3ad" }),
        s("rect", { x: 8, y: 8, width: 8, height: 8, fill: "#e9b3ad" }))),
    s("rect", { x: 0, y: 0, width: B, height: B, rx: 10, class: "buffet-board-bg" }),
    drawSpaces(ctx),
    drawCentre(ctx, v, base, names));
  const mice = s("g", { class: "buffet-mice" });
  // At the end the mice stay where the last turn left them (in play they leave the track
  // with their dish, so the view has no positions then).
  const positions = v.phase === "over" ? v.positions.map((p, seat) => reveals(v).find((e) => e.seat === seat)?.to ?? p) : v.positions;
  const at = layoutMice(positions);
  for (const [seat, spot] of at) {
    const pos = positions[seat];
    const changed = base !== null && base.positions[seat] !== v.positions[seat];
    mice.append(mouseToken(ctx, seat, spot, pos, names.mouse(seat, pos), changed));
  }
  svg.append(mice);
  return svg;
}

// --- animation ---------------------------------------------------------------------------

const RUN_MS = 340; // one mouse's run
const ALL_MS = 580; // everything of one step is over by then (the contract: 600 ms)

function reveals(v) {
  return (v && v.events ? v.events : []).filter((e) => e.event === "reveal");
}

/** Whether `v` holds a turn resolved after `prev` (its reveals are new). */
export function newTurn(prev, v) {
  if (!prev || !reveals(v).length) return false;
  return JSON.stringify(reveals(prev)) !== JSON.stringify(reveals(v)) || prev.round !== v.round || prev.stage !== v.stage;
}

/** The mice of the last turn run along the track space by space, in reveal order; a mouse
 *  that left the round (or went back to the start for a new round) runs to where its card
 *  took it first. Then the taken dishes fly from their plates to their new owners. */
export function animateTurn(ctx, svg, root, names) {
  const v = ctx.view;
  const prev = ctx.previous;
  if (!newTurn(prev, v)) return;
  const list = reveals(v);
  const stagger = list.length > 1 ? Math.min(90, (ALL_MS - RUN_MS - 120) / (list.length - 1)) : 0;
  const mice = svg.querySelector(".buffet-mice");
  list.forEach((e, i) => {
    const from = e.to - e.card;
    const path = [];
    const step = e.card >= 0 ? 1 : -1;
    for (let p = from; p !== e.to + step; p += step) path.push(runPoint(p));
    if (e.card === 0) path.push(runPoint(e.to));
    let el = mice.querySelector(`.buffet-mouse[data-seat="${e.seat}"]`);
    let ghost = false;
    if (!el) {
      // The mouse left the track with this turn: a ghost runs and fades out.
      const end = runPoint(e.to);
      el = mouseToken(ctx, e.seat, end, e.to, names.mouse(e.seat, e.to), false);
      el.classList.add("buffet-ghost");
      el.setAttribute("aria-hidden", "true");
      mice.append(el);
      ghost = true;
    }
    const [fx, fy] = el.getAttribute("transform").match(/-?[\d.]+/g).map(Number);
    const frames = path.map((pt) => ({ transform: `translate(${(pt.x - fx).toFixed(1)}px, ${(pt.y - fy).toFixed(1)}px)`, opacity: 1 }));
    const endsElsewhere = v.positions[e.seat] !== e.to && !ghost;
    if (endsElsewhere) frames.push({ ...frames[frames.length - 1], opacity: 0.2 });
    frames.push({ transform: "translate(0px, 0px)", opacity: ghost ? 0 : 1 });
    frames.forEach((f, j) => (f.offset = frames.length > 1 ? j / (frames.length - 1) : 1));
    if (frames.length > 2 && (ghost || endsElsewhere)) frames[frames.length - 2].offset = 0.85;
    const run = el.querySelector(".buffet-mouse-run");
    const anim = run.animate(frames, { duration: RUN_MS, delay: i * stagger, easing: "ease-in-out", fill: "backwards" });
    if (ghost) anim.finished.then(() => el.remove(), () => el.remove());
  });
  // The dishes taken this turn fly from their plates to their stacks.
  const old = placesOf(prev);
  const takes = (v.events || []).filter((e) => e.event === "take");
  takes.forEach((e) => {
    const i = old.findIndex((p) => p && p.dish.kind === e.dish.kind && p.dish.value === e.dish.value);
    const plate = svg.querySelector(`.buffet-place[data-place="${i}"] .buffet-plate`);
    const target = root.querySelector(`.buffet-player[data-seat="${e.seat}"] .buffet-stack[data-kind="${e.dish.kind}"] svg`);
    if (i < 0 || !plate || !target) return;
    const a = plate.getBoundingClientRect();
    const b = target.getBoundingClientRect();
    const dx = a.left + a.width / 2 - (b.left + b.width / 2);
    const dy = a.top + a.height / 2 - (b.top + b.height / 2);
    const scale = a.width / Math.max(1, b.width);
    target.animate(
      [{ transform: `translate(${dx}px, ${dy}px) scale(${scale})`, offset: 0 }, { transform: `translate(${dx}px, ${dy}px) scale(${scale})`, offset: 0.35 }, { transform: "none", offset: 1 }],
      { duration: ALL_MS, easing: "ease-in-out", fill: "backwards" });
    // Its points and the dish it covers show once it has landed.
    for (const mark of root.querySelectorAll(`.buffet-player[data-seat="${e.seat}"] .buffet-take[data-kind="${e.dish.kind}"]`)) {
      mark.animate([{ opacity: 0, transform: "scale(0.4)", offset: 0 }, { opacity: 0, transform: "scale(0.4)", offset: 0.75 }, { opacity: 1, transform: "none", offset: 1 }],
        { duration: ALL_MS, easing: "ease-out", fill: "backwards" });
    }
  });
}
