// Café International: the renderer (see README.md in this folder for the contract).
//
// The 13×13 board as one SVG, laid out from the view's own coordinates: 24 round café tables,
// each with its country's flag; the chairs around them (a chair with a backrest belongs to one
// table, a stool between two tables to both); the bar in the middle, a wooden counter with its
// 20 stools and the value of each. Guests are pictograms of a man or a woman dressed in their
// country's flag (pictures in cafe-art.js). Every hand is open, as in the game.
//
// Playing: choose a guest in your hand, then a lit chair (or the lit bar counter). A guest
// wears a ring in the colour of the player who seated it until that player's next turn (one
// round), and everything the others changed since your own last decision has the class
// `changed`.

import { h, isPhone, svg as s } from "../dom.js";
import { defs, flagUse, guestIcon, guestUse, star } from "./cafe-art.js";
import { endReason, stats } from "./cafe-story.js";
import { bagTip, chairTip, chipsTip, finalTip, gainTip, guestTip, movePreview, penaltyTip, scoreMarkTip, scoredPartText, stoolTip, tableTip } from "./cafe-tips.js";

const CELL = 40; // user units of one grid cell
const FIGURE_HEIGHT = 0.89; // the shorter guest's picture (a man's) is this share of its box high
const SLIDE_MS = 450; // a guest's walk to its chair; with the stagger, within the 600 ms allowed

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

/** The namers the previews need. */
function namers(ctx) {
  return { guest: (code) => guestName(ctx, code), chair: (chair) => chairName(ctx, ctx.view, chair) };
}

function signed(n) {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0";
}

function legalFor(ctx, guest) {
  return (ctx.legal || []).filter((a) => a.guest === guest);
}

/** Make an SVG group (labelled, role "img" until now) a button: focusable, clicking it sends
 *  `action`. */
function clickable(g, action, ctx) {
  g.classList.add("legal");
  g.setAttribute("role", "button");
  g.setAttribute("tabindex", "0");
  g.setAttribute("data-action", JSON.stringify(action));
  g.addEventListener("click", () => ctx.act(action));
  g.addEventListener("keydown", (e) => {
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      ctx.act(action);
    }
  });
  return g;
}

// --- who seated whom this round ----------------------------------------------------------
//
// The view does not say who seated a guest; the events do (`seat` and `swap` carry the seat
// and the chair). The renderer follows them from draw to draw: live, the log events that came
// with each state (`ctx.recent`, the whole log on the first draw, so a reload loses nothing);
// in a replay, the new part of the view's own `events` (the current turn's). A player's rings
// go when that player begins their next turn: so each guest shows its player's colour for one
// round.

const seen = { view: null, live: false, owners: [], lastSeat: null, events: [] };

function follow(events, owners) {
  for (const e of events) {
    if (e.seat === undefined || e.seat === null) continue;
    if (e.seat !== seen.lastSeat) {
      // A new turn by e.seat: their guests of the round before lose their rings.
      owners.forEach((o, chair) => { if (o === e.seat) owners[chair] = null; });
      seen.lastSeat = e.seat;
    }
    if ((e.event === "seat" || e.event === "swap") && e.chair !== undefined) owners[e.chair] = e.seat;
  }
}

/** Whether `v` can follow `before` in one game (used where no `previous` is given: replays). */
function follows(before, v) {
  return v.turn >= before.turn && before.chairs.length === v.chairs.length && before.chairs.every((g, i) => !g || v.chairs[i])
    && v.bar.length >= before.bar.length;
}

