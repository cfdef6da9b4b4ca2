// Bison: Thunder on the Prairie: the renderer (see README.md in this folder for the contract).
//
// The prairie is one SVG drawn from the view's own geometry: every space's outline
// (grassland, river, mountain) with its animals as dots, the pieces on it in the owner's
// colour (hunters as discs with their number, tents as triangles, canoes as boats, each with
// its size), the corner ponds, and the open spots where a tile may go. Hovering a space
// lights up its whole region. Decisions on the board: laying the drawn tile (turn it with
// the three previews, then click a lit spot), putting hunters on a space, gathering and
// moving (click a lit hunter, then a lit destination). The others (which action, how many
// hunters, paying, buying) are buttons made by the table page from describeAction.

import { h, svg as s } from "../dom.js";

const SCALE = 60; // screen units per tile radius
const ANIMALS = ["bison", "fish", "turkeys"];
const TERRAINS = ["grassland", "river", "mountain"];
const ANIMAL_COLOUR = { bison: "#5d3a1a", fish: "#1565c0", turkeys: "#c62828" };
const COSTS = { 0: 0, 1: 0, 2: 2, 3: 4, 4: 7, 5: 10 }; // animals paid for n hunters (data.py)

let orientation = 0; // the placement preview chosen, kept across redraws
let from = null; // the hunter chosen to move or gather, kept across redraws
let lastRoot = null;


function nameOf(ctx, seat) {
  const p = (ctx.players || []).find((x) => x.seat === seat);
  return p && p.name ? p.name : ctx.t("bison.seat", { n: seat + 1 });
}

function who(ctx, seat) {
  return seat === ctx.seat ? ctx.t("bison.you_name", { name: nameOf(ctx, seat) }) : nameOf(ctx, seat);
}

const animal = (ctx, a, n = 1) => ctx.t(`bison.animal.${a}`, { n });

function spaceName(ctx, space) {
  return ctx.t("bison.space", { terrain: ctx.t(`bison.terrain.${TERRAINS[space % 3]}`), n: Math.floor(space / 3) });
}

function amounts(ctx, counts) {
  const parts = ANIMALS.filter((a) => counts[a]).map((a) => `${counts[a]} ${animal(ctx, a, counts[a])}`);
  return parts.join(ctx.t("bison.comma")) || ctx.t("bison.nothing");
}

const pts = (poly) => poly.map(([x, y]) => `${(x * SCALE).toFixed(1)},${(y * SCALE).toFixed(1)}`).join(" ");

function centre(cell) {
  const [q, r] = cell;
  return [Math.sqrt(3) * (q + r / 2), 1.5 * r];
}

/** A tile's three outlines turned by 120° × o (views.py: counter-clockwise on paper). */
function turned(polygons, o) {
  const rad = (120 * o * Math.PI) / 180;
  const cos = Math.cos(rad);
  const sin = Math.sin(rad);
  return polygons.map((poly) => poly.map(([x, y]) => [x * cos + y * sin, -x * sin + y * cos]));
}

function clickable(el, ctx, action, label) {
  el.classList.add("legal");
  el.setAttribute("role", "button");
  el.setAttribute("tabindex", "0");
  el.setAttribute("data-action", JSON.stringify(action));
  el.setAttribute("aria-label", label);
  el.addEventListener("click", (e) => { e.stopPropagation(); ctx.act(action); });
  el.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); ctx.act(action); } });
  return el;
}

function selectable(el, ctx, label, onPick) {
  el.classList.add("bison-pick");
  el.setAttribute("role", "button");
  el.setAttribute("tabindex", "0");
  el.setAttribute("aria-label", label);
  el.addEventListener("click", (e) => { e.stopPropagation(); onPick(); redraw(ctx); });
  el.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); onPick(); redraw(ctx); } });
  return el;
}

function redraw(ctx) {
  if (!lastRoot) return;
  lastRoot.replaceChildren();
  render(lastRoot, ctx);
}

function pieces(v, sp, x, y) {
  const group = s("g", { class: "bison-pieces" });
  if (sp.owner < 0) return group;
  const colour = `var(--seat-${sp.owner})`;
  let dx = 0;
  if (sp.tent || sp.canoe) {
    const size = sp.tent || sp.canoe;
    const shape = sp.tent
      ? s("polygon", { points: `${x - 9},${y + 6} ${x},${y - 10} ${x + 9},${y + 6}`, fill: colour, stroke: "#222" })
      : s("path", { d: `M${x - 11},${y - 3} Q${x},${y + 12} ${x + 11},${y - 3} Z`, fill: colour, stroke: "#222" });
    group.append(shape, s("text", { x, y: y + 4, class: "bison-size", text: String(size) }));
    dx = 13;
  }
  if (sp.hunters) {
    group.append(s("circle", { cx: x + dx, cy: y, r: 8, fill: colour, stroke: "#222" }),
      s("text", { x: x + dx, y: y + 4, class: "bison-size", text: String(sp.hunters) }));
  }
  return group;
}

