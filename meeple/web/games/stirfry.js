// Stir Fry Eighteen: the renderer (see README.md in this folder for the contract).
//
// The table as it lies in front of the players, drawn with our own SVG cards (stirfry-art.js):
// - a panel per player: points on the way to the target, the hand as card backs, the cards it
//   laid face down this turn, and the dishes it served (public history from the view, so
//   every viewer, a reload and the replay show the same);
// - the kitchen: the deck, the pile of this turn's cards (face up: the dish and tasted
//   declarations; face down: declarations and discards) and a declaration awaiting answers;
// - the viewer's hand as cards: the chef picks cards (3–5 with noodles to cook, one to declare
//   as a protein, two as a pair) and the bar under the hand offers what the picked cards can
//   do; at the end of the turn a card is clicked to discard it;
// - the bar under the hand, always in the same place: the chef's choices, the taste-test
//   question with its countdown, or whom the table waits for.
// What others did since the viewer's last decision is marked `changed`; moves animate.

import { h } from "../dom.js";
import { num } from "../i18n.js";
import { serverNow } from "../api.js";
import { KIND, art, cardBack, cardFace, icon } from "./stirfry-art.js";
import { endReason, stats } from "./stirfry-story.js";

const CARDS = ["noodles", "leek", "ginger", "mushroom", "soy", "chicken", "pork", "shrimp", "tofu"];
// Each card's values as [points, cards the dish must also hold] (meeple/games/stirfry/data.py).
const VALUES = {
  noodles: [[1, []]],
  leek: [[3, []], [5, ["shrimp"]]],
  ginger: [[2, []], [4, ["pork"]]],
  mushroom: [[2, []], [3, ["chicken"]]],
  soy: [[1, []], [2, ["leek"]], [3, ["ginger"]]],
  chicken: [[3, []], [5, ["leek"]], [7, ["leek", "ginger"]]],
  pork: [[5, []], [8, ["mushroom"]]],
  shrimp: [[6, []], [9, ["ginger"]], [11, ["soy", "ginger"]]],
  tofu: [[7, []], [10, ["ginger", "soy"]]],
};
const PROTEINS = new Set(["chicken", "pork", "shrimp"]);
const VEGETABLES = new Set(["leek", "ginger", "mushroom"]);
const DRAWS = { chicken: 2, pork: 3, shrimp: 4, tofu: 1, pair: 3 }; // data.py: DECLARATION_DRAWS, PAIR_DRAWS
const TOFU_WITH_PROTEIN = -5;
const WRONG_TASTE_POINTS = 5;
const HAND_LIMIT = 3;
const SHOWN_DISHES = 2; // the latest dishes in a player's panel; all of them in the history below
const FLY_MS = 450; // every animation ends within 600 ms

// --- words -----------------------------------------------------------------------------

function nameOf(ctx, seat) {
  const p = (ctx.players || []).find((x) => x.seat === seat);
  return p && p.name ? p.name : ctx.t("stirfry.seat", { n: seat + 1 });
}

function who(ctx, seat) {
  return seat === ctx.seat ? ctx.t("stirfry.you_name", { name: nameOf(ctx, seat) }) : nameOf(ctx, seat);
}

const card = (ctx, name) => ctx.t(`stirfry.card.${name}`);
const cards = (ctx, names) => names.map((n) => card(ctx, n)).join(ctx.t("stirfry.plus"));
const list = (ctx, items) => items.join(ctx.t("stirfry.comma"));
const claimName = (ctx, as) => (as === "pair" ? ctx.t("stirfry.a_pair") : card(ctx, as));
const claimText = (ctx, d) => (d.as === "pair" ? ctx.t("stirfry.claim_pair") : ctx.t("stirfry.claim_one", { card: card(ctx, d.as) }));

// --- scoring (as meeple/games/stirfry/scoring.py) ----------------------------------------

/** Each card's points in a dish: its best value whose partners are in the dish. */
function dishParts(names) {
  const has = new Set(names);
  const protein = names.some((n) => PROTEINS.has(n));
  return names.map((n) => {
    if (n === "tofu" && protein) return [n, TOFU_WITH_PROTEIN]; // the promo card's rule
    return [n, Math.max(...VALUES[n].filter(([, need]) => need.every((x) => has.has(x))).map(([v]) => v))];
  });
}

function dishScore(names) {
  return dishParts(names).reduce((t, [, v]) => t + v, 0);
}

function isTrue(cardsDown, as) {
  if (as !== "pair") return cardsDown.length === 1 && cardsDown[0] === as;
  const [a, b] = cardsDown;
  return a === b || (a === "tofu" && VEGETABLES.has(b)) || (b === "tofu" && VEGETABLES.has(a));
}

const sameCards = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);

// --- the cards as elements -----------------------------------------------------------------

function valueText(ctx, name) {
  const lines = [String(VALUES[name][0][0])]
    .concat(VALUES[name].slice(1).map(([v, need]) => ctx.t("stirfry.value_with", { n: v, cards: cards(ctx, need) })));
  if (name === "tofu") lines.push(ctx.t("stirfry.tofu_minus", { n: TOFU_WITH_PROTEIN }));
  return `${card(ctx, name)}: ${lines.join(" / ")}`;
}

/** A card face as an SVG picture; `hand` lights the better values whose partners it holds. */
function face(ctx, name, hand = null) {
  const lit = hand ? VALUES[name].map(([, need], i) => (i > 0 && need.every((x) => hand.includes(x)) ? i : -1)).filter((i) => i > 0) : [];
  return cardFace(name, card(ctx, name), VALUES[name], {
    lit, minus: name === "tofu" ? TOFU_WITH_PROTEIN : null, label: valueText(ctx, name),
  });
}

/** A row of card backs (at most `max` drawn, then "+n"). */
function backs(n, label, cls = "", max = 8) {
  return h("span", { class: `sf-backs ${cls}`, role: "img", "aria-label": label, title: label },
    Array.from({ length: Math.min(n, max) }, () => h("span", { class: "sf-mini-back" }, cardBack())),
    n > max ? h("span", { class: "sf-more", text: `+${n - max}` }) : null);
}

