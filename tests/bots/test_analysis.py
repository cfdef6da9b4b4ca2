"""``hard``'s analysis of a decision: the searched moves with their figures, best first.

Small budgets (the games' own search plans with a few playouts, as in ``test_levels``), so
that each test runs in seconds.
"""

from __future__ import annotations

import random

import pytest

import meeple
from meeple.bots.analysis import Candidate
from meeple.bots.ismcts import ISMCTSBot, outcome
from meeple.bots.levels import EXPLAINERS, searcher
from meeple.core.bot import Reason
from meeple.core.game import State, without_back
from meeple.games.buffet import BuffetState
from meeple.games.buffet.explain import explain, score_change_words
from meeple.games.buffet.rules import score_of
from meeple.games.cafe.explain import explain as cafe_explain
from tests.bots.test_levels import GAMES, positions, small
from tests.games.stirfry.helpers import make as stirfry_position


def hard(game_id: str, seed: int) -> ISMCTSBot:
    """``hard``'s search for the game, with a handful of playouts."""
    return searcher(meeple.load(game_id), small(game_id, iterations=3), seed)


def check_figures(candidates: list[Candidate], state: State, seat: int) -> None:
    legal = without_back(state.legal_actions(seat))
    actions = [c.action for c in candidates]
    assert actions and all(a in legal for a in actions)
    assert len({repr(sorted(a.items())) for a in actions}) == len(actions)  # no move twice
    for c in candidates:
        assert c.visits >= 1
        assert 0.0 <= c.win_chance <= 1.0
        assert 0.0 <= c.reward <= 1.0
        assert isinstance(c.expected_score, float)


@pytest.mark.parametrize("game_id", GAMES)
def test_analyse_gives_searched_legal_moves_with_figures_in_range_and_choose_first(
    game_id: str,
) -> None:
    game = meeple.load(game_id)
    for k, state in enumerate(positions(game_id, game.min_players, 2)):
        seat = state.to_move[0]
        before = state.to_json()
        candidates = hard(game_id, k).analyse(state, seat)
        assert state.to_json() == before  # the state it was given is left as it was
        check_figures(candidates, state, seat)
        assert candidates[0].action == hard(game_id, k).choose(state, seat)
        rest = [(c.visits, c.reward) for c in candidates[1:]]
        assert rest == sorted(rest, reverse=True)
        if game_id not in EXPLAINERS:
            assert all(c.reason is None for c in candidates)


@pytest.mark.parametrize("game_id", ["buffet", "cheese", "stirfry"])
def test_analysis_depends_only_on_the_seat_view(game_id: str) -> None:
    """A twin differs only in what the seat cannot see: the analysis must not notice."""
    state = positions(game_id, 3 if game_id != "stirfry" else 2, 2)[-1]
    seat = state.to_move[0]
    twin = state.determinize(seat, random.Random(77))
    assert twin.view(seat) == state.view(seat)
    assert twin.to_json() != state.to_json()
    for seed in range(2):
        assert hard(game_id, seed).analyse(twin, seat) == hard(game_id, seed).analyse(state, seat)


def test_a_followed_decision_puts_the_heuristic_move_first() -> None:
    """Stirfry leaves taste-or-trust to the heuristic: ``choose`` does not search it, and
    ``analyse`` searches it for the figures but still puts the move played first."""
    state = stirfry_position(2, [["noodles", "shrimp", "pork"], ["noodles", "soy", "leek"]])
    state.apply(0, {"type": "declare", "card": "noodles", "as": "pork"})
    assert {a["type"] for a in state.legal_actions(1)} == {"taste", "trust"}
    candidates = hard("stirfry", 3).analyse(state, 1)
    check_figures(candidates, state, 1)
    assert candidates[0].action == hard("stirfry", 3).choose(state, 1)


