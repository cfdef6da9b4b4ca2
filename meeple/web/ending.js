// The end of a game as a story, under the scoreboard (the live table's result and the replay
// page): why the game ended, in the game's own terms; each player's score over the game (a small
// chart per player); statistics that fit the game; and, at a rated table, each player's rating
// before and after.
//
// Everything comes from what this viewer saw: the finished table's replay (GET
// /api/tables/<id>/replay: each step's view as this seat saw it, a spectator's for others) — its
// views' scores make the charts, and its views' events make the log that the game's `stats` and
// `endReason` read — and the ratings (GET /api/tables/<id>/ratings). A renderer may export:
//
//   endReason({view, log, players, seat, t, lang}) -> one sentence: why the game ended;
//   stats({view, log, players, seat, t, lang})     -> [{label, values: [one per seat]}].
//   scorings: ["score", …]                         -> the events that score (issue #36, "every
//     scoring explained"): the story lists them in order, each in the log's own words (the
//     renderer's describeEvent), under "Every scoring", readable after the end.

import { get } from "./api.js";
import { h, svg } from "./dom.js";
import { lang, num, t } from "./i18n.js";

const replays = new Map(); // table id -> Promise of its replay (fetched once per page)
const ratings = new Map(); // table id -> Promise of its rating changes, or null
const stories = new Map(); // table id, language and order -> the story drawn (drawn once)

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The viewer's log rebuilt from a replay's steps, as the server builds it for a seat
 *  (tables/live.py, refresh): each view's events that extend the ones seen before, or all of
 *  them when the game started its list afresh; after a "back" what the view holds is taken as
 *  seen. */
export function logOf(steps) {
  const log = [];
  let before = [];
  let beforeText = [];
  for (const step of steps) {
    const events = step.view?.events ?? [];
    const texts = events.map((e) => JSON.stringify(e));
    if (step.action?.type !== "back") {
      const extends_ = beforeText.length <= texts.length && beforeText.every((x, i) => x === texts[i]);
      log.push(...(extends_ ? events.slice(before.length) : events));
    }
    before = events;
    beforeText = texts;
  }
  return log;
}

/** Each seat's score after each step of a replay (a step without scores keeps the last). */
export function scoreSeries(steps, seats) {
  const series = Array.from({ length: seats }, () => []);
  let last = new Array(seats).fill(0);
  for (const step of steps) {
    const scores = step.view?.scores;
    if (Array.isArray(scores)) last = scores.map((x, i) => (typeof x === "number" ? x : last[i] ?? 0));
    last.forEach((x, i) => series[i]?.push(x));
  }
  return series;
}

function replayOf(tableId, given) {
  if (given) replays.set(tableId, Promise.resolve(given));
  if (!replays.has(tableId)) {
    // Right at the end the server may still be finishing the table: asked again a few times.
    const asked = (async () => {
      for (let attempt = 0; ; attempt += 1) {
        try {
          return await get(`/api/tables/${tableId}/replay`);
        } catch (err) {
          if (attempt >= 4 || err.code !== "not_finished") throw err;
          await pause(400 * (attempt + 1));
        }
      }
    })();
    // A failure is forgotten, so that a later drawing asks again.
    asked.catch(() => replays.delete(tableId));
    replays.set(tableId, asked);
  }
  return replays.get(tableId);
}

/** A rated table's rating changes (seats: [{before, after, change, rank} | null]), or null. The
 *  ratings are stored with the game's last action: right at the end they may not be there yet,
 *  so the question is asked again a few times. */
function ratingsOf(table) {
  if (!table.rated) return Promise.resolve(null);
  if (!ratings.has(table.id)) {
    const ask = async () => {
      for (let attempt = 0; attempt < 6; attempt += 1) {
        try {
          const answer = await get(`/api/tables/${table.id}/ratings`);
          if (answer.rated) return answer.seats;
        } catch {
          // not finished on the server yet, or gone: ask again below
        }
        await pause(500 * (attempt + 1));
      }
      return null;
    };
    ratings.set(table.id, ask());
  }
  return ratings.get(table.id);
}

/** A small chart of one seat's score over the game, on the scale shared by every seat. */
export function sparkline(values, seat, low, high, label) {
  const width = 120;
  const height = 34;
  const pad = 3;
  const span = Math.max(1, high - low);
  const x = (i) => pad + (values.length > 1 ? (i * (width - 2 * pad)) / (values.length - 1) : 0);
  const y = (v) => height - pad - ((v - low) * (height - 2 * pad)) / span;
  const points = values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
  const end = values.at(-1) ?? 0;
  return svg("svg", { class: "end-chart", viewBox: `0 0 ${width} ${height}`, width, height, role: "img", "aria-label": label,
    "data-first": values[0] ?? 0, "data-last": end, "data-points": values.length },
    svg("title", { text: label }),
    low < 0 && high > 0 ? svg("line", { x1: pad, x2: width - pad, y1: y(0), y2: y(0), class: "end-chart-zero" }) : null,
    svg("polyline", { points, class: "end-chart-line", style: `stroke: var(--seat-${seat})` }),
    svg("circle", { cx: x(values.length - 1), cy: y(end), r: 2.8, class: "end-chart-dot", style: `fill: var(--seat-${seat})` }));
}

