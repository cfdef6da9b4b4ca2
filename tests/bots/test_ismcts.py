"""ISMCTS plays legally, reproducibly, and without peeking at hidden information."""

from __future__ import annotations

import math
import random

import pytest

import meeple
from meeple.bots import RandomBot
from meeple.bots.ismcts import ISMCTSBot, rewards
from meeple.bots.levels import HEURISTICS
from meeple.core.bot import Bot
from meeple.core.game import Action, without_back
from tests.bots.test_levels import positions
from tests.games.stirfry.helpers import make as stirfry_position


def _midgame(game_id: str, players: int, steps: int, seed: int = 3) -> meeple.State:
    state = meeple.load(game_id).new(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        seat = rng.choice(state.to_move)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


@pytest.mark.parametrize("game_id", ["buffet", "cheese"])
def test_choices_are_legal_through_a_whole_game(game_id: str) -> None:
    game = meeple.load(game_id)
    state = game.new(game.min_players, seed=5)
    bots = {0: ISMCTSBot(iterations=15, seed=1, rollout_limit=30)}
    while not state.is_over:
        seat = state.to_move[0]
        bot = bots.get(seat) or RandomBot(seed=seat)
        action = bot.choose(state, seat)
        assert action in state.legal_actions(seat)
        state.apply(seat, action)


def test_a_seeded_bot_reproduces_its_choice() -> None:
    state = _midgame("buffet", 4, 6)
    seat = state.to_move[0]
    first = ISMCTSBot(iterations=60, seed=9).choose(state, seat)
    assert ISMCTSBot(iterations=60, seed=9).choose(state, seat) == first


@pytest.mark.parametrize("game_id", ["buffet", "cheese"])
def test_no_peeking_a_determinized_twin_gets_the_same_choice(game_id: str) -> None:
    """A twin differs only in what the seat cannot see; the bot must not notice."""
    state = _midgame(game_id, 4, 9)
    seat = state.to_move[0]
    twin = state.determinize(seat, random.Random(77))
    assert twin.view(seat) == state.view(seat)
    assert twin.to_json() != state.to_json()
    for seed in range(3):
        mine = ISMCTSBot(iterations=40, seed=seed).choose(state, seat)
        assert ISMCTSBot(iterations=40, seed=seed).choose(twin, seat) == mine


def test_rewards_favour_the_winner_and_split_ties() -> None:
    state = _midgame("buffet", 3, 10_000)
    assert state.is_over
    result = rewards(state)
    assert all(0 <= r <= 1 for r in result)
    best = max(range(3), key=lambda s: result[s])
    assert best in state.winners


def test_a_budget_is_required() -> None:
    with pytest.raises(ValueError, match="budget"):
        ISMCTSBot(iterations=None, seconds=None)


# --- the informed search that ``hard`` uses -------------------------------------------


class Stubborn(Bot):
    """A policy that always ends its turn when it may, and counts how often it is asked."""

    def __init__(self) -> None:
        self.asked = 0
        self.rng = random.Random(0)

    def choose(self, state: meeple.State, seat: int) -> Action:
        self.asked += 1
        legal = state.legal_actions(seat)
        return next((a for a in legal if a["type"] == "end_turn"), legal[0])

    def ranked(self, state: meeple.State, seat: int) -> list[Action]:
        # Its own move first, then the dishes it could cook: the alternatives a search weighs.
        first = self.choose(state, seat)
        rest = [a for a in state.legal_actions(seat) if a != first]
        return [first, *sorted(rest, key=lambda a: a["type"] != "cook")]


def test_with_one_playout_the_policy_move_is_played() -> None:
    """The policy's favourite is the first move the search tries."""
    game = meeple.load("cafe")
    for k, state in enumerate(positions("cafe", 3, 5)):
        seat = state.to_move[0]
        policy = HEURISTICS["cafe"](k, 0.0)
        bot = ISMCTSBot(iterations=1, seed=k, policy=HEURISTICS["cafe"](k, 0.0))
        assert bot.choose(state, seat) == policy.choose(state, seat), game.id


@pytest.mark.parametrize("candidates", [None, 3])
def test_the_search_departs_from_the_policy_for_a_clear_win(candidates: int | None) -> None:
    # 45 of 50 points each, and a dish of 5 or more in hand: cooking wins, which the
    # stubborn policy (end the turn) never does. Every playout after a winning dish is a
    # win, so the search plays it even with caution. (Playouts of the stubborn policy
    # never end a game, so they are cut short.)
    state = stirfry_position(
        2,
        [["noodles", "shrimp", "leek", "mushroom", "ginger"], ["noodles", "soy", "pork"]],
        points=[45, 45],
        options={"target": 50},
    )
    bot = ISMCTSBot(
        iterations=60,
        seed=1,
        policy=Stubborn(),
        widening=10.0,
        caution=1.0,
        rollout_limit=20,
        candidates=candidates,
    )
    action = bot.choose(state, 0)
    assert action["type"] == "cook"
    state.apply(0, action)
    assert state.is_over and state.winners == [0]


@pytest.mark.parametrize("candidates", [None, 3])
def test_caution_keeps_the_policy_move_unless_the_evidence_is_clear(
    candidates: int | None,
) -> None:
    """Playouts are noisy: with endless caution the heuristic's move always stands; with
    none, the move with the best record is played, which is sometimes another."""
    departed = 0
    for k, state in enumerate(positions("buffet", 3, 8)):
        seat = state.to_move[0]
        choices = [
            ISMCTSBot(
                iterations=30 if candidates is None else 10,  # a paired iteration plays 3
                seed=k,
                policy=HEURISTICS["buffet"](k, 0.0),
                rollout_limit=20,
                score_scale=3.0,
                caution=caution,
                candidates=candidates,
            ).choose(state, seat)
            for caution in (1e9, 0.0)
        ]
        assert choices[0] == HEURISTICS["buffet"](k, 0.0).choose(state, seat)
        departed += choices[1] != choices[0]
    assert departed > 0


def test_followed_decisions_are_left_to_the_policy_without_a_search() -> None:
    state = stirfry_position(2, [["noodles", "shrimp", "pork"], ["noodles", "soy", "leek"]])
    state.apply(0, {"type": "declare", "card": "noodles", "as": "pork"})
    assert state.to_move == (1,)
    assert {a["type"] for a in state.legal_actions(1)} == {"taste", "trust"}
    policy = Stubborn()
    bot = ISMCTSBot(iterations=500, seed=1, policy=policy, follow=frozenset({"taste", "trust"}))
    assert bot.choose(state, 1) == state.legal_actions(1)[0]
    assert policy.asked == 1  # the move itself: no playout asked the policy anything


class Counting(Bot):
    """Plays the first legal move, and counts how often it is asked to choose or rank."""

    def __init__(self) -> None:
        self.chose = 0
        self.ranks = 0
        self.rng = random.Random(0)

    def choose(self, state: meeple.State, seat: int) -> Action:
        self.chose += 1
        return state.legal_actions(seat)[0]

    def ranked(self, state: meeple.State, seat: int) -> list[Action]:
        self.ranks += 1
        return list(reversed(state.legal_actions(seat)))


def test_a_guide_ranks_the_real_move_and_a_cheaper_policy_plays_the_playouts() -> None:
    state = _midgame("cheese", 3, 6)
    seat = state.to_move[0]
    guide, policy = Counting(), Counting()
    bot = ISMCTSBot(iterations=4, seed=1, policy=policy, guide=guide, candidates=3, caution=1e9)
    assert bot.choose(state, seat) == state.legal_actions(seat)[-1]  # the guide's favourite
    assert (guide.ranks, guide.chose) == (1, 0)
    assert policy.chose > 4 * 3  # the playouts (and the tree below the root) are the policy's


@pytest.mark.parametrize("candidates", [None, 3])
def test_without_a_tree_every_playout_is_the_policy_own_play(candidates: int | None) -> None:
    state = _midgame("cheese", 3, 6)
    seat = state.to_move[0]
    guide, policy = Counting(), Counting()
    bot = ISMCTSBot(
        iterations=5, seed=3, policy=policy, guide=guide, candidates=candidates, tree=False
    )
    assert bot.choose(state, seat) in state.legal_actions(seat)
    assert guide.ranks == 1  # only the root's moves are ranked (a tree would rank below)
    assert policy.ranks == 0 and policy.chose > 5


@pytest.mark.parametrize(("least", "steps"), [(3, 1), (1, 400)])
def test_a_steps_budget_goes_on_until_the_playouts_made_that_many_moves(
    least: int, steps: int
) -> None:
    state = _midgame("cheese", 3, 6)
    seat = state.to_move[0]
    bot = ISMCTSBot(iterations=least, steps=steps, seed=2, policy=Counting())
    started: list[int] = []  # the moves made before each iteration
    iterate = bot._iterate

    def counted(*args: object) -> float:
        started.append(bot.moves)
        return iterate(*args)  # type: ignore[arg-type]

    bot._iterate = counted  # type: ignore[method-assign,assignment]
    bot.choose(state, seat)
    assert len(started) >= least
    assert bot.moves >= steps
    if len(started) > least:  # it went on only while the budget was not spent
        assert started[-1] < steps


def test_a_cut_off_playout_is_judged_by_the_score_margin() -> None:
    state = _midgame("buffet", 3, 30)
    assert not state.is_over
    scores = state.scores
    judged = rewards(state, scale=3.0)
    for seat, reward in enumerate(judged):
        best_rival = max(s for t, s in enumerate(scores) if t != seat)
        assert reward == pytest.approx(0.5 + 0.5 * math.tanh((scores[seat] - best_rival) / 3))
    finished = _midgame("buffet", 3, 10_000)
    assert rewards(finished, scale=3.0) == rewards(finished)  # a finished game: win and rank


@pytest.mark.parametrize("game_id", sorted(meeple.GAMES))
def test_a_heuristic_ranks_every_legal_action_its_choice_first(game_id: str) -> None:
    game = meeple.load(game_id)
    for k, state in enumerate(positions(game_id, game.min_players, 6)):
        seat = state.to_move[0]
        ranked = HEURISTICS[game_id](k, 0.0).ranked(state, seat)
        assert ranked[0] == HEURISTICS[game_id](k, 0.0).choose(state, seat)
        # Every legal action but ``back``, which bots never take.
        legal = without_back(state.legal_actions(seat))
        assert len(ranked) == len(legal) and all(a in legal for a in ranked)


@pytest.mark.parametrize("game_id", sorted(meeple.GAMES))
def test_heuristic_playouts_skip_the_check_and_play_the_same(
    game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A heuristic playout applies its policy's move unchecked (``Bot.choose`` returns a legal
    action): the heuristics keep that promise in the playouts of ``hard``'s real plan, and
    checking every move again changes no choice."""
    from meeple.bots.levels import make  # noqa: PLC0415

    game = meeple.load(game_id)
    states = [_midgame(game_id, game.min_players, steps) for steps in (6, 30)]

    def choices() -> list[Action]:
        made = []
        for state in states:
            if state.is_over:
                continue
            seat = state.to_move[0]
            made.append(make("hard", game, seed=11, players=state.players).choose(state, seat))
        return made

    unchecked = choices()
    # The same searches with every playout move checked: an illegal one raises.
    monkeypatch.setattr(type(states[0]), "apply_unchecked", type(states[0]).apply)
    assert choices() == unchecked
    assert unchecked
