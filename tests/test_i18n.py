"""Every user-facing template is translated; Japanese renders; Japanese names draw real glyphs."""
from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from bot.i18n import Duration, I18n, UserRef, normalise_locale, tn
from bot.i18n.catalogues import catalogued_code, templates
from games.core import Msg, SeatRef, counted
from renderers.common import font, has_cjk_font
from tests.catalogues import japanese as ja_catalogue

ROOT = Path(__file__).resolve().parents[1]
PLACES = catalogued_code()


def _placeholders(text: str) -> set[str]:
    import string
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("folder", list(PLACES), ids=lambda p: p.name)
def test_every_template_has_japanese_and_nothing_else_is_kept(folder):
    """Babel extracts every template of the code (what `make catalogues` does); each has a
    Japanese translation, and the catalogue holds nothing the code no longer uses."""
    used = templates(PLACES[folder])
    catalogue = ja_catalogue(folder)
    missing = sorted(str(k) for k in used if not catalogue.get(k) or not all(catalogue[k]))
    assert not missing, f"{folder.name}: missing Japanese for: {missing} (run make catalogues, then translate)"
    unused = sorted(str(k) for k in catalogue if k not in used)
    assert not unused, f"{folder.name}: no code uses: {unused} (run make catalogues)"


@pytest.mark.parametrize("folder", list(PLACES), ids=lambda p: p.name)
def test_no_template_hedges_a_plural(folder):
    """English plurals come from counted/tn (one form per number), never "tool(s)"."""
    hedged = sorted(str(k) for k in templates(PLACES[folder]) if "(s)" in (k if isinstance(k, str) else " ".join(k)))
    assert not hedged, hedged


@pytest.mark.parametrize("folder", list(PLACES), ids=lambda p: p.name)
def test_translations_keep_placeholders(folder):
    for english, japanese in ja_catalogue(folder).items():
        forms = japanese if isinstance(japanese, tuple) else (japanese,)
        sources = english if isinstance(english, tuple) else (english,)
        for form in forms:
            assert _placeholders(form) <= set().union(*map(_placeholders, sources)), english
            assert _placeholders(sources[-1]) <= _placeholders(form) | {"count"}, english


def test_plurals_and_durations_in_both_languages():
    i18n = I18n([])
    cards = [tn("{count} card", "{count} cards", count=n) for n in (0, 1, 2)]
    assert [i18n.render(m, "en") for m in cards] == ["0 cards", "1 card", "2 cards"]
    assert counted("{need} coin", "{need} coins", by="need", need=1).english() == "1 coin"
    assert counted("{need} coin", "{need} coins", by="need", need=3).english() == "3 coins"
    left = Msg("{left}", {"left": Duration(2 * 86400 + 3 * 3600 + 59)})
    assert i18n.render(left, "en") == "2 days 3 hours" and i18n.render(left, "ja") == "2日3時間"
    assert i18n.render(Msg("{left}", {"left": Duration(90)}), "en") == "1 minute"
    assert i18n.render(Msg("{left}", {"left": Duration(20)}), "ja") == "1分未満"


def test_render_japanese_with_names_and_mentions():
    i18n = I18n(["tests.toygame"])
    msg = Msg("{player} adds {amount}: the total is {total}.", {"player": SeatRef(1), "amount": 2, "total": 9})
    assert i18n.render(msg, "ja", ["アリス", "ボブ"]) == "ボブが2を足しました。合計9。"
    assert i18n.render(msg, "en-US", ["Alice", "Bob"]) == "Bob adds 2: the total is 9."
    turn = Msg("Your move, {player}.", {"player": UserRef(5, "Bob")})
    assert i18n.render(turn, "ja", user=lambda u: f"<@{u.user_id}>") == "<@5>さんの番です。"


def test_an_empty_template_stays_empty_in_japanese():
    """gettext("") answers with the catalogue's header (Project-Id-Version: ...): an empty Msg
    (BLANK, an option line without notes) must render as nothing in every language."""
    i18n = I18n(["tests.toygame"])
    assert i18n.render(Msg(""), "ja") == "" and i18n.template("", "ja") == ""
    line = Msg("{name}{extra}", {"name": "long", "extra": Msg("")})
    assert i18n.render(line, "ja") == "long"


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
