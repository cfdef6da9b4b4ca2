// The coach's review of a finished game (#/review/<id>, docs/web.md): GET
// /api/tables/<id>/review walks this player's decisions — the coach's move against the move
// played, and what the coach estimates it cost — made in the background by the server and
// asked again until complete. Each decision is drawn on the board as this seat saw it (the
// replay's step, GET /api/tables/<id>/replay), the coach's move lit (`hint-1`) and the move
// played marked (`played-move`); those where the coach's move was clearly better are marked.

import { get } from "./api.js";
import { h } from "./dom.js";
import { errorText, lang, num, t, translateStatic } from "./i18n.js";
import { gameName } from "./lobby.js";
import { playersOf, renderer } from "./table.js";
import { keepMarked, markMoves, markPlayed, moveText, percent, reasonText } from "./coach.js";
import { replayRoom } from "./replay.js";
import { installTips } from "./tips.js";

const POLL_MS = 700;

/** A signed difference with a true minus ("−18%", "+2.5"). */
function signed(text, value) {
  if (value > 0) return `−${text}`;
  if (value < 0) return `+${text}`;
  return text;
}

/** The estimated cost of the move played, in words: "12% less chance to win and 2.5 points
 * fewer" (a signed "−2.5" under a heading "cost" read both ways). */
function costText(cost) {
  const pct = percent(Math.abs(cost.win_chance));
  const win = cost.win_chance > 0 ? t("review.win_less", { pct }) : cost.win_chance < 0 ? t("review.win_more", { pct }) : t("review.win_same");
  const points = Math.abs(Math.round(cost.score * 10) / 10);
  const n = num(points);
  const score = points === 0 ? t("review.score_same") : cost.score > 0 ? t("review.score_fewer", { n }) : t("review.score_more", { n });
  return t("review.cost", { win, score });
}

