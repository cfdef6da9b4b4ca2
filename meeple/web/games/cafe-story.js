// Café's end story (ending.js): why it ended (the engine says it in game_over.reason), and each
// player's guests.

import { countBy, nameOf } from "../story-kit.js";

/** The rules: every chair or every bar seat is taken, a hand is empty with nothing to refill,
 *  4 or fewer tiles are left in the bag, or everyone passed in a row. */
export function endReason(ctx) {
  const over = ctx.log.findLast((e) => e.event === "game_over");
  const reason = over?.reason ?? "";
  const last = (kind) => ctx.log.findLast((e) => e.event === kind);
  let m;
  if (reason === "the bar is full") {
    const e = last("bar");
    return ctx.t("cafe.end.bar", { name: e ? nameOf(ctx, e.seat) : "?" });
  }
  if (reason === "every chair is taken") {
    const e = last("seat");
    return ctx.t("cafe.end.chairs", { name: e ? nameOf(ctx, e.seat) : "?" });
  }
  if ((m = reason.match(/^(\d+) tiles left in the bag$/))) return ctx.t("cafe.end.bag", { n: Number(m[1]) });
  if ((m = reason.match(/^seat (\d+) has no guests left$/))) return ctx.t("cafe.end.empty_hand", { name: nameOf(ctx, Number(m[1])) });
  if (reason === "one player is left") return ctx.t("cafe.end.one_left");
  if (reason === "nobody can move") return ctx.t("cafe.end.stuck");
  return reason;
}

/** Guests seated at the tables, and guests sent to the bar. */
export function stats(ctx) {
  const n = ctx.players.length;
  return [
    { label: ctx.t("cafe.stat.seated"), values: countBy(ctx.log, n, (e) => e.event === "seat") },
    { label: ctx.t("cafe.stat.bar"), values: countBy(ctx.log, n, (e) => e.event === "bar") },
  ];
}
