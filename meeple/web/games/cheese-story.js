// Go da Cheese!'s end story (ending.js): how it ended, and what each player's animals did.

import { countBy } from "../story-kit.js";

/** The rules: once every card is played, the queues are turned face up and the cheeses are
 *  resolved one by one. */
export function endReason(ctx) {
  return ctx.t("cheese.end.reason");
}

/** Mice fed (a mouse that ate its cheese), mice caught by the player's cats, cats chased by
 *  the player's dogs. */
export function stats(ctx) {
  const n = ctx.players.length;
  return [
    { label: ctx.t("cheese.stat.fed"), values: countBy(ctx.log, n, (e) => e.event === "eat") },
    { label: ctx.t("cheese.stat.caught"), values: countBy(ctx.log, n, (e) => e.event === "catch", (e) => e.cat) },
    { label: ctx.t("cheese.stat.chased"), values: countBy(ctx.log, n, (e) => e.event === "chase", (e) => e.dog) },
  ];
}
