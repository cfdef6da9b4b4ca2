// Café International: the renderer (see README.md in this folder for the contract).
//
// The 13×13 board as one SVG, laid out from the view's own coordinates: 24 café tables
// (coloured by country, with its short name), the chairs between them, and the bar in the
// middle with the value of each bar seat. Guests are round tokens: country colour, ♂ or ♀.
// Every hand is open, as in the game. A guest is chosen in your hand, then its chairs light
// up (a joker you may take back lights up too); "to the bar" is a button under the hand.

import { h, svg as s } from "../dom.js";

const CELL = 40;
// Country colours: distinct, with a light or dark ink chosen for each.
const COLOURS = {
  AFR: ["#8d5524", "#fff"], ITA: ["#2e8b57", "#fff"], CHN: ["#c62828", "#fff"], ESP: ["#f9a825", "#222"],
  GBR: ["#1f3c88", "#fff"], CUB: ["#00838f", "#fff"], RUS: ["#eceff1", "#222"], TUR: ["#ad1457", "#fff"],
  FRA: ["#5c6bc0", "#fff"], IND: ["#ef6c00", "#fff"], GER: ["#212121", "#ffd600"], USA: ["#90caf9", "#222"],
  JKR: ["url(#cafe-joker)", "#222"],
};

let selected = null; // the guest chosen in the hand (its code), kept across redraws


function nameOf(ctx, seat) {
  const p = (ctx.players || []).find((x) => x.seat === seat);
  return p && p.name ? p.name : ctx.t("cafe.seat", { n: seat + 1 });
}

function who(ctx, seat) {
  return seat === ctx.seat ? ctx.t("cafe.you_name", { name: nameOf(ctx, seat) }) : nameOf(ctx, seat);
}

const country = (ctx, code) => ctx.t(`cafe.country.${code}`);

function guestName(ctx, code) {
  const [c, sex] = code.split("-");
  return ctx.t(sex === "W" ? "cafe.guest_w" : "cafe.guest_m", { country: ctx.t(`cafe.people.${c}`) });
}

function chairName(ctx, v, chair) {
  const tables = v.board.chairs[chair].tables.map((t) => country(ctx, v.board.tables[t].country));
  return ctx.t("cafe.chair", { n: chair, tables: tables.join(ctx.t("cafe.slash")) });
}

/** A guest token drawn at (cx, cy): country colour, the sex symbol. */
function token(code, cx, cy, r) {
  const [c, sex] = code.split("-");
  const [fill, ink] = COLOURS[c] ?? ["#999", "#000"];
  return s("g", { class: "cafe-token" },
    s("circle", { cx, cy, r, fill, stroke: "#333", "stroke-width": 1.5 }),
    s("text", { x: cx, y: cy + r * 0.38, "text-anchor": "middle", "font-size": r * 1.15, fill: ink, "font-weight": 700, text: sex === "W" ? "♀" : "♂" }));
}

function legalFor(ctx, guest) {
  return (ctx.legal || []).filter((a) => a.guest === guest);
}

function board(ctx) {
  const v = ctx.view;
  const size = v.board.size * CELL;
  const at = (p) => [p.x * CELL + CELL / 2, (v.board.size - 1 - p.y) * CELL + CELL / 2];
  const targets = new Map();
  for (const a of legalFor(ctx, selected)) if (a.type === "seat" || a.type === "swap") targets.set(a.chair, a);
  const svg = s("svg", { viewBox: `0 0 ${size} ${size}`, class: "cafe-board", role: "img", "aria-label": ctx.t("cafe.board_label") },
    s("defs", {}, s("linearGradient", { id: "cafe-joker", x1: 0, y1: 0, x2: 1, y2: 1 },
      ["#e53935", "#fdd835", "#43a047", "#1e88e5", "#8e24aa"].map((c, i) => s("stop", { offset: `${i * 25}%`, "stop-color": c })))),
    s("rect", { x: 0, y: 0, width: size, height: size, rx: 14, class: "cafe-floor" }));
  // The bar in the middle: its seats and their values, the guests already there.
  v.board.bar.forEach((b, i) => {
    const [cx, cy] = at(b);
    const guest = v.bar[i];
    svg.append(s("g", { class: "cafe-bar-seat" },
      s("rect", { x: cx - CELL / 2 + 2, y: cy - CELL / 2 + 2, width: CELL - 4, height: CELL - 4, rx: 6, class: b.points > 0 ? "plus" : "minus" }),
      guest ? token(guest, cx, cy, CELL * 0.34) : s("text", { x: cx, y: cy + 5, "text-anchor": "middle", class: "cafe-bar-points", text: b.points > 0 ? `+${b.points}` : String(b.points) })));
  });
  // The café tables.
  v.board.tables.forEach((t) => {
    const [cx, cy] = at(t);
    const [fill, ink] = COLOURS[t.country];
    const label = ctx.t(`cafe.short.${t.country}`);
    svg.append(s("g", { class: "cafe-table", "aria-label": country(ctx, t.country) },
      s("rect", { x: cx - CELL * 0.42, y: cy - CELL * 0.42, width: CELL * 0.84, height: CELL * 0.84, rx: 6, fill, stroke: "#333" }),
      s("text", { x: cx, y: cy + 4, "text-anchor": "middle", "font-size": label.length > 3 ? 7.5 : 11, "font-weight": 700, fill: ink, text: label })));
  });
  // The chairs: empty, taken, or a place the chosen guest may go.
  v.board.chairs.forEach((c, i) => {
    const [cx, cy] = at(c);
    const guest = v.chairs[i];
    const action = targets.get(i);
    const label = chairName(ctx, v, i) + (guest ? `: ${guestName(ctx, guest)}` : "");
    const g = s("g", { class: `cafe-chair${action ? " legal" : ""}`, "aria-label": label },
      s("title", { text: label }),
      s("circle", { cx, cy, r: CELL * 0.36, class: "cafe-chair-seat" }),
      guest ? token(guest, cx, cy, CELL * 0.3) : null);
    if (action) {
      g.setAttribute("role", "button");
      g.setAttribute("tabindex", "0");
      g.setAttribute("data-action", JSON.stringify(action));
      g.addEventListener("click", () => ctx.act(action));
      g.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); ctx.act(action); } });
    }
    svg.append(g);
  });
  return svg;
}

