"""The terminal client: play against bots, and step through saved games.

Everything shown goes through ``state.view(seat)`` and the game's
``render_text``; input is read line by line, so the client also works when
driven by another program. Bad input is refused with the reason and asked again.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from meeple.bots import Bot, RandomBot
from meeple.core.errors import IllegalAction
from meeple.core.game import BACK, Action, Game, State
from meeple.core.replay import Replay

Ask = Callable[[str], str]


class Quit(Exception):
    """The player asked to stop (or the input ended)."""


def choose_action(game: Game[Any], state: State, seat: int, ask: Ask, console: Console) -> Action:
    """Ask the human at ``seat`` for one legal action; re-ask with the reason until one is given.

    The answer may be the number of a listed action, or an action as JSON.
    """
    legal = state.legal_actions(seat)
    table = Table(show_header=False, box=None, padding=(0, 1))
    for i, option in enumerate(legal, start=1):
        table.add_row(f"[bold cyan]{i:>3}[/]", Text(game.describe_action(option)))
    console.print(table)
    while True:
        try:
            answer = ask(f"Seat {seat}, your choice [1-{len(legal)}, JSON, q to quit]: ").strip()
        except EOFError as err:
            raise Quit from err
        if answer.lower() in {"q", "quit", "exit"}:
            raise Quit
        action = _parse_answer(answer, legal)
        if isinstance(action, str):
            console.print(f"[red]✗ {escape(action)}[/]")
            continue
        try:
            probe = state.clone()
            probe.apply(seat, action)
        except IllegalAction as err:
            console.print(f"[red]✗ {escape(str(err))}[/]")
            continue
        return action


def _parse_answer(answer: str, legal: list[Action]) -> Action | str:
    """An action from a typed answer, or the reason it is not one."""
    if not answer:
        return "type the number of an action"
    if answer.lstrip("-").isdigit():
        number = int(answer)
        if 1 <= number <= len(legal):
            return legal[number - 1]
        return f"{number} is not in the list: choose 1–{len(legal)}"
    try:
        action = json.loads(answer)
    except json.JSONDecodeError:
        return f"{answer!r} is neither a number from the list nor an action in JSON"
    if not isinstance(action, dict):
        return "an action in JSON is an object, e.g. " + json.dumps(legal[0])
    return action


def play_game(
    game: Game[Any],
    players: int,
    human: int,
    *,
    seed: int | None,
    ask: Ask,
    console: Console,
    bots: dict[int, Bot] | None = None,
    save: Path | None = None,
    options: dict[str, object] | None = None,
) -> State:
    """Play one game in the terminal: ``human`` is asked, every other seat is a bot."""
    state: State = game.new(players, seed=seed, options=options)
    replay = Replay.of(state)
    if bots is None:
        bots = {s: RandomBot(seed=state.seed + s) for s in range(players) if s != human}
    console.print(
        f"[bold]{game.name}[/] — {players} players, you are seat {human}, seed {state.seed}"
    )
    log = EventLog(game, human)
    try:
        while not state.is_over:
            seat = next((s for s in state.to_move if s in bots), None)
            if seat is not None:
                replay.play(state, seat, bots[seat].choose(state, seat))
                log.show_new(state, console)
                continue
            console.print(Panel(Text(game.render_text(state.view(human))), title=f"seat {human}"))
            action = choose_action(game, state, human, ask, console)
            replay.play(state, human, action)
            log.show_new(state, console, went_back=human if action["type"] == BACK else None)
    except Quit:
        console.print("Game left unfinished.")
    finally:
        if save is not None:
            replay.save(save)
            console.print(f"Replay saved to {save}")
    if state.is_over:
        console.print(Panel(Text(game.render_text(state.view(human))), title="final"))
        console.print(_result_line(state, human))
    return state


class EventLog:
    """Prints each event of ``view(seat)["events"]`` once, as it appears.

    Games keep the events of their latest resolution in the view, appending while
    it lasts and starting afresh with the next; what is new is the part after what
    was printed, or the whole list when it starts afresh. Everything comes from
    the seat's view, so bots' hidden choices stay hidden. After a ``back`` the events
    are those of the choice point again: one line says so, and nothing is printed twice.
    """

    def __init__(self, game: Game[Any], seat: int) -> None:
        self.game = game
        self.seat = seat
        self.shown: list[Any] = []

    def show_new(self, state: State, console: Console, went_back: int | None = None) -> None:
        """Print the events that were not printed yet (``went_back``: the seat that has just
        taken ``back``)."""
        view = state.view(self.seat)
        events = view.get("events", [])
        if not isinstance(events, list):
            return
        if went_back is not None:
            line = f"seat {went_back}: {self.game.describe_action({'type': BACK})}"
            console.print(Text("· " + line, style="dim"))
            self.shown = list(events)
            return
        start = len(self.shown) if events[: len(self.shown)] == self.shown else 0
        for event in events[start:]:
            console.print(Text("· " + self.game.describe_event(event, view), style="dim"))
        self.shown = list(events)


def _result_line(state: State, human: int) -> str:
    winners = state.winners
    if human in winners:
        return "[bold green]You win![/]" if len(winners) == 1 else "[bold]You share the win.[/]"
    return f"Winner: {', '.join(f'seat {w}' for w in winners)}. Scores: {state.scores}"


def browse_replay(replay: Replay, seat: int | None, ask: Ask, console: Console) -> None:
    """Step through a saved game: Enter or n = next, b = back, a number = jump, q = quit.

    It is shown as ``seat`` saw it (``None``: as a spectator), as the server's replays are
    (:meth:`Replay.seen_by`): that seat's views, its own moves whole and the others' as
    everyone saw them. The file itself keeps everything — it is the whole record, seed and
    secret moves included, which rebuilds the game (and a game's seed deals every card
    anyway) — so it is for whoever may know all: the player of a game against bots."""
    from meeple import load  # noqa: PLC0415 - keeps `import meeple.terminal` cheap

    game = load(replay.game)
    steps = replay.seen_by(seat)
    last = len(steps) - 1
    step = 0
    while True:
        header = f"step {step}/{last}"
        who, action = steps[step]["seat"], steps[step]["action"]
        if action is not None:
            header += f" — seat {who}: {game.describe_action(action)}"
        view = steps[step]["view"]
        console.print(Panel(Text(game.render_text(view)), title=escape(header)))
        try:
            answer = ask("[Enter/n] next, b back, number jump, q quit: ").strip().lower()
        except EOFError:
            return
        if answer in {"q", "quit"}:
            return
        if answer in {"", "n"}:
            step = min(step + 1, last)
        elif answer == "b":
            step = max(step - 1, 0)
        elif answer.isdigit() and int(answer) <= last:
            step = int(answer)
        else:
            console.print(
                f"[red]✗ {escape(repr(answer))}: use Enter, n, b, q or a step 0–{last}[/]"
            )
