// Go da Cheese!: the renderer (see README.md in this folder for the contract).
//
// The table as it lies in the box's photos: the cheese cards in a circle (clockwise from the
// top, named A, B, … so that a position never mixes with the number on the card, which says
// how many mice eat there) and each cheese's queue of animal cards laid outwards from it,
// every card overlapping the one before it as the rulebook suggests (少しずらして重ねて),
// so the strip left visible shows its owner's colour and what it is (face up) or that it is
// face down ("?", or "★" for a card placed face down 2nd or 3rd: a marked mouse or a cat).
// A placement's first card is chosen in the hand and dropped on a cheese of the circle; the
// 2nd and 3rd cards are clicked in the hand (their cheese is fixed and marked on the
// circle); clicking the deck draws. At the end the resolution is played back on the circle
// step by step from the view's events, with the scores of each step in the seats panel.

import { h, isPhone, svg as s } from "../dom.js";
import { endReason, stats } from "./cheese-story.js";

const MICE = new Set(["mouse", "marked_mouse", "fat_mouse", "king_mouse"]);
const MARKED = new Set(["marked_mouse", "cat"]);
const ANIMALS = ["mouse", "marked_mouse", "fat_mouse", "king_mouse", "cat", "dog"];
const POINTS = { mouse: 1, marked_mouse: 1, fat_mouse: 2, king_mouse: 1, cat: 3, dog: 0 };
const STEP_MS = 650; // one step of the end-of-game resolution
const FLY_MS = 420; // a card sliding to its queue (plus a stagger: all done within 600 ms)

// The table's geometry, in SVG units (about a CSS pixel on a desktop).
const CARD_W = 50; // across the queue
const CARD_D = 34; // along the queue
const STEP_MAX = 22; // how much of a covered card shows
const STEP_MIN = 15; // below this the table grows instead (and is drawn smaller)
const PAD = 12;

// --- words ---------------------------------------------------------------------------

function nameOf(ctx, seat) {
  const p = (ctx.players || []).find((x) => x.seat === seat);
  return p && p.name ? p.name : ctx.t("cheese.seat", { n: seat + 1 });
}

function who(ctx, seat) {
  return seat === ctx.seat ? ctx.t("cheese.you_name", { name: nameOf(ctx, seat) }) : nameOf(ctx, seat);
}

/** A name short enough for the middle of the circle. */
function short(name) {
  return name.length > 12 ? `${name.slice(0, 11)}…` : name;
}

function letter(i) {
  return String.fromCharCode(65 + i);
}

function animal(ctx, card) {
  return ctx.t(`cheese.animal.${card}`);
}

function seatList(ctx, seats) {
  return seats.map((x) => who(ctx, x)).join(ctx.t("cheese.comma"));
}

// --- drawings ------------------------------------------------------------------------

/** An animal drawn in a 24×24 box. */
function icon(card) {
  const mouse = (rx, ry, body = "#8d8d8d") =>
    s("g", {},
      s("path", { d: `M${12 + rx - 1} 16 q6 1 6 -5`, fill: "none", stroke: "#666", "stroke-width": 1.3 }),
      s("ellipse", { cx: 12, cy: 16, rx, ry, fill: body, stroke: "#444", "stroke-width": 1 }),
      s("circle", { cx: 12 - rx + 3, cy: 16 - ry, r: 3.2, fill: "#c9a4a4", stroke: "#444", "stroke-width": 1 }),
      s("circle", { cx: 12 - rx + 2, cy: 15, r: 1, fill: "#111" }));
  switch (card) {
    case "mouse":
      return mouse(7, 4.5);
    case "marked_mouse":
      return s("g", {}, mouse(7, 4.5),
        s("path", { d: "M19 2 l1.5 3.2 3.4 .4 -2.5 2.3 .7 3.4 -3.1 -1.7 -3.1 1.7 .7 -3.4 -2.5 -2.3 3.4 -.4 z", fill: "#e8a400", stroke: "#7a5600", "stroke-width": 0.6 }));
    case "fat_mouse":
      return mouse(10, 6.5, "#7a7a7a");
    case "king_mouse":
      return s("g", {}, mouse(7, 4.5),
        s("path", { d: "M6 9 l1 -6 3 3 2 -4 2 4 3 -3 1 6 z", fill: "#f2c230", stroke: "#8a6a00", "stroke-width": 0.8 }));
    case "cat":
      return s("g", {},
        s("path", { d: "M4 6 L7 14 L17 14 L20 6 L15 10 L9 10 Z", fill: "#e58b2a", stroke: "#7a430c", "stroke-width": 1 }),
        s("circle", { cx: 12, cy: 15, r: 7, fill: "#e58b2a", stroke: "#7a430c", "stroke-width": 1 }),
        s("circle", { cx: 9.5, cy: 14, r: 1.1, fill: "#111" }),
        s("circle", { cx: 14.5, cy: 14, r: 1.1, fill: "#111" }),
        s("path", { d: "M3 16 h5 M3 18 h5 M16 16 h5 M16 18 h5", stroke: "#5a3008", "stroke-width": 0.6 }));
    case "dog":
      return s("g", {},
        s("circle", { cx: 12, cy: 13, r: 7.5, fill: "#b07a4a", stroke: "#4e2e12", "stroke-width": 1 }),
        s("ellipse", { cx: 4.5, cy: 12, rx: 2.6, ry: 5.5, fill: "#6b4322" }),
        s("ellipse", { cx: 19.5, cy: 12, rx: 2.6, ry: 5.5, fill: "#6b4322" }),
        s("circle", { cx: 9.5, cy: 11.5, r: 1.1, fill: "#111" }),
        s("circle", { cx: 14.5, cy: 11.5, r: 1.1, fill: "#111" }),
        s("ellipse", { cx: 12, cy: 16, rx: 2.2, ry: 1.6, fill: "#111" }));
    default:
      return s("g");
  }
}

/** An icon centred at (x, y), `size` wide, turned by `upright` degrees (to stand upright). */
function iconAt(card, x, y, size, upright) {
  return s("g", { transform: `translate(${x} ${y}) rotate(${upright}) scale(${size / 24}) translate(-12 -12)` }, icon(card));
}

const EATERS = new Set(["mouse", "marked_mouse", "fat_mouse", "king_mouse"]);

/** A queue card's tip: the card, its place in the queue, its rule, and (for a mouse or a card
 *  not known) how many cards ahead of it might eat before it: the cheese feeds `ch.cheese`. */
