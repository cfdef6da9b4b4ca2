// Turn-based tables in words: the time left on a clock of hours or days, and a table's pace
// with the timeout rule (docs/protocol.md, "Turn-based tables"), for the lobby, the games page
// and the table.

import { t } from "./i18n.js";

const MINUTE = 60;
const HOUR = 3600;
const DAY = 24 * HOUR;

/** A length of time in words: "24 hours", "3 days" (whole hours or days). */
export function duration(seconds) {
  if (seconds >= DAY && seconds % DAY === 0) return t("turns.days", { count: seconds / DAY, n: seconds / DAY });
  return t("turns.hours", { count: Math.round(seconds / HOUR), n: Math.round(seconds / HOUR) });
}

/** The time left on a clock, coarse enough for a clock of days: "2 days left", "5 h left",
 *  "12 min left", then seconds. */
export function timeLeft(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  if (s >= 2 * DAY) return t("turns.days_left", { n: Math.floor(s / DAY) });
  if (s >= HOUR) return t("turns.hours_left", { n: Math.floor(s / HOUR) });
  if (s >= MINUTE) return t("turns.minutes_left", { n: Math.ceil(s / MINUTE) });
  return t("table.time_left", { n: s });
}

/** A turn-based table's pace in words ("Turn-based: 24 hours per move"), or null for a live one. */
export function paceText(table) {
  if (!table.move_seconds) return null;
  const time = duration(table.move_seconds);
  return table.bank_seconds
    ? t("turns.pace_bank", { time, bank: duration(table.bank_seconds) })
    : t("turns.pace", { time });
}