/** The seat that seated each chair's guest this round (null: none, or unknown). */
function owners(ctx) {
  const v = ctx.view;
  const live = ctx.previous !== undefined;
  // The stepper draws the kept views as a replay does (no `previous`), the live view among
  // them: its rings then come from that turn's events only, so they are not the live board's.
  if (seen.view === v && seen.live === live) return seen.owners;
  const prior = seen.view;
  const continues = prior !== null && (live ? ctx.previous === prior || (ctx.previous && follows(prior, v)) : follows(prior, v));
  let list;
  if (!continues) {
    seen.lastSeat = null;
    list = Array(v.chairs.length).fill(null);
  } else {
    list = seen.owners.slice();
  }
  let fresh;
  if (live && Array.isArray(ctx.recent)) fresh = ctx.recent;
  else {
    // A replay: the part of this turn's events not followed yet.
    const known = continues ? seen.events : [];
    const same = known.length <= (v.events || []).length && known.every((e, i) => JSON.stringify(e) === JSON.stringify(v.events[i]));
    fresh = same ? (v.events || []).slice(known.length) : v.events || [];
  }
  follow(fresh, list);
  // An empty chair has nobody's ring (a chair is never emptied, but be safe).
  list.forEach((o, chair) => { if (!v.chairs[chair]) list[chair] = null; });
  seen.view = v;
  seen.live = live;
  seen.owners = list;
  seen.events = (v.events || []).slice();
  return list;
}

// --- what the turn in the view scored ----------------------------------------------------
//
// The view's `events` are the current (or just ended) turn's: each seating with the points of
// every table its chair touches (`tables`), each guest sent to the bar with its stool's points.
// The board marks each table that paid with "+N" in its player's colour, and each player's
// panel says what the turn brought, until the next turn begins (issue #36: every scoring
// explained, on the board).

function turnScores(v) {
  const tables = new Map(); // table → {seat, points, parts}
  const seats = new Map(); // seat → the turn's scoring events
  for (const e of v.events || []) {
    if (e.event !== "seat" && e.event !== "bar") continue;
    seats.set(e.seat, [...(seats.get(e.seat) || []), e]);
    for (const p of e.event === "seat" ? e.tables || [] : []) {
      if (!p.points) continue;
      const mark = tables.get(p.table) || { seat: e.seat, points: 0, parts: [] };
      mark.points += p.points;
      mark.parts.push(p);
      tables.set(p.table, mark);
    }
  }
  return { tables, seats };
}

/** A "+N" marker on each table that paid this turn, over the lower half of its top: the flag
 *  stays readable above it and the chairs around (the lit targets) stay clear. */
function scoreMarks(ctx, scores, at) {
  const v = ctx.view;
  const g = s("g", { class: "cafe-scores" });
  for (const [table, mark] of scores.tables) {
    const [cx, cy] = at(v.board.tables[table]);
    const text = signed(mark.points);
    const w = CELL * (text.length > 2 ? 0.98 : 0.8);
    const name = who(ctx, mark.seat);
    g.append(s("g", {
      class: "cafe-score", "data-table": table, "data-at": `${cx} ${cy}`, "data-seat": mark.seat, "data-points": mark.points, role: "img",
      "aria-label": ctx.t("cafe.scored_label", { name, points: text, country: country(ctx, v.board.tables[table].country) }),
      "data-tip": scoreMarkTip(ctx, v, name, mark),
    },
    s("rect", { x: cx - w / 2, y: cy + CELL * 0.1, width: w, height: CELL * 0.44, rx: CELL * 0.2, class: "cafe-score-pill", style: `fill: var(--seat-${mark.seat})` }),
    s("text", { x: cx, y: cy + CELL * 0.44, "text-anchor": "middle", class: "cafe-score-text", text })));
  }
  return g;
}

// --- the board ----------------------------------------------------------------------------

/** What differs between `before` (the view after this seat's last decision) and now. */
function differences(ctx) {
  const v = ctx.view;
  const b = ctx.before;
  const found = { chairs: new Set(), tables: new Set(), bar: new Set(), chips: new Set(), hands: new Map() };
  if (!b || b === v || !b.chairs || b.chairs.length !== v.chairs.length) return found;
  v.chairs.forEach((g, i) => { if (g !== b.chairs[i]) found.chairs.add(i); });
  v.board.tables.forEach((t, i) => { if (t.chairs.some((c) => found.chairs.has(c))) found.tables.add(i); });
  for (let i = b.bar.length; i < v.bar.length; i += 1) found.bar.add(i);
  v.chips.forEach((c, seat) => { if (c !== b.chips[seat]) found.chips.add(seat); });
  // New tiles in a hand (drawn, or a joker taken back), as a count per code.
  v.hands.forEach((hand, seat) => {
    const old = new Map();
    for (const code of b.hands[seat] || []) old.set(code, (old.get(code) || 0) + 1);
    const added = new Map();
    for (const code of hand) {
      if (old.get(code)) old.set(code, old.get(code) - 1);
      else added.set(code, (added.get(code) || 0) + 1);
    }
    if (added.size) found.hands.set(seat, added);
  });
  return found;
}