function queueTip(ctx, ch, i, queue, k, label) {
  const lines = [ctx.t("tip.cheese.place", { label, letter: letter(i), k: k + 1, n: queue.length })];
  const known = queue[k].card && (queue[k].face_up !== false || queue[k].card);
  if (known) lines.push(ctx.t(`tip.cheese.rule.${queue[k].card}`));
  if (ch.cheese !== undefined && (!known || EATERS.has(queue[k].card))) {
    // A card ahead not known to be a cat or a dog may be a mouse that eats first.
    const ahead = queue.slice(0, k).filter((c) => !c.card || EATERS.has(c.card)).length;
    const key = queue[k].card === "king_mouse" ? "tip.cheese.king" : ahead < ch.cheese ? "tip.cheese.eats" : "tip.cheese.waits";
    lines.push(ctx.t(key, { ahead, n: ch.cheese, count: ahead }));
  }
  return lines.join("\n");
}

/** The text of a queue card for screen readers and tooltips. */
function cardLabel(ctx, card) {
  if (card.card && card.face_up !== false) return ctx.t("cheese.card_up", { name: nameOf(ctx, card.seat), card: animal(ctx, card.card) });
  if (card.card) return ctx.t("cheese.card_mine_down", { card: animal(ctx, card.card) });
  return ctx.t(card.placed > 1 ? "cheese.card_down_marked" : "cheese.card_down", { name: nameOf(ctx, card.seat) });
}

/**
 * One card of a queue, in the card's own frame: x across the queue (−W/2…W/2), y along it
 * from the edge nearest the cheese (0) outwards (D). `shown` is how much of it the next card
 * leaves visible (all of it for the last card); its mark sits in that strip, upright.
 */
function queueCard(ctx, card, shown, upright) {
  const c = `var(--seat-${card.seat})`;
  const faceUp = card.face_up !== false && card.card;
  const last = shown >= CARD_D;
  const size = last ? 24 : Math.max(12, Math.min(20, shown - 2));
  const my = last ? CARD_D / 2 : shown / 2;
  const parts = [];
  if (faceUp) {
    parts.push(s("rect", { x: -CARD_W / 2 + 1.5, y: 1.5, width: CARD_W - 3, height: CARD_D - 3, rx: 4, class: "cheese-body", fill: "#fffdf6", stroke: c, "stroke-width": 3.5 }));
    parts.push(iconAt(card.card, 0, my, size, upright));
  } else {
    parts.push(s("rect", { x: -CARD_W / 2 + 0.5, y: 0.5, width: CARD_W - 1, height: CARD_D - 1, rx: 4, class: "cheese-body", fill: c, stroke: "#1b1b1b", "stroke-width": 1 }));
    parts.push(s("rect", { x: -CARD_W / 2 + 3.5, y: 3.5, width: CARD_W - 7, height: CARD_D - 7, rx: 2.5, fill: "none", stroke: "rgba(255,255,255,.55)", "stroke-width": 1 }));
    const r = size / 2 + 1;
    if (card.card) {
      // The viewer's own face-down card: a window only they see through.
      parts.push(s("circle", { cx: 0, cy: my, r: r + 1, fill: "#fff", stroke: "#1b1b1b", "stroke-width": 0.8, "stroke-dasharray": "2 1.5" }));
      parts.push(iconAt(card.card, 0, my, size, upright));
    } else {
      parts.push(s("circle", { cx: 0, cy: my, r, fill: "rgba(255,255,255,.92)" }));
      parts.push(s("text", { x: 0, y: 0, transform: `translate(0 ${my}) rotate(${upright})`, "text-anchor": "middle", "dominant-baseline": "central", "font-size": size * 0.8, class: "cheese-back-mark" }, card.placed > 1 ? "★" : "?"));
    }
  }
  // A mouse that ate: a wedge of cheese on its visible corner.
  if (card.eaten) parts.push(s("path", { d: `M${CARD_W / 2 - 17} 2.5 h14.5 v${Math.min(12, shown - 4)} z`, class: "cheese-bite" }));
  if (card.leaving) parts.push(s("path", { d: `M${-CARD_W / 2 + 6} 5 L${CARD_W / 2 - 6} ${CARD_D - 5} M${CARD_W / 2 - 6} 5 L${-CARD_W / 2 + 6} ${CARD_D - 5}`, class: "cheese-cross" }));
  return parts;
}

/** Where each queue's cards go and how much of each shows: the table's size grows (and is
 *  drawn smaller) only when a queue would otherwise leave less than STEP_MIN of its cards. */
function geometry(n, lengths) {
  const rc = Math.max(96, 11.6 * n); // the cheeses' circle: room for each cheese's card
  const r0 = rc + 42; // where the queues start (clear of the cheese and its labels)
  const angles = Array.from({ length: n }, (_, i) => ((-90 + (i * 360) / n) * Math.PI) / 180);
  const reach = (theta, R) => {
    // The furthest a card's outer edge may go along `theta` with both its corners on the table.
    const c = Math.abs(Math.cos(theta));
    const sn = Math.abs(Math.sin(theta));
    const lim = R - PAD;
    const a = c > 1e-6 ? (lim - (CARD_W / 2) * sn) / c : Infinity;
    const b = sn > 1e-6 ? (lim - (CARD_W / 2) * c) / sn : Infinity;
    return Math.min(a, b);
  };
  const stepsFor = (R) => lengths.map((len, i) => (len <= 1 ? STEP_MAX : Math.min(STEP_MAX, (reach(angles[i], R) - r0 - CARD_D) / (len - 1))));
  // The table is drawn as large as its queues allow: it starts close up (room for three
  // cards a queue), zooms out as they grow up to its usual size, then overlaps the cards
  // more, and only past STEP_MIN grows again (long queues at the end of a 5-player game).
  const usual = n >= 10 ? 310 : n >= 8 ? 290 : 270;
  let R = r0 + CARD_D + 2 * STEP_MAX + PAD;
  let steps = stepsFor(R);
  while (R < usual && steps.some((x) => x < STEP_MAX)) {
    R += 10;
    steps = stepsFor(R);
  }
  while (steps.some((x) => x < STEP_MIN) && R < 700) {
    R += 10;
    steps = stepsFor(R);
  }
  return { n, rc, r0, angles, R, steps: steps.map((x) => Math.max(STEP_MIN, x)) };
}

/** A cheese card, upright, centred on (0, 0): a wedge with holes, its number, its letter. */
function cheeseShape(ctx, i, value) {
  const parts = [
    s("circle", { r: 30, class: "cheese-hit" }),
    s("rect", { x: -29, y: -27, width: 58, height: 58, rx: 6, class: "cheese-card-face" }),
    s("path", { d: "M-25 12 L25 12 L25 -6 L-25 -17 Z", class: "cheese-wedge-side" }),
    s("path", { d: "M-25 -17 L25 -6 L25 -13 L-18 -22 Z", class: "cheese-wedge-top" }),
    s("circle", { cx: -14, cy: 4, r: 3, class: "cheese-hole" }),
    s("circle", { cx: 15, cy: 6, r: 2.4, class: "cheese-hole" }),
    s("circle", { cx: 8, cy: -3, r: 2, class: "cheese-hole" }),
    s("text", { x: 1, y: 6, "text-anchor": "middle", "dominant-baseline": "central", class: "cheese-num" }, String(value)),
    s("text", { x: -22, y: 27, "text-anchor": "start", class: "cheese-letter" }, letter(i)),
    s("text", { x: 24, y: 27, "text-anchor": "end", class: "cheese-feeds" }, ctx.t("cheese.feeds_short", { n: value })),
  ];
  return parts;
}

