// Schlacht am Buffet: the renderer (see README.md in this folder for the contract).
//
// The board is one SVG: the 40-space track as a ring with the mice on it and the
// buffet in its middle, as on the printed board. Below it: the cards revealed by the
// last turn (in reveal order, from the view's events), every player's mouse, cards
// and dish stacks, and the viewer's hand. Card choices and the first-out exchange
// are made by clicking the cards of the hand.

import { h, svg as s } from "../dom.js";

const KINDS = ["cheese", "salami", "sausage", "pizza", "chicken", "salad"]; // best first
const TRACK = 40;
const REVEAL_MS = 650; // one revealed card's move on the track

// --- words ---------------------------------------------------------------------------

function nameOf(ctx, seat) {
  const p = (ctx.players || []).find((x) => x.seat === seat);
  return p && p.name ? p.name : ctx.t("buffet.seat", { n: seat + 1 });
}

function who(ctx, seat) {
  return seat === ctx.seat ? ctx.t("buffet.you_name", { name: nameOf(ctx, seat) }) : nameOf(ctx, seat);
}

function signed(v) {
  return v < 0 ? `−${-v}` : String(v);
}

function dishName(ctx, dish) {
  return ctx.t("buffet.dish", { kind: ctx.t(`buffet.kind.${dish.kind}`), value: signed(dish.value) });
}

function dishList(ctx, dishes) {
  return dishes.map((d) => dishName(ctx, d)).join(ctx.t("buffet.comma"));
}

function seatList(ctx, seats) {
  return seats.map((x) => who(ctx, x)).join(ctx.t("buffet.comma"));
}

// --- rules the board needs (mirrors meeple/games/buffet/rules.py) ------------------------

/** The dish on top of each kind (the last one taken): only those score. */
function topDishes(stack) {
  const top = new Map();
  for (const d of stack) top.set(d.kind, d);
  return [...top.values()];
}

function bestTop(stack) {
  const tops = topDishes(stack);
  if (!tops.length) return null;
  return tops.reduce((a, b) =>
    b.value > a.value || (b.value === a.value && KINDS.indexOf(b.kind) < KINDS.indexOf(a.kind))
      ? b
      : a,
  );
}

function rankKey(stack, score) {
  const best = bestTop(stack);
  return best ? [score, best.value, -KINDS.indexOf(best.kind)] : [score, -99, -99];
}

function cmpKey(a, b) {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return b[i] - a[i];
  return 0;
}

// --- drawings ------------------------------------------------------------------------

const KIND_COLOUR = {
  cheese: "#f2c94c",
  salami: "#c0392b",
  sausage: "#a0522d",
  pizza: "#e67e22",
  chicken: "#d4a373",
  salad: "#6ab04c",
};

/** A small picture of a dish kind, drawn in a 40×40 box. */
function dishIcon(kind) {
  switch (kind) {
    case "cheese":
      return s("g", {},
        s("path", { d: "M6 30 L34 30 L34 16 L6 24 Z", fill: "#f7d354", stroke: "#8a6d00", "stroke-width": 1.5 }),
        s("circle", { cx: 14, cy: 26, r: 2, fill: "#c9a227" }),
        s("circle", { cx: 26, cy: 23, r: 2.5, fill: "#c9a227" }));
    case "salami":
      return s("g", {},
        s("circle", { cx: 20, cy: 22, r: 12, fill: "#b03a2e", stroke: "#5e1b13", "stroke-width": 1.5 }),
        s("circle", { cx: 15, cy: 19, r: 2, fill: "#f5d0c5" }),
        s("circle", { cx: 24, cy: 25, r: 2, fill: "#f5d0c5" }),
        s("circle", { cx: 22, cy: 16, r: 1.5, fill: "#f5d0c5" }));
    case "sausage":
      return s("g", {},
        s("rect", { x: 5, y: 16, width: 30, height: 12, rx: 6, fill: "#9c4f25", stroke: "#4d2410", "stroke-width": 1.5 }),
        s("path", { d: "M12 18 q3 4 0 8 M20 18 q3 4 0 8 M28 18 q3 4 0 8", stroke: "#d98b5f", fill: "none" }));
    case "pizza":
      return s("g", {},
        s("path", { d: "M20 34 L6 10 Q20 4 34 10 Z", fill: "#f4b860", stroke: "#a0522d", "stroke-width": 1.5 }),
        s("circle", { cx: 16, cy: 15, r: 2.5, fill: "#c0392b" }),
        s("circle", { cx: 24, cy: 14, r: 2.5, fill: "#c0392b" }),
        s("circle", { cx: 20, cy: 23, r: 2.5, fill: "#c0392b" }));
    case "chicken":
      return s("g", {},
        s("ellipse", { cx: 17, cy: 18, rx: 11, ry: 9, fill: "#c8843a", stroke: "#6b3e12", "stroke-width": 1.5 }),
        s("rect", { x: 24, y: 24, width: 10, height: 4, rx: 2, fill: "#f3eee1", stroke: "#6b3e12", transform: "rotate(40 29 26)" }));
    default: // salad
      return s("g", {},
        s("path", { d: "M6 22 Q20 40 34 22 Z", fill: "#f3eee1", stroke: "#777", "stroke-width": 1.2 }),
        s("circle", { cx: 14, cy: 19, r: 6, fill: "#58a23a" }),
        s("circle", { cx: 22, cy: 16, r: 6, fill: "#6fc04b" }),
        s("circle", { cx: 27, cy: 21, r: 4, fill: "#c0392b" }));
  }
}

