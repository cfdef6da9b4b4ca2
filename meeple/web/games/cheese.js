// Go da Cheese!: the renderer (see README.md in this folder for the contract).
//
// The circle of cheeses is drawn twice at two scales: a small ring (the circle itself,
// clockwise, so the "next cheese" rule is visible) and, below it, one lane per cheese
// with its queue from the front (next to the cheese) to the back. Cheeses are named by
// letters (A, B, …) so that their position never mixes with the number on the card
// (how many mice it feeds). A placement's first card is chosen in the hand and then
// dropped on a cheese; the 2nd and 3rd cards are clicked in the hand (their cheese is
// fixed). At the end the resolution is played back step by step from the view's events.

import { h, svg as s } from "../dom.js";

const MICE = new Set(["mouse", "marked_mouse", "fat_mouse", "king_mouse"]);
const MARKED = new Set(["marked_mouse", "cat"]);
const ANIMALS = ["mouse", "marked_mouse", "fat_mouse", "king_mouse", "cat", "dog"];
const POINTS = { mouse: 1, marked_mouse: 1, fat_mouse: 2, king_mouse: 1, cat: 3, dog: 0 };
const STEP_MS = 650; // one step of the end-of-game resolution

// --- words ---------------------------------------------------------------------------

function nameOf(ctx, seat) {
  const p = (ctx.players || []).find((x) => x.seat === seat);
  return p && p.name ? p.name : ctx.t("cheese.seat", { n: seat + 1 });
}