/** A cheese that takes a card is at least 40 px across on a phone (24 on a desktop), however
 *  small the whole table is drawn: its hit disc grows, short of its neighbours'. */
function fitHits(svgEl) {
  const box = svgEl.getBoundingClientRect();
  const vb = svgEl.viewBox.baseVal;
  if (!box.width || !vb || !vb.width) return;
  const perUnit = box.width / vb.width;
  const least = (isPhone() ? 40 : 24) + 4;
  const hits = [...svgEl.querySelectorAll(".cheese-cheese .cheese-hit")];
  if (hits.length < 2) return;
  // The centres' distance between two neighbours on the circle, in the table's units.
  const centres = hits.map((c) => c.closest(".cheese-cheese").transform.baseVal.consolidate().matrix);
  const gap = Math.hypot(centres[0].e - centres[1].e, centres[0].f - centres[1].f);
  const r = Math.min(Math.max(30, least / 2 / perUnit), gap * 0.48);
  for (const c of hits) c.setAttribute("r", r.toFixed(1));
}

/**
 * The table: the circle of cheeses and their queues. `lines` are the queues to draw (the
 * view's, or a resolution frame's), `targets` the cheeses that take the chosen first card,
 * `marks.changed` / `marks.fly` the cards to mark / to slide in ("i:k": cheese i, place k),
 * `frame` the resolution's step (or null). Returns the <svg> and the cards to slide in.
 */
function drawTable(ctx, v, lines, targets, marks, frame) {
  const n = v.cheeses.length;
  const placing = v.phase !== "over" && v.next_cheese !== null && v.next_cheese !== undefined;
  const lengths = lines.map((l, i) => l.length + (placing && v.next_cheese === i ? 1 : 0));
  const g = geometry(n, lengths);
  const R = g.R;
  // --cheese-px: the table's size at one CSS pixel a unit (a phone draws it so, and pans it).
  const svgEl = s("svg", { viewBox: `${-R} ${-R} ${2 * R} ${2 * R}`, class: "cheese-ring", style: `--cheese-px: ${2 * R}px`, role: "group", "aria-label": ctx.t("cheese.ring_label") },
    s("defs", {}, s("marker", { id: "cheese-arrow", viewBox: "0 0 10 10", refX: 5, refY: 5, markerWidth: 5, markerHeight: 5, orient: "auto-start-reverse" }, s("path", { d: "M0 0 L10 5 L0 10 z", class: "cheese-arrow-head" }))),
    s("rect", { x: -R + 2, y: -R + 2, width: 2 * R - 4, height: 2 * R - 4, rx: 36, class: "cheese-cloth" }));
  // The middle: which way "next" goes, and whose turn it is (their colour).
  const ra = g.rc - 38;
  const turn = v.phase === "over" ? null : v.turn;
  svgEl.append(s("g", { class: "cheese-centre" },
    turn === null || turn === undefined ? null : s("circle", { r: ra + 8, class: "cheese-turn-disc", style: `fill: var(--seat-${turn})` }),
    s("path", { d: `M${ra * 0.71} ${-ra * 0.71} A${ra} ${ra} 0 1 1 ${-ra * 0.71} ${-ra * 0.71}`, class: "cheese-arrow", "marker-end": "url(#cheese-arrow)" }),
    turn === null || turn === undefined ? null : s("text", { y: -ra * 0.22, "text-anchor": "middle", class: "cheese-centre-name", style: `fill: var(--seat-${turn})` }, short(nameOf(ctx, turn))),
    turn === null || turn === undefined ? null : s("text", { y: -ra * 0.22 + 16, "text-anchor": "middle", class: "cheese-centre-text" }, ctx.t("cheese.centre_turn")),
    s("text", { y: ra * 0.45, "text-anchor": "middle", class: "cheese-centre-text" }, ctx.t("cheese.clockwise"))));
  const flies = [];
  v.cheeses.forEach((ch, i) => {
    const th = g.angles[i];
    const deg = (th * 180) / Math.PI;
    const rot = deg - 90; // the card frame's y axis points outwards
    const cos = Math.cos(th);
    const sin = Math.sin(th);
    const step = g.steps[i];
    const st = frame ? frame.status[i] : "";
    const queue = lines[i];
    const qg = s("g", { class: `cheese-queue${st === "now" ? " cheese-active" : st === "done" ? " cheese-done" : ""}`, role: queue.length ? "list" : "group", "aria-label": ctx.t("cheese.queue_label", { letter: letter(i), n: queue.length }) });
    queue.forEach((card, k) => {
      const r = g.r0 + k * step;
      const lastCard = k === queue.length - 1 && !(placing && v.next_cheese === i);
      const shown = lastCard ? CARD_D : step;
      const key = `${i}:${k}`;
      const cls = ["cheese-card"];
      if (marks.changed.has(key)) cls.push("changed");
      if (card.hl) cls.push("cheese-hl");
      if (card.eaten) cls.push("cheese-eaten");
      if (card.leaving) cls.push("cheese-leaving");
      const label = cardLabel(ctx, card);
      const inner = s("g", { class: "cheese-fly" }, queueCard(ctx, card, shown, -rot));
      // New since the player's last decision: a ring round the card (its own edge keeps the
      // owner's colour).
      if (marks.changed.has(key)) inner.append(s("rect", { x: -CARD_W / 2 - 2, y: -2, width: CARD_W + 4, height: CARD_D + 4, rx: 6, class: "cheese-mark" }));
      // The card's tip: what it is, where (two cats of one colour told apart by their place),
      // what it does in the rules, and whether it would eat as the queue stands.
      qg.append(s("g", { class: cls.join(" "), transform: `translate(${(r * cos).toFixed(1)} ${(r * sin).toFixed(1)}) rotate(${rot.toFixed(1)})`, role: "listitem", "aria-label": label, "data-cheese": i, "data-index": k, "data-seat": card.seat,
        "data-tip": queueTip(ctx, ch, i, queue, k, label) }, inner));
      if (marks.fly.has(key)) flies.push(inner);
    });
    if (placing && v.next_cheese === i) {
      // Where the card being placed will go.
      const r = g.r0 + queue.length * step;
      qg.append(s("g", { class: "cheese-ghost", transform: `translate(${(r * cos).toFixed(1)} ${(r * sin).toFixed(1)}) rotate(${rot.toFixed(1)})` },
        s("rect", { x: -CARD_W / 2 + 1, y: 1, width: CARD_W - 2, height: CARD_D - 2, rx: 4 }),
        s("text", { transform: `translate(0 ${CARD_D / 2}) rotate(${-rot})`, "text-anchor": "middle", "dominant-baseline": "central" }, String(v.placed + 1))));
    }
    svgEl.append(qg);
    // The cheese itself, upright, on the circle.
    const target = targets.get(i);
    const ccls = ["cheese-cheese"];
    if (v.next_cheese === i && v.phase !== "over") ccls.push("cheese-next");
    if (st === "now") ccls.push("cheese-active");
    // (At the last step the table is over, not dimmed: what ate stands out by itself.)
    if (st === "done" && frame.event.event !== "game_over") ccls.push("cheese-done");
    const label = ctx.t("cheese.cheese_label", { letter: letter(i), n: ch.cheese });
    const node = s("g", { class: ccls.join(" "), transform: `translate(${(g.rc * cos).toFixed(1)} ${(g.rc * sin).toFixed(1)})`, "data-cheese": i,
      "data-tip": `${label}\n${ctx.t("tip.cheese.cheese", { n: ch.cheese })}` },
      cheeseShape(ctx, i, ch.cheese));
    if (target) {
      node.classList.add("legal");
      node.setAttribute("role", "button");
      node.setAttribute("tabindex", "0");
      node.setAttribute("data-action", JSON.stringify(target.action));
      node.setAttribute("aria-label", target.label);
      node.setAttribute("data-tip", `${target.label}\n${ctx.t("tip.cheese.goes", { letter: letter(i), k: lines[i].length + 1 })}\n${ctx.t("tip.cheese.cheese", { n: ch.cheese })}`);
      node.addEventListener("click", () => ctx.act(target.action));
      node.addEventListener("keydown", (ev) => {
        if (ev.key === "Enter" || ev.key === " ") {
          ev.preventDefault();
          ctx.act(target.action);
        }
      });
    } else {
      node.setAttribute("role", "img");
      node.setAttribute("aria-label", label);
      node.append(s("title", { text: label }));
    }
    svgEl.append(node);
  });
  return { el: svgEl, flies };
}

