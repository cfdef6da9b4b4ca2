"""The bot worker processes, which must not outlive their server.

A server stopped politely shuts its pool down; a server killed (SIGKILL, the OOM killer) cannot,
and its spawned workers would wait forever on a pipe nobody writes to. Each worker therefore asks
the kernel to end it when its parent dies (Linux's ``PR_SET_PDEATHSIG``), and where that is not
available watches its parent itself.
"""

from __future__ import annotations

import ctypes
import multiprocessing
import os
import signal
import sys
import threading
import time
from concurrent.futures import ProcessPoolExecutor

PR_SET_PDEATHSIG = 1
"""prctl(2): the signal a process gets when its parent thread dies."""


def _end_with_parent(parent: int) -> None:
    """Runs first in every worker: end this process when ``parent`` goes."""
    if sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            if libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0:
                # The parent may have died before prctl took effect.
                if os.getppid() != parent:
                    os._exit(0)
                return
        except (OSError, AttributeError):
            pass

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def bot_pool(workers: int) -> ProcessPoolExecutor:
    """A pool of ``workers`` processes that end when this process ends, however it ends."""
    # "spawn": a forked copy of a running event loop and its threads is not safe.
    return ProcessPoolExecutor(
        workers,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_end_with_parent,
        initargs=(os.getpid(),),
    )