def test_a_single_legal_move_is_analysed_too() -> None:
    bot = ISMCTSBot(iterations=5, seed=1, rollout_limit=10)
    state = meeple.load("buffet").new(3, seed=4)
    rng = random.Random(4)
    while len(without_back(state.legal_actions(state.to_move[0]))) > 1:
        seat = rng.choice(state.to_move)
        state.apply(seat, rng.choice(without_back(state.legal_actions(seat))))
    seat = state.to_move[0]
    [only] = bot.analyse(state, seat)
    assert only.action == without_back(state.legal_actions(seat))[0]
    assert only.visits == 5


def test_buffet_reasons_come_in_english_and_japanese() -> None:
    state = positions("buffet", 3, 1)[0]
    seat = state.to_move[0]
    candidates = hard("buffet", 1).analyse(state, seat)
    plays = [c for c in candidates if c.action["type"] == "play"]
    assert plays and all(isinstance(c.reason, Reason) for c in plays)
    for c in plays:
        assert c.reason is not None and c.reason.en and c.reason.ja and c.reason.en != c.reason.ja


def test_buffet_explains_each_rule_of_thumb() -> None:
    """One view per rule of thumb of hard's guide (the bold constants, ``BoldBuffetBot``)."""
    salad, cheese = {"kind": "salad", "value": 1}, {"kind": "cheese", "value": 3}
    many = {"positions": [0, 0, 0], "stacks": [[], [], []], "buffet": [cheese, salad]}
    assert (r := explain(many, 0, {"type": "play", "card": 5})) and "5 ahead" in r.en
    # 4 clear is not the bold 5: the card risks the back, where the last dish waits.
    assert (r := explain(many, 0, {"type": "play", "card": 4}))
    assert r.en.endswith("the last dish, the salad (adds 1 to your score)")
    assert "サラダ、1点増える" in r.ja
    salads = [[{"top": {"kind": "salad", "value": 3}, "covered": 0}], [], []]
    assert (r := explain({**many, "stacks": salads}, 0, {"type": "play", "card": 4}))
    assert r.en.endswith("the salad (takes 2 off your score)") and "2点減る" in r.ja
    # Even the last dish (salad 1, a point) is worth dropping out for, with the lowest card.
    cheap = {**many, "buffet": [cheese, salad], "hand": [1, 7]}
    assert (r := explain(cheap, 0, {"type": "play", "card": 1})) and "drop out" in r.en
    duel = {"positions": [2, None, 1], "stacks": [[], [], []], "buffet": [cheese]}
    # hard's guide (the bold constants) plays to beat a rival's 8 in the finale.
    assert (r := explain(duel, 0, {"type": "play", "card": 8})) and "beats even a rival's 8" in r.en
    assert (r := explain(duel, 0, {"type": "play", "card": 4})) and "keep the cheese" in r.en
    assert "8を出せば" in r.ja
    had = [[{"top": {"kind": "cheese", "value": 5}}], [], []]
    assert (r := explain({**duel, "stacks": had}, 0, {"type": "play", "card": 1}))
    assert "adds nothing" in r.en and "チーズ" in r.ja
    assert (r := explain(many, 0, {"type": "discard", "card": 3})) and "weak" in r.en
    assert explain(many, 0, {"type": "discard", "card": 8}) is None
    assert explain(many, 0, {"type": "draw"}) is None


def test_buffet_reasons_state_what_the_last_dish_does_to_the_score() -> None:
    """The reason of a card that risks the back says what the engine's scoring would make of
    the last dish, taken by the rearmost mouse (below the top of its kind it covers it)."""
    checked = 0
    for players in (3, 4, 6):
        for state in positions("buffet", players, 30, seed=players):
            assert isinstance(state, BuffetState)
            seat = state.to_move[0]
            if sum(state.in_round) < 3:
                continue  # the finale: no rearmost mouse leaves
            stack, last = state.stacks[seat], state.buffet[-1]
            change = score_of([*stack, last]) - score_of(stack)
            en, ja = score_change_words(change)
            for action in without_back(state.legal_actions(seat)):
                reason = explain(state.view(seat), seat, action)
                if reason is not None and reason.en.startswith("risks being the rearmost"):
                    assert reason.en.endswith(f"({en})") and f"、{ja}）" in reason.ja
                    checked += 1
    assert checked > 20