function board(ctx) {
  const v = ctx.view;
  const legal = ctx.legal || [];
  const svg = s("svg", { class: "bison-board", role: "img", "aria-label": ctx.t("bison.board_label") });
  const all = [];
  for (const sp of v.spaces) all.push(...sp.polygon);
  for (const p of v.open_positions) {
    const [cx, cy] = centre(v.cells[p]);
    all.push([cx - 1, cy - 1], [cx + 1, cy + 1]);
  }
  const xs = all.map((p) => p[0]);
  const ys = all.map((p) => p[1]);
  const pad = 0.3;
  const [x0, y0] = [Math.min(...xs) - pad, Math.min(...ys) - pad];
  svg.setAttribute("viewBox", `${x0 * SCALE} ${y0 * SCALE} ${(Math.max(...xs) - x0 + pad) * SCALE} ${(Math.max(...ys) - y0 + pad) * SCALE}`);

  // Where the drawn tile may go, for the chosen turn.
  const places = legal.filter((a) => a.type === "place");
  if (places.length && !places.some((a) => a.orientation === orientation)) orientation = places[0].orientation;
  for (const a of places.filter((p) => p.orientation === orientation)) {
    const [cx, cy] = centre(v.cells[a.position]);
    const ghost = v.my_tile ? turned(v.my_tile.polygons, orientation) : [];
    const spot = s("g", { class: "bison-spot" },
      ghost.map((poly, t) => s("polygon", { points: pts(poly.map(([x, y]) => [x + cx, y + cy])), class: `bison-ghost ${TERRAINS[t]}` })));
    svg.append(clickable(spot, ctx, a, describeAction(a, ctx)));
  }
  for (const p of v.open_positions) {
    if (places.some((a) => a.position === p)) continue;
    const [cx, cy] = centre(v.cells[p]);
    svg.append(s("circle", { cx: cx * SCALE, cy: cy * SCALE, r: 4, class: "bison-open" }));
  }

  // Decisions that name a space.
  const bySpace = new Map();
  const add = (space, a) => bySpace.set(space, a);
  for (const a of legal) {
    if (a.type === "deploy" || a.type === "gather_at") add(a.space, a);
  }
  const movers = legal.filter((a) => a.type === "move");
  const gathers = legal.filter((a) => a.type === "gather");
  const origins = [...new Set(movers.map((a) => a.from))];
  if (movers.length && !origins.includes(from)) from = origins[0];
  for (const a of movers) if (a.from === from) add(a.to, a);
  for (const a of gathers) add(a.from, a);

  const regionOf = new Map(v.spaces.map((sp) => [sp.space, sp.region]));
  const layer = s("g", { class: "bison-spaces" });
  for (const sp of v.spaces) {
    const region = v.regions[sp.region];
    const label = ctx.t("bison.space_label", {
      space: spaceName(ctx, sp.space), n: sp.animals, animal: animal(ctx, ANIMALS[sp.space % 3], sp.animals),
      region: region.animals, size: region.spaces.length, count: region.spaces.length,
    });
    const poly = s("polygon", { points: pts(sp.polygon), class: `bison-space ${sp.terrain}`, "data-region": sp.region },
      s("title", { text: label }));
    const g = s("g", { class: "bison-space-group" }, poly);
    g.addEventListener("mouseenter", () => svg.querySelectorAll(`[data-region="${regionOf.get(sp.space)}"]`).forEach((el) => el.classList.add("hot")));
    g.addEventListener("mouseleave", () => svg.querySelectorAll(".hot").forEach((el) => el.classList.remove("hot")));
    const [ax, ay] = sp.anchor.map((c) => c * SCALE);
    // The animals as dots under the pieces.
    const colour = ANIMAL_COLOUR[ANIMALS[sp.space % 3]];
    for (let i = 0; i < sp.animals; i += 1) {
      g.append(s("circle", { cx: ax - (sp.animals - 1) * 4 + i * 8, cy: ay + 13, r: 3, fill: colour, class: "bison-animal" }));
    }
    g.append(pieces(v, sp, ax, ay));
    const action = bySpace.get(sp.space);
    if (action) clickable(g, ctx, action, `${describeAction(action, ctx)} — ${label}`);
    else if (origins.length > 1 && origins.includes(sp.space)) {
      selectable(g, ctx, ctx.t("bison.pick_hunter", { space: spaceName(ctx, sp.space) }), () => { from = sp.space; });
      if (sp.space === from) g.classList.add("picked");
    } else if (sp.space === from && movers.length) g.classList.add("picked");
    layer.append(g);
  }
  svg.append(layer);
  for (const pond of v.ponds) svg.append(s("circle", { cx: pond.x * SCALE, cy: pond.y * SCALE, r: 6, class: "bison-pond" }));
  return svg;
}

