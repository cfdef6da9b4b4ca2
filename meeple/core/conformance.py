"""The conformance suite every game's tests call (in the spirit of PettingZoo's ``api_test``).

Each check takes a :class:`~meeple.core.game.Game` and raises ``AssertionError``
with a readable message when the game breaks the contract. A game's test module
runs them all, one pytest case per check::

    import pytest
    import meeple
    from meeple.core import conformance

    @pytest.mark.parametrize("check", conformance.CHECKS, ids=lambda c: c.__name__)
    def test_conformance(check):
        check(meeple.load("buffet"))

The checks play seeded random games, so a failure is reproducible from the seed
printed in its message. Where a game offers ``back`` (:data:`~meeple.core.game.BACK`), the
random games take it now and then (:data:`BACK_CHANCE`), so that play after a ``back`` is
checked like any other; :func:`check_back` checks what ``back`` itself promises.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from meeple.core.errors import BadOptions, IllegalAction
from meeple.core.game import BACK, Action, Game, OptionValue, State, without_back
from meeple.core.validation import same_json

MAX_DECISIONS = 100_000
"""A random playout longer than this is taken to be an endless game."""

BACK_CHANCE = 0.1
"""How often a random playout takes ``back`` where it is offered. A ``back`` undoes the part
of a decision made so far, so taking it at every chance (as a uniform choice among few
actions would) could stretch a game without end; at one chance in ten, a decision of *k*
parts is completed with probability 0.9^k, so every playout still ends, and soon."""

Check = Callable[[Game[Any]], None]
SeatKey = int | None


def option_sets(game: Game[Any]) -> list[dict[str, OptionValue]]:
    """The defaults, then each option's every other value with the rest at defaults."""
    sets: list[dict[str, OptionValue]] = [{}]
    for name, option in game.options.items():
        sets.extend({name: v} for v in option.choices if not same_json(v, option.default))
    return sets


def configurations(game: Game[Any]) -> list[tuple[int, dict[str, OptionValue]]]:
    """Every player count with every option value."""
    return [
        (n, opts)
        for n in range(game.min_players, game.max_players + 1)
        for opts in option_sets(game)
    ]


def random_step(state: State, rng: random.Random) -> tuple[int, Action]:
    """Apply a random legal action of a random seat to move; return what was played.

    ``back``, where offered, is taken with probability :data:`BACK_CHANCE`; otherwise the
    action is uniform among the others."""
    seat = rng.choice(state.to_move)
    legal = state.legal_actions(seat)
    forward = without_back(legal)
    if len(forward) < len(legal) and rng.random() < BACK_CHANCE:
        action = legal[-1]
    else:
        action = rng.choice(forward)
    state.apply(seat, action)
    return seat, action


def playout(
    game: Game[Any], players: int, seed: int, options: Mapping[str, OptionValue] | None = None
) -> Iterator[State]:
    """Yield the states of one seeded random game, the first and the final included."""
    state = game.new(players, seed=seed, options=options)
    rng = random.Random(seed)
    yield state
    for _ in range(MAX_DECISIONS):
        if state.is_over:
            return
        random_step(state, rng)
        yield state
    raise AssertionError(
        f"{game.id}: random game (players={players}, seed={seed}, options={options}) "
        f"did not end within {MAX_DECISIONS} decisions"
    )


def _dump(data: Any) -> str:
    return json.dumps(data, sort_keys=True)


def _where(game: Game[Any], players: int, seed: int, opts: Mapping[str, Any], step: int) -> str:
    return f"{game.id} players={players} options={dict(opts)} seed={seed} step={step}"


# --- the checks ---------------------------------------------------------------------


def check_new_rejects_bad_arguments(game: Game[Any]) -> None:
    """Bad player counts, seeds and options raise BadOptions."""
    bad_calls: list[dict[str, Any]] = [
        {"players": game.min_players - 1},
        {"players": game.max_players + 1},
        {"players": str(game.min_players)},
        {"players": True},
        {"players": game.min_players, "seed": -1},
        {"players": game.min_players, "seed": "7"},
        {"players": game.min_players, "options": {"no_such_option": 1}},
    ]
    for name in game.options:
        bad_calls.append({"players": game.min_players, "options": {name: object()}})
    for kwargs in bad_calls:
        try:
            game.new(**kwargs)
        except BadOptions:
            continue
        raise AssertionError(f"{game.id}: new({kwargs}) did not raise BadOptions")


