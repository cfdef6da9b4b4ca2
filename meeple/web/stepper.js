// "Step through": the moves since this seat's last decision, played again on the board one by
// one, forward and back, while the game waits (BGA's replay in game). The table keeps each state
// it drew since then — the views exactly as this seat received them, so nothing hidden is
// shown — and the stepper draws one of them in place of the live board. While it is open, the
// others' new moves wait in the table's queue; "Back to now" draws the live board again.

import { h } from "./dom.js";
import { t } from "./i18n.js";

const KEEP = 40; // states kept at most (a spectator's, or a long wait)

/** The stepper of a table. `draw(step, index, steps)` draws a kept state on the board;
 *  `leave()` draws the live board again. Returns {controls, record, restart, active, shown,
 *  allow, redraw, close, relabel}. */
export function stepper({ draw, leave }) {
  let steps = []; // [{view, toMove, from, upto}]: the states drawn since the last decision
  let at = null; // the index shown, or null when the board is live
  let allowed = true; // a game in play (a finished one has its replay)

  const start = h("button", { type: "button", id: "step-start", class: "link step-start" });
  const back = h("button", { type: "button", id: "step-back", class: "step-nav" }, "◀");
  const forward = h("button", { type: "button", id: "step-forward", class: "step-nav" }, "▶");
  const counter = h("span", { id: "step-count", class: "step-count", "aria-live": "polite" });
  const live = h("button", { type: "button", id: "step-live", class: "step-live" });
  const moving = h("span", { class: "step-moving", role: "toolbar" }, back, counter, forward, live);
  const controls = h("span", { class: "stepper" }, start, moving);

  const label = () => {
    start.textContent = t("table.step.start", { count: steps.length - 1 });
    back.setAttribute("aria-label", t("table.step.back"));
    forward.setAttribute("aria-label", t("table.step.forward"));
    live.textContent = t("table.step.live");
  };

  const refresh = () => {
    label();
    const open = at !== null;
    start.hidden = open || !allowed || steps.length < 2;
    moving.hidden = !open;
    if (open) {
      counter.textContent = t("table.step.count", { n: at, total: steps.length - 1 });
      back.disabled = at <= 0;
      forward.disabled = at >= steps.length - 1;
    }
  };

  const show = (i) => {
    at = Math.max(0, Math.min(steps.length - 1, i));
    refresh();
    draw(steps[at], at, steps);
  };

  const close = () => {
    if (at === null) return;
    at = null;
    refresh();
    leave();
  };

  // Stepping starts at the first move after your decision (step 0 is the board just after it).
  start.addEventListener("click", () => show(Math.min(1, steps.length - 1)));
  back.addEventListener("click", () => show(at - 1));
  forward.addEventListener("click", () => show(at + 1));
  live.addEventListener("click", close);
  controls.addEventListener("keydown", (event) => {
    if (at === null) return;
    if (event.key === "ArrowLeft") show(at - 1);
    else if (event.key === "ArrowRight") show(at + 1);
    else if (event.key === "Escape") close();
    else return;
    event.preventDefault();
  });
  refresh();

  return {
    controls,
    /** Keep a state the table drew: its view, who moves, and the log's part that came with it. */
    record(message, from) {
      if (!message.view) return;
      if (steps.at(-1)?.upto === message.upto && steps.at(-1)?.view === message.view) return;
      steps.push({ view: message.view, toMove: message.to_move, from, upto: message.upto });
      if (steps.length > KEEP) steps = steps.slice(-KEEP);
      refresh();
    },
    /** This seat decided: what it kept before is not "since your last move" any more. */
    restart() {
      close();
      steps = [];
      refresh();
    },
    /** Whether a kept state is on the board instead of the live one. */
    get active() {
      return at !== null;
    },
    /** The kept state shown, or null. */
    get shown() {
      return at === null ? null : steps[at];
    },
    /** Offer stepping or not (not once the game is over). */
    allow(on) {
      allowed = on;
      if (!on) close();
      refresh();
    },
    /** Draw the kept state shown again (the page was laid out anew), if one is shown. */
    redraw() {
      if (at !== null) draw(steps[at], at, steps);
    },
    close,
    relabel: refresh,
  };
}
