// A table, live: one websocket to the server, which sends this seat's `state` after every
// change (docs/protocol.md). The game's renderer (games/<id>.js) draws the board; this page
// draws what every game shares: seats, whose turn, the timer, the prompt, the remaining
// action buttons, the log and the result.

import { get, post, serverNow, socketUrl } from "./api.js";
import { h, PHONE_QUERY, toast } from "./dom.js";
import { errorText, lang, LANGS, listOf, num, t, translateStatic } from "./i18n.js";
import { gameName, seatName } from "./lobby.js";
import { chatPanel } from "./chat.js";
import { askName, me as currentPlayer } from "./session.js";
import { sinceStrip, stripLines } from "./strip.js";
import { stepper } from "./stepper.js";
import { endStory } from "./ending.js";
import { invitePanel } from "./invites.js";
import { paceText, timeLeft } from "./turns.js";
import { confirmSetting, disarm, installTips } from "./tips.js";
import { rulesDrawer } from "./rules.js";
import { hintTool } from "./coach.js";

const renderers = {};

// How fast the others' moves are shown: at a person's pace (the default), fast, or at once.
const PACES = ["normal", "fast", "off"];
const PACE_MS = { normal: 900, fast: 350, off: 0 };
const PACE_KEY = "meeple.pace";
const DRAWERS = ["players", "log", "chat", "menu"]; // a phone's tabs, each opening a drawer
const LANG_NAMES = { en: "English", ja: "日本語" };

function pace() {
  const chosen = localStorage.getItem(PACE_KEY);
  return PACES.includes(chosen) ? chosen : "normal";
}

function paceMs() {
  return PACE_MS[pace()];
}

/** The end of a game whose renderer has no scoreboard: winners first, then by score (equal
 *  scores share a rank). */
export function defaultScoreboard(table) {
  const scores = table.scores || [];
  const winners = new Set(table.winners || []);
  const order = table.seats.map((s) => s.seat).sort((a, b) =>
    Number(winners.has(b)) - Number(winners.has(a)) || (scores[b] ?? 0) - (scores[a] ?? 0));
  return {
    rows: order.map((seat) => {
      const rank = winners.has(seat) ? 1 : 1 + order.filter((o) => winners.has(o) || (scores[o] ?? 0) > (scores[seat] ?? 0)).length;
      return { seat, rank, total: scores[seat] ?? "", parts: [] };
    }),
    note: null,
  };
}

/** The renderer module of a game (games/<id>.js), loaded once. */
export async function renderer(game) {
  if (!renderers[game]) {
    // The board's stylesheet first, so that the board is never drawn unstyled.
    const css = h("link", { rel: "stylesheet", href: `/games/${game}.css`, "data-game-css": game });
    const styled = new Promise((resolve) => {
      css.addEventListener("load", resolve);
      css.addEventListener("error", resolve); // a game may have no stylesheet
    });
    document.head.append(css);
    const [module] = await Promise.all([import(`./games/${game}.js`), styled]);
    renderers[game] = module.default;
  }
  return renderers[game];
}

/** The seats as renderers name them: [{seat, name, kind, level}]. */
export function playersOf(table) {
  return table.seats.map((s) => ({
    seat: s.seat,
    kind: s.kind,
    level: s.level,
    name: seatName(s),
  }));
}

/** The winners' names, as one line ("Aki (you)" for the viewer's `seat`, as the log says). */
export function winnersLine(table, players, seat = null) {
  const names = (table.winners || []).map((w) => (w === seat ? t("table.you_name", { name: players[w].name }) : players[w].name));
  return names.length ? t("table.winners", { names: listOf(names) }) : t("table.no_winner");
}

/** Buttons for the legal actions the renderer does not draw on its board. */
export function extraButtons(game, legal, ctx) {
  return legal
    .filter((a) => !game.handles.has(a.type))
    .map((a) => {
      const label = game.describeAction(a, ctx) || a.type;
      return h("button", { type: "button", class: "legal action-button", "data-action": JSON.stringify(a), text: label, onclick: () => ctx.act(a) });
    });
}

/** The seats in a scoreboard's order (rank, then seat). */
export function rankOrder(board) {
  return [...(board?.rows ?? [])].sort((a, b) => a.rank - b.rank || a.seat - b.seat).map((r) => r.seat);
}

/** The end of a game as a table: rank, player, the renderer's parts of the score, total.
 *  `board` is what a renderer's `scoreboard(ctx)` returns (games/README.md); the viewer's
 *  row (`seat`) says "(you)", as the seats and the log do. */