def check_playouts_terminate(game: Game[Any], games_per_config: int = 3) -> None:
    """Random games end for every player count and option; every step is well-formed."""
    for players, opts in configurations(game):
        for seed in range(games_per_config):
            final: State | None = None
            for step, state in enumerate(playout(game, players, seed, opts)):
                final = state
                where = _where(game, players, seed, opts, step)
                scores = state.scores
                assert len(scores) == players, f"{where}: {len(scores)} scores"
                if state.is_over:
                    assert state.to_move == (), f"{where}: over but to_move={state.to_move}"
                    break
                assert state.to_move, f"{where}: not over but nobody to move"
                assert state.winners == [], f"{where}: winners before the end"
                for seat in state.to_move:
                    assert state.legal_actions(seat), f"{where}: seat {seat} has no legal action"
            assert final is not None and final.is_over
            winners = final.winners
            assert winners, f"{game.id} players={players} seed={seed}: no winners at the end"
            assert set(winners) <= set(range(players)), f"{game.id}: bad winners {winners}"
            for seat in range(players):
                assert final.legal_actions(seat) == [], f"{game.id}: legal actions after the end"


def check_every_legal_action_applies(game: Game[Any], max_actions: int = 60) -> None:
    """At sampled states each legal action of each seat to move applies without error."""
    for players, opts in configurations(game):
        for step, state in enumerate(playout(game, players, 11, opts)):
            if step % 7 or state.is_over:
                continue
            for seat in state.to_move:
                for action in state.legal_actions(seat)[:max_actions]:
                    copy = state.clone()
                    try:
                        copy.apply(seat, action)
                    except IllegalAction as err:
                        where = _where(game, players, 11, opts, step)
                        raise AssertionError(f"{where}: legal {action} refused: {err}") from err


def _malformed(seat: int, legal: list[Action]) -> Iterator[tuple[object, object]]:
    """Actions of every malformed kind built from a seat's legal actions."""
    for junk in (None, 3, "play", [], [legal[0]], True):
        yield seat, junk
    yield seat, {}
    yield seat, {"type": "no_such_action_type"}
    yield seat, {"type": 7}
    for action in legal[:8]:
        yield seat, {**action, "unexpected_field": 1}
        for key, value in action.items():
            yield seat, {k: v for k, v in action.items() if k != key}
            for wrong in _wrong_values(value):
                yield seat, {**action, key: wrong}


def _wrong_values(value: object) -> list[object]:
    """Values of the wrong type or out of range in place of ``value``."""
    wrong: list[object] = [None, [value], {"v": value}]
    if isinstance(value, bool):
        wrong += [int(value), str(value).lower()]
    elif isinstance(value, int):
        wrong += [float(value), str(value), value == 1, 10**9, -(10**9)]
    elif isinstance(value, str):
        wrong += [0, value + "_nope", value.upper() + "?", ""]
    elif isinstance(value, list):
        wrong += [tuple(value), "x", [*value, 10**9], value[1:] if value else [10**9]]
    return wrong


def check_illegal_actions_refused(game: Game[Any]) -> None:
    """Wrong seats and malformed or illegal actions raise IllegalAction and change nothing."""
    for players, opts in configurations(game):
        for step, state in enumerate(playout(game, players, 5, opts)):
            if step % 5:
                continue
            where = _where(game, players, 5, opts, step)
            before_data = state.to_json()
            before = _dump(before_data)
            attempts: list[tuple[object, object]] = []
            waiting = [s for s in range(players) if s not in state.to_move]
            some_action: Action = {"type": "pass"}
            for seat in state.to_move:
                legal = state.legal_actions(seat)
                some_action = legal[0]
                attempts.extend(
                    (s, a) for s, a in _malformed(seat, legal) if not _is_legal(a, legal)
                )
            for bad_seat in [*waiting, -1, players, "0", None, True, 0.0]:
                attempts.append((bad_seat, some_action))
            for who, action in attempts:
                try:
                    state.apply(who, action)
                except IllegalAction as err:
                    assert str(err), f"{where}: IllegalAction without a reason"
                except Exception as err:
                    raise AssertionError(
                        f"{where}: seat {who!r} action {action!r} crashed with {err!r}"
                    ) from err
                else:
                    raise AssertionError(f"{where}: seat {who!r} action {action!r} was accepted")
                # Compared as data after each refusal (dumping the state as sorted JSON for
                # each of hundreds of refusals took most of this check's minute on Stir Fry),
                # and as JSON once after them all, which also tells 1 from 1.0 and True.
                changed = state.to_json() != before_data
                assert not changed, f"{where}: refused {action!r} changed the state"
            assert _dump(state.to_json()) == before, f"{where}: a refused action changed the state"