/** A dish: its cards as icons, each with the points it scored, and the total. */
function dishView(ctx, dish, seat, cls = "", compact = false) {
  const label = ctx.t("stirfry.dish_label", { name: nameOf(ctx, seat), turn: dish.turn, cards: cards(ctx, dish.cards), n: dish.points });
  return h("li", {
    class: `sf-dish ${cls}`, style: `--c: var(--seat-${seat})`, title: label, "aria-label": label,
    "data-seat": seat, "data-turn": dish.turn, "data-cards": dish.cards.join(" "), "data-points": dish.points,
  },
    h("span", { class: "sf-plate", "aria-hidden": "true" }, dishParts(dish.cards).map(([n, pts]) =>
      h("span", { class: `sf-in sf-kind-${KIND[n]}` }, icon(n), compact ? null : h("small", { text: String(pts) })))),
    h("strong", { class: "sf-dish-pts", "aria-hidden": "true", text: num(dish.points) }));
}

function chip(ctx, name) {
  return h("span", { class: `sf-chip sf-kind-${KIND[name]}` }, icon(name), card(ctx, name));
}

function actionButton(ctx, action, content, cls = "", label = null) {
  const text = label || describeAction(action, ctx);
  // A dish says its score card by card before it is cooked (tips.js shows it on hover and at
  // the first click); a trust or taste answer says what follows.
  const explain = action.type === "cook" ? `${text}\n${partsText(ctx, action.cards)}\n${ctx.t("tip.stirfry.dish_rule")}`
    : action.type === "taste" || action.type === "trust" ? `${text}\n${ctx.t(`tip.stirfry.${action.type}`)}` : text;
  return h("button", {
    type: "button", class: `legal sf-action ${cls}`, "data-action": JSON.stringify(action),
    "aria-label": text, "data-tip": explain, "data-preview": action.type === "cook" ? `${text}: ${partsText(ctx, action.cards)}` : null,
    onclick: () => ctx.act(action),
  }, content ?? text);
}

/** A dish's score card by card: "noodles 3 + leek 2 + … = 16". */
function partsText(ctx, names) {
  const parts = dishParts(names);
  return `${parts.map(([n, value]) => `${card(ctx, n)} ${num(value)}`).join(" + ")} = ${num(dishScore(names))}`;
}

// Whether this viewer was asked to answer the taste test still open (to say, when another
// tasted first, that the test was decided without them).
const asked = { declaration: null };

// --- what changed since the viewer's last decision ---------------------------------------

/** The differences between the view after the viewer's last decision and this one. */
function changes(ctx) {
  const v = ctx.view;
  const b = ctx.before;
  const none = { points: new Set(), hands: new Set(), faceDown: new Set(), dishes: v.dishes.map((d) => d.length), pile: false, deck: false, declaration: false, drawn: [] };
  if (!b || b === v || !b.dishes) return none;
  const out = { ...none, dishes: b.dishes.map((d) => d.length) };
  for (let seat = 0; seat < v.players; seat += 1) {
    if (b.points[seat] !== v.points[seat]) out.points.add(seat);
    if (b.hand_sizes[seat] !== v.hand_sizes[seat] && seat !== ctx.seat) out.hands.add(seat);
    if (b.face_down[seat] !== v.face_down[seat] && v.face_down[seat]) out.faceDown.add(seat);
  }
  out.pile = v.table.length > 0 && !sameCards(b.table, v.table);
  out.deck = b.deck !== v.deck;
  out.declaration = !!v.declaration && (!b.declaration || b.declaration.seat !== v.declaration.seat || b.declaration.as !== v.declaration.as || b.turn !== v.turn);
  if (v.hand && b.hand) {
    // The cards drawn since: this hand less the one before (same names, counted).
    const left = [...b.hand];
    v.hand.forEach((n, i) => {
      const at = left.indexOf(n);
      if (at >= 0) left.splice(at, 1);
      else out.drawn.push(i);
    });
  }
  return out;
}

// --- the picked cards of the chef (kept across redraws of the same decision) ------------------

const picked = { key: "", at: new Set() };

function pickedFor(ctx) {
  const key = `${typeof location === "undefined" ? "" : location.hash}|${ctx.view.turn}|${JSON.stringify(ctx.view.hand)}|${JSON.stringify(ctx.legal)}`;
  if (picked.key !== key) {
    picked.key = key;
    picked.at = new Set();
  }
  return picked.at;
}

// --- the parts of the board -------------------------------------------------------------------

function statusLine(ctx) {
  const v = ctx.view;
  const switches = ["empty_pantry", "meticulous_chef", "closing_time", "tofu"].filter((k) => v.options[k]);
  return h("div", { class: "sf-status" },
    h("span", { class: "sf-pill sf-target", text: ctx.t("stirfry.target", { target: v.target }) }),
    h("span", { class: "sf-pill", text: ctx.t("stirfry.turn_n", { turn: v.turn }) }),
    switches.map((k) => h("span", { class: "sf-pill sf-variant", title: ctx.t(`stirfry.option_help.${k}`), text: ctx.t(`stirfry.option.${k}`) })),
    v.final_round ? h("span", { class: "sf-pill sf-final", text: ctx.t("stirfry.final_round", { names: list(ctx, v.final_round.map((s) => who(ctx, s))) }) }) : null);
}

