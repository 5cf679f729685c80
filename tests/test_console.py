"""The console table: several players at one terminal, images written to a folder."""
import io
import zlib
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


async def test_a_restarted_console_numbers_its_images_on(service, tmp_path):
    """A second console on the same folder (the bot restarted) writes its images after the first
    run's: none of them is overwritten."""
    folder = tmp_path / "images"
    first = Console(service, I18n(["tests.toygame"]), str(folder), out=io.StringIO())
    for line in ("alice> /join countdown", "bob> /join", "alice> /start", "alice> /board"):
        await first.handle(line)
    before = {path.name: path.read_bytes() for path in folder.glob("*.png")}
    assert before
    out = io.StringIO()
    second = Console(service, I18n(["tests.toygame"]), str(folder), out=out)
    await second.handle("alice> /board")
    after = {path.name: path.read_bytes() for path in folder.glob("*.png")}
    assert {name: after[name] for name in before} == before and len(after) > len(before)
    new = sorted(set(after) - set(before))
    assert new[0].startswith(f"{len(before) + 1:04d}-") and f"image: {folder / new[0]}" in out.getvalue()


async def test_click_with_an_odd_number(service, tmp_path):
    """Found by the fuzz suite: '/click ²' passed str.isdigit() and then failed in int()."""
    out = io.StringIO()
    console = Console(service, I18n(["tests.toygame"]), str(tmp_path / "images"), out=out)
    for line in ("alice> /join countdown", "alice> /click ²", "alice> /click " + "9" * 30):
        await console.handle(line)
    assert "Traceback" not in out.getvalue() and out.getvalue().count("/click takes the number of a button") == 2


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
    assert not service.live_tables.in_channel(console_channel()).seats[1].resigned
    await console.handle("bob> /resign")
    await console.handle("bob> /click 1")
    assert "bob resigns." in out.getvalue() and service.live_tables.in_channel(console_channel()).seats[1].resigned
    await console.handle("alice> /abort")
    await console.handle("alice> /click 2")
    assert "(only alice) Cancelled: nothing changed." in out.getvalue()
    await console.handle("alice> /abort")
    await console.handle("alice> /click 1")
    assert "alice aborts the Countdown (test game) table." in out.getvalue()
    assert service.live_tables.in_channel(console_channel()) is None


def console_channel() -> int:
    import zlib
    return zlib.crc32(b"console")


async def test_private_panels_numbered_for_click(store, tmp_path):
    """A game with hands: the public message offers only "Your move" / "My hand"; each player to
    act gets "(only NAME)" lines with numbered choices, and their /click walks their own panel."""
    from bot.i18n import game_packages
    from bot.service import TableService
    from games import registry
    from tests.conftest import make_settings

    service = TableService(store, make_settings(games={"enabled": ("florenza",), "extra": ()}), seed_source=lambda: 4,
                           render=False)
    out = io.StringIO()
    console = Console(service, I18n(game_packages([registry.get("florenza")])), str(tmp_path / "images"), out=out)
    for line in ("alice> /join florenza", "bob> /join", "carol> /join", "alice> /start"):
        await console.handle(line)
    text = out.getvalue()
    assert "buttons: [1] Your move | [2] My hand" in text
    table = service.live_tables.in_channel(zlib.crc32(b"console"))          # the console's own channel
    (seat,) = table.game.to_act(table.state)
    mover = table.names[seat]
    assert f"(only {mover}) Your choices, {mover}:" in text and f"(only {mover})   choices: [1] play …" in text
    hand = [card for card in table.state.p[seat].hand]
    public = [line for line in text.splitlines() if not line.startswith("(only") and not line.startswith(" ")]
    assert not any(card in line for card in hand for line in public)       # the hand is in the private lines only
    version = table.version
    await console.handle(f"{mover}> /click 1")                      # play …
    assert f"(only {mover}) Chosen so far: play" in out.getvalue() and table.version == version
    await console.handle(f"{mover}> /click 1")                      # the first card
    assert table.version == version + 1 and f"(only {mover}) You chose: play " in out.getvalue()
    await service.close()


async def test_a_mistyped_command_gets_did_you_mean(service, tmp_path):
    out = io.StringIO()
    console = Console(service, I18n(["tests.toygame"]), str(tmp_path / "images"), out=out)
    for line in ("alice> /jion countdown", "alice> /stat", "alice> /xyzzy"):
        await console.handle(line)
    text = out.getvalue()
    assert "(only alice) There is no command /jion. Did you mean /join?" in text
    assert "Did you mean /status?" in text or "Did you mean /start?" in text
    assert "/xyzzy" not in text and "Board games at this table" in text          # nothing close: the help
    assert service.live_tables.in_channel(zlib.crc32(b"console")) is None


async def test_a_japanese_console_speaks_japanese(service, tmp_path):
    """The console's own words (how to type, buttons, who a line is for, bad clicks) come from the
    catalogues in the console's language."""
    out = io.StringIO()
    console = Console(service, I18n(["tests.toygame"]), str(tmp_path / "images"), out=out, locale="ja")
    await console.run(io.StringIO("alice> /join countdown\nnonsense\nalice> /click 99\nquit\n"))
    text = out.getvalue()
    assert "コンソールの卓です。" in text and "「quit」で終了します。" in text
    assert "  ボタン：[1]" in text and "そのボタンはありません。直前のメッセージのボタン：[1]" in text
    assert "buttons:" not in text and "Console table" not in text and "No such button" not in text
