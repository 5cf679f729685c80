"""A turn as players meet it: the public message (what happened, whose move, the board, the
buttons that reveal nothing) and the private panels of the seats that must decide.

Everything public is built from ``view(state, None)`` only; a seat's own choices go to that seat.
"""
from __future__ import annotations

import asyncio
from concurrent.futures import Executor

from bot.i18n import UserRef, t
from bot.presenters import customids, panels
from bot.presenters.pictures import Pictures
from bot.presenters.replies import Button, Reply
from bot.table.legal import LegalTexts
from bot.table.live import LiveTable
from games.core import Event, Msg


#: what the mover reads after the first step of a move made in steps
HALF_MOVE = t("Only you see this step: the table sees your move once it is complete.")


class TurnPresenter:
    def __init__(self, pictures: Pictures, legal: LegalTexts, pool: Executor) -> None:
        self.pictures = pictures
        self.legal = legal
        self.pool = pool            # where a game's suggestions and legal actions are worked out

    async def replies(self, table: LiveTable, events: list[Event], actor: int | None = None,
                      chose: str | None = None, *, undoable: bool = False) -> list[Reply]:
        """The public turn message after ``events``, then the mover's own reply (``actor``: the
        seat that moved; ``chose``: the move they picked in their panel, which the reply replaces;
        ``undoable``: the mover may still take it back with /undo, which the reply says)."""
        game = table.game
        if actor is not None and game.mid_move(table.state, actor) and not table.computer_controls(actor):
            # half a move: only the mover hears of it (with the choices of the rest); the table
            # sees the move once, when it is complete
            told = [Event(e.msg, frozenset({actor})) if e.to is None else e for e in events]
            told.append(Event(HALF_MOVE, frozenset({actor})))
            mine = await self._actor_reply(table, told, actor, chose, True)
            return [mine] if mine is not None else []
        if not any(e.to is None for e in events) and any(
                game.mid_move(table.state, s) and table.computer_controls(s) for s in game.to_act(table.state)):
            return []           # a computer's half move: the table sees its move once it is complete
        public_view = game.view(table.state, None)
        lines = [e.msg for e in events if e.to is None]
        lines += game.status(public_view)
        to_act = sorted(game.to_act(table.state))
        humans = [s for s in to_act if not table.computer_controls(s)]
        mentions = [user for s in humans if (user := table.seats[s].user_id) is not None]
        if humans:
            refs = [UserRef(table.seats[s].user_id or 0, table.names[s]) for s in humans]
            if len(refs) == 1:
                lines.append(t("Your move, {player}.", player=refs[0]))
                # built from the public view: this message is public (a seat's own prompt is in its panel)
                lines += game.turn_prompt(public_view)
                lines.append(t("Your choices are behind the “Your move” button (only you see them)."))
            else:
                lines.append(t("Still deciding: {players}", players=tuple(refs)))
                lines.append(t("Each of you: your own choices are behind the “Your move” button (only you see them)."))
        # Off the event loop: a game's suggestions can take seconds, and meanwhile the loop must
        # stay free to acknowledge interactions within Discord's 3 seconds.
        buttons = await asyncio.get_running_loop().run_in_executor(self.pool, self._action_buttons, table, humans)
        image = await self.pictures.board(table, public_view, locale=table.public_language)
        if image is not None:
            lines.append(t("What the picture's icons and abbreviations mean: /help {game}", game=game.name))
        # once sent, this message announces the table's current version (restore reposts only what was not)
        replies = [Reply(lines, image=image, mentions=mentions, buttons=buttons, names=table.names, table_id=table.id,
                         locale=table.public_language, announces=table.version)]
        if actor is not None:
            # the mover's own panel for their next step, unless the public buttons already hold it
            public_moves = any(customids.kind_of(b.custom_id) == "action" for b in buttons)
            mine = await self._actor_reply(table, events, actor, chose, actor in humans and (chose is not None or not public_moves),
                                           undoable)
            if mine is not None:
                replies.append(mine)
        return replies

    async def _actor_reply(self, table: LiveTable, events: list[Event], actor: int, chose: str | None,
                           to_act: bool, undoable: bool = False) -> Reply | None:
        """What only the mover sees after a move: private events (a card drawn), the move they chose
        from their panel (which this reply replaces) and whether /undo takes it back, and their
        panel again if they act next too."""
        headline = [t("You chose: {action}", action=chose)] if chose is not None else []
        headline += [e.msg for e in events if e.to is not None and actor in e.to]
        if headline and undoable:
            headline.append(t("Changed your mind? /undo takes this move back as long as nobody has moved since."))
        if to_act:
            reply = await self.panel(table, actor, replace=chose is not None, headline=headline)
            if reply is not None:
                return reply
        if not headline:
            return None
        return Reply(headline, private=True, names=table.names, table_id=table.id, replace=chose is not None)

    def _action_buttons(self, table: LiveTable, humans: list[int]) -> list[Button]:
        """The public turn message's buttons. Move buttons only where no seat has secrets (they
        would show the mover's hand to everyone) and every seat to act has the same choices;
        a button carries the move's place in the clicker's legal actions, never its text."""
        game = table.game
        buttons: list[Button] = []
        secrets_here = game.has_secrets(table.options)
        if humans and not secrets_here:
            texts = self.legal.texts(table, humans[0])
            if all(self.legal.texts(table, s) == texts for s in humans[1:]):
                index = {text: i for i, text in enumerate(texts)}
                for action in game.suggestions(table.state, humans[0])[:game.max_buttons]:
                    if (i := index.get(str(action))) is not None:
                        buttons.append(Button(game.action_label(action)[:80], customids.action_id(table.id, table.turn_serial, i),
                                              "primary", notation=True))
        if humans:
            buttons.append(Button("Your move", customids.panel_id(table.id), "success"))
        if secrets_here or game.private_info:
            buttons.append(Button("My hand", customids.hand_id(table.id), "secondary"))
        return buttons[:25]

    async def panel(self, table: LiveTable, seat: int, *, path: tuple[int, ...] = (), page: int = 0,
                    replace: bool = False, headline: list[Msg] | None = None) -> Reply | None:
        """A seat's private panel: its view and a step of its legal choices (None: nothing there)."""
        texts = await self.legal.texts_off_loop(table, seat, self.pool)
        view = table.game.view(table.state, seat)
        return panels.panel(table, seat, texts, view, path=path, page=page, replace=replace, headline=headline)