/** The board's cell centres, in user units (y grows downwards on the screen). */
function placer(v) {
  return (p) => [p.x * CELL + CELL / 2, (v.board.size - 1 - p.y) * CELL + CELL / 2];
}

/** The bar: a counter over its 5×4 cells with a stool on each (its value, or its guest), its
 *  sign above and the bag below. The counter is what you click to send a guest there. */
function bar(ctx, diff, at) {
  const v = ctx.view;
  const seats = v.board.bar.map(at);
  const xs = seats.map((p) => p[0]);
  const ys = seats.map((p) => p[1]);
  const [x0, y0] = [Math.min(...xs) - CELL / 2, Math.min(...ys) - CELL / 2];
  const [x1, y1] = [Math.max(...xs) + CELL / 2, Math.max(...ys) + CELL / 2];
  const action = legalFor(ctx, selected).find((a) => a.type === "bar");
  const next = v.bar.length < seats.length ? v.board.bar[v.bar.length].points : null;
  const counter = s("g", { class: "cafe-bar", role: "img", "data-tip": action ? movePreview(ctx, action, namers(ctx)) : ctx.t("cafe.bar_title"), "aria-label": next === null ? ctx.t("cafe.bar_full") : ctx.t("cafe.bar_label", { taken: v.bar.length, points: signed(next) }) },
    s("rect", { x: x0 + 3, y: y0 + 3, width: x1 - x0 - 6, height: y1 - y0 - 6, rx: 12, class: "cafe-counter" }),
    s("rect", { x: x0 + 9, y: y0 + 9, width: x1 - x0 - 18, height: y1 - y0 - 18, rx: 8, class: "cafe-counter-top" }));
  v.board.bar.forEach((b, i) => {
    const [cx, cy] = seats[i];
    const guest = v.bar[i];
    const cls = `cafe-stool ${b.points > 0 ? "plus" : "minus"}${i === v.bar.length ? " next" : ""}${diff.bar.has(i) ? " changed" : ""}`;
    const stoolText = action && i === v.bar.length ? movePreview(ctx, action, namers(ctx)) : stoolTip(ctx, i + 1, b.points, guest ? guestName(ctx, guest) : null);
    const g = s("g", { class: cls, "data-bar": i, role: "img", "data-tip": stoolText, "aria-label": ctx.t("cafe.bar_seat", { n: i + 1, points: signed(b.points) }) + (guest ? `: ${guestName(ctx, guest)}` : "") },
      s("circle", { cx, cy, r: CELL * 0.4, class: "cafe-stool-seat" }));
    if (guest) {
      g.append(s("g", { class: "cafe-guest" }, guestUse(guest, cx, cy - 2, CELL * 0.86)),
        s("text", { x: cx + CELL * 0.3, y: cy + CELL * 0.42, class: "cafe-stool-badge", "text-anchor": "middle", text: signed(b.points) }));
    } else {
      g.append(s("text", { x: cx, y: cy + CELL * 0.13, class: "cafe-stool-value", "text-anchor": "middle", text: signed(b.points) }));
    }
    counter.append(g);
  });
  if (action) {
    clickable(counter, action, ctx);
    counter.setAttribute("data-preview", movePreview(ctx, action, namers(ctx)));
  }
  const mid = (x0 + x1) / 2;
  const sign = s("g", { class: "cafe-sign", "aria-hidden": "true" },
    s("rect", { x: mid - CELL * 1.3, y: y0 - CELL * 0.86, width: CELL * 2.6, height: CELL * 0.62, rx: 6 }),
    s("text", { x: mid, y: y0 - CELL * 0.42, "text-anchor": "middle", text: ctx.t("cafe.bar_sign") }));
  const by = y1 + CELL * 0.95;
  const bag = s("g", { class: "cafe-bag", role: "img", "data-tip": bagTip(ctx, v.bag), "aria-label": ctx.t("cafe.bag_label", { count: v.bag, n: v.bag }) },
    s("path", { d: `M${mid - 13},${by - 20} Q${mid - 30},${by + 6} ${mid - 22},${by + 24} H${mid + 22} Q${mid + 30},${by + 6} ${mid + 13},${by - 20} Z`, class: "cafe-bag-sack" }),
    s("path", { d: `M${mid - 15},${by - 22} Q${mid},${by - 15} ${mid + 15},${by - 22} M${mid - 5},${by - 19} L${mid - 11},${by - 31} M${mid + 5},${by - 19} L${mid + 11},${by - 31}`, class: "cafe-bag-string" }),
    s("text", { x: mid, y: by + 12, "text-anchor": "middle", class: "cafe-bag-count", text: String(v.bag) }));
  return [counter, sign, bag];
}