/** Slide the new cards in from the table's edge to their place (a few at once, staggered). */
function fly(cards) {
  cards.forEach((el, j) => {
    if (!el.animate) return;
    el.animate(
      [{ transform: "translate(0px, 110px)", opacity: 0 }, { transform: "translate(0px, 0px)", opacity: 1 }],
      { duration: FLY_MS, delay: Math.min(j, 2) * 80, easing: "cubic-bezier(.2,.7,.3,1)", fill: "backwards" },
    );
  });
}

/** The cards put down since `old` (queues only grow while the game is played): "i:k". */
function newCards(old, v) {
  const out = new Set();
  if (!old || !Array.isArray(old.cheeses) || old.phase === "over" || v.phase === "over") return out;
  v.cheeses.forEach((ch, i) => {
    const before = old.cheeses[i] ? old.cheeses[i].queue.length : 0;
    for (let k = before; k < ch.queue.length; k++) out.add(`${i}:${k}`);
  });
  return out;
}

// --- the end-of-game resolution, frame by frame ------------------------------------------

/**
 * Replays the resolution events on copies of the queues. Each frame is what the lanes
 * show after one event: every cheese's line (cards with `eaten`/`leaving` flags), which
 * cheese is being resolved, and the event it illustrates.
 */
function buildFrames(v) {
  const events = v.events || [];
  const first = events.findIndex((e) => e.event === "reveal");
  if (first < 0) return [];
  const lines = v.cheeses.map((c) => c.queue.map((q, id) => ({ seat: q.seat, card: q.card, id })));
  const status = v.cheeses.map(() => "before");
  const frames = [];
  const gains = v.players ? Array.from({ length: v.players }, () => []) : [];
  let kingsMoved = new Set();
  let misses = 0; // events the replay could not place (should stay 0; checked by tests)
  const snap = (active, event, leaving = null, hl = []) => {
    const copy = lines.map((line, i) => {
      const l = line.map((c) => ({ ...c, hl: hl.includes(c.id) }));
      if (leaving && i === active) l.splice(leaving.index, 0, { ...leaving.card, leaving: true, hl: true });
      return l;
    });
    if (event.event === "chase") gains[event.dog].push({ card: "cat", colour: event.cat, how: "chased" });
    if (event.event === "catch") gains[event.cat].push({ card: event.card, colour: event.of, how: "caught" });
    if (event.event === "eat") gains[event.seat].push({ card: event.card, colour: event.seat, how: "ate" });
    frames.push({ active, event, lines: copy, status: [...status], piles: gains.map((g) => [...g]) });
  };
  for (const e of events.slice(first)) {
    const c = e.cheese;
    const line = c === undefined ? null : lines[c];
    if (e.event === "reveal") {
      if (c > 0 && status[c - 1] === "now") status[c - 1] = "done";
      status.forEach((st, i) => { if (st === "now") status[i] = "done"; });
      status[c] = "now";
      kingsMoved = new Set();
      snap(c, e);
    } else if (e.event === "chase") {
      let done = false;
      for (let i = line.length - 1; i >= 0 && !done; i--) {
        const d = line[i];
        if (d.card !== "dog" || d.seat !== e.dog) continue;
        for (const j of [i + 1, i - 1]) {
          const x = line[j];
          if (x && x.card === "cat" && x.seat === e.cat) {
            const [gone] = line.splice(j, 1);
            snap(c, e, { index: j, card: gone }, [d.id]);
            done = true;
            break;
          }
        }
      }
      if (!done) {
        misses += 1;
        snap(c, e);
      }
    } else if (e.event === "catch") {
      const ci = lastIndex(line, (x) => x.card === "cat" && x.seat === e.cat);
      const j = ci < 0 ? -1 : lastIndex(line.slice(0, ci), (x) => x.seat === e.of && x.card === e.card);
      if (j >= 0) {
        const [gone] = line.splice(j, 1);
        snap(c, e, { index: j, card: gone }, [line[ci - 1]?.id]);
      } else {
        misses += 1;
        snap(c, e);
      }
    } else if (e.event === "cat_leaves") {
      const ci = lastIndex(line, (x) => x.card === "cat" && x.seat === e.seat);
      if (ci >= 0) {
        const [gone] = line.splice(ci, 1);
        snap(c, e, { index: ci, card: gone });
      } else {
        misses += 1;
        snap(c, e);
      }
    } else if (e.event === "king_to_front") {
      const ki = lastIndex(line, (x) => x.card === "king_mouse" && x.seat === e.seat && !kingsMoved.has(x.id));
      if (ki >= 0) {
        const [king] = line.splice(ki, 1);
        line.unshift(king);
        kingsMoved.add(king.id);
        snap(c, e, null, [king.id]);
      } else {
        misses += 1;
        snap(c, e);
      }
    } else if (e.event === "eat") {
      const m = line.find((x) => MICE.has(x.card) && !x.eaten && x.seat === e.seat && x.card === e.card);
      if (m) m.eaten = true;
      else misses += 1;
      snap(c, e, null, m ? [m.id] : []);
    } else if (e.event === "game_over") {
      status.forEach((st, i) => { status[i] = "done"; });
      snap(null, e);
    }
  }
  frames.misses = misses;
  return frames;
}


