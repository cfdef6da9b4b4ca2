// Stir Fry Eighteen: the renderer (see README.md in this folder for the contract).
//
// HTML cards, no board: the scores race to the target at the top, then this turn's kitchen
// (cards face up, face down, the declaration being answered), the viewer's hand with each
// card's values, and the chef's choices grouped as a cook would think of them: dishes by
// points, declarations by what they draw, or ending the turn. An opponent asked to answer a
// declaration sees two big buttons: trust or taste.

import { h } from "../dom.js";

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
const DRAWS = { chicken: 2, pork: 3, shrimp: 4, tofu: 1, pair: 3 }; // data.py: DECLARATION_DRAWS, PAIR_DRAWS

function nameOf(ctx, seat) {
  const p = (ctx.players || []).find((x) => x.seat === seat);
  return p && p.name ? p.name : ctx.t("stirfry.seat", { n: seat + 1 });
}

function who(ctx, seat) {
  return seat === ctx.seat ? ctx.t("stirfry.you_name", { name: nameOf(ctx, seat) }) : nameOf(ctx, seat);
}

const card = (ctx, name) => ctx.t(`stirfry.card.${name}`);
const cards = (ctx, names) => names.map((n) => card(ctx, n)).join(ctx.t("stirfry.plus"));

/** A dish's points: each card scores its best value whose partners are in the dish. */
function dishScore(names) {
  const has = new Set(names);
  const protein = names.some((n) => PROTEINS.has(n));
  let total = 0;
  for (const n of names) {
    if (n === "tofu" && protein) {
      total -= 5; // tofu with another protein (the promo card's rule)
      continue;
    }
    total += Math.max(...VALUES[n].filter(([, need]) => need.every((x) => has.has(x))).map(([v]) => v));
  }
  return total;
}

function valueText(ctx, name) {
  return VALUES[name]
    .map(([v, need]) => (need.length ? ctx.t("stirfry.value_with", { n: v, cards: cards(ctx, need) }) : String(v)))
    .join(" / ");
}

function cardFace(ctx, name, extra = {}) {
  const { action, selected } = extra;
  const body = [
    h("span", { class: "sf-card-name", text: card(ctx, name) }),
    h("span", { class: "sf-card-values", text: valueText(ctx, name) }),
  ];
  if (action) {
    const label = ctx.t("stirfry.discard_card", { card: card(ctx, name) });
    return h("button", {
      type: "button", class: `sf-card sf-${name} legal`, "data-action": JSON.stringify(action),
      "aria-label": label, title: label, onclick: () => ctx.act(action),
    }, body);
  }
  return h("div", { class: `sf-card sf-${name}${selected ? " selected" : ""}`, role: "img", "aria-label": card(ctx, name) }, body);
}

function back(ctx, n, label) {
  return h("div", { class: "sf-backs", role: "img", "aria-label": label },
    Array.from({ length: Math.min(n, 12) }, () => h("span", { class: "sf-back" })),
    n > 12 ? h("span", { class: "sf-more", text: `+${n - 12}` }) : null);
}

function actionButton(ctx, action, label, cls = "") {
  return h("button", {
    type: "button", class: `legal sf-action ${cls}`, "data-action": JSON.stringify(action), onclick: () => ctx.act(action),
  }, label);
}

function scoresPanel(ctx) {
  const v = ctx.view;
  return h("section", { class: "sf-scores", "aria-label": ctx.t("stirfry.scores") },
    Array.from({ length: v.players }, (_, seat) => {
      const share = Math.max(0, Math.min(1, v.scores[seat] / v.target));
      return h("div", { class: `sf-score${seat === v.chef ? " chef" : ""}` },
        h("div", { class: "sf-score-head" },
          h("span", { class: "chip", style: `background: var(--seat-${seat})` }),
          h("strong", { text: who(ctx, seat) }),
          seat === v.chef ? h("span", { class: "sf-tag", text: ctx.t("stirfry.chef") }) : null,
          h("span", { class: "sf-points", text: ctx.t("stirfry.points_of", { n: v.scores[seat], target: v.target }) })),
        h("div", { class: "sf-bar", role: "img", "aria-label": ctx.t("stirfry.points_of", { n: v.scores[seat], target: v.target }) },
          h("span", { style: `width: ${share * 100}%; background: var(--seat-${seat})` })),
        seat === ctx.seat ? null : back(ctx, v.hand_sizes[seat], ctx.t("stirfry.hand_size", { name: who(ctx, seat), n: v.hand_sizes[seat] })),
        v.extra_draws[seat] ? h("small", { class: "muted", text: ctx.t("stirfry.extra_draws", { n: v.extra_draws[seat] }) }) : null);
    }));
}