export async function showReview(root, tableId) {
  let replay;
  let review;
  try {
    [replay, review] = await Promise.all([get(`/api/tables/${tableId}/replay`), get(`/api/tables/${tableId}/review`)]);
  } catch (err) {
    root.append(h("p", { class: "error", id: "review-error", text: errorText(err.code, err.message) }),
      h("p", { class: "row" }, h("a", { class: "button", href: `#/replay/${tableId}`, "data-t": "table.open_replay", text: t("table.open_replay") }),
        h("a", { class: "button", href: "#/", "data-t": "nav.lobby", text: t("nav.lobby") })));
    return null;
  }
  const game = await renderer(replay.table.game);
  const players = playersOf(replay.table);
  let at = 0; // the decision shown
  let stopped = false;
  let poll = null;

  const title = h("h1");
  const summary = h("p", { id: "review-summary", class: "review-summary", "aria-live": "polite" });
  const threshold = h("p", { class: "muted review-threshold" });
  const detail = h("div", { id: "review-detail", class: "review-detail", "aria-live": "polite" });
  const counter = h("span", { id: "review-step", class: "step" });
  const prev = h("button", { type: "button", id: "review-prev", "data-t": "review.prev", text: t("review.prev"), onclick: () => show(at - 1) });
  const next = h("button", { type: "button", id: "review-next", "data-t": "review.next", text: t("review.next"), onclick: () => show(at + 1) });
  const worse = h("button", { type: "button", id: "review-worse", "data-t": "review.next_worse", text: t("review.next_worse"), onclick: () => nextWorse() });
  const controls = h("div", { class: "row replay-controls review-controls", role: "toolbar" }, prev, counter, next, worse);
  const list = h("ol", { id: "review-list", class: "review-list" });
  let board = h("div", { id: "board", class: "board" });
  const bar = h("div", { class: "replay-bar review-bar", id: "review-bar" }, controls, detail);
  const page = h("section", { class: "replay-page review-page", "data-game": replay.table.game },
    h("div", { class: "replay-top" },
      h("div", { class: "replay-head" },
        h("a", { href: "#/", class: "replay-lobby", "data-t": "nav.lobby", text: t("nav.lobby") }), title,
        h("a", { href: `#/replay/${tableId}`, id: "review-replay", class: "review-replay", "data-t": "table.open_replay", text: t("table.open_replay") })),
      summary, threshold),
    h("div", { class: "review-body" }, h("div", { class: "review-main" }, bar, board),
      h("aside", { class: "review-side card" }, h("h2", { "data-t": "review.decisions", text: t("review.decisions") }), list)));
  root.append(page);
  const sizes = replayRoom(page, bar);

  // The coach's move ringed (`hint-1`) and the move played (`played-move`, a dashed ring), kept
  // when the renderer draws the board again by itself (a guest chosen in Café's hand).
  const keeper = keepMarked(() => [board], () => mark());
  function mark() {
    const d = decisions()[at];
    if (!d) return;
    markMoves(board, [d.best], game.locate);
    if (!d.same) markPlayed(board, d.played.action);
    keeper.watch(true);
  }

  const decisions = () => review.decisions;
  const context = (d) => {
    const view = replay.steps[d.step].view;
    // The coach's move and the move played, drawn as the board draws moves to choose (no move
    // is made here: act does nothing).
    const legal = d.same ? [d.best.action] : [d.best.action, d.played.action];
    const toMove = [...new Set([...(view?.to_move ?? []), replay.seat])];
    return { view, legal, seat: replay.seat, toMove, players, act: () => {}, t, lang: lang(), over: false };
  };

  function drawSummary() {
    title.textContent = t("review.title", { game: gameName(replay.table.game) });
    threshold.textContent = t("review.threshold", { pct: percent(review.threshold) });
    const found = decisions();
    const clearly = found.filter((d) => d.clearly_better).length;
    if (review.failed) summary.textContent = t("review.failed");
    else if (review.total === null) summary.textContent = t("review.reading");
    else if (!review.complete) summary.textContent = t("review.working", { done: num(found.length), total: num(review.total) });
    else if (review.total === 0) summary.textContent = t("review.none");
    else summary.textContent = t("review.summary", { count: num(review.total), worse: num(clearly) });
    worse.disabled = !found.some((d, i) => i > at && d.clearly_better);
  }

  function drawList() {
    const found = decisions();
    list.replaceChildren(...found.map((d, i) => {
      const ctx = context(d);
      const mark = d.clearly_better ? "✗" : d.same ? "✓" : "·";
      return h("li", { class: `review-item${d.clearly_better ? " clearly-worse" : ""}${d.same ? " agreed" : ""}${i === at ? " current" : ""}`, "data-index": i },
        h("button", { type: "button", class: "link review-pick", "aria-current": i === at ? "step" : null, onclick: () => show(i) },
          h("span", { class: "review-mark", "aria-hidden": "true", text: mark }),
          h("span", { text: `${num(i + 1)}. ${moveText(game, d.played.action, ctx, d.played.label)}` }),
          d.clearly_better ? h("span", { class: "review-cost-tag", text: signed(percent(d.cost.win_chance), d.cost.win_chance) }) : null));
    }));
  }

  function moveLine(key, candidate, ctx) {
    return h("p", { class: "review-move" },
      h("span", { text: t(key, { action: moveText(game, candidate.action, ctx, candidate.label) }) }), " ",
      h("span", { class: "hint-win", text: t("coach.win", { pct: percent(candidate.win_chance) }) }));
  }

  function drawDetail(d, ctx) {
    const reason = reasonText(d.best.reason);
    detail.replaceChildren(...[
      h("p", { class: "review-head" }, h("strong", { text: t("review.step", { n: num(at + 1), total: num(review.total ?? decisions().length) }) }),
        d.clearly_better ? h("span", { class: "badge review-badge", text: t("review.clearly") }) : null),
      moveLine("review.played", d.played, ctx),
      d.by !== "human" ? h("p", { class: "muted", text: t("review.by_bot") }) : null,
      d.same ? h("p", { class: "review-agrees", text: t("review.same") }) : moveLine("review.coach", d.best, ctx),
      reason ? h("p", { class: "hint-reason", text: reason }) : null,
      d.same ? null : h("p", { class: "muted review-legend", text: t("review.legend") }),
      d.same ? null : h("p", { class: `review-cost${d.clearly_better ? " clearly-worse" : ""}`, text: costText(d.cost) }),
    ].filter(Boolean));
  }

  function show(target) {
    const found = decisions();
    drawSummary();
    if (!found.length) {
      counter.textContent = "";
      prev.disabled = next.disabled = true;
      detail.replaceChildren();
      return;
    }
    at = Math.max(0, Math.min(found.length - 1, target));
    const d = found[at];
    const ctx = context(d);
    counter.textContent = t("review.count", { n: num(at + 1), total: num(review.total ?? found.length) });
    prev.disabled = at === 0;
    next.disabled = at === found.length - 1;
    drawDetail(d, ctx);
    drawList();
    worse.disabled = !found.some((x, i) => i > at && x.clearly_better);
    const fresh = h("div", { id: "board", class: "board review-board" });
    board.replaceWith(fresh);
    board = fresh;
    installTips();
    game.render(board, ctx);
    mark();
    list.querySelector(".current")?.scrollIntoView?.({ block: "nearest" });
  }

  function nextWorse() {
    const i = decisions().findIndex((d, k) => k > at && d.clearly_better);
    if (i >= 0) show(i);
  }

  // Asked again until the server has reviewed every decision; each answer is drawn as it comes.
  const refresh = async () => {
    poll = null;
    if (stopped || review.complete || review.failed) return;
    try {
      review = await get(`/api/tables/${tableId}/review`);
    } catch {
      // A hiccup: the next poll asks again.
    }
    if (stopped) return;
    show(at);
    if (!review.complete && !review.failed) poll = setTimeout(refresh, POLL_MS);
  };

  const keys = (event) => {
    if (event.target.closest("input, select, textarea")) return;
    if (event.key === "ArrowLeft") show(at - 1);
    else if (event.key === "ArrowRight") show(at + 1);
  };
  document.addEventListener("keydown", keys);
  show(0);
  if (!review.complete && !review.failed) poll = setTimeout(refresh, POLL_MS);
  return {
    stop: () => {
      stopped = true;
      keeper.watch(false);
      if (poll !== null) clearTimeout(poll);
      document.removeEventListener("keydown", keys);
      sizes.disconnect();
      document.body.classList.remove("at-replay");
    },
    relabel: () => {
      translateStatic(root);
      show(at);
    },
  };
}