/** A dish tile (w×h at x,y) in an SVG: its picture, its value, its kind's name. */
function dishTile(ctx, dish, x, y, w = 46, opts = {}) {
  const hgt = w * 1.25;
  const k = w / 46;
  return s("g", { class: `buffet-dish ${opts.cls || ""}`, transform: `translate(${x} ${y})` },
    s("title", { text: dishName(ctx, dish) }),
    s("rect", { width: w, height: hgt, rx: 6 * k, fill: "#fffaf0", stroke: KIND_COLOUR[dish.kind], "stroke-width": 3 }),
    s("g", { transform: `translate(${3 * k} ${1 * k}) scale(${k})` }, dishIcon(dish.kind)),
    s("text", { x: w / 2, y: 49 * k, "text-anchor": "middle", class: "buffet-dish-value", "font-size": 16 * k }, signed(dish.value)),
  );
}

/** A stand-alone <svg> of one dish, for HTML parts of the board. */
function dishSvg(ctx, dish, w = 46, cls = "") {
  return s("svg", { viewBox: `0 0 ${w} ${w * 1.25}`, width: w, height: w * 1.25, class: `buffet-dish-svg ${cls}`, role: "img", "aria-label": dishName(ctx, dish) },
    dishTile(ctx, dish, 0, 0, w));
}

/** A mouse card face: value big, a little mouse. */
function cardSvg(value, cls = "") {
  return s("svg", { viewBox: "0 0 44 62", class: `buffet-card-svg ${cls}`, "aria-hidden": "true" },
    s("rect", { x: 1, y: 1, width: 42, height: 60, rx: 5, class: "buffet-card-face" }),
    s("text", { x: 22, y: 34, "text-anchor": "middle", class: "buffet-card-value" }, signed(value)),
    s("g", { transform: "translate(12 42)", class: "buffet-card-mouse" },
      s("ellipse", { cx: 10, cy: 8, rx: 8, ry: 5 }),
      s("circle", { cx: 4, cy: 3, r: 3 }),
      s("path", { d: "M18 9 q5 2 4 -4", fill: "none", "stroke-width": 1.2 })),
  );
}

// --- the track -----------------------------------------------------------------------

const C = 200; // centre of the ring
const R = 172; // radius of the spaces' centres

function spacePoint(space, r = R) {
  const a = (-90 + (space * 360) / TRACK) * (Math.PI / 180);
  return [C + r * Math.cos(a), C + r * Math.sin(a)];
}

function mouseAt(pos, k) {
  // A position may be −1 (printed space 39) or past 40: the drawing shows pos mod 40;
  // mice sharing a space stand one behind the other towards the middle.
  const space = ((pos % TRACK) + TRACK) % TRACK;
  return spacePoint(space, R - k * 17);
}