export function scoreboardTable(board, players, seat = null) {
  if (!board || !board.rows?.length) return null;
  const labels = board.rows[0].parts.map((p) => p.label);
  const rows = [...board.rows].sort((a, b) => a.rank - b.rank);
  return h("div", { class: "scoreboard" },
    h("table", {},
      h("thead", {}, h("tr", {},
        h("th", { scope: "col", text: t("table.rank") }),
        h("th", { scope: "col", text: t("table.player") }),
        ...labels.map((l) => h("th", { scope: "col", text: l })),
        h("th", { scope: "col", text: t("table.total") }))),
      h("tbody", {}, ...rows.map((r) => h("tr", { class: r.rank === 1 ? "winner" : "", "data-seat": r.seat },
        h("td", { class: "rank", text: String(r.rank) }),
        h("th", { scope: "row" }, h("span", { class: "chip", style: `background: var(--seat-${r.seat})`, "aria-hidden": "true" }), players[r.seat].name,
          r.seat === seat ? h("span", { class: "muted you-tag", text: t("table.you_tag") }) : null),
        ...r.parts.map((p) => h("td", { text: num(p.value) })),
        h("td", { class: "total", text: num(r.total) }))))),
    board.note ? h("p", { class: "scoreboard-note", text: board.note }) : null);
}

/** A live table (`#/table/<id>`). `learn` (learn.js) puts a tutorial on the same page instead:
 *  `{table, connect(), panel, drawn(state), resultActions(), stop()}` — its table summary,
 *  a socket-like object standing in for the websocket, the tutorial's panel over the board,
 *  a call after each drawing, and the end's buttons in place of the replay and "play again". */
