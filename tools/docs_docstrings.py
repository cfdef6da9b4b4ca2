"""A griffe extension for the API reference (mkdocs.yml): meeple's docstrings read as Markdown.

The docstrings are written for ``help()`` and doctest: examples as bare ``>>>`` lines and
cross-references as Sphinx roles (``:class:`Game```). Markdown would read a ``>>>`` line as a
triple block quote (and ``[0.404, 0.596]`` in its output as a link), and print the roles as
they are. Rather than rewrite every docstring for the site, this extension, which mkdocstrings
runs on each object it loads, fences each run of ``>>>`` lines with its output as a ``pycon``
block and turns each role into a code span. The docstrings themselves stay as they are.
"""

from __future__ import annotations

import re
from typing import Any

import griffe

ROLE = re.compile(r":(?:py:)?(?:class|func|meth|data|attr|mod|obj|exc|const):`~?([^`]+)`")
"""A Sphinx role with its target: the target becomes a code span."""


def fence_doctests(text: str) -> str:
    """Fence each doctest example (its ``>>>`` and ``...`` lines and its output) as ``pycon``.

    An example runs from a ``>>>`` line to the first blank line, as doctest reads it; lines
    already inside a fence are left alone.

    >>> print(fence_doctests("Add.\\n\\n>>> 1 + 1\\n2\\n\\nDone."))
    Add.
    <BLANKLINE>
    ```pycon
    >>> 1 + 1
    2
    ```
    <BLANKLINE>
    Done.
    """
    out: list[str] = []
    fenced = False
    example = False
    indent = ""
    for line in text.split("\n"):
        stripped = line.strip()
        if not example and stripped.startswith("```"):
            fenced = not fenced
        if not fenced and not example and stripped.startswith(">>>"):
            indent = line[: len(line) - len(line.lstrip())]
            out.append(f"{indent}```pycon")
            example = True
        elif example and not stripped:
            out.append(f"{indent}```")
            example = False
        out.append(line)
    if example:
        out.append(f"{indent}```")
    return "\n".join(out)


def markdown_of(text: str) -> str:
    """A docstring's text as Markdown: doctests fenced, Sphinx roles as code spans.

    >>> markdown_of("Raise :class:`UnknownGame` if none.")
    'Raise `UnknownGame` if none.'
    """
    return ROLE.sub(r"`\1`", fence_doctests(text))


class DocstringsAsMarkdown(griffe.Extension):
    """Rewrite each loaded object's docstring with :func:`markdown_of`."""

    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        """Rewrite ``obj``'s docstring, if it has one, as soon as it is loaded."""
        if obj.docstring is not None:
            obj.docstring.value = markdown_of(obj.docstring.value)
