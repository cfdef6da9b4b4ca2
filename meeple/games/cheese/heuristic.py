"""A Go da Cheese! bot that plays the way a sensible person does, from its view alone.

Every card it could place is valued by what it would add at that cheese when the
game ends. The bot imagines the end a few times: each time it fills in the
rivals' face-down cards from what they can still be (a face-down 2nd or 3rd card
is a cat or a marked mouse), lets the rivals' remaining cards fall in behind
the queues, and resolves every queue with and without the card. A card's value
is its owner's points gained, minus a share of the points it costs the rivals.
That one measure captures what a person weighs:

- a mouse is worth placing where it will still be among the eaters, and not at
  the back of a queue where a cat coming in behind would take it;
- a king mouse or a fat mouse is worth most at a crowded cheese it will eat at;
- a cat is worth most right behind rivals' mice (its own mice are safe from it,
  and it stops rivals' cats coming in later);
- a dog is worth most right behind a rival's face-down marked card (which may
  be a cat), or in front of where cats will come.

A turn's three cards go to three neighbouring cheeses, so the bot plans the
whole turn at once: the window and cards with the largest total value, less
what each card would be worth kept for a later turn (cats gain by waiting for
mice to gather; mice lose by waiting for the queues to grow). When even the
best turn is worth less than waiting, it draws instead.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from meeple.core.bot import HeuristicBot, SearchPlan
from meeple.core.game import JSON, Action, State
from meeple.games.cheese.belief import unseen_cards
from meeple.games.cheese.data import (
    ANIMAL_BY_NAME,
    ANIMAL_NAMES,
    ANIMALS,
    CAT,
    CAT_REACH,
    DOG,
    DOG_TAKES_OWN_CATS,
    IS_MARKED,
    IS_MOUSE,
    KING_MOUSE,
    PLACE_COUNT,
    POINTS,
)

Card = tuple[int, int]
"""``(seat, animal)``: a card in a queue, front first."""
UNKNOWN = -1
"""In a queue we know: a rival's face-down 1st card, which may be any animal."""
MARKED = -2
"""In a queue we know: a rival's face-down 2nd or 3rd card, a cat or a marked mouse."""
HIDDEN, SHOWN, AS_MARKED = LOOKS = (0, 1, 2)
"""How a placed card looks to the rivals: a face-down 1st card could be anything; a
face-up card shows its animal; a face-down 2nd or 3rd card is a cat or a marked mouse."""
Values = dict[tuple[int, int, int], float]
"""``(cheese position, animal, look) -> value`` of placing that animal there now."""

SAMPLES = 16
"""Imagined ends per decision: enough to steady the values, few enough for ~5 ms a decision."""
DENIAL = 0.5
"""Weight of the rivals' average loss against our own gain: a point taken from a rival
helps, but less than a point of our own, since only one rival is the one to beat."""
KEEP_VALUE = (0.9, 0.9, 1.8, 1.5, 3.6, 1.8)
"""What each animal (by index) is worth held for a later turn. Cats are worth waiting
with, since more mice will have gathered; mice much less, as the queues only grow."""
THREAT = (CAT, CAT, CAT, CAT, DOG, None)
"""By animal, the rival card that hunts it: a cat right behind a mouse, a dog right behind a cat."""
AIMED = (
    (0.2, 0.2, 0.2, 0.2, 0.1, 0.0),
    (0.5, 0.5, 0.5, 0.5, 0.0, 0.0),
    (0.0, 0.25, 0.0, 0.0, 0.25, 0.0),
)
"""By look, then animal: the chance a rival puts the hunter right behind the card. A
mouse shown face up is an open invitation; a face-down card may be anything (mostly a
mouse, as a rival will guess); a face-down 2nd or 3rd card is a cat half the time."""
DRAW_BELOW = 0.0
"""Draw rather than place when the best turn adds less than this over keeping the cards."""


