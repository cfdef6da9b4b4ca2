"""The bison heuristic's reasons (:mod:`meeple.games.bison.explain`): every number a reason
states — an action's cost, a region's animals and the seat's share of them at a scoring
held now, the tracks a payment leaves — is checked against the engine, over many positions
of seeded games."""

from __future__ import annotations

import re

import meeple
from meeple.bots.levels import make
from meeple.core.game import Action
from meeple.games.bison.data import ACTION_COST, ANIMALS, TERRAINS
from meeple.games.bison.explain import ANIMAL_JA, KIND_JA, TERRAIN_JA, explain
from meeple.games.bison.geometry import space_of, terrain_of_space
from meeple.games.bison.heuristic import KINDS, BisonHeuristicBot
from meeple.games.bison.rules import BisonState
from meeple.games.bison.scoring import score_regions
from tests.games.explain_kit import applied, client_ja, explained, seeded_spots


def gathering() -> list[BisonState]:
    """Every gathering decision of a few more seeded games (they are rare at random)."""
    found: list[BisonState] = []
    for seed in range(4):
        state = GAME.new(3, seed=10 + seed)
        assert isinstance(state, BisonState)
        bots = [make("normal", GAME, seed=s) for s in range(3)]
        while not state.is_over:
            seat = state.to_move[0]
            if state.view(seat)["phase"] in ("gather", "gather_at"):
                found.append(state.clone())
            state.apply(seat, bots[seat].choose(state, seat))
    return found


GAME = meeple.load("bison")
SPOTS = seeded_spots("bison", BisonState, players=(2, 3, 4), seeds=2, count=70) + gathering()


def scored(state: BisonState, seat: int, space: int) -> tuple[int, int]:
    """The engine's scoring of the region holding ``space``, held now: its animals and
    what ``seat`` takes from it."""
    for region in score_regions(state.board, state.owner, state.hunters, state.shelter):
        if space in region.spaces:
            took = [a.animals for a in region.awards if a.seat == seat]
            return region.animals, sum(took)
    region = state.board.region_of(space)
    return sum(state.board.animals[s] for s in region), 0  # nobody there


SAID = re.compile(
    r"region \((\d+) \w+\) would give you "
    r"(?:all (\d+)|half: (\d+)|(\d+) on your own spaces|(nothing))"
)


def said(text: str) -> tuple[int, int]:
    """The animals of the region a reason names, and the seat's share it states."""
    found = SAID.search(text)
    assert found is not None, text
    total, *shares = found.groups()
    share = next((int(n) for n in shares[:3] if n is not None), 0)
    return int(total), share


def left_share(text: str) -> int:
    part = text.split("the region it leaves would give you ")[1]
    found = re.match(r"(?:all |half: )?(\d+)", part)
    return int(found.group(1)) if found else 0


def test_a_region_reason_states_what_the_engine_scoring_gives() -> None:
    checked = {"deploy": 0, "tent": 0, "canoe": 0, "move": 0, "gather": 0, "gather_at": 0}
    for state, seat, action, reason in explained(SPOTS, explain, checked):
        kind = action["type"]
        if kind == "gather_at":
            space, after = action["space"], state  # nothing changes yet
        else:
            after = applied(state, seat, action)
            pending = state.view(seat)["pending"]
            space = {"move": action.get("to"), "gather": pending["target"]}.get(
                kind, action.get("space")
            )
        assert said(reason.en) == scored(after, seat, space), (action, reason.en)
        if "the region it leaves" in reason.en:
            assert left_share(reason.en) == scored(after, seat, action["from"])[1]
        checked[kind] += 1
    assert all(n > 3 for n in checked.values()), checked


def test_an_action_and_a_count_of_hunters_state_what_the_engine_charges() -> None:
    checked = 0
    for state, seat, action, reason in explained(SPOTS, explain, ("action", "hunters")):
        if action["type"] == "action":
            if "after buying" in reason.en:
                continue  # the count is only legal once the purchase is made
            after = applied(state, seat, action)
            if after.view(seat)["phase"] != "hunters":
                continue
            n = int(m.group(1)) if (m := re.search(r"(\d+) hunters?", reason.en)) else 0
            count: Action = {"type": "hunters", "count": n}
            assert count in after.legal_actions(seat), reason.en
        else:
            after, count = state, action
            best = re.search(r"the best count here is (\d+)", reason.en)
            if best:
                legal = state.legal_actions(seat)
                assert {"type": "hunters", "count": int(best.group(1))} in legal
            if BisonHeuristicBot(seed=0).choose(state, seat) == action:
                assert "the best count for this action" in reason.en
        paid = re.search(r"paying (\d+) animals", reason.en)
        assert (int(paid.group(1)) if paid else 0) == ACTION_COST[count["count"]]
        then = applied(after, seat, count)
        phase = then.view(seat)["phase"]
        if paid:
            assert phase == "pay"
            assert all(
                sum(p[a] for a in ANIMALS) == int(paid.group(1))
                for p in then.legal_actions(seat)
                if p["type"] == "pay"
            )
        elif count["count"] == 0:
            assert "gains 1 animal" in reason.en and phase == "gain"
        else:
            assert "free" in reason.en and phase != "pay"
        checked += 1
    assert checked > 50


def test_paying_and_gaining_state_the_tracks_the_engine_leaves() -> None:
    checked = 0
    for state, seat, action, reason in explained(SPOTS, explain, ("pay", "gain")):
        after = applied(state, seat, action).view(seat)
        if any(e["event"].endswith("scoring") for e in after["events"]):
            continue  # the round ended, and its scoring paid animals too
        info = after["player_info"][seat]["animals"]
        if action["type"] == "pay":
            stated = [int(n) for n in re.findall(r"(\d+) (?:bison|fish|turkeys)", reason.en)]
            assert stated == [info[a] for a in ANIMALS], reason.en
            if BisonHeuristicBot(seed=0).choose(state, seat) == action:
                assert "the richest tracks pay" in reason.en
        else:
            have, then = map(int, re.findall(r"(\d+) to (\d+)", reason.en)[0])
            before = state.view(seat)["player_info"][seat]["animals"][action["animal"]]
            assert (have, then) == (before, info[action["animal"]]), reason.en
        checked += 1
    assert checked > 20


def test_a_tile_reason_states_the_regions_the_engine_makes_and_where_hunters_go() -> None:
    checked = 0
    for state, seat, action, reason in explained(SPOTS, explain, ("place",)):
        after = applied(state, seat, action)
        for terrain, name in enumerate(TERRAINS):
            total = re.search(rf"{name} (\d+) {ANIMALS[terrain]}", reason.en)
            assert total is not None, reason.en
            space = space_of(action["position"], terrain)
            assert int(total.group(1)) == scored(after, seat, space)[0]
        if "hunters would go on its" in reason.en:
            deploy = BisonHeuristicBot(seed=0).choose(after, seat)
            terrain = TERRAINS[terrain_of_space(deploy["space"])]
            assert reason.en.endswith(f"go on its {terrain}")
        checked += 1
    assert checked > 20


def test_the_japanese_terms_are_those_of_the_web_client() -> None:
    texts = client_ja()
    assert {t: texts[f"bison.terrain.{t}"] for t in TERRAINS} == TERRAIN_JA
    assert {
        a: texts[f"bison.animal.{a}" + (".other" if a == "turkeys" else "")] for a in ANIMALS
    } == ANIMAL_JA
    assert {k: texts[f"bison.action.{k}"] for k in KINDS} == KIND_JA