function seatPanel(ctx, seat, ch) {
  const v = ctx.view;
  const over = v.phase === "over";
  const pts = v.points[seat];
  const share = Math.max(0, Math.min(1, pts / v.target));
  const deciding = (v.to_move || []).includes(seat) && !over;
  const won = (v.winners || []).includes(seat);
  const chef = seat === v.chef && !over;
  const dishes = v.dishes[seat];
  const shown = dishes.slice(-SHOWN_DISHES);
  const first = dishes.length - shown.length;
  const down = v.face_down[seat] + (v.declaration && v.declaration.seat === seat ? v.declaration.count : 0);
  const cls = `sf-seat${chef ? " chef" : ""}${seat === ctx.seat ? " mine" : ""}${won ? " won" : ""}${deciding ? " deciding" : ""}`;
  return h("section", { class: cls, style: `--c: var(--seat-${seat})`, "data-seat": seat, "aria-label": who(ctx, seat) },
    h("div", { class: "sf-seat-head" },
      h("span", { class: "sf-swatch", "aria-hidden": "true" }),
      h("strong", { class: "sf-seat-name", text: who(ctx, seat) })),
    h("div", { class: "sf-points-row" },
      h("div", { class: `sf-points${ch.points.has(seat) ? " changed" : ""}`, "aria-label": ctx.t("stirfry.points_of", { n: pts, target: v.target }) },
        h("strong", { text: num(pts) }), h("span", { class: "sf-muted", text: ` / ${v.target}` })),
      gainOf(ctx, seat),
      // Tags beside the points, so that a name is never cut short for them.
      chef ? h("span", { class: "sf-tag", text: ctx.t("stirfry.chef") }) : null,
      deciding && !chef ? h("span", { class: "sf-tag sf-tag-answer", text: ctx.t("stirfry.answering") }) : null,
      won ? h("span", { class: "sf-tag sf-tag-won", text: ctx.t("stirfry.winner") }) : null,
      h("span", { class: "sf-bar", "aria-hidden": "true" }, h("span", { style: `width: ${share * 100}%` }))),
    h("div", { class: "sf-seat-cards" },
      h("span", { class: `sf-hand-backs${ch.hands.has(seat) ? " changed" : ""}`, "data-fly": `hand-${seat}` },
        backs(v.hand_sizes[seat], ctx.t("stirfry.hand_size", { name: who(ctx, seat), n: v.hand_sizes[seat] }), "", 6),
        h("span", { class: "sf-count", "aria-hidden": "true", text: String(v.hand_sizes[seat]) })),
      down ? h("span", { class: `sf-down-backs${ch.faceDown.has(seat) || (ch.declaration && v.declaration.seat === seat) ? " changed" : ""}` },
        backs(down, ctx.t("stirfry.face_down_of", { name: who(ctx, seat), n: down, count: down }), "sf-down", 4)) : null,
      dishes.length ? h("span", { class: `sf-dish-count${dishes.length > ch.dishes[seat] ? " changed" : ""}`, text: ctx.t("stirfry.dish_count", { n: dishes.length, count: dishes.length, points: dishes.reduce((t, d) => t + d.points, 0) }) }) : null,
      v.extra_draws[seat] ? h("span", { class: "sf-extra", title: ctx.t("stirfry.extra_draws", { n: v.extra_draws[seat], count: v.extra_draws[seat] }), text: ctx.t("stirfry.extra_short", { n: v.extra_draws[seat] }) }) : null),
    h("ol", { class: "sf-dishes", "aria-label": ctx.t("stirfry.dishes_of", { name: who(ctx, seat), n: dishes.length, count: dishes.length }) },
      first ? h("li", { class: "sf-earlier", text: ctx.t("stirfry.earlier_dishes", { n: first, count: first, points: dishes.slice(0, first).reduce((t, d) => t + d.points, 0) }) }) : null,
      shown.map((d, i) => dishView(ctx, d, seat, first + i >= ch.dishes[seat] ? "changed sf-new" : "", true)),
      dishes.length ? null : h("li", { class: "sf-muted sf-no-dish", text: ctx.t("stirfry.no_dishes") })));
}

/** What the last move scored for a seat, beside its points: a dish "+16", a wrong taste
 *  test with an empty hand "−5"; the log's sentence as its tip. */
function gainOf(ctx, seat) {
  const e = (ctx.view.events || []).find((x) => x.seat === seat && (x.event === "cook" || (x.event === "penalty" && "points" in x)));
  if (!e) return null;
  const said = describeEvent(e, ctx);
  return h("span", { class: `sf-gain${e.points < 0 ? " minus" : ""}`, "data-points": e.points, role: "img", "aria-label": said, "data-tip": said, text: e.points < 0 ? `−${-e.points}` : `+${e.points}` });
}

function kitchenPanel(ctx, ch) {
  const v = ctx.view;
  const deck = h("div", { class: `sf-deck${ch.deck ? " changed" : ""}`, "data-fly": "deck", title: ctx.t("stirfry.deck_help"), role: "img", "aria-label": ctx.t("stirfry.deck_n", { n: v.deck }) },
    h("span", { class: "sf-stack", "aria-hidden": "true" },
      Array.from({ length: Math.min(3, Math.max(1, Math.ceil(v.deck / 6))) }, () => cardBack()),
      v.deck ? null : h("span", { class: "sf-empty-slot" })),
    h("span", { class: "sf-deck-n", "aria-hidden": "true", text: ctx.t("stirfry.deck_short", { n: v.deck }) }));

  // The pile: this turn's cards out of play. Face up the tasted declarations, then the dish
  // (cooking ends the turn, so this turn's dish is the table's last cards).
  const chefDishes = v.dishes[v.chef] || [];
  const last = chefDishes[chefDishes.length - 1];
  const dish = last && last.turn === v.turn && v.table.length >= last.cards.length
    && sameCards([...v.table.slice(v.table.length - last.cards.length)].sort((a, b) => CARDS.indexOf(a) - CARDS.indexOf(b)), last.cards) ? last : null;
  const tasted = dish ? v.table.slice(0, v.table.length - dish.cards.length) : v.table;
  const pile = h("div", { class: `sf-pile${ch.pile ? " changed" : ""}`, "data-fly": "pile", "aria-label": ctx.t("stirfry.pile") },
    statusLine(ctx),
    h("p", { class: "sf-label", text: ctx.t("stirfry.pile") }),
    h("div", { class: "sf-pile-cards" },
      tasted.map((n) => h("span", { class: "sf-card sf-small sf-flip", "data-card": n }, face(ctx, n))),
      dish ? pileDish(ctx, dish) : null,
      v.face_down.map((n, seat) => (n ? h("span", { class: "sf-pile-down", style: `--c: var(--seat-${seat})` },
        backs(n, ctx.t("stirfry.face_down_of", { name: who(ctx, seat), n, count: n }), "sf-down", 4)) : null)),
      !v.table.length && !v.face_down.some(Boolean) && !v.declaration ? h("span", { class: "sf-muted", text: ctx.t("stirfry.pile_empty") }) : null),
    v.my_face_down && v.my_face_down.length ? h("p", { class: "sf-muted sf-mine-down", text: ctx.t("stirfry.my_face_down", { cards: cards(ctx, v.my_face_down) }) }) : null);

  const d = v.declaration;
  const parts = [deck, pile];
  if (d) {
    parts.push(h("div", { class: `sf-declaration${ch.declaration ? " changed" : ""}`, style: `--c: var(--seat-${d.seat})`, "data-fly": "declaration" },
      h("span", { class: "sf-claim-cards" },
        Array.from({ length: d.count }, () => h("span", { class: "sf-card sf-small sf-down-card" }, cardBack(ctx.t("stirfry.face_down_n", { n: d.count, count: d.count })))),
        h("span", { class: "sf-claim-badge" }, d.as === "pair" ? h("strong", { text: "×2" }) : icon(d.as, card(ctx, d.as)))),
      h("div", { class: "sf-claim-text" },
        h("p", { text: ctx.t("stirfry.claim_line", { name: who(ctx, d.seat), claim: claimText(ctx, d) }) }),
        d.cards ? h("p", { class: "sf-really", text: ctx.t(isTrue(d.cards, d.as) ? "stirfry.really_true" : "stirfry.really_bluff", { cards: cards(ctx, d.cards) }) }) : null,
        h("p", { class: "sf-muted" }, [
          ctx.t("stirfry.claim_draws", { n: d.draws, count: d.draws }),
          d.waiting.length ? ctx.t("stirfry.waiting", { names: list(ctx, d.waiting.map((x) => who(ctx, x))) }) : null,
          d.trusted.length ? ctx.t("stirfry.trusted_by", { names: list(ctx, d.trusted.map((x) => who(ctx, x))) }) : null,
        ].filter(Boolean).join(" · "))),
      answerButtons(ctx)));
  }
  // A dish cooked by the last move whose turn is over (its cards went back to the deck): it
  // stays in the kitchen, card by card, until the next move.
  const cook = (v.events || []).find((e) => e.event === "cook");
  if (cook && !dish) {
    parts.push(h("div", { class: "sf-served", style: `--c: var(--seat-${cook.seat})` },
      h("p", { class: "sf-label", text: ctx.t("stirfry.served", { name: who(ctx, cook.seat) }) }),
      pileDish(ctx, { ...cook, turn: v.dishes[cook.seat].at(-1)?.turn ?? v.turn })));
  }
  const outcome = tasteOutcome(ctx);
  if (outcome) parts.push(outcome);
  else if (!d && v.bluff_caught && v.phase !== "over") {
    parts.push(h("p", { class: "sf-caught", text: ctx.t("stirfry.bluff_caught") }));
  }
  return h("section", { class: "sf-kitchen", "aria-label": ctx.t("stirfry.kitchen", { name: who(ctx, v.chef) }) }, parts);
}

