// Stir Fry Eighteen: the renderer (see README.md in this folder for the contract).
//
// HTML cards, no board. From top to bottom: the table (target, turn, deck, variants in
// play), the score race with each rival's hand size, a taste-test question when the viewer
// must answer a declaration, this turn's kitchen (the declaration waiting for answers, cards
// face up and face down) beside the dishes served so far, the viewer's hand (cards with their
// values; clicked to discard at the end of the turn), and the chef's choices: dishes by
// points with each card's score, declarations as a grid (each card of the hand × what it may
// be declared as; honest ones marked), pairs, and ending the turn.

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
const VEGETABLES = new Set(["leek", "ginger", "mushroom"]);
const DRAWS = { chicken: 2, pork: 3, shrimp: 4, tofu: 1, pair: 3 }; // data.py: DECLARATION_DRAWS, PAIR_DRAWS
const TOFU_WITH_PROTEIN = -5;
const WRONG_TASTE_POINTS = 5;
const HAND_LIMIT = 3;
const KIND = { noodles: "noodles", soy: "sauce", leek: "veg", ginger: "veg", mushroom: "veg", chicken: "meat", pork: "meat", shrimp: "meat", tofu: "tofu" };

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

// --- remembering the dishes served (the view shows only this turn's table) ----------------

const served = { key: "", sig: "", turn: 0, dishes: [] };

function remember(v) {
  const key = `${typeof location === "undefined" ? "" : location.hash}|${v.seat}|${v.players}|${JSON.stringify(v.options)}`;
  if (served.key !== key || v.turn < served.turn) {
    served.key = key;
    served.sig = "";
    served.dishes = [];
  }
  served.turn = v.turn;
  const sig = JSON.stringify([v.turn, v.phase, v.points, v.deck, v.hand_sizes, v.events]);
  if (sig === served.sig) return; // the same state drawn again (a new language, a redraw)
  served.sig = sig;
  const events = v.events || [];
  let turn = v.turn - events.filter((e) => e.event === "turn").length;
  for (const e of events) {
    if (e.event === "turn") turn = e.turn;
    if (e.event === "cook") served.dishes.push({ seat: e.seat, cards: e.cards, points: e.points, turn });
  }
  // The dish of this turn stays on the table until the turn ends: make sure it is listed.
}

// --- pieces --------------------------------------------------------------------------------

function valueLines(ctx, name) {
  return VALUES[name].slice(1).map(([v, need]) => ctx.t("stirfry.value_with", { n: v, cards: cards(ctx, need) }))
    .concat(name === "tofu" ? [ctx.t("stirfry.tofu_minus", { n: TOFU_WITH_PROTEIN })] : []);
}

/** A card: its kind's colour, its name, its base value large and its better values below. */
function cardFace(ctx, name, opts = {}) {
  const { action, small, note } = opts;
  const cls = `sf-card sf-${name} sf-kind-${KIND[name]}${small ? " sf-small" : ""}`;
  const body = [
    h("span", { class: "sf-card-name", text: card(ctx, name) }),
    small ? null : h("span", { class: "sf-card-base", text: String(VALUES[name][0][0]) }),
    small ? null : h("span", { class: "sf-card-values" }, valueLines(ctx, name).map((l, i) => {
      // A better value whose partners are all in the hand too is lit.
      const need = i + 1 < VALUES[name].length ? VALUES[name][i + 1][1] : null;
      const on = opts.hand && need && need.every((x) => opts.hand.includes(x));
      return h("span", { class: on ? "sf-on" : null, text: l });
    })),
    note ? h("span", { class: "sf-card-note", text: note }) : null,
  ];
  const label = `${card(ctx, name)}: ${[String(VALUES[name][0][0]), ...valueLines(ctx, name)].join(" / ")}`;
  if (action) {
    const text = ctx.t("stirfry.discard_card", { card: card(ctx, name) });
    return h("button", {
      type: "button", class: `${cls} legal`, "data-action": JSON.stringify(action),
      "aria-label": `${text} (${label})`, title: text, onclick: () => ctx.act(action),
    }, body);
  }
  return h("div", { class: cls, role: "img", "aria-label": label, title: label }, body);
}

function chip(ctx, name) {
  return h("span", { class: `sf-chip sf-kind-${KIND[name]}`, text: card(ctx, name) });
}

