"""The terminal's running log prints each event of the seat's view once."""

from __future__ import annotations

from rich.console import Console

import meeple
from meeple.terminal import EventLog


def test_each_event_is_printed_once_and_hidden_choices_never() -> None:
    game = meeple.load("buffet")
    state = game.new(3, seed=3)
    console = Console(record=True, width=120)
    log = EventLog(game, seat=0)
    log.show_new(state, console)
    assert console.export_text().count("round 1") == 1
    state.apply(1, {"type": "play", "card": state.legal_actions(1)[0]["card"]})
    log.show_new(state, console)
    assert "reveals" not in console.export_text()  # a face-down choice is not an event
    for seat in (0, 2):
        state.apply(seat, state.legal_actions(seat)[0])
    log.show_new(state, console)
    log.show_new(state, console)
    text = console.export_text()
    assert text.count("reveals") == 3
    assert "round 1" not in text  # export_text cleared the buffer: nothing was printed twice


def test_back_is_one_line_and_the_choice_points_events_are_not_printed_again() -> None:
    """Bison: an action chosen as the turn's first decision starts a new log; ``back``
    brings the round's start back into the view, and the log must not print it twice."""
    game = meeple.load("bison")
    state = game.new(2, seed=1)
    console = Console(record=True, width=120)
    log = EventLog(game, seat=0)
    log.show_new(state, console)
    assert "round 1" in console.export_text()
    for action in ({"type": "action", "action": "move1"}, {"type": "hunters", "count": 0}):
        state.apply(0, action)
        log.show_new(state, console)
    state.apply(0, {"type": "back"})
    log.show_new(state, console, went_back=0)
    state.apply(0, {"type": "action", "action": "gather"})
    log.show_new(state, console)
    text = console.export_text()
    assert "seat 0: back to the start of this action" in text
    assert "round 1" not in text and "draws" not in text