function kitchenPanel(ctx) {
  const v = ctx.view;
  const parts = [h("h3", { text: ctx.t("stirfry.kitchen", { name: who(ctx, v.chef) }) })];
  if (v.table.length) parts.push(h("p", {}, ctx.t("stirfry.face_up"), " ", h("span", { class: "sf-row" }, v.table.map((n) => cardFace(ctx, n)))));
  const down = v.face_down.reduce((a, b) => a + b, 0);
  if (down) parts.push(h("p", { text: ctx.t("stirfry.face_down", { n: down }) }));
  if (v.my_face_down.length) parts.push(h("p", { class: "muted", text: ctx.t("stirfry.my_face_down", { cards: cards(ctx, v.my_face_down) }) }));
  const d = v.declaration;
  if (d) {
    const what = d.as === "pair" ? ctx.t("stirfry.a_pair") : card(ctx, d.as);
    parts.push(h("p", { class: "sf-declaration" }, ctx.t("stirfry.declared", { name: who(ctx, d.seat), n: d.count, what, draws: d.draws })));
    if (d.waiting.length) parts.push(h("p", { class: "muted", text: ctx.t("stirfry.waiting", { names: d.waiting.map((s) => who(ctx, s)).join(ctx.t("stirfry.comma")) }) }));
  }
  const used = Object.entries(v.declared).filter(([, on]) => on).map(([k]) => ctx.t(`stirfry.declared_kind.${k}`));
  if (used.length) parts.push(h("p", { class: "muted", text: ctx.t("stirfry.used", { kinds: used.join(ctx.t("stirfry.comma")) }) }));
  if (v.bluff_caught) parts.push(h("p", { class: "sf-caught", text: ctx.t("stirfry.bluff_caught") }));
  if (parts.length === 1) parts.push(h("p", { class: "muted", text: ctx.t("stirfry.kitchen_empty") }));
  return h("section", { class: "sf-kitchen" }, parts);
}

function choicesPanel(ctx) {
  const legal = ctx.legal || [];
  const v = ctx.view;
  if (!legal.length) return null;
  const box = h("section", { class: "sf-choices", "aria-label": ctx.t("stirfry.choices") });
  const answers = legal.filter((a) => a.type === "trust" || a.type === "taste");
  if (answers.length) {
    box.append(h("p", { class: "sf-question", text: ctx.t("stirfry.question") }),
      h("div", { class: "sf-row" }, answers.map((a) => actionButton(ctx, a, describeAction(a, ctx), `big ${a.type}`))));
    return box;
  }
  const cooks = legal.filter((a) => a.type === "cook").sort((a, b) => dishScore(b.cards) - dishScore(a.cards));
  if (cooks.length) {
    box.append(h("h3", { text: ctx.t("stirfry.cook_title") }),
      h("div", { class: "sf-list" }, cooks.map((a) => actionButton(ctx, a, describeAction(a, ctx)))));
  }
  const declares = legal.filter((a) => a.type === "declare" || a.type === "declare_pair");
  if (declares.length) {
    const honest = (a) => (a.type === "declare" ? a.card === a.as : a.cards[0] === a.cards[1]);
    declares.sort((a, b) => Number(honest(b)) - Number(honest(a)));
    box.append(h("h3", { text: ctx.t("stirfry.declare_title") }),
      h("div", { class: "sf-list" }, declares.map((a) => actionButton(ctx, a, describeAction(a, ctx), honest(a) ? "honest" : "bluff"))));
  }
  const end = legal.find((a) => a.type === "end_turn");
  if (end) box.append(h("div", { class: "sf-row" }, actionButton(ctx, end, describeAction(end, ctx))));
  if (v.phase === "discard") box.append(h("p", { class: "sf-question", text: ctx.t("stirfry.discard_prompt") }));
  return box;
}

