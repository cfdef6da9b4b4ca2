"""A websocket frame that is not valid UTF-8 closes that connection with 1007 and one log line,
never a traceback; the server goes on serving."""

from __future__ import annotations

import base64
import os
import socket
import struct
import subprocess
import sys
import time
from pathlib import Path

import httpx

from meeple.server.site.logs import BAD_UTF8
from tests.services import free_port


def _bad_frame_close_code(port: int, table_id: str) -> int:
    """Open the table's websocket by hand, send a text frame of invalid UTF-8, and return the
    close code the server answers with."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        key = base64.b64encode(os.urandom(16)).decode()
        sock.sendall(
            (
                f"GET /ws/tables/{table_id} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
            ).encode()
        )
        answer = b""
        while b"\r\n\r\n" not in answer:
            answer += sock.recv(4096)
        assert answer.startswith(b"HTTP/1.1 101"), answer
        payload, mask = b"\xff\xfe\xfd", os.urandom(4)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        sock.sendall(bytes([0x81, 0x80 | len(payload)]) + mask + masked)
        data = answer.split(b"\r\n\r\n", 1)[1]
        end = time.monotonic() + 10
        while time.monotonic() < end:
            chunk = sock.recv(65536)
            if not chunk:
                break
            data += chunk
        # Walk the server's frames (unmasked) to its close frame.
        at = 0
        while at + 2 <= len(data):
            opcode, length = data[at] & 0x0F, data[at + 1] & 0x7F
            head = 2
            if length == 126:
                length, head = struct.unpack("!H", data[at + 2 : at + 4])[0], 4
            elif length == 127:
                length, head = struct.unpack("!Q", data[at + 2 : at + 10])[0], 10
            if opcode == 0x8:
                code: int = struct.unpack("!H", data[at + head : at + head + 2])[0]
                return code
            at += head + length
    raise AssertionError("no close frame")


def test_invalid_utf8_closes_with_1007_and_one_log_line(tmp_path: Path) -> None:
    port = free_port()
    log = tmp_path / "server.log"
    command = [
        sys.executable, "-m", "meeple", "serve", "--port", str(port),
        "--db", f"sqlite:///{tmp_path / 'frames.sqlite'}", "--bot-workers", "0",
    ]  # fmt: skip
    with log.open("w") as out:
        server = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        end = time.monotonic() + 60
        while True:
            try:
                httpx.get(f"{base}/healthz")
                break
            except httpx.TransportError:
                assert time.monotonic() < end and server.poll() is None, log.read_text()
                time.sleep(0.1)
        with httpx.Client(base_url=base) as client:
            client.post("/api/guest", json={"name": "Aki"}).raise_for_status()
            seats = [{"kind": "human"}, {"kind": "bot", "level": "random"}]
            body = {"game": "cafe", "players": 2, "seats": seats}
            table_id = client.post("/api/tables", json=body).json()["id"]
            assert _bad_frame_close_code(port, table_id) == 1007
            time.sleep(0.5)
            # The server is fine and says what happened in one line.
            assert client.get(f"/api/tables/{table_id}").status_code == 200
        text = log.read_text()
        assert text.count(BAD_UTF8) == 1, text
        assert "Traceback" not in text and "UnicodeDecodeError" not in text, text
    finally:
        server.terminate()
        server.wait(timeout=30)