/** A rating change as "1000 → 1039 (+39)". */
function ratingText(change) {
  const sign = change.change > 0 ? "+" : "";
  return t("end.rating_change", { before: change.before, after: change.after, change: `${sign}${num(change.change)}` });
}

/** Fill `box` with the story: the reason, then a table of each seat's statistics, chart and
 *  rating change, in the order of `order` (the scoreboard's ranking). */
function fill(box, { game, table, players, seat, order, replay, changes }) {
  const steps = replay.steps ?? [];
  const view = steps.at(-1)?.view ?? null;
  if (!view) return;
  const ctx = { view, log: logOf(steps), players, seat, t, lang: lang() };
  const reason = game.endReason ? game.endReason(ctx) : "";
  const stats = (game.stats ? game.stats(ctx) : null) ?? [];
  const series = scoreSeries(steps, players.length);
  const all = series.flat();
  const low = Math.min(0, ...all);
  const high = Math.max(1, ...all);
  const rated = Array.isArray(changes) && changes.some(Boolean);
  const rows = (order ?? players.map((p) => p.seat)).map((s) => {
    const values = series[s] ?? [];
    const label = t("end.chart_label", { name: players[s].name, from: num(values[0] ?? 0), to: num(values.at(-1) ?? 0) });
    const change = rated ? changes[s] : null;
    return h("tr", { "data-seat": s },
      h("th", { scope: "row" },
        h("span", { class: "chip", style: `background: var(--seat-${s})`, "aria-hidden": "true" }), players[s].name,
        s === seat ? h("span", { class: "muted you-tag", text: t("table.you_tag") }) : null),
      ...stats.map((st) => h("td", { class: "end-stat", "data-value": st.values[s] ?? null, text: num(st.values[s] ?? "–") })),
      h("td", { class: "end-chart-cell" }, sparkline(values, s, low, high, label)),
      rated ? h("td", { "data-change": change ? change.change : null, class: `end-rating${change && change.change > 0 ? " up" : change && change.change < 0 ? " down" : ""}`, text: change ? ratingText(change) : "–" }) : null);
  });
  box.replaceChildren(...[
    reason ? h("p", { class: "end-reason" }, h("strong", { text: t("end.why") }), " ", reason) : null,
    scoringList(game, ctx),
    h("div", { class: "end-stats-wrap" },
      h("table", { class: "end-stats" },
        h("caption", { class: "end-caption", text: t("end.stats_title") }),
        h("thead", {}, h("tr", {},
          h("th", { scope: "col", text: t("table.player") }),
          ...stats.map((st) => h("th", { scope: "col", text: st.label })),
          h("th", { scope: "col", text: t("end.over_the_game") }),
          rated ? h("th", { scope: "col", text: t("end.rating") }) : null)),
        h("tbody", {}, ...rows))),
  ].filter(Boolean));
  box.dataset.ready = "true";
}

/** Every scoring of the game in words (the renderer's `scorings`, described as the log does),
 *  folded under its count: the game's whole account of who got what and why. */
function scoringList(game, ctx) {
  if (!game.scorings || !game.describeEvent) return null;
  const kinds = new Set(game.scorings);
  const lines = ctx.log.filter((e) => kinds.has(e.event)).map((e) => game.describeEvent(e, { ...ctx, over: true })).filter(Boolean);
  if (!lines.length) return null;
  return h("details", { class: "end-breakdown" },
    h("summary", { text: t("end.scorings", { n: lines.length, count: lines.length }) }),
    h("ol", { class: "breakdown" }, lines.map((text) => h("li", { text }))));
}

/** The story of a finished table, as an element filled when its data has come (`replay`: the
 *  replay already fetched, as the replay page has it). `order`: the seats as the scoreboard
 *  ranks them. */
export function endStory({ game, table, players, seat, order = null, replay = null }) {
  // The table's result is drawn again at every message: the story once, not once per drawing.
  const key = `${table.id}:${lang()}:${order ? order.join(",") : ""}`;
  if (stories.has(key)) return stories.get(key);
  const box = h("section", { class: "end-story", "aria-label": t("end.stats_title"), "data-ready": "false" });
  stories.set(key, box);
  Promise.all([replayOf(table.id, replay), ratingsOf(table)])
    .then(([data, changes]) => fill(box, { game, table, players, seat, order, replay: data, changes }))
    .catch(() => box.replaceChildren(h("p", { class: "muted", text: t("end.unavailable") })));
  return box;
}