/** A dish's cards as chips, each with the points it scores in this dish. */
function pointChips(ctx, names) {
  return dishParts(names).map(([n, pts]) => h("span", { class: `sf-chip sf-kind-${KIND[n]}` }, card(ctx, n), h("b", { text: ` ${pts}` })));
}

function backs(ctx, n, label, cls = "") {
  return h("span", { class: `sf-backs ${cls}`, role: "img", "aria-label": label, title: label },
    Array.from({ length: Math.min(n, 10) }, () => h("span", { class: "sf-back" })),
    n > 10 ? h("span", { class: "sf-more", text: `+${n - 10}` }) : null);
}

function actionButton(ctx, action, content, cls = "", label = null) {
  const text = label || describeAction(action, ctx);
  return h("button", {
    type: "button", class: `legal sf-action ${cls}`, "data-action": JSON.stringify(action),
    "aria-label": text, title: text, onclick: () => ctx.act(action),
  }, content ?? text);
}

// --- the parts of the page -------------------------------------------------------------------

function statusLine(ctx) {
  const v = ctx.view;
  const switches = ["empty_pantry", "meticulous_chef", "closing_time", "tofu"].filter((k) => v.options[k]);
  return h("div", { class: "sf-status" },
    h("span", { class: "sf-pill sf-target", text: ctx.t("stirfry.target", { target: v.target }) }),
    h("span", { class: "sf-pill", text: ctx.t("stirfry.turn_n", { turn: v.turn }) }),
    h("span", { class: "sf-pill", title: ctx.t("stirfry.deck_help") },
      backs(ctx, 1, "", "sf-deck-back"), ctx.t("stirfry.deck_n", { n: v.deck })),
    h("span", { class: "sf-variants" },
      h("span", { class: "sf-muted", text: ctx.t("stirfry.variants") }),
      switches.length
        ? switches.map((k) => h("span", { class: "sf-pill sf-variant", title: ctx.t(`stirfry.option_help.${k}`), text: ctx.t(`stirfry.option.${k}`) }))
        : h("span", { class: "sf-muted", text: ctx.t("stirfry.no_variants") })),
    v.final_round ? h("span", { class: "sf-pill sf-final", text: ctx.t("stirfry.final_round", { names: list(ctx, v.final_round.map((s) => who(ctx, s))) }) }) : null);
}

function scoresPanel(ctx) {
  const v = ctx.view;
  const over = v.phase === "over";
  return h("section", { class: "sf-scores", "aria-label": ctx.t("stirfry.scores") },
    Array.from({ length: v.players }, (_, seat) => {
      const pts = v.points[seat];
      const share = Math.max(0, Math.min(1, pts / v.target));
      const deciding = (v.to_move || []).includes(seat) && !over;
      const won = (v.winners || []).includes(seat);
      const cls = `sf-score${seat === v.chef && !over ? " chef" : ""}${seat === ctx.seat ? " mine" : ""}${won ? " won" : ""}`;
      return h("div", { class: cls, style: `--c: var(--seat-${seat})`, "data-seat": seat },
        h("div", { class: "sf-score-head" },
          h("span", { class: "sf-swatch", "aria-hidden": "true" }),
          h("strong", { text: who(ctx, seat) }),
          seat === v.chef && !over ? h("span", { class: "sf-tag", text: ctx.t("stirfry.chef") }) : null,
          deciding && seat !== v.chef ? h("span", { class: "sf-tag sf-tag-answer", text: ctx.t("stirfry.answering") }) : null,
          won ? h("span", { class: "sf-tag sf-tag-won", text: ctx.t("stirfry.winner") }) : null,
          h("span", { class: "sf-points", text: ctx.t("stirfry.points_of", { n: pts, target: v.target }) })),
        h("div", { class: "sf-bar", role: "img", "aria-label": ctx.t("stirfry.points_of", { n: pts, target: v.target }) },
          h("span", { style: `width: ${share * 100}%` })),
        h("div", { class: "sf-score-foot" },
          backs(ctx, v.hand_sizes[seat], ctx.t("stirfry.hand_size", { name: who(ctx, seat), n: v.hand_sizes[seat] })),
          h("span", { class: "sf-muted", text: ctx.t("stirfry.in_hand", { n: v.hand_sizes[seat] }) }),
          v.extra_draws[seat] ? h("span", { class: "sf-extra", text: ctx.t("stirfry.extra_draws", { n: v.extra_draws[seat], count: v.extra_draws[seat] }) }) : null));
    }));
}