def _is_legal(action: object, legal: list[Action]) -> bool:
    return any(same_json(action, a) for a in legal)


def check_same_seed_same_game(game: Game[Any]) -> None:
    """The same seed and actions give the same state at every step; seeds matter."""
    for players, opts in configurations(game):
        record: list[tuple[int, Action]] = []
        dumps: list[str] = []
        rng = random.Random(23)
        state = game.new(players, seed=23, options=opts)
        dumps.append(_dump(state.to_json()))
        while not state.is_over:
            record.append(random_step(state, rng))
            dumps.append(_dump(state.to_json()))
        again = game.new(players, seed=23, options=opts)
        assert _dump(again.to_json()) == dumps[0], f"{game.id}: same seed, different start"
        for i, (seat, action) in enumerate(record, start=1):
            again.apply(seat, action)
            assert _dump(again.to_json()) == dumps[i], f"{game.id}: replay diverged at step {i}"
        starts = {_dump(game.new(players, seed=s, options=opts).to_json()) for s in range(5)}
        assert len(starts) > 1, f"{game.id}: five seeds gave one and the same start"


def check_json_round_trip(game: Game[Any]) -> None:
    """``from_json(to_json())`` through ``json.dumps`` is the same state and plays on identically."""
    for players, opts in configurations(game):
        rng = random.Random(31)
        state = game.new(players, seed=31, options=opts)
        step = 0
        while True:
            where = _where(game, players, 31, opts, step)
            text = json.dumps(state.to_json())
            back = game.from_json(json.loads(text))
            assert _dump(back.to_json()) == _dump(state.to_json()), f"{where}: round trip differs"
            for seat in range(players):
                assert _dump(back.view(seat)) == _dump(state.view(seat)), f"{where}: view differs"
            assert back.to_move == state.to_move, f"{where}: to_move differs"
            if state.is_over:
                assert back.winners == state.winners, f"{where}: winners differ"
                break
            seat, action = random_step(state, rng)
            back.apply(seat, action)
            assert _dump(back.to_json()) == _dump(state.to_json()), f"{where}: play diverged"
            step += 1


def check_from_json_rejects_garbage(game: Game[Any]) -> None:
    """Malformed or tampered stored states raise ValueError, never anything else."""
    state = game.new(game.min_players, seed=3)
    good = state.to_json()
    bad: list[Any] = [{}, {"game": "other"}, {**good, "players": "many"}]
    for key in good:
        bad.append({k: v for k, v in good.items() if k != key})
    for data in bad:
        try:
            game.from_json(data)
        except ValueError:
            continue
        raise AssertionError(f"{game.id}: from_json accepted {str(data)[:120]}")


def check_clone_is_independent(game: Game[Any]) -> None:
    """Changing a clone never changes the original, nor the other way round."""
    for players, opts in configurations(game):
        rng = random.Random(41)
        for step, state in enumerate(playout(game, players, 41, opts)):
            if step % 3 or state.is_over:
                continue
            before = _dump(state.to_json())
            copy = state.clone()
            assert _dump(copy.to_json()) == before, f"{game.id} step {step}: clone differs"
            random_step(copy, rng)
            assert _dump(state.to_json()) == before, f"{game.id} step {step}: clone shares state"
            copy2 = state.clone()
            frozen = _dump(copy2.to_json())
            seat = state.to_move[0]
            state.clone().apply(seat, state.legal_actions(seat)[0])
            assert _dump(copy2.to_json()) == frozen, f"{game.id} step {step}: clones share state"


