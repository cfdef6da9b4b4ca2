"""A Stir Fry Eighteen bot that plays the way a sensible cook does, from its view alone.

It counts cards: everything it has not seen (not in its hand, not face up on the
table, not among its own face-down cards) is the *unseen pool*, and the deck and
the other hands are random draws from it. With that it weighs every choice in
points:

- **a hand** is worth the dish it can expect to cook next turn: the best 3-card
  keep, with two more cards drawn from the pool (next turn's draw and about one
  from a declaration);
- **cooking** is worth the dish (a win outright if it reaches the target) plus
  what is left in hand after the cooking reward; ending the turn keeps the best
  three cards for later — so it cooks the best dish unless holding back is
  clearly worth more;
- **declaring** lays down the card(s) it misses least. An honest declaration
  always draws; a bluff draws unless tasted, and it is tasted surely if an
  opponent may hold the claimed protein, or by plain suspicion. So it likes to
  claim the protein it holds itself (nobody can disprove it) and never one face
  up on the table. The value is averaged over sampled draws;
- **a taste test** is called when the chance of a bluff (Bayes: how likely the
  chef holds what it claims, given the unseen pool, against a prior rate of
  bluffing) makes the catch — one card for us, the chef's draws lost — worth
  more than the risk of losing our hand (or 5 points); :class:`DeclarerReadingBot`
  (``hard``'s guide from 3 players on) weighs the bluff by how seldom this very heuristic
  bluffs instead;
- **discards** keep the three cards that make the best dishes.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace
from functools import cache
from itertools import combinations
from math import comb
from typing import Any

from meeple.core.bot import HeuristicBot, SearchPlan
from meeple.core.game import JSON, Action
from meeple.games.stirfry.data import (
    CARD_INDEX,
    DECK_COUNTS,
    DECLARATION_DRAWS,
    HAND_LIMIT,
    KINDS,
    PAIR,
    PAIR_DRAWS,
    TASTE_TEST_MIN_POINTS,
    TOFU,
    WRONG_ACCUSATION_POINTS,
    is_true_declaration,
)
from meeple.games.stirfry.scoring import cooked_points, cooks_for

FUTURE_WEIGHT = 0.8
"""A dish next turn is worth this much of one now: it is uncertain, and the game is a race."""
LOOKAHEAD_DRAWS = 2
"""Cards a kept hand expects before its next dish: the turn's draw and about one more."""
WIN_BONUS = 1000.0
"""Winning outright beats any number of points."""
SAMPLES = 12
"""Sampled draws per declaration considered: enough to rank options, cheap enough for 10 ms."""
BLUFF_PRIOR = 1.0
"""How likely a chef *without* the claimed cards is to declare anyway, against 1 for a chef
who has them: people bluff often in this game, since most declarations pay off."""
CONVINCED = 0.9
"""Chance an opponent tastes when tasting pays from where it sits (people are not machines)."""
SUSPICION = 0.15
"""Chance an opponent tastes anyway when it does not pay (a hunch, a grudge)."""
DISHES_LOOKED_AT = 4
"""Dishes weighed when looking ahead after a declaration: the richest few (the leftovers
rarely outweigh a few points of dish), which keeps a decision within milliseconds."""
DECLARER_BLUFF_ODDS: Mapping[str, float] = {
    "chicken": 0.01,
    "pork": 0.01,
    "shrimp": 0.05,
    "pair": 0.1,
}
"""How likely this heuristic, as a chef *without* the claimed cards, is to declare anyway,
against 1 for one who has them, by claim: measured over 400 games of four ``normal`` bots
at each of 3, 4 and 5 players (chicken and pork: at most 0.011; shrimp 0.018–0.094; a pair
0.071–0.098), rounded up. It bluffs rarely: it claims what it holds, which nobody can
disprove. ``hard`` tastes by these odds (:class:`DeclarerReadingBot`), ``normal`` by
:data:`BLUFF_PRIOR`."""
HAND_LOSS_WEIGHT = 1.0
CARD_WORTH = 2.5
"""Points one card in hand is worth, roughly (a 3-card hand cooks about 8 points)."""


@cache
def best_dish(mask: int) -> int:
    """The points of the best dish cookable from the card kinds in ``mask`` (0 if none)."""
    return max((points for _, points in cooks_for(mask)), default=0)


