// Stir Fry's end story (ending.js): who reached the target, and when; dishes and taste tests.

import { countBy, nameOf } from "../story-kit.js";

/** The rules: reaching the target ends the game on the spot (Closing Time: the others play one
 *  more turn; Meticulous Chef: only the exact target, else when everyone is above it). */
export function endReason(ctx) {
  const { log, view } = ctx;
  const end = log.findLastIndex((e) => e.event === "game_over");
  const closing = log.findLastIndex((e) => e.event === "closing_time");
  // The move that reached the end: the closing time's cause, else the last score before the end.
  const at = closing >= 0 ? closing : end;
  const scored = log.slice(0, at >= 0 ? at : log.length).findLast((e) => e.event === "cook" || (e.event === "penalty" && e.points));
  const seat = closing >= 0 ? log[closing].seat : scored?.seat;
  const turn = log.slice(0, at >= 0 ? at + 1 : log.length).findLast((e) => e.event === "turn")?.turn ?? view.turn;
  if (seat === undefined) return "";
  const points = scored && scored.seat === seat && scored.total !== undefined ? scored.total : view.points[seat];
  const winners = view.winners ?? [];
  const everyoneOver = view.options?.meticulous_chef && view.points.every((p) => p > view.target);
  let text = everyoneOver
    ? ctx.t("stirfry.end.all_over", { target: view.target })
    : ctx.t("stirfry.end.reached", { name: nameOf(ctx, seat), points, target: view.target, turn });
  if (closing >= 0) text += ` ${ctx.t("stirfry.end.closing")}`;
  if (winners.length && !(winners.length === 1 && winners[0] === seat)) {
    text += ` ${ctx.t("stirfry.end.won_by", { names: winners.map((w) => nameOf(ctx, w)).join(ctx.t("common.list_sep")) })}`;
  }
  return text;
}

/** Dishes cooked; taste tests won and lost: a taster wins by catching a bluff, a chef by being
 *  tasted honest; the other side loses. */
export function stats(ctx) {
  const n = ctx.players.length;
  const tastes = ctx.log.filter((e) => e.event === "taste");
  const won = new Array(n).fill(0);
  const lost = new Array(n).fill(0);
  for (const e of tastes) {
    const [winner, loser] = e.bluff ? [e.seat, e.chef] : [e.chef, e.seat];
    if (winner >= 0 && winner < n) won[winner] += 1;
    if (loser >= 0 && loser < n) lost[loser] += 1;
  }
  return [
    { label: ctx.t("stirfry.stat.dishes"), values: countBy(ctx.log, n, (e) => e.event === "cook") },
    { label: ctx.t("stirfry.stat.tastes_won"), values: won },
    { label: ctx.t("stirfry.stat.tastes_lost"), values: lost },
  ];
}
