// "Your turn" everywhere: the games page (#/me) — my tables where it is my move first, with the
// time left, then my other tables, then those that ended last — the header's count of the games
// waiting for my move on every page, kept live, and "your turn" notifications while a tab is
// open (once the player allows them with the page's button: the browser is never asked on load).

import { get, serverNow } from "./api.js";
import { inviteList } from "./invites.js";
import { h } from "./dom.js";
import { listOf, t } from "./i18n.js";
import { gameName, seatName } from "./lobby.js";
import { me } from "./session.js";
import { paceText, timeLeft } from "./turns.js";

const EVERY_MS = 20000; // how often the count is asked again (and at every page, focus and move)

let waiting = null; // ids of the tables waiting for my move at the last look (null: none yet)
let latest = null; // the last answer of /api/me/tables

/** Ask the server for my tables: the header's count shows how many wait for my move, and a
 *  table that starts waiting is notified (when allowed). Resolves to the answer, or null. */
export async function refreshTurns() {
  const player = await me();
  // The site header's count, and the table's (a phone's table folds the site header away).
  const counts = document.querySelectorAll(".my-games-count");
  const link = document.getElementById("my-games");
  if (link) link.hidden = !player;
  if (!player) {
    waiting = null;
    latest = null;
    return null;
  }
  try {
    latest = await get("/api/me/tables");
  } catch {
    return null; // the next look tries again
  }
  for (const count of counts) {
    count.textContent = String(latest.waiting);
    count.hidden = latest.waiting === 0;
  }
  link?.setAttribute("aria-label", t("nav.my_games_waiting", { count: latest.waiting }));
  const now = latest.tables.filter((table) => table.your_due !== null);
  if (waiting !== null) for (const table of now) if (!waiting.has(table.id)) notify(table);
  waiting = new Set(now.map((table) => table.id));
  return latest;
}

/** "Your turn" for a table, when the player allowed notifications (not for the table on
 *  screen: the page itself says so). */
function notify(table) {
  if (!("Notification" in window) || Notification.permission !== "granted") return;
  if (location.hash === `#/table/${table.id}` && !document.hidden) return;
  const note = new Notification(t("turns.notice_title"), {
    body: t("turns.notice_body", { game: gameName(table.game) }),
    tag: `meeple-${table.id}`,
  });
  note.addEventListener("click", () => {
    window.focus();
    location.hash = `#/table/${table.id}`;
  });
}

/** Keep the header's count up to date on every page: now, every EVERY_MS, when the page comes
 *  back into view, at every new page, and when a turn-based table says its move passed. */
export function keepTurns() {
  refreshTurns();
  setInterval(refreshTurns, EVERY_MS);
  for (const name of ["hashchange", "meeple:signed-in", "meeple:turns"]) window.addEventListener(name, refreshTurns);
  document.addEventListener("visibilitychange", () => {
    if (!document.hidden) refreshTurns();
  });
}

/** The button that asks the browser for notifications, and says what it answered. */
function notifyButton() {
  if (!("Notification" in window)) return h("p", { class: "muted", text: t("turns.notify_unsupported") });
  const button = h("button", { type: "button", id: "notify", class: "notify" });
  const draw = () => {
    const permission = Notification.permission;
    button.textContent = t({ granted: "turns.notify_on", denied: "turns.notify_denied" }[permission] ?? "turns.notify_ask");
    button.disabled = permission !== "default";
  };
  button.addEventListener("click", async () => {
    await Notification.requestPermission();
    draw();
  });
  draw();
  return button;
}

function row(table) {
  const others = table.seats.filter((s) => s.seat !== table.you).map(seatName);
  const mine = table.your_due !== null;
  const label = table.status === "finished" ? "turns.see_end" : mine ? "turns.play" : "turns.open";
  const result = table.status === "finished" && table.winners
    ? t("lobby.winners", { names: listOf(table.winners.map((w) => seatName(table.seats[w]))) })
    : null;
  return h("li", { class: `table-row my-table${mine ? " my-move" : ""}`, "data-table": table.id },
    h("span", { class: "table-game", text: gameName(table.game) }),
    h("span", { class: "muted table-seats", text: t("turns.with", { names: listOf(others) }) }),
    h("span", { class: "muted table-pace", text: paceText(table) ?? t("turns.live") }),
    mine ? h("span", { class: "time-left", text: timeLeft(table.your_due - serverNow()) }) : null,
    result ? h("span", { class: "table-result", text: result }) : null,
    h("a", { class: `button${mine ? " primary" : ""}`, href: `#/table/${table.id}`, text: t(label) }));
}

function section(id, title, tables) {
  return h("section", { class: "card my-games", id },
    h("h2", { text: title }),
    h("ul", { class: "tables" }, tables.length ? tables.map(row) : h("li", { class: "muted", text: t("turns.none") })));
}

/** The games page. */
export async function showMe(root) {
  const player = await me();
  if (!player) {
    root.replaceChildren(h("h1", { text: t("turns.title") }), h("p", { class: "muted", text: t("turns.sign_in") }));
    return null;
  }
  // The seats I am invited to come first (invites.js: accept opens the table, decline frees
  // the seat); a guest has none.
  let invites = [];
  const askInvites = async () => {
    try {
      invites = player.registered ? (await get("/api/me/invites")).invites : [];
    } catch {
      invites = [];
    }
  };
  const draw = (mine) => {
    const tables = mine?.tables ?? [];
    root.replaceChildren(...[
      h("h1", { id: "me-title", text: t("turns.title") }),
      h("p", { class: "muted turn-rule", text: t("turns.rule") }),
      h("div", { class: "row" }, notifyButton()),
      invites.length
        ? h("section", { class: "card my-games", id: "my-invites" }, h("h2", { text: t("invites.title") }),
          inviteList(invites, async () => { await askInvites(); draw(latest); }))
        : null,
      section("my-move", t("turns.yours"), tables.filter((x) => x.your_due !== null)),
      section("my-others", t("turns.others"), tables.filter((x) => x.your_due === null && x.status !== "finished")),
      section("my-finished", t("turns.finished"), tables.filter((x) => x.status === "finished")),
    ].filter(Boolean));
  };
  await askInvites();
  draw(await refreshTurns());
  // Drawn again with every new look (the time left, a move made elsewhere, a new invite).
  const redraw = () => draw(latest);
  const timer = setInterval(async () => {
    await askInvites();
    draw(await refreshTurns());
  }, EVERY_MS);
  return { stop: () => clearInterval(timer), relabel: redraw };
}