/** The dish cooked this turn, on the pile, scored card by card: each card with the points
 *  it brings in this dish under it, then "= total" (issue #36, every scoring on the board). */
function pileDish(ctx, dish) {
  const said = `${ctx.t("stirfry.dish_label", { name: nameOf(ctx, dish.seat ?? ctx.view.chef), turn: dish.turn, cards: cards(ctx, dish.cards), n: dish.points })}\n${partsText(ctx, dish.cards)}`;
  return h("span", { class: "sf-pile-dish", "data-total": dish.points, role: "group", "aria-label": said, "data-tip": `${said}\n${ctx.t("tip.stirfry.dish_rule")}` },
    dishParts(dish.cards).map(([n, pts], i) => h("span", { class: "sf-scored", "data-card": n, "data-points": pts },
      h("span", { class: "sf-card sf-small" }, face(ctx, n)),
      h("span", { class: `sf-contrib${pts < 0 ? " minus" : ""}`, "aria-hidden": "true", text: `${i ? (pts < 0 ? "−" : "+") : ""}${i ? Math.abs(pts) : num(pts)}` }))),
    h("strong", { class: "sf-pile-pts", text: `= ${ctx.t("stirfry.pts", { n: dish.points })}` }));
}

// --- a taste test's outcome, on the board ----------------------------------------------------
//
// The view's `events` are the last move's: a taste test's (who tasted, the cards shown, the
// penalty, the chef's draw) are gone with the chef's next move. The outcome is kept here for
// the rest of the turn, while the tasted cards lie face up on the pile (the same table page).

const tasted = { page: null, turn: null, events: null };

function tasteOutcome(ctx) {
  const v = ctx.view;
  const page = typeof location === "undefined" ? "" : location.hash;
  const events = v.events || [];
  const at = events.findIndex((e) => e.event === "taste");
  if (at >= 0) Object.assign(tasted, { page, turn: v.turn, events: events.slice(at) });
  if (!tasted.events || tasted.page !== page || tasted.turn !== v.turn) return null;
  const [taste, ...after] = tasted.events;
  const left = [...v.table];
  if (!taste.cards.every((n) => left.includes(n) && left.splice(left.indexOf(n), 1))) return null; // an earlier step
  const penalty = after.find((e) => e.event === "penalty" && e.seat === taste.seat);
  const draw = after.find((e) => e.event === "draw" && e.seat === taste.chef && e.reason === "declaration");
  const chef = who(ctx, taste.chef);
  const taster = who(ctx, taste.seat);
  const deltas = [];
  const delta = (seat, text, value, kind) => deltas.push(h("li", { class: `sf-delta ${value < 0 ? "minus" : value > 0 ? "plus" : ""}`, "data-seat": seat, "data-kind": kind, "data-value": value, style: `--c: var(--seat-${seat})`, text }));
  if (taste.bluff) {
    delta(taste.chef, ctx.t("stirfry.delta.no_draw", { name: chef }), 0, "draw");
    delta(taste.seat, ctx.t("stirfry.delta.extra", { name: taster }), 1, "extra");
  } else {
    if (penalty && "cards" in penalty) delta(taste.seat, ctx.t("stirfry.delta.cards", { name: taster, n: penalty.cards, count: penalty.cards }), -penalty.cards, "cards");
    if (penalty && "points" in penalty) delta(taste.seat, ctx.t("stirfry.delta.points", { name: taster, n: -penalty.points, count: -penalty.points }), penalty.points, "points");
    if (draw) delta(taste.chef, ctx.t("stirfry.delta.draws", { name: chef, n: draw.count, count: draw.count }), draw.count, "draw");
  }
  const head = ctx.t(taste.bluff ? "stirfry.outcome.bluff" : "stirfry.outcome.honest", { taster, chef, claim: claimName(ctx, taste.as), cards: cards(ctx, taste.cards) });
  return h("div", { class: `sf-outcome${taste.bluff ? " bluff" : " honest"}`, "data-bluff": String(taste.bluff), role: "status", "data-tip": `${head}\n${ctx.t("tip.stirfry.outcome")}` },
    h("p", { class: "sf-outcome-head", text: head }),
    h("ul", { class: "sf-deltas" }, deltas));
}