function who(ctx, seat) {
  return seat === ctx.seat ? ctx.t("cheese.you_name", { name: nameOf(ctx, seat) }) : nameOf(ctx, seat);
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

/**
 * A card of a queue (w×h) as a stand-alone <svg>: face up (icon on a card edged in its
 * player's colour), face down (a back in the player's colour; "★?" when it was placed
 * 2nd or 3rd, so it must be a marked card), or the viewer's own face-down card (a back
 * with the animal in a white window: only you see it).
 */
function queueCard(ctx, card, opts = {}) {
  const w = opts.w || 30;
  const hh = opts.h || 38;
  const c = `var(--seat-${card.seat})`;
  const faceUp = card.face_up !== false;
  let label;
  let inner;
  if (faceUp && card.card) {
    label = ctx.t("cheese.card_up", { name: nameOf(ctx, card.seat), card: animal(ctx, card.card) });
    inner = [
      s("rect", { x: 1, y: 1, width: w - 2, height: hh - 2, rx: 4, fill: "#fff", stroke: c, "stroke-width": 3 }),
      s("g", { transform: `translate(${(w - 24) / 2} ${(hh - 24) / 2})` }, icon(card.card)),
    ];
  } else if (card.card) {
    label = ctx.t("cheese.card_mine_down", { card: animal(ctx, card.card) });
    inner = [
      s("rect", { x: 1, y: 1, width: w - 2, height: hh - 2, rx: 4, fill: c, stroke: "#222", "stroke-width": 1 }),
      s("rect", { x: 3, y: 5, width: w - 6, height: hh - 10, rx: 3, fill: "#fff", stroke: "#222", "stroke-dasharray": "2 2" }),
      s("g", { transform: `translate(${(w - 24) / 2} ${(hh - 24) / 2}) scale(1)`, opacity: 0.9 }, icon(card.card)),
    ];
  } else {
    const marked = card.placed > 1;
    label = ctx.t(marked ? "cheese.card_down_marked" : "cheese.card_down", { name: nameOf(ctx, card.seat) });
    inner = [
      s("rect", { x: 1, y: 1, width: w - 2, height: hh - 2, rx: 4, fill: c, stroke: "#222", "stroke-width": 1 }),
      s("path", { d: `M4 ${hh - 6} L${w - 6} 4`, stroke: "rgba(255,255,255,.35)", "stroke-width": 3 }),
      s("text", { x: w / 2, y: hh / 2 + 5, "text-anchor": "middle", class: "cheese-back-mark" }, marked ? "★?" : "?"),
    ];
  }
  const cls = ["cheese-qcard"];
  if (opts.cls) cls.push(opts.cls);
  return s("svg", { viewBox: `0 0 ${w} ${hh}`, width: w, height: hh, class: cls.join(" "), role: "img", "aria-label": label },
    s("title", { text: label }), inner);
}

/** A cheese card: its letter (position in the circle) and its number (mice it feeds). */
function cheeseCard(ctx, i, value, w = 46) {
  const hh = w;
  return s("svg", { viewBox: `0 0 ${w} ${hh}`, width: w, height: hh, class: "cheese-cheese-svg", "aria-hidden": "true" },
    s("path", { d: `M3 ${hh - 6} L${w - 3} ${hh - 6} L${w - 3} ${hh * 0.35} L3 ${hh * 0.62} Z`, fill: "#f7d354", stroke: "#8a6d00", "stroke-width": 1.5 }),
    s("circle", { cx: w * 0.3, cy: hh * 0.78, r: 2.5, fill: "#d8b12e" }),
    s("circle", { cx: w * 0.75, cy: hh * 0.62, r: 3, fill: "#d8b12e" }),
    s("text", { x: w * 0.62, y: hh * 0.88, "text-anchor": "middle", class: "cheese-cheese-num" }, String(value)),
    s("text", { x: 4, y: 15, class: "cheese-cheese-letter" }, letter(i)));
}

// --- selection (the first card of a placement) -----------------------------------------

// The card chosen in the hand before a cheese is clicked. Kept across re-renders so that a
// new state (another player's move) does not lose it.
let selected = null;

function firstPlacements(ctx) {
  const v = ctx.view;
  if (v.next_cheese !== null && v.next_cheese !== undefined) return [];
  return (ctx.legal || []).filter((a) => a.type === "place");
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
const anim = { key: "", frames: [], step: 0, timer: null, skipped: false, rerender: null };

function stopTimer() {
  if (anim.timer) clearTimeout(anim.timer);
  anim.timer = null;
}

// --- the parts of the page -------------------------------------------------------------------

function actButton(ctx, action, label, cls, content) {
  const b = h("button", { type: "button", class: `legal ${cls}`, "data-action": JSON.stringify(action), "aria-label": label, title: label }, content ?? label);
  b.addEventListener("click", () => ctx.act(action));
  return b;
}

function drawRing(ctx, v, targets, frame) {
  const n = v.cheeses.length;
  const size = 220;
  const c = size / 2;
  const r = 80;
  const g = s("svg", { viewBox: `0 0 ${size} ${size}`, class: "cheese-ring", role: "img", "aria-label": ctx.t("cheese.ring_label") });
  g.append(s("circle", { cx: c, cy: c, r, fill: "none", stroke: "#d9c98f", "stroke-width": 2, "stroke-dasharray": "4 4" }));
  // The clockwise arrow in the middle says which way "next" goes.
  g.append(s("path", { d: `M${c + 22} ${c - 22} A31 31 0 1 1 ${c - 22} ${c - 22}`, fill: "none", stroke: "#b59a3a", "stroke-width": 2, "marker-end": "url(#cheese-arrow)" }));
  g.append(s("defs", {}, s("marker", { id: "cheese-arrow", viewBox: "0 0 10 10", refX: 5, refY: 5, markerWidth: 6, markerHeight: 6, orient: "auto-start-reverse" }, s("path", { d: "M0 0 L10 5 L0 10 z", fill: "#b59a3a" }))));
  g.append(s("text", { x: c, y: c + 4, "text-anchor": "middle", class: "cheese-ring-centre" }, ctx.t("cheese.clockwise")));
  v.cheeses.forEach((ch, i) => {
    const a = ((-90 + (i * 360) / n) * Math.PI) / 180;
    const x = c + r * Math.cos(a);
    const y = c + r * Math.sin(a);
    const cls = ["cheese-ring-node"];
    if (v.next_cheese === i) cls.push("cheese-next");
    if (frame && frame.active === i) cls.push("cheese-active");
    const node = s("g", { class: cls.join(" "), transform: `translate(${x} ${y})` },
      s("circle", { r: 17 }),
      s("text", { y: -2, "text-anchor": "middle", class: "cheese-ring-letter" }, letter(i)),
      s("text", { y: 10, "text-anchor": "middle", class: "cheese-ring-num" }, ctx.t("cheese.feeds_short", { n: ch.cheese })));
    const target = targets.get(i);
    if (target) {
      node.classList.add("legal");
      node.setAttribute("role", "button");
      node.setAttribute("tabindex", "0");
      node.setAttribute("data-action", JSON.stringify(target.action));
      node.setAttribute("aria-label", target.label);
      node.append(s("title", { text: target.label }));
      node.addEventListener("click", () => ctx.act(target.action));
      node.addEventListener("keydown", (ev) => {
        if (ev.key === "Enter" || ev.key === " ") {
          ev.preventDefault();
          ctx.act(target.action);
        }
      });
    }
    g.append(node);
  });
  return g;
}

function drawLanes(ctx, v, targets, frame) {
  const n = v.cheeses.length;
  const half = Math.ceil(n / 2);
  const box = h("ol", { class: "cheese-lanes", style: `--half: ${half}`, "aria-label": ctx.t("cheese.lanes_label") });
  v.cheeses.forEach((ch, i) => {
    // Wide screens show the lanes as a loop: A… down the left, the rest up the right.
    const col = i < half ? 1 : 2;
    const row = i < half ? i + 1 : n - i;
    let queue = ch.queue;
    let state = "";
    if (frame) {
      const st = frame.status[i];
      if (st === "now" || st === "done") queue = frame.lines[i];
      state = st === "now" ? " cheese-active" : st === "done" ? " cheese-done" : "";
    }
    const lane = h("li", { class: `cheese-lane${v.next_cheese === i ? " cheese-next" : ""}${state}`, style: `--col: ${col}; --row: ${row}` });
    const label = ctx.t("cheese.cheese_label", { letter: letter(i), n: ch.cheese });
    const target = targets.get(i);
    const head = target
      ? actButton(ctx, target.action, target.label, "cheese-cheese", [cheeseCard(ctx, i, ch.cheese), h("span", { class: "cheese-drop", text: ctx.t("cheese.drop_here") })])
      : h("div", { class: "cheese-cheese", role: "img", "aria-label": label, title: label }, cheeseCard(ctx, i, ch.cheese));
    const cards = h("div", { class: "cheese-queue", "aria-label": ctx.t("cheese.queue_label", { letter: letter(i), n: queue.length }) });
    queue.forEach((card) => {
      const cls = [card.eaten ? "cheese-eaten" : "", card.leaving ? "cheese-leaving" : "", card.hl ? "cheese-hl" : ""].join(" ");
      const wrap = h("span", { class: `cheese-slot ${cls}` }, queueCard(ctx, card));
      if (card.eaten) wrap.append(h("span", { class: "cheese-badge", text: ctx.t("cheese.ate_badge") }));
      cards.append(wrap);
    });
    if (!queue.length) cards.append(h("span", { class: "cheese-muted", text: ctx.t("cheese.empty_queue") }));
    if (v.next_cheese === i && v.phase !== "over") cards.append(h("span", { class: "cheese-next-tag", text: ctx.t("cheese.next_goes_here", { n: v.placed + 1 }) }));
    lane.append(head, h("span", { class: "cheese-front", "aria-hidden": "true", text: "◀" }), cards);
    box.append(lane);
  });
  return box;
}

function drawHand(ctx, v, rerender) {
  if (!("hand" in v)) return null;
  const box = h("section", { class: "cheese-hand", "aria-label": ctx.t("cheese.your_hand") });
  box.append(h("h3", { text: ctx.t("cheese.your_hand") }));
  const row = h("div", { class: "cheese-hand-row" });
  const firsts = firstPlacements(ctx);
  const later = (ctx.legal || []).filter((a) => a.type === "place" && v.next_cheese !== null && a.cheese === v.next_cheese);
  const seen = new Set();
  v.hand.forEach((card) => {
    const face = [queueCard(ctx, { seat: ctx.seat, card, face_up: true }, { w: 44, h: 54 }),
      h("span", { class: "cheese-hand-name", text: animal(ctx, card) }),
      MARKED.has(card) ? h("span", { class: "cheese-hand-mark", text: ctx.t("cheese.always_down") }) : null];
    const action = later.find((a) => a.card === card);
    if (action) {
      const down = MARKED.has(card);
      const label = ctx.t(down ? "cheese.act.place_down" : "cheese.act.place_up", { card: animal(ctx, card), letter: letter(action.cheese) });
      row.append(actButton(ctx, action, label, "cheese-hcard", face));
    } else if (firsts.some((a) => a.card === card)) {
      const isSel = selected === card && !seen.has(card);
      if (isSel) seen.add(card);
      const b = h("button", { type: "button", class: `cheese-hcard cheese-select${isSel ? " cheese-selected" : ""}`, "aria-pressed": isSel ? "true" : "false", "aria-label": ctx.t("cheese.select", { card: animal(ctx, card) }), title: ctx.t("cheese.select", { card: animal(ctx, card) }) }, face);
      b.addEventListener("click", () => {
        selected = card;
        rerender(card);
      });
      row.append(b);
    } else {
      row.append(h("span", { class: "cheese-hcard cheese-idle" }, face));
    }
  });
  if (!v.hand.length) row.append(h("span", { class: "cheese-muted", text: ctx.t("cheese.empty_hand") }));
  box.append(row);
  if (firsts.length && selected) {
    box.append(h("p", { class: "cheese-hint", text: ctx.t("cheese.selected_hint", { card: animal(ctx, selected) }) }));
  }
  const draw = (ctx.legal || []).find((a) => a.type === "draw");
  const tools = h("div", { class: "cheese-hand-tools" });
  if (draw) tools.append(actButton(ctx, draw, describeAction(draw, ctx), "cheese-draw"));
  const deck = v.deck || [];
  tools.append(h("span", { class: "cheese-muted", text: ctx.t("cheese.your_deck", { n: deck.length, cards: countList(ctx, deck) || "–" }) }));
  box.append(tools);
  return box;
}

function countList(ctx, cards) {
  const counts = new Map();
  for (const c of cards) counts.set(c, (counts.get(c) || 0) + 1);
  return ANIMALS.filter((a) => counts.has(a)).map((a) => ctx.t("cheese.count", { card: animal(ctx, a), n: counts.get(a) })).join(ctx.t("cheese.comma"));
}

function drawPlayers(ctx, v, frame) {
  const box = h("section", { class: "cheese-players", "aria-label": ctx.t("cheese.players") });
  const over = v.phase === "over";
  // While the resolution plays, the cards won so far (and their points) build up.
  const piles = frame ? frame.piles : v.piles;
  const scores = piles.map((pile) => pile.reduce((t, p) => t + POINTS[p.card], 0));
  const final = !frame || frame === anim.frames[anim.frames.length - 1];
  for (let seat = 0; seat < v.players; seat++) {
    const turn = v.turn === seat;
    const win = final && (v.winners || []).includes(seat);
    const panel = h("div", { class: `cheese-player${seat === ctx.seat ? " cheese-me" : ""}${turn ? " cheese-turn" : ""}${win ? " cheese-winner" : ""}`, style: `--c: var(--seat-${seat})` },
      h("div", { class: "cheese-player-head" },
        h("span", { class: "cheese-swatch", "aria-hidden": "true" }),
        h("strong", { text: nameOf(ctx, seat) + (seat === ctx.seat ? ` (${ctx.t("cheese.you")})` : "") }),
        turn ? h("span", { class: "cheese-turn-tag", text: ctx.t("cheese.their_turn") }) : null,
        win ? h("span", { class: "cheese-crown", text: ctx.t("cheese.winner") }) : null,
        over ? h("span", { class: "cheese-score", text: ctx.t("cheese.points", { n: final ? v.scores[seat] : scores[seat] }) }) : null),
      over ? null : h("div", { class: "cheese-player-line", text: ctx.t("cheese.hand_deck", { hand: v.hand_sizes[seat], deck: v.deck_sizes[seat] }) }));
    if (over) {
      const pile = piles[seat] || [];
      for (const how of ["ate", "caught", "chased"]) {
        const cards = pile.filter((p) => p.how === how);
        if (!cards.length) continue;
        const pts = cards.reduce((t, p) => t + POINTS[p.card], 0);
        panel.append(h("div", { class: "cheese-pile" },
          h("span", { class: "cheese-pile-how", text: ctx.t(`cheese.how.${how}`, { n: pts }) }),
          h("span", { class: "cheese-pile-cards" }, cards.map((p) => queueCard(ctx, { seat: p.colour, card: p.card, face_up: true }, { w: 22, h: 26 })))));
      }
      if (!pile.length) panel.append(h("div", { class: "cheese-muted", text: ctx.t("cheese.nothing_won") }));
    }
    box.append(panel);
  }
  return box;
}

function drawResolutionBar(ctx, v, rerender) {
  const bar = h("div", { class: "cheese-resolution", role: "status", "aria-live": "polite" });
  const total = anim.frames.length;
  const frame = anim.frames[anim.step];
  const playing = anim.step < total - 1;
  bar.append(h("strong", { text: ctx.t("cheese.resolution") }),
    h("span", { class: "cheese-res-step", text: ctx.t("cheese.step_of", { i: anim.step + 1, n: total }) }),
    h("span", { class: "cheese-res-caption", text: frame ? describeEvent(frame.event, ctx) : "" }));
  const skip = h("button", { type: "button", class: "cheese-res-btn" }, playing ? ctx.t("cheese.skip") : ctx.t("cheese.replay"));
  skip.addEventListener("click", () => {
    stopTimer();
    if (playing) anim.step = total - 1;
    else anim.step = 0;
    anim.skipped = playing;
    rerender();
    if (!playing) schedule(rerender);
  });
  bar.append(skip);
  return bar;
}

function schedule(rerender) {
  stopTimer();
  if (anim.step >= anim.frames.length - 1) return;
  anim.timer = setTimeout(() => {
    anim.timer = null;
    anim.step += 1;
    if (anim.rerender && anim.rerender()) schedule(rerender);
  }, STEP_MS);
}

function drawResult(ctx) {
  const text = describeResult(ctx);
  if (!text) return null;
  return h("section", { class: "cheese-result", "aria-label": ctx.t("cheese.result_title") },
    h("h3", { text: ctx.t("cheese.result_title") }), h("ol", {}, text.split("\n").map((l) => h("li", { text: l }))));
}

// --- the contract ------------------------------------------------------------------------

function render(root, ctx) {
  const v = ctx.view;
  root.classList.add("cheese-root");
  const over = v.phase === "over";
  if (!over && anim.key) {
    stopTimer();
    anim.key = "";
  }
  if (over) {
    const key = JSON.stringify(v.events);
    if (anim.key !== key) {
      stopTimer();
      anim.key = key;
      anim.frames = buildFrames(v);
      anim.step = 0;
      const reduce = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      if (reduce) anim.step = Math.max(0, anim.frames.length - 1);
    }
  }
  const firsts = firstPlacements(ctx);
  if (firsts.length && !firsts.some((a) => a.card === selected)) selected = firsts[0].card;
  if (!firsts.length && !(ctx.legal || []).length) selected = null;
  // Which cheese carries which action now: the selected card's first placement, or the
  // fixed cheese of the 2nd/3rd card (there the cards of the hand carry the actions).
  const targets = new Map();
  for (const a of firsts) {
    if (a.card === selected) {
      const down = ctx.t("cheese.act.place_first", { card: animal(ctx, a.card), letter: letter(a.cheese) });
      targets.set(a.cheese, { action: a, label: down });
    }
  }
  const rerender = (focusCard) => {
    if (!root.isConnected) return false;
    root.replaceChildren();
    render(root, ctx);
    if (focusCard) {
      const el = root.querySelector(".cheese-selected");
      if (el) el.focus();
    }
    return true;
  };
  // The resolution's timer always redraws the latest board (the shell may have replaced it).
  if (over) anim.rerender = rerender;
  const frame = over && anim.frames.length ? anim.frames[anim.step] : null;
  const top = h("div", { class: "cheese-top" },
    drawRing(ctx, v, targets, frame),
    h("div", { class: "cheese-top-side" },
      over && anim.frames.length ? drawResolutionBar(ctx, v, rerender) : null,
      over ? null : drawHand(ctx, v, rerender),
      h("p", { class: "cheese-legend", text: ctx.t("cheese.legend") })));
  root.append(top, drawLanes(ctx, v, targets, frame), drawPlayers(ctx, v, frame));
  if (over && (!frame || anim.step === anim.frames.length - 1)) root.append(drawResult(ctx));
  if (over && anim.step < anim.frames.length - 1 && !anim.timer) schedule(rerender);
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
    const v = ctx.view || {};
    const first = v.next_cheese === null || v.next_cheese === undefined;
    const key = first ? "cheese.act.place_first" : MARKED.has(action.card) ? "cheese.act.place_down" : "cheese.act.place_up";
    return ctx.t(key, { card: animal(ctx, action.card), letter: letter(action.cheese) });
  }
  return JSON.stringify(action);
}

function describeEvent(event, ctx) {
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

/** The final ranking with the rulebook's tie-breaks: points, king mice, mouse cards. */
function describeResult(ctx) {
  const v = ctx.view;
  if (!v || v.phase !== "over") return "";
  const rows = v.piles.map((pile, seat) => {
    const kings = pile.filter((p) => p.card === "king_mouse").length;
    const mice = pile.filter((p) => MICE.has(p.card)).length;
    return { seat, pts: v.scores[seat], kings, mice, key: [v.scores[seat], kings, mice] };
  });
  const cmp = (a, b) => b.key[0] - a.key[0] || b.key[1] - a.key[1] || b.key[2] - a.key[2];
  rows.sort((a, b) => cmp(a, b) || a.seat - b.seat);
  const lines = [];
  let place = 0;
  rows.forEach((r, i) => {
    if (i === 0 || cmp(rows[i - 1], r) !== 0) place = i + 1;
    lines.push(ctx.t("cheese.result.line", { place, name: who(ctx, r.seat), n: r.pts, kings: ctx.t("cheese.n_kings", { count: r.kings }), mice: ctx.t("cheese.n_mice", { count: r.mice }) }));
  });
  for (let i = 1; i < rows.length; i++) {
    const a = rows[i - 1];
    const b = rows[i];
    if (a.pts !== b.pts) continue;
    const names = { a: who(ctx, a.seat), b: who(ctx, b.seat) };
    if (cmp(a, b) === 0) lines.push(ctx.t("cheese.result.shared", names));
    else if (a.kings !== b.kings) lines.push(ctx.t("cheese.result.by_kings", { ...names, ka: a.kings, kb: b.kings }));
    else lines.push(ctx.t("cheese.result.by_mice", { ...names, ma: a.mice, mb: b.mice }));
  }
  lines.push(ctx.t("cheese.result.rule"));
  return lines.join("\n");
}

// For tests: the resolution replay (frames with the running piles).
export { buildFrames };

export default {
  render,
  handles: new Set(["draw", "place"]),
  prompt,
  describeAction,
  describeEvent,
  describeResult,
};