/** The taste test, for an opponent asked to answer: what was said, what each answer risks. */
function questionPanel(ctx) {
  const legal = ctx.legal || [];
  const answers = legal.filter((a) => a.type === "trust" || a.type === "taste");
  const d = ctx.view.declaration;
  if (!answers.length || !d) return null;
  const v = ctx.view;
  const chef = nameOf(ctx, d.seat);
  const mine = v.hand_sizes[ctx.seat];
  const claim = d.as === "pair" ? ctx.t("stirfry.claim_pair") : ctx.t("stirfry.claim_one", { card: card(ctx, d.as) });
  const trust = answers.find((a) => a.type === "trust");
  const taste = answers.find((a) => a.type === "taste");
  return h("section", { class: "sf-question", role: "group", "aria-label": ctx.t("stirfry.question") },
    h("h3", { text: ctx.t("stirfry.question") }),
    h("p", { class: "sf-claim" },
      backs(ctx, d.count, ctx.t("stirfry.face_down_n", { n: d.count, count: d.count }), "sf-claim-backs"),
      h("span", { text: ctx.t("stirfry.claim_line", { name: chef, claim }) })),
    // Each protein (and tofu) is in the deck once: holding it proves the claim false.
    d.as !== "pair" && (v.hand || []).includes(d.as) ? h("p", { class: "sf-hint", text: ctx.t("stirfry.hint_you_hold", { card: card(ctx, d.as) }) }) : null,
    h("div", { class: "sf-answers" },
      trust ? h("div", { class: "sf-answer" },
        actionButton(ctx, trust, ctx.t("stirfry.act.trust"), "big trust"),
        h("p", { text: ctx.t("stirfry.if_trust", { name: chef, n: d.draws, count: d.draws }) })) : null,
      taste ? h("div", { class: "sf-answer" },
        actionButton(ctx, taste, ctx.t("stirfry.act.taste"), "big taste"),
        h("p", { text: ctx.t("stirfry.if_bluff", { name: chef }) }),
        h("p", { text: mine ? ctx.t("stirfry.if_honest_hand", { name: chef, n: mine, draws: d.draws }) : ctx.t("stirfry.if_honest_points", { name: chef, n: WRONG_TASTE_POINTS, draws: d.draws }) })) : null),
    d.trusted && d.trusted.length ? h("p", { class: "sf-muted", text: ctx.t("stirfry.trusted_by", { names: list(ctx, d.trusted.map((s) => who(ctx, s))) }) }) : null);
}