function handPanel(ctx, ch, refresh) {
  const v = ctx.view;
  if (v.hand === null || v.hand === undefined) return null;
  const legal = ctx.legal || [];
  const discards = new Map(legal.filter((a) => a.type === "discard").map((a) => [a.card, a]));
  const choosing = legal.some((a) => a.type === "cook" || a.type === "declare" || a.type === "declare_pair");
  const at = pickedFor(ctx);
  const row = h("div", { class: "sf-hand-row" });
  const used = new Set(); // one discard button per kind of card: copies are the same
  v.hand.forEach((n, i) => {
    const drawn = ch.drawn.includes(i) ? " changed sf-drawn" : "";
    const action = !used.has(n) ? discards.get(n) : null;
    if (action) {
      used.add(n);
      const text = ctx.t("stirfry.discard_card", { card: card(ctx, n) });
      row.append(h("button", {
        type: "button", class: `sf-card legal sf-discard${drawn}`, "data-action": JSON.stringify(action), "data-card": n,
        "aria-label": `${text} (${valueText(ctx, n)})`, title: text, onclick: () => ctx.act(action),
      }, face(ctx, n, v.hand)));
    } else if (choosing) {
      const on = at.has(i);
      row.append(h("button", {
        type: "button", class: `sf-card sf-pick${on ? " picked" : ""}${drawn}`, "aria-pressed": on ? "true" : "false", "data-card": n, "data-index": i,
        "aria-label": ctx.t("stirfry.pick_card", { card: valueText(ctx, n) }),
        onclick: () => {
          if (at.has(i)) at.delete(i);
          else at.add(i);
          refresh();
        },
      }, face(ctx, n, v.hand)));
    } else {
      row.append(h("span", { class: `sf-card${drawn}`, "data-card": n }, face(ctx, n, v.hand)));
    }
  });
  if (!v.hand.length) row.append(h("span", { class: "sf-muted sf-empty-hand", text: ctx.t("stirfry.empty_hand") }));
  return h("section", { class: `sf-hand${discards.size ? " sf-discarding" : ""}${v.seat === v.chef ? " chef" : ""}`, style: `--c: var(--seat-${ctx.seat})`, "aria-label": ctx.t("stirfry.your_hand", { n: v.hand.length }) },
    h("h3", { class: "sf-hand-title", text: ctx.t("stirfry.your_hand", { n: v.hand.length }) }), row);
}

/** What the picked cards can do: cook them, declare one as a protein, or two as a pair. */
function pickedActions(ctx, names) {
  const legal = ctx.legal || [];
  if (!names.length) return [h("p", { class: "sf-muted sf-pick-help", text: ctx.t("stirfry.pick_help") })];
  const out = [];
  const cook = legal.find((a) => a.type === "cook" && sameCards(a.cards, names));
  if (cook) {
    out.push(actionButton(ctx, cook, [h("span", { class: "sf-verb", text: ctx.t("stirfry.cook_it") }), h("strong", { text: ctx.t("stirfry.pts", { n: dishScore(cook.cards) }) })], "sf-cook-btn primary-choice"));
  }
  if (names.length === 1) {
    for (const a of legal.filter((x) => x.type === "declare" && x.card === names[0])) {
      const honest = a.card === a.as;
      out.push(actionButton(ctx, a, [icon(a.as), h("span", { text: ctx.t("stirfry.as_claim", { card: card(ctx, a.as), n: DRAWS[a.as] }) }),
        h("small", { class: "sf-verdict", text: ctx.t(honest ? "stirfry.honest" : "stirfry.bluff") })], honest ? "honest" : "bluff"));
    }
  }
  if (names.length === 2) {
    const pair = legal.find((a) => a.type === "declare_pair" && sameCards(a.cards, names));
    if (pair) {
      const honest = isTrue(pair.cards, "pair");
      out.push(actionButton(ctx, pair, [h("strong", { text: "×2" }), h("span", { text: ctx.t("stirfry.as_pair", { n: DRAWS.pair }) }),
        h("small", { class: "sf-verdict", text: ctx.t(honest ? "stirfry.honest" : "stirfry.bluff") })], honest ? "honest" : "bluff"));
    }
  }
  if (!out.length) {
    const v = ctx.view;
    const why = names.length === 1 && v.declared.protein ? "stirfry.single_used"
      : names.length === 2 && v.declared.pair ? "stirfry.pair_used"
        : names.length >= 3 && !names.includes("noodles") ? "stirfry.needs_noodles"
          : names.length >= 3 && new Set(names).size < names.length ? "stirfry.needs_different"
            : names.length > 5 ? "stirfry.too_many" : "stirfry.pick_more";
    out.push(h("p", { class: "sf-muted sf-pick-help", text: ctx.t(why) }));
  }
  return out;
}

/** The bar under the hand: always there, so nothing above it moves when its content changes. */
function barPanel(ctx) {
  const v = ctx.view;
  const legal = ctx.legal || [];
  const bar = h("section", { class: "sf-bar-panel", "aria-label": ctx.t("stirfry.choices") });
  if (legal.some((a) => a.type === "trust" || a.type === "taste")) {
    bar.append(questionPanel(ctx));
    return bar;
  }
  if (legal.some((a) => a.type === "discard")) {
    bar.append(h("p", { class: "sf-ask", text: ctx.t("stirfry.discard_prompt", { n: v.hand.length - HAND_LIMIT }) }));
    return bar;
  }
  if (!legal.length) {
    if (v.phase !== "over") {
      const names = (v.to_move || []).map((x) => who(ctx, x));
      bar.append(h("p", { class: "sf-muted sf-waiting", text: ctx.t("stirfry.waiting", { names: list(ctx, names) }) }));
    }
    return bar;
  }
  const at = pickedFor(ctx);
  const names = [...at].sort((a, b) => a - b).map((i) => v.hand[i]);
  const pickedRow = h("div", { class: "sf-picked" }, h("div", { class: "sf-picked-actions", "aria-live": "polite" }, pickedActions(ctx, names)));
  // Best dishes in one click, for a chef who does not want to pick the cards one by one.
  const cooks = legal.filter((a) => a.type === "cook").sort((a, b) => dishScore(b.cards) - dishScore(a.cards) || b.cards.length - a.cards.length);
  const quick = h("div", { class: "sf-quick" },
    h("span", { class: "sf-label", text: cooks.length ? ctx.t("stirfry.best_dishes") : ctx.t("stirfry.cannot_cook") }),
    cooks.slice(0, 3).map((a) => actionButton(ctx, a, [
      h("span", { class: "sf-plate", "aria-hidden": "true" }, dishParts(a.cards).map(([n, pts]) => h("span", { class: `sf-in sf-kind-${KIND[n]}` }, icon(n), h("small", { text: String(pts) })))),
      h("strong", { text: ctx.t("stirfry.pts", { n: dishScore(a.cards) }) }),
    ], "sf-quick-dish")));
  const end = legal.find((a) => a.type === "end_turn");
  const used = Object.entries(v.declared || {}).filter(([, on]) => on).map(([k]) => ctx.t(`stirfry.declared_kind.${k}`));
  if (end) pickedRow.append(actionButton(ctx, end, ctx.t("stirfry.act.end_turn"), "sf-end-btn"));
  bar.append(pickedRow, quick);
  if (used.length) bar.append(h("p", { class: "sf-muted sf-used", text: ctx.t("stirfry.used", { kinds: list(ctx, used) }) }));
  return bar;
}

