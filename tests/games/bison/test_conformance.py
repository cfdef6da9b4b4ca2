"""Bison passes the whole conformance suite."""

from collections.abc import Callable
from typing import Any

import pytest

import meeple
from meeple.core import conformance


@pytest.mark.parametrize("check", conformance.CHECKS, ids=lambda c: c.__name__)
def test_conformance(check: Callable[[Any], None]) -> None:
    check(meeple.load("bison"))
