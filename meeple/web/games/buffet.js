// Schlacht am Buffet: the renderer (see README.md in this folder for the contract).
//
// The printed board (buffet-board.js: the track, the mice, the buffet table, the dish rank,
// the piles) with the viewer's hand under it; beside it every player's place at the table:
// their mouse tile, the card they revealed last and the one chosen face down, and their
// dish stacks (the top dish large, the count of dishes under it). Cards are played and
// exchanged by clicking them in the hand.
//
// What changed since the viewer's last decision is marked with the class "changed". Cards
// are chosen at the same time, so the player whose choice completes a turn receives the
// turn's outcome with their own decision: the marks therefore compare with the view on which
// the player decided (kept here), not with the view just after it (ctx.before), else the
// others' reveals of that turn would never be marked.

import { h, svg as s } from "../dom.js";
import { KINDS, cardSvg, dishSvg, mouseShape, signed } from "./buffet-art.js";
import { animateTurn, drawBoard, newTurn } from "./buffet-board.js";
import { endReason, stats } from "./buffet-story.js";
import { playPreview } from "./buffet-tips.js";

// --- words ---------------------------------------------------------------------------

function nameOf(ctx, seat) {
  const p = (ctx.players || []).find((x) => x.seat === seat);
  return p && p.name ? p.name : ctx.t("buffet.seat", { n: seat + 1 });
}

