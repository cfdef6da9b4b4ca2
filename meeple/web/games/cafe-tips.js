// Café International: what each element of the board is and does (tips, issue #36), and what a
// seating will score before it is made (the confirmation's preview).
//
// The points are worked out from the view alone (every hand, chair and the bar are public), by
// the engine's own rule (CafeState._table_points in meeple/games/cafe/rules.py): a guest scores
// as it sits down, at each table its chair touches, with the table as it stands right after.
// A browser test checks a preview against the points the engine then gives.

const TABLE_POINTS = [0, 0, 2, 3, 4]; // mixed countries, by guests at the table
const ONE_COUNTRY_FACTOR = 2; // every guest of the table's own country (jokers count as it)
const CIRCLE_GUESTS = 4; // the coffee-circle variation: four of one sex
const CIRCLE_POINTS = 20;
const ONE_COUNTRY_CIRCLE_POINTS = 40;

export function signed(n) {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0";
}

const isWoman = (code) => code.endsWith("-W");
const countryOf = (code) => code.split("-")[0];

/** What table `table` pays the guest `code` who sits on `chair` (which touches it), as the
 *  chairs stand in `v`: {points, why, n, country}. */
function tablePart(v, table, chair, code) {
  const t = v.board.tables[table];
  const guests = t.chairs.map((c) => (c === chair ? code : v.chairs[c])).filter(Boolean);
  const n = guests.length;
  const women = guests.filter(isWoman).length;
  const men = n - women;
  const native = guests.every((g) => [t.country, "JKR"].includes(countryOf(g)));
  const part = { table, n, country: t.country, points: 0, why: "alone" };
  if (men && women) {
    part.points = TABLE_POINTS[n] * (native ? ONE_COUNTRY_FACTOR : 1);
    part.why = native ? "one_country" : "mixed";
    part.base = TABLE_POINTS[n];
    part.full = n === CIRCLE_GUESTS && native;
  } else if (v.options?.coffee_circle && n === CIRCLE_GUESTS) {
    part.points = native ? ONE_COUNTRY_CIRCLE_POINTS : CIRCLE_POINTS;
    part.why = native ? "circle_one_country" : "circle";
    part.full = native;
  } else if (n > 1) {
    part.why = "one_sex";
  }
  return part;
}

/** What seating `code` on `chair` scores: {total, parts: one per table the chair touches}. */
export function seatPoints(v, chair, code) {
  const parts = v.board.chairs[chair].tables.map((t) => tablePart(v, t, chair, code));
  return { total: parts.reduce((sum, p) => sum + p.points, 0), parts };
}

function partText(ctx, p) {
  const country = ctx.t(`cafe.country.${p.country}`);
  return ctx.t(`tip.cafe.part.${p.why}`, { country, n: p.n, points: signed(p.points), base: p.base ?? 0 });
}

/** The preview of a move (seat, swap or bar) in words. */
export function movePreview(ctx, a, names) {
  const v = ctx.view;
  const guest = names.guest(a.guest);
  if (a.type === "swap") return ctx.t("tip.cafe.swap", { guest, chair: names.chair(a.chair) });
  if (a.type === "bar") {
    const n = v.bar.length + 1;
    const points = v.board.bar[v.bar.length].points;
    const cannot = v.chips[ctx.seat] + points < 0;
    return ctx.t(cannot ? "tip.cafe.bar_cannot_pay" : "tip.cafe.bar_preview", { guest, n, points: signed(points) });
  }
  const { total, parts } = seatPoints(v, a.chair, a.guest);
  let text = ctx.t("tip.cafe.preview", {
    guest, chair: names.chair(a.chair), points: signed(total),
    parts: parts.map((p) => partText(ctx, p)).join(ctx.t("tip.cafe.semicolon")),
  });
  if (parts.some((p) => p.full)) text += ` ${ctx.t("tip.cafe.one_country_bonus")}`;
  return text;
}

/** A chair's tip: what it is, who sits there, and the rule of sitting and scoring. */
export function chairTip(ctx, label, shared) {
  return `${label}\n${ctx.t(shared ? "tip.cafe.chair_shared" : "tip.cafe.chair")}`;
}

export function tableTip(ctx, label) {
  return `${label}\n${ctx.t("tip.cafe.table")}`;
}

export function stoolTip(ctx, n, points, guest) {
  const head = guest ? ctx.t("tip.cafe.stool_taken", { n, points: signed(points), guest }) : ctx.t("tip.cafe.stool_free", { n, points: signed(points) });
  return `${head}\n${ctx.t("tip.cafe.stool")}`;
}

export function bagTip(ctx, n) {
  return ctx.t("tip.cafe.bag", { n, count: n });
}

export function chipsTip(ctx) {
  return ctx.t("tip.cafe.chips");
}

export function guestTip(ctx, code, name) {
  if (countryOf(code) === "JKR") return ctx.t("tip.cafe.joker", { guest: name });
  return ctx.t("tip.cafe.guest", { guest: name, country: ctx.t(`cafe.country.${countryOf(code)}`) });
}

/** One table of a seating already made (the seat event's `tables`), in the log's words:
 *  "+4 at the Germany table (2 guests, all of its country: twice 2)". */
export function scoredPartText(ctx, v, part, chair = null) {
  const table = v.board.tables[part.table];
  let country = ctx.t(`cafe.country.${table.country}`);
  // A chair between two tables of one country: which of them ("the upper Cuba table").
  const seat = chair === null ? null : v.board.chairs[chair];
  if (seat && seat.tables.length > 1 && seat.tables.every((i) => v.board.tables[i].country === table.country)) {
    const side = table.x < seat.x ? "left" : table.x > seat.x ? "right" : table.y > seat.y ? "upper" : "lower";
    country = ctx.t("cafe.side_country", { side: ctx.t(`cafe.side.${side}`), country });
  }
  return ctx.t(`cafe.ev.part.${part.why}`, { country, n: part.guests, points: signed(part.points), base: part.points / 2 });
}

/** The tip of a table's "+N" marker: who scored it this turn, and why, seating by seating. */
export function scoreMarkTip(ctx, v, name, mark) {
  const lines = mark.parts.map((p) => scoredPartText(ctx, v, p));
  return `${ctx.t("tip.cafe.scored", { name, points: signed(mark.points) })}\n${lines.join("\n")}`;
}

/** The tip of a player's points this turn: each seating and bar stool with its points. */
export function gainTip(ctx, lines, total) {
  return `${ctx.t("tip.cafe.gain", { points: signed(total) })}\n${lines.join("\n")}`;
}

/** The tip of a tile left in hand at the end, and of the sum beside the player. */
export function penaltyTip(ctx, guest, points) {
  return ctx.t("tip.cafe.penalty", { guest, points: signed(points) });
}

export function finalTip(ctx) {
  return ctx.t("tip.cafe.final");
}
