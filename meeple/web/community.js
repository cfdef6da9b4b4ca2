// Players' profiles (#/player/<id>) and each game's leaderboard (#/leaderboard/<game>):
// ratings, their history as a small chart drawn here in SVG, results and the last games.

import { del, get, post } from "./api.js";
import { h, svg, toast } from "./dom.js";
import { errorText, lang, t } from "./i18n.js";
import { gameName } from "./lobby.js";
import { me } from "./session.js";

const GAMES = ["buffet", "bison", "cafe", "stirfry", "cheese"];

/** A date the way the reader writes dates. */
function day(iso) {
  return new Date(iso).toLocaleDateString(lang() === "ja" ? "ja-JP" : "en-GB", { year: "numeric", month: "short", day: "numeric" });
}

/** A rating with its provisional mark ("1024?"), as BGA marks a new player's. */
function ratingText(entry) {
  return entry.provisional ? t("community.provisional_rating", { rating: entry.rating }) : String(entry.rating);
}

/** The rating after each rated game, as a line chart (no library: a polyline and its axes). */
export function ratingChart(history) {
  const width = 320, height = 120, pad = 28;
  const values = history.map((p) => p.rating);
  const low = Math.min(...values, 1000) - 20, high = Math.max(...values, 1000) + 20;
  const x = (i) => pad + (values.length === 1 ? (width - 2 * pad) / 2 : (i * (width - 2 * pad)) / (values.length - 1));
  const y = (v) => height - pad / 2 - ((v - low) * (height - pad)) / (high - low);
  const points = values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
  return svg("svg", { class: "rating-chart", viewBox: `0 0 ${width} ${height}`, role: "img",
    "aria-label": t("community.chart_label", { count: values.length, first: values[0], last: values[values.length - 1] }) },
    svg("line", { x1: pad, y1: y(1000), x2: width - pad / 2, y2: y(1000), class: "chart-base" }),
    svg("text", { x: 2, y: y(high - 20) + 4, class: "chart-tick", text: String(Math.round(high - 20)) }),
    svg("text", { x: 2, y: y(low + 20) + 4, class: "chart-tick", text: String(Math.round(low + 20)) }),
    svg("polyline", { points, class: "chart-line" }),
    ...values.map((v, i) => svg("circle", { cx: x(i), cy: y(v), r: 3, class: "chart-point" },
      svg("title", { text: `${i + 1}: ${v}` }))));
}

export async function showPlayer(root, playerId) {
  let player;
  try {
    player = await get(`/api/players/${playerId}`);
  } catch (err) {
    root.append(h("p", { class: "error", text: errorText(err.code, err.message) }), h("a", { href: "#/", text: t("nav.lobby") }));
    return null;
  }
  // Someone else's profile offers to mute them (their chat never reaches you) or to unmute.
  const viewer = await me();
  let muted = null;
  if (viewer && viewer.id !== player.id) {
    try {
      muted = (await get("/api/mutes")).muted.includes(player.id);
    } catch {
      muted = null;
    }
  }
  const muteButton = () => muted === null ? null : h("button", {
    type: "button", id: "mute-toggle", text: t(muted ? "community.unmute" : "community.mute"),
    onclick: async () => {
      try {
        await (muted ? del(`/api/mutes/${player.id}`) : post(`/api/mutes/${player.id}`));
        muted = !muted;
        toast(t(muted ? "chat.muted" : "community.unmuted", { name: player.name }));
        draw();
      } catch (err) {
        toast(errorText(err.code, err.message), "error");
      }
    },
  });
  const draw = () => {
    root.replaceChildren(
      h("section", { class: "profile" },
        h("div", { class: "row" }, h("h1", { id: "profile-name", text: player.name }), muteButton()),
        h("p", { class: "muted", text: t("community.member_since", { date: day(player.member_since) }) + (player.registered ? "" : ` · ${t("community.guest")}`) }),
        h("h2", { text: t("community.ratings") }),
        player.ratings.length
          ? h("div", { class: "rating-grid" }, player.ratings.map((r) => h("article", { class: "card rating-card", "data-game": r.game },
            h("h3", {}, h("a", { href: `#/leaderboard/${r.game}`, text: gameName(r.game) })),
            h("p", { class: "rating-figure" }, h("strong", { text: ratingText(r) }), " ", h("span", { class: "muted", text: t("community.rating") })),
            h("p", { text: t("community.record", { count: r.games, wins: r.wins, share: Math.round(100 * r.win_share) }) }),
            r.best_score !== null ? h("p", { class: "muted", text: t("community.best_score", { score: r.best_score }) }) : null,
            r.history.length ? ratingChart(r.history) : null)))
          : h("p", { class: "muted", id: "no-ratings", text: t("community.no_ratings") }),
        h("h2", { text: t("community.last_games") }),
        player.last_games.length
          ? h("ul", { class: "tables last-games" }, player.last_games.map((g) => h("li", { class: "table-row" },
            h("span", { class: "table-game", text: gameName(g.game) }),
            h("span", { class: "muted", text: g.finished ? day(g.finished) : "" }),
            h("span", { text: g.won ? t("community.won") : t("community.score", { score: g.score ?? "–" }) }),
            g.rated ? h("span", { class: "badge", text: t("community.rated") }) : null,
            h("a", { class: "button", href: `#/table/${g.table}`, text: t("lobby.see_end") }),
            h("a", { class: "button", href: `#/replay/${g.table}`, text: t("lobby.replay") }))))
          : h("p", { class: "muted", text: t("community.no_games") })));
  };
  draw();
  return { relabel: draw };
}