function kitchenPanel(ctx) {
  const v = ctx.view;
  const parts = [h("h3", { text: ctx.t("stirfry.kitchen", { name: who(ctx, v.chef) }) })];
  const d = v.declaration;
  if (d) {
    const claim = d.as === "pair" ? ctx.t("stirfry.claim_pair") : ctx.t("stirfry.claim_one", { card: card(ctx, d.as) });
    parts.push(h("div", { class: "sf-declaration" },
      backs(ctx, d.count, ctx.t("stirfry.face_down_n", { n: d.count, count: d.count }), "sf-claim-backs"),
      h("div", {},
        h("p", { text: ctx.t("stirfry.claim_line", { name: who(ctx, d.seat), claim }) }),
        d.cards ? h("p", { class: "sf-muted", text: ctx.t(isTrue(d.cards, d.as) ? "stirfry.really_true" : "stirfry.really_bluff", { cards: cards(ctx, d.cards) }) }) : null,
        d.waiting.length ? h("p", { class: "sf-muted", text: ctx.t("stirfry.waiting", { names: list(ctx, d.waiting.map((s) => who(ctx, s))) }) }) : null,
        d.trusted.length ? h("p", { class: "sf-muted", text: ctx.t("stirfry.trusted_by", { names: list(ctx, d.trusted.map((s) => who(ctx, s))) }) }) : null)));
  }
  if (v.table.length) {
    // The table holds the tasted declarations in order, then the dish (cooking ends the turn).
    const last = served.dishes[served.dishes.length - 1];
    const dish = last && last.turn === v.turn && last.seat === v.chef && v.table.length >= last.cards.length
      && last.cards.every((n, i) => v.table[v.table.length - last.cards.length + i] === n) ? last : null;
    const tasted = dish ? v.table.slice(0, v.table.length - dish.cards.length) : v.table;
    if (tasted.length) {
      // Before cooking the table holds only tasted cards; later, unknown (a page opened afresh).
      const sure = dish || v.phase === "chef" || v.phase === "taste_test";
      parts.push(h("p", { class: "sf-label", text: ctx.t(sure ? "stirfry.tasted_up" : "stirfry.face_up") }),
        h("div", { class: "sf-row" }, tasted.map((n) => cardFace(ctx, n, { small: true }))));
    }
    if (dish) {
      parts.push(h("p", { class: "sf-label", text: ctx.t("stirfry.dish_up", { n: dish.points }) }),
        h("div", { class: "sf-row" }, pointChips(ctx, dish.cards)));
    }
  }
  const down = v.face_down.map((n, seat) => [seat, n]).filter(([, n]) => n);
  for (const [seat, n] of down) {
    const text = ctx.t("stirfry.face_down_of", { name: who(ctx, seat), n, count: n });
    parts.push(h("p", { class: "sf-row sf-down" }, backs(ctx, n, text), h("span", { text })));
  }
  if (v.my_face_down && v.my_face_down.length) parts.push(h("p", { class: "sf-muted", text: ctx.t("stirfry.my_face_down", { cards: cards(ctx, v.my_face_down) }) }));
  const used = Object.entries(v.declared || {}).filter(([, on]) => on).map(([k]) => ctx.t(`stirfry.declared_kind.${k}`));
  if (used.length && v.phase !== "over") parts.push(h("p", { class: "sf-muted", text: ctx.t("stirfry.used", { kinds: list(ctx, used) }) }));
  if (v.bluff_caught) parts.push(h("p", { class: "sf-caught", text: ctx.t("stirfry.bluff_caught") }));
  if (parts.length === 1) parts.push(h("p", { class: "sf-muted", text: ctx.t("stirfry.kitchen_empty") }));
  return h("section", { class: "sf-kitchen", "aria-label": ctx.t("stirfry.kitchen", { name: who(ctx, v.chef) }) }, parts);
}

function dishesPanel(ctx) {
  const dishes = served.dishes.slice(-6).reverse();
  const box = h("section", { class: "sf-dishes", "aria-label": ctx.t("stirfry.dishes") },
    h("h3", { text: ctx.t("stirfry.dishes") }));
  if (!dishes.length) {
    box.append(h("p", { class: "sf-muted", text: ctx.t("stirfry.no_dishes") }));
    return box;
  }
  box.append(h("ol", { class: "sf-dish-list" }, dishes.map((d) =>
    h("li", { style: `--c: var(--seat-${d.seat})` },
      h("span", { class: "sf-swatch", "aria-hidden": "true" }),
      h("span", { class: "sf-dish-who", text: ctx.t("stirfry.dish_who", { name: who(ctx, d.seat), turn: d.turn }) }),
      h("span", { class: "sf-dish-cards" }, pointChips(ctx, d.cards)),
      h("strong", { class: "sf-dish-pts", text: ctx.t("stirfry.pts", { n: d.points }) })))));
  return box;
}

function handPanel(ctx) {
  const v = ctx.view;
  if (v.hand === null || v.hand === undefined) return null;
  const discards = new Map((ctx.legal || []).filter((a) => a.type === "discard").map((a) => [a.card, a]));
  const box = h("section", { class: `sf-hand${discards.size ? " sf-discarding" : ""}`, "aria-label": ctx.t("stirfry.your_hand", { n: v.hand.length }) },
    h("h3", { text: ctx.t("stirfry.your_hand", { n: v.hand.length }) }));
  box.append(h("p", { class: "sf-muted", text: ctx.t("stirfry.hand_help") }));
  if (discards.size) box.append(h("p", { class: "sf-ask", text: ctx.t("stirfry.discard_prompt", { n: v.hand.length - HAND_LIMIT }) }));
  box.append(h("div", { class: "sf-row sf-hand-row" }, v.hand.map((n) => {
    const action = discards.get(n);
    if (action) discards.delete(n); // one button per card kind: the copies are the same
    return cardFace(ctx, n, { action, hand: v.hand });
  })));
  if (!v.hand.length) box.lastChild.append(h("span", { class: "sf-muted", text: ctx.t("stirfry.empty_hand") }));
  return box;
}