/** The café tables: a round wooden top with the country's flag; a star when its four guests
 *  are all of its country. */
function tables(ctx, diff, at) {
  const v = ctx.view;
  return v.board.tables.map((t, i) => {
    const [cx, cy] = at(t);
    const seated = t.chairs.filter((c) => v.chairs[c]).length;
    // Four guests all of the table's country (jokers count as it): the big bonus, starred.
    const oneCountry = seated === 4 && t.chairs.every((c) => [t.country, "JKR"].includes(v.chairs[c].split("-")[0]));
    const label = ctx.t(oneCountry ? "cafe.table_one_country" : "cafe.table_label", { country: country(ctx, t.country), n: seated });
    return s("g", { class: `cafe-table${seated === 4 ? " full" : ""}${diff.tables.has(i) ? " changed" : ""}`, "data-table": i, role: "img", "aria-label": label, "data-tip": tableTip(ctx, label) },
      s("circle", { cx, cy, r: CELL * 0.6, class: "cafe-table-top" }),
      flagUse(t.country, cx - CELL * 0.42, cy - CELL * 0.28, CELL * 0.84, CELL * 0.56),
      oneCountry ? star(cx + CELL * 0.42, cy - CELL * 0.42, CELL * 0.24, "#ffc400", { stroke: "#5e3a1c", "stroke-width": 1.5, class: "cafe-one-country" }) : null);
  });
}

/** The chairs: empty, taken (with the ring of who seated the guest this round), or lit where
 *  the chosen guest may go. */
function chairs(ctx, owner, diff, at) {
  const v = ctx.view;
  const targets = new Map();
  for (const a of legalFor(ctx, selected)) if (a.type === "seat" || a.type === "swap") targets.set(a.chair, a);
  return v.board.chairs.map((c, i) => {
    const [cx, cy] = at(c);
    const guest = v.chairs[i];
    const action = targets.get(i);
    const by = owner[i];
    let label = chairName(ctx, v, i) + (guest ? `: ${guestName(ctx, guest)}` : "");
    if (guest && by !== null && by !== undefined) label += ` — ${ctx.t("cafe.placed_by", { name: who(ctx, by) })}`;
    const preview = action ? movePreview(ctx, action, namers(ctx)) : null;
    const g = s("g", {
      class: `cafe-chair${diff.chairs.has(i) ? " changed" : ""}${guest ? " taken" : ""}`, "data-chair": i, "data-guest": guest || "", "data-by": guest ? by ?? "" : "", role: "img", "aria-label": label,
      "data-tip": preview ? `${label}\n${preview}` : chairTip(ctx, label, c.tables.length > 1),
    });
    if (preview) g.setAttribute("data-preview", preview);
    // A lit chair takes touches a little beyond its drawing (40 px even on a phone).
    if (action) g.append(s("circle", { cx, cy, r: CELL * 0.72, class: "cafe-hit" }));
    if (c.tables.length === 1) {
      // A chair's backrest is on the side away from its table.
      const [tx, ty] = at(v.board.tables[c.tables[0]]);
      const angle = Math.atan2(cy - ty, cx - tx);
      const r = CELL * 0.38;
      const p = (a) => `${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`;
      g.append(s("path", { d: `M${p(angle - 1)} A${r},${r} 0 0 1 ${p(angle + 1)}`, class: "cafe-backrest" }));
    }
    g.append(s("circle", { cx, cy, r: CELL * 0.3, class: "cafe-seat" }));
    if (guest && by !== null && by !== undefined) g.append(s("circle", { cx, cy, r: CELL * 0.45, class: "cafe-ring", style: `stroke: var(--seat-${by})` }));
    if (guest) g.append(s("g", { class: "cafe-guest" }, guestUse(guest, cx, cy, CELL * 1.08)));
    if (action) clickable(g, action, ctx);
    return g;
  });
}