/** Trust or taste: on the declaration itself, for an opponent asked to answer. */
function answerButtons(ctx) {
  const legal = ctx.legal || [];
  const trust = legal.find((a) => a.type === "trust");
  const taste = legal.find((a) => a.type === "taste");
  if (!trust && !taste) return null;
  return h("div", { class: "sf-answer-buttons", role: "group", "aria-label": ctx.t("stirfry.question") },
    trust ? actionButton(ctx, trust, ctx.t("stirfry.act.trust"), "big trust") : null,
    taste ? actionButton(ctx, taste, ctx.t("stirfry.act.taste"), "big taste") : null);
}

/** The taste test, for an opponent asked to answer (the buttons are on the declaration): how
 *  long is left (the table's answer time; none at a table without a time limit) and what
 *  each answer risks. */
function questionPanel(ctx) {
  const legal = ctx.legal || [];
  const v = ctx.view;
  const d = v.declaration;
  const chef = nameOf(ctx, d.seat);
  const mine = v.hand_sizes[ctx.seat];
  const clock = h("p", { class: "sf-clock", role: "timer", "aria-live": "off" });
  const deadline = ctx.deadline ?? null;
  const bar = h("span", { class: "sf-clock-bar", "aria-hidden": "true" }, h("span"));
  const tick = () => {
    if (!clock.isConnected && clock.dataset.started) return false;
    clock.dataset.started = "1";
    if (!deadline) {
      clock.textContent = ctx.t("stirfry.answer_no_limit");
      return false;
    }
    const left = Math.max(0, Math.ceil((deadline - serverNow()) / 1000));
    clock.replaceChildren(h("span", { text: ctx.t("stirfry.answer_left", { n: left, count: left }) }), bar);
    if (!clock.dataset.total) clock.dataset.total = String(Math.max(left, 1));
    bar.firstChild.style.width = `${Math.min(100, (100 * left) / Number(clock.dataset.total))}%`;
    clock.classList.toggle("urgent", left <= 5);
    return left > 0;
  };
  if (tick()) {
    const timer = setInterval(() => {
      if (!tick()) clearInterval(timer);
    }, 250);
  }
  const taste = legal.some((a) => a.type === "taste");
  return h("div", { class: "sf-question", role: "group", "aria-label": ctx.t("stirfry.question") },
    h("div", { class: "sf-question-head" },
      h("h3", { text: ctx.t("stirfry.question") }),
      clock),
    // Each protein (and tofu) is in the deck once: holding it proves the claim false.
    d.as !== "pair" && (v.hand || []).includes(d.as) ? h("p", { class: "sf-hint", text: ctx.t("stirfry.hint_you_hold", { card: card(ctx, d.as) }) }) : null,
    h("ul", { class: "sf-risks" },
      h("li", { text: ctx.t("stirfry.if_trust", { name: chef, n: d.draws, count: d.draws }) }),
      taste ? h("li", { text: ctx.t("stirfry.if_bluff", { name: chef }) }) : null,
      taste ? h("li", { text: mine ? ctx.t("stirfry.if_honest_hand", { name: chef, n: mine, count: mine, draws: d.draws }) : ctx.t("stirfry.if_honest_points", { name: chef, n: WRONG_TASTE_POINTS, draws: d.draws }) }) : null));
}

/** Every dish of the game, by player: the public history (the same for every viewer). */
function historyPanel(ctx, ch) {
  const v = ctx.view;
  const total = v.dishes.reduce((t, d) => t + d.length, 0);
  return h("details", { class: "sf-history", open: v.phase === "over" ? true : null },
    h("summary", { text: ctx.t("stirfry.all_dishes", { n: total, count: total }) }),
    h("div", { class: "sf-history-seats" }, v.dishes.map((dishes, seat) => h("section", { class: "sf-history-seat", style: `--c: var(--seat-${seat})` },
      h("h4", {}, h("span", { class: "sf-swatch", "aria-hidden": "true" }), who(ctx, seat)),
      h("ol", { class: "sf-dishes sf-dishes-all", "data-seat": seat },
        dishes.map((d, i) => dishView(ctx, d, seat, i >= ch.dishes[seat] ? "changed" : "")),
        dishes.length ? null : h("li", { class: "sf-muted sf-no-dish", text: ctx.t("stirfry.no_dishes") }))))));
}

// --- moves -----------------------------------------------------------------------------------

/** Cards fly from where they came from (the deck, a player's panel, the pile) to where they
 *  are now; tasted cards turn over. Only for the step from the previous view to this one. */