def test_cafe_reasons_state_the_points_the_engine_gives() -> None:
    """A seated guest's reason says what the engine scores for it (coffee circles off)."""
    checked = 0
    for state in positions("cafe", 2, 4):
        seat = state.to_move[0]
        for action in state.legal_actions(seat):
            reason = cafe_explain(state.view(seat), seat, action)
            if action["type"] != "seat":
                continue
            assert reason is not None and reason.ja
            after = state.clone()
            after.apply(seat, action)
            gained = after.scores[seat] - state.scores[seat]
            said = "scores nothing" if gained == 0 else f"scores {gained} at once"
            assert reason.en.startswith(said), (action, reason.en)
            checked += 1
    assert checked > 10


SILENT = {"back"}
"""Moves no heuristic has words for: the generic step back inside a decision."""
BISON_PURCHASES = {"buy_hunter", "buy_tent", "buy_canoe", "exchange"}
"""Bison's purchases have a reason only as the first step of an action's best plan."""


@pytest.mark.parametrize("game_id", ["bison", "cheese", "stirfry"])
def test_every_candidate_of_hard_gets_the_heuristic_reason(game_id: str) -> None:
    """Each move ``hard`` analyses carries its reason in both languages, the same words
    the game's ``explain`` gives for it from the seat's view."""
    game = meeple.load(game_id)
    explain = EXPLAINERS[game_id]
    checked = 0
    for k, state in enumerate(positions(game_id, 3, 8, seed=5)):
        seat = state.to_move[0]
        view = state.view(seat)
        for c in hard(game_id, k).analyse(state, seat):
            assert c.reason == explain(view, seat, c.action)
            kind = c.action["type"]
            if kind in SILENT or (game_id == "bison" and kind in BISON_PURCHASES):
                continue
            assert c.reason is not None, (game.id, c.action)
            assert c.reason.en and c.reason.ja and c.reason.en != c.reason.ja
            assert "\n" not in c.reason.en + c.reason.ja  # one line
            checked += 1
    assert checked >= 10


def test_an_outcome_gives_the_win_shares_and_scores_of_a_playout_end() -> None:
    state = meeple.load("buffet").new(3, seed=2)
    rng = random.Random(2)
    while not state.is_over:
        seat = rng.choice(state.to_move)
        state.apply(seat, rng.choice(without_back(state.legal_actions(seat))))
    result, wins, scores = outcome(state)
    assert scores == list(state.scores)
    assert sum(wins) == pytest.approx(1.0)
    assert all((wins[s] > 0) == (s in state.winners) for s in range(3))
    assert result == outcome(state, scale=3.0)[0]  # a finished playout is never cut off


@pytest.mark.parametrize("game_id", ["buffet", "cafe"])
def test_also_puts_a_move_the_search_did_not_try_among_the_candidates(game_id: str) -> None:
    """A review asks for the figures of the move a player made, whether or not the search
    tried it: it comes last, played out as often as the search's best move."""
    for k, state in enumerate(positions(game_id, 3, 3)):
        seat = state.to_move[0]
        plain = hard(game_id, k).analyse(state, seat)
        tried = [c.action for c in plain]
        untried = [a for a in without_back(state.legal_actions(seat)) if a not in tried]
        if not untried:
            continue
        with_also = hard(game_id, k).analyse(state, seat, also=untried[-1])
        assert with_also[:-1] == plain  # the search itself is unchanged
        assert with_also[-1].action == untried[-1]
        assert with_also[-1].visits == plain[0].visits
        check_figures(with_also, state, seat)
        return
    pytest.fail("every position's search tried every move")


def test_also_adds_nothing_when_the_move_was_tried() -> None:
    state = positions("buffet", 3, 1)[0]
    seat = state.to_move[0]
    plain = hard("buffet", 2).analyse(state, seat)
    assert hard("buffet", 2).analyse(state, seat, also=plain[-1].action) == plain