function hands(ctx) {
  const v = ctx.view;
  const mine = ctx.seat;
  return h("section", { class: "cafe-hands" }, Array.from({ length: v.players }, (_, seat) => {
    const hand = v.hands[seat] || [];
    const isMine = seat === mine && (ctx.legal || []).length > 0;
    const guests = hand.map((code) => {
      const label = guestName(ctx, code);
      const [c] = code.split("-");
      const [fill, ink] = COLOURS[c] ?? ["#999", "#000"];
      const face = h("span", { class: "cafe-guest", style: `background: ${fill.startsWith("url") ? "linear-gradient(135deg,#e53935,#fdd835,#43a047,#1e88e5,#8e24aa)" : fill}; color: ${ink}`, text: code.endsWith("W") ? "♀" : "♂" });
      if (!isMine || !legalFor(ctx, code).length) return h("span", { class: "cafe-card", title: label, "aria-label": label, role: "img" }, face, h("small", { text: ctx.t(`cafe.short.${c}`) }));
      return h("button", {
        type: "button", class: `cafe-card choose${code === selected ? " selected" : ""}`, "aria-pressed": String(code === selected), title: label, "aria-label": label,
        onclick: () => { selected = code; ctx.redraw ? ctx.redraw() : rerender(ctx); },
      }, face, h("small", { text: ctx.t(`cafe.short.${c}`) }));
    });
    const bar = isMine ? legalFor(ctx, selected).find((a) => a.type === "bar") : null;
    return h("div", { class: `cafe-player${seat === v.current ? " current" : ""}${v.out[seat] ? " out" : ""}` },
      h("div", { class: "cafe-player-head" },
        h("span", { class: "chip", style: `background: var(--seat-${seat})` }),
        h("strong", { text: who(ctx, seat) }),
        h("span", { class: "cafe-chips", text: ctx.t("cafe.points", { n: v.scores[seat] }) }),
        v.out[seat] ? h("span", { class: "muted", text: ctx.t("cafe.out") }) : null),
      h("div", { class: "cafe-hand", role: "group", "aria-label": ctx.t("cafe.hand_of", { name: who(ctx, seat) }) }, guests),
      bar ? h("button", { type: "button", class: "legal cafe-to-bar", "data-action": JSON.stringify(bar), onclick: () => ctx.act(bar), text: ctx.t("cafe.to_bar", { guest: guestName(ctx, selected) }) }) : null);
  }));
}

let lastRoot = null;
function rerender(ctx) {
  if (!lastRoot) return;
  lastRoot.replaceChildren();
  render(lastRoot, ctx);
}

function render(root, ctx) {
  const v = ctx.view;
  lastRoot = root;
  root.classList.add("cafe-root");
  const mine = ctx.seat !== null ? v.hands[ctx.seat] || [] : [];
  const playable = mine.filter((g) => legalFor(ctx, g).length);
  if (!playable.includes(selected)) selected = playable[0] ?? null;
  root.append(
    h("p", { class: "cafe-status", text: ctx.t("cafe.status", { bag: v.bag, bar: v.bar.length }) + (v.options.coffee_circle ? ` · ${ctx.t("cafe.coffee_circle")}` : "") }),
    h("div", { class: "cafe-layout" }, h("div", { class: "cafe-board-col" }, board(ctx)), hands(ctx)));
}

