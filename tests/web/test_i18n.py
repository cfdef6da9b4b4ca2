"""The translations: one file per language, the same keys in both, every key the client uses."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser

WEB = Path(__file__).resolve().parents[2] / "meeple" / "web"


def strings(lang: str) -> dict[str, str]:
    data: dict[str, str] = json.loads((WEB / "i18n" / f"{lang}.json").read_text())
    return data


def test_english_and_japanese_have_the_same_keys() -> None:
    en, ja = strings("en"), strings("ja")
    assert set(en) ^ set(ja) == set()


def test_placeholders_match_between_languages() -> None:
    en, ja = strings("en"), strings("ja")
    for key, text in en.items():
        assert set(re.findall(r"\{(\w+)\}", text)) == set(re.findall(r"\{(\w+)\}", ja[key])), key


def test_every_literal_key_the_client_uses_exists() -> None:
    en = strings("en")
    used: set[str] = set()
    for path in [*WEB.glob("*.js"), *WEB.glob("games/*.js"), WEB / "index.html"]:
        text = path.read_text()
        used |= set(re.findall(r"\bt\(\"([a-z_][\w.]*)\"", text))
        used |= set(re.findall(r"data-t(?:=|\": )\"([a-z_][\w.]*)\"", text))
    # A key used with a count may exist only in its plural forms ("x.one", "x.other").
    missing = sorted(key for key in used if key not in en and f"{key}.other" not in en)
    assert used and not missing, missing


def test_plural_keys_have_an_other_form() -> None:
    """Intl.PluralRules falls back to "other": every plural key must have it, in both files."""
    for lang in ("en", "ja"):
        keys = strings(lang)
        for key in keys:
            stem, _, form = key.rpartition(".")
            if form in {"zero", "one", "two", "few", "many"}:
                assert f"{stem}.other" in keys, (lang, key)


def test_japanese_is_japanese() -> None:
    ja = strings("ja")
    kana = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
    assert kana.search(ja["lobby.title"]) and kana.search(ja["table.leave"])


def test_plural_forms_follow_the_count(new_page: Any) -> None:
    """「1 turkeys」「1 hunter(s)」 no more: t(key, {count}) picks the language's plural form."""
    page = new_page()
    page.goto("/")
    said = page.evaluate(
        """async () => {
          const i18n = await import("/i18n.js");
          await i18n.setLang("en");
          const en = [1, 2].map((n) => i18n.t("buffet.act.draw", { n, count: n }));
          const kings = [1, 3].map((n) => i18n.t("cheese.n_kings", { count: n }));
          await i18n.setLang("ja");
          const ja = i18n.t("bison.ev.deploy", { name: "A", n: 1, count: 1, space: "X" });
          return { en, kings, ja };
        }"""
    )
    assert said["en"] == ["Done: draw 1 new card", "Done: draw 2 new cards"]
    assert said["kings"] == ["1 king mouse", "3 king mice"]
    assert "1" in said["ja"] and "(s)" not in said["ja"]
    for key, text in strings("en").items():
        assert "(s)" not in text, key


def test_every_text_that_says_click_has_a_touch_form() -> None:
    """On a touch screen the client says "tap" (issue 37): a text that says click, in either
    language (or hover, or point at), has a ``.touch`` form in both files, which says none of
    them."""
    en, ja = strings("en"), strings("ja")
    mouse = re.compile(r"click|hover|point at|クリック|カーソル|指すと", re.I)
    for key in en:
        if key.endswith(".touch"):
            continue
        if mouse.search(en[key]) or mouse.search(ja[key]):
            assert f"{key}.touch" in en and f"{key}.touch" in ja, key
            assert not mouse.search(en[f"{key}.touch"]), key
            assert not mouse.search(ja[f"{key}.touch"]), key
