"""Text contrast in the stylesheets themselves: every rule that sets both a text colour and a
solid background gives at least WCAG AA's 4.5:1 between them.

The browser audit (``test_accessibility.py``) sees only what a game happens to show: a badge
that appears in one game out of several (Stir Fry's extra draws, 4.4:1 until it failed in CI)
slips past it. This reads every rule, so it needs no game to reach the state."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[2] / "meeple" / "web"
SHEETS = sorted([WEB / "style.css", *(WEB / "games").glob("*.css")])
AA = 4.5

HEX = r"#(?:[0-9a-fA-F]{6}|[0-9a-fA-F]{3})\b"
VARIABLE = re.compile(rf"--([\w-]+):\s*({HEX})")
RULE = re.compile(r"([^{}]+)\{([^{}]*)\}")
BACKGROUND = re.compile(rf"background(?:-color)?:\s*({HEX}|var\(--[\w-]+\))\s*(?:;|$)")
COLOUR = re.compile(rf"(?<![-\w])color:\s*({HEX}|var\(--[\w-]+\))")


def luminance(colour: str) -> float:
    """WCAG's relative luminance of ``#rgb`` or ``#rrggbb``."""
    digits = colour.lstrip("#")
    if len(digits) == 3:
        digits = "".join(d * 2 for d in digits)
    channels = [int(digits[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    """WCAG's contrast ratio of two colours (1 to 21)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def pairs(css: str, variables: dict[str, str]) -> list[tuple[str, str, str]]:
    """(selector, text colour, background) of each rule setting both, variables resolved
    (a colour given by a variable this cannot resolve is left out)."""
    found = []
    for selector, body in RULE.findall(css):
        background, colour = BACKGROUND.search(body), COLOUR.search(body)
        if not (background and colour):
            continue
        resolved = [
            variables.get(value[6:-1], "") if value.startswith("var(") else value
            for value in (colour.group(1), background.group(1))
        ]
        if all(resolved):
            found.append((" ".join(selector.split())[:80], resolved[0], resolved[1]))
    return found


def test_the_checker_computes_wcag_ratios_and_finds_pairs() -> None:
    assert contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast("#777", "#777777") == pytest.approx(1.0)
    assert contrast("#2f7d4f", "#e5f3ea") == pytest.approx(4.40, abs=0.01)  # the CI failure
    found = pairs(
        ".a { background: #e5f3ea; color: var(--g); } .b { color: #fff; }"
        " .c { background: url(x.svg) #000; color: #fff; }",
        {"g": "#2f7d4f"},
    )
    assert found == [(".a", "#2f7d4f", "#e5f3ea")]


@pytest.mark.parametrize("sheet", SHEETS, ids=lambda p: p.name)
def test_every_rule_with_text_and_background_colours_reaches_aa(sheet: Path) -> None:
    base = dict(VARIABLE.findall((WEB / "style.css").read_text()))
    css = sheet.read_text()
    variables = {**base, **dict(VARIABLE.findall(css))}
    found = pairs(css, variables)
    assert found, f"{sheet.name}: no rule sets both colours (the pattern no longer matches?)"
    low = [
        f"{selector}: {colour} on {background} is {contrast(colour, background):.2f}:1"
        for selector, colour, background in found
        if contrast(colour, background) < AA
    ]
    assert low == []
