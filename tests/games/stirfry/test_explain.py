"""The Stir Fry heuristic's reasons (:mod:`meeple.games.stirfry.explain`): every number a
reason states is checked against the engine, over many positions of seeded games."""

from __future__ import annotations

import random
import re

from meeple.core.game import State
from meeple.games.stirfry.data import CARD_INDEX, CARD_NAMES, PAIR, claim_draws
from meeple.games.stirfry.explain import CARD_JA, explain
from meeple.games.stirfry.rules import StirFryState
from tests.games.explain_kit import applied, client_ja, explained, seeded_spots


def numbers(text: str) -> list[int]:
    return [int(n) for n in re.findall(r"-?\d+", text)]


SPOTS = seeded_spots("stirfry", StirFryState, players=(2, 3, 4, 5), seeds=3, count=40)


def hand_size(state: State, seat: int) -> int:
    return len(state.view(seat)["hand"])


def answered(state: State) -> State:
    """After a declaration: every seat asked trusts the chef."""
    while state.view(None)["phase"] == "taste_test":
        seat = state.to_move[0]
        state.apply(seat, {"type": "trust"})
    return state


def unseen(state: StirFryState, seat: int, card: int) -> int:
    """Copies of ``card`` that ``seat`` cannot see, counted in the state itself."""
    others = [s for s in range(state.players) if s != seat]
    hidden = list(state.deck)
    for s in others:
        hidden.extend(c for c, n in enumerate(state.hands[s]) for _ in range(n))
        hidden.extend(state.face_down[s])
    return hidden.count(card)


def test_a_dish_is_explained_card_by_card_with_the_points_it_scores() -> None:
    checked = 0
    for state, seat, action, reason in explained(SPOTS, explain, ("cook",)):
        after = applied(state, seat, action)
        gained = after.points[seat] - state.points[seat]
        total, *cards = numbers(reason.en.split(";")[0])
        assert total == gained == sum(cards), reason.en
        assert len(cards) == len(action["cards"])
        assert ("reaches the target" in reason.en) == (after.points[seat] >= after.variant.target)
        checked += 1
    assert checked > 50


def test_ending_the_turn_names_the_best_dish_the_engine_would_score() -> None:
    checked = 0
    for state, seat, _, reason in explained(SPOTS, explain, ("end_turn",)):
        gains = [
            applied(state, seat, action).points[seat] - state.points[seat]
            for action in state.legal_actions(seat)
            if action["type"] == "cook"
        ]
        assert numbers(reason.en) == ([max(gains)] if gains else []), reason.en
        checked += 1
    assert checked > 20


def test_a_declaration_states_the_draws_and_the_unseen_copies_the_engine_has() -> None:
    checked = honest = short = 0
    # With tofu the card it replaced is unknown: the unseen count is then a guess.
    plain = [state for state in SPOTS if not state.options.get("tofu")]
    for state, seat, action, reason in explained(plain, explain, ("declare", "declare_pair")):
        after = answered(applied(state, seat, action))
        laid = 1 if action["type"] == "declare" else 2
        drawn = hand_size(after, seat) - hand_size(state, seat) + laid
        said = numbers(reason.en)
        assert said[0] == drawn, (action, reason.en)
        # Fewer than the claim's draws (its label's) only from a short deck, and then it says so.
        claimed = claim_draws(
            PAIR if action["type"] == "declare_pair" else CARD_INDEX[action["as"]]
        )
        says_short = "(all the deck holds)" in reason.en or "(the deck is empty)" in reason.en
        assert says_short == (drawn < claimed), (action, reason.en)
        short += says_short
        if reason.en.startswith("honest"):
            honest += 1
        elif "unseen by you" in reason.en:
            assert said[1] == unseen(state, seat, CARD_INDEX[action["as"]]) > 0
        checked += 1
    assert checked > 100 and honest > 3 and short > 0


def test_taste_or_trust_states_the_chance_the_stakes_and_the_draws_denied() -> None:
    checked = 0
    for state in SPOTS:
        if state.phase != "taste_test":
            continue
        seat = state.to_move[0]
        view = state.view(seat)
        declaration = view["declaration"]
        taste = explain(view, seat, {"type": "taste"})
        assert taste is not None and taste == explain(view, seat, {"type": "trust"})
        # The chance: how often the chef holds the claim in worlds the seat cannot tell apart.
        rng = random.Random(checked)
        chef = declaration["seat"]
        hits = 0
        for _ in range(400):
            world = state.determinize(seat, rng)
            assert isinstance(world, StirFryState)
            held = [c for c, n in enumerate(world.hands[chef]) for _ in range(n)]
            held += world.declared
            if declaration["as"] == "pair":
                hits += len(set(held)) < len(held)
            else:
                hits += CARD_INDEX[declaration["as"]] in held
        if "cannot hold" in taste.en:
            assert hits == 0
        elif not state.options.get("tofu"):
            chance = numbers(taste.en)[0] / 100
            assert abs(chance - hits / 400) < 0.09, (taste.en, hits)
        said = numbers(taste.en.split(";")[-1])
        if "denies" in taste.en:
            assert said == [min(declaration["draws"], len(state.deck))]
        elif "your" in taste.en:
            assert said == [hand_size(state, seat)]
        checked += 1
    assert checked > 10


def test_a_discard_names_the_cards_the_engine_leaves_in_hand() -> None:
    checked = best = 0
    for state, seat, action, reason in explained(SPOTS, explain, ("discard",)):
        after = applied(state, seat, action)
        kept = state.view(seat)["hand"][:]
        kept.remove(action["card"])
        named = reason.en.removeprefix("keeps ").split(";")[0].split(":")[0].split(", ")
        assert named == kept
        assert sorted(after.view(seat)["hand"]) == sorted(kept)
        best += "best dish" in reason.en
        checked += 1
    assert checked > 5 and best > 0


def test_the_japanese_card_names_are_those_of_the_web_client() -> None:
    texts = client_ja()
    assert {name: texts[f"stirfry.card.{name}"] for name in CARD_NAMES} == CARD_JA