function turnPicker(ctx) {
  const v = ctx.view;
  const places = (ctx.legal || []).filter((a) => a.type === "place");
  if (!places.length || !v.my_tile) return null;
  const turns = [...new Set(places.map((a) => a.orientation))].sort();
  return h("div", { class: "bison-turns", role: "group", "aria-label": ctx.t("bison.turns") },
    h("span", { text: ctx.t("bison.turn_tile") }),
    turns.map((o) => {
      const svg = s("svg", { viewBox: `${-1.1 * SCALE} ${-1.1 * SCALE} ${2.2 * SCALE} ${2.2 * SCALE}`, class: "bison-preview", "aria-hidden": "true" },
        turned(v.my_tile.polygons, o).map((poly, t) => s("polygon", { points: pts(poly), class: `bison-space ${TERRAINS[t]}` })));
      return h("button", {
        type: "button", class: `bison-turn${o === orientation ? " selected" : ""}`, "aria-pressed": String(o === orientation),
        "aria-label": ctx.t("bison.turned", { deg: o * 120 }), onclick: () => { orientation = o; redraw(ctx); },
      }, svg);
    }));
}

function playerPanels(ctx) {
  const v = ctx.view;
  return h("section", { class: "bison-players" }, v.player_info.map((p) => {
    const tents = p.supply.tents.map((size) => size).join(" ");
    const canoes = p.supply.canoes.map((size) => size).join(" ");
    return h("div", { class: `bison-player${p.seat === v.totem ? " totem" : ""}` },
      h("div", { class: "bison-player-head" },
        h("span", { class: "chip", style: `background: var(--seat-${p.seat})` }),
        h("strong", { text: who(ctx, p.seat) }),
        p.seat === v.totem ? h("span", { class: "bison-tag", text: ctx.t("bison.totem") }) : null,
        h("span", { class: "bison-total", text: ctx.t("bison.total", { n: p.total }) })),
      h("div", { class: "bison-tracks" }, ANIMALS.map((a) => h("span", { class: `bison-track ${a}` },
        h("span", { class: "dot", style: `background: ${ANIMAL_COLOUR[a]}` }), `${animal(ctx, a, p.animals[a])} ${p.animals[a]}`))),
      h("small", { class: "muted", text: ctx.t("bison.supply", { hunters: p.supply.hunters, tents: tents || "–", canoes: canoes || "–" }) }),
      h("small", { class: "muted", text: ctx.t("bison.actions_used", { actions: p.actions_used.map((x) => ctx.t(`bison.action.${x}`)).join(ctx.t("bison.comma")) || "–" }) }));
  }));
}

function render(root, ctx) {
  const v = ctx.view;
  lastRoot = root;
  root.classList.add("bison-root");
  const legend = h("p", { class: "bison-legend" }, ANIMALS.map((a, i) => h("span", {},
    h("span", { class: "dot", style: `background: ${ANIMAL_COLOUR[a]}` }),
    ctx.t("bison.legend", { terrain: ctx.t(`bison.terrain.${TERRAINS[i]}`), animal: animal(ctx, a, 2) }))));
  const parts = [
    h("p", { class: "bison-status", text: ctx.t("bison.status", { round: v.round, rounds: v.rounds, deck: v.deck }) }),
    turnPicker(ctx),
    h("div", { class: "bison-layout" }, h("div", { class: "bison-board-col" }, board(ctx), legend), playerPanels(ctx)),
  ];
  root.append(...parts.filter(Boolean));
}

function prompt(ctx) {
  const v = ctx.view;
  if (!(ctx.legal || []).length) return "";
  const key = {
    choose: "bison.prompt.choose", hunters: "bison.prompt.hunters", gain: "bison.prompt.gain", pay: "bison.prompt.pay",
    place: "bison.prompt.place", deploy: "bison.prompt.deploy", shelter: "bison.prompt.shelter", move: "bison.prompt.move",
    gather_at: "bison.prompt.gather_at", gather: "bison.prompt.gather",
  }[v.phase];
  return key ? ctx.t(key, { n: v.pending ? v.pending.remaining : 0 }) : "";
}

