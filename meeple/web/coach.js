// The coach at the table (docs/web.md): a "Hint" button beside the prompt when it is this
// player's decision at an unrated table. POST /api/tables/<id>/hint gives the coach's three
// best moves, best first, each with its win chance and, where the game's heuristic has one, a
// reason in both languages; they are listed in a box over the board and lit on it (the
// board's `.legal[data-action]` elements of those moves get `hint-1` … `hint-3`).

import { post } from "./api.js";
import { h, toast } from "./dom.js";
import { errorText, lang, num, t } from "./i18n.js";

const RANKS = 3;

/** The same action whatever its keys' order (the board's data-action and the server's JSON). */
export function actionKey(action) {
  const sorted = (v) => (Array.isArray(v) ? v.map(sorted) : v && typeof v === "object"
    ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, sorted(v[k])])) : v);
  return JSON.stringify(sorted(action));
}

/** A share as a percentage ("62%"). */
export function percent(share) {
  return `${num(Math.round(share * 100))}%`;
}

/** A move's words in the reader's language (the renderer's), else the server's label. */
export function moveText(game, action, ctx, label = "") {
  return game.describeAction(action, ctx) || label || action.type;
}

/** A reason in the reader's language, or "" when the coach has none. */
export function reasonText(reason) {
  return reason ? reason[lang()] || reason.en || "" : "";
}

/** Light the board's elements of `moves` (best first) with `hint-1`, `hint-2`, …: each
 *  `.legal[data-action]` of one of them, and what the renderer's optional `locate(root, action)`
 *  finds besides (Café's guest to choose in the hand); returns how many elements were lit.
 *  An SVG element gets a ring drawn around it in its own shape's box, with the rank in a badge
 *  (ring()); an HTML one an outline and a badge (style.css). */
export function markMoves(root, moves, locate = null, prefix = "hint") {
  unmark(root, prefix);
  const ranks = new Map(moves.map((m, i) => [actionKey(m.action), i + 1]));
  let lit = 0;
  for (const el of root.querySelectorAll(".legal[data-action]")) {
    let key;
    try {
      key = actionKey(JSON.parse(el.dataset.action));
    } catch {
      continue;
    }
    const rank = ranks.get(key);
    if (rank) lit += light(el, rank, prefix);
  }
  // Best last, so that an element of several moves shows the best one's rank.
  for (const [i, move] of [...moves.entries()].reverse()) {
    for (const el of locate ? locate(root, move.action) : []) lit += light(el, i + 1, prefix);
  }
  return lit;
}

/** Mark the board's elements of `action` as the move played (the review): a dashed ring. */
export function markPlayed(root, action) {
  unmark(root, "played");
  const key = actionKey(action);
  for (const el of root.querySelectorAll(".legal[data-action]")) {
    let mine;
    try {
      mine = actionKey(JSON.parse(el.dataset.action)) === key;
    } catch {
      continue;
    }
    if (!mine) continue;
    el.classList.add("played-move");
    ring(el, "coach-ring-played", "", "played");
  }
}

function unmark(root, prefix) {
  for (const el of root.querySelectorAll(`.coach-ring[data-kind="${prefix}"]`)) el.remove();
  if (prefix === "played") {
    for (const el of root.querySelectorAll(".played-move")) el.classList.remove("played-move");
    return;
  }
  for (const el of root.querySelectorAll(`[class*="${prefix}-"]`)) {
    for (let r = 1; r <= RANKS; r += 1) el.classList.remove(`${prefix}-${r}`);
    delete el.dataset.hintRank;
    delete el.dataset.hintRanks;
    el.classList.remove("coach-anchor");
  }
}

function light(el, rank, prefix) {
  for (let r = 1; r <= RANKS; r += 1) el.classList.remove(`${prefix}-${r}`);
  el.classList.add(`${prefix}-${rank}`);
  el.dataset.hintRank = String(rank);
  // Every move the element leads to (a guest of two of the moves): the badge shows the best.
  const ranks = new Set((el.dataset.hintRanks || "").split(" ").filter(Boolean).map(Number)).add(rank);
  el.dataset.hintRanks = [...ranks].sort().join(" ");
  if (isSvgShape(el)) {
    el.parentNode.querySelector(`:scope > .coach-ring[data-kind="${prefix}"][data-for="${ringId(el)}"]`)?.remove();
    ring(el, `coach-ring-${rank}`, String(rank), prefix);
  } else if (getComputedStyle(el).position === "static") {
    el.classList.add("coach-anchor"); // the badge (::after) is placed against the element itself
  }
  return 1;
}

