// A finished game, step by step: GET /api/tables/<id>/replay gives every step's view for this
// player's seat (a spectator's for others); the game's renderer draws each one.

import { get } from "./api.js";
import { chatReplay } from "./chat.js";
import { h, PHONE_QUERY } from "./dom.js";
import { errorText, lang, num, t, translateStatic } from "./i18n.js";
import { gameName } from "./lobby.js";
import { defaultScoreboard, playersOf, rankOrder, renderer, scoreboardTable, winnersLine } from "./table.js";
import { endStory } from "./ending.js";
import { installTips } from "./tips.js";

/** A page of steps (the replay, the review) laid out as one screen: `body.at-replay`, and the
 *  room the boards fit on a phone (--room in style.css): the screen less what is above the
 *  board (`page`'s `.replay-top`) and the bar pinned under it (`bar`), kept in --head-h and
 *  --bar-h as they change. Returns the observer (disconnect() it when the page goes). */
export function replayRoom(page, bar) {
  document.body.classList.add("at-replay");
  const phone = window.matchMedia(PHONE_QUERY);
  const sizes = new ResizeObserver(() => {
    const style = document.documentElement.style;
    style.setProperty("--bar-h", `${Math.ceil(phone.matches ? bar.getBoundingClientRect().height : 0)}px`);
    const top = page.querySelector(".replay-top").getBoundingClientRect().bottom + window.scrollY;
    style.setProperty("--head-h", `${Math.ceil(Math.max(0, top))}px`);
  });
  sizes.observe(bar);
  sizes.observe(page);
  return sizes;
}

export async function showReplay(root, tableId) {
  let replay;
  try {
    replay = await get(`/api/tables/${tableId}/replay`);
  } catch (err) {
    root.append(h("p", { class: "error", text: errorText(err.code, err.message) }), h("a", { href: "#/", text: t("nav.lobby") }));
    return null;
  }
  const game = await renderer(replay.table.game);
  const last = replay.steps.length - 1;
  let step = 0;

  const title = h("h1");
  const counter = h("span", { id: "step", class: "step", "aria-live": "polite" });
  const said = h("p", { id: "step-action", class: "muted" });
  let board = h("div", { id: "board", class: "board" });
  const button = (id, key, go) => h("button", { type: "button", id, "data-t": key, text: t(key), onclick: () => show(go()) });
  const controls = h("div", { class: "row replay-controls", role: "toolbar", "aria-label": t("replay.controls") },
    button("first", "replay.first", () => 0),
    button("back", "replay.back", () => step - 1),
    counter,
    button("forward", "replay.forward", () => step + 1),
    button("last", "replay.last", () => last));
  const winners = h("p", { class: "winners" });
  // The end's story, as the table told it: the scoreboard, why it ended, the charts, the
  // statistics and rating changes (ending.js; the replay fetched here is the one it reads).
  const ending = h("details", { class: "replay-end card", open: true });
  const chat = chatReplay(replay.chat ?? []);
  const seats = h("ul", { id: "players", class: "players replay-players" });
  // The controls and what the step did: over the board on a desktop, a bar pinned to the
  // bottom of a phone's screen (style.css), like the table's.
  const bar = h("div", { class: "replay-bar", id: "replay-bar" }, controls, said);
  const page = h("section", { class: "replay-page", "data-game": replay.table.game },
    h("div", { class: "replay-top" },
      h("div", { class: "replay-head" }, h("a", { href: "#/", class: "replay-lobby", "data-t": "nav.lobby", text: t("nav.lobby") }), title,
        // The coach's review of the viewer's own decisions (review.js): for the players only.
        replay.seat !== null ? h("a", { href: `#/review/${tableId}`, id: "open-review", class: "review-link", "data-t": "review.link", text: t("review.link") }) : null),
      winners, seats),
    // The end's story under the title on a desktop, under the board on a phone (style.css).
    ending, bar, board, chat.element);
  root.append(page);
  const sizes = replayRoom(page, bar);

  function context() {
    const players = playersOf(replay.table);
    return {
      view: replay.steps[step].view, legal: [], seat: replay.seat, toMove: replay.steps[step].view?.to_move ?? [],
      players, act: () => {}, t, lang: lang(), over: step === last,
    };
  }

  function drawEnding() {
    const players = playersOf(replay.table);
    const lastView = replay.steps[last]?.view;
    const ctx = { view: lastView, legal: [], seat: replay.seat, toMove: [], players, act: () => {}, t, lang: lang(), over: true };
    const scores = (lastView && game.scoreboard && game.scoreboard(ctx)) || defaultScoreboard(replay.table);
    ending.replaceChildren(
      h("summary", { text: t("end.title") }),
      scoreboardTable(scores, players, replay.seat) ?? "",
      endStory({ game, table: replay.table, players, seat: replay.seat, order: rankOrder(scores), replay }));
  }

  function show(target) {
    step = Math.max(0, Math.min(last, target));
    title.textContent = t("replay.title", { game: gameName(replay.table.game) });
    const players = playersOf(replay.table);
    winners.textContent = winnersLine(replay.table, players, replay.seat);
    seats.replaceChildren(...players.map((p) =>
      h("li", { class: `seat${p.seat === replay.seat ? " mine" : ""}`, "data-seat": p.seat },
        h("span", { class: "chip", style: `background: var(--seat-${p.seat})`, "aria-hidden": "true" }),
        h("span", { class: "seat-name", text: p.name }),
        h("span", { class: "score", text: num(replay.table.scores?.[p.seat] ?? "") }))));
    counter.textContent = t("replay.step", { n: step, total: last });
    const { seat, action } = replay.steps[step];
    const ctx = context();
    said.textContent = action ? t("replay.played", { name: ctx.players[seat].name, action: game.describeAction(action, ctx) || action.type }) : t("replay.start");
    const fresh = h("div", { id: "board", class: "board" });
    board.replaceWith(fresh);
    board = fresh;
    installTips(); // the board explains itself in a replay too (tips.js)
    game.render(board, ctx);
    chat.show(step); // step n shows the table at version n
  }

  const keys = (event) => {
    if (event.target.closest("input, select, textarea")) return;
    if (event.key === "ArrowLeft") show(step - 1);
    else if (event.key === "ArrowRight") show(step + 1);
    else if (event.key === "Home") show(0);
    else if (event.key === "End") show(last);
  };
  document.addEventListener("keydown", keys);
  drawEnding();
  show(step);
  return {
    stop: () => {
      document.removeEventListener("keydown", keys);
      sizes.disconnect();
      document.body.classList.remove("at-replay");
    },
    relabel: () => {
      translateStatic(root);
      drawEnding();
      show(step);
    },
  };
}