function describeAction(a, ctx) {
  switch (a.type) {
    case "action":
      return ctx.t("bison.act.action", { action: ctx.t(`bison.action.${a.action}`) });
    case "hunters":
      if (a.count === 0) return ctx.t("bison.act.no_hunters");
      return COSTS[a.count] ? ctx.t("bison.act.hunters_pay", { n: a.count, cost: COSTS[a.count] }) : ctx.t("bison.act.hunters_free", { n: a.count, count: a.count });
    case "gain":
      return ctx.t("bison.act.gain", { animal: animal(ctx, a.animal, 1) });
    case "pay":
      return ctx.t("bison.act.pay", { what: amounts(ctx, a) });
    case "buy_hunter":
      return ctx.t("bison.act.buy_hunter");
    case "buy_tent":
    case "buy_canoe":
      return ctx.t(`bison.act.${a.type}`, { n: a.size });
    case "exchange":
      return ctx.t("bison.act.exchange", { give: animal(ctx, a.give, 3), get: animal(ctx, a.get, 1) });
    case "place":
      return ctx.t("bison.act.place", { n: a.position, deg: a.orientation * 120 });
    case "deploy":
      return ctx.t("bison.act.deploy", { space: spaceName(ctx, a.space) });
    case "tent":
    case "canoe":
      return a.size === 0
        ? ctx.t(`bison.act.${a.type}_down`, { space: spaceName(ctx, a.space) })
        : ctx.t(`bison.act.${a.type}`, { space: spaceName(ctx, a.space), n: a.size });
    case "gather_at":
      return ctx.t("bison.act.gather_at", { space: spaceName(ctx, a.space) });
    case "gather":
      return ctx.t("bison.act.gather", { space: spaceName(ctx, a.from) });
    case "move":
      return ctx.t("bison.act.move", { from: spaceName(ctx, a.from), to: spaceName(ctx, a.to) });
    case "back":
      return ctx.t("bison.act.back");
    default:
      return a.type;
  }
}

function describeEvent(e, ctx) {
  const name = e.seat === undefined ? "" : who(ctx, e.seat);
  switch (e.event) {
    case "round":
      return ctx.t("bison.ev.round", { round: e.round, name });
    case "draw":
      return ctx.t("bison.ev.draw", { name });
    case "action":
      return ctx.t("bison.ev.action", { name, action: ctx.t(`bison.action.${e.action}`), n: e.hunters, count: e.hunters });
    case "gain":
      return ctx.t("bison.ev.gain", { name, n: e.amount, animal: animal(ctx, e.animal, e.amount) });
    case "overflow":
      return ctx.t("bison.ev.overflow", { name, animal: animal(ctx, e.animal, 3), into: animal(ctx, e.into, 1) });
    case "pay":
      return ctx.t("bison.ev.pay", { name, what: amounts(ctx, e) });
    case "buy":
      return e.piece === "hunter" ? ctx.t("bison.ev.buy_hunter", { name }) : ctx.t(`bison.ev.buy_${e.piece}`, { name, n: e.size });
    case "exchange":
      return ctx.t("bison.ev.exchange", { name, give: animal(ctx, e.give, 3), get: animal(ctx, e.get, 1) });
    case "place":
      return ctx.t("bison.ev.place", { name, n: e.position });
    case "deploy":
      return ctx.t("bison.ev.deploy", { name, n: e.hunters, count: e.hunters, space: spaceName(ctx, e.space) });
    case "tent":
    case "canoe":
      return ctx.t(`bison.ev.${e.event}`, { name, space: spaceName(ctx, e.space), was: e.was, n: e.size });
    case "gather":
    case "move":
      return ctx.t(`bison.ev.${e.event}`, { name, from: spaceName(ctx, e.from), to: spaceName(ctx, e.to) });
    case "back": // written by the server's log when a player takes back
      return ctx.t("bison.ev.back", { name });
    case "final_scoring":
      return ctx.t("bison.ev.final_scoring");
    case "score":
      return ctx.t("bison.ev.score", {
        terrain: ctx.t(`bison.terrain.${e.terrain}`), n: e.spaces.length, count: e.spaces.length, animals: e.animals,
        awards: (e.awards || []).map((w) => ctx.t("bison.award", { name: who(ctx, w.seat), place: w.place, n: w.animals })).join(ctx.t("bison.comma")) || ctx.t("bison.nobody"),
      });
    case "game_over":
      return ctx.t("bison.ev.game_over", { names: (e.winners || []).map((w) => who(ctx, w)).join(ctx.t("bison.comma")) });
    default:
      return "";
  }
}

function describeResult(ctx) {
  const v = ctx.view;
  if (!ctx.over) return "";
  const rows = v.player_info.map((p) => ({ seat: p.seat, total: p.total, low: Math.min(...ANIMALS.map((a) => p.animals[a])), p }));
  rows.sort((a, b) => b.total - a.total || b.low - a.low);
  const lines = rows.map((r) => ctx.t("bison.result.line", { name: who(ctx, r.seat), n: r.total, low: r.low, detail: amounts(ctx, r.p.animals) }));
  lines.push(ctx.t("bison.result.rule"));
  return lines.join("\n");
}

export default {
  render,
  handles: new Set(["place", "deploy", "move", "gather_at", "gather"]),
  prompt,
  describeAction,
  describeEvent,
  describeResult,
};
