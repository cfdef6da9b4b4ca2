// A table, live: one websocket to the server, which sends this seat's `state` after every
// change (docs/protocol.md). The game's renderer (games/<id>.js) draws the board; this page
// draws what every game shares: seats, whose turn, the timer, the prompt, the remaining
// action buttons, the log and the result.

import { get, post, serverNow, socketUrl } from "./api.js";
import { h, toast } from "./dom.js";
import { errorText, lang, listOf, t, translateStatic } from "./i18n.js";
import { gameName, seatName } from "./lobby.js";
import { chatPanel } from "./chat.js";
import { ensurePlayer } from "./session.js";

const renderers = {};

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

/** The winners' names, as one line. */
export function winnersLine(table, players) {
  const names = (table.winners || []).map((w) => players[w].name);
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

/** The end of a game as a table: rank, player, the renderer's parts of the score, total.
 *  `board` is what a renderer's `scoreboard(ctx)` returns (games/README.md). */
export function scoreboardTable(board, players) {
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
        h("th", { scope: "row" }, h("span", { class: "chip", style: `background: var(--seat-${r.seat})`, "aria-hidden": "true" }), players[r.seat].name),
        ...r.parts.map((p) => h("td", { text: String(p.value) })),
        h("td", { class: "total", text: String(r.total) }))))),
    board.note ? h("p", { class: "scoreboard-note", text: board.note }) : null);
}

