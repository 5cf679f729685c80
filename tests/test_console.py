"""The console table: several players at one terminal, images written to a folder."""
import io
from pathlib import Path

from bot.console import Console
from bot.i18n import I18n


async def test_console_session_plays_and_writes_images(service, tmp_path):
    out = io.StringIO()
    console = Console(service, I18n(["tests.toygame"]), str(tmp_path / "images"), out=out)
    script = [
        "alice> /join countdown", "bob> /join", "carol> /join", "carol> /leave", "alice> /option long",
        "alice> /start", "alice> /hand", "alice> bet odd", "bob> /click 2", "alice> /play add 3", "bob> /bid add 2",
        "dave> add 1", "#other erin> /join countdown", "alice> /status", "this is not a command",
    ]
    for line in script:
        await console.handle(line)
    text = out.getvalue()
    assert "alice opens a table for Countdown" in text
    assert "carol leaves the table" in text
    assert "alice switches long on" in text
    assert "(only alice) Your bonus card" in text
    assert "buttons: [1] bet odd | [2] bet even" in text
    assert "alice adds 3: the total is 3." in text and "bob adds 2: the total is 5." in text
    assert "(only dave) You are not seated" in text
    assert "erin opens a table" in text
    assert "Write lines as 'name> /command args'" in text
    images = sorted(Path(tmp_path / "images").glob("*.png"))
    assert images and all(p.read_bytes().startswith(b"\x89PNG") for p in images)
    assert f"image: {images[0]}" in text


async def test_click_with_an_odd_number(service, tmp_path):
    """Found by the fuzz suite: '/click ²' passed str.isdigit() and then failed in int()."""
    out = io.StringIO()
    console = Console(service, I18n(["tests.toygame"]), str(tmp_path / "images"), out=out)
    for line in ("alice> /join countdown", "alice> /click ²", "alice> /click " + "9" * 30):
        await console.handle(line)
    assert "Traceback" not in out.getvalue() and out.getvalue().count("Board games at this table") == 2


async def test_resign_and_abort_are_confirmed_with_a_click(service, tmp_path):
    """A private question's buttons are its reader's: '/click 1' by the asker confirms or (2)
    cancels; the same line by another player does not answer it."""
    out = io.StringIO()
    console = Console(service, I18n(["tests.toygame"]), str(tmp_path / "images"), out=out)
    for line in ("alice> /join countdown", "bob> /join", "carol> /join", "alice> /start", "bob> /resign"):
        await console.handle(line)
    assert "(only bob) Resign from this game of Countdown (test game)?" in out.getvalue()
    assert "[1] Resign | [2] Keep playing" in out.getvalue()
    await console.handle("carol> /click 1")               # Carol's own choices, not Bob's question
    assert not service.table_in(console_channel()).seats[1].resigned
    await console.handle("bob> /resign")
    await console.handle("bob> /click 1")
    assert "bob resigns." in out.getvalue() and service.table_in(console_channel()).seats[1].resigned
    await console.handle("alice> /abort")
    await console.handle("alice> /click 2")
    assert "(only alice) Cancelled: nothing changed." in out.getvalue()
    await console.handle("alice> /abort")
    await console.handle("alice> /click 1")
    assert "alice aborts the Countdown (test game) table." in out.getvalue()
    assert service.table_in(console_channel()) is None


def console_channel() -> int:
    import zlib
    return zlib.crc32(b"console")
