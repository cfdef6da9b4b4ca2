"""What the compiled build (mypyc: ``setup.py``, ``docs/rl.md``) needs told about a class.

``@mypyc_attr(...)`` is ``mypy_extensions.mypyc_attr`` to mypy and mypyc, which read it when
they compile a module; at run time it returns the class unchanged, so the pure build needs
no ``mypy_extensions``. meeple uses one argument: ``allow_interpreted_subclasses=True``, for a
base class that code outside the compiled set may subclass (a new game's ``State``, a test's
broken game). Not ``serializable=True``: it broke the construction of the classes it marked;
the classes a state holds say how to copy them instead (``__reduce__``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

__all__ = ["mypyc_attr"]

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr
else:

    def mypyc_attr(*args: object, **attrs: object):
        """The class unchanged: mypyc reads these attributes when it compiles."""
        return lambda cls: cls