function animate(root, ctx) {
  const v = ctx.view;
  const p = ctx.previous;
  if (!ctx.animate || !p || !p.dishes || typeof Element === "undefined" || !Element.prototype.animate) return;
  const at = (sel) => root.querySelector(sel)?.getBoundingClientRect();
  const fly = (el, from) => {
    if (!el || !from) return;
    const to = el.getBoundingClientRect();
    const dx = from.left + from.width / 2 - (to.left + to.width / 2);
    const dy = from.top + from.height / 2 - (to.top + to.height / 2);
    el.animate([{ transform: `translate(${dx}px, ${dy}px) scale(0.5)`, opacity: 0.3 }, { transform: "none", opacity: 1 }],
      { duration: FLY_MS, easing: "cubic-bezier(.2,.7,.3,1)" });
  };
  const deck = at('[data-fly="deck"]');
  const pile = at('[data-fly="pile"]');
  // A dish served: from the pile to the chef's panel.
  v.dishes.forEach((dishes, seat) => {
    if (dishes.length > (p.dishes[seat] || []).length) {
      fly(root.querySelector(`.sf-seat[data-seat="${seat}"] .sf-dish:last-child`), pile);
    }
  });
  // Cards drawn into the viewer's hand: from the deck.
  if (v.hand && p.hand) {
    const left = [...p.hand];
    root.querySelectorAll(".sf-hand-row .sf-card").forEach((el) => {
      const i = left.indexOf(el.dataset.card);
      if (i >= 0) left.splice(i, 1);
      else fly(el, deck);
    });
  }
  // Another player's hand grew: backs from the deck.
  for (let seat = 0; seat < v.players; seat += 1) {
    if (seat !== ctx.seat && v.hand_sizes[seat] > p.hand_sizes[seat]) {
      const backsEl = root.querySelectorAll(`.sf-seat[data-seat="${seat}"] .sf-hand-backs .sf-mini-back`);
      [...backsEl].slice(p.hand_sizes[seat]).forEach((el) => fly(el, deck));
    }
  }
  // A declaration: the face-down cards come from the chef's panel.
  if (v.declaration && !p.declaration) {
    const from = at(`.sf-seat[data-seat="${v.declaration.seat}"]`);
    root.querySelectorAll(".sf-claim-cards .sf-card").forEach((el) => fly(el, from));
  }
  // Tasted cards turn face up; a dish lands on the pile from the chef's panel.
  if (v.table.length > p.table.length && v.turn === p.turn) {
    const from = at(`.sf-seat[data-seat="${v.chef}"]`);
    root.querySelectorAll(".sf-pile-cards .sf-card").forEach((el, i) => {
      if (i >= p.table.length) {
        if (el.classList.contains("sf-flip")) el.animate([{ transform: "rotateY(90deg)" }, { transform: "none" }], { duration: 350, easing: "ease-out" });
        else fly(el, from);
      }
    });
  }
}

// --- the contract ---------------------------------------------------------------------------

function render(root, ctx) {
  const v = ctx.view;
  root.classList.add("sf-root");
  root.dataset.players = String(v.players);
  const ch = changes(ctx);
  const seats = h("div", { class: "sf-seats", style: `--n: ${v.players}` },
    Array.from({ length: v.players }, (_, seat) => seatPanel(ctx, seat, ch)));
  let bar = barPanel(ctx);
  let hand = null;
  // Picking a card redraws only the hand and the bar (no server round trip).
  const refresh = () => {
    const nextHand = handPanel(ctx, ch, refresh);
    const nextBar = barPanel(ctx);
    const focused = document.activeElement?.dataset?.index;
    if (hand && nextHand) hand.replaceWith(nextHand);
    bar.replaceWith(nextBar);
    hand = nextHand;
    bar = nextBar;
    if (focused !== undefined) hand?.querySelector(`[data-index="${focused}"]`)?.focus();
  };
  hand = handPanel(ctx, ch, refresh);
  // At the end the bar has nothing to offer: the scoreboard above the board says it all.
  const parts = [seats, notAsked(ctx), kitchenPanel(ctx, ch), hand, v.phase === "over" ? null : bar, historyPanel(ctx, ch)];
  root.append(...parts.filter(Boolean));
  animate(root, ctx);
}

/** "Bot 3 tasted first: the test was decided before you answered", once, on the board, when
 *  this viewer was asked and another seat's taste test came first. */
function notAsked(ctx) {
  const legal = ctx.legal || [];
  const v = ctx.view;
  if (legal.some((a) => a.type === "taste" || a.type === "trust")) {
    asked.declaration = JSON.stringify(v.declaration ?? v.turn);
    return null;
  }
  if (asked.declaration === null) return null;
  const taste = (ctx.recent || []).find((e) => e.event === "taste" && e.seat !== ctx.seat);
  const answered = (ctx.recent || []).some((e) => (e.event === "trust" || e.event === "taste") && e.seat === ctx.seat);
  if (!taste) return null;
  asked.declaration = null;
  if (answered) return null;
  return h("p", { class: "sf-not-asked", role: "status", text: ctx.t("tip.stirfry.not_asked", { name: who(ctx, taste.seat) }) });
}

function prompt(ctx) {
  const v = ctx.view;
  const legal = ctx.legal || [];
  if (!v || v.phase === "over" || !legal.length) return "";
  if (v.phase === "taste_test" && v.declaration) {
    const d = v.declaration;
    return ctx.t("stirfry.prompt.taste", { name: nameOf(ctx, d.seat), claim: claimText(ctx, d) });
  }
  if (v.phase === "discard") return ctx.t("stirfry.prompt.discard", { n: v.hand.length - HAND_LIMIT });
  return ctx.t("stirfry.prompt.chef");
}

function describeAction(a, ctx) {
  switch (a.type) {
    case "cook":
      return ctx.t("stirfry.act.cook", { cards: cards(ctx, a.cards), n: dishScore(a.cards) });
    // Another seat's declaration or discard in a replay comes without its cards (what all
    // saw: the server's public form), and reads so.
    case "declare":
      if (!("card" in a)) return ctx.t("stirfry.act.declare_hidden", { as: card(ctx, a.as), draws: DRAWS[a.as] });
      return ctx.t(a.card === a.as ? "stirfry.act.declare_honest" : "stirfry.act.declare_bluff", { card: card(ctx, a.card), as: card(ctx, a.as), draws: DRAWS[a.as] });
    case "declare_pair":
      if (!("cards" in a)) return ctx.t("stirfry.act.pair_hidden", { draws: DRAWS.pair });
      return ctx.t(isTrue(a.cards, "pair") ? "stirfry.act.pair_honest" : "stirfry.act.pair_bluff", { cards: cards(ctx, a.cards), draws: DRAWS.pair });
    case "end_turn":
      return ctx.t("stirfry.act.end_turn");
    case "discard":
      return "card" in a ? ctx.t("stirfry.discard_card", { card: card(ctx, a.card) }) : ctx.t("stirfry.discard_hidden");
    case "trust":
      return ctx.t("stirfry.act.trust");
    case "taste":
      return ctx.t("stirfry.act.taste");
    default:
      return a.type;
  }
}

