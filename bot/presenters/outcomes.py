"""Each outcome of the table core as replies: a refusal, the lobby, a turn, the end, a close."""
from __future__ import annotations

from typing import Callable

from bot.i18n import t
from bot.presenters.ending import end_replies
from bot.presenters.lobby import lobby_reply
from bot.presenters.pictures import Pictures
from bot.presenters.replies import Reply
from bot.presenters.turn import TurnPresenter
from bot.table.live import LiveTable
from bot.table.outcomes import Closed, Ended, LobbyChanged, Moved, Refused, TableOutcome
from games.core import Msg


def refusal_reply(refused: Refused) -> list[Reply]:
    """One private line saying what is wrong and what would be right, marked as an error."""
    return [Reply([refused.reason], private=True, error=True, names=list(refused.names))]


class OutcomePresenter:
    """Turns the core's outcomes into replies; ``extension_lines`` gives what the extensions add
    to a lobby message (the turn timer)."""

    def __init__(self, turns: TurnPresenter, pictures: Pictures,
                 extension_lines: Callable[[LiveTable], list[Msg]]) -> None:
        self.turns = turns
        self.pictures = pictures
        self.extension_lines = extension_lines

    async def replies(self, outcome: TableOutcome) -> list[Reply]:
        if isinstance(outcome, Refused):
            return refusal_reply(outcome)
        if isinstance(outcome, LobbyChanged):
            return [lobby_reply(outcome.table, outcome.headline, self.extension_lines(outcome.table))]
        if isinstance(outcome, Closed):
            return [Reply([outcome.headline], locale=outcome.table.public_language)]
        if isinstance(outcome, Moved):
            return await self.turns.replies(outcome.table, outcome.events, outcome.actor, outcome.chose,
                                            undoable=outcome.undoable)
        return await self.ended(outcome)

    async def ended(self, outcome: Ended) -> list[Reply]:
        table = outcome.table
        replies = await end_replies(table, outcome.events, outcome.outcome, self.pictures)
        if outcome.chose is not None:           # the panel the mover chose the last move in
            replies.append(Reply([t("You chose: {action}", action=outcome.chose), t("Game over.")], private=True,
                                 names=table.names, table_id=table.id, replace=True))
        return replies
