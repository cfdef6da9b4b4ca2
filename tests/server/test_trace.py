"""Where a person's move spends its time (meeple/server/trace.py): every stage is timed, in
order, and the stages add up to the whole move; bots' moves are not traced."""

from __future__ import annotations

import asyncio
import time

from websockets.frames import Frame, Opcode

from meeple.server.trace import RECEIVED, STAGES, MoveTrace, received_at
from tests.server.conftest import Server, play_out, wait_for


def test_a_trace_splits_a_move_into_its_stages() -> None:
    trace = MoveTrace(received=1.0)
    assert trace.stages() == {} and trace.total() == 0.0  # unfinished: nothing to report
    stamps = [1.0, 1.5, 1.75, 2.0, 3.0, 4.5, 5.0, 6.0, 7.0]
    for name, stamp in zip(
        ["handled", "locked", "submitted", "taken", "committed", "resumed", "queued", "sent"],
        stamps[1:],
        strict=True,
    ):
        setattr(trace, name, stamp)
    stages = trace.stages()
    assert list(stages) == list(STAGES)
    assert stages == {
        "receive": 0.5, "lock": 0.25, "apply": 0.25, "queued": 1.0, "commit": 1.5,
        "resume": 0.5, "views": 1.0, "send": 1.0,
    }  # fmt: skip
    assert sum(stages.values()) == trace.total() == 6.0


def test_every_persons_move_is_timed_stage_by_stage_and_no_bots(server: Server) -> None:
    """A person plays a whole game against bots: each of their accepted moves adds one sample
    to each stage (and to the whole move's histogram), the bots' none."""
    aki = server.person()
    table_id = aki.table("buffet", 3, bots=["random", "random"])
    play_out([aki.ws(table_id)], lambda legal: legal[0])
    assert any(by == "human" for _, _, by in server.by_whom(table_id))
    by_human = ("meeple_actions_total", (("by", "human"),))
    # The sender notes a move's end after its answer is written: wait for the last one.
    wait_for(
        lambda: server.metrics()[("meeple_move_seconds_count", ())] == server.metrics()[by_human]
    )
    samples = server.metrics()
    moves = samples[by_human]
    assert moves > 0 and samples[("meeple_actions_total", (("by", "bot"),))] > 0
    for stage in STAGES:
        assert samples[("meeple_move_stage_seconds_count", (("stage", stage),))] == moves
    # The stages add up to the whole moves (summed over every move; float rounding aside).
    stages = sum(samples[("meeple_move_stage_seconds_sum", (("stage", s),))] for s in STAGES)
    assert abs(stages - samples[("meeple_move_seconds_sum", ())]) < 1e-6


def test_the_stamping_protocol_notes_each_frame_and_hands_it_on() -> None:
    """``meeple serve``'s websocket protocol (meeple/server/site/stamping.py) stamps the scope
    and then does what the installed uvicorn does with a text frame: queue it for the app."""
    from meeple.server.site.stamping import StampingProtocol  # noqa: PLC0415

    protocol = StampingProtocol.__new__(StampingProtocol)  # only what handle_text touches
    protocol.scope = {"type": "websocket"}  # type: ignore[typeddict-item]
    protocol.close_sent = False
    protocol.read_paused = True  # (no transport to pause here)
    protocol.queue = asyncio.Queue()
    before = time.perf_counter()
    protocol.handle_text(Frame(Opcode.TEXT, b'{"type": "ping"}'))
    stamp = protocol.scope[RECEIVED]  # type: ignore[literal-required]
    assert isinstance(stamp, float) and before <= stamp <= time.perf_counter()
    assert received_at(protocol.scope) == stamp
    assert protocol.queue.get_nowait() == {"type": "websocket.receive", "text": '{"type": "ping"}'}
    assert before <= received_at({"type": "websocket"}) <= time.perf_counter()  # no stamp: now