function prompt(ctx) {
  const legal = ctx.legal || [];
  if (!legal.length) return "";
  if (legal.some((a) => a.type === "refill")) return ctx.t("cafe.prompt.refill", { n: ctx.view.hand_sizes[ctx.seat] });
  if (legal.every((a) => a.type === "done" || a.type === "pass")) return ctx.t("cafe.prompt.done");
  if (legal.some((a) => a.type === "seat")) return ctx.t(legal.some((a) => a.type === "done") ? "cafe.prompt.more" : "cafe.prompt.seat");
  return ctx.t("cafe.prompt.bar");
}

function describeAction(a, ctx) {
  switch (a.type) {
    case "seat":
      return ctx.t("cafe.act.seat", { guest: guestName(ctx, a.guest), chair: chairName(ctx, ctx.view, a.chair) });
    case "bar":
      return ctx.t("cafe.to_bar", { guest: guestName(ctx, a.guest) });
    case "swap":
      return ctx.t("cafe.act.swap", { guest: guestName(ctx, a.guest), chair: chairName(ctx, ctx.view, a.chair) });
    case "done":
      return ctx.t("cafe.act.done");
    case "pass":
      return ctx.t("cafe.act.pass");
    case "refill":
      return ctx.t(a.fewer ? "cafe.act.refill_fewer" : "cafe.act.refill_full", { n: ctx.view.hand_sizes[ctx.seat] - (a.fewer ? 1 : 0) });
    default:
      return a.type;
  }
}

function signed(n) {
  return n > 0 ? `+${n}` : String(n);
}

function describeEvent(e, ctx) {
  const name = e.seat === undefined ? "" : who(ctx, e.seat);
  switch (e.event) {
    case "seat":
      return ctx.t("cafe.ev.seat", { name, guest: guestName(ctx, e.guest), chair: chairName(ctx, ctx.view, e.chair), points: signed(e.points) });
    case "one_country":
      return ctx.t("cafe.ev.one_country", { name, n: e.hand_size });
    case "bar":
      return ctx.t("cafe.ev.bar", { name, guest: guestName(ctx, e.guest), points: signed(e.points) });
    case "leave":
      return ctx.t("cafe.ev.leave", { name });
    case "swap":
      return ctx.t("cafe.ev.swap", { name, guest: guestName(ctx, e.guest), chair: chairName(ctx, ctx.view, e.chair) });
    case "draw":
      return ctx.t("cafe.ev.draw", { name, n: e.count });
    case "refill_choice":
      return ctx.t(e.fewer ? "cafe.ev.refill_fewer" : "cafe.ev.refill_full", { name, n: e.hand_size });
    case "pass":
      return ctx.t("cafe.ev.pass", { name });
    case "game_over":
      return ctx.t("cafe.ev.game_over", { names: (e.winners || []).map((s) => who(ctx, s)).join(ctx.t("cafe.comma")) });
    default:
      return "";
  }
}

/** What the tiles left in a hand cost at the end: −5 a guest, −10 a joker. */
function handPenalty(hand) {
  return (hand || []).reduce((sum, code) => sum + (code.startsWith("JKR") ? 10 : 5), 0);
}

/** Places by score (ties share a place); a player who left cannot win and comes last. */
function places(v) {
  const seats = Array.from({ length: v.players }, (_, s) => s);
  const key = (s) => (v.out[s] ? -Infinity : v.scores[s]);
  return seats.map((s) => 1 + seats.filter((o) => key(o) > key(s)).length);
}

function describeResult(ctx) {
  const v = ctx.view;
  if (!ctx.over) return "";
  const place = places(v);
  const order = Array.from({ length: v.players }, (_, s) => s).sort((a, b) => place[a] - place[b] || a - b);
  const lines = order.map((s) => {
    const hand = v.hands[s] || [];
    if (v.out[s]) return ctx.t("cafe.result.out", { name: who(ctx, s), n: v.scores[s] });
    return ctx.t("cafe.result.line", {
      name: who(ctx, s), n: v.scores[s], chips: v.chips[s], penalty: handPenalty(hand),
      count: hand.length,
    });
  });
  lines.push(ctx.t("cafe.result.rule"));
  return lines.join("\n");
}

/** The end as a scoreboard: chips won at the tables and the bar, what the hand costs, total. */
function scoreboard(ctx) {
  const v = ctx.view;
  if (!ctx.over) return null;
  const place = places(v);
  const rows = Array.from({ length: v.players }, (_, seat) => ({
    seat,
    rank: place[seat],
    total: v.scores[seat],
    parts: [
      { label: ctx.t("cafe.board.chips"), value: v.chips[seat] },
      { label: ctx.t("cafe.board.hand"), value: v.out[seat] ? 0 : -handPenalty(v.hands[seat]) },
    ],
  }));
  const tied = rows.filter((r) => r.rank === 1).length > 1;
  return { rows, note: tied ? ctx.t("cafe.board.shared") : null };
}

export default {
  render,
  handles: new Set(["seat", "bar", "swap"]),
  prompt,
  describeAction,
  describeEvent,
  describeResult,
  scoreboard,
};