function choicesPanel(ctx) {
  const legal = ctx.legal || [];
  const chefTypes = new Set(["cook", "declare", "declare_pair", "end_turn"]);
  if (!legal.some((a) => chefTypes.has(a.type))) return null;
  const box = h("section", { class: "sf-choices", "aria-label": ctx.t("stirfry.choices") });

  // Cooking: one dish ends the turn.
  const cooks = legal.filter((a) => a.type === "cook").sort((a, b) => dishScore(b.cards) - dishScore(a.cards) || b.cards.length - a.cards.length);
  const cookBox = h("div", { class: "sf-block sf-cook" }, h("h3", { text: ctx.t("stirfry.cook_title") }));
  if (cooks.length) {
    cookBox.append(h("p", { class: "sf-muted", text: ctx.t("stirfry.cook_help") }),
      h("div", { class: "sf-list" }, cooks.map((a) => actionButton(ctx, a, [
        h("span", { class: "sf-dish-total", text: ctx.t("stirfry.pts", { n: dishScore(a.cards) }) }),
        h("span", { class: "sf-dish-parts" }, pointChips(ctx, a.cards)),
      ], "sf-cook-btn"))));
  } else {
    cookBox.append(h("p", { class: "sf-muted", text: ctx.t("stirfry.cannot_cook") }));
  }

  // Declaring: a grid of the hand's cards × what a single card may be declared as, then pairs.
  const singles = legal.filter((a) => a.type === "declare");
  const pairs = legal.filter((a) => a.type === "declare_pair");
  const declBox = h("div", { class: "sf-block sf-declare" }, h("h3", { text: ctx.t("stirfry.declare_title") }));
  const used = ctx.view.declared || {};
  if (singles.length) {
    const claims = [...new Set(singles.map((a) => a.as))];
    const rows = [...new Set(singles.map((a) => a.card))];
    const grid = h("table", { class: "sf-grid" },
      h("caption", { text: ctx.t("stirfry.declare_one") }),
      h("thead", {}, h("tr", {}, h("th", { scope: "col", text: ctx.t("stirfry.lay_down") }),
        claims.map((as) => h("th", { scope: "col", text: ctx.t("stirfry.as_claim", { card: card(ctx, as), n: DRAWS[as] }) })))),
      h("tbody", {}, rows.map((c) => h("tr", {},
        h("th", { scope: "row" }, chip(ctx, c)),
        claims.map((as) => {
          const a = singles.find((x) => x.card === c && x.as === as);
          if (!a) return h("td");
          const honest = c === as;
          return h("td", {}, actionButton(ctx, a, ctx.t(honest ? "stirfry.honest" : "stirfry.bluff"), honest ? "honest" : "bluff"));
        })))));
    declBox.append(grid);
  } else if (used.protein) {
    declBox.append(h("p", { class: "sf-muted", text: ctx.t("stirfry.single_used") }));
  }
  if (pairs.length) {
    const honest = (a) => isTrue(a.cards, "pair");
    pairs.sort((a, b) => Number(honest(b)) - Number(honest(a)));
    declBox.append(h("p", { class: "sf-label", text: ctx.t("stirfry.declare_pair", { n: DRAWS.pair }) }),
      h("div", { class: "sf-pairs" }, pairs.map((a) => actionButton(ctx, a, [
        h("span", { class: "sf-dish-parts" }, a.cards.map((n) => chip(ctx, n))),
        h("span", { class: "sf-verdict", text: ctx.t(honest(a) ? "stirfry.honest" : "stirfry.bluff") }),
      ], honest(a) ? "honest" : "bluff"))));
  } else if (used.pair) {
    declBox.append(h("p", { class: "sf-muted", text: ctx.t("stirfry.pair_used") }));
  }
  if (singles.length || pairs.length) declBox.append(h("p", { class: "sf-muted", text: ctx.t("stirfry.declare_help") }));
  else if (!used.protein && !used.pair) declBox.append(h("p", { class: "sf-muted", text: ctx.t("stirfry.cannot_declare") }));

  box.append(h("div", { class: "sf-blocks" }, cookBox, declBox));
  const end = legal.find((a) => a.type === "end_turn");
  if (end) {
    box.append(h("div", { class: "sf-end" }, actionButton(ctx, end, ctx.t("stirfry.act.end_turn"), "sf-end-btn"),
      h("span", { class: "sf-muted", text: ctx.t("stirfry.end_help") })));
  }
  return box;
}

// --- the contract ---------------------------------------------------------------------------

