"""What a name may be: one normalization for every name, visible characters, and the look-alike
key by which usernames are told apart (docs/security.md, "Accounts and sessions").

Every name a person types (a guest's nickname, a username) is first brought to Unicode's NFKC
form: the full-width ``ＡＫＩ`` is ``AKI``, a ligature ``ﬁ`` is ``fi``, every kind of space is a
plain space. Then a name must be something one can see and tell apart:

* no control, format (zero-width, bidirectional overrides), surrogate, private-use or
  unassigned character, except the zero-width joiners that emoji and some scripts need;
* none of the letters that draw nothing (:data:`BLANK`: the Hangul fillers, the Braille blank…);
* at most :data:`MAX_MARKS` combining marks on one character, and none without one (a pile of
  marks draws over the names around it);
* at least one letter, digit, punctuation or symbol (a name is never only spaces or joiners).

Usernames are told apart by :func:`skeleton`: case-folded, with the look-alikes of
:data:`LOOKALIKES` (``0`` and ``o``, ``1`` and ``l``, ``rn`` and ``m``, the Cyrillic and Greek
letters drawn like Latin ones) made one, so that ``aki0`` cannot be registered beside ``akio``,
nor a guest call themselves ``ΑΚΙ`` (Greek) beside the registered ``aki``.
"""

from __future__ import annotations

import re
import unicodedata

MAX_NAME = 24
"""The longest name, in characters (after normalization)."""
MAX_MARKS = 2
"""The most combining marks one character may carry (Thai and Vietnamese need two)."""

BLANK = frozenset(
    "\u115f\u1160\u3164\uffa0"  # Hangul choseong, jungseong, compatibility and half-width fillers
    "\u2800"  # Braille pattern blank
    "\u034f"  # combining grapheme joiner
    "\u17b4\u17b5"  # Khmer inherent vowels (drawn as nothing)
    "\u180b\u180c\u180d\u180f"  # Mongolian free variation selectors
)
"""Characters that are letters or symbols to Unicode but draw nothing: refused anywhere in a
name (a name of them looks empty, and one inside a name makes two names look alike)."""

JOINERS = frozenset("\u200c\u200d")
"""Zero-width non-joiner and joiner: the only format characters a name may hold (emoji
sequences and Persian or Indic words need them), and only between visible characters."""

_REFUSED_CATEGORIES = {
    "Cc": "a control character",
    "Cf": "an invisible formatting character",
    "Cs": "a lone surrogate",
    "Co": "a private-use character",
    "Cn": "an unassigned character",
    "Zl": "a line separator",
    "Zp": "a paragraph separator",
}

_USERNAME = re.compile(r"[a-z0-9_-]{3,24}")

LOOKALIKES: dict[str, str] = {
    # Latin letters and digits that one font or another draws alike.
    "0": "o",
    "1": "l",
    "|": "l",
    "ɡ": "g",
    "ı": "i",
    # Cyrillic letters drawn like Latin ones (lower case; their capitals fold to them).
    "а": "a", "в": "b", "е": "e", "ё": "e", "һ": "h", "н": "h", "і": "i", "ї": "i", "ј": "j",
    "к": "k", "ӏ": "l", "м": "m", "о": "o", "р": "p", "ԛ": "q", "г": "r", "ѕ": "s", "т": "t",
    "ѵ": "v", "ԝ": "w", "х": "x", "у": "y", "ү": "y", "ԁ": "d", "с": "c",
    # Greek letters drawn like Latin ones.
    "α": "a", "β": "b", "ε": "e", "ζ": "z", "η": "n", "ι": "i", "κ": "k", "μ": "u", "ν": "v",
    "ο": "o", "ρ": "p", "τ": "t", "υ": "u", "χ": "x", "γ": "y", "ϲ": "c", "ϳ": "j",
}  # fmt: skip
"""The look-alikes :func:`skeleton` makes one, each to the Latin letter it passes for. Only
these: a look-alike from another script (Armenian, Cherokee, mathematical letters that NFKC
does not already fold) is not covered, and usernames are Latin letters and digits anyway."""