function drawTrack(ctx, v, mice) {
  const g = s("g", { class: "buffet-track" });
  for (let i = 0; i < TRACK; i++) {
    const a0 = ((-90 + ((i - 0.5) * 360) / TRACK) * Math.PI) / 180;
    const a1 = ((-90 + ((i + 0.5) * 360) / TRACK) * Math.PI) / 180;
    const [r0, r1] = [R - 12, R + 12];
    const p = (r, a) => `${C + r * Math.cos(a)} ${C + r * Math.sin(a)}`;
    g.append(s("path", {
      d: `M${p(r0, a0)} L${p(r1, a0)} A${r1} ${r1} 0 0 1 ${p(r1, a1)} L${p(r0, a1)} A${r0} ${r0} 0 0 0 ${p(r0, a0)} Z`,
      class: i === 0 ? "buffet-space buffet-start" : i % 5 === 0 ? "buffet-space buffet-five" : "buffet-space",
    }));
    if (i % 5 === 0) {
      const [x, y] = spacePoint(i, R + 20);
      g.append(s("text", { x, y: y + 4, "text-anchor": "middle", class: "buffet-space-num" }, i === 0 ? ctx.t("buffet.start") : String(i)));
    }
  }
  g.append(mice);
  return g;
}

/** The mice: from the positions in the view, or (animating) from the reveals. */
function placeMice(ctx, positions, only = null) {
  const g = s("g", { class: "buffet-mice" });
  const count = new Map();
  const order = positions.map((p, seat) => [p, seat]).filter(([p]) => p !== null);
  for (const [pos, seat] of order) {
    if (only && !only.has(seat)) continue;
    const space = ((pos % TRACK) + TRACK) % TRACK;
    const k = count.get(space) || 0;
    count.set(space, k + 1);
    const [x, y] = mouseAt(pos, k);
    const laps = Math.floor(pos / TRACK);
    g.append(mouseToken(ctx, seat, x, y, pos, laps));
  }
  return g;
}

function mouseToken(ctx, seat, x, y, pos, laps) {
  const label = ctx.t("buffet.mouse_at", { name: who(ctx, seat), pos: String(pos) });
  return s("g", { class: `buffet-mouse${seat === ctx.seat ? " buffet-me" : ""}`, "data-seat": seat, style: `transform: translate(${x}px, ${y}px)`, role: "img", "aria-label": label },
    s("title", { text: label }),
    s("circle", { r: 9, fill: `var(--seat-${seat})`, class: "buffet-mouse-body" }),
    s("text", { y: 4, "text-anchor": "middle", class: "buffet-mouse-initial" }, initial(ctx, seat)),
    laps > 0 ? s("text", { x: 10, y: -7, class: "buffet-lap" }, `+${laps * TRACK}`) : null,
  );
}

function initial(ctx, seat) {
  return [...nameOf(ctx, seat)][0] || String(seat + 1);
}

function drawCentre(ctx, v) {
  const g = s("g", { class: "buffet-centre" });
  const dishes = v.buffet;
  const w = 46;
  const gap = 6;
  const total = dishes.length * w + (dishes.length - 1) * gap;
  const y0 = v.reserved.length ? 118 : 140;
  g.append(s("text", { x: C, y: y0 - 10, "text-anchor": "middle", class: "buffet-centre-title" },
    v.phase === "over" ? ctx.t("buffet.game_over") : ctx.t("buffet.on_offer")));
  if (v.phase === "over") {
    g.append(s("text", { x: C, y: y0 + 16, "text-anchor": "middle", class: "buffet-centre-winner" },
      ctx.t("buffet.winner_is", { names: seatList(ctx, v.winners || []) })));
  }
  dishes.forEach((d, i) => {
    const x = C - total / 2 + i * (w + gap);
    g.append(dishTile(ctx, d, x, y0, w));
  });
  if (dishes.length > 1) {
    g.append(s("text", { x: C - total / 2, y: y0 + w * 1.25 + 13, class: "buffet-hint" }, ctx.t("buffet.best")));
    g.append(s("text", { x: C + total / 2, y: y0 + w * 1.25 + 13, "text-anchor": "end", class: "buffet-hint" }, ctx.t("buffet.lowest")));
  }
  if (v.reserved.length) {
    const y1 = y0 + w * 1.25 + 30;
    const wr = 36;
    g.append(s("text", { x: C, y: y1 - 4, "text-anchor": "middle", class: "buffet-hint" }, ctx.t("buffet.next_stage")));
    v.reserved.forEach((d, i) => g.append(dishTile(ctx, d, C - wr - 3 + i * (wr + 6), y1, wr, { cls: "buffet-reserved" })));
  }
  const info = [
    ctx.t("buffet.round_n", { n: v.round }) + (v.players === 3 ? " · " + ctx.t("buffet.stage_n", { n: v.stage }) : ""),
    ctx.t("buffet.piles", { dishes: v.dishes_left, deck: v.deck }),
  ];
  info.forEach((line, i) => g.append(s("text", { x: C, y: 262 + i * 15, "text-anchor": "middle", class: "buffet-info" }, line)));
  return g;
}

