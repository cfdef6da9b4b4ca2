// The lobby: the five games with a form to start a table, and the tables to join, watch or
// replay (refreshed every few seconds).

import { get, post } from "./api.js";
import { h, toast } from "./dom.js";
import { errorText, listOf, t } from "./i18n.js";
import { ensurePlayer, me } from "./session.js";
import { duration } from "./turns.js";

const REFRESH_MS = 4000;
const TIMERS = [null, 30, 60, 120, 300];
const MOVE_TIMES = [12 * 3600, 24 * 3600, 3 * 86400, 7 * 86400]; // a turn-based table's, per move
const BANKS = [null, 12 * 3600, 24 * 3600, 3 * 86400]; // and its time bank

/** The name of a game in the current language (the server's English name otherwise). */
export function gameName(game) {
  const key = `game.${game.id ?? game}.name`;
  const text = t(key);
  return text === key ? game.name ?? game : text;
}

/** A seat's name for people: the player's, "Bot 2" for a bot (numbered by seat, so that two
 *  bots at one table can be told apart; a tutorial's scripted seats bring their own `name`,
 *  learn.js), or "free seat". */
export function seatName(seat) {
  if (seat.kind === "bot") return seat.name ?? t("table.bot_name", { n: seat.seat + 1 });
  return seat.player ? seat.player.name : t("table.free_seat");
}

/** A seat as listed in the lobby: the name, with the level for a bot. */
function seatLabel(seat) {
  return seat.kind === "bot" ? t("lobby.bot_seat", { name: seatName(seat), level: t(`level.${seat.level}`) }) : seatName(seat);
}

function optionValue(raw, sample) {
  if (typeof sample === "boolean") return raw === "true";
  if (typeof sample === "number") return Number(raw);
  return raw;
}

function optionLabel(game, name, spec) {
  const key = `option.${game.id}.${name}`;
  const label = t(key);
  const help = t(`${key}.help`);
  return { label: label === key ? name : label, help: help === `${key}.help` ? spec.help : help };
}

function choiceLabel(game, name, value) {
  if (typeof value === "boolean") return t(value ? "common.on" : "common.off");
  const key = `option.${game.id}.${name}.${value}`;
  const text = t(key);
  return text === key ? String(value) : text;
}