const SVG_NS = "http://www.w3.org/2000/svg";
let ringIds = 0;

function isSvgShape(el) {
  return el instanceof SVGGraphicsElement && !(el instanceof SVGSVGElement) && el.parentNode instanceof SVGElement;
}

function ringId(el) {
  if (!el.dataset.coachRing) el.dataset.coachRing = String((ringIds += 1));
  return el.dataset.coachRing;
}

function svgNode(tag, attrs) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) el.setAttribute(k, String(v));
  return el;
}

/** A ring around the SVG element `el` (a rounded box round its shape), with `label` in a
 *  badge at its upper right. It is drawn after
 *  the element in its parent, in the element's own units (it follows a board's zoom), takes no
 *  pointer (a tap goes through it to the target under it), and sizes its lines in screen
 *  pixels, so that it reads the same on a phone as on a desktop. */
function ring(el, cls, label, kind) {
  if (!isSvgShape(el)) return;
  let box;
  try {
    box = el.getBBox();
  } catch {
    return; // not drawn (display: none)
  }
  if (!box.width || !box.height) return;
  const ctm = el.getScreenCTM();
  const scale = (ctm && Math.hypot(ctm.a, ctm.b)) || 1; // screen pixels per unit
  const px = (n) => n / scale;
  const pad = px(4);
  // A rounded box: round enough to sit well around a round chair, square enough for a card.
  const rx = Math.min(box.width, box.height) * 0.32 + pad;
  const [x, y, w, hgt] = [box.x - pad, box.y - pad, box.width + 2 * pad, box.height + 2 * pad];
  const shape = (extra) => svgNode("rect", { x, y, width: w, height: hgt, rx, ...extra });
  const [bx, by] = [x + w - rx * 0.3, y + rx * 0.3];
  const g = svgNode("g", { class: `coach-ring ${cls}`, "data-kind": kind, "data-for": ringId(el), "aria-hidden": "true",
    "pointer-events": "none", transform: el.getAttribute("transform") });
  g.append(shape({ class: "coach-ring-halo", "stroke-width": px(7) }), shape({ class: "coach-ring-line", "stroke-width": px(3.5) }));
  if (label) {
    const badge = svgNode("g", { class: "coach-ring-badge" });
    badge.append(svgNode("circle", { cx: bx, cy: by, r: px(9), "stroke-width": px(1.5) }));
    const text = svgNode("text", { x: bx, y: by, "font-size": px(12), "text-anchor": "middle", "dominant-baseline": "central" });
    text.textContent = label;
    badge.append(text);
    g.append(badge);
  }
  el.parentNode.append(g);
}

/** Keep `roots()`' marks while a hint shows: a renderer that draws its board again by itself
 *  (a guest chosen in Café's hand, a payment's stepper in Bison) drops the marks with the old
 *  elements; `mark()` lights the new ones at the next frame. The rings' own comings and
 *  goings are not a redrawing. */
export function keepMarked(roots, mark) {
  let frame = null;
  const ours = (node) => node.nodeType !== 1 || node.classList.contains("coach-ring");
  const observer = new MutationObserver((records) => {
    const redrawn = records.some((r) => ![...r.addedNodes, ...r.removedNodes].every(ours));
    if (!redrawn || frame !== null) return;
    frame = requestAnimationFrame(() => {
      frame = null;
      mark();
    });
  });
  return {
    watch(on) {
      observer.disconnect();
      if (on) for (const root of roots()) observer.observe(root, { childList: true, subtree: true });
    },
  };
}

/** The hint's button and box for a table. `context()` is the table's renderer context now;
 *  `boards()` the elements to light the moves in (the board and the action buttons). */