@cache
def top_dishes(mask: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """The DISHES_LOOKED_AT best dishes of these card kinds, as ``(cards, points)``."""
    dishes = sorted(cooks_for(mask), key=lambda cook: -cook[1])[:DISHES_LOOKED_AT]
    return tuple((tuple(CARD_INDEX[name] for name in names), points) for names, points in dishes)


def mask_of(counts: list[int] | tuple[int, ...]) -> int:
    mask = 0
    for card, n in enumerate(counts):
        if n:
            mask |= 1 << card
    return mask


def counts_of_names(names: list[str]) -> list[int]:
    counts = [0] * KINDS
    for name in names:
        counts[CARD_INDEX[name]] += 1
    return counts


def unseen_pool(view: dict[str, Any]) -> list[int]:
    """Counts of the cards this seat has not seen: the deck and the others' hidden cards."""
    pool = list(DECK_COUNTS)
    if view["options"].get("tofu"):
        pool[TOFU] += 1  # tofu replaced an unknown card: the pool is one too big, harmlessly
    seen = [*view["hand"], *view["table"], *view["my_face_down"]]
    declaration = view["declaration"]
    if declaration is not None:
        seen.extend(declaration.get("cards", []))
    for name in seen:
        pool[CARD_INDEX[name]] -= 1
    return [max(n, 0) for n in pool]


def chance_to_hold(pool: list[int], card: int, cards: int) -> float:
    """Chance that ``cards`` cards drawn from the pool include ``card``."""
    total, copies = sum(pool), pool[card]
    if copies == 0 or cards <= 0:
        return 0.0
    if cards > total - copies:
        return 1.0
    return 1.0 - comb(total - copies, cards) / comb(total, cards)


def chance_of_a_pair(pool: list[int], cards: int) -> float:
    """Chance that ``cards`` cards drawn from the pool hold two of a kind."""
    total = sum(pool)
    if cards > total:
        return 1.0
    # ways[m]: ways to draw m cards of m different kinds (elementary symmetric sums).
    ways = [1] + [0] * cards
    for copies in pool:
        for m in range(cards, 0, -1):
            ways[m] += ways[m - 1] * copies
    return 1.0 - ways[cards] / comb(total, cards)


def remove(counts: list[int], cards: list[int]) -> list[int]:
    left = counts[:]
    for card in cards:
        left[card] -= 1
    return left


def add(counts: list[int], cards: list[int]) -> list[int]:
    more = counts[:]
    for card in cards:
        more[card] += 1
    return more


class Kitchen:
    """What one decision knows: the seat's view, its unseen pool, and cached valuations."""

    def __init__(self, view: dict[str, Any], rng: random.Random) -> None:
        self.view = view
        self.rng = rng
        self.seat: int = view["seat"]
        self.hand = counts_of_names(view["hand"])
        self.pool = unseen_pool(view)
        self.pool_size = sum(self.pool)
        self._potential: dict[int, float] = {}
        self._keep: dict[int, float] = {}
        self._draws: list[tuple[int, float]] | None = None
        self._samples: list[list[int]] | None = None

    # --- what a hand is worth -------------------------------------------------------

    def potential(self, mask: int) -> float:
        """The best dish expected from these kinds plus LOOKAHEAD_DRAWS cards from the pool."""
        cached = self._potential.get(mask)
        if cached is None:
            cached = sum(chance * best_dish(mask | drawn) for drawn, chance in self.draws)
            self._potential[mask] = cached
        return cached

    @property
    def draws(self) -> list[tuple[int, float]]:
        """The kinds LOOKAHEAD_DRAWS cards from the pool may bring, as ``(mask, chance)``."""
        if self._draws is None:
            self._draws = lookahead_draws(self.pool)
        return self._draws

    def keep_value(self, counts: list[int]) -> float:
        """What a hand is worth once discarded down to the hand limit in the best way."""
        return self.keep_kinds(mask_of(counts))

    def keep_kinds(self, kinds: int) -> float:
        """:meth:`keep_value` by the kinds held: a dish holds one of each, so nothing else counts."""
        cached = self._keep.get(kinds)
        if cached is None:
            held = [card for card in range(KINDS) if kinds >> card & 1]
            if len(held) <= HAND_LIMIT:
                cached = self.potential(kinds)
            else:
                cached = max(
                    self.potential(mask_of_cards(kept)) for kept in combinations(held, HAND_LIMIT)
                )
            self._keep[kinds] = cached
        return cached

    # --- what a dish is worth -------------------------------------------------------

    def wins(self, gained: int) -> bool:
        """Whether a dish of ``gained`` points meets the end of the game (our last turn)."""
        view = self.view
        after: int = view["points"][self.seat] + gained
        target: int = view["target"]
        if view["options"].get("meticulous_chef"):
            return after == target
        return after >= target

    def dish_worth(self, gained: int) -> float:
        """Points now, with the end in mind (a win, or Meticulous Chef's overshoot)."""
        view = self.view
        worth = float(gained)
        if view["options"].get("meticulous_chef"):
            target: int = view["target"]
            before: int = view["points"][self.seat]
            worth = float(abs(before - target) - abs(before + gained - target))
        return worth + (WIN_BONUS if self.wins(gained) else 0.0)

    def cook_value(self, counts: list[int], dish: list[int], points: int, reward: bool) -> float:
        if self.wins(points):
            return self.dish_worth(points)  # nothing after this dish counts
        left = mask_of(remove(counts, dish))
        if not reward:
            later = self.keep_kinds(left)
        else:
            # The dish goes back into the deck before the reward is drawn.
            deck = add(self.pool, dish)
            later = sum(
                n * self.keep_kinds(left | 1 << card) for card, n in enumerate(deck) if n
            ) / sum(deck)
        return self.dish_worth(points) + FUTURE_WEIGHT * later

    def end_value(self, counts: list[int]) -> float:
        return FUTURE_WEIGHT * self.keep_value(counts)

    def rest_value(self, counts: list[int], reward: bool) -> float:
        """The best of cooking any dish or ending the turn, with no more declarations."""
        best = self.end_value(counts)
        if counts[0]:
            for dish, points in top_dishes(mask_of(counts)):
                best = max(best, self.cook_value(counts, list(dish), points, reward))
        return best

    # --- declarations ---------------------------------------------------------------

    def reward_expected(self) -> bool:
        view = self.view
        return not view["bluff_caught"] and not view["options"].get("empty_pantry")

    def catch_chance(self, cards: list[int], claim: int | None) -> float:
        """Chance that declaring ``cards`` as ``claim`` (``None``: a pair) is tasted and caught.

        Each opponent asked tastes for sure if it holds the claimed protein, and
        otherwise if tasting pays from where it sits, reasoning as we do.
        """
        honest = is_pair(cards) if claim is None else cards == [claim]
        if honest:
            return 0.0
        if claim is not None and self.hand[claim] == 0 and self.pool[claim] == 0:
            return 1.0  # the claimed card is face up or among ours: anyone can tell
        view = self.view
        trusted = 1.0
        for opponent in self.asked_opponents():
            held = view["hand_sizes"][opponent]
            knows = 0.0
            if claim is not None and not self.hand[claim]:
                knows = min(1.0, self.pool[claim] * held / self.pool_size)
            doubts = self.opponent_doubts(opponent, claim)
            trusted *= 1.0 - (knows + (1.0 - knows) * doubts)
        return 1.0 - trusted

    def opponent_doubts(self, opponent: int, claim: int | None) -> float:
        """Chance that ``opponent`` tastes a claim of ours that it cannot disprove."""
        view = self.view
        ours = sum(self.hand)  # what we hold before laying the declaration down
        # What the opponent has not seen: everything but its hand and the table.
        unseen = add(self.pool, [c for c, n in enumerate(self.hand) for _ in range(n)])
        hand = view["hand_sizes"][opponent]
        if claim is None:
            holds = chance_of_a_pair(unseen, ours)
        else:
            holds = min(1.0, ours / max(sum(unseen) - hand, 1))
        draws = PAIR_DRAWS if claim is None else DECLARATION_DRAWS[claim]
        gain = taste_gain(view, draws)
        cost = CARD_WORTH * hand if hand else float(WRONG_ACCUSATION_POINTS)
        return CONVINCED if tasting_pays(believed_honest(holds), gain, cost) else SUSPICION

    def bait(self, claim: int | None) -> float:
        """What an honest declaration costs the opponents: a wrong taster loses its hand."""
        view = self.view
        asked = self.asked_opponents()
        if not asked:
            return 0.0
        trusted = 1.0
        for opponent in asked:
            trusted *= 1.0 - self.opponent_doubts(opponent, claim)
        hands: float = sum(view["hand_sizes"][s] for s in asked) / len(asked)
        rivals: int = view["players"] - 1
        return (1.0 - trusted) * CARD_WORTH * hands / rivals

    def asked_opponents(self) -> list[int]:
        view = self.view
        return [
            s
            for s in range(view["players"])
            if s != self.seat
            and (view["hand_sizes"][s] > 0 or view["points"][s] >= TASTE_TEST_MIN_POINTS)
        ]

    def declaration_value(self, cards: list[int], draws: int, caught: float) -> float:
        left = remove(self.hand, cards)
        reward = self.reward_expected()
        count = min(draws, self.view["deck"])
        stands = sum(self.rest_value(add(left, drawn[:count]), reward) for drawn in self.samples)
        value = (1.0 - caught) * stands / len(self.samples)
        if caught:
            value += caught * self.rest_value(left, False)
        return value

    @property
    def samples(self) -> list[list[int]]:
        """Shuffles of the pool, shared by every declaration (common random numbers)."""
        if self._samples is None:
            cards = [card for card, n in enumerate(self.pool) for _ in range(n)]
            self._samples = [self.rng.sample(cards, len(cards)) for _ in range(SAMPLES)]
        return self._samples


def lookahead_draws(pool: list[int]) -> list[tuple[int, float]]:
    """The kinds that LOOKAHEAD_DRAWS (two) cards drawn from the pool bring, with chances."""
    total = sum(pool)
    if total < LOOKAHEAD_DRAWS:
        return [(0, 1.0)]
    chances: dict[int, float] = {}
    pairs = total * (total - 1)
    for a in range(KINDS):
        for b in range(KINDS):
            ways = pool[a] * (pool[b] - (a == b))
            if ways > 0:
                drawn = 1 << a | 1 << b
                chances[drawn] = chances.get(drawn, 0.0) + ways / pairs
    return list(chances.items())


def mask_of_cards(cards: tuple[int, ...]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def is_pair(cards: list[int]) -> bool:
    return is_true_declaration(cards, PAIR)


def action_cards(action: Action) -> list[int]:
    if action["type"] == "declare":
        return [CARD_INDEX[action["card"]]]
    return [CARD_INDEX[name] for name in action["cards"]]


class StirFryHeuristicBot(HeuristicBot):
    """Sensible Stir Fry play from ``view(seat)`` and ``legal_actions(seat)``."""

    bluff_odds: Mapping[str, float] | None = None
    """The odds of a bluff a taste test weighs, by claim (``None``: :data:`BLUFF_PRIOR`)."""

    def decide(self, view: JSON, legal: list[Action], seat: int) -> Action:
        kitchen = Kitchen(view, self.rng)
        if view["phase"] == "taste_test":
            odds = taste_odds(view["declaration"]["as"], self.bluff_odds)
            return {"type": "taste"} if should_taste(kitchen, odds) else {"type": "trust"}
        if view["phase"] == "discard":
            return best_discard(kitchen, legal)
        return best_chef_action(kitchen, legal)

    def rank(self, view: JSON, legal: list[Action], seat: int) -> list[Action]:
        """The chef's moves by value (those not weighed last), discards by the hand kept."""
        if view["phase"] == "taste_test":
            return super().rank(view, legal, seat)
        kitchen = Kitchen(view, self.rng)
        if view["phase"] == "discard":
            return sorted(legal, key=lambda a: -discard_value(kitchen, a))
        weighed = [action for action, _ in chef_options(kitchen, legal)]
        return weighed + [a for a in legal if a not in weighed]


# --- the decisions ---------------------------------------------------------------------


def best_discard(kitchen: Kitchen, legal: list[Action]) -> Action:
    """Discard the card whose loss leaves the best hand to keep."""
    return max(legal, key=lambda a: discard_value(kitchen, a))


def discard_value(kitchen: Kitchen, action: Action) -> float:
    """What the hand left by a discard is worth keeping."""
    return kitchen.keep_value(remove(kitchen.hand, [CARD_INDEX[action["card"]]]))


def best_chef_action(kitchen: Kitchen, legal: list[Action]) -> Action:
    """Cook, end the turn, or declare first: whichever is worth the most."""
    return chef_options(kitchen, legal)[0][0]


def chef_options(kitchen: Kitchen, legal: list[Action]) -> list[tuple[Action, float]]:
    """The chef's moves worth weighing, each with its value, the best first (the first of
    equals in the order weighed: ending the turn, the dishes, the declarations)."""
    hand, reward = kitchen.hand, kitchen.reward_expected()
    options: list[tuple[Action, float]] = [({"type": "end_turn"}, kitchen.end_value(hand))]
    for action in legal:
        if action["type"] == "cook":
            dish = action_cards(action)
            options.append((action, kitchen.cook_value(hand, dish, cooked_points(dish), reward)))
    for action in declaration_candidates(kitchen, legal):
        cards = action_cards(action)
        if action["type"] == "declare":
            claim: int | None = CARD_INDEX[action["as"]]
            draws = DECLARATION_DRAWS[CARD_INDEX[action["as"]]]
        else:
            claim, draws = None, PAIR_DRAWS
        caught = kitchen.catch_chance(cards, claim)
        value = kitchen.declaration_value(cards, draws, caught)
        if caught == 0.0:
            value += kitchen.bait(claim)
        options.append((action, value))
    return sorted(options, key=lambda option: -option[1])  # stable: first of equals first


def declaration_candidates(kitchen: Kitchen, legal: list[Action]) -> list[Action]:
    """The few declarations worth a closer look: honest ones and the cheapest bluffs.

    Cards are ranked by how little the turn misses them; the claim for a bluff is the
    one that draws the most cards per chance of being caught.
    """
    hand, reward = kitchen.hand, kitchen.reward_expected()
    deck: int = kitchen.view["deck"]
    if deck == 0:
        return []

    def missed(action: Action) -> float:
        return -kitchen.rest_value(remove(hand, action_cards(action)), reward)

    def missed_card(name: str) -> float:
        return -kitchen.rest_value(remove(hand, [CARD_INDEX[name]]), reward)

    def bluff_payoff(action: Action) -> float:
        claim = CARD_INDEX[action["as"]]
        draws = min(DECLARATION_DRAWS[claim], deck)
        return draws * (1.0 - kitchen.catch_chance(action_cards(action), claim))

    singles = [a for a in legal if a["type"] == "declare"]
    pairs = [a for a in legal if a["type"] == "declare_pair"]
    chosen: list[Action] = [a for a in singles if a["card"] == a["as"]]
    chosen += [a for a in pairs if is_pair(action_cards(a))]
    if singles:
        least_missed = min(dict.fromkeys(a["card"] for a in singles), key=missed_card)
        bluffs = [a for a in singles if a["card"] == least_missed and a["card"] != a["as"]]
        if bluffs:
            chosen.append(max(bluffs, key=bluff_payoff))
    pair_bluffs = [a for a in pairs if not is_pair(action_cards(a))]
    if pair_bluffs:
        chosen.append(min(pair_bluffs, key=missed))
    return chosen


def should_taste(kitchen: Kitchen, odds: float = BLUFF_PRIOR) -> bool:
    """Taste when the expected catch outweighs the expected penalty, a chef without the
    claimed cards declaring at ``odds`` against one with them."""
    view = kitchen.view
    declaration: dict[str, Any] = view["declaration"]
    chef_cards = view["hand_sizes"][declaration["seat"]] + declaration["count"]
    if declaration["as"] == "pair":
        holds = chance_of_a_pair(kitchen.pool, chef_cards)
    else:
        holds = chance_to_hold(kitchen.pool, CARD_INDEX[declaration["as"]], chef_cards)
    if sum(kitchen.hand):
        cost = HAND_LOSS_WEIGHT * (
            kitchen.keep_value(kitchen.hand) - kitchen.keep_value([0] * KINDS)
        )
    else:
        cost = float(WRONG_ACCUSATION_POINTS)
    gain = taste_gain(view, declaration["draws"])
    return tasting_pays(believed_honest(holds, odds), gain, cost)


def taste_gain(view: dict[str, Any], draws: int) -> float:
    """What catching a bluff is worth: our extra card, and a share of the chef's lost draws."""
    denied: int = min(draws, view["deck"])
    if not view["bluff_caught"] and not view["options"].get("empty_pantry"):
        denied += 1  # a caught chef gets no cooking reward either
    rivals: int = view["players"] - 1
    return CARD_WORTH * (1 + denied / rivals)


def believed_honest(holds: float, odds: float = BLUFF_PRIOR) -> float:
    """Bayes: the chance a declaration is honest if the chef holds what it claims with
    chance ``holds``, and a chef without it declares anyway at ``odds`` against one with it."""
    if holds <= 0.0:
        return 0.0
    return holds / (holds + (1.0 - holds) * odds)


def taste_odds(claim: str, table: Mapping[str, float] | None) -> float:
    """The odds of a bluff a taste test weighs for ``claim``: ``table``'s, else
    :data:`BLUFF_PRIOR` (no table, or a claim it has not measured: tofu, a promo)."""
    return BLUFF_PRIOR if table is None else table.get(claim, BLUFF_PRIOR)


def tasting_pays(honest: float, gain: float, cost: float) -> bool:
    return (1.0 - honest) * gain > honest * cost


class DeclarerReadingBot(StirFryHeuristicBot):
    """The heuristic, tasting as one who knows how the heuristic declares: a chef without
    the claimed cards declares at :data:`DECLARER_BLUFF_ODDS`, not at :data:`BLUFF_PRIOR`.
    ``hard``'s guide, whose playouts model every seat as the heuristic all the same."""

    bluff_odds = DECLARER_BLUFF_ODDS


def reading(seed: int | None) -> StirFryHeuristicBot:
    """A :class:`DeclarerReadingBot` (a search plan's ``guide``)."""
    return DeclarerReadingBot(seed=seed)


_TWO = SearchPlan(
    iterations=10,
    candidates=3,
    rollout_limit=12,
    score_scale=15.0,
    follow=frozenset({"taste", "trust"}),
    caution=1.0,
    tree=False,
)
_READING = replace(_TWO, guide=reading)
SEARCH = replace(
    _TWO,
    at={
        3: _READING,
        4: _READING,
        5: replace(_READING, iterations=20, caution=2.0),
    },
)
"""``hard``: the heuristic's three favourite moves, each played in the same 10 worlds, the
playouts cut after 12 decisions (about a turn each) and judged by the points (15 points,
about a good dish, is a clear lead). Without a tree below the moves (``tree=False``): every
playout is the heuristic's own play from the move on. In a tree the rivals' nodes hang below
the searching seat's move, and its hand is its real one in every world, so a rival's taste
test there learns over the worlds whether the searching seat bluffed: at 2 players, on the
same 200 seeds against ``normal``, the tree-less search won 0.68 [0.61, 0.74] of the games and
the tree's 0.57 [0.50, 0.64] (CHANGELOG). Taste-or-trust is left to the guide: a determinized
search deals the declarer's hand at random, so it takes every declaration for a likely bluff
(in a trial it tasted honest dishes three times running).

From 3 players on the guide is a :class:`DeclarerReadingBot` (:func:`hard_taste_table`): it tastes
knowing how seldom the heuristic bluffs (:data:`DECLARER_BLUFF_ODDS`), where the heuristic
itself tastes as if every other chef without the claim declared anyway, and so tastes
honest dishes four times in five and loses its hand. The playouts still play every seat as
the heuristic. On the same 60 seeds ``hard`` won 0.67, 0.67 and 0.63 of its games at 3, 4
and 5 players with the reading guide, against 0.35, 0.27 and 0.25 without.

At 5 players a playout's outcome hangs on four rivals, and 10 worlds told the moves apart
so poorly that the search's switches lost more than they won (``hard`` won 0.12 of the
games against four ``normal``, the fair share being 0.2): there it weighs 20 worlds and
switches only on a gain of 2 standard errors (0.24 on the same 59 seeds)."""


def hard_taste_table(players: int) -> Mapping[str, float] | None:
    """The bluff odds by claim that ``hard`` tastes by at ``players`` (its plan's guide is a
    :class:`DeclarerReadingBot`: from 3 players on), or ``None`` where it tastes as the plain
    heuristic does (at 2 players, where it already beats ``normal`` clearly and the
    ``expert`` level shares its plan)."""
    return DECLARER_BLUFF_ODDS if SEARCH.for_players(players).guide is reading else None