def check_determinize(game: Game[Any]) -> None:
    """``determinize(seat)`` keeps ``view(seat)``, re-samples the hidden, and plays on.

    A determinized state differs from the original only in what ``seat`` cannot
    see, so this is also the check that ``view(seat)`` is blind to it — and
    ``view(None)``, whose events the logs and replays show to everyone.
    """
    for players, opts in configurations(game):
        resampled = 0
        rng = random.Random(53)
        for step, state in enumerate(playout(game, players, 53, opts)):
            if step % 4:
                continue
            where = _where(game, players, 53, opts, step)
            original = _dump(state.to_json())
            for seat in range(players):
                det = state.determinize(seat, random.Random(step * 10 + seat))
                assert _dump(state.to_json()) == original, f"{where}: determinize changed state"
                assert _dump(det.view(seat)) == _dump(state.view(seat)), (
                    f"{where}: determinize({seat}) changed what seat {seat} sees"
                )
                # A spectator knows less than any seat: what a seat cannot see, nor can it.
                assert _dump(det.view(None)) == _dump(state.view(None)), (
                    f"{where}: determinize({seat}) changed what a spectator sees"
                )
                assert det.to_move == state.to_move, f"{where}: determinize changed to_move"
                if _dump(_without_rng(det.to_json())) != _dump(_without_rng(state.to_json())):
                    resampled += 1
                # The sample must be a state that plays on to a proper end.
                if step % 20 == 0 and seat == 0:
                    while not det.is_over:
                        random_step(det, rng)
                    assert det.winners, f"{where}: determinized game ended without winners"
        assert resampled, f"{game.id} players={players}: determinize never re-sampled anything"


def check_determinize_sees_only_the_view(game: Game[Any]) -> None:
    """``determinize(seat, rng)`` depends on nothing but ``view(seat)`` and ``rng``.

    Two states that look the same to ``seat`` — a state and its determinized twin —
    must give the identical sample for the same ``rng``: otherwise a search bot
    could learn hidden information from its samples (no peeking).
    """
    for players, opts in configurations(game):
        for step, state in enumerate(playout(game, players, 71, opts)):
            if step % 9:
                continue
            for seat in range(players):
                twin = state.determinize(seat, random.Random(1000 + step))
                a = state.determinize(seat, random.Random(step))
                b = twin.determinize(seat, random.Random(step))
                assert _dump(a.to_json()) == _dump(b.to_json()), (
                    f"{_where(game, players, 71, opts, step)}: determinize({seat}) of two states "
                    f"with the same view differs: it reads hidden information"
                )


def _without_rng(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k != "rng"}


def check_back(game: Game[Any]) -> None:
    """``back``, where a game offers it, keeps the contract of :data:`~meeple.core.game.BACK`.

    It is listed once, last, as exactly ``{"type": "back"}``; never at the start of a
    game nor after its end; and applying it gives exactly (the same ``to_json()``) a state
    the same game was in before, within the decisions of the same seat, with that seat to
    move. A game that never offers it passes.
    """
    for players, opts in configurations(game):
        seen: dict[str, int] = {}  # to_json dumps of the playout's states -> their step
        mover_since = 0  # the step at which the seat to move now began its decisions
        last_mover: tuple[int, ...] = ()
        for step, state in enumerate(playout(game, players, 83, opts)):
            where = _where(game, players, 83, opts, step)
            dump = _dump(state.to_json())
            if state.to_move != last_mover:
                mover_since, last_mover = step, state.to_move
            seen.setdefault(dump, step)
            for seat in range(players):
                legal = state.legal_actions(seat)
                backs = [i for i, a in enumerate(legal) if a.get("type") == BACK]
                if not backs:
                    continue
                assert backs == [len(legal) - 1], f"{where}: back must be listed once, last"
                assert same_json(legal[-1], {"type": BACK}), f"{where}: back has fields"
                assert step > 0, f"{where}: back offered at the start of the game"
                copy = state.clone()
                copy.apply(seat, legal[-1])
                before = seen.get(_dump(copy.to_json()))
                assert before is not None and before < step, (
                    f"{where}: back did not return to a state the game was in before"
                )
                assert before >= mover_since, (
                    f"{where}: back went further back than the decisions of seat {seat}"
                )
                assert seat in copy.to_move, f"{where}: after back, seat {seat} is not to move"
                assert len(without_back(copy.legal_actions(seat))) > 0, f"{where}: back to nothing"


def check_views_are_json(game: Game[Any]) -> None:
    """``view`` for every seat and for spectators is JSON data; a bad seat is refused."""
    for players, opts in configurations(game):
        for step, state in enumerate(playout(game, players, 61, opts)):
            if step % 6 and not state.is_over:
                continue
            for seat in [*range(players), None]:
                view = state.view(seat)
                assert json.loads(json.dumps(view)) == view, f"{game.id}: view not JSON"
            for bad in (-1, players, "0"):
                try:
                    state.view(bad)  # type: ignore[arg-type]
                except ValueError:
                    continue
                raise AssertionError(f"{game.id}: view({bad!r}) was accepted")