function lastIndex(arr, pred) {
  for (let i = arr.length - 1; i >= 0; i--) if (pred(arr[i])) return i;
  return -1;
}

// Playback state of the resolution (module-level so that a re-render continues it).
// `release` lets the table page show the result again (ctx.holdResult).
const anim = { key: "", frames: [], step: 0, timer: null, rerender: null, release: null, showing: false };

function stopTimer() {
  if (anim.timer) clearTimeout(anim.timer);
  anim.timer = null;
}

// The phone's pan of the table, kept across redraws (null: centre it the first time).
const pan = { left: null, top: null, followed: null, whole: true };

// --- the side of the table: hand, deck, players ------------------------------------------

function actButton(ctx, action, label, cls, content) {
  const b = h("button", { type: "button", class: `legal ${cls}`, "data-action": JSON.stringify(action), "aria-label": label, title: label }, content ?? label);
  b.addEventListener("click", () => ctx.act(action));
  return b;
}

/** A card of the hand, face up, as a small picture (its owner's colour round it). */
function handCard(seat, card) {
  const c = `var(--seat-${seat})`;
  return s("svg", { viewBox: "0 0 40 50", width: 40, height: 50, class: "cheese-hand-svg", "aria-hidden": "true" },
    s("rect", { x: 1.5, y: 1.5, width: 37, height: 47, rx: 5, fill: "#fffdf6", stroke: c, "stroke-width": 3 }),
    s("g", { transform: "translate(4 8) scale(1.33)" }, icon(card)),
    MARKED.has(card) ? s("text", { x: 34, y: 13, "text-anchor": "end", class: "cheese-hand-star" }, "★") : null);
}

/** The deck: a little pile of backs in the player's colour, with how many are left. */
function deckPile(seat, count) {
  const c = `var(--seat-${seat})`;
  const layers = Math.min(3, count);
  return s("svg", { viewBox: "0 0 48 54", width: 40, height: 45, class: "cheese-deck-svg", "aria-hidden": "true" },
    Array.from({ length: layers }, (_, i) => s("rect", { x: 8 - i * 3, y: 8 - i * 3, width: 34, height: 42, rx: 4, fill: c, stroke: "#1b1b1b", "stroke-width": 1 })),
    layers ? s("text", { x: 19, y: 31, "text-anchor": "middle", class: "cheese-deck-count" }, String(count)) : s("rect", { x: 8, y: 8, width: 34, height: 42, rx: 4, fill: "none", stroke: "#aaa", "stroke-dasharray": "3 3" }));
}

function drawHand(ctx, v, rerender) {
  if (!("hand" in v)) return null;
  const box = h("section", { class: "cheese-hand", "aria-label": ctx.t("cheese.your_hand") });
  const row = h("div", { class: "cheese-hand-row" });
  const firsts = firstPlacements(ctx);
  const later = (ctx.legal || []).filter((a) => a.type === "place" && v.next_cheese !== null && a.cheese === v.next_cheese);
  let marked = false;
  v.hand.forEach((card) => {
    // A long Japanese name ("ふつうネズミ") may break before "ネズミ", not inside it.
    const name = animal(ctx, card).replace(/(.)(ネズミ)$/u, "$1\u200b$2");
    const face = [handCard(ctx.seat, card), h("span", { class: "cheese-hand-name", text: name, "data-tip": `${animal(ctx, card)}: ${ctx.t(`tip.cheese.rule.${card}`)}` })];
    const action = later.find((a) => a.card === card);
    if (action) {
      const label = ctx.t(MARKED.has(card) ? "cheese.act.place_down" : "cheese.act.place_up", { card: animal(ctx, card), letter: letter(action.cheese) });
      row.append(actButton(ctx, action, label, "cheese-hcard", face));
    } else if (firsts.some((a) => a.card === card)) {
      // The same animal twice in a hand: one of them shows as chosen.
      const isSel = selected === card && !marked;
      if (isSel) marked = true;
      const label = ctx.t("cheese.select", { card: animal(ctx, card) });
      const b = h("button", { type: "button", class: `cheese-hcard cheese-select${isSel ? " cheese-selected" : ""}`, "aria-pressed": isSel ? "true" : "false", "aria-label": label, title: label, "data-card": card }, face);
      b.addEventListener("click", () => {
        selected = card;
        rerender(true);
      });
      row.append(b);
    } else {
      row.append(h("span", { class: "cheese-hcard cheese-idle" }, face));
    }
  });
  // Empty places keep the hand's size (nothing below it moves as cards come and go).
  for (let k = v.hand.length; k < 6; k++) row.append(h("span", { class: "cheese-hcard cheese-empty", "aria-hidden": "true" }));
  const draw = (ctx.legal || []).find((a) => a.type === "draw");
  const deck = v.deck || [];
  const deckLabel = ctx.t("cheese.your_deck", { n: deck.length, cards: countList(ctx, deck) || "–" });
  const pile = draw
    ? actButton(ctx, draw, `${describeAction(draw, ctx)} — ${deckLabel}`, "cheese-deck", [deckPile(ctx.seat, deck.length), h("span", { class: "cheese-deck-text", text: ctx.t("cheese.draw_here") })])
    : h("div", { class: "cheese-deck cheese-idle", role: "img", "aria-label": deckLabel, title: deckLabel }, deckPile(ctx.seat, deck.length), h("span", { class: "cheese-deck-text", text: ctx.t("cheese.deck") }));
  box.append(h("div", { class: "cheese-hand-head" }, h("h3", { text: ctx.t("cheese.your_hand") })), h("div", { class: "cheese-hand-body" }, row, pile));
  box.append(h("p", { class: "cheese-hint", text: hint(ctx, v) }));
  return box;
}

/** What to do with the hand now, in a line that always takes the same room. */
function hint(ctx, v) {
  const legal = ctx.legal || [];
  if (!legal.length || v.phase === "over") return "";
  if (v.next_cheese !== null && v.next_cheese !== undefined) return ctx.t("cheese.hint.next", { n: v.placed + 1, letter: letter(v.next_cheese) });
  const place = legal.some((a) => a.type === "place");
  if (place && selected) return ctx.t("cheese.hint.selected", { card: animal(ctx, selected) });
  return place ? ctx.t("cheese.hint.first") : ctx.t("cheese.hint.draw");
}

function countList(ctx, cards) {
  const counts = new Map();
  for (const c of cards) counts.set(c, (counts.get(c) || 0) + 1);
  return ANIMALS.filter((a) => counts.has(a)).map((a) => ctx.t("cheese.count", { card: animal(ctx, a), n: counts.get(a) })).join(ctx.t("cheese.comma"));
}

function pointsOf(pile) {
  return pile.reduce((t, p) => t + POINTS[p.card], 0);
}

