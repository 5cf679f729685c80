"""A game's end as players read it: the end message (what happened last, the ranking, the result
picture), and a channel's last finished game shown again when no game runs there: its result
(/status, ``/board result``) and its final position (/board, as during the game)."""
from __future__ import annotations

import json
from typing import TYPE_CHECKING

from bot.i18n import counts, t
from bot.presenters.replies import Reply
from bot.table.live import LiveTable
from bot.table.tableoptions import server_language, split_options, table_language
from bot.store import Store, TableRecord
from games import registry
from games.core import Event, Msg, Outcome, SeatRef
from games.core.contract import Game

if TYPE_CHECKING:
    from bot.presenters.pictures import Pictures


def ranking(outcome: Outcome) -> list[Msg]:
    """``Game over.`` and the players by rank, with their points."""
    lines = [t("Game over.")]
    for seat in sorted(range(len(outcome.ranks)), key=lambda s: (outcome.ranks[s], s)):
        lines.append(t("{rank}. {player} — {points}", rank=outcome.ranks[seat], player=SeatRef(seat),
                       points=counts.points(outcome.scores[seat])))
    return lines


async def end_replies(table: LiveTable, events: list[Event], outcome: Outcome, pictures: "Pictures") -> list[Reply]:
    """The public end message: the last public events, the outcome's details, the ranking and
    the result picture."""
    view = table.game.view(table.state, None)
    lines = [e.msg for e in events if e.to is None] + list(outcome.details) + ranking(outcome)
    image = await pictures.result(table.game, outcome, table.names, view, table.public_language)
    return [Reply(lines, image=image, names=table.names, table_id=table.id, announces=table.version,
                  locale=table.public_language)]


def stored_outcome(game: Game, record: TableRecord, results: list[tuple[int, int | None, int, int]]) -> tuple[Outcome, object]:
    """The finished table's outcome and its final public view. The stored results decide the ranks
    and scores (a game ended by resignation has no outcome of its own); the game's outcome, when it
    agrees with them, adds the score by category."""
    state = game.from_json(json.loads(record.snapshot_text)) if record.snapshot_text else None
    ended = game.outcome(state) if state is not None else None
    by_seat = {seat: (rank, score) for seat, _, rank, score in results}
    scores = tuple(by_seat.get(seat, (0, 0))[1] for seat in range(len(record.seats)))
    ranks = tuple(by_seat.get(seat, (len(record.seats), 0))[0] for seat in range(len(record.seats)))
    if ended is not None and ended.scores == scores and ended.ranks == ranks:
        outcome = ended
    else:
        outcome = Outcome(scores, ranks, ended.details if ended is not None else ())
    return outcome, game.view(state, None) if state is not None else None


def record_language(game: Game, record: TableRecord) -> str | None:
    """A stored table's public language: ``/option lang``, else its server's as recorded when it
    opened (see LiveTable.public_language); None for a table stored before tables had one."""
    mine = split_options(game, record.options)[1]
    return table_language(mine) or server_language(mine)


#: what ``/board`` is given to show a finished game's result card instead of its final position
RESULT_REGIONS = ("result", "results", "結果")


def finished_table(game: Game, record: TableRecord, reader: str | None) -> LiveTable:
    """A finished table as it stood at its end (its final state, seats and languages), for
    drawing its final position as /board drew it during the game."""
    options, table_options = split_options(game, record.options)
    table = LiveTable(record.id, record.channel_id, record.guild_id, game, record.host_id, record.status, options,
                      record.seed, record.seats, table_options=table_options,
                      default_language=record_language(game, record) or reader or "en")
    table.load(record.version, record.snapshot_text, takebacks=record.takebacks)
    return table


async def last_result(store: Store, pictures: "Pictures", channel_id: int, reader: str | None = None) -> list[Reply] | None:
    """The last finished game's result in this channel, or None when none has finished here;
    its picture in the table's language, else the reader's (``reader``: who asked)."""
    record = await store.last_finished(channel_id)
    game = registry.get(record.game) if record is not None else None
    if record is None or game is None:
        return None
    results = await store.results(record.id)
    outcome, view = stored_outcome(game, record, results)
    names = [s.name for s in record.seats]
    language = record_language(game, record) or reader         # the table's, as it was (else the reader's)
    image = await pictures.result(game, outcome, names, view, language)
    return [Reply(ranking(outcome), image=image, image_name=f"result-{record.id}.png", names=names, table_id=record.id,
                  locale=language)]
