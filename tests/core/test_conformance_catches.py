"""The conformance suite is not a formality: each check fails on a game that breaks its rule.

Each broken game below is buffet with one contract rule violated on purpose.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from meeple.core import conformance
from meeple.core.game import BACK, JSON, Action, OptionValue
from meeple.games.buffet.rules import OFFSET, Buffet, BuffetState


class LeakyView(BuffetState):
    __slots__ = ()

    def view(self, seat: int | None) -> JSON:
        return {**super().view(seat), "all_hands": [list(h) for h in self.hands]}


class SpectatorSeesHands(BuffetState):
    """The seats' views are right, a spectator's shows every hand."""

    __slots__ = ()

    def view(self, seat: int | None) -> JSON:
        view = super().view(seat)
        return view if seat is not None else {**view, "all_hands": [list(h) for h in self.hands]}


class ViewSharesEvents(BuffetState):
    """A view whose event list is the state's own: it grows as the game goes on."""

    __slots__ = ()

    def view(self, seat: int | None) -> JSON:
        return {**super().view(seat), "events": self.events}


class MutatesBeforeChecking(BuffetState):
    __slots__ = ()

    def apply(self, seat: int, action: Action) -> None:
        self.round += 1  # touched before the action is checked
        super().apply(seat, action)


class LenientTypes(BuffetState):
    __slots__ = ()

    def apply(self, seat: int, action: Action) -> None:
        if isinstance(action, dict) and "card" in action:
            action = {**action, "card": int(action["card"])}
        super().apply(seat, action)


class SharedClone(BuffetState):
    __slots__ = ()

    def clone(self) -> BuffetState:
        other = super().clone()
        other.hands = self.hands
        return other


class NoResampling(BuffetState):
    __slots__ = ()

    def _determinize(self, seat: int, rng: random.Random) -> BuffetState:
        return self.clone()


class ForgetsPositions(BuffetState):
    __slots__ = ()

    def to_json(self) -> JSON:
        data = super().to_json()
        data["positions"] = [0] * self.players
        return data


class ShowsChoices(BuffetState):
    """A replay would show the card each mouse chose in secret."""

    __slots__ = ()

    def public_action(self, seat: int, action: Action) -> Action:
        return action


class PublicFormReadsTheDeck(BuffetState):
    """What others see of a choice depends on the hidden deck."""

    __slots__ = ()

    def public_action(self, seat: int, action: Action) -> Action:
        return action if self.deck and self.deck[-1] > 4 else super().public_action(seat, action)


class PublicFormInventsAField(BuffetState):
    """The public form is not the action less some fields."""

    __slots__ = ()

    def public_action(self, seat: int, action: Action) -> Action:
        return {**super().public_action(seat, action), "card": "?"}


class BackUndoesDiscards(BuffetState):
    """A sound ``back``: during an exchange, the cards put aside go back to the hand."""

    __slots__ = ()

    def legal_actions(self, seat: int) -> list[Action]:
        actions = super().legal_actions(seat)
        if actions and self.pending:
            actions.append({"type": BACK})
        return actions

    def _apply(self, seat: int, action: Action) -> None:
        if action["type"] != BACK:
            super()._apply(seat, action)
            return
        for value in self.pending:
            self.hands[seat][value + OFFSET] += 1
        self.pending = []


class BackGoesNowhere(BackUndoesDiscards):
    __slots__ = ()

    def _apply(self, seat: int, action: Action) -> None:
        if action["type"] != BACK:
            super()._apply(seat, action)


class BackListedFirst(BackUndoesDiscards):
    __slots__ = ()

    def legal_actions(self, seat: int) -> list[Action]:
        actions = super().legal_actions(seat)
        return actions[-1:] + actions[:-1] if self.pending and actions else actions


def broken_game(state_class: type[BuffetState]) -> Buffet:
    """Buffet whose states are of ``state_class``."""

    class Broken(Buffet):
        def _new(self, players: int, seed: int, options: dict[str, OptionValue]) -> BuffetState:
            state = super()._new(players, seed, options)
            state.__class__ = state_class
            return state

    game = Broken()

    def clone(self: BuffetState) -> BuffetState:
        other = BuffetState.clone(self)
        other.__class__ = state_class
        return other

    if "clone" not in state_class.__dict__:
        state_class.clone = clone  # type: ignore[method-assign]
    state_class.game = game
    return game


CASES: list[tuple[type[BuffetState], Callable[[Any], None], str]] = [
    (LeakyView, conformance.check_determinize, "changed what seat"),
    (SpectatorSeesHands, conformance.check_determinize, "changed what a spectator sees"),
    (MutatesBeforeChecking, conformance.check_illegal_actions_refused, "changed the state"),
    (LenientTypes, conformance.check_illegal_actions_refused, "was accepted|crashed"),
    (SharedClone, conformance.check_clone_is_independent, "shares state"),
    (NoResampling, conformance.check_determinize, "never re-sampled"),
    (ForgetsPositions, conformance.check_json_round_trip, "differs|diverged"),
    (BackGoesNowhere, conformance.check_back, "did not return"),
    (BackListedFirst, conformance.check_back, "listed once, last"),
    (ViewSharesEvents, conformance.check_views_are_snapshots, "changed after it was returned"),
    (ShowsChoices, conformance.check_public_actions, "public forms differ"),
    (PublicFormReadsTheDeck, conformance.check_public_actions, "public forms differ"),
    (PublicFormInventsAField, conformance.check_public_actions, "less some fields"),
]


@pytest.mark.parametrize(
    ("state_class", "check", "message"), CASES, ids=lambda c: getattr(c, "__name__", "")
)
def test_the_check_catches_the_broken_game(
    state_class: type[BuffetState], check: Callable[[Any], None], message: str
) -> None:
    with pytest.raises(AssertionError, match=message):
        check(broken_game(state_class))


def test_the_unbroken_game_passes_those_checks() -> None:
    game = broken_game(type("Plain", (BuffetState,), {"__slots__": ()}))
    for _, check, _ in CASES:
        check(game)


def test_a_sound_back_passes_every_check_and_is_taken_by_random_play() -> None:
    """Buffet with a ``back`` that undoes an exchange's discards: the whole suite passes, and
    the suite's random games do take it (so play after a back is checked too)."""
    game = broken_game(BackUndoesDiscards)
    taken = 0
    for seed in range(4):
        state, rng = game.new(3, seed=seed), random.Random(seed)
        while not state.is_over:
            _, action = conformance.random_step(state, rng)
            taken += action == {"type": BACK}
    assert taken
    conformance.check_game(game)
