// Buffet's end story (ending.js): why it ended, and each player's dishes.

import { countBy } from "../story-kit.js";

/** The rules: when too few dishes remain to lay out the next buffet, the game ends. */
export function endReason(ctx) {
  const rounds = ctx.log.filter((e) => e.event === "round").length || ctx.view.round || 0;
  return ctx.t("buffet.end.reason", { rounds });
}

/** Dishes won, and rounds a mouse left with nothing. */
export function stats(ctx) {
  const n = ctx.players.length;
  return [
    { label: ctx.t("buffet.stat.dishes"), values: countBy(ctx.log, n, (e) => e.event === "take") },
    { label: ctx.t("buffet.stat.empty"), values: countBy(ctx.log, n, (e) => e.event === "empty_handed") },
  ];
}
