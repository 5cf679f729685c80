"""/help GAME through Discord: the answer carries the picture of the game's notation, in the
reader's language."""
from __future__ import annotations

import pytest

from tests.e2e.conftest import assert_healthy, assert_private, png_of

pytestmark = pytest.mark.asyncio(loop_scope="session")


async def test_help_game_carries_its_picture_in_the_readers_language(shared):
    fake = shared.fake
    channel = shared.channel("help-picture", guild="Ryokan")
    hiro = fake.user("hiro-help", locale="ja", global_name="Hiro")
    ken = fake.user("ken-help", locale="en-US", global_name="Ken")

    japanese = assert_private(await hiro.slash(channel, "help", game="quetzal"))
    english = assert_private(await ken.slash(channel, "help", game="quetzal"))
    pictures = [png_of(message, "help-quetzal.png") for message in (japanese, english)]
    for picture in pictures:
        assert picture.width >= 640 and picture.height <= 2 * picture.width
    assert pictures[0].tobytes() != pictures[1].tobytes()
    assert english.attachment("help-quetzal.png").data != japanese.attachment("help-quetzal.png").data
    assert_healthy(fake, shared.bot)