_SEQUENCES = (("rn", "m"), ("vv", "w"))
"""Pairs of letters that pass for one (in :func:`skeleton`, after :data:`LOOKALIKES`)."""


class NameRefused(ValueError):
    """A name that is not allowed; the message says why, for the person who typed it."""


def normalized(text: str) -> str:
    """``text`` in NFKC, with runs of spaces made one and none at either end."""
    return re.sub(r" {2,}", " ", unicodedata.normalize("NFKC", text)).strip(" ")


def display_name(raw: str) -> str:
    """A guest's nickname as it is kept and shown (:func:`normalized`), or
    :class:`NameRefused` saying why it cannot be one."""
    _refuse_blank(raw)  # as typed, so that the refusal names what the person typed
    name = normalized(raw)
    if not name:
        raise NameRefused("a name needs at least one visible character")
    if len(name) > MAX_NAME:
        raise NameRefused(f"a name is at most {MAX_NAME} characters")
    check_characters(name)
    return name


def check_characters(name: str) -> None:
    """Refuse (:class:`NameRefused`) a normalized name that holds a character one cannot see
    or that draws over others, or that has nothing visible at all.

    Looked at in NFD, where a precomposed ``á`` is ``a`` and its accent: the marks piled on
    a character are counted however they were typed."""
    name = unicodedata.normalize("NFD", name)
    marks = 0
    visible = False
    previous_visible = False
    for i, char in enumerate(name):
        category = unicodedata.category(char)
        _refuse_blank(char)
        if char in JOINERS:
            after = name[i + 1] if i + 1 < len(name) else ""
            if not (previous_visible and after and _visible(after)):
                raise NameRefused("a zero-width joiner must stand between visible characters")
            continue
        if category in _REFUSED_CATEGORIES:
            what = _REFUSED_CATEGORIES[category]
            raise NameRefused(f"a name may not hold {what} (U+{ord(char):04X})")
        if category in ("Mn", "Me"):
            marks += 1
            if not previous_visible:
                raise NameRefused("a combining mark must follow a letter")
            if marks > MAX_MARKS:
                raise NameRefused(f"at most {MAX_MARKS} combining marks on one character")
            continue
        marks = 0
        previous_visible = _visible(char)
        visible = visible or previous_visible
    if not visible:
        raise NameRefused("a name needs at least one visible character")


def _refuse_blank(text: str) -> None:
    """Refuse (:class:`NameRefused`) a text that holds one of :data:`BLANK`."""
    for char in text:
        if char in BLANK:
            what = unicodedata.name(char, "")
            raise NameRefused(f"a name may not hold U+{ord(char):04X} {what} (it draws nothing)")


def _visible(char: str) -> bool:
    """Whether a character draws something of its own (a letter, digit, punctuation, symbol
    or spacing mark that is not :data:`BLANK`)."""
    category = unicodedata.category(char)
    return (category[0] in "LNPS" or category == "Mc") and char not in BLANK


def username(raw: str) -> str:
    """A username as it is kept (NFKC, case-folded: ``ＡＫＩ`` and ``Aki`` are ``aki``), or
    :class:`NameRefused` when it is not 3–24 of ``a-z 0-9 _ -``."""
    name = normalized(raw).casefold()
    if not _USERNAME.fullmatch(name):
        raise NameRefused("a username is 3–24 of the letters a-z, the digits 0-9, _ and -")
    return name


def skeleton(name: str) -> str:
    """What a name looks like, for telling names apart: NFKC, case-folded, each of
    :data:`LOOKALIKES` made the letter it passes for, ``rn`` made ``m`` and ``vv`` ``w``.

    >>> skeleton("Aki0"), skeleton("ΑΚΙ"), skeleton("akio") == skeleton("aki0")
    ('akio', 'aki', True)
    """
    folded = normalized(name).casefold()
    plain = "".join(LOOKALIKES.get(char, char) for char in folded)
    for pair, one in _SEQUENCES:
        plain = plain.replace(pair, one)
    return plain
