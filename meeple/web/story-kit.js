// Small helpers for the games' end stories (games/<id>-story.js, read by ending.js): counting
// a log's events seat by seat, and naming a seat as the log does.

/** How many events of the log match `test`, for each of `seats` seats (by `by(e)`, default the
 *  event's seat). */
export function countBy(log, seats, test, by = (e) => e.seat) {
  const counts = new Array(seats).fill(0);
  for (const e of log) {
    if (!test(e)) continue;
    const seat = by(e);
    if (Number.isInteger(seat) && seat >= 0 && seat < seats) counts[seat] += 1;
  }
  return counts;
}

/** A seat's name as the log says it: "Aki (you)" for the viewer. */
export function nameOf(ctx, seat) {
  const name = ctx.players[seat]?.name ?? String(seat + 1);
  return seat === ctx.seat ? ctx.t("table.you_name", { name }) : name;
}