export function hintTool({ tableId, game, context, boards }) {
  const button = h("button", { type: "button", id: "hint", class: "hint-button", hidden: true,
    "data-t": "coach.hint", text: t("coach.hint"), title: t("coach.hint_label") });
  const box = h("section", { id: "hint-box", class: "hint-box", hidden: true, "aria-live": "polite" });
  // A hint answers this player's decision, not the table's version: at Buffet's simultaneous
  // cards the others' choices move the table on while the player still decides, and the
  // hint must stay. The decision is known by the version it began at (the state's
  // `decision`) and the player's legal moves: a Buffet hand holding two of a card offers the
  // same moves on the next turn, and the last turn's hint must not pass for its answer.
  let hint = null; // {decision, moves} shown now
  let asking = null; // the decision a request is out for
  let decision = null;

  const shown = () => (hint && hint.decision === decision ? hint.moves : []);
  const keeper = keepMarked(boards, () => mark());
  function mark() {
    const moves = shown();
    for (const root of boards()) markMoves(root, moves, game.locate);
    keeper.watch(moves.length > 0);
  }

  const drawBox = () => {
    box.hidden = !hint && asking === null;
    if (box.hidden) return box.replaceChildren();
    const head = h("div", { class: "hint-head" },
      h("h2", { text: t("coach.title") }),
      h("button", { type: "button", class: "link hint-close", "aria-label": t("coach.close"), text: "×", onclick: close }));
    if (!hint) return box.replaceChildren(head, h("p", { class: "muted hint-thinking", text: t("coach.thinking") }));
    const ctx = context();
    // The coach's choice is the move its search tried most, whose figure is the surest; a
    // move tried less may show a higher one. Said when it happens, lest it read as a mistake.
    const rough = hint.moves.some((m, i) => i > 0 && m.win_chance > hint.moves[0].win_chance);
    box.replaceChildren(head, h("ol", { class: "hint-moves" }, hint.moves.map((m, i) => {
      const label = moveText(game, m.action, ctx, m.label);
      const win = t("coach.win", { pct: percent(m.win_chance) });
      const reason = reasonText(m.reason);
      const tried = t("coach.tried", { n: num(m.visits ?? 0) });
      const tipText = [`${i + 1}. ${label} — ${win}`, reason, tried, rough ? t("coach.rough") : ""].filter(Boolean).join("\n");
      return h("li", { class: `hint-move hint-rank-${i + 1}`, "data-rank": i + 1, "data-tip": tipText },
        h("span", { class: "hint-mark", "aria-hidden": "true", text: String(i + 1) }),
        h("span", { class: "hint-text" },
          h("strong", { class: "hint-label", text: label }),
          h("span", { class: "hint-win", text: win }),
          reason ? h("span", { class: "hint-reason", text: reason }) : null));
    })), ...(rough ? [h("p", { class: "hint-note", text: t("coach.rough") })] : []));
  };

  function close() {
    hint = null;
    asking = null;
    drawBox();
    mark();
  }

  button.addEventListener("click", async () => {
    if (asking !== null) return;
    const asked = decision;
    asking = asked;
    hint = null;
    drawBox();
    try {
      const answer = await post(`/api/tables/${tableId}/hint`);
      if (asking !== asked || decision !== asked) return; // the player's decision moved on meanwhile
      hint = { decision: asked, moves: answer.moves };
    } catch (err) {
      toast(errorText(err.code, err.message), "error");
    } finally {
      if (asking === asked) asking = null;
    }
    drawBox();
    mark();
  });

  return {
    button,
    box,
    /** After each drawing of the table: the button for a decision of this player's at an
     *  unrated table in play; a hint of an earlier decision goes. */
    update(state, allowed) {
      decision = JSON.stringify([state.decision, state.legal]);
      const mine = allowed && state.seat !== null && !state.is_over && state.legal.length > 0
        && state.table.status === "running" && !state.table.rated;
      button.hidden = !mine;
      if (hint && hint.decision !== decision) hint = null;
      if (asking !== null && asking !== decision) asking = null;
      drawBox();
      mark();
    },
    relabel() {
      button.textContent = t("coach.hint");
      button.title = t("coach.hint_label");
      drawBox();
    },
  };
}