class CheeseHeuristicBot(HeuristicBot):
    """Sensible Go da Cheese! play from ``view(seat)`` and ``legal_actions(seat)``."""

    def __init__(self, seed: int | None = None, noise: float = 0.0, samples: int = SAMPLES) -> None:
        super().__init__(seed, noise)
        self.samples = samples

    def decide(self, view: JSON, legal: list[Action], seat: int) -> Action:
        return self.rank(view, legal, seat)[0]

    def rank(self, view: JSON, legal: list[Action], seat: int) -> list[Action]:
        """Every legal action, the best turn first: placements by the value of the best
        turn they begin (the first of equals in cheese, then animal order), and drawing
        just below a placement worth ``DRAW_BELOW``."""
        places = [a for a in legal if a["type"] == "place"]
        if not places:
            return legal
        hand = hand_counts(view["hand"])
        start = view["next_cheese"]
        placed = view["placed"]
        starts = [start] if start is not None else sorted({a["cheese"] for a in places})
        count = len(view["cheeses"])
        needed = sorted({(c + k) % count for c in starts for k in range(PLACE_COUNT - placed)})
        values = card_values(view, seat, needed, hand, self.rng, samples=self.samples)
        weighed: list[tuple[float, int, Action]] = []
        for order, (cheese, animal) in enumerate(
            (c, a) for c in starts for a in ANIMALS if hand[a]
        ):
            score = _score(values, hand, cheese, animal, order=placed + 1, count=count)
            action = {"type": "place", "cheese": cheese, "card": ANIMAL_NAMES[animal]}
            weighed.append((score, order, action))
        weighed.sort(key=lambda item: (-item[0], item[1]))
        ranked = [action for _, _, action in weighed]
        if len(places) < len(legal):  # drawing is allowed too
            draw_at = next(
                (i for i, (score, _, _) in enumerate(weighed) if score < DRAW_BELOW), len(weighed)
            )
            ranked.insert(draw_at, {"type": "draw"})
        return ranked


def hand_counts(names: list[str]) -> list[int]:
    """The hand as counts by animal."""
    counts = [0] * len(ANIMALS)
    for name in names:
        counts[ANIMAL_BY_NAME[name]] += 1
    return counts


# --- planning a turn ------------------------------------------------------------------


def look_of(animal: int, order: int) -> int:
    """How a card placed as its turn's ``order``-th card looks to the rivals."""
    if order == 1:
        return HIDDEN
    return AS_MARKED if IS_MARKED[animal] else SHOWN


def _score(
    values: Values, hand: list[int], cheese: int, animal: int, *, order: int, count: int
) -> float:
    """The best score of a turn's cards from placing ``animal`` as card ``order`` on."""
    score = values[cheese, animal, look_of(animal, order)] - KEEP_VALUE[animal]
    if order == PLACE_COUNT:
        return score
    hand[animal] -= 1
    following = (cheese + 1) % count
    rest = max(
        _score(values, hand, following, other, order=order + 1, count=count)
        for other in ANIMALS
        if hand[other]
    )
    hand[animal] += 1
    return score + rest


# --- valuing cards ----------------------------------------------------------------------


def card_values(
    view: dict[str, Any],
    seat: int,
    cheeses: list[int],
    hand: list[int],
    rng: random.Random,
    *,
    samples: int = SAMPLES,
) -> Values:
    """The mean value over ``samples`` imagined ends of placing each animal in hand at each
    cheese, for each way it can look to the rivals.
    """
    players: int = view["players"]
    weights = [1.0 if s == seat else -DENIAL / (players - 1) for s in range(players)]
    numbers = [c["cheese"] for c in view["cheeses"]]
    animals = [a for a in ANIMALS if hand[a]]
    sight = Sight(view, seat)
    totals: Values = {(c, a, look): 0.0 for c in cheeses for a in animals for look in LOOKS}
    for _ in range(samples):
        lines, futures, coming = sight.imagine(rng)
        for c in cheeses:
            before, after = lines[c], futures[c]
            base = settle(numbers[c], before + after, players)
            for a in animals:
                got = settle(numbers[c], [*before, (seat, a), *after], players)
                plain = sum(w * (g - b) for w, g, b in zip(weights, got, base, strict=True))
                foe = THREAT[a]
                hunted = plain
                if foe is not None and foe in coming:
                    got = settle(numbers[c], [*before, (seat, a), coming[foe], *after], players)
                    hunted = sum(w * (g - b) for w, g, b in zip(weights, got, base, strict=True))
                for look in LOOKS:
                    aim = AIMED[look][a]
                    totals[c, a, look] += (1 - aim) * plain + aim * hunted
    return {key: total / samples for key, total in totals.items()}


