"""The standings of a tournament as a reply: the lines of text and the ranking picture."""
from __future__ import annotations

import asyncio

from bot.i18n import I18n, counts, t
from bot.presenters.replies import Reply
from bot.store.tournaments import Tournament
from bot.table.context import Ctx
from bot.tournaments.formats import FORMAT_NAMES
from bot.tournaments.standings import Line, number
from games import registry
from games.core import BLANK
from games.core.messages import Msg
from renderers.rankings import Column, Name, render_ranking


class StandingsPictures:
    def __init__(self) -> None:
        self._i18n = I18n()

    async def reply(self, tournament: Tournament, lines: list[Line], ctx: Ctx | None, headline: Msg | None,
                    scale: float = 1.0) -> Reply:
        status = {"open": t("sign-up"), "running": t("round {round} of {rounds}", round=tournament.round,
                                                      rounds=tournament.rounds),
                  "finished": t("final"), "cancelled": t("cancelled")}[tournament.status]
        text = [headline] if headline else []
        text.append(t("Standings of {tournament} ({format}, {status}):", tournament=tournament.name,
                      format=FORMAT_NAMES[tournament.format], status=status))
        for line in lines[:40]:
            out = t(" (withdrawn)") if line.dropped else BLANK
            text.append(t("{place}. {player} — {points} (Buchholz {buchholz}, wins {wins}, score {score}){out}",
                          place=line.place, player=line.name, points=counts.points(number(line.points)), buchholz=number(line.buchholz),
                          wins=line.wins, score=line.score, out=out))
        if not lines:
            text.append(t("Nobody has signed up yet."))
        locale = ctx.locale if ctx else None
        loop = asyncio.get_running_loop()
        image = await loop.run_in_executor(None, self.image, tournament, lines, ctx.user_id if ctx else None, locale, scale)
        return Reply(text, image=image, image_name="standings.png")

    def image(self, tournament: Tournament, lines: list[Line], user_id: int | None, locale: str | None, scale: float) -> bytes:
        tr = lambda msg: self._i18n.render(msg, locale)       # noqa: E731
        columns = [Column("#", numeric=True), Column(tr(t("Player"))), Column(tr(t("Points")), numeric=True),
                   Column(tr(t("Buchholz")), numeric=True), Column(tr(t("Wins")), numeric=True), Column(tr(t("Score")), numeric=True),
                   Column(tr(t("Games")), numeric=True)]
        rows = [(line.place, Name(line.name, " ✗" if line.dropped else ""), number(line.points), number(line.buchholz),
                 line.wins, line.score, line.games) for line in lines[:60]]
        game = registry.get(tournament.game)
        subtitle = f"{game.title if game else tournament.game} · {tr(FORMAT_NAMES[tournament.format])}"
        if tournament.status == "running":
            subtitle += " · " + tr(t("round {round} of {rounds}", round=tournament.round, rounds=tournament.rounds))
        mine = [i for i, line in enumerate(lines[:60]) if line.user_id == user_id]
        medals = {i: line.place for i, line in enumerate(lines[:60]) if line.place <= 3}     # ties share a medal
        return render_ranking(tournament.name, columns, rows, subtitle=subtitle, highlight=mine, badges=medals, scale=scale)