function board(ctx, owner, diff, scores) {
  const v = ctx.view;
  const size = v.board.size * CELL;
  const at = placer(v);
  return s("svg", { viewBox: `0 0 ${size} ${size}`, class: "cafe-board", role: "group", "aria-label": ctx.t("cafe.board_label") },
    defs(),
    s("rect", { x: 0, y: 0, width: size, height: size, rx: 16, class: "cafe-floor" }),
    s("rect", { x: 6, y: 6, width: size - 12, height: size - 12, rx: 12, class: "cafe-floor-inner" }),
    bar(ctx, diff, at), tables(ctx, diff, at), chairs(ctx, owner, diff, at), scoreMarks(ctx, scores, at));
}

// --- the players: their chips and their open hands -----------------------------------------

function controls(ctx) {
  const legal = ctx.legal || [];
  const buttons = [];
  const bar = legalFor(ctx, selected).find((a) => a.type === "bar");
  const v = ctx.view;
  // Short labels, so that the buttons keep to one line; the full sentence is their title.
  if (bar) buttons.push([bar, ctx.t("cafe.to_bar_short", { points: signed(v.board.bar[v.bar.length].points) }), ""]);
  for (const a of legal) {
    if (a.type === "done") buttons.push([a, ctx.t("cafe.end_turn"), " primary"]);
    else if (a.type === "pass" || a.type === "refill") buttons.push([a, describeAction(a, ctx), " primary"]);
  }
  return h("div", { class: "cafe-controls" }, buttons.map(([a, label, extra]) =>
    h("button", {
      type: "button", class: `legal${extra}`, "data-action": JSON.stringify(a), title: describeAction(a, ctx), onclick: () => ctx.act(a), text: label,
      "data-preview": a.type === "bar" ? movePreview(ctx, a, namers(ctx)) : null,
    })));
}

function tile(ctx, code, { choose = false, fresh = false, chosen = false, penalty = 0 } = {}) {
  const label = guestName(ctx, code);
  if (penalty) {
    // At the end: what the tile left in hand costs, on the tile itself.
    const cost = penaltyTip(ctx, label, -penalty);
    return h("span", { class: `cafe-tile cafe-left${code.startsWith("JKR") ? " joker" : ""}`, "data-tip": cost, "aria-label": cost, role: "img", "data-guest": code, "data-penalty": -penalty },
      guestIcon(code), h("span", { class: "cafe-penalty", "aria-hidden": "true", text: signed(-penalty) }));
  }
  const [c] = code.split("-");
  const flag = s("svg", { viewBox: "0 0 30 20", class: "cafe-tile-flag", "aria-hidden": "true", focusable: "false" },
    s("use", { href: `#cafe-flag-${c}`, x: 0, y: 0, width: 30, height: 20 }),
    s("rect", { x: 0.5, y: 0.5, width: 29, height: 19, fill: "none", stroke: "#3a2a1c", "stroke-width": 1 }));
  const cls = `cafe-tile${code.startsWith("JKR") ? " joker" : ""}${fresh ? " changed" : ""}`;
  const tipText = guestTip(ctx, code, label);
  if (!choose) return h("span", { class: cls, "data-tip": tipText, "aria-label": label, role: "img", "data-guest": code }, guestIcon(code), flag);
  return h("button", {
    type: "button", class: `${cls} choose${chosen ? " selected" : ""}`, "aria-pressed": String(chosen), "data-tip": tipText, "aria-label": label, "data-guest": code,
    onclick: (event) => {
      selected = code;
      // From the keyboard (a click with no pointer), go on to the guest's first lit chair.
      redraw(ctx, code, event.detail === 0);
    },
  }, guestIcon(code), flag);
}