class Sight:
    """What a seat knows of the queues and of its rivals' unseen cards, ready for guessing.

    A rival's unseen cards are its deck of 15 less its face-up cards. They fill its
    face-down cards (a face-down 2nd or 3rd card is marked: only marked cards go face
    down there) and its hand and deck, which are still to come.
    """

    def __init__(self, view: dict[str, Any], seat: int) -> None:
        self.count = len(view["cheeses"])
        rivals = [s for s in range(view["players"]) if s != seat]
        everyone = unseen_cards(view)
        unseen = {s: everyone[s] for s in rivals}
        self.marked_slots = dict.fromkeys(rivals, 0)
        # Per cheese, front first: (seat, animal), or UNKNOWN / MARKED for a card to guess.
        self.queues: list[list[Card]] = []
        for cheese in view["cheeses"]:
            queue: list[Card] = []
            for card in cheese["queue"]:
                owner, name = card["seat"], card["card"]
                if name is not None:
                    queue.append((owner, ANIMAL_BY_NAME[name]))
                elif card["placed"] > 1:
                    queue.append((owner, MARKED))
                    self.marked_slots[owner] += 1
                else:
                    queue.append((owner, UNKNOWN))
            self.queues.append(queue)
        cards = {s: [a for a in ANIMALS for _ in range(n[a])] for s, n in unseen.items()}
        self.marked = {s: [a for a in c if IS_MARKED[a]] for s, c in cards.items()}
        self.plain = {s: [a for a in c if not IS_MARKED[a]] for s, c in cards.items()}

    def imagine(
        self, rng: random.Random
    ) -> tuple[list[list[Card]], list[list[Card]], dict[int, Card]]:
        """One guess at the end: the queues with the rivals' face-down cards filled in,
        the cards still to come at each cheese (the rivals' unplaced cards, at random), and
        by animal one rival card of it still to come.
        """
        fills: dict[int, list[int]] = {}
        rests: dict[int, list[int]] = {}
        for s, marked in self.marked.items():
            slots = self.marked_slots[s]
            rng.shuffle(marked)
            fills[s] = marked[:slots]
            rests[s] = self.plain[s] + marked[slots:]
            rng.shuffle(rests[s])
        lines = [
            [(s, a if a >= 0 else (fills if a == MARKED else rests)[s].pop()) for s, a in queue]
            for queue in self.queues
        ]
        to_come = [(s, a) for s, rest in rests.items() for a in rest]
        rng.shuffle(to_come)
        futures: list[list[Card]] = [[] for _ in self.queues]
        for card, c in zip(to_come, rng.choices(range(self.count), k=len(to_come)), strict=True):
            futures[c].append(card)
        coming = {card[1]: card for card in to_come}
        return lines, futures, coming


def settle(cheese: int, line: list[Card], players: int) -> list[int]:
    """Points each seat takes from one cheese's queue at the end (front first).

    The same four steps as :func:`meeple.games.cheese.resolution.resolve_cheese`
    (dogs, cats, king mice, eating), without the log, for speed.
    """
    line = list(line)
    points = [0] * players
    i = len(line) - 1
    while i >= 0:  # dogs, rearmost first, take the cats beside them
        owner, animal = line[i]
        if animal == DOG:
            if i + 1 < len(line) and _chases(owner, line[i + 1]):
                points[owner] += POINTS[CAT]
                del line[i + 1]
            if i > 0 and _chases(owner, line[i - 1]):
                points[owner] += POINTS[CAT]
                del line[i - 1]
                i -= 1
        i -= 1
    i = len(line) - 1
    while i >= 0:  # cats, rearmost first, take other colours' mice among the 3 ahead
        owner, animal = line[i]
        if animal == CAT:
            prey = []
            j = i - 1
            while j >= 0 and i - j <= CAT_REACH and IS_MOUSE[line[j][1]]:
                if line[j][0] != owner:
                    prey.append(j)
                j -= 1
            for j in prey:  # rearmost first, so the indexes stay good
                points[owner] += POINTS[line[j][1]]
                del line[j]
            i -= len(prey)
            del line[i]
        i -= 1
    kings = [card for card in line if card[1] == KING_MOUSE]
    others = [card for card in line if IS_MOUSE[card[1]] and card[1] != KING_MOUSE]
    for owner, animal in (kings + others)[:cheese]:
        points[owner] += POINTS[animal]
    return points


