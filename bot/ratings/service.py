"""Ratings per game and user on each server, updated when a game ends normally.

A finished game counts when only people played it. It does not count when computer players were
seated, or when it was aborted (it never finishes then). When the computer moved for a person
(a turn timeout, a resignation, a removal), the game counts only if every player agrees: the
end-of-game message then has a "Count for ratings" button.
"""
from __future__ import annotations

import asyncio
import re
from typing import TYPE_CHECKING

from bot.i18n import I18n, t
from bot.i18n import counts
from bot.ratings.model import START, displayed, places, rate
from bot.store.ratings import Change, Ratings as RatingStore
from bot.presenters import customids
from bot.table.hooks import TableHooks
from bot.table.live import LiveTable
from bot.presenters.replies import Button, Reply
from bot.table.context import Ctx
from bot.presenters.replies import refusal as _error   # one refusal reply for every extension
from bot.store import ActionRecord, SeatRecord, Store, StoreError
from bot.store.base import Statement
from games import registry
from games.core.messages import Msg
from renderers.rankings import Column, render_ranking

if TYPE_CHECKING:
    from bot.service.tables import TableService

CONSENT = re.compile(rf"^bt:r:(?P<table>{customids.NUMBER})$")
LEADERBOARD_SIZE = 15
REASONS = {
    "computer": t("This game does not change ratings: computer players took part."),
    "players": t("This game does not change ratings: it needs two or more different players."),
}


def consent_id(table_id: int) -> str:
    return f"bt:r:{table_id}"


def verdict(seats: list[SeatRecord], actions: list[ActionRecord]) -> tuple[str, str]:
    """('rated' | 'unrated' | 'pending', reason) for a finished game."""
    if any(s.is_bot for s in seats):
        return "unrated", "computer"
    if len({s.user_id for s in seats if s.user_id is not None}) < 2:
        return "unrated", "players"
    humans = {s.seat for s in seats}
    if any(a.seat in humans and (a.by_computer or a.kind == "timeout") for a in actions):
        return "pending", "substituted"
    return "rated", ""


#: what a rating is, in words, under the leaderboard and a player's ratings
EXPLAINED = t("New players start at 1000. Each rated game moves the rating; while a player has played few games "
              "it counts only what their games have shown so far, so a lucky start does not top the list.")


def signed(value: int) -> str:
    return f"{value:+d}"


def medals(ranks: list[int]) -> dict[int, int]:
    """The rows (by index) that get a medal, and which: every row placed 1st, 2nd or 3rd, ties
    sharing a medal."""
    return {index: place for index, place in enumerate(ranks) if place <= 3}