export async function showTable(root, tableId) {
  const me = await ensurePlayer(root);
  root.replaceChildren();
  let table;
  try {
    table = await get(`/api/tables/${tableId}`);
  } catch (err) {
    root.append(h("p", { class: "error", text: errorText(err.code, err.message) }), h("a", { href: "#/", text: t("nav.lobby") }));
    return null;
  }
  if (table.status === "open" && table.you === null && table.seats.some((s) => s.kind === "human" && !s.player)) {
    try {
      table = await post(`/api/tables/${tableId}/join`, {});
      toast(t("table.joined"));
    } catch (err) {
      toast(errorText(err.code, err.message), "error");
    }
  }
  const game = await renderer(table.game);

  const chat = chatPanel({
    send: (body) => socket?.readyState === WebSocket.OPEN && socket.send(JSON.stringify(body)),
    meId: me?.id ?? null,
    isPlayer: table.you !== null,
  });

  // The page frame, filled in by draw().
  const title = h("h1", { text: gameName(table.game) });
  const status = h("span", { class: "status", id: "status" });
  const invite = h("div", { class: "invite", id: "invite" });
  const leave = h("button", { type: "button", id: "leave", "data-t": "table.leave", text: t("table.leave") });
  const rules = h("a", { href: `#/rules/${table.game}`, target: "_blank", "data-t": "lobby.rules", text: t("lobby.rules") });
  const banner = h("p", { class: "banner", id: "banner", role: "status", hidden: true });
  const prompt = h("p", { id: "prompt", class: "prompt", "aria-live": "polite" });
  const timer = h("span", { id: "timer", class: "timer", "aria-live": "off" });
  const actions = h("div", { id: "actions", class: "actions" });
  let board = h("div", { id: "board", class: "board" });
  const result = h("section", { id: "result", class: "result card", hidden: true, "aria-live": "polite" });
  const seats = h("ul", { id: "players", class: "players" });
  const log = h("ol", { id: "log", class: "log" });
  root.append(
    h("section", { class: "table-page", "data-game": table.game, "data-table": tableId },
      h("header", { class: "table-head" }, title, status, rules, leave),
      invite, banner,
      h("div", { class: "table-body" },
        h("div", { class: "main-col" }, h("div", { class: "prompt-row" }, prompt, timer), actions, board, result),
        // Separate grid cells, so that a phone shows the seats above the board and the log below.
        h("aside", { class: "seats-col" }, h("h2", { "data-t": "table.players", text: t("table.players") }), seats),
        h("aside", { class: "log-col" }, h("h2", { "data-t": "table.log", text: t("table.log") }), log, chat.element))));

  let state = null; // the newest state message
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

  const act = (action) => {
    if (!state || pending || !socket || socket.readyState !== WebSocket.OPEN) return;
    pending = true;
    sentVersion = state.version;
    board.classList.add("waiting");
    socket.send(JSON.stringify({ type: "action", action, version: state.version }));
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
    previous: previousView,
    before: beforeView ?? previousView,
    recent,
    animate: animateNext && previousView !== null && !reducedMotion.matches,
    showScores,
    holdResult,
  });
  let animateNext = true;

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

  const drawSeats = () => {
    const players = playersOf(state.table);
    seats.replaceChildren(...state.table.seats.map((s, i) => {
      const moving = state.to_move.includes(i) && !state.is_over;
      const tags = [];
      if (i === state.seat) tags.push(t("table.you"));
      if (s.kind === "bot") tags.push(t(`level.${s.level}`));
      if (s.kind === "human" && s.player && !s.connected) tags.push(t("table.offline"));
      if (s.away) tags.push(t("table.away"));
      const scores = shownScores ?? state.scores;
      const score = scores && scores[i] !== undefined && scores[i] !== null ? String(scores[i]) : "";
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
    timer.textContent = t("table.time_left", { n: left });
    timer.classList.toggle("urgent", left <= 5);
  };

  const drawLog = () => {
    const ctx = context();
    log.replaceChildren(...events.map((e) => {
      const text = game.describeEvent(e, ctx);
      return text ? h("li", { text }) : null;
    }).filter(Boolean));
    log.scrollTop = log.scrollHeight;
  };

  const draw = (force = false) => {
    const ctx = context();
    const tbl = state.table;
    status.textContent = t(`table.status.${tbl.status}`) + (state.seat === null ? ` · ${t("table.watching")}` : "");
    leave.hidden = state.seat === null || tbl.status === "finished";
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
    }
    drawSeats();
    drawTimer();
    // The tab's title says when the game waits for you, as on BGA, for players in other tabs.
    const name = gameName(tbl.game);
    document.title = state.legal.length && !state.is_over ? t("table.title_your_turn", { game: name }) : t("table.title", { game: name });
    if (state.view === null) {
      prompt.textContent = t("table.waiting_for_players");
      return;
    }
    if (state.is_over) prompt.textContent = t("table.over");
    else if (state.legal.length) prompt.textContent = game.prompt(ctx) || t("table.your_turn");
    else {
      const players = playersOf(tbl);
      prompt.textContent = t("table.waiting_for", { names: listOf(state.to_move.map((i) => players[i].name)) });
    }
    if (force || drawnVersion !== state.version) {
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
  };

  const drawResult = () => {
    const ctx = context();
    const tbl = state.table;
    result.hidden = !state.is_over || holds.size > 0;
    if (!result.hidden) {
      const lines = game.describeResult ? game.describeResult(ctx) : "";
      result.replaceChildren(
        h("h2", { text: t("table.result") }),
        h("p", { class: "winners", text: winnersLine(tbl, playersOf(tbl)) }),
        game.scoreboard ? scoreboardTable(game.scoreboard(ctx), playersOf(tbl)) : null,
        // The renderer's lines carry their own ranks ("1. Aki: 17 points"): no list numbers.
        lines ? h("ul", { class: "result-lines" }, lines.split("\n").map((l) => h("li", { text: l }))) : null,
        h("p", {}, h("a", { href: `#/replay/${tbl.id}`, text: t("table.open_replay") }), " · ", h("a", { href: "#/", text: t("nav.lobby") })));
    }
  };

  const onMessage = (message) => {
    if (message.type === "state") {
      pending = false;
      board.classList.remove("waiting");
      const known = events.length;
      if (message.log.from > events.length) {
        // Events went missing (a message lost around a reconnect): ask for the whole log again
        // rather than number the ones we have wrongly.
        socket.send(JSON.stringify({ type: "sync" }));
      } else {
        if (message.log.from === 0) events = [];
        events.splice(message.log.from, message.log.events.length, ...message.log.events);
      }
      recent = events.slice(Math.min(known, message.log.from));
      // The first state after our own action: from here on, the others' moves are marked.
      if (sentVersion !== null && message.version > sentVersion) {
        beforeView = message.view;
        sentVersion = null;
      }
      state = message;
      draw();
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
    socket = new WebSocket(socketUrl(tableId));
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
      document.title = t("app.title");
      root.removeEventListener("keydown", keys);
      socket?.close();
    },
    relabel() {
      translateStatic(root);
      title.textContent = gameName(state?.table.game ?? table.game);
      if (state) draw(true);
    },
  };
}
