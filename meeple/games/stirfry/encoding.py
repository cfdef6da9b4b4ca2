"""Stir Fry Eighteen for learning agents: fixed action indices and the observation tensor.

Actions (247, the same with every option; tofu's are never legal without the promo):
``declare`` one card as a protein (9 cards × 4 claims), ``declare_pair`` (45 unordered pairs),
``cook`` (154 dishes: noodles and 2–4 other different cards), ``discard`` (9), ``end_turn``,
``trust``, ``taste``. Card lists are matched as sets (the engine's order does not matter).

The observation is built from ``view(seat)`` only; seats are listed from the observer.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import combinations, combinations_with_replacement

from meeple.core.encoding import ActionSpace, Features, relative
from meeple.core.game import JSON, OptionValue
from meeple.games.stirfry.data import CARD_NAMES, DECK_SIZE, NOODLES, PROTEINS, TOFU

PHASES = ("chef", "taste_test", "discard", "over")
CLAIMS = (*(CARD_NAMES[p] for p in PROTEINS), CARD_NAMES[TOFU], "pair")
_CARD = {name: i for i, name in enumerate(CARD_NAMES)}
_KINDS = len(CARD_NAMES)
HAND_SCALE = 6.0
DRAWS_SCALE = 4.0

_DISHES = [
    tuple(sorted((CARD_NAMES[NOODLES], *(CARD_NAMES[c] for c in others))))
    for size in (2, 3, 4)
    for others in combinations(range(NOODLES + 1, _KINDS), size)
]
_SPACE = ActionSpace(
    [
        ("declare", [("card", CARD_NAMES), ("as", CLAIMS[:-1])]),
        (
            "declare_pair",
            [("cards", [tuple(sorted(p)) for p in combinations_with_replacement(CARD_NAMES, 2)])],
        ),
        ("cook", [("cards", _DISHES)]),
        ("discard", [("card", CARD_NAMES)]),
        ("end_turn", []),
        ("trust", []),
        ("taste", []),
    ]
)


class StirFryHistory:
    """The declarations' public history, per seat: the claims that stood on its face-down
    pile since the last reshuffle (a trusted declaration's cards stay hidden, but everyone
    heard what they were declared as), its bluffs caught, its honest declarations tasted,
    and the taste tests it called. Fed ``view(None)`` after every move."""

    __slots__ = ("bluffs", "claims", "honest", "pending", "tastes")

    def __init__(self, players: int) -> None:
        self.claims = [[0] * len(CLAIMS) for _ in range(players)]
        self.bluffs = [0] * players
        self.honest = [0] * players
        self.tastes = [0] * players
        self.pending: tuple[int, int] | None = None
        """The open declaration: (chef, claim index)."""

    def update(self, view: JSON) -> None:
        """Read the events of the move just made."""
        for event in view["events"]:
            kind = event["event"]
            if kind == "declare":
                self.pending = (event["seat"], CLAIMS.index(event["as"]))
            elif kind == "taste":
                self.pending = None
                self.tastes[event["seat"]] += 1
                if event["bluff"]:
                    self.bluffs[event["chef"]] += 1
                else:
                    self.honest[event["chef"]] += 1
            elif kind == "draw" and event["reason"] == "declaration" and self.pending:
                # Nobody tasted: the declaration stands and its cards join the chef's pile.
                chef, claim = self.pending
                self.claims[chef][claim] += 1
                self.pending = None
            elif kind == "shuffle":
                # The table and every face-down pile go back into the deck.
                self.claims = [[0] * len(CLAIMS) for _ in self.claims]

    def __deepcopy__(self, memo: dict[int, object]) -> StirFryHistory:
        other = StirFryHistory(0)
        other.claims = [row[:] for row in self.claims]
        other.bluffs = self.bluffs[:]
        other.honest = self.honest[:]
        other.tastes = self.tastes[:]
        other.pending = self.pending
        return other


def _card_counts(cards: list[str]) -> list[float]:
    counts = [0.0] * _KINDS
    for name in cards:
        counts[_CARD[name]] += 1
    return counts


class StirFryEncoding:
    """The :class:`~meeple.core.encoding.Encoding` of Stir Fry Eighteen."""

    def action_space(self, players: int, options: Mapping[str, OptionValue]) -> ActionSpace:
        """247 actions for any player count and options."""
        return _SPACE

    def layout(self, players: int, options: Mapping[str, OptionValue]) -> list[tuple[str, int]]:
        """The observation's slices (see ``docs/rl.md``)."""
        return [
            ("phase", len(PHASES)),
            ("target", 1),
            ("turn", 1),
            ("deck", 1),
            ("hand", _KINDS),
            ("my_face_down", _KINDS),
            ("table", _KINDS),
            ("declared_protein", 1),
            ("declared_pair", 1),
            ("bluff_caught", 1),
            ("declaration_open", 1),
            ("declaration_claim", len(CLAIMS)),
            ("declaration_count", 1),
            ("declaration_draws", 1),
            ("declaration_cards", _KINDS),
            ("final_round", 1),
            ("seat_chef", players),
            ("seat_to_move", players),
            ("seat_waiting", players),
            ("seat_trusted", players),
            ("seat_in_final_round", players),
            ("seat_hand_size", players),
            ("seat_face_down", players),
            ("seat_points", players),
            ("seat_extra_draws", players),
            ("seat_claims_standing", players * len(CLAIMS)),
            ("seat_bluffs_caught", players),
            ("seat_honest_tasted", players),
            ("seat_tastes_called", players),
        ]

    def new_history(self, players: int, options: Mapping[str, OptionValue]) -> StirFryHistory:
        """The declarations' history (:class:`StirFryHistory`)."""
        return StirFryHistory(players)

    def observe(
        self,
        view: JSON,
        seat: int,
        players: int,
        options: Mapping[str, OptionValue],
        history: StirFryHistory | None = None,
    ) -> Features:
        """The observation of ``seat`` from ``view(seat)``."""
        target = float(view["target"])
        f = Features()
        f.one_hot(PHASES.index(view["phase"]), len(PHASES))
        f.scalar(target, 300.0)
        f.scalar(view["turn"], 100.0)
        f.scalar(view["deck"], DECK_SIZE)
        f.counts(_card_counts(view["hand"] or []), 2.0)
        f.counts(_card_counts(view["my_face_down"]), 2.0)
        f.counts(_card_counts(view["table"]), 2.0)
        f.flags((view["declared"]["protein"], view["declared"]["pair"], view["bluff_caught"]))
        declaration = view["declaration"]
        f.flags([declaration is not None])
        if declaration is None:
            f.counts([0.0] * (len(CLAIMS) + 2 + _KINDS))
        else:
            f.one_hot(CLAIMS.index(declaration["as"]), len(CLAIMS))
            f.scalar(declaration["count"], 2.0)
            f.scalar(declaration["draws"], DRAWS_SCALE)
            f.counts(_card_counts(declaration.get("cards", [])), 2.0)
        final_round = view["final_round"]
        f.flags([final_round is not None])
        order = [(seat + k) % players for k in range(players)]
        f.one_hot(relative(seat, view["chef"], players), players)
        to_move = set(view["to_move"])
        f.flags(s in to_move for s in order)
        waiting = set(declaration["waiting"]) if declaration else set()
        trusted = set(declaration["trusted"]) if declaration else set()
        f.flags(s in waiting for s in order)
        f.flags(s in trusted for s in order)
        last = set(final_round or [])
        f.flags(s in last for s in order)
        f.counts([view["hand_sizes"][s] for s in order], HAND_SCALE)
        f.counts([view["face_down"][s] for s in order], 4.0)
        f.counts([view["points"][s] for s in order], target)
        f.counts([view["extra_draws"][s] for s in order], DRAWS_SCALE)
        if history is None:
            f.block(players * (len(CLAIMS) + 3))
        else:
            for s in order:
                f.counts(history.claims[s], 2.0)
            f.counts([history.bluffs[s] for s in order], 3.0)
            f.counts([history.honest[s] for s in order], 3.0)
            f.counts([history.tastes[s] for s in order], 3.0)
        return f


ENCODING = StirFryEncoding()