/** What the turn brought a player, beside their points: "+6" (each seating and stool in
 *  its tip). */
function gain(ctx, events) {
  if (!events || !events.length) return null;
  const total = events.reduce((sum, e) => sum + e.points, 0);
  const lines = events.map((e) => describeEvent(e, ctx));
  return h("span", { class: `cafe-gain${total < 0 ? " minus" : ""}`, "data-points": total, "data-tip": gainTip(ctx, lines, total), "aria-label": ctx.t("tip.cafe.gain", { points: signed(total) }), role: "img", text: signed(total) });
}

/** At the end, beside each player: the chips, each tile left in hand, the final score —
 *  "42 − 5 − 10 = 27" (a player who left keeps the chips and pays nothing). */
function finalSum(ctx, seat) {
  const v = ctx.view;
  const hand = v.hands[seat] || [];
  const terms = [h("span", { class: "cafe-term", text: String(v.chips[seat]) })];
  if (!v.out[seat]) {
    for (const code of hand) terms.push(h("span", { class: "cafe-term minus", text: ` − ${tileCost(code)}` }));
  }
  terms.push(h("strong", { class: "cafe-term total", text: ` = ${v.scores[seat]}` }));
  const label = ctx.t(v.out[seat] ? "cafe.final_out" : "cafe.final_sum", { chips: v.chips[seat], n: hand.length, count: hand.length, penalty: handPenalty(hand), total: v.scores[seat] });
  return h("p", { class: "cafe-final", "data-chips": v.chips[seat], "data-total": v.scores[seat], role: "img", "aria-label": label, "data-tip": `${label}\n${finalTip(ctx)}` }, terms);
}

function panel(ctx, seat, diff, scores) {
  const v = ctx.view;
  const mine = seat === ctx.seat;
  const playing = mine && (ctx.legal || []).length > 0;
  const added = new Map(diff.hands.get(seat) || []);
  const ended = Boolean(ctx.over) || (v.events || []).some((e) => e.event === "game_over");
  let chosen = false; // two equal guests in a hand: only the first shows as chosen
  const tiles = (v.hands[seat] || []).map((code) => {
    if (ended && !v.out[seat]) return tile(ctx, code, { penalty: tileCost(code) });
    const fresh = !mine && (added.get(code) || 0) > 0;
    if (fresh) added.set(code, added.get(code) - 1);
    const choose = playing && legalFor(ctx, code).length > 0;
    const isChosen = choose && !chosen && code === selected;
    chosen ||= isChosen;
    return tile(ctx, code, { choose, fresh, chosen: isChosen });
  });
  return h("section", {
    class: `cafe-player${mine ? " mine" : ""}${seat === v.current && !ctx.over ? " current" : ""}${v.out[seat] ? " out" : ""}`,
    "data-seat": seat, style: `--seat: var(--seat-${seat})`, "aria-label": ctx.t("cafe.hand_of", { name: who(ctx, seat) }),
  },
  h("div", { class: "cafe-player-head" },
    h("span", { class: "chip", style: `background: var(--seat-${seat})`, "aria-hidden": "true" }),
    h("strong", { class: "cafe-name", text: who(ctx, seat) }),
    v.out[seat] ? h("span", { class: "muted", text: ctx.t("cafe.out") }) : null,
    ended ? null : gain(ctx, scores.seats.get(seat)),
    h("span", { class: `cafe-chips${diff.chips.has(seat) ? " changed" : ""}`, "data-tip": chipsTip(ctx), text: ctx.t("cafe.points", { count: v.scores[seat], n: v.scores[seat] }) })),
  h("div", { class: "cafe-hand" }, tiles),
  ended ? finalSum(ctx, seat) : null,
  mine ? controls(ctx) : null);
}

function side(ctx, diff, scores) {
  const v = ctx.view;
  const order = Array.from({ length: v.players }, (_, i) => i);
  const me = ctx.seat;
  const others = me === null || me === undefined ? order : [...order.slice(me + 1), ...order.slice(0, me)];
  const status = h("p", { class: "cafe-status" },
    ctx.t("cafe.status", { bag: v.bag, bar: v.bar.length }) + (v.options.coffee_circle ? ` · ${ctx.t("cafe.coffee_circle")}` : ""),
    h("br"), h("small", { text: ctx.t("cafe.legend") }));
  return {
    mine: me === null || me === undefined ? null : panel(ctx, me, diff, scores),
    others: h("div", { class: "cafe-others" }, others.map((seat) => panel(ctx, seat, diff, scores)), status),
  };
}

