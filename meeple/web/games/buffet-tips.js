// Schlacht am Buffet: what each element of the board is and does (tips, issue #36), and which
// dish a card would likely win (the confirmation's preview).
//
// The guess uses the player's own view only: the cards nobody has seen by this player (110
// cards, ten of each value, less those in the player's hand and on the open discard pile) are
// dealt at random to the other mice still in the round, many times over, and each time the
// turn is settled by the rules (BuffetState._resolve_turn in meeple/games/buffet/rules.py):
// one mouse alone last leaves with the lowest dish; of the last two, the one alone in the lead
// takes the best (in a three-player first stage the other takes the lowest left).

const VALUES = [-1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
const COPIES = 10; // of each value
const RUNS = 400; // guesses per preview: steady to a few percent, quick enough on a phone
const SHOWN_LEAST = 0.05; // outcomes rarer than this are left out of the words

/** A small seeded generator (mulberry32), so that a preview reads the same on every redraw. */
function generator(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hash(text) {
  let x = 2166136261;
  for (let i = 0; i < text.length; i++) x = Math.imul(x ^ text.charCodeAt(i), 16777619);
  return x >>> 0;
}

/** The cards this seat has not seen: one entry per card. */
export function unseen(v) {
  const left = new Map(VALUES.map((c) => [c, COPIES]));
  for (const [c, n] of Object.entries(v.discard || {})) left.set(Number(c), left.get(Number(c)) - n);
  for (const c of v.hand || []) left.set(c, left.get(c) - 1);
  const pool = [];
  for (const [c, n] of left) for (let i = 0; i < n; i++) pool.push(c);
  return pool;
}

/** What happens to `seat` this turn if it plays `card` and the others play `others` (seat ->
 *  card): {kind: "take", dish} | {kind: "none"} | {kind: "empty"}. */
function settle(v, seat, card, others) {
  const pos = v.positions.map((p, s) => (p === null ? null : p + (s === seat ? card : others.get(s))));
  const live = pos.map((p, s) => (p === null ? null : s)).filter((s) => s !== null);
  if (live.length >= 3) {
    const back = Math.min(...live.map((s) => pos[s]));
    const rear = live.filter((s) => pos[s] === back);
    return rear.length === 1 && rear[0] === seat ? { kind: "take", dish: v.buffet[v.buffet.length - 1] } : { kind: "none" };
  }
  const other = live.find((s) => s !== seat);
  if (pos[other] === pos[seat]) return { kind: "none" };
  if (pos[seat] > pos[other]) return { kind: "take", dish: v.buffet[0] };
  return v.buffet.length > 1 ? { kind: "take", dish: v.buffet[v.buffet.length - 1] } : { kind: "empty" };
}

/** The outcomes of playing `card`, most likely first: [{outcome, share}], with the pool's size. */
export function likelyOutcomes(v, seat, card) {
  const pool = unseen(v);
  const rivals = v.positions.map((p, s) => (p !== null && s !== seat ? s : null)).filter((s) => s !== null);
  const random = generator(hash(JSON.stringify([v.round, v.stage, v.positions, v.hand, card])));
  const tally = new Map();
  for (let run = 0; run < RUNS; run++) {
    // A partial shuffle: one card from the pool for each rival.
    const deal = pool.slice();
    const others = new Map();
    rivals.forEach((s, i) => {
      const j = i + Math.floor(random() * (deal.length - i));
      [deal[i], deal[j]] = [deal[j], deal[i]];
      others.set(s, deal[i]);
    });
    const outcome = settle(v, seat, card, others);
    const key = JSON.stringify(outcome);
    tally.set(key, (tally.get(key) || 0) + 1);
  }
  const list = [...tally].map(([key, n]) => ({ outcome: JSON.parse(key), share: n / RUNS }));
  list.sort((a, b) => b.share - a.share);
  return { list, pool: pool.length };
}

function outcomeText(ctx, v, o, names) {
  if (o.kind === "none") return ctx.t("tip.buffet.out.none");
  if (o.kind === "empty") return ctx.t("tip.buffet.out.empty");
  // A dish goes on top of its kind: only the top dish of a kind scores.
  const top = (v.stacks[ctx.seat] || []).find((e) => e.top.kind === o.dish.kind);
  const delta = o.dish.value - (top ? top.top.value : 0);
  return ctx.t(top ? "tip.buffet.out.take_cover" : "tip.buffet.out.take", {
    dish: names.dish(o.dish), delta: delta > 0 ? `+${delta}` : delta < 0 ? `−${-delta}` : "±0", top: top ? names.dish(top.top) : "",
  });
}

/** The preview of playing `card`, in words: where the mouse goes, what it likely wins, and how
 *  the guess is made. */
export function playPreview(ctx, card, names) {
  const v = ctx.view;
  const to = v.positions[ctx.seat] + card;
  const { list, pool } = likelyOutcomes(v, ctx.seat, card);
  const percent = (share) => Math.round(share * 100);
  const [first, ...rest] = list;
  const lines = [ctx.t("tip.buffet.moves", { card: names.signed(card), to: names.signed(to) })];
  lines.push(ctx.t("tip.buffet.likely", { p: percent(first.share), outcome: outcomeText(ctx, v, first.outcome, names) }));
  for (const r of rest) {
    if (r.share >= SHOWN_LEAST) lines.push(ctx.t("tip.buffet.else", { p: percent(r.share), outcome: outcomeText(ctx, v, r.outcome, names) }));
  }
  lines.push(ctx.t("tip.buffet.how", { n: pool, runs: RUNS }));
  return lines.join("\n");
}

/** A plate's tip: the dish, where it stands on the buffet, and who takes it. */
export function plateTip(ctx, v, label, place) {
  if (!place) return `${label}\n${ctx.t("tip.buffet.plate_empty")}`;
  const n = v.buffet.length;
  let which = "middle";
  if (place.reserved) which = "reserved";
  else if (n > 1 && place.dish === v.buffet[n - 1]) which = "lowest";
  else if (place.dish === v.buffet[0]) which = "best";
  return `${label}\n${ctx.t(`tip.buffet.plate.${which}`)} ${ctx.t("tip.buffet.top_scores")}`;
}