function render(root, ctx) {
  const v = ctx.view;
  root.classList.add("sf-root");
  remember(v);
  root.append(...[
    statusLine(ctx),
    scoresPanel(ctx),
    questionPanel(ctx),
    h("div", { class: "sf-middle" }, kitchenPanel(ctx), dishesPanel(ctx)),
    handPanel(ctx),
    choicesPanel(ctx),
  ].filter(Boolean));
}

function prompt(ctx) {
  const v = ctx.view;
  const legal = ctx.legal || [];
  if (!v || v.phase === "over" || !legal.length) return "";
  if (v.phase === "taste_test" && v.declaration) {
    const d = v.declaration;
    return ctx.t("stirfry.prompt.taste", { name: nameOf(ctx, d.seat), claim: d.as === "pair" ? ctx.t("stirfry.claim_pair") : ctx.t("stirfry.claim_one", { card: card(ctx, d.as) }) });
  }
  if (v.phase === "discard") return ctx.t("stirfry.prompt.discard", { n: v.hand.length - HAND_LIMIT });
  return ctx.t("stirfry.prompt.chef");
}

function describeAction(a, ctx) {
  switch (a.type) {
    case "cook":
      return ctx.t("stirfry.act.cook", { cards: cards(ctx, a.cards), n: dishScore(a.cards) });
    case "declare":
      return ctx.t(a.card === a.as ? "stirfry.act.declare_honest" : "stirfry.act.declare_bluff", { card: card(ctx, a.card), as: card(ctx, a.as), draws: DRAWS[a.as] });
    case "declare_pair":
      return ctx.t(isTrue(a.cards, "pair") ? "stirfry.act.pair_honest" : "stirfry.act.pair_bluff", { cards: cards(ctx, a.cards), draws: DRAWS.pair });
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
      if (e.reason === "deal") return "";
      return ctx.t(`stirfry.ev.draw_${e.reason === "declaration" || e.reason === "cook" ? e.reason : "turn"}`, { name, n: e.count });
    case "declare":
      return ctx.t(e.as === "pair" ? "stirfry.ev.declare_pair" : "stirfry.ev.declare_one", { name, what: claimName(ctx, e.as), draws: e.draws });
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
      return ctx.t("stirfry.ev.shuffle", { n: e.returned, count: e.returned, deck: e.deck });
    case "closing_time":
      return ctx.t("stirfry.ev.closing_time", { name });
    case "game_over":
      return ctx.t("stirfry.ev.game_over", { names: list(ctx, (e.winners || []).map((s) => who(ctx, s))) });
    default:
      return "";
  }
}

/** The ranking: places by final score (equal scores share a place), and the rule that decided. */
function describeResult(ctx) {
  const v = ctx.view;
  if (!v || v.phase !== "over") return "";
  const o = v.options || {};
  const seats = Array.from({ length: v.players }, (_, s) => s);
  const winners = new Set(v.winners || []);
  // Winners first (the target may be hit by a lower final score under Meticulous Chef), then by score.
  seats.sort((a, b) => Number(winners.has(b)) - Number(winners.has(a)) || v.scores[b] - v.scores[a] || a - b);
  const lines = [];
  let place = 0;
  seats.forEach((s, i) => {
    const prev = seats[i - 1];
    if (i === 0 || winners.has(prev) !== winners.has(s) || v.scores[prev] !== v.scores[s]) place = i + 1;
    const params = { place, name: who(ctx, s), n: v.scores[s], points: v.points[s], target: v.target, over: v.points[s] - v.target };
    lines.push(ctx.t(o.meticulous_chef && v.points[s] > v.target ? "stirfry.result.line_over" : "stirfry.result.line", params));
  });
  if (o.meticulous_chef) lines.push(ctx.t("stirfry.result.rule_exact", { target: v.target }));
  else if (o.closing_time) lines.push(ctx.t("stirfry.result.rule_closing", { target: v.target }));
  else lines.push(ctx.t("stirfry.result.rule", { target: v.target }));
  if (winners.size > 1) lines.push(ctx.t("stirfry.result.shared"));
  return lines.join("\n");
}

export { dishScore, dishParts, CARDS };

export default {
  render,
  handles: new Set(["cook", "declare", "declare_pair", "end_turn", "discard", "trust", "taste"]),
  prompt,
  describeAction,
  describeEvent,
  describeResult,
};