function describeEvent(e, ctx) {
  const name = e.seat === undefined ? "" : who(ctx, e.seat);
  switch (e.event) {
    case "turn":
      return ctx.t("stirfry.ev.turn", { turn: e.turn, name });
    case "draw":
      if (e.reason === "deal") return "";
      return ctx.t(`stirfry.ev.draw_${e.reason === "declaration" || e.reason === "cook" ? e.reason : "turn"}`, { name, n: e.count });
    case "declare":
      return ctx.t(e.as === "pair" ? "stirfry.ev.declare_pair" : "stirfry.ev.declare_one", { name, what: claimName(ctx, e.as), draws: e.draws });
    case "trust":
      return ctx.t(e.timeout ? "stirfry.ev.trust_timeout" : "stirfry.ev.trust", { name });
    case "taste":
      // The first taste test decides at once: whoever had not answered is not asked, said.
      return `${ctx.t(e.bluff ? "stirfry.ev.taste_caught" : "stirfry.ev.taste_wrong", { name, cards: cards(ctx, e.cards) })} ${ctx.t("tip.stirfry.first_decides")}`;
    case "penalty":
      return "cards" in e ? ctx.t("stirfry.ev.lose_hand", { name, n: e.cards }) : ctx.t("stirfry.ev.lose_points", { name, n: -e.points });
    case "cook":
      return `${ctx.t("stirfry.ev.cook", { name, cards: cards(ctx, e.cards), n: e.points, total: e.total })} (${partsText(ctx, e.cards)})`;
    case "end_turn":
      return ctx.t("stirfry.ev.end_turn", { name });
    case "discard":
      return ctx.t("stirfry.ev.discard", { name });
    case "shuffle":
      return ctx.t("stirfry.ev.shuffle", { n: e.returned, count: e.returned, deck: e.deck });
    case "closing_time":
      return ctx.t("stirfry.ev.closing_time", { name });
    case "game_over":
      return ctx.t("stirfry.ev.game_over", { names: list(ctx, (e.winners || []).map((s) => who(ctx, s))) });
    default:
      return "";
  }
}

/** Places: winners first (under Meticulous Chef the target may be hit by a lower final score
 *  than another's), then by final score; equal scores share a place. */
function places(v) {
  const winners = new Set(v.winners || []);
  const seats = Array.from({ length: v.players }, (_, s) => s);
  const key = (s) => [winners.has(s) ? 1 : 0, v.scores[s]];
  const better = (a, b) => key(a)[0] > key(b)[0] || (key(a)[0] === key(b)[0] && key(a)[1] > key(b)[1]);
  return seats.map((s) => 1 + seats.filter((o) => better(o, s)).length);
}

/** What the scoreboard's figures do not say in words: under Meticulous Chef, how a score over
 *  the target became the final one. (Places, dishes and the deciding rule are on the board.) */
function describeResult(ctx) {
  const v = ctx.view;
  if (!v || v.phase !== "over" || !(v.options || {}).meticulous_chef) return "";
  const place = places(v);
  const seats = Array.from({ length: v.players }, (_, s) => s).sort((a, b) => place[a] - place[b] || a - b);
  return seats.filter((s) => v.points[s] > v.target).map((s) => ctx.t("stirfry.result.line_over", {
    place: place[s], name: who(ctx, s), n: v.scores[s], points: v.points[s], target: v.target, over: v.points[s] - v.target,
  })).join("\n");
}

function ruleLine(ctx) {
  const v = ctx.view;
  const o = v.options || {};
  if (o.meticulous_chef) return ctx.t("stirfry.result.rule_exact", { target: v.target });
  if (o.closing_time) return ctx.t("stirfry.result.rule_closing", { target: v.target });
  return ctx.t("stirfry.result.rule", { target: v.target });
}

/** The end as a scoreboard: each player's dishes (their points one by one), what wrong taste
 *  tests cost and the Meticulous Chef's overshoot where they count, the final score; the rule
 *  that decided. Columns that would be 0 for everyone are left out (narrow on a phone). */
function scoreboard(ctx) {
  const v = ctx.view;
  if (!v || v.phase !== "over") return null;
  const place = places(v);
  const cooked = v.dishes.map((dishes) => dishes.reduce((t, d) => t + d.points, 0));
  // Points not from dishes: a wrong taste test with an empty hand costs 5.
  const penalties = v.points.map((p, seat) => p - cooked[seat]);
  const overshoot = v.scores.map((score, seat) => score - v.points[seat]);
  const rows = Array.from({ length: v.players }, (_, seat) => {
    const dishes = v.dishes[seat];
    const parts = [{
      label: ctx.t("stirfry.board.dishes"),
      value: dishes.length ? ctx.t("stirfry.board.dish_sum", { list: dishes.map((d) => d.points).join(" + "), n: cooked[seat] }) : "—",
    }];
    if (penalties.some(Boolean)) parts.push({ label: ctx.t("stirfry.board.penalties"), value: penalties[seat] });
    if (overshoot.some(Boolean)) parts.push({ label: ctx.t("stirfry.board.overshoot"), value: overshoot[seat] });
    return { seat, rank: place[seat], total: v.scores[seat], parts };
  });
  const shared = (v.winners || []).length > 1;
  return { rows, note: [ruleLine(ctx), shared ? ctx.t("stirfry.result.shared") : null].filter(Boolean).join(" ") };
}

export { dishScore, dishParts, CARDS, art };

/** What leads to a move besides its own target, for the coach (coach.js): the cards of a
 *  dish to cook or a declaration still to pick in the hand, and the picked cards it does not
 *  use (to put back); its button under the hand is lit once the picked cards are its own. */
function locate(root, action) {
  const want = action.type === "declare" && "card" in action ? [action.card]
    : action.type === "cook" || action.type === "declare_pair" ? [...action.cards] : null;
  if (!want) return [];
  const picks = [...root.querySelectorAll("button.sf-pick")];
  const out = [];
  for (const b of picks.filter((x) => x.classList.contains("picked"))) {
    const i = want.indexOf(b.dataset.card);
    if (i >= 0) want.splice(i, 1);
    else out.push(b);
  }
  for (const b of picks.filter((x) => !x.classList.contains("picked"))) {
    const i = want.indexOf(b.dataset.card);
    if (i >= 0) {
      want.splice(i, 1);
      out.push(b);
    }
  }
  return out;
}

export default {
  locate,
  render,
  handles: new Set(["cook", "declare", "declare_pair", "end_turn", "discard", "trust", "taste"]),
  prompt,
  describeAction,
  describeEvent,
  describeResult,
  scoreboard,
  // The end's story (ending.js): why the game ended, each player's statistics.
  endReason,
  stats,
  // Every scoring in the end's story, in the log's words (ending.js).
  scorings: ["cook", "penalty"],
};
