"""Every user-facing template is translated; Japanese renders; Japanese names draw real glyphs."""
from pathlib import Path

import pytest
import yaml
from PIL import Image, ImageDraw

from bot.i18n import I18n, UserRef, normalise_locale
from games.core import Msg, SeatRef
from renderers.common import font, has_cjk_font
from tests.i18n_scan import templates_in

ROOT = Path(__file__).resolve().parents[1]


def _ja(path: Path) -> dict:
    return yaml.safe_load(path.read_text(encoding="utf-8")) or {}


def _placeholders(text: str) -> set[str]:
    import string
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_bot_and_core_strings_have_japanese():
    catalogue = _ja(ROOT / "bot/i18n/locale/ja.yaml")
    used = templates_in(ROOT / "bot") | templates_in(ROOT / "games/core")
    missing = sorted(used - set(catalogue))
    assert not missing, f"missing Japanese for: {missing}"


def game_packages():
    return [p for p in (ROOT / "games").iterdir() if (p / "locale" / "ja.yaml").exists()] + [ROOT / "tests/toygame"]


@pytest.mark.parametrize("package", game_packages(), ids=lambda p: p.name)
def test_game_strings_have_japanese(package):
    catalogue = _ja(package / "locale" / "ja.yaml")
    missing = sorted(templates_in(package) - set(catalogue))
    assert not missing, f"{package.name}: missing Japanese for: {missing}"


@pytest.mark.parametrize("path", [ROOT / "bot/i18n/locale/ja.yaml"] + [p / "locale/ja.yaml" for p in game_packages()],
                         ids=lambda p: str(p.parent.parent.name))
def test_translations_keep_placeholders(path):
    for english, japanese in _ja(path).items():
        assert _placeholders(english) == _placeholders(str(japanese)), english


def test_render_japanese_with_names_and_mentions():
    i18n = I18n(["tests.toygame"])
    msg = Msg("{player} adds {amount}: the total is {total}.", {"player": SeatRef(1), "amount": 2, "total": 9})
    assert i18n.render(msg, "ja", ["アリス", "ボブ"]) == "ボブ が 2 を足しました。合計 9。"
    assert i18n.render(msg, "en-US", ["Alice", "Bob"]) == "Bob adds 2: the total is 9."
    turn = Msg("Your move, {player}.", {"player": UserRef(5, "Bob")})
    assert i18n.render(turn, "ja", user=lambda u: f"<@{u.user_id}>") == "<@5> さんの番です。"


def test_locale_normalisation():
    assert normalise_locale("ja") == "ja"
    assert normalise_locale("en-GB") == "en"
    assert normalise_locale("pt-BR") == "en"
    assert normalise_locale(None, "ja") == "ja"


def _ink(text: str) -> Image.Image:
    image = Image.new("L", (220, 60), 0)
    ImageDraw.Draw(image).text((5, 5), text, fill=255, font=font(36))
    return image


def test_japanese_name_is_not_drawn_as_tofu():
    assert has_cjk_font(), "the set-up installs fonts-noto-cjk; without it Japanese names are boxes"
    names = ["アリス", "花子", "김철수"]
    tofu = _ink("\U0010fffd\U0010fffd\U0010fffd").tobytes()
    for name in names:
        drawn = _ink(name)
        assert drawn.getbbox() is not None, name
        assert drawn.tobytes() != tofu, name
    # different characters give different pictures (boxes would all look alike)
    assert _ink("アリス").tobytes() != _ink("花子").tobytes()