function drawPlayers(ctx, v, frame) {
  const box = h("section", { class: "cheese-players", "aria-label": ctx.t("cheese.players") });
  const over = v.phase === "over";
  // While the resolution plays, the cards won so far (and their points) build up.
  const piles = frame ? frame.piles : v.piles;
  const final = !frame || frame === anim.frames[anim.frames.length - 1];
  const before = ctx.before && ctx.before.phase !== "over" && !over ? ctx.before : null;
  for (let seat = 0; seat < v.players; seat++) {
    const turn = v.turn === seat && !over;
    const win = over && final && (v.winners || []).includes(seat);
    const cls = ["cheese-player"];
    if (seat === ctx.seat) cls.push("cheese-me");
    if (turn) cls.push("cheese-turn");
    if (win) cls.push("cheese-winner");
    const moved = before && (before.hand_sizes[seat] !== v.hand_sizes[seat] || before.deck_sizes[seat] !== v.deck_sizes[seat]);
    const panel = h("div", { class: cls.join(" "), style: `--c: var(--seat-${seat})`, "data-seat": seat },
      // One line, whatever comes and goes on it (the turn, the winner): nothing below moves.
      h("div", { class: "cheese-player-head" },
        h("span", { class: "cheese-swatch", "aria-hidden": "true" }),
        turn ? h("span", { class: "cheese-turn-tag", role: "img", "aria-label": ctx.t("cheese.their_turn"), title: ctx.t("cheese.their_turn"), text: "▶" }) : null,
        h("strong", { class: "cheese-player-name", text: nameOf(ctx, seat) + (seat === ctx.seat ? ` (${ctx.t("cheese.you")})` : "") }),
        win ? h("span", { class: "cheese-crown", text: ctx.t("cheese.winner") }) : null,
        over
          ? h("span", { class: "cheese-score", text: ctx.t("cheese.points", { n: final ? v.scores[seat] : pointsOf(piles[seat] || []) }) })
          : h("span", { class: `cheese-player-line${moved ? " changed" : ""}`, text: ctx.t("cheese.hand_deck_short", { hand: v.hand_sizes[seat], deck: v.deck_sizes[seat] }), title: ctx.t("cheese.hand_deck", { hand: v.hand_sizes[seat], deck: v.deck_sizes[seat] }) })));
    if (over) {
      const pile = piles[seat] || [];
      const cards = h("div", { class: "cheese-pile" });
      for (const how of ["ate", "caught", "chased"]) {
        for (const p of pile.filter((x) => x.how === how)) {
          const label = ctx.t(`cheese.won.${how}`, { name: nameOf(ctx, p.colour), card: animal(ctx, p.card) });
          cards.append(h("span", { class: `cheese-won cheese-won-${how}`, title: label, role: "img", "aria-label": label }, handCard(p.colour, p.card)));
        }
      }
      if (!pile.length) cards.append(h("span", { class: "cheese-muted", text: ctx.t("cheese.nothing_won") }));
      panel.append(cards);
    }
    box.append(panel);
  }
  return box;
}

function drawResolutionBar(ctx) {
  const bar = h("div", { class: "cheese-resolution", role: "status", "aria-live": "polite" });
  const total = anim.frames.length;
  const frame = anim.frames[anim.step];
  const playing = anim.step < total - 1;
  bar.append(h("div", { class: "cheese-res-head" },
    h("strong", { text: ctx.t("cheese.resolution") }),
    h("span", { class: "cheese-res-step", text: ctx.t("cheese.step_of", { i: anim.step + 1, n: total }) })));
  bar.append(h("p", { class: "cheese-res-caption", text: frame ? eventText(frame.event, ctx) : "" }));
  const skip = h("button", { type: "button", class: `cheese-res-btn ${playing ? "cheese-skip skip-playback" : "cheese-replay"}` }, playing ? ctx.t("cheese.skip") : ctx.t("cheese.replay"));
  skip.addEventListener("click", () => {
    stopTimer();
    anim.step = playing ? total - 1 : 0;
    if (anim.rerender) anim.rerender();
    if (!playing) schedule();
  });
  bar.append(skip);
  return bar;
}

function schedule() {
  stopTimer();
  if (anim.step >= anim.frames.length - 1) return;
  anim.timer = setTimeout(() => {
    anim.timer = null;
    anim.step += 1;
    if (anim.rerender && anim.rerender()) schedule();
  }, STEP_MS);
}

/**
 * While the resolution plays, the seats show the points of its step and the result waits
 * (ctx.showScores, ctx.holdResult); when it ends or is skipped, both show the end.
 */
function holdWhilePlaying(ctx, frame) {
  const playing = anim.frames.length > 0 && anim.step < anim.frames.length - 1;
  if (playing) {
    if (ctx.showScores) ctx.showScores(frame.piles.map(pointsOf));
    // A new hold before the old one is let go, so the result never flashes in between.
    const release = ctx.holdResult ? ctx.holdResult() : null;
    if (anim.release) anim.release();
    anim.release = release;
    anim.showing = true;
  } else if (anim.showing) {
    anim.showing = false;
    const release = anim.release;
    anim.release = null;
    if (ctx.showScores) ctx.showScores(null);
    if (release) release();
  }
}

// --- the contract ------------------------------------------------------------------------

// The card chosen in the hand before a cheese is clicked. Kept across re-renders so that a
// new state (another player's move) does not lose it.
let selected = null;

function firstPlacements(ctx) {
  const v = ctx.view;
  if (v.next_cheese !== null && v.next_cheese !== undefined) return [];
  return (ctx.legal || []).filter((a) => a.type === "place");
}