// --- moves seen: a guest walks from its player's hand to the chair --------------------------

function animateMoves(root, ctx, owner) {
  const prev = ctx.previous;
  const v = ctx.view;
  if (!ctx.animate || !prev || !prev.chairs || prev.chairs.length !== v.chairs.length) return;
  const svg = root.querySelector("svg.cafe-board");
  if (!svg) return;
  const box = svg.getBoundingClientRect();
  const scale = box.width / (v.board.size * CELL) || 1;
  const moves = [];
  v.chairs.forEach((g, i) => {
    if (g && g !== prev.chairs[i]) moves.push([root.querySelector(`.cafe-chair[data-chair="${i}"] .cafe-guest`), owner[i] ?? v.current]);
  });
  for (let i = prev.bar.length; i < v.bar.length; i += 1) {
    moves.push([root.querySelector(`.cafe-stool[data-bar="${i}"] .cafe-guest`), prev.current]);
  }
  moves.forEach(([el, seat], n) => {
    if (!el || !el.animate) return;
    const hand = root.querySelector(`.cafe-player[data-seat="${seat}"] .cafe-hand`);
    const to = el.getBoundingClientRect();
    let dx = 0;
    let dy = -CELL * 2 * scale;
    if (hand) {
      const from = hand.getBoundingClientRect();
      dx = from.left + from.width / 2 - (to.left + to.width / 2);
      dy = from.top + from.height / 2 - (to.top + to.height / 2);
    }
    el.animate([
      { transform: `translate(${dx / scale}px, ${dy / scale}px) scale(1.5)`, opacity: 0.3 },
      { transform: "translate(0, 0) scale(1)", opacity: 1 },
    ], { duration: SLIDE_MS, delay: Math.min(n, 1) * 140, easing: "cubic-bezier(.25,.8,.35,1)", fill: "backwards" });
  });
}

// --- drawing ---------------------------------------------------------------------------------

let lastRoot = null;

/** Draw again after a choice in the hand (no animation). The focus stays on the guest, or
 *  moves on to its first lit chair (or the counter) for a keyboard player. */
function redraw(ctx, focusCode, toBoard = false) {
  if (!lastRoot) return;
  const root = lastRoot;
  root.replaceChildren();
  render(root, { ...ctx, animate: false });
  const target = (toBoard && root.querySelector(".cafe-chair.legal, .cafe-bar.legal"))
    || root.querySelector(`.cafe-tile.choose[data-guest="${focusCode}"]`);
  target?.focus({ preventScroll: true });
}

function render(root, ctx) {
  const v = ctx.view;
  lastRoot = root;
  root.classList.add("cafe-root");
  root.classList.toggle("over", Boolean(ctx.over));
  const mine = ctx.seat !== null && ctx.seat !== undefined ? v.hands[ctx.seat] || [] : [];
  const playable = mine.filter((g) => legalFor(ctx, g).length);
  if (!playable.includes(selected)) selected = playable[0] ?? null;
  const owner = owners(ctx);
  const diff = differences(ctx);
  const scores = turnScores(v);
  const parts = side(ctx, diff, scores);
  // Your panel is a cell of the layout's grid itself, so that on a phone it can stay in sight
  // (sticky) over the whole height of the board.
  root.append(h("div", { class: "cafe-layout" },
    h("div", { class: "cafe-board-col" }, board(ctx, owner, diff, scores)),
    parts.mine, parts.others));
  // The board is as tall as the window below its top allows (CSS: --cafe-top), whatever the
  // page puts above it; measured before the first paint, so nothing visibly moves.
  const top = root.getBoundingClientRect().top + window.scrollY;
  if (top > 0) root.style.setProperty("--cafe-top", `${Math.round(top)}px`);
  fitHits(root);
  animateMoves(root, ctx, owner);
}