def check_views_are_snapshots(game: Game[Any]) -> None:
    """A view never changes after it is returned: later moves, clones and ``back`` leave it as it
    was. A view may share unchanging objects with the state (event dicts, a board's cached
    layout) for speed, so callers treat views as read-only; what it must not share is anything
    the state goes on to change."""
    for players, opts in configurations(game):
        kept: list[tuple[int, SeatKey, Any, str]] = []
        for step, state in enumerate(playout(game, players, 67, opts)):
            if step % 4 and not state.is_over:
                continue
            for seat in [*range(players), None]:
                view = state.view(seat)
                kept.append((step, seat, view, _dump(view)))
        for step, seat, view, text in kept:
            where = _where(game, players, 67, opts, step)
            assert _dump(view) == text, f"{where}: seat {seat}'s view changed after it was returned"


def check_public_actions(game: Game[Any], every: int = 6, max_actions: int = 20) -> None:
    """``public_action`` (what others see of a move, as a replay shows it) says no more than
    the views after the move do.

    At every ``every``-th step, for each seat to move and another viewer drawn at random
    (another seat, or a spectator): two of the seat's legal actions (at most ``max_actions``,
    drawn at random) after which the viewer's view is the same
    must have the same public form — the viewer cannot tell them apart, so a replay must not
    either. The second action is also taken in a twin of the state that the viewer cannot
    tell from it (``determinize(viewer)``, for a seat), so that a public form that reads
    something hidden in the state (a hand, the deck) is caught as well. A public form is
    the action less some of its fields (``type`` always kept), and changes nothing.
    """
    for players, opts in configurations(game):
        rng = random.Random(97)
        for step, state in enumerate(playout(game, players, 97, opts)):
            if step % every or state.is_over:
                continue
            where = _where(game, players, 97, opts, step)
            for seat in state.to_move:
                viewer = rng.choice([*(s for s in range(players) if s != seat), None])
                _check_shown_alike(state, seat, viewer, rng, max_actions=max_actions, where=where)


def _check_shown_alike(
    state: State, seat: int, viewer: SeatKey, rng: random.Random, *, max_actions: int, where: str
) -> None:
    """:func:`check_public_actions` for one mover and one viewer at one state."""
    twins = [state]
    if viewer is not None:
        twins.append(state.determinize(viewer, random.Random(rng.getrandbits(32))))
    shown: dict[str, tuple[str, Action]] = {}  # the viewer's view after -> a public form
    for twin in twins:
        before = _dump(twin.to_json())
        legal = twin.legal_actions(seat)
        for action in legal if len(legal) <= max_actions else rng.sample(legal, max_actions):
            text = _dump(action)
            public = twin.public_action(seat, action)
            assert _dump(action) == text, f"{where}: public_action changed {action}"
            assert public.get("type") == action["type"] and all(
                key in action and same_json(action[key], value) for key, value in public.items()
            ), f"{where}: public form {public} is not {action} less some fields"
            after = twin.clone()
            after.apply(seat, action)
            seen = _dump(after.view(viewer))
            first = shown.setdefault(seen, (_dump(public), action))
            assert first[0] == _dump(public), (
                f"{where}: seat {seat}'s {first[1]} and {action} look the same to viewer "
                f"{viewer}, but their public forms differ: {first[0]} and {_dump(public)}"
            )
        assert _dump(twin.to_json()) == before, f"{where}: public_action changed the state"


CHECKS: list[Check] = [
    check_new_rejects_bad_arguments,
    check_playouts_terminate,
    check_every_legal_action_applies,
    check_illegal_actions_refused,
    check_same_seed_same_game,
    check_json_round_trip,
    check_from_json_rejects_garbage,
    check_clone_is_independent,
    check_determinize,
    check_determinize_sees_only_the_view,
    check_back,
    check_views_are_json,
    check_views_are_snapshots,
    check_public_actions,
]
"""Every check, in the order a game author should make them pass."""


def check_game(game: Game[Any]) -> None:
    """Run every check on ``game``; the first failure raises ``AssertionError``."""
    for check in CHECKS:
        check(game)