export async function showTable(root, tableId, learn = null) {
  // Watching needs no name; joining a free seat (an invite link) asks for one.
  let me = learn ? null : await currentPlayer();
  root.replaceChildren();
  let table = learn?.table;
  if (!learn) try {
    table = await get(`/api/tables/${tableId}`);
  } catch (err) {
    root.append(h("p", { class: "error", text: errorText(err.code, err.message) }), h("a", { href: "#/", text: t("nav.lobby") }));
    return null;
  }
  if (!learn && table.status === "open" && table.you === null && table.seats.some((s) => s.kind === "human" && !s.player)) {
    me = me || (await askName());
  }
  if (me && table.status === "open" && table.you === null && table.seats.some((s) => s.kind === "human" && !s.player)) {
    try {
      table = await post(`/api/tables/${tableId}/join`, {});
      toast(t("table.joined"));
    } catch (err) {
      toast(errorText(err.code, err.message), "error");
    }
  }
  const game = await renderer(table.game);

  const chatSend = (body) => socket?.readyState === WebSocket.OPEN && socket.send(JSON.stringify(body));
  const chat = chatPanel({
    send: chatSend,
    meId: me?.id ?? null,
    isPlayer: table.you !== null,
  });

  // The page frame, filled in by draw().
  const title = h("h1", { text: gameName(table.game) });
  const status = h("span", { class: "status", id: "status" });
  const invite = h("div", { class: "invite", id: "invite" });
  let invites = null; // the invite-by-name form, made once (invites.js)
  const leave = h("button", { type: "button", id: "leave", "data-t": "table.leave", text: t("table.leave") });
  // The Rules button opens the game's rules beside the board, the game going on (rules.js).
  const rulesPanel = rulesDrawer(table.game);
  const rules = rulesPanel.button;
  const learnLink = learn ? null : h("a", { href: `#/learn/${table.game}`, class: "learn-link", "data-t": "learn.link", text: t("learn.link") });
  const banner = h("p", { class: "banner", id: "banner", role: "status", hidden: true });
  const prompt = h("p", { id: "prompt", class: "prompt", "aria-live": "polite" });
  const timer = h("span", { id: "timer", class: "timer", "aria-live": "off" });
  const actions = h("div", { id: "actions", class: "actions" });
  let board = h("div", { id: "board", class: "board" });
  const result = h("section", { id: "result", class: "result card", hidden: true, "aria-live": "polite" });
  const skip = h("button", { type: "button", id: "show-now", class: "show-now", hidden: true });
  const paceChoice = h("select", { id: "pace", "aria-label": t("table.pace") },
    PACES.map((p) => h("option", { value: p, "data-t": `table.pace.${p}`, text: t(`table.pace.${p}`) })));
  paceChoice.value = pace();
  paceChoice.addEventListener("change", () => {
    localStorage.setItem(PACE_KEY, paceChoice.value);
    if (paceMs() === 0) showNow();
  });
  // The strip "since your last move" (strip.js), sized for a round of this game, and the
  // stepper that plays those moves again on the board (stepper.js).
  const strip = sinceStrip({ openLog: () => openDrawer("log") });
  const roundLines = stripLines(game, table.players);
  strip.size(roundLines);
  const since = strip.element;
  const seats = h("ul", { id: "players", class: "players" });
  // A turn-based table's pace, which opens to the timeout rule (folded: on a phone it sits above the board).
  const turnPace = h("summary");
  const turnRule = h("details", { id: "turn-rule", class: "muted turn-rule", hidden: true }, turnPace, h("p", { "data-t": "turns.rule", text: t("turns.rule") }));
  const log = h("ol", { id: "log", class: "log", tabindex: "0", "aria-label": t("table.log") });
  // The coach's hint (coach.js): its button beside the prompt (in the bar on a phone), its box
  // of moves beside the board, over the players (in the bar, over the prompt, on a phone), so
  // that it never moves the board. Not in a tutorial.
  const coach = learn ? null : hintTool({ tableId, game, context: () => context(), boards: () => [board, actions] });
  const promptRow = h("div", { class: "prompt-row" }, prompt, timer, skip, coach?.button);
  // On a phone the strip is in the Log drawer (layout()) and its one-line banner is folded away.
  const mainCol = h("div", { class: "main-col" }, learn?.panel, promptRow, since, result, strip.banner, board, actions);
  const seatsCol = h("aside", { class: "seats-col drawer", id: "drawer-players" }, h("h2", { "data-t": "table.players", text: t("table.players") }), seats, turnRule);
  const logCol = h("aside", { class: "log-col drawer", id: "drawer-log" }, h("h2", { "data-t": "table.log", text: t("table.log") }), log);
  const chatCol = h("aside", { class: "chat-col drawer", id: "drawer-chat" }, chat.element);
  // The header's language switch, for a phone, whose one-row header has no room for the site's.
  const langChoice = h("select", { id: "table-lang" }, LANGS.map((l) => h("option", { value: l, text: LANG_NAMES[l] })));
  langChoice.value = lang();
  langChoice.addEventListener("change", () => {
    const site = document.getElementById("lang");
    site.value = langChoice.value;
    site.dispatchEvent(new Event("change"));
  });
  const tools = h("div", { class: "head-tools drawer", id: "drawer-menu" },
    h("label", { class: "pace" }, h("span", { "data-t": "table.pace", text: t("table.pace") }), paceChoice), confirmSetting(), rules, learnLink, leave,
    // The games waiting for my move, for a phone, whose table folds the site's header away.
    h("a", { href: "#/me", id: "table-my-games", class: "table-my-games" },
      h("span", { "data-t": "nav.my_games", text: t("nav.my_games") }), h("span", { class: "count my-games-count", hidden: true })),
    h("label", { class: "table-lang" }, h("span", { "data-t": "lang.label", text: t("lang.label") }), langChoice));
  const tabs = h("nav", { class: "table-tabs", "aria-label": t("table.panels") },
    ...DRAWERS.filter((name) => !learn || name !== "chat").map((name) => h("button", { type: "button", class: "tab", id: `tab-${name}`, "aria-controls": `drawer-${name}`, "aria-expanded": "false",
      "data-drawer": name, onclick: () => openDrawer(name), "aria-label": name === "menu" ? t("table.tab.menu_label") : null },
      h("span", { "data-t": `table.tab.${name}`, text: t(`table.tab.${name}`) }),
      // The menu holds "My games": its tab shows how many wait for my move.
      name === "menu" ? h("span", { class: "count my-games-count", hidden: true }) : null)));
  // On a phone the prompt and the action buttons sit in a bar pinned to the bottom of the
  // screen (layout() moves them there); on a desktop they stay over and under the board.
  const bar = h("div", { class: "play-bar", id: "play-bar" });
  const page = h("section", { class: "table-page", "data-game": table.game, "data-table": tableId },
    h("header", { class: "table-head" },
      h("a", { href: "#/", class: "table-lobby", "aria-label": t("nav.lobby"), text: "←" }), title, status, tools, tabs),
    invite, banner,
    h("div", { class: "table-body" },
      // The renderer's leftover action buttons come below the board, so that their coming and
      // going never moves it; the prompt and the strip above keep a fixed height.
      mainCol,
      // Separate grid cells: beside the board on a desktop, drawers opened by tabs on a phone.
      seatsCol, logCol, learn ? null : chatCol),
    bar, rulesPanel.element);
  root.append(page);
  // Tips beside the pointer or the finger, and the second click before a move (tips.js).
  installTips();

  // The phone's game screen: the header is one row with tabs, each opening one drawer (the
  // players, the log with the strip, the chat, the menu) over the top of the board; the prompt
  // and the buttons in the pinned bar. The page keeps the bar's and the header's heights in CSS
  // variables, so that the boards fit the room between them.
  const phone = window.matchMedia(PHONE_QUERY);
  let drawer = null;
  const openDrawer = (name) => {
    drawer = drawer === name ? null : name;
    page.dataset.drawer = drawer ?? "";
    for (const tab of tabs.querySelectorAll(".tab")) tab.setAttribute("aria-expanded", String(tab.dataset.drawer === drawer));
  };
  const portrait = window.matchMedia("(orientation: portrait)");
  const layout = () => {
    document.body.classList.add("at-table");
    if (phone.matches) {
      if (promptRow.parentNode !== bar) bar.append(promptRow, actions);
      if (coach && coach.box.parentNode !== bar) bar.prepend(coach.box);
      if (since.parentNode !== logCol) logCol.insertBefore(since, log);
      // The newest event stays in sight: over the board held upright; held sideways, where
      // height is short and the header's row is long, in that row.
      if (portrait.matches) result.after(strip.banner);
      else tabs.before(strip.banner);
    } else {
      if (promptRow.parentNode !== mainCol) mainCol.prepend(promptRow);
      if (actions.parentNode !== mainCol) mainCol.append(actions);
      if (since.parentNode !== mainCol) promptRow.after(since);
      if (strip.banner.parentNode !== mainCol) result.after(strip.banner);
      // Beside the board, over the players: the board and the hand stay where they were.
      if (coach && coach.box.parentNode !== seatsCol) seatsCol.prepend(coach.box);
      if (drawer) openDrawer(drawer);
    }
  };
  // A phone turned (or a window crossing the phone's size) lays the page out again and redraws
  // the board, whose renderer fits it to the room it has.
  const relayout = () => {
    layout();
    // While the stepper shows a kept state, that state is drawn again, not the live board.
    if (steps.active) steps.redraw();
    else if (state) draw(true);
  };
  layout();
  phone.addEventListener("change", relayout);
  portrait.addEventListener("change", relayout);
  const sizes = new ResizeObserver(() => {
    const style = document.documentElement.style;
    style.setProperty("--bar-h", `${Math.ceil(phone.matches ? bar.getBoundingClientRect().height : 0)}px`);
    style.setProperty("--head-h", `${Math.ceil(page.querySelector(".table-head").getBoundingClientRect().height)}px`);
    // The banner over the board (a phone held upright) takes its height from the board's room.
    const over = phone.matches && strip.banner.parentNode === mainCol && !strip.banner.hidden;
    const banner = strip.banner.getBoundingClientRect();
    style.setProperty("--latest-h", `${over ? Math.ceil(banner.height + parseFloat(getComputedStyle(strip.banner).marginBottom || "0")) : 0}px`);
  });
  sizes.observe(bar);
  sizes.observe(strip.banner);
  sizes.observe(page.querySelector(".table-head"));
  const closeDrawer = (event) => {
    if (event.key === "Escape" && drawer) openDrawer(drawer);
  };
  document.addEventListener("keydown", closeDrawer);

  let state = null; // the state message drawn now
  let drawnVersion = null;
  // What the renderers compare against to show what happened (see games/README.md):
  // `previousView` is the view drawn before the current one; `beforeView` the view just after
  // this seat's own last decision, so that everything the others did since stays marked.
  let previousView = null;
  let drawnView = null;
  let beforeView = null;
  let sentVersion = null;
  let recent = [];
  const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
  let events = [];
  let socket = null;
  let stopped = false;
  let retries = 0;
  let pending = false;
  // Others' moves are drawn one at a time, at a pace a person can follow (`pace`), even when
  // several arrive at once (bots answer in a fraction of a second): the states not drawn yet
  // wait in `queue`, and "Show now" draws the newest at once. Each state message carries
  // `upto`, the length of the log once it is applied, so that the log never runs ahead of the
  // board.
  const queue = [];
  let paceTimer = null;
  let lastDrawAt = 0;
  let drawnUpto = 0;
  // Where the log stood after this seat's last decision: the strip "since your last move"
  // lists the events after it (null until the first decision seen here).
  let mineFrom = null;

  const newest = () => queue.at(-1) ?? state;

  // A kept state drawn by the stepper in place of the live board: the step's own view, no
  // decision to take, the marks of what changed since this seat's decision.
  const steps = stepper({
    draw: (step, i, all) => {
      const fresh = h("div", { id: "board", class: "board stepping", tabindex: "-1", "aria-label": t("table.board") });
      board.replaceWith(fresh);
      board = fresh;
      holds.clear();
      shownScores = step.view.scores ?? null;
      actions.hidden = true;
      since.classList.add("stepping");
      game.render(board, {
        view: step.view, legal: [], seat: state.seat, toMove: step.toMove, players: playersOf(state.table),
        act: () => {}, t, lang: lang(), over: false, before: all[0].view, recent: events.slice(step.from, step.upto),
      });
      drawSeats();
      drawSince();
    },
    leave: () => {
      actions.hidden = false;
      since.classList.remove("stepping");
      afresh = true;
      draw(true);
      afresh = false;
      pump();
    },
  });
  strip.tools.append(steps.controls);

  const act = (action) => {
    if (!state || pending || !socket || socket.readyState !== WebSocket.OPEN) return;
    steps.close();
    if (queue.length) {
      // A click on a board that is still catching up: catch up first, and send the action only
      // if the newest state still offers it.
      const wanted = JSON.stringify(action);
      showNow();
      if (!state.legal.some((a) => JSON.stringify(a) === wanted)) return;
    }
    pending = true;
    sentVersion = state.version;
    board.classList.add("waiting");
    socket.send(JSON.stringify({ type: "action", action, version: state.version }));
  };

  let animateNext = true;
  let afresh = false; // the next drawing is as a first one (see context())

  // A renderer that plays the end back step by step (Cheese's resolution, Bison's scoring)
  // shows the scores as they stand at its step, and keeps the result back until it is done:
  // otherwise the seats and the result would tell the end before the board does.
  let shownScores = null;
  const holds = new Set(); // one token per hold of the board drawn now
  const showScores = (scores) => {
    shownScores = scores;
    if (state) drawSeats();
  };
  const holdResult = () => {
    const token = {};
    holds.add(token);
    return () => {
      // A release from a board drawn before is a no-op: its token is gone already.
      if (holds.delete(token) && state) {
        drawResult();
        // The log too: a renderer may leave out of it what its playback has not shown yet.
        if (!holds.size) drawLog();
      }
    };
  };

  const context = () => ({
    view: state.view,
    legal: state.legal,
    seat: state.seat,
    toMove: state.to_move,
    players: playersOf(state.table),
    act,
    t,
    lang: lang(),
    over: state.is_over,
    // Back from the stepper the board is drawn as on a first drawing (no previous view, the
    // whole log as what came), so that renderers which follow the states one by one (Café's
    // rings) start afresh rather than from the last state stepped to.
    previous: afresh ? null : previousView,
    before: beforeView ?? previousView,
    recent: afresh ? events.slice(0, drawnUpto) : recent,
    animate: animateNext && previousView !== null && !reducedMotion.matches,
    showScores,
    holdResult,
    deadline: state.deadline ?? null, // when the awaited decision's time runs out (ms), if it does
  });

  const drawSeats = () => {
    const players = playersOf(state.table);
    turnRule.hidden = !state.table.move_seconds;
    turnPace.textContent = paceText(state.table) ?? "";
    seats.replaceChildren(...state.table.seats.map((s, i) => {
      const moving = state.to_move.includes(i) && !state.is_over;
      const tags = [];
      if (i === state.seat) tags.push(t("table.you"));
      if (s.kind === "bot") tags.push(t(`level.${s.level}`));
      if (s.kind === "human" && s.player && !s.connected) tags.push(t("table.offline"));
      if (s.away) tags.push(t(s.replaced ? "table.replaced" : "table.away"));
      // One timeout at a turn-based table: a bot played that move; one more in a row and the
      // bot keeps the seat (turns.rule). Said where the seat is, so nobody learns it at the second.
      else if (s.timeouts > 0) tags.push(t("table.timed_out"));
      const scores = shownScores ?? state.scores;
      const score = scores && scores[i] !== undefined && scores[i] !== null ? num(scores[i]) : "";
      return h("li", { class: `seat${moving ? " to-move" : ""}${i === state.seat ? " mine" : ""}`, "data-seat": i },
        h("span", { class: "chip", style: `background: var(--seat-${i})`, "aria-hidden": "true" }),
        s.player
          ? h("a", { class: "seat-name", href: `#/player/${s.player.id}`, target: "_blank", text: players[i].name })
          : h("span", { class: "seat-name", text: players[i].name }),
        tags.length ? h("span", { class: "muted seat-tags", text: `(${listOf(tags)})` }) : null,
        moving ? h("span", { class: "turn-mark", text: t("table.deciding") }) : null,
        h("span", { class: "score", "aria-label": t("table.score"), text: score }));
    }));
  };

  const drawTimer = () => {
    if (!state || !state.deadline || state.is_over) {
      timer.textContent = "";
      return;
    }
    const left = Math.max(0, Math.ceil((state.deadline - serverNow()) / 1000));
    timer.textContent = state.table.move_seconds ? timeLeft(state.deadline - serverNow()) : t("table.time_left", { n: left });
    timer.classList.toggle("urgent", left <= 5);
  };

  /** The log as far as the board drawn now; the lines since this seat's last decision marked. */
  const drawLog = () => {
    const ctx = context();
    log.replaceChildren(...events.slice(0, drawnUpto).map((e, i) => {
      const text = game.describeEvent(e, ctx);
      return text ? h("li", { text, class: mineFrom !== null && i >= mineFrom ? "since-line" : "" }) : null;
    }).filter(Boolean));
    log.scrollTop = log.scrollHeight;
    drawSince();
  };

  /** The strip over the board: what the others did since this seat's last decision, in words
   *  (for a spectator, or before a first decision here, the last few moves). Its height is
   *  fixed, so that the board below never moves. */
  const drawSince = () => {
    const ctx = context();
    const player = state.seat !== null && mineFrom !== null;
    // A spectator's strip: the last round's worth of lines.
    const from = player ? mineFrom : Math.max(0, drawnUpto - 3 * roundLines);
    const shown = steps.shown;
    const lines = [];
    for (let i = from; i < drawnUpto; i += 1) {
      const text = game.describeEvent(events[i], ctx);
      if (text) lines.push({ text, now: shown !== null && i >= shown.from && i < shown.upto });
    }
    // What waits in the queue is said too, so that the strip never says "nothing yet" beside
    // "Show now (n more moves)".
    strip.draw({ lines: player ? lines : lines.slice(-roundLines), player, waiting: queue.length });
  };

  const draw = (force = false) => {
    const ctx = context();
    const tbl = state.table;
    status.textContent = t(`table.status.${tbl.status}`) + (state.seat === null ? ` · ${t("table.watching")}` : "");
    leave.hidden = state.seat === null || tbl.status === "finished" || Boolean(learn);
    invite.replaceChildren();
    if (tbl.status === "open") {
      const link = `${location.origin}${location.pathname}#/table/${tbl.id}`;
      const field = h("input", { readonly: true, value: link, id: "invite-link", "aria-label": t("table.invite") });
      invite.append(h("label", { for: "invite-link" }, t("table.invite")), field,
        h("button", { type: "button", id: "copy-invite", text: t("table.copy"), onclick: async () => {
          try {
            await navigator.clipboard.writeText(link);
          } catch {
            field.select();
            document.execCommand("copy");
          }
          toast(t("table.copied"));
        } }),
        h("p", { class: "muted invite-hint", text: t("table.invite_hint") }));
      // Invite a registered player by name to a seat (invites.js): for the players seated.
      if (state.seat !== null) invite.append(invites || (invites = invitePanel(tbl.id)));
    }
    steps.allow(!state.is_over && state.view !== null);
    drawSeats();
    drawTimer();
    // The tab's title says when the game waits for you, as on BGA, for players in other tabs.
    const name = gameName(tbl.game);
    document.title = state.legal.length && !state.is_over ? t("table.title_your_turn", { game: name }) : t("table.title", { game: name });
    if (state.view === null) {
      prompt.textContent = t("table.waiting_for_players");
      strip.show(false);
      return;
    }
    strip.show(true);
    if (state.is_over) prompt.textContent = t("table.over");
    else if (state.legal.length) prompt.textContent = game.prompt(ctx) || t("table.your_turn");
    else {
      const players = playersOf(tbl);
      prompt.textContent = t("table.waiting_for", { names: listOf(state.to_move.map((i) => players[i].name)) });
    }
    if (force || drawnVersion !== state.version) {
      disarm(); // a move waiting for its second click is gone with the board it was on
      // A keyboard player who just acted on the board keeps their place in the game: the
      // element they used is about to be replaced, and focus would fall to the top of the page.
      const inGame = board.contains(document.activeElement) || actions.contains(document.activeElement);
      const fresh = h("div", { id: "board", class: "board", tabindex: "-1", "aria-label": t("table.board") });
      board.replaceWith(fresh);
      board = fresh;
      if (!force) {
        previousView = drawnView;
        drawnView = state.view;
      }
      animateNext = !force;
      // Each drawing of the board asks again for what it holds back.
      shownScores = null;
      holds.clear();
      game.render(board, context());
      drawSeats();
      drawnVersion = state.version;
      actions.replaceChildren(...extraButtons(game, state.legal, ctx));
      drawLog();
      if (inGame) {
        const next = board.querySelector(".legal[data-action]") ?? actions.querySelector("button") ?? board;
        next.focus({ preventScroll: true });
      }
    }
    drawResult();
    coach?.update(state, !steps.active);
    learn?.drawn(state);
  };

  /** The end: who won, the scoreboard (the renderer's, else rank and score), the renderer's
   *  lines, and what to do next — over the board, where the eye is when the game ends. */
  const drawResult = () => {
    const ctx = context();
    const tbl = state.table;
    result.hidden = !state.is_over || holds.size > 0;
    if (result.hidden) return;
    const players = playersOf(tbl);
    const lines = game.describeResult ? game.describeResult(ctx) : "";
    const board = (game.scoreboard && game.scoreboard(ctx)) || defaultScoreboard(tbl);
    const seated = state.seat !== null;
    // replaceChildren() writes a null as the text "null": the parts left out are filtered.
    result.replaceChildren(...[
      h("div", { class: "result-head" },
        h("h2", { text: t("table.result") }),
        h("button", { type: "button", class: "link fold-result", "aria-expanded": String(!resultFolded), text: resultFolded ? t("table.show_result") : t("table.hide_result"),
          onclick: () => { resultFolded = !resultFolded; drawResult(); } })),
      h("p", { class: "winners", text: winnersLine(tbl, players, state.seat) }),
      resultFolded ? null : scoreboardTable(board, players, state.seat),
      resultFolded || !lines ? null : h("ul", { class: "result-lines" }, lines.split("\n").map((l) => h("li", { text: l }))),
      // Why it ended, each player's score over the game, statistics, rating changes (ending.js).
      // A tutorial has no stored replay to tell the story from (the lesson's panel sums up).
      resultFolded || learn ? null : endStory({ game, table: tbl, players, seat: state.seat, order: rankOrder(board) }),
      learn ? h("p", { class: "row result-actions" }, learn.resultActions()) : h("p", { class: "row result-actions" },
        h("a", { class: "button", id: "open-replay", href: `#/replay/${tbl.id}`, text: t("table.open_replay") }),
        // The coach's review of this player's decisions (review.js).
        seated ? h("a", { class: "button", id: "open-review", href: `#/review/${tbl.id}`, text: t("review.link") }) : null,
        seated ? h("button", { type: "button", class: "primary", id: "play-again", text: t("table.play_again"), onclick: () => playAgain(tbl) }) : null,
        h("a", { class: "button", href: "#/", text: t("nav.lobby") }))].filter(Boolean));
  };
  let resultFolded = false;

  /** A new table of the same game, options, timer and seats (bots of the same levels; the
   *  other people's seats free for them, the registered ones invited), where this player sits. */
  const playAgain = async (tbl) => {
    try {
      // The same table again, and its other registered players invited to it (mailed, if
      // they chose so): POST /api/tables/{id}/again; guests hear of it in the chat below.
      const fresh = await post(`/api/tables/${tbl.id}/again`);
      const others = tbl.seats.filter((s) => s.kind === "human" && s.player && s.player.id !== me?.id);
      // The others at this table hear of it in its chat, with the link to the new one.
      if (others.length) chatSend({ type: "chat", text: t("table.again_chat", { link: `${location.origin}${location.pathname}#/table/${fresh.id}` }) });
      location.hash = `#/table/${fresh.id}`;
    } catch (err) {
      toast(errorText(err.code, err.message), "error");
    }
  };

  /** Draw a state now: the log up to it, and what arrived since the state drawn before. */
  const drawState = (message) => {
    recent = events.slice(drawnUpto, message.upto);
    steps.record(message, drawnUpto);
    drawnUpto = message.upto;
    state = message;
    lastDrawAt = performance.now();
    draw();
    showQueue();
  };

  /** "Show now (n more moves)" while states wait, hidden otherwise. */
  const showQueue = () => {
    skip.hidden = queue.length === 0;
    skip.textContent = t("table.show_now", { count: queue.length });
    if (state?.view) drawSince(); // the strip says the same
  };

  const cancelPace = () => {
    if (paceTimer !== null) clearTimeout(paceTimer);
    paceTimer = null;
  };

  /** Draw the next waiting state when its time comes. */
  const pump = () => {
    showQueue();
    // While the stepper shows a kept state, new moves wait: "Back to now" draws them.
    if (paceTimer !== null || !queue.length || steps.active) return;
    const wait = Math.max(0, lastDrawAt + paceMs() - performance.now());
    paceTimer = setTimeout(() => {
      paceTimer = null;
      if (stopped || !queue.length || steps.active) return;
      drawState(queue.shift());
      pump();
    }, wait);
  };

  /** Draw the newest state at once ("Show now", or a click while the board catches up). */
  const showNow = () => {
    cancelPace();
    steps.close();
    if (queue.length) drawState(queue.splice(0).at(-1));
  };
  skip.addEventListener("click", showNow);

  const onMessage = (message) => {
    if (message.type === "state") {
      pending = false;
      board.classList.remove("waiting");
      if (message.log.from > events.length) {
        // Events went missing (a message lost around a reconnect): ask for the whole log again
        // rather than number the ones we have wrongly.
        socket.send(JSON.stringify({ type: "sync" }));
      } else {
        if (message.log.from === 0) {
          events = [];
          drawnUpto = Math.min(drawnUpto, message.log.events.length);
        }
        events.splice(message.log.from, message.log.events.length, ...message.log.events);
      }
      message.upto = events.length;
      // Back at a turn-based table after days: the server says where this seat's last move
      // stands in the log, so that the strip lists everything since (not only this visit's).
      if (mineFrom === null && message.last_move != null) mineFrom = Math.min(message.last_move, message.upto);
      if (message.table.move_seconds) window.dispatchEvent(new Event("meeple:turns")); // the header's count
      // The first state after our own action: from here on, the others' moves are marked. The
      // strip starts with our own move's events, which may tell what it revealed of the others
      // (Buffet's cards, a taste test).
      const own = sentVersion !== null && message.version > sentVersion;
      if (own) {
        beforeView = message.view;
        mineFrom = Math.min(message.log.from, message.upto);
        sentVersion = null;
        steps.restart();
      }
      const last = newest();
      // At once: the first state, our own move, a change that is not a move (someone's
      // connection), or when the player wants every move at once. Others' moves wait their turn,
      // and every state waits while the stepper shows a kept one.
      if (steps.active && !own) {
        queue.push(message);
        showQueue();
      } else if (last === null || own || message.version === last.version || paceMs() === 0) {
        cancelPace();
        queue.length = 0;
        drawState(message);
      } else {
        queue.push(message);
        pump();
      }
    } else if (message.type === "chat") {
      chat.add(message.message);
    } else if (message.type === "chat_history") {
      chat.history(message.messages);
    } else if (message.type === "error") {
      pending = false;
      board.classList.remove("waiting");
      if (message.code !== "stale") toast(errorText(message.code, message.message), "error");
    }
  };

  const connect = () => {
    if (stopped) return;
    socket = learn ? learn.connect() : new WebSocket(socketUrl(tableId));
    socket.addEventListener("open", () => {
      retries = 0;
      banner.hidden = true;
    });
    socket.addEventListener("message", (event) => onMessage(JSON.parse(event.data)));
    socket.addEventListener("close", (event) => {
      if (stopped) return;
      if (event.code === 4404) {
        banner.hidden = false;
        banner.textContent = t("table.gone");
        return;
      }
      // Network drop or server restart: come back, more slowly each time.
      banner.hidden = false;
      banner.textContent = t("table.reconnecting");
      const delay = Math.min(10000, 500 * 2 ** retries);
      retries += 1;
      setTimeout(connect, delay);
    });
  };

  leave.addEventListener("click", async () => {
    // Leaving a game in play hands the seat to a bot: ask first, as BGA does.
    if (state?.table.status === "running" && !window.confirm(t("table.leave_confirm"))) return;
    try {
      await post(`/api/tables/${tableId}/leave`);
    } catch (err) {
      toast(errorText(err.code, err.message), "error");
    }
    location.hash = "#/";
  });

  // Keyboard players: Enter or Space on a focused legal SVG element clicks it, for any renderer
  // that did not handle the key itself (buttons do this natively).
  const keys = (event) => {
    if (event.defaultPrevented || (event.key !== "Enter" && event.key !== " ")) return;
    const target = event.target.closest?.(".legal[data-action]");
    if (!target || target.tagName === "BUTTON") return;
    event.preventDefault();
    target.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  };
  root.addEventListener("keydown", keys);

  connect();
  const ticker = setInterval(drawTimer, 1000);
  return {
    stop() {
      stopped = true;
      clearInterval(ticker);
      phone.removeEventListener("change", relayout);
      portrait.removeEventListener("change", relayout);
      document.removeEventListener("keydown", closeDrawer);
      sizes.disconnect();
      document.body.classList.remove("at-table");
      cancelPace();
      document.title = t("app.title");
      root.removeEventListener("keydown", keys);
      socket?.close();
      learn?.stop();
    },
    relabel() {
      translateStatic(root);
      paceChoice.setAttribute("aria-label", t("table.pace"));
      tabs.setAttribute("aria-label", t("table.panels"));
      tabs.querySelector("#tab-menu").setAttribute("aria-label", t("table.tab.menu_label"));
      langChoice.value = lang();
      steps.close();
      steps.relabel();
      strip.relabel();
      title.textContent = gameName(state?.table.game ?? table.game);
      learn?.relabel();
      coach?.relabel();
      if (state) draw(true);
    },
  };
}
