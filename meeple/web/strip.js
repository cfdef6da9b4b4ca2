// The strip over the board: what happened since this seat's last decision, in words (a
// spectator's, or before a first decision here: the last moves). Its height holds a whole
// round of the game, set when the table opens (so the board below never moves), on a screen
// tall enough for it (a short one, 1280×800, keeps two lines so that the board fits: "Whole
// round" grows it there, and the choice is kept); it scrolls within itself with the newest line
// last, and its top is always the start of a line. On a phone the strip is in the Log drawer,
// and the newest line stays in sight in a one-line banner (over the board held upright, in the
// header's row held sideways), which opens the drawer.
//
// The strip and the table's "Show now (n more moves)" button never disagree: while moves wait
// to be drawn, the strip says so (and never "Nothing yet").

import { h } from "./dom.js";
import { t } from "./i18n.js";

const COMPACT = 2; // lines of a strip on a short screen
const TALL = 880; // a window at least this high holds a round's strip (CSS px)
const KEY = "meeple.strip"; // the player's choice: "round" or "compact"

/** Lines the strip holds at a table of `players`: a round of most games (Buffet's 6–9 events at
 *  four) unless the game's renderer says otherwise (`sinceLines(players)`). */
export function stripLines(game, players) {
  const own = game.sinceLines ? game.sinceLines(players) : null;
  return Number.isFinite(own) ? own : Math.min(9, Math.max(4, 2 * players + 1));
}

/** Scroll a list so that its newest items show whole and its top is the top of an item (a
 *  line is never cut at the top); or so that `from` (an item) is the first shown. */
export function scrollToLines(list, from = null) {
  const items = [...list.children];
  if (!items.length) return;
  if (from) {
    list.scrollTop = from.offsetTop;
    return;
  }
  list.scrollTop = list.scrollHeight;
  // The first item that fits whole together with every item after it starts the view.
  const first = items.find((item) => list.scrollHeight - item.offsetTop <= list.clientHeight + 1);
  list.scrollTop = first ? first.offsetTop : items.at(-1).offsetTop;
}

/** The strip: `element` (the section above the board), `banner` (the phone's one line of the
 *  newest event, which `openLog()` answers: the table opens its Log drawer), `tools` (room for
 *  the stepper's controls), and `draw(...)`. */
export function sinceStrip({ openLog }) {
  const title = h("h2", { class: "since-title", id: "since-title" });
  const tools = h("div", { class: "since-tools" });
  const grow = h("button", { type: "button", id: "since-grow", class: "link since-grow" });
  const list = h("ol", { class: "since-list", "aria-live": "polite", tabindex: "0", "aria-labelledby": "since-title" });
  const element = h("section", { id: "since", class: "since", hidden: true },
    h("div", { class: "since-head" }, title, tools, grow), list);
  let roundLines = COMPACT;
  let whole = true;
  const fit = () => {
    element.style.setProperty("--since-lines", String(whole ? roundLines : COMPACT));
    grow.hidden = roundLines <= COMPACT;
    grow.textContent = whole ? t("table.since_fewer") : t("table.since_round");
    grow.setAttribute("aria-pressed", String(whole));
  };
  grow.addEventListener("click", () => {
    whole = !whole;
    localStorage.setItem(KEY, whole ? "round" : "compact");
    fit();
    scrollToLines(list, list.querySelector(".step-now"));
  });
  const banner = h("button", { type: "button", id: "latest", class: "latest", hidden: true, "aria-controls": "drawer-log" });
  banner.addEventListener("click", () => {
    openLog();
    scrollToLines(list, list.querySelector(".step-now"));
  });

  return {
    element,
    banner,
    tools,
    /** Size the strip for a round of `lines` lines: all of them on a tall screen or when the
     *  player asked for it, else two. */
    size(lines) {
      roundLines = lines;
      const chosen = localStorage.getItem(KEY);
      whole = chosen ? chosen === "round" : window.innerHeight >= TALL;
      fit();
    },
    /** The texts again, in the language now chosen. */
    relabel: fit,
    /** Show or hide the strip and its banner together. */
    show(shown) {
      element.hidden = !shown;
      banner.hidden = !shown;
    },
    /** Draw the lines: `lines` [{text, now}] (now: the step shown by the stepper), `player`
     *  (since your last move, or the last moves), `waiting` (moves not drawn yet). */
    draw({ lines, player, waiting }) {
      title.textContent = player ? t("table.since_your_move") : t("table.last_moves");
      const items = lines.map((l) => h("li", { text: l.text, class: l.now ? "step-now" : null }));
      if (waiting) items.push(h("li", { class: "muted since-waiting", text: t("table.since_waiting", { count: waiting }) }));
      if (!items.length) items.push(h("li", { class: "muted", text: t("table.nothing_since") }));
      list.replaceChildren(...items);
      scrollToLines(list, list.querySelector(".step-now"));
      // The banner: the newest line (the step shown, while stepping), or what waits.
      const newest = (lines.filter((l) => l.now).at(-1) ?? lines.at(-1))?.text;
      banner.textContent = waiting ? t("table.since_waiting", { count: waiting }) : newest || t("table.nothing_since");
      banner.title = banner.textContent;
    },
  };
}