function createForm(game, levels, player) {
  const seatsBox = h("fieldset", { class: "seats" });
  const players = h("select", { name: "players", id: `players-${game.id}` },
    Array.from({ length: game.max_players - game.min_players + 1 }, (_, i) => {
      const n = game.min_players + i;
      return h("option", { value: n, text: String(n) });
    }));
  const drawSeats = () => {
    const n = Number(players.value);
    // The levels that can play a table of n (expert only where its network ships for n).
    const offered = game.levels_by_players?.[String(n)] ?? levels;
    const before = [...seatsBox.querySelectorAll("select")].map((s) => s.value);
    seatsBox.replaceChildren(h("legend", { text: t("lobby.seats") }));
    for (let seat = 0; seat < n; seat += 1) {
      const choices = [
        h("option", { value: "human", text: seat === 0 ? t("lobby.seat.you") : t("lobby.seat.human") }),
        ...offered.map((level) => h("option", { value: `bot:${level}`, text: t("lobby.seat.bot", { level: t(`level.${level}`) }) })),
      ];
      const select = h("select", { name: `seat${seat}`, "data-seat": seat, "aria-label": t("lobby.seat_n", { n: seat + 1 }) }, choices);
      // A seat keeps its choice when the count changes, unless that level cannot play the
      // new count (expert): then it takes the strongest level offered there.
      const kept = before[seat];
      const strongest = `bot:${offered[offered.length - 1]}`;
      if (kept === undefined) select.value = seat === 0 ? "human" : "bot:normal";
      else select.value = choices.some((o) => o.value === kept) ? kept : strongest;
      if (seat === 0) select.disabled = true; // the creator sits in the first seat
      seatsBox.append(h("label", { class: "seat-choice" }, h("span", { class: "chip", style: `background: var(--seat-${seat})` }), t("lobby.seat_n", { n: seat + 1 }), select));
    }
    // Where expert plays this game at other counts only, say at which (its menu lost it).
    const expertCounts = Object.entries(game.levels_by_players ?? {})
      .filter(([, at]) => at.includes("expert")).map(([count]) => count);
    if (expertCounts.length && !offered.includes("expert")) {
      seatsBox.append(h("small", { class: "muted expert-note", text: t("lobby.expert_counts", { game: gameName(game), counts: listOf(expertCounts) }) }));
    }
  };
  players.addEventListener("change", drawSeats);
  drawSeats();

  const options = Object.entries(game.options).map(([name, spec]) => {
    const { label, help } = optionLabel(game, name, spec);
    const select = h("select", { name: `option:${name}` },
      spec.choices.map((value) => h("option", { value: String(value), text: choiceLabel(game, name, value) })));
    select.value = String(spec.default);
    return h("label", { class: "option" }, h("span", { class: "option-name", text: label }), select, h("small", { class: "muted", text: help }));
  });
  const timer = h("select", { name: "turn_seconds" },
    TIMERS.map((s) => h("option", { value: s ?? "", text: s ? t("lobby.timer.seconds", { n: s }) : t("lobby.timer.none") })));
  // A game whose opponents answer between turns (Stir Fry's taste test) says how long they have:
  // the answer time at a timed table (never longer than a move), no limit at an untimed one.
  const answerNote = game.response_seconds ? h("small", { class: "muted answer-time", "aria-live": "polite" }) : null;
  const showAnswerTime = () => {
    if (!answerNote) return;
    const n = timer.value ? Math.min(game.response_seconds, Number(timer.value)) : null;
    answerNote.textContent = n ? t(`${game.id}.lobby.answer_time`, { n }) : t(`${game.id}.lobby.answer_none`);
  };
  timer.addEventListener("change", showAnswerTime);
  showAnswerTime();

  // Live (everyone at the table now) or turn-based (a move a day): the time per move, a time
  // bank, and the timeout rule said in words.
  const pace = h("select", { name: "pace" },
    ["live", "turns"].map((p) => h("option", { value: p, text: t(`lobby.pace.${p}`) })));
  const moveTime = h("select", { name: "move_seconds" },
    MOVE_TIMES.map((s) => h("option", { value: s, text: duration(s) })));
  moveTime.value = String(24 * 3600);
  const bank = h("select", { name: "bank_seconds" },
    BANKS.map((s) => h("option", { value: s ?? "", text: s ? duration(s) : t("lobby.bank.none") })));
  const live = h("label", { class: "live-timer" }, t("lobby.timer"), timer);
  const turns = h("div", { class: "turn-choices", hidden: true },
    h("label", {}, t("lobby.move_time"), moveTime),
    h("label", {}, t("lobby.bank"), bank),
    h("small", { class: "muted turn-rule", text: t("turns.rule") }));
  pace.addEventListener("change", () => {
    const turnBased = pace.value === "turns";
    turns.hidden = !turnBased;
    live.hidden = turnBased;
    if (answerNote) answerNote.hidden = turnBased;
  });

  // Rated tables are for registered players (a guest's results are not rated).
  const rated = player?.registered
    ? h("label", { class: "rated-choice" }, h("input", { type: "checkbox", name: "rated", checked: true }), t("lobby.rated"))
    : h("p", { class: "muted rated-note", text: t("lobby.unrated_guest") });
  const form = h("form", { class: "create", "data-game": game.id, "aria-label": t("lobby.create_for", { game: gameName(game) }) },
    h("label", {}, t("lobby.players"), players),
    seatsBox,
    options.length ? h("fieldset", { class: "options" }, h("legend", { text: t("lobby.options") }), options) : null,
    h("label", {}, t("lobby.pace"), pace),
    live,
    answerNote,
    turns,
    rated,
    h("button", { type: "submit", class: "primary create-table", text: t("lobby.create") }));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    // The name is asked here, when it is needed, not before anyone has seen a game.
    if (!(await ensurePlayer())) return;
    const n = Number(players.value);
    const seats = [];
    for (let seat = 0; seat < n; seat += 1) {
      const value = form.querySelector(`select[data-seat="${seat}"]`).value;
      seats.push(value === "human" ? { kind: "human" } : { kind: "bot", level: value.slice(4) });
    }
    const chosen = {};
    for (const [name, spec] of Object.entries(game.options)) {
      chosen[name] = optionValue(form.querySelector(`select[name="option:${name}"]`).value, spec.default);
    }
    const body = { game: game.id, players: n, options: chosen, seats };
    if (pace.value === "turns") {
      body.move_seconds = Number(moveTime.value);
      if (bank.value) body.bank_seconds = Number(bank.value);
    } else if (timer.value) body.turn_seconds = Number(timer.value);
    if (player?.registered) body.rated = form.querySelector("input[name=rated]").checked;
    try {
      const table = await post("/api/tables", body);
      location.hash = `#/table/${table.id}`;
    } catch (err) {
      toast(errorText(err.code, err.message), "error");
    }
  });
  return form;
}

