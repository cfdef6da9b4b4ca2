"""The mails' words, in each language a player may choose (English and Japanese).

Each kind of mail has a subject and a body, formatted with :meth:`str.format`; every mail but
the address's verification ends with :data:`FOOTER` (the unsubscribe link)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

LANGS = ("en", "ja")
"""The languages of the mails (those of the browser client)."""

TEXTS: dict[str, dict[str, tuple[str, str]]] = {
    "en": {
        "verify": (
            "Confirm your email address for meeple",
            "Hello {name},\n\nTo get meeple's mails at this address, open this link:\n{link}\n\n"
            "If you did not ask for this, ignore this mail: nothing will be sent to you.\n",
        ),
        "turn": (
            "Your turn at {game}",
            "Hello {name},\n\nIt is your turn at a table of {game}:\n{link}\n\n"
            "No other mail will tell you of this table until you have moved there.\n",
        ),
        "digest": (
            "Tables waiting for your move",
            "Hello {name},\n\nThese tables wait for your move:\n\n{lines}\n",
        ),
        "invite": (
            "{by} invites you to {game}",
            "Hello {name},\n\n{by} invites you to seat {seat} of a table of {game}.\n"
            "Accept or decline here:\n{link}\n",
        ),
        "ended": (
            "The game of {game} is over",
            "Hello {name},\n\nThe game of {game} is over. {result}\n\n"
            "The table and its replay:\n{link}\n",
        ),
    },
    "ja": {
        "verify": (
            "meeple：メールアドレスの確認",
            "{name} さん\n\nこのアドレスで meeple からのお知らせを受け取るには、"
            "次のリンクを開いてください。\n{link}\n\n"
            "お心当たりがない場合は、このメールを無視してください。今後メールは届きません。\n",
        ),
        "turn": (
            "【meeple】{game}であなたの番です",
            "{name} さん\n\n{game}のテーブルで、あなたの番になりました。\n{link}\n\n"
            "あなたが手を指すまで、このテーブルについてのメールはお送りしません。\n",
        ),
        "digest": (
            "【meeple】あなたの番を待っているテーブル",
            "{name} さん\n\n次のテーブルがあなたの番を待っています。\n\n{lines}\n",
        ),
        "invite": (
            "【meeple】{by} さんから{game}へのお誘い",
            "{name} さん\n\n{by} さんが、{game}のテーブル（{seat}番の席）にあなたを招待しています。\n"
            "参加するか断るかは、こちらから選べます。\n{link}\n",
        ),
        "ended": (
            "【meeple】{game}のゲームが終わりました",
            "{name} さん\n\n{game}のゲームが終わりました。{result}\n\n"
            "テーブルとリプレイはこちら：\n{link}\n",
        ),
    },
}

RESULT = {"en": "Won by {winners}.", "ja": "勝者：{winners}。"}
"""The result's sentence in a game's end mail."""
AND = {"en": " and ", "ja": "、"}

FOOTER = {
    "en": "\n--\nYou get this mail because you asked for it in meeple's settings.\n"
    "Stop these mails (one click, no login): {unsubscribe}\n"
    "All your mail settings: {settings}\n",
    "ja": "\n--\nmeeple の設定でこのお知らせを選ばれたため、お送りしています。\n"
    "この種類のメールを止める（ワンクリック・ログイン不要）：{unsubscribe}\n"
    "メールの設定：{settings}\n",
}

UNSUBSCRIBED = {
    "en": ("Unsubscribed", "You will get no more of these mails from meeple."),
    "ja": ("配信を停止しました", "この種類のメールは、今後 meeple からお送りしません。"),
}
"""The page an unsubscribe link opens: its title and its sentence."""

WEB_I18N = Path(__file__).resolve().parents[3] / "web" / "i18n"
"""The browser client's translations, where the games' names are."""


@cache
def game_name(game: str, lang: str) -> str:
    """A game's name as the browser client shows it in this language."""
    try:
        words = json.loads((WEB_I18N / f"{lang}.json").read_text(encoding="utf-8"))
    except OSError:
        return game
    name = words.get(f"game.{game}.name", game)
    return str(name)


def lang_of(lang: str | None) -> str:
    """A language of the mails: the one given if we have it, else English."""
    return lang if lang in LANGS else "en"