class Ratings(TableHooks):
    def __init__(self, service: "TableService", store: RatingStore, records: Store) -> None:
        """``store``: the ratings' repository; ``records``: the finished tables' records (moves,
        results) the ratings are computed from."""
        self.service = service
        self.store = store
        self.records = records
        self._i18n = I18n()

    # -- hooks ------------------------------------------------------------------------------------
    async def ending(self, table: LiveTable, outcome, status: str, pending: list[ActionRecord]) -> list[Statement]:
        """The rating verdict and, for a rated game, the new ratings: committed with the game's
        end (under the service's ending lock, which ``_rate`` takes too). A table already settled
        adds nothing, so a game never counts twice."""
        if status != "finished" or await self.store.status(table.id) is not None:
            return []
        actions = await self.records.actions(table.id) + list(pending)
        state, reason = verdict(table.seats, actions)
        if state != "rated":
            return [RatingStore.mark_sql(table.id, state, reason)]
        changes = await self._changes(table.guild_id or 0, table.game.name, [(s.user_id, s.name) for s in table.seats],
                                      list(outcome.ranks))
        return RatingStore.apply_sql(table.id, table.guild_id or 0, table.game.name, changes, False)

    async def finished(self, table: LiveTable, outcome, status: str, replies: list[Reply]) -> None:
        """What the ending stored, for the end message."""
        if status != "finished" or not replies:
            return
        settled = await self.store.settled(table.id)
        if settled is None:
            return
        state, reason, changes = settled
        reply = replies[0]
        if state == "unrated":
            if reason in REASONS:
                reply.lines.append(REASONS[reason])
            return
        if state == "pending":
            reply.lines.append(t("The computer moved for a player in this game, so it changes ratings only if every player "
                                 "agrees: each player presses “Count for ratings”."))
            reply.buttons.append(Button("Count for ratings", consent_id(table.id), "success"))
            return
        seats = {s.user_id: s for s in table.seats if s.user_id is not None}
        shown = [Change(user, seats[user].name, before, after, outcome.ranks[seats[user].seat])
                 for user, before, after in changes if user in seats]
        if shown:
            reply.lines += self.change_lines(table.game.title, shown)

    async def _changes(self, guild_id: int, game: str, players: list[tuple[int | None, str]],
                       ranks: list[int]) -> list[Change]:
        ids = [user for user, _ in players if user is not None]
        current = await self.store.get(guild_id, game, ids)
        before = [current[user].skill if user in current else START for user, _ in players]
        after = rate(before, ranks)
        return [Change(user, name, b, a, rank) for (user, name), b, a, rank in zip(players, before, after, ranks)
                if user is not None]

    async def _rate(self, table_id: int, guild_id: int, game: str, players: list[tuple[int | None, str]],
                    ranks: list[int], replace_pending: bool) -> list[Change] | None:
        async with self.service.ending_lock:
            changes = await self._changes(guild_id, game, players, ranks)
            try:
                await self.store.apply(table_id, guild_id, game, changes, replace_pending)
            except StoreError:
                return None         # already rated (or the disk refused): nothing changed
            return changes

    def change_lines(self, title: str, changes: list[Change]) -> list[Msg]:
        lines = [t("Ratings for {game}:", game=Msg(title))]      # the game's name in the reader's language
        for c in sorted(changes, key=lambda c: (c.rank, -c.after.ordinal)):
            before, after = displayed(c.before), displayed(c.after)
            lines.append(t("{player}: {before} → {after} ({delta})", player=c.name, before=before, after=after,
                           delta=signed(after - before)))
        return lines

    async def button(self, ctx: Ctx, custom_id: str) -> list[Reply] | None:
        match = CONSENT.fullmatch(custom_id)
        if match is None:
            return None
        return await self.agree(ctx, int(match["table"]))

    async def agree(self, ctx: Ctx, table_id: int) -> list[Reply]:
        status = await self.store.status(table_id)
        record = await self.records.table(table_id)
        if record is None or status is None or status[0] != "pending":
            return _error("That choice is no longer open: this game's rating is already settled.")
        humans = {s.user_id: s.name for s in record.seats if not s.is_bot and s.user_id is not None}
        if ctx.user_id not in humans:
            return _error("Only the players of that game can agree to count it for ratings.")
        agreed = await self.store.consent(table_id, ctx.user_id)
        waiting = [name for user, name in humans.items() if user not in agreed]
        if waiting:
            return [Reply([t("Noted: you agree to count this game for ratings. Still waiting for: {players}.",
                             players=", ".join(waiting))], private=True)]
        results = {seat: rank for seat, _, rank, _ in await self.records.results(table_id)}
        players = [(s.user_id, s.name) for s in record.seats]
        changes = await self._rate(table_id, record.guild_id or 0, record.game, players,
                                   [results.get(s.seat, len(record.seats)) for s in record.seats], True)
        if changes is None:
            return _error("That choice is no longer open: this game's rating is already settled.")
        game = registry.get(record.game)
        title = game.title if game else record.game
        return [Reply([t("Every player agreed: the game counts for ratings.")] + self.change_lines(title, changes))]

    # -- commands ---------------------------------------------------------------------------------
    def _game(self, name: str | None):
        name = (name or "").strip().lower()
        return self.service.game(name) if name else None

    async def rating(self, ctx: Ctx, game_name: str | None = None, user_id: int | None = None,
                     user_name: str | None = None) -> list[Reply]:
        guild = ctx.guild_id or 0
        who = user_id or ctx.user_id
        rows = await self.store.of_user(guild, who)
        if game_name:
            game = self._game(game_name)
            if game is None:
                return self.service.unknown_game(game_name)
            rows = {k: v for k, v in rows.items() if k == game.name}
        name = user_name or (ctx.name if who == ctx.user_id else str(who))
        if not rows:
            return [Reply([t("{player} has no rating here yet: ratings come from finished games with only human players.",
                             player=name)], private=True)]
        lines = [t("Ratings of {player}:", player=name)]
        for game, row in rows.items():
            found = registry.get(game)
            position = await self.store.position(guild, game, who)
            lines.append(t("{game}: {rating}, {games}, {wins}, place {place}",
                           game=Msg(found.title) if found else game, rating=displayed(row.skill),
                           games=counts.games(row.games), wins=counts.wins(row.wins), place=position or "-"))
        lines.append(EXPLAINED)
        return [Reply(lines, private=True)]

    async def leaderboard(self, ctx: Ctx, game_name: str | None = None, scale: float = 1.0) -> list[Reply]:
        game = self._game(game_name)
        if game is None:
            return _error("Name the game: /leaderboard GAME. Games: {games}.",
                          games=", ".join(g.name for g in self.service.games()))
        rows = await self.store.leaderboard(ctx.guild_id or 0, game.name, LEADERBOARD_SIZE)
        if not rows:
            return [Reply([t("Nobody has a {game} rating here yet.", game=Msg(game.title))])]
        lines = [t("Leaderboard for {game}:", game=Msg(game.title))]
        for place, row in zip(places([displayed(row.skill) for row in rows]), rows):
            lines.append(t("{place}. {player} — {rating} ({games}, {wins})", place=place, player=row.name,
                           rating=displayed(row.skill), games=counts.games(row.games), wins=counts.wins(row.wins)))
        lines.append(EXPLAINED)
        image = await asyncio.get_running_loop().run_in_executor(None, self._image, game.title, rows, ctx, scale)
        return [Reply(lines, image=image, image_name="leaderboard.png")]

    def _image(self, title: str, rows: list, ctx: Ctx, scale: float) -> bytes:
        # a public answer: in the language of the place it is posted (the server's), as its lines
        locale = ctx.place_locale() or ctx.locale
        tr = lambda text: self._i18n.template(text, locale)      # noqa: E731
        title = self._i18n.render(Msg(title), locale)
        columns = [Column("#", numeric=True), Column(tr(t("Player").text)), Column(tr(t("Rating").text), numeric=True),
                   Column(tr(t("Games").text), numeric=True), Column(tr(t("Wins").text), numeric=True)]
        ranks = places([displayed(row.skill) for row in rows])
        data = [(place, row.name, displayed(row.skill), row.games, row.wins) for place, row in zip(ranks, rows)]
        mine = [i for i, row in enumerate(rows) if row.user_id == ctx.user_id]
        subtitle = tr(t("Leaderboard · new players start at 1000").text)
        return render_ranking(title, columns, data, subtitle=subtitle, highlight=mine, badges=medals(ranks), scale=scale)