function gameCard(game, levels, player) {
  let form = null;
  const toggle = h("button", { type: "button", class: "primary new-table", "aria-expanded": "false", text: t("lobby.new_table") });
  const card = h("article", { class: "card game", "data-game": game.id },
    h("h3", { text: gameName(game) }),
    h("p", { class: "muted", text: t("lobby.players_range", { min: game.min_players, max: game.max_players }) }),
    h("p", { text: t(`game.${game.id}.desc`) }),
    h("div", { class: "row" }, toggle, h("a", { href: `#/rules/${game.id}`, class: "rules-link", text: t("lobby.rules") }),
      h("a", { href: `#/learn/${game.id}`, class: "learn-link", text: t("learn.link") })));
  toggle.addEventListener("click", () => {
    if (form) {
      form.remove();
      form = null;
    } else {
      // A game lists the levels that can play it (expert only where its network ships), and
      // at each count (createForm).
      form = createForm(game, game.levels ?? levels, player);
      card.append(form);
      form.querySelector("select")?.focus();
    }
    toggle.setAttribute("aria-expanded", String(Boolean(form)));
  });
  return card;
}

function seatsText(table) {
  return listOf(table.seats.map(seatLabel));
}

function tableRow(table, games) {
  const game = games.find((g) => g.id === table.game) ?? { id: table.game, name: table.game };
  const free = table.seats.some((s) => s.kind === "human" && !s.player);
  let action;
  // A finished table opens to its final board and scoreboard; the replay is one more link.
  if (table.status === "finished") {
    action = h("span", { class: "row" },
      h("a", { class: "button", href: `#/table/${table.id}`, text: t("lobby.see_end") }),
      h("a", { class: "button", href: `#/replay/${table.id}`, text: t("lobby.replay") }));
  }
  else if (table.you !== null) action = h("a", { class: "button primary", href: `#/table/${table.id}`, text: t("lobby.resume") });
  else if (table.status === "open" && free) action = h("a", { class: "button primary", href: `#/table/${table.id}`, text: t("lobby.join") });
  else action = h("a", { class: "button", href: `#/table/${table.id}`, text: t("lobby.watch") });
  const result = table.status === "finished" && table.winners
    ? t("lobby.winners", { names: listOf(table.winners.map((w) => seatName(table.seats[w]))) })
    : "";
  return h("li", { class: "table-row", "data-table": table.id },
    h("span", { class: "table-game", text: `${gameName(game)} · ${t("lobby.n_players", { n: table.players })}` }),
    h("span", { class: "muted table-seats", text: seatsText(table) }),
    result ? h("span", { class: "table-result", text: result }) : null,
    action);
}

export async function showLobby(root) {
  const player = await me();
  root.replaceChildren();
  const [{ games }, { levels }] = await Promise.all([get("/api/games"), get("/api/levels")]);
  const lists = {
    open: h("ul", { class: "tables", id: "tables-open" }),
    running: h("ul", { class: "tables", id: "tables-running" }),
    finished: h("ul", { class: "tables", id: "tables-finished" }),
  };
  root.append(
    h("h1", { id: "lobby-title", text: t("lobby.title") }),
    h("p", { class: "muted", text: player ? t("lobby.hello", { name: player.name }) : t("lobby.hello_anonymous") }),
    h("section", { class: "games", "aria-labelledby": "games-title" },
      h("h2", { id: "games-title", text: t("lobby.games") }),
      h("div", { class: "game-grid" }, games.map((g) => gameCard(g, levels, player)))),
    h("section", { class: "table-lists" },
      ["open", "running", "finished"].map((status) =>
        h("div", { class: "card" }, h("h2", { text: t(`lobby.tables.${status}`) }), lists[status]))));
  const refresh = async () => {
    for (const status of ["open", "running", "finished"]) {
      try {
        const { tables } = await get(`/api/tables?status=${status}`);
        lists[status].replaceChildren(
          ...(tables.length ? tables.slice(0, 30).map((table) => tableRow(table, games)) : [h("li", { class: "muted", text: t("lobby.none") })]));
      } catch {
        /* the next refresh tries again */
      }
    }
  };
  await refresh();
  const timer = setInterval(refresh, REFRESH_MS);
  return { stop: () => clearInterval(timer) };
}
