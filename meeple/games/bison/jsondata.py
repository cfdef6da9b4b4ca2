"""Copies and checks of JSON data, for the stored state (``BisonState.to_json`` and
``Bison.from_json``) and the choice point it holds: a module below both, so that the choice
point needs neither the rules nor the views."""

from __future__ import annotations

from typing import Any


def json_copy(data: Any) -> Any:
    """A deep copy of JSON data (much quicker than ``copy.deepcopy``)."""
    if isinstance(data, dict):
        return {k: json_copy(v) for k, v in data.items()}
    if isinstance(data, list):
        return [json_copy(v) for v in data]
    return data


def json_int(value: object) -> int:
    """``value`` if it is an integer (not a bool), else a ``ValueError``: for stored states."""
    if type(value) is not int:
        raise ValueError(f"expected an integer, not {value!r}")
    return value


def json_ints(values: object) -> list[int]:
    """``values`` if it is a list of integers, else a ``ValueError``: for stored states."""
    if not isinstance(values, list):
        raise ValueError(f"expected a list, not {values!r}")
    return [json_int(v) for v in values]