function render(root, ctx) {
  const v = ctx.view;
  root.classList.add("cheese-root");
  const over = v.phase === "over";
  if (!over && anim.key) {
    stopTimer();
    anim.key = "";
    anim.release = null;
    anim.showing = false;
  }
  if (over) {
    const key = JSON.stringify(v.events);
    // (A page's first drawing starts anew: a table reopened shows its end, below.)
    if (anim.key !== key || (!ctx.previous && !ctx.redraw)) {
      stopTimer();
      anim.key = key;
      anim.frames = buildFrames(v);
      anim.release = null;
      anim.showing = false;
      // A table opened after its end (a reload, the lobby's finished list) shows the end;
      // players who saw the last move see the resolution played back.
      const reduce = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      anim.step = reduce || !ctx.previous || ctx.previous.phase === "over" ? Math.max(0, anim.frames.length - 1) : 0;
    }
  }
  const firsts = firstPlacements(ctx);
  if (firsts.length && !firsts.some((a) => a.card === selected)) selected = firsts[0].card;
  if (!firsts.length) selected = null;
  // Which cheese takes which action now: the chosen card's first placement.
  const targets = new Map();
  for (const a of firsts) {
    if (a.card === selected) targets.set(a.cheese, { action: a, label: ctx.t("cheese.act.place_first", { card: animal(ctx, a.card), letter: letter(a.cheese) }) });
  }
  // A redraw of this board by the renderer itself (a card chosen, a step of the resolution):
  // nothing new arrived, so nothing flies again.
  const rerender = (focusChosen) => {
    if (!root.isConnected) return false;
    root.replaceChildren();
    render(root, { ...ctx, animate: false, redraw: true });
    if (focusChosen) root.querySelector(".cheese-selected")?.focus();
    return true;
  };
  if (over) anim.rerender = rerender;
  const frame = over && anim.frames.length ? anim.frames[anim.step] : null;
  const lines = v.cheeses.map((ch, i) => {
    const st = frame ? frame.status[i] : "";
    return st === "now" || st === "done" ? frame.lines[i] : ch.queue;
  });
  const marks = { changed: newCards(ctx.before, v), fly: ctx.animate ? newCards(ctx.previous, v) : new Set() };
  // A phone opens on the whole table, which fits its box and is played there: the cheeses'
  // hit discs grow to 40 px (fitHits). The zoom button shows it close up; a tap on the whole
  // table away from a cheese zooms in on the spot tapped.
  const overview = pan.whole && window.matchMedia("(max-width: 700px)").matches;
  const table = drawTable(ctx, v, lines, targets, marks, frame);
  const ringbox = h("div", { class: `cheese-ringbox${pan.whole ? " cheese-whole" : ""}` }, table.el);
  if (overview) {
    ringbox.title = ctx.t("cheese.tap_to_zoom");
    ringbox.addEventListener("click", (ev) => {
      if (ev.target.closest(".legal")) return;
      const box = table.el.getBoundingClientRect();
      const fx = (ev.clientX - box.left) / box.width;
      const fy = (ev.clientY - box.top) / box.height;
      pan.whole = false;
      if (!rerender()) return;
      const close = root.querySelector(".cheese-ringbox");
      close.scrollLeft = fx * close.scrollWidth - close.clientWidth / 2;
      close.scrollTop = fy * close.scrollHeight - close.clientHeight / 2;
      pan.left = close.scrollLeft;
      pan.top = close.scrollTop;
    });
  }
  ringbox.addEventListener("scroll", () => {
    pan.left = ringbox.scrollLeft;
    pan.top = ringbox.scrollTop;
  }, { passive: true });
  // Phones: the whole table at a glance, or close up (the pieces large enough for a finger).
  const zoomLabel = ctx.t(pan.whole ? "cheese.zoom_in" : "cheese.zoom_out");
  const zoom = h("button", { type: "button", class: "cheese-zoom", "aria-pressed": pan.whole ? "true" : "false", "aria-label": zoomLabel, title: zoomLabel }, pan.whole ? "＋" : "－");
  zoom.addEventListener("click", () => {
    pan.whole = !pan.whole;
    rerender();
    root.querySelector(".cheese-zoom")?.focus();
  });
  const side = h("div", { class: "cheese-side" },
    over && anim.frames.length ? drawResolutionBar(ctx) : drawHand(ctx, v, rerender),
    drawPlayers(ctx, v, frame),
    over ? null : h("p", { class: "cheese-legend", text: ctx.t("cheese.legend") }));
  root.append(h("div", { class: "cheese-table" }, h("div", { class: "cheese-ringwrap" }, ringbox, zoom), side));
  // On a wide screen the table takes the height left below the board's top (at least 420 px);
  // on a phone (held sideways) the height between the header and the pinned bar.
  const top = root.getBoundingClientRect().top + window.scrollY;
  const bar = parseFloat(getComputedStyle(document.documentElement).getPropertyValue("--bar-h")) || 0;
  root.style.setProperty("--cheese-room", `${Math.max(isPhone() ? 180 : 420, Math.floor(window.innerHeight - top - bar - 10))}px`);
  fitHits(table.el);
  // On a phone the table is larger than the screen: keep where the player panned it, and
  // bring each cheese into view when the resolution comes to it.
  if (!ctx.previous && !ctx.redraw) {
    pan.left = null; // a page's first drawing: a table opened anew starts centred
    pan.top = null;
  }
  if (ringbox.scrollWidth > ringbox.clientWidth || ringbox.scrollHeight > ringbox.clientHeight) {
    ringbox.scrollLeft = pan.left ?? (ringbox.scrollWidth - ringbox.clientWidth) / 2;
    ringbox.scrollTop = pan.top ?? (ringbox.scrollHeight - ringbox.clientHeight) / 2;
    // The cheese to look at: the one being resolved, or the one my next card goes to.
    const mine = !over && (ctx.legal || []).length && v.next_cheese !== null && v.next_cheese !== undefined;
    const look = frame && frame.active !== null ? `end:${frame.active}` : mine ? `next:${v.next_cheese}` : null;
    const active = look ? ringbox.querySelector(`.cheese-cheese[data-cheese="${look.split(":")[1]}"]`) : null;
    if (!look) pan.followed = null;
    if (active && pan.followed !== look) {
      pan.followed = look;
      const box = ringbox.getBoundingClientRect();
      const at = active.getBoundingClientRect();
      ringbox.scrollLeft += at.left + at.width / 2 - (box.left + box.width / 2);
      ringbox.scrollTop += at.top + at.height / 2 - (box.top + box.height / 2);
    }
  }
  if (table.flies.length) fly(table.flies);
  if (over) {
    holdWhilePlaying(ctx, frame);
    if (anim.step < anim.frames.length - 1 && !anim.timer) schedule();
  }
}

function prompt(ctx) {
  const v = ctx.view;
  if (v.phase === "over" || ctx.over) return ctx.t("cheese.prompt.over");
  const legal = ctx.legal || [];
  if (legal.length) {
    if (v.next_cheese !== null && v.next_cheese !== undefined) {
      return ctx.t(v.placed === 1 ? "cheese.prompt.second" : "cheese.prompt.third", { letter: letter(v.next_cheese) });
    }
    const canDraw = legal.some((a) => a.type === "draw");
    const canPlace = legal.some((a) => a.type === "place");
    if (canDraw && canPlace) return ctx.t("cheese.prompt.draw_or_place");
    if (canPlace) return ctx.t("cheese.prompt.place_only");
    return ctx.t("cheese.prompt.draw_only");
  }
  if (v.turn === null || v.turn === undefined) return "";
  if (v.next_cheese !== null && v.next_cheese !== undefined) {
    return ctx.t("cheese.prompt.wait_placing", { name: who(ctx, v.turn), n: v.placed + 1, letter: letter(v.next_cheese) });
  }
  return ctx.t("cheese.prompt.wait", { name: who(ctx, v.turn) });
}