/** A lit chair takes a finger of 40 px (24 with a mouse) however small the board is drawn (a
 *  phone held sideways): its hit disc grows, short of the next chair's centre. The guests grow
 *  with it, to a size that reads. */
function fitHits(root) {
  const board = root.querySelector("svg.cafe-board");
  const box = board?.getBoundingClientRect();
  const vb = board?.viewBox.baseVal;
  if (!box || !box.width || !vb || !vb.width) return;
  const least = (isPhone() ? 40 : 24) + 4;
  const r = Math.min(Math.max(CELL * 0.72, least / 2 / (box.width / vb.width)), CELL * 0.95);
  for (const hit of board.querySelectorAll(".cafe-hit")) hit.setAttribute("r", r.toFixed(1));
  // A guest drawn small is a flag nobody reads: grown to be some 25 px high at a table (21 at
  // the bar, where the stools are a cell apart) as far as its neighbours allow (issue 37: about
  // 15 px on a phone held sideways). A desktop's board is big enough as drawn.
  const perUnit = box.width / vb.width;
  const grow = (selector, px, least, most) => {
    const size = Math.min(Math.max(px / FIGURE_HEIGHT / perUnit, least), most);
    for (const figure of board.querySelectorAll(selector)) {
      const [w, fx, fy] = [figure.width.baseVal.value, figure.x.baseVal.value, figure.y.baseVal.value];
      if (Math.abs(w - size) < 0.05) continue;
      figure.setAttribute("x", (fx + w / 2 - size / 2).toFixed(1));
      figure.setAttribute("y", (fy + w / 2 - size / 2).toFixed(1));
      figure.setAttribute("width", size.toFixed(1));
      figure.setAttribute("height", size.toFixed(1));
    }
  };
  grow(".cafe-chair .cafe-figure", 25, CELL * 1.08, CELL * 1.45);
  // A table's "+N" reads at some 12 px however small the board is (15 units as drawn).
  const k = Math.min(Math.max(12 / 15 / perUnit, 1), 1.35);
  for (const mark of board.querySelectorAll(".cafe-score")) {
    const [cx, cy] = mark.dataset.at.split(" ").map(Number);
    mark.setAttribute("transform", k > 1 ? `translate(${cx} ${cy}) scale(${k.toFixed(2)}) translate(${-cx} ${-cy})` : "");
  }
  grow(".cafe-stool .cafe-figure", 21, CELL * 0.86, CELL * 1.15);
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

function describeEvent(e, ctx) {
  const name = e.seat === undefined ? "" : who(ctx, e.seat);
  switch (e.event) {
    case "seat": {
      const said = { name, guest: guestName(ctx, e.guest), chair: chairName(ctx, ctx.view, e.chair), points: signed(e.points) };
      // Table by table (events logged before the engine told the tables say the sum only).
      if (!e.tables) return ctx.t("cafe.ev.seat", said);
      const parts = e.tables.map((p) => scoredPartText(ctx, ctx.view, p, e.chair)).join(ctx.t("tip.cafe.semicolon"));
      return ctx.t("cafe.ev.seat_parts", { ...said, parts });
    }
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

/** What a tile left in hand costs at the end: 5 a guest, 10 a joker. */
function tileCost(code) {
  return code.startsWith("JKR") ? 10 : 5;
}

function handPenalty(hand) {
  return (hand || []).reduce((sum, code) => sum + tileCost(code), 0);
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
  // Everything is drawn here (the end of a turn too), so the page adds no buttons above the
  // board and the board never moves when they come and go.
  handles: new Set(["seat", "bar", "swap", "done", "pass", "refill"]),
  prompt,
  describeAction,
  describeEvent,
  describeResult,
  scoreboard,
  // The end's story (ending.js): why the game ended, each player's statistics.
  endReason,
  stats,
  // Every scoring in the end's story, in the log's words (ending.js).
  scorings: ["seat", "bar", "one_country", "leave"],
  // Where the coach's move is on the board besides its own lit target (coach.js): the guest to
  // choose in the hand (a chair is lit only for the guest chosen).
  locate: (root, action) => (action.guest ? [...root.querySelectorAll(`button.choose[data-guest="${CSS.escape(action.guest)}"]`)] : []),
};