function who(ctx, seat) {
  return seat === ctx.seat ? ctx.t("buffet.you_name", { name: nameOf(ctx, seat) }) : nameOf(ctx, seat);
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

/** The namers the board drawing needs. */
function namers(ctx) {
  return {
    dish: (d) => dishName(ctx, d),
    who: (seat) => who(ctx, seat),
    mouse: (seat, pos) => ctx.t("buffet.mouse_at", { n: seat + 1, name: who(ctx, seat), pos: signed(pos) }),
    signed,
  };
}

// --- rules the board needs (mirrors meeple/games/buffet/rules.py) ------------------------

/** The best of the scoring (top) dishes: higher value, then the better kind. */
function bestTop(tops) {
  if (!tops.length) return null;
  return tops.reduce((a, b) =>
    b.value > a.value || (b.value === a.value && KINDS.indexOf(b.kind) < KINDS.indexOf(a.kind)) ? b : a,
  );
}

/** rules.final_rank_key: points, then the highest top dish, then its kind (higher is better). */
function rankKey(tops, score) {
  const best = bestTop(tops);
  return best ? [score, best.value, -KINDS.indexOf(best.kind)] : [score, -99, -99];
}

function cmpKey(a, b) {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return b[i] - a[i];
  return 0;
}

/** The final ranking: rows sorted best first, each with its place (ties share it). */
function ranking(v) {
  const rows = v.stacks.map((entries, seat) => {
    const tops = entries.map((e) => e.top);
    return { seat, tops, entries, score: v.scores[seat], key: rankKey(tops, v.scores[seat]), best: bestTop(tops) };
  });
  rows.sort((a, b) => cmpKey(a.key, b.key) || a.seat - b.seat);
  rows.forEach((r, i) => (r.place = i === 0 || cmpKey(rows[i - 1].key, r.key) !== 0 ? i + 1 : rows[i - 1].place));
  return rows;
}

// --- what changed since the viewer's last decision ----------------------------------------

// The view on which this seat last decided, per table page (the URL): module state, because
// a renderer is redrawn from scratch on every state.
let decided = { page: null, view: null };

function baseView(ctx) {
  if (ctx.seat !== null && decided.page === location.hash && decided.view) return decided.view;
  return ctx.before ?? null;
}

function act(ctx, action) {
  decided = { page: location.hash, view: ctx.view };
  ctx.act(action);
}

function stackKey(e) {
  return e ? `${e.top.kind}${e.top.value}/${e.covered}` : "";
}

function revealsOf(v) {
  return (v && v.events ? v.events : []).filter((e) => e.event === "reveal");
}

// --- the parts of the page -----------------------------------------------------------------

function actButton(ctx, action, label, cls, ...content) {
  return h("button", { type: "button", class: `legal ${cls}`, "data-action": JSON.stringify(action), "aria-label": label, title: label, onclick: () => act(ctx, action) }, ...(content.length ? content : [label]));
}

/** A player's mouse tile: the mouse in the seat's colour with the seat number. */
function mouseTile(seat) {
  return s("svg", { viewBox: "-23 -13 42 24", class: "buffet-mouse-tile", "aria-hidden": "true" },
    mouseShape(`var(--seat-${seat})`),
    s("text", { x: -1, y: 5, "text-anchor": "middle", class: "buffet-mouse-num", "font-size": 13 }, String(seat + 1)));
}

function drawPlayer(ctx, v, seat, base) {
  const pos = v.positions[seat];
  const over = v.phase === "over";
  const waiting = (v.to_move || []).includes(seat) && !over;
  const reveal = revealsOf(v).find((e) => e.seat === seat);
  const revealOrder = revealsOf(v).indexOf(reveal);
  const revealChanged = base && JSON.stringify(revealsOf(base)) !== JSON.stringify(revealsOf(v));
  const isWinner = (v.winners || []).includes(seat);
  // Where the mouse is, the cards in hand, the start tile; on the right the cards on the
  // table: the one revealed last turn and the one chosen face down for this turn.
  const facts = h("div", { class: "buffet-facts" });
  if (!over) {
    const where = pos === null ? ctx.t("buffet.out_of_round") : ctx.t("buffet.space", { n: signed(pos) });
    facts.append(h("span", { class: `buffet-where${base && base.positions[seat] !== pos ? " changed" : ""}`, text: where }));
  }
  if (isWinner) facts.append(h("span", { class: "buffet-crown", text: ctx.t("buffet.winner") }));
  facts.append(h("span", { class: "buffet-cards-count", text: ctx.t("buffet.cards", { n: v.hand_sizes[seat], count: v.hand_sizes[seat] }) }));
  if (v.start_player === seat && !over) {
    facts.append(h("span", { class: `buffet-start-tile${base && base.start_player !== v.start_player ? " changed" : ""}`, title: ctx.t("buffet.start_tile"), text: ctx.t("buffet.start_tile_short") }));
  }
  const table = h("div", { class: "buffet-on-table" });
  if (reveal) {
    const label = ctx.t("buffet.ev.reveal", { name: who(ctx, seat), card: signed(reveal.card), to: signed(reveal.to) });
    table.append(h("span", { class: `buffet-revealed${revealChanged ? " changed" : ""}`, role: "img", "aria-label": label, title: label, "data-order": revealOrder },
      cardSvg(reveal.card, "buffet-mini"), h("span", { text: `→${signed(reveal.to)}` })));
  }
  if (v.phase === "choose" && v.has_chosen[seat]) {
    const mine = seat === ctx.seat && v.my_choice !== null && v.my_choice !== undefined;
    const label = mine ? ctx.t("buffet.you_chose_card", { card: signed(v.my_choice) }) : ctx.t("buffet.status_chosen");
    table.append(h("span", { class: "buffet-chosen-card", role: "img", "aria-label": label, title: label }, cardSvg(mine ? v.my_choice : null, `buffet-mini${mine ? " buffet-face-down" : ""}`)));
  } else if (waiting) {
    table.append(h("span", { class: "buffet-status", text: v.phase === "exchange" ? ctx.t("buffet.status_exchanging") : ctx.t("buffet.status_choosing") }));
  }
  const stacks = h("div", { class: "buffet-stacks" });
  const baseStacks = base ? new Map(base.stacks[seat].map((e) => [e.top.kind, e])) : null;
  // The dishes this seat took in the turn the view resolved (its events): their stacks carry
  // the points won and the dish they cover, struck through (issue #36, on the board).
  const taken = new Map(takesOf(v).filter((e) => e.seat === seat).map((e) => [e.dish.kind, e]));
  // Only each kind's top dish is seen (and scores); what it covers is only a count.
  for (const e of v.stacks[seat]) {
    const label = ctx.t("buffet.stack_label", { top: dishName(ctx, e.top), count: e.covered });
    const changed = baseStacks && stackKey(baseStacks.get(e.top.kind)) !== stackKey(e);
    const take = taken.get(e.top.kind);
    stacks.append(h("div", { class: `buffet-stack${changed ? " changed" : ""}`, "data-kind": e.top.kind, "data-tip": `${label}\n${ctx.t("tip.buffet.stack")}`, "aria-label": label, role: "img" },
      e.covered ? h("span", { class: "buffet-under", "aria-hidden": "true" }) : null,
      dishSvg(e.top, label, 40),
      e.covered ? h("span", { class: "buffet-covered", "aria-hidden": "true", text: `+${e.covered}` }) : null));
    if (take) stacks.append(takeMarks(ctx, take));
  }
  if (!v.stacks[seat].length) stacks.append(h("span", { class: "buffet-muted", text: ctx.t("buffet.no_dishes") }));
  const nothing = (v.events || []).find((e) => e.event === "empty_handed" && e.seat === seat);
  if (nothing) {
    const said = describeEvent(nothing, ctx);
    stacks.append(h("span", { class: "buffet-gain buffet-nothing", "data-points": 0, role: "img", "aria-label": said, "data-tip": `${said}\n${ctx.t("tip.buffet.nothing")}`, text: "±0" }));
  }

  const scoreChanged = base && base.scores[seat] !== v.scores[seat];
  const sum = over ? sumLine(ctx, v, seat) : null;
  return h("div", { class: `buffet-player${seat === ctx.seat ? " buffet-me" : ""}${waiting ? " buffet-waiting" : ""}${isWinner ? " buffet-winner" : ""}${pos === null && !over ? " buffet-out" : ""}`, "data-seat": seat, style: `--c: var(--seat-${seat})` },
    h("div", { class: "buffet-player-head" },
      mouseTile(seat),
      h("strong", { class: "buffet-player-name", text: nameOf(ctx, seat) + (seat === ctx.seat ? ` (${ctx.t("buffet.you")})` : "") }),
      h("span", { class: `buffet-score${scoreChanged ? " changed" : ""}`, title: ctx.t("buffet.points", { n: v.scores[seat], count: v.scores[seat] }), text: ctx.t("buffet.points_short", { n: v.scores[seat], count: v.scores[seat] }) })),
    h("div", { class: "buffet-player-line" }, facts, table),
    stacks,
    sum);
}

function takesOf(v) {
  return (v && v.events ? v.events : []).filter((e) => e.event === "take");
}

/** On the stack a dish was just taken to: "+N" (the dish's points), and the dish it covers
 *  struck through (it no longer counts), with the log's sentence as their tip. */
function takeMarks(ctx, take) {
  const said = describeEvent(take, ctx);
  const net = take.dish.value - (take.covers ? take.covers.value : 0);
  const tipText = `${said}\n${ctx.t("tip.buffet.take", { points: signed(take.dish.value), change: signed(net) })}`;
  const covered = take.covers ? ctx.t("buffet.covered_dish", { dish: dishName(ctx, take.covers) }) : "";
  return h("span", { class: "buffet-take", "data-kind": take.dish.kind },
    h("span", { class: `buffet-gain${take.dish.value < 0 ? " minus" : ""}`, "data-points": take.dish.value, role: "img", "aria-label": said, "data-tip": tipText, text: take.dish.value >= 0 ? `+${take.dish.value}` : signed(take.dish.value) }),
    take.covers ? h("span", { class: "buffet-struck", "data-covers": take.covers.value, role: "img", "aria-label": covered, "data-tip": `${covered}\n${ctx.t("tip.buffet.stack")}` },
      dishSvg(take.covers, covered, 24), h("span", { class: "buffet-strike", "aria-hidden": "true" })) : null);
}

/** At the end, under a player's stacks: the top dish of each kind, summed — "5 + 4 + −1 = 8"
 *  (the dishes under them do not count). */
function sumLine(ctx, v, seat) {
  const tops = v.stacks[seat].map((e) => e.top);
  const label = ctx.t("buffet.sum_label", { dishes: tops.length ? tops.map((d) => dishName(ctx, d)).join(ctx.t("buffet.plus")) : ctx.t("buffet.no_dishes"), n: v.scores[seat], count: v.scores[seat] });
  const terms = [];
  tops.forEach((d, i) => {
    // "3 + 1 − 1", not "3 + 1 + −1".
    if (i) terms.push(h("span", { class: "buffet-op", text: d.value < 0 ? " − " : " + " }));
    terms.push(h("span", { class: "buffet-term", "data-kind": d.kind, "data-value": d.value, text: i && d.value < 0 ? String(-d.value) : signed(d.value) }));
  });
  if (!tops.length) terms.push(h("span", { class: "buffet-term", text: "0" }));
  terms.push(h("strong", { class: "buffet-op", text: ` = ${signed(v.scores[seat])}` }));
  return h("p", { class: "buffet-sum", "data-total": v.scores[seat], role: "img", "aria-label": label, "data-tip": `${label}\n${ctx.t("tip.buffet.sum")}` }, ...terms);
}

function drawPlayers(ctx, v, base) {
  const box = h("section", { class: `buffet-players buffet-n${v.players}`, "aria-label": ctx.t("buffet.players") });
  for (let seat = 0; seat < v.players; seat++) box.append(drawPlayer(ctx, v, seat, base));
  return box;
}

/** The viewer's hand: one card per value (a "×2" for doubles), clickable when legal. */
function drawHand(ctx, v) {
  if (!("hand" in v)) return null;
  const exchanging = v.phase === "exchange" && v.exchanger === ctx.seat;
  const box = h("section", { class: `buffet-hand${exchanging ? " buffet-exchanging" : ""}`, "aria-label": ctx.t("buffet.your_hand") });
  const row = h("div", { class: "buffet-hand-row" });
  const counts = new Map();
  for (const c of v.hand) counts.set(c, (counts.get(c) || 0) + 1);
  for (const [card, n] of counts) {
    const type = exchanging ? "discard" : "play";
    const action = (ctx.legal || []).find((a) => a.type === type && a.card === card);
    const face = [cardSvg(card), n > 1 ? h("span", { class: "buffet-times", "aria-hidden": "true", text: `×${n}` }) : null];
    const cls = `buffet-card${n > 1 ? " buffet-double" : ""}`;
    if (action) {
      const label = exchanging ? ctx.t("buffet.act.discard", { card: signed(card) }) : ctx.t("buffet.act.play", { card: signed(card) });
      const button = actButton(ctx, action, label, cls, ...face);
      if (!exchanging) {
        // What the card likely wins, guessed from the cards this player has not seen.
        const preview = `${label}: ${playPreview(ctx, card, namers(ctx))}`;
        button.removeAttribute("title");
        button.setAttribute("data-tip", preview);
        button.setAttribute("data-preview", preview);
      } else {
        button.removeAttribute("title");
        button.setAttribute("data-tip", `${label}\n${ctx.t("tip.buffet.exchange")}`);
      }
      row.append(button);
    } else {
      const idle = ctx.t("buffet.card_n", { card: signed(card), n, count: n });
      row.append(h("span", { class: `${cls} buffet-card-idle`, role: "img", "aria-label": idle, "data-tip": `${idle}\n${ctx.t("tip.buffet.card")}` }, ...face));
    }
  }
  if (!v.hand.length) row.append(h("span", { class: "buffet-muted", text: ctx.t("buffet.empty_hand") }));
  // The head holds the exchange's "draw" button or the card chosen, at one height either way:
  // nothing below it moves when the button comes and goes, and it stays in the first screen.
  const head = h("div", { class: "buffet-hand-head" }, h("h3", { text: ctx.t("buffet.your_hand") }));
  if (v.my_choice !== null && v.my_choice !== undefined) {
    head.append(h("span", { class: "buffet-chosen-note", text: ctx.t("buffet.you_chose_card", { card: signed(v.my_choice) }) }));
  }
  if (exchanging) {
    // The cards put aside wait beside the hand until the draw.
    const aside = h("span", { class: "buffet-aside", role: "group", "aria-label": ctx.t("buffet.put_aside"), title: ctx.t("buffet.put_aside") });
    for (const c of v.my_exchange || []) aside.append(cardSvg(c, "buffet-mini buffet-faded"));
    if (!(v.my_exchange || []).length) aside.append(h("span", { class: "buffet-muted", text: ctx.t("buffet.none_yet") }));
    row.append(aside);
    const draw = (ctx.legal || []).find((a) => a.type === "draw");
    if (draw) head.append(actButton(ctx, draw, describeAction(draw, ctx), "buffet-draw"));
  }
  box.append(head, row);
  return box;
}

function discardLine(ctx, v) {
  const pile = Object.entries(v.discard || {})
    .sort((a, b) => Number(a[0]) - Number(b[0]))
    .filter(([, n]) => n > 0)
    .map(([c, n]) => ctx.t("buffet.count", { card: signed(Number(c)), n }));
  return h("p", { class: "buffet-muted buffet-discard-line", text: ctx.t("buffet.discard_pile", { cards: pile.join(ctx.t("buffet.comma")) || "–" }) });
}

/** A card just chosen face down slides onto the table; the revealed cards of a new turn turn
 *  over in reveal order (the same pace as the mice). */
function animateCards(ctx, root) {
  const prev = ctx.previous;
  if (prev && prev.phase === "choose" && ctx.view.phase === "choose") {
    for (const el of root.querySelectorAll(".buffet-player")) {
      const seat = Number(el.dataset.seat);
      const card = el.querySelector(".buffet-chosen-card svg");
      if (card && !prev.has_chosen[seat]) {
        card.animate([{ transform: "translateY(-24px)", opacity: 0 }, { transform: "none", opacity: 1 }], { duration: 300, easing: "ease-out", fill: "backwards" });
      }
    }
  }
  if (!newTurn(prev, ctx.view)) return;
  const cards = [...root.querySelectorAll(".buffet-revealed")];
  const n = revealsOf(ctx.view).length;
  const stagger = n > 1 ? Math.min(90, 120 / (n - 1)) : 0;
  for (const c of cards) {
    const i = Number(c.dataset.order || 0);
    c.querySelector("svg").animate([{ transform: "scaleX(0)" }, { transform: "scaleX(1)" }], { duration: 260, delay: i * stagger, easing: "ease-out", fill: "backwards" });
  }
}

// --- the contract ------------------------------------------------------------------------

function render(root, ctx) {
  const v = ctx.view;
  root.classList.add("buffet-root");
  const base = baseView(ctx);
  const names = namers(ctx);
  const board = drawBoard(ctx, base, names);
  root.append(h("div", { class: "buffet-layout" },
    h("div", { class: "buffet-board-col" }, board, drawHand(ctx, v)),
    h("div", { class: "buffet-side-col" }, drawPlayers(ctx, v, base), discardLine(ctx, v))));
  if (ctx.animate) {
    animateTurn(ctx, board, root, names);
    animateCards(ctx, root);
  }
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
    // Another mouse's choice in a replay comes without its card (the server's public form).
    case "play":
      return "card" in action ? ctx.t("buffet.act.play", { card: signed(action.card) }) : ctx.t("buffet.act.play_hidden");
    case "discard":
      return "card" in action ? ctx.t("buffet.act.discard", { card: signed(action.card) }) : ctx.t("buffet.act.discard_hidden");
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
      return ctx.t("buffet.ev.reveal", { name: who(ctx, e.seat), card: signed(e.card), to: signed(e.to) });
    case "take": {
      // Why the mouse took it (events logged before "why" existed say only what it took), and
      // the dish it covers: that kind's top dish, seen by all until now, that no longer counts.
      const key = ["last", "lead", "second"].includes(e.why) ? `buffet.ev.take_${e.why}` : "buffet.ev.take";
      const text = ctx.t(key, { name: who(ctx, e.seat), dish: dishName(ctx, e.dish) });
      return e.covers ? ctx.t("buffet.ev.covers", { text, under: dishName(ctx, e.covers) }) : text;
    }
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

/** Why two players level on points are ranked as they are (the rulebook's tie-breaks). */
function tieNote(ctx, a, b) {
  const names = { a: who(ctx, a.seat), b: who(ctx, b.seat) };
  if (cmpKey(a.key, b.key) === 0) return ctx.t("buffet.result.shared", names);
  if (a.key[1] !== b.key[1]) {
    return ctx.t("buffet.result.by_value", { ...names, da: dishName(ctx, a.best), db: b.best ? dishName(ctx, b.best) : ctx.t("buffet.no_dishes") });
  }
  return ctx.t("buffet.result.by_kind", { ...names, da: dishName(ctx, a.best), db: dishName(ctx, b.best) });
}

function tieNotes(ctx, rows) {
  const notes = [];
  for (let i = 1; i < rows.length; i++) {
    if (rows[i - 1].score === rows[i].score) notes.push(tieNote(ctx, rows[i - 1], rows[i]));
  }
  return notes;
}

/** The final ranking, one line per player with the amounts, and the scoring rule. The
 *  tie-breaks that decided are the scoreboard's note (shown together: not said twice). */
function describeResult(ctx) {
  const v = ctx.view;
  if (!v || v.phase !== "over") return "";
  const rows = ranking(v);
  const lines = rows.map((r) => {
    const covered = r.entries.reduce((sum, e) => sum + e.covered, 0);
    const sum = r.tops.length ? r.tops.map((d) => dishName(ctx, d)).join(ctx.t("buffet.plus")) : ctx.t("buffet.no_dishes");
    return ctx.t(covered ? "buffet.result.line_covered" : "buffet.result.line", { place: r.place, name: who(ctx, r.seat), points: ctx.t("buffet.points", { n: r.score, count: r.score }), dishes: sum, covered, count: covered });
  });
  lines.push(ctx.t("buffet.result.rule"));
  return lines.join("\n");
}

/** The end as a scoreboard: for each kind the top dish's points (what scores), the total. */
function scoreboard(ctx) {
  const v = ctx.view;
  if (!v || v.phase !== "over") return null;
  const rows = ranking(v).map((r) => ({
    seat: r.seat,
    rank: r.place,
    total: r.score,
    parts: KINDS.map((k) => {
      const e = r.entries.find((x) => x.top.kind === k);
      // A column's head, capitalised as the rules name the dishes ("Cheese"; no case in Japanese).
      const kind = ctx.t(`buffet.kind.${k}`);
      return { label: kind.charAt(0).toUpperCase() + kind.slice(1), value: e ? signed(e.top.value) : "–" };
    }),
  }));
  // The note tells every tie on points and the tie-break that settled it (or a shared place).
  const notes = tieNotes(ctx, ranking(v));
  return { rows, note: notes.length ? notes.join(" ") : null };
}

export default {
  render,
  handles: new Set(["play", "discard", "draw"]),
  prompt,
  describeAction,
  describeEvent,
  describeResult,
  scoreboard,
  // The end's story (ending.js): why the game ended, each player's statistics.
  endReason,
  stats,
  // Every scoring in the end's story, in the log's words (ending.js).
  scorings: ["round", "take", "empty_handed"],
};
