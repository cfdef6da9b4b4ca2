// Bison's end story (ending.js): the rounds played, and each player's regions.

import { countBy } from "../story-kit.js";

/** The rules: after the last round (6 at two players, 5 at three, 4 at four) every stock goes
 *  back to 0 and the final scoring decides: most animals wins. */
export function endReason(ctx) {
  return ctx.t("bison.end.reason", { rounds: ctx.view.rounds });
}

/** Regions led (placed first in a region's scoring, alone or tied), animals taken in the
 *  scorings, tiles laid. */
export function stats(ctx) {
  const n = ctx.players.length;
  const led = new Array(n).fill(0);
  const taken = new Array(n).fill(0);
  for (const e of ctx.log) {
    if (e.event !== "score") continue;
    for (const w of e.awards || []) {
      if (w.seat < 0 || w.seat >= n) continue;
      if (w.place === 1) led[w.seat] += 1;
      taken[w.seat] += w.animals;
    }
  }
  return [
    { label: ctx.t("bison.stat.led"), values: led },
    { label: ctx.t("bison.stat.taken"), values: taken },
    { label: ctx.t("bison.stat.tiles"), values: countBy(ctx.log, n, (e) => e.event === "place") },
  ];
}
