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
 *  finds besides (Café's guest to choose in the hand); returns how many elements were lit. */
export function markMoves(root, moves, locate = null, prefix = "hint") {
  for (const el of root.querySelectorAll(`[class*="${prefix}-"]`)) {
    for (let r = 1; r <= RANKS; r += 1) el.classList.remove(`${prefix}-${r}`);
  }
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

function light(el, rank, prefix) {
  for (let r = 1; r <= RANKS; r += 1) el.classList.remove(`${prefix}-${r}`);
  el.classList.add(`${prefix}-${rank}`);
  el.dataset.hintRank = String(rank);
  return 1;
}

/** The hint's button and box for a table. `context()` is the table's renderer context now;
 *  `boards()` the elements to light the moves in (the board and the action buttons). */
export function hintTool({ tableId, game, context, boards }) {
  const button = h("button", { type: "button", id: "hint", class: "hint-button", hidden: true,
    "data-t": "coach.hint", text: t("coach.hint"), title: t("coach.hint_label") });
  const box = h("section", { id: "hint-box", class: "hint-box", hidden: true, "aria-live": "polite" });
  let hint = null; // {version, moves} shown now
  let asking = null; // the version a request is out for
  let version = null;

  const mark = () => {
    for (const root of boards()) markMoves(root, hint && hint.version === version ? hint.moves : [], game.locate);
  };

  const drawBox = () => {
    box.hidden = !hint && asking === null;
    if (box.hidden) return box.replaceChildren();
    const head = h("div", { class: "hint-head" },
      h("h2", { text: t("coach.title") }),
      h("button", { type: "button", class: "link hint-close", "aria-label": t("coach.close"), text: "×", onclick: close }));
    if (!hint) return box.replaceChildren(head, h("p", { class: "muted", text: t("coach.thinking") }));
    const ctx = context();
    box.replaceChildren(head, h("ol", { class: "hint-moves" }, hint.moves.map((m, i) =>
      h("li", { class: `hint-move hint-rank-${i + 1}`, "data-rank": i + 1 },
        h("span", { class: "hint-mark", "aria-hidden": "true", text: String(i + 1) }),
        h("span", { class: "hint-text" },
          h("strong", { class: "hint-label", text: moveText(game, m.action, ctx, m.label) }),
          h("span", { class: "hint-win", text: t("coach.win", { pct: percent(m.win_chance) }) }),
          reasonText(m.reason) ? h("span", { class: "hint-reason", text: reasonText(m.reason) }) : null)))));
  };

  function close() {
    hint = null;
    asking = null;
    drawBox();
    mark();
  }

  button.addEventListener("click", async () => {
    if (asking !== null) return;
    const asked = version;
    asking = asked;
    hint = null;
    drawBox();
    try {
      const answer = await post(`/api/tables/${tableId}/hint`);
      if (asking !== asked || answer.version !== version) return; // the game moved on meanwhile
      hint = { version: answer.version, moves: answer.moves };
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
      version = state.version;
      const mine = allowed && state.seat !== null && !state.is_over && state.legal.length > 0
        && state.table.status === "running" && !state.table.rated;
      button.hidden = !mine;
      if (hint && hint.version !== version) hint = null;
      if (asking !== null && asking !== version) asking = null;
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
