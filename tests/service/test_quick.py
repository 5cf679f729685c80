from tests.conftest import ctx
from bot.i18n import I18n

I = I18n()


def text(replies):
    return "\n".join(I.lines(r.lines, "en", r.names) for r in replies)


async def test_smoke(service):
    r = await service.join(ctx("alice"), "countdown")
    print(text(r))
    r = await service.join(ctx("bob"))
    r = await service.start(ctx("alice"))
    print(text(r), r[0].buttons, len(r[0].image or b""))
    r = await service.act(ctx("alice"), "bet odd")
    print(text(r))
    r = await service.act(ctx("bob"), "bet even")
    print(text(r))
    assert "All bets are in" in text(r)