function render(root, ctx) {
  const v = ctx.view;
  root.classList.add("sf-root");
  const switches = ["empty_pantry", "meticulous_chef", "closing_time", "tofu"].filter((k) => v.options[k]);
  const discards = new Map((ctx.legal || []).filter((a) => a.type === "discard").map((a) => [a.card, a]));
  const hand = v.hand === null || v.hand === undefined ? null : h("section", { class: "sf-hand" },
    h("h3", { text: ctx.t("stirfry.your_hand", { n: v.hand.length }) }),
    h("div", { class: "sf-row" }, v.hand.map((n) => {
      const action = discards.get(n);
      if (action) discards.delete(n); // one button per card kind is enough
      return cardFace(ctx, n, { action });
    })));
  const parts = [
    h("p", { class: "sf-status" },
      ctx.t("stirfry.status", { target: v.target, turn: v.turn, deck: v.deck }),
      switches.length ? ` · ${switches.map((k) => ctx.t(`stirfry.option.${k}`)).join(ctx.t("stirfry.comma"))}` : "",
      v.final_round ? ` · ${ctx.t("stirfry.final_round")}` : ""),
    scoresPanel(ctx),
    h("div", { class: "sf-middle" }, kitchenPanel(ctx), choicesPanel(ctx)),
    hand,
  ];
  root.append(...parts.filter(Boolean));
}

function prompt(ctx) {
  const v = ctx.view;
  const legal = ctx.legal || [];
  if (!legal.length) return "";
  if (v.phase === "taste_test") return ctx.t("stirfry.prompt.taste", { name: who(ctx, v.declaration.seat) });
  if (v.phase === "discard") return ctx.t("stirfry.prompt.discard");
  return ctx.t("stirfry.prompt.chef");
}

function describeAction(a, ctx) {
  switch (a.type) {
    case "cook":
      return ctx.t("stirfry.act.cook", { cards: cards(ctx, a.cards), n: dishScore(a.cards) });
    case "declare":
      return ctx.t(a.card === a.as ? "stirfry.act.declare_honest" : "stirfry.act.declare_bluff", { card: card(ctx, a.card), as: card(ctx, a.as), draws: DRAWS[a.as] });
    case "declare_pair":
      return ctx.t(a.cards[0] === a.cards[1] ? "stirfry.act.pair_honest" : "stirfry.act.pair_bluff", { cards: cards(ctx, a.cards), draws: DRAWS.pair });
    case "end_turn":
      return ctx.t("stirfry.act.end_turn");
    case "discard":
      return ctx.t("stirfry.discard_card", { card: card(ctx, a.card) });
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
      return e.reason === "deal" ? "" : ctx.t("stirfry.ev.draw", { name, n: e.count });
    case "declare":
      return ctx.t("stirfry.ev.declare", { name, n: e.count, what: e.as === "pair" ? ctx.t("stirfry.a_pair") : card(ctx, e.as), draws: e.draws });
    case "trust":
      return ctx.t("stirfry.ev.trust", { name });
    case "taste":
      return ctx.t(e.bluff ? "stirfry.ev.taste_caught" : "stirfry.ev.taste_wrong", { name, cards: cards(ctx, e.cards) });
    case "penalty":
      return "cards" in e ? ctx.t("stirfry.ev.lose_hand", { name, n: e.cards }) : ctx.t("stirfry.ev.lose_points", { name, n: -e.points });
    case "cook":
      return ctx.t("stirfry.ev.cook", { name, cards: cards(ctx, e.cards), n: e.points, total: e.total });
    case "end_turn":
      return ctx.t("stirfry.ev.end_turn", { name });
    case "discard":
      return ctx.t("stirfry.ev.discard", { name });
    case "shuffle":
      return ctx.t("stirfry.ev.shuffle", { n: e.returned, deck: e.deck });
    case "closing_time":
      return ctx.t("stirfry.ev.closing_time", { name });
    case "game_over":
      return ctx.t("stirfry.ev.game_over", { names: (e.winners || []).map((s) => who(ctx, s)).join(ctx.t("stirfry.comma")) });
    default:
      return "";
  }
}

function describeResult(ctx) {
  const v = ctx.view;
  if (!v || v.phase !== "over") return "";
  const order = Array.from({ length: v.players }, (_, s) => s).sort((a, b) => v.scores[b] - v.scores[a]);
  const lines = order.map((s) => ctx.t("stirfry.result.line", { name: who(ctx, s), n: v.scores[s] }));
  lines.push(ctx.t(v.options.meticulous_chef ? "stirfry.result.rule_exact" : "stirfry.result.rule", { target: v.target }));
  return lines.join("\n");
}

export default {
  render,
  handles: new Set(["cook", "declare", "declare_pair", "end_turn", "discard", "trust", "taste"]),
  prompt,
  describeAction,
  describeEvent,
  describeResult,
};