function describeAction(action, ctx) {
  if (action.type === "draw") return ctx.t("cheese.act.draw");
  if (action.type === "place") {
    // Another player's face-down card in a replay comes without its animal (the public form).
    if (!("card" in action)) return ctx.t("cheese.act.place_hidden", { letter: letter(action.cheese) });
    const v = ctx.view || {};
    const first = v.next_cheese === null || v.next_cheese === undefined;
    const key = first ? "cheese.act.place_first" : MARKED.has(action.card) ? "cheese.act.place_down" : "cheese.act.place_up";
    return ctx.t(key, { card: animal(ctx, action.card), letter: letter(action.cheese) });
  }
  return JSON.stringify(action);
}

// The events of the end's resolution: left out of the log while it is played back (the log
// would tell the winner before the board does); the table page draws the log again after.
const RESOLUTION = new Set(["reveal", "chase", "catch", "cat_leaves", "king_to_front", "eat", "game_over"]);

function describeEvent(event, ctx) {
  if (anim.showing && RESOLUTION.has(event.event)) return "";
  return eventText(event, ctx);
}

/** One event in words (the log's line; the resolution's caption). */
function eventText(event, ctx) {
  const e = event;
  const at = e.cheese === undefined ? "" : letter(e.cheese);
  switch (e.event) {
    case "draw":
      return ctx.t("cheese.ev.draw", { name: who(ctx, e.seat), n: e.count });
    case "place":
      return e.card
        ? ctx.t("cheese.ev.place_up", { name: who(ctx, e.seat), card: animal(ctx, e.card), letter: at, n: e.placed })
        : ctx.t("cheese.ev.place_down", { name: who(ctx, e.seat), letter: at, n: e.placed });
    case "reveal":
      return ctx.t("cheese.ev.reveal", {
        letter: at,
        cards: e.queue.length ? e.queue.map((c) => ctx.t("cheese.whose", { name: nameOf(ctx, c.seat), card: animal(ctx, c.card) })).join(ctx.t("cheese.comma")) : ctx.t("cheese.empty_queue"),
      });
    case "chase":
      return ctx.t("cheese.ev.chase", { letter: at, dog: nameOf(ctx, e.dog), cat: nameOf(ctx, e.cat) });
    case "catch":
      return ctx.t("cheese.ev.catch", { letter: at, cat: nameOf(ctx, e.cat), of: nameOf(ctx, e.of), card: animal(ctx, e.card) });
    case "cat_leaves":
      return ctx.t("cheese.ev.cat_leaves", { letter: at, name: nameOf(ctx, e.seat) });
    case "king_to_front":
      return ctx.t("cheese.ev.king_to_front", { letter: at, name: nameOf(ctx, e.seat) });
    case "eat":
      return ctx.t("cheese.ev.eat", { letter: at, name: nameOf(ctx, e.seat), card: animal(ctx, e.card) });
    case "game_over":
      return ctx.t("cheese.ev.game_over", { names: seatList(ctx, e.winners || []) });
    default:
      return JSON.stringify(e);
  }
}

/** Each seat's points by where they came from (cheese eaten, cats' catches, dogs' chases),
 *  the tie-break counts, and the rank by the rulebook: points, king mice, mouse cards. */
function tally(v) {
  const rows = v.piles.map((pile, seat) => {
    const by = (how) => pointsOf(pile.filter((p) => p.how === how));
    return {
      seat,
      pts: v.scores[seat],
      cheese: by("ate"),
      cats: by("caught"),
      dogs: by("chased"),
      kings: pile.filter((p) => p.card === "king_mouse").length,
      mice: pile.filter((p) => MICE.has(p.card)).length,
    };
  });
  const cmp = (a, b) => b.pts - a.pts || b.kings - a.kings || b.mice - a.mice;
  const sorted = [...rows].sort((a, b) => cmp(a, b) || a.seat - b.seat);
  sorted.forEach((r, i) => {
    r.rank = i > 0 && cmp(sorted[i - 1], r) === 0 ? sorted[i - 1].rank : i + 1;
  });
  // What decided between neighbours with equal points.
  const ties = [];
  for (let i = 1; i < sorted.length; i++) {
    const a = sorted[i - 1];
    const b = sorted[i];
    if (a.pts !== b.pts) continue;
    ties.push({ a, b, by: cmp(a, b) === 0 ? "shared" : a.kings !== b.kings ? "kings" : "mice" });
  }
  return { sorted, ties };
}

function tieLines(ctx, ties) {
  return ties.map(({ a, b, by }) => {
    const names = { a: who(ctx, a.seat), b: who(ctx, b.seat) };
    if (by === "shared") return ctx.t("cheese.result.shared", names);
    if (by === "kings") return ctx.t("cheese.result.by_kings", { ...names, ka: a.kings, kb: b.kings });
    return ctx.t("cheese.result.by_mice", { ...names, ma: a.mice, mb: b.mice });
  });
}

/** The final ranking, each score with its amounts, and the rule. (The tie-breaks that decided
 *  are the scoreboard's note: said once.) */
function describeResult(ctx) {
  const v = ctx.view;
  if (!v || v.phase !== "over") return "";
  const { sorted } = tally(v);
  const lines = sorted.map((r) => ctx.t("cheese.result.line", {
    place: r.rank,
    name: who(ctx, r.seat),
    n: r.pts,
    cheese: r.cheese,
    cats: r.cats,
    dogs: r.dogs,
    kings: ctx.t("cheese.n_kings", { count: r.kings }),
    mice: ctx.t("cheese.n_mice", { count: r.mice }),
  }));
  lines.push(ctx.t("cheese.result.rule"));
  return lines.join("\n");
}

/** The end as a scoreboard: points from cheese, from cats and from dogs; rank; tie-breaks. */
function scoreboard(ctx) {
  const v = ctx.view;
  if (!v || v.phase !== "over") return null;
  const { sorted, ties } = tally(v);
  const rows = sorted.map((r) => ({
    seat: r.seat,
    rank: r.rank,
    total: r.pts,
    parts: [
      { label: ctx.t("cheese.board.cheese"), value: r.cheese },
      { label: ctx.t("cheese.board.cats"), value: r.cats },
      { label: ctx.t("cheese.board.dogs"), value: r.dogs },
    ],
  }));
  const note = tieLines(ctx, ties).join(" ");
  return { rows, note: note || null };
}

// For tests: the resolution replay (frames with the running piles).
export { buildFrames };

/** What leads to a move besides its own target, for the coach (coach.js): the card to choose in
 *  the hand for a first placement of another card than the one chosen (the cheeses light once
 *  it is chosen). */
function locate(root, action) {
  if (action.type !== "place" || action.card === selected) return [];
  const card = root.querySelector(`button.cheese-select[data-card="${CSS.escape(action.card)}"]`);
  return card ? [card] : [];
}

export default {
  render,
  locate,
  handles: new Set(["draw", "place"]),
  prompt,
  describeAction,
  describeEvent,
  describeResult,
  scoreboard,
  // The end's story (ending.js): why the game ended, each player's statistics.
  endReason,
  stats,
  // Every scoring in the end's story, in the log's words (ending.js).
  scorings: ["chase", "catch", "eat"],
};