def _chases(dog_owner: int, card: Card) -> bool:
    return card[1] == CAT and (DOG_TAKES_OWN_CATS or card[0] != dog_owner)


JUDGED_ENDS = 16
"""Imagined ends a judged position is averaged over."""


def judged(state: State) -> list[float]:
    """Each seat's expected points at the end of a (determinized) game cut short: the
    queues as they stand, every seat's unplaced cards (hand and deck) falling in behind
    them at random cheeses, as the heuristic imagines its rivals' cards, resolved
    :data:`JUDGED_ENDS` times and averaged. A search's world knows every card, so nothing
    is guessed but where the cards still to come will go; the ends are drawn from the
    position itself, so the same position is always judged the same."""
    from meeple.games.cheese.rules import CheeseState  # noqa: PLC0415 (rules builds on data)

    assert isinstance(state, CheeseState)
    players = state.players
    if state.is_over:
        return [float(score) for score in state.scores]
    lines = [[(card.seat, card.animal) for card in queue] for queue in state.queues]
    to_come = [
        (s, a)
        for s in range(players)
        for a in [*state.decks[s], *(b for b in ANIMALS for _ in range(state.hands[s][b]))]
    ]
    rng = random.Random(hash((tuple(map(tuple, lines)), tuple(to_come))))
    count = len(lines)
    totals = [0.0] * players
    for _ in range(JUDGED_ENDS):
        rng.shuffle(to_come)
        futures: list[list[Card]] = [[] for _ in lines]
        for card, c in zip(to_come, rng.choices(range(count), k=len(to_come)), strict=True):
            futures[c].append(card)
        for c, number in enumerate(state.cheeses):
            for s, got in enumerate(settle(number, lines[c] + futures[c], players)):
                totals[s] += got
    return [total / JUDGED_ENDS for total in totals]


_PLAYOUTS = SearchPlan(
    iterations=8,
    steps=1300,
    rollout_limit=9,
    judge=judged,
    score_scale=3.0,
    candidates=3,
    caution=1.0,
    tree=False,
    policy=lambda seed: CheeseHeuristicBot(seed=seed, samples=2),
)
SEARCH = replace(
    _PLAYOUTS,
    at={
        4: replace(_PLAYOUTS, steps=1000, rollout_limit=12),
        5: replace(_PLAYOUTS, steps=800, rollout_limit=15),
    },
)
"""``hard``: the heuristic's three favourite moves, each played in the same worlds until the
playouts have made 1,300 moves (1,000 at 4 players, 800 at 5; at least 8 worlds). The
playouts are played by the heuristic imagining 2 ends a decision instead of 16, for speed,
with no tree below the candidates, so that each meets the same replies in a world; the real
move's candidates are ranked by the heuristic itself (ranked by the 2-end heuristic, as at
first, the search lost to ``normal``: 0.28 of 0.333 over 120 games).

A playout stops after about a round and a third (9 decisions at 3 players, 12 at 4, 15 at 5)
and is judged by :func:`judged`, the expected end of the world as it then stands, by the
score margin (``0.5 + 0.5·tanh(margin / 3)``): early in the game some 50 worlds at 3
players, 26 at 4 and 17 at 5. Points are only scored at the end, so every playout went to
the end at first; but a playout to the end costs some 55 to 95 moves early on, so that half
a second bought only 4 to 9 worlds, too few to tell the candidates apart. Measured (CHANGELOG;
against ``normal``: whole playouts won 0.42 of 100 games at 3 players,
0.28 of 60 at 4 and 0.22 of 60 at 5; judged ones 0.55 of 100, 0.38 of 100 and 0.28 of 200)."""