// --- animation of the last reveals -------------------------------------------------------

// Module state: the reveals already shown, so that a re-render (another player's card
// choice, an exchange click) does not replay them.
let lastAnimated = "";

function revealsOf(v) {
  return (v.events || []).filter((e) => e.event === "reveal");
}

function animateReveals(ctx, v, svg, miceHolder) {
  const reveals = revealsOf(v);
  const key = JSON.stringify([v.round, v.stage, v.events]);
  if (!reveals.length || key === lastAnimated) return;
  lastAnimated = key;
  if (window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
  // Start every mouse that revealed where it stood before its card, then move them in
  // reveal order; afterwards show the view's positions (mice out of the round vanish).
  const pos = v.positions.map(() => null);
  for (const e of reveals) pos[e.seat] = e.to - e.card;
  const draw = () => {
    miceHolder.replaceChildren(placeMice(ctx, pos));
  };
  draw();
  reveals.forEach((e, i) => {
    setTimeout(() => {
      if (!svg.isConnected) return;
      pos[e.seat] = e.to;
      draw();
      const chip = svg.ownerDocument.querySelector(`.buffet-reveal[data-i="${i}"]`);
      if (chip) chip.classList.add("buffet-now");
    }, (i + 1) * REVEAL_MS);
  });
  setTimeout(() => {
    if (!svg.isConnected) return;
    miceHolder.replaceChildren(placeMice(ctx, v.positions));
    svg.ownerDocument.querySelectorAll(".buffet-reveal.buffet-now").forEach((c) => c.classList.remove("buffet-now"));
  }, (reveals.length + 1.5) * REVEAL_MS);
}

// --- the parts of the page -----------------------------------------------------------------

function legalJson(ctx, type, match = () => true) {
  const a = (ctx.legal || []).find((x) => x.type === type && match(x));
  return a ? JSON.stringify(a) : null;
}

function actButton(ctx, action, label, cls, content) {
  const b = h("button", { type: "button", class: `legal ${cls}`, "data-action": JSON.stringify(action), "aria-label": label, title: label }, content ?? label);
  b.addEventListener("click", () => ctx.act(action));
  return b;
}

function drawReveals(ctx, v) {
  const reveals = revealsOf(v);
  const box = h("section", { class: "buffet-reveals", "aria-label": ctx.t("buffet.last_reveal") });
  box.append(h("h3", { text: ctx.t("buffet.last_reveal") }));
  if (!reveals.length) {
    box.append(h("p", { class: "buffet-muted", text: ctx.t("buffet.no_reveal") }));
    return box;
  }
  const row = h("ol", { class: "buffet-reveal-row" });
  reveals.forEach((e, i) => {
    const label = ctx.t("buffet.ev.reveal", { name: who(ctx, e.seat), card: signed(e.card), to: String(e.to) });
    row.append(h("li", { class: "buffet-reveal", "data-i": i, style: `--c: var(--seat-${e.seat})`, "aria-label": label, title: label },
      cardSvg(e.card),
      h("span", { class: "buffet-reveal-who", text: nameOf(ctx, e.seat) }),
      h("span", { class: "buffet-reveal-to", text: `→ ${e.to}` })));
  });
  box.append(row);
  const rest = (v.events || []).filter((e) => e.event !== "reveal");
  const pile = Object.entries(v.discard || {}).sort((a, b) => Number(a[0]) - Number(b[0])).filter(([, n]) => n > 0).map(([c, n]) => ctx.t("buffet.count", { card: signed(Number(c)), n }));
  box.append(h("p", { class: "buffet-muted buffet-discard", text: ctx.t("buffet.discard_pile", { cards: pile.join(ctx.t("buffet.comma")) || "–" }) }));
  if (rest.length) box.append(h("ul", { class: "buffet-outcome" }, rest.map((e) => h("li", { text: describeEvent(e, ctx) }))));
  return box;
}

function drawPlayers(ctx, v) {
  const box = h("section", { class: "buffet-players", "aria-label": ctx.t("buffet.players") });
  for (let seat = 0; seat < v.players; seat++) {
    const pos = v.positions[seat];
    const waiting = (v.to_move || []).includes(seat);
    let status;
    if (v.phase === "over") status = "";
    else if (v.exchanger === seat) status = ctx.t("buffet.status_exchanging");
    else if (pos === null) status = ctx.t("buffet.status_out");
    else if (v.phase === "choose" && v.has_chosen[seat]) status = ctx.t("buffet.status_chosen");
    else if (waiting) status = ctx.t("buffet.status_choosing");
    else status = "";
    const stacks = h("div", { class: "buffet-stacks" });
    // Only each kind's top dish is seen (and scores); what it covers is only a count.
    for (const { top, covered } of v.stacks[seat]) {
      const label = ctx.t("buffet.stack_label", { top: dishName(ctx, top), count: covered });
      stacks.append(h("div", { class: "buffet-stack", title: label, "aria-label": label, role: "img" },
        covered ? h("span", { class: "buffet-under", "aria-hidden": "true" }, h("span", { text: `+${covered}` })) : null,
        dishSvg(ctx, top, 34)));
    }
    if (!v.stacks[seat].length) stacks.append(h("span", { class: "buffet-muted", text: ctx.t("buffet.no_dishes") }));
    const isWinner = (v.winners || []).includes(seat);
    box.append(h("div", { class: `buffet-player${seat === ctx.seat ? " buffet-me" : ""}${waiting ? " buffet-waiting" : ""}${isWinner ? " buffet-winner" : ""}`, style: `--c: var(--seat-${seat})` },
      h("div", { class: "buffet-player-head" },
        h("span", { class: "buffet-swatch", "aria-hidden": "true", text: initial(ctx, seat) }),
        h("strong", { text: nameOf(ctx, seat) + (seat === ctx.seat ? ` (${ctx.t("buffet.you")})` : "") }),
        v.start_player === seat && v.phase !== "over" ? h("span", { class: "buffet-start-tile", title: ctx.t("buffet.start_tile"), text: ctx.t("buffet.start_tile_short") }) : null,
        isWinner ? h("span", { class: "buffet-crown", text: ctx.t("buffet.winner") }) : null,
        h("span", { class: "buffet-score", text: ctx.t("buffet.points", { n: v.scores[seat] }) })),
      h("div", { class: "buffet-player-line" },
        v.phase === "over" ? null : h("span", { text: pos === null ? ctx.t("buffet.out_of_round") : ctx.t("buffet.space", { n: String(pos) }) }),
        h("span", { text: ctx.t("buffet.cards", { n: v.hand_sizes[seat] }) }),
        status ? h("span", { class: "buffet-status", text: status }) : null),
      stacks));
  }
  return box;
}

function drawHand(ctx, v) {
  if (!("hand" in v)) return null;
  const box = h("section", { class: "buffet-hand", "aria-label": ctx.t("buffet.your_hand") });
  box.append(h("h3", { text: ctx.t("buffet.your_hand") }));
  const exchanging = v.phase === "exchange" && v.exchanger === ctx.seat;
  const row = h("div", { class: "buffet-hand-row" });
  for (const card of v.hand) {
    const type = exchanging ? "discard" : "play";
    const json = legalJson(ctx, type, (a) => a.card === card);
    if (json) {
      const label = exchanging ? ctx.t("buffet.act.discard", { card: signed(card) }) : ctx.t("buffet.act.play", { card: signed(card) });
      row.append(actButton(ctx, JSON.parse(json), label, "buffet-card", cardSvg(card)));
    } else {
      row.append(h("span", { class: "buffet-card buffet-card-idle", role: "img", "aria-label": ctx.t("buffet.card", { card: signed(card) }) }, cardSvg(card)));
    }
  }
  if (!v.hand.length) row.append(h("span", { class: "buffet-muted", text: ctx.t("buffet.empty_hand") }));
  box.append(row);
  if (v.my_choice !== null && v.my_choice !== undefined) {
    box.append(h("div", { class: "buffet-chosen" }, h("span", { text: ctx.t("buffet.you_chose") }), cardSvg(v.my_choice, "buffet-small")));
  }
  if (exchanging) {
    const aside = h("div", { class: "buffet-aside" }, h("span", { text: ctx.t("buffet.put_aside") }));
    for (const c of v.my_exchange || []) aside.append(cardSvg(c, "buffet-small buffet-faded"));
    if (!(v.my_exchange || []).length) aside.append(h("span", { class: "buffet-muted", text: ctx.t("buffet.none_yet") }));
    const draw = (ctx.legal || []).find((a) => a.type === "draw");
    if (draw) aside.append(actButton(ctx, draw, describeAction(draw, ctx), "buffet-draw"));
    box.append(aside);
  }
  return box;
}

function drawResult(ctx) {
  const lines = describeResult(ctx);
  if (!lines) return null;
  return h("section", { class: "buffet-result", "aria-label": ctx.t("buffet.result_title") },
    h("h3", { text: ctx.t("buffet.result_title") }), h("ol", {}, lines.split("\n").map((l) => h("li", { text: l }))));
}

// --- the contract ------------------------------------------------------------------------

function render(root, ctx) {
  const v = ctx.view;
  root.classList.add("buffet-root");
  const miceHolder = s("g");
  miceHolder.append(placeMice(ctx, v.positions));
  const svg = s("svg", { viewBox: "-12 -12 424 424", class: "buffet-board", role: "img", "aria-label": ctx.t("buffet.board_label") },
    drawTrack(ctx, v, miceHolder), drawCentre(ctx, v));
  const rank = h("p", { class: "buffet-rank" }, ctx.t("buffet.kind_rank", { kinds: KINDS.map((k) => ctx.t(`buffet.kind.${k}`)).join(" > ") }));
  const wrap = h("div", { class: "buffet-layout" },
    h("div", { class: "buffet-board-col" }, svg, rank),
    h("div", { class: "buffet-side-col" }, drawHand(ctx, v), drawReveals(ctx, v), drawPlayers(ctx, v), v.phase === "over" ? drawResult(ctx) : null));
  root.append(wrap);
  animateReveals(ctx, v, svg, miceHolder);
}

function prompt(ctx) {
  const v = ctx.view;
  if (v.phase === "over" || ctx.over) return ctx.t("buffet.prompt.over");
  const legal = ctx.legal || [];
  if (legal.some((a) => a.type === "discard" || a.type === "draw")) {
    return ctx.t("buffet.prompt.exchange", { n: v.exchange_count });
  }
  if (legal.some((a) => a.type === "play")) {
    const live = v.positions.filter((p) => p !== null).length;
    if (live === 2) return ctx.t("buffet.prompt.play_final", { dish: dishName(ctx, v.buffet[0]) });
    return ctx.t("buffet.prompt.play", { dish: v.buffet.length ? dishName(ctx, v.buffet[v.buffet.length - 1]) : "" });
  }
  if (v.phase === "exchange") return ctx.t("buffet.prompt.wait_exchange", { name: who(ctx, v.exchanger) });
  if (ctx.seat !== null && v.my_choice !== null && v.my_choice !== undefined) {
    return ctx.t("buffet.prompt.wait_others", { card: signed(v.my_choice), names: seatList(ctx, v.to_move) });
  }
  if (ctx.seat !== null && v.positions[ctx.seat] === null) {
    return ctx.t("buffet.prompt.out", { names: seatList(ctx, v.to_move) });
  }
  return ctx.t("buffet.prompt.wait", { names: seatList(ctx, v.to_move) });
}

function describeAction(action, ctx) {
  switch (action.type) {
    case "play":
      return ctx.t("buffet.act.play", { card: signed(action.card) });
    case "discard":
      return ctx.t("buffet.act.discard", { card: signed(action.card) });
    case "draw": {
      const n = (ctx.view && ctx.view.exchange_count) || 0;
      return n ? ctx.t("buffet.act.draw", { n, count: n }) : ctx.t("buffet.act.draw_none");
    }
    default:
      return JSON.stringify(action);
  }
}

function describeEvent(event, ctx) {
  const e = event;
  switch (e.event) {
    case "reveal":
      return ctx.t("buffet.ev.reveal", { name: who(ctx, e.seat), card: signed(e.card), to: String(e.to) });
    case "take":
      return ctx.t("buffet.ev.take", { name: who(ctx, e.seat), dish: dishName(ctx, e.dish) });
    case "empty_handed":
      return ctx.t("buffet.ev.empty_handed", { name: who(ctx, e.seat) });
    case "tie_for_last":
      return ctx.t("buffet.ev.tie_for_last", { names: seatList(ctx, e.seats) });
    case "tie_for_first":
      return ctx.t("buffet.ev.tie_for_first", { names: seatList(ctx, e.seats) });
    case "start_tile":
      return ctx.t("buffet.ev.start_tile", { name: who(ctx, e.seat) });
    case "exchange":
      return ctx.t("buffet.ev.exchange", { name: who(ctx, e.seat), n: e.count, count: e.count });
    case "refill":
      return ctx.t("buffet.ev.refill", { name: who(ctx, e.seat), n: e.count });
    case "stage":
      return ctx.t("buffet.ev.stage", { n: e.stage });
    case "round":
      return ctx.t("buffet.ev.round", { n: e.round, dishes: dishList(ctx, e.buffet) });
    case "game_over":
      return ctx.t("buffet.ev.game_over", { names: seatList(ctx, e.winners || []) });
    default:
      return JSON.stringify(e);
  }
}

/** The final ranking, one line per player, with the tie-breaks the rulebook gives. */
function describeResult(ctx) {
  const v = ctx.view;
  if (!v || v.phase !== "over") return "";
  const rows = v.stacks.map((entries, seat) => {
    const stack = entries.map((e) => e.top); // the top dishes: all that counts
    return { seat, stack, score: v.scores[seat], key: rankKey(stack, v.scores[seat]), best: bestTop(stack) };
  });
  rows.sort((a, b) => cmpKey(a.key, b.key) || a.seat - b.seat);
  const lines = [];
  let place = 0;
  rows.forEach((r, i) => {
    if (i === 0 || cmpKey(rows[i - 1].key, r.key) !== 0) place = i + 1;
    const tops = topDishes(r.stack);
    lines.push(ctx.t("buffet.result.line", {
      place, name: who(ctx, r.seat), n: r.score,
      dishes: tops.length ? tops.map((d) => dishName(ctx, d)).join(ctx.t("buffet.plus")) : ctx.t("buffet.no_dishes"),
    }));
  });
  // Explain each tie on points: the higher top dish, then its kind's rank.
  for (let i = 1; i < rows.length; i++) {
    const a = rows[i - 1];
    const b = rows[i];
    if (a.score !== b.score) continue;
    const names = { a: who(ctx, a.seat), b: who(ctx, b.seat) };
    if (cmpKey(a.key, b.key) === 0) lines.push(ctx.t("buffet.result.shared", names));
    else if (a.key[1] !== b.key[1]) lines.push(ctx.t("buffet.result.by_value", { ...names, da: dishName(ctx, a.best), db: b.best ? dishName(ctx, b.best) : ctx.t("buffet.no_dishes") }));
    else lines.push(ctx.t("buffet.result.by_kind", { ...names, da: dishName(ctx, a.best), db: dishName(ctx, b.best) }));
  }
  lines.push(ctx.t("buffet.result.rule"));
  return lines.join("\n");
}

export default {
  render,
  handles: new Set(["play", "discard", "draw"]),
  prompt,
  describeAction,
  describeEvent,
  describeResult,
};