export async function showLeaderboard(root, game, pageText = "1") {
  if (!GAMES.includes(game)) game = GAMES[0];
  let page = Math.max(1, Number(pageText) || 1);
  let board = null;
  const load = async () => {
    board = await get(`/api/leaderboard/${game}?page=${page}`);
  };
  const draw = () => {
    const tabs = h("nav", { class: "row leaderboard-tabs", "aria-label": t("community.games") },
      GAMES.map((g) => h("a", { href: `#/leaderboard/${g}`, class: `button${g === game ? " primary" : ""}`, "aria-current": g === game ? "page" : null, text: gameName(g) })));
    const rows = board.entries.map((e) => h("tr", { class: e.bot ? "bot-row" : "", "data-subject": e.player ?? `bot:${e.bot}` },
      h("td", { class: "place", text: String(e.place) }),
      h("th", { scope: "row" }, e.bot
        ? h("span", { text: t("community.bot_level", { level: t(`level.${e.bot}`) }) })
        : h("a", { href: `#/player/${e.player}`, text: e.name })),
      h("td", { class: "num", text: ratingText(e) }),
      h("td", { class: "num", text: String(e.games) }),
      h("td", { class: "num", text: `${Math.round(100 * e.win_share)}%` })));
    const pager = h("div", { class: "row pager" },
      h("button", { type: "button", id: "page-back", disabled: page <= 1, text: t("community.previous"), onclick: () => go(page - 1) }),
      h("span", { id: "page-n", text: t("community.page", { n: board.page, total: board.pages }) }),
      h("button", { type: "button", id: "page-forward", disabled: page >= board.pages, text: t("community.next"), onclick: () => go(page + 1) }));
    root.replaceChildren(h("section", { class: "leaderboard" },
      h("h1", { id: "leaderboard-title", text: t("community.leaderboard", { game: gameName(game) }) }),
      tabs,
      h("p", { class: "muted", text: t("community.leaderboard_note", { count: board.min_games }) }),
      board.entries.length
        ? h("table", { class: "leaderboard-table" },
          h("thead", {}, h("tr", {},
            ...["community.place", "community.player", "community.rating", "community.games_played", "community.win_share"].map((k) => h("th", { scope: "col", text: t(k) })))),
          h("tbody", {}, rows))
        : h("p", { class: "muted", id: "no-entries", text: t("community.nobody_yet") }),
      pager));
  };
  const go = async (target) => {
    page = target;
    await load();
    draw();
  };
  try {
    await load();
  } catch (err) {
    root.append(h("p", { class: "error", text: errorText(err.code, err.message) }));
    return null;
  }
  draw();
  return { relabel: draw };
}
