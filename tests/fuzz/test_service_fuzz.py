"""Bad input at volume, through the table service (real SQLite store, asynchronous play hooked in).

For every registered game and the test game, a state machine opens a table, sends garbage in
the lobby, starts, and then interleaves legal moves (so garbage meets many phases of the game)
with: malformed and near-miss command text on every verb and the free-text path, from the player
to act, other players, strangers and people who resigned; option names in the lobby and after
the start; button custom_ids from old turns, other tables and other kinds, garbled or junk, in
this channel and others; the information commands and autocomplete with junk.

Properties, checked at every step:
* the service answers every call with replies that read without Python internals; an error is
  one short private message that says what is wrong (never "something went wrong on our side"),
  and nothing is logged as an error;
* rejected input changes nothing: the stored record (status, version, snapshot, seats, options,
  host), the action log and the state in memory are identical before and after, at this table
  and the other channel's;
* accepted input is consistent: the version rises by one per logged action (more when computers
  move), the new log row is the mover's legal action, and store and memory agree.
"""
from __future__ import annotations

import asyncio
import collections
from functools import partial

import pytest
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule, run_state_machine_as_test

from bot.table.context import Ctx
from bot.presenters import customids
from bot.table.typed import SLASH_VERBS, clean_text
from games import registry
from tests.fuzz import inputs
from tests.fuzz.harness import ALL_GAMES, Env, TablePrint
from tests.fuzz.profile import seeded, settings_for

#: names people really have, and some that are hard on renderers and formatters
NAMES = ("Alice", "Bob", "Ælfrida", "山田 花子", "{player}", "O'Brien", "🎲 Dice", "x" * 64, "Zoë\u0301", "<@1>",
         "@everyone", "@here Hi", "<@&2> Role")


class TableFuzz(RuleBasedStateMachine):
    """One table of ``game`` (plus a running table of the test game in another channel)."""

    env: Env
    game: str

    def __init__(self) -> None:
        super().__init__()
        env = self.env
        env.boot()
        self.channel, self.other_channel = env.new_id(), env.new_id()
        self.table_id: int | None = None
        self.other_id: int | None = None
        # everyone who may say something here: players (of this table or earlier ones) and strangers
        self.people: list[Ctx] = [env.user("Stranger", self.channel), env.user("Stranger ja", self.channel, locale="ja"),
                                  Ctx(0, "Nobody", self.channel, 7), Ctx(env.new_id(), "No guild", self.channel, None)]
        self.seen: list[str] = []            # every custom_id the bot has sent, oldest first
        self.current: list[str] = []         # the buttons under the latest turn message
        self.tables: list[int] = []          # every table this example opened
        self.before: list[TablePrint] = []   # the tables before the latest call ...
        self.after: list[TablePrint] = []    # ... and after it

    # -- helpers --------------------------------------------------------------------------------
    def call(self, work, what: str):
        """Run one service call (or, with None, only look again), check its replies, and keep
        the tables as they were before and are after it."""
        self.before = self.after
        replies = self.env.check(self.env.run(work), what) if work is not None else None
        self.refresh()
        return replies

    def refresh(self) -> None:
        self.after = [self.env.fingerprint(t) for t in self.tables]

    def unchanged(self, what: str, replies) -> None:
        """The latest call changed no table, in the store or in memory."""
        assert self.before == self.after, f"{what} changed a table; reply: {self.env.text(replies[0]) if replies else ''!r}"

    def remember(self, replies) -> None:
        ids = [b.custom_id for r in replies for b in r.buttons]
        self.seen += ids
        if any(customids.parse(i) and customids.parse(i).kind == "action" for i in ids) or not replies[0].error:
            self.current = [i for i in ids if i.startswith("bt:a:")]

    @property
    def live(self):
        return self.env.service.live_tables.by_id(self.table_id) if self.table_id is not None else None

    def playing(self) -> bool:
        return self.live is not None and self.live.status == "playing"

    def to_act(self) -> list[int]:
        table = self.live
        if table is None or table.status != "playing":
            return []
        return [s for s in sorted(table.game.to_act(table.state)) if not table.computer_controls(s)]

    @property
    def humans(self) -> list[Ctx]:
        """The people seated at the table (whoever got there: by /join, a button...)."""
        seated = {s.user_id for s in self.live.seats if not s.is_bot} if self.live is not None else set()
        return [p for p in self.people if p.user_id in seated]

    def ctx_of(self, seat: int) -> Ctx:
        return next(p for p in self.people if p.user_id == self.live.seats[seat].user_id)

    def anyone(self, data) -> Ctx:
        """A seated player (to act or not), a stranger, nobody."""
        return data.draw(st.sampled_from(self.people), label="who")

    def usually_to_act(self, data) -> Ctx:
        """Mostly the player to act (whose input reaches the game's parser), else anyone."""
        to_act = self.to_act()
        if to_act and data.draw(st.integers(0, 3), label="to act?"):
            return self.ctx_of(data.draw(st.sampled_from(to_act), label="seat"))
        return self.anyone(data)

    def legal_texts(self, seat: int | None = None) -> list[str]:
        table = self.live
        if table is None or table.status != "playing":
            return []
        seats = [seat] if seat is not None else self.to_act()
        return [str(a) for s in seats for a in table.game.legal_actions(table.state, s)]

    def moved(self, seat: int, legal: list[str], what: str, replies) -> None:
        """The latest call was an accepted move of ``seat``: logged once as one of its legal
        actions (computers' moves after it), the version up by one per logged action, and no
        other table touched."""
        index = self.tables.index(self.table_id)
        before, after = self.before[index], self.after[index]
        grown = after.log[len(before.log):]
        assert grown and after.log[:len(before.log)] == before.log, f"{what}: accepted ({self.env.text(replies[0])!r}) but not logged"
        assert after.version == before.version + len(grown), (after.version, before.version, len(grown))
        assert grown[0][1:] == [seat, grown[0][2], "move", 0], grown[0]
        assert is_legal(grown[0][2], legal), f"{what}: logged {grown[0][2]!r}, which was not a legal action"
        assert all(row[4] for row in grown[1:]), grown
        assert [p for i, p in enumerate(self.before) if i != index] == [p for i, p in enumerate(self.after) if i != index]
        self.remember(replies)

    # -- the lobby --------------------------------------------------------------------------------
    def open_table(self, data) -> None:
        env, game = self.env, registry.get(self.game)
        env.seed = data.draw(st.integers(0, 2**31 - 1), label="seed")
        count = data.draw(st.integers(game.min_players, min(game.max_players, 4)), label="players")
        computers = data.draw(st.integers(0, count - 1), label="computers")
        names = data.draw(st.lists(st.sampled_from(NAMES), min_size=count - computers, max_size=count - computers), label="names")
        players = [env.user(name, self.channel, locale=data.draw(st.sampled_from((None, "ja", "en-US")))) for name in names]
        self.people += players
        replies = self.call(env.service.join(players[0], self.game), "open")
        assert not replies[0].error, env.text(replies[0])
        self.table_id = replies[0].table_id
        self.tables.append(self.table_id)
        self.refresh()
        self.remember(replies)
        for human in players[1:]:
            assert not self.call(env.service.join(human), "join")[0].error
        levels = list(game.computer_levels())
        for _ in range(computers):
            replies = self.call(env.service.addbot(players[0], data.draw(st.sampled_from(["random"] if "random" in levels else levels))), "addbot")
            assert not replies[0].error, env.text(replies[0])
        for name in data.draw(st.lists(st.sampled_from([o.name for o in game.options]), max_size=3, unique=True), label="options") if game.options else ():
            self.call(env.service.option(players[0], name), "option")       # conflicts are refused: fine
        self.lobby_garbage(data)
        if self.live is not None and self.live.status == "lobby" and players[0] in self.humans:
            replies = self.call(env.service.start(players[0]), "start")
            assert not replies[0].error, env.text(replies[0])
            self.remember(replies)

    def lobby_garbage(self, data) -> None:
        """Options, joins, computer levels and clicks that must be refused in the lobby."""
        env, game = self.env, registry.get(self.game)
        for _ in range(data.draw(st.integers(0, 6), label="lobby garbage")):
            who = self.anyone(data)
            kind = data.draw(st.sampled_from(("option", "join", "addbot", "start", "leave", "click")))
            if kind == "option":
                name = data.draw(inputs.option_name([o.name for o in game.options]), label="option")
                replies = self.call(env.service.option(who, name), f"lobby /option {name!r}")
            elif kind == "join":
                name = data.draw(inputs.odd_text().filter(lambda s: clean_text(s) and clean_text(s).lower() != self.game), label="game")
                replies = self.call(env.service.join(who, name), f"lobby /join {name!r}")
            elif kind == "addbot":
                level = data.draw(inputs.odd_text().filter(lambda s: s.strip()), label="level")
                replies = self.call(env.service.addbot(who, level), f"lobby /addbot {level!r}")
            elif kind == "start":
                if who in self.humans:
                    continue            # a seated player may start: that is not garbage
                replies = self.call(env.service.start(who), "lobby /start")
            elif kind == "leave":
                if who in self.humans:
                    continue
                replies = self.call(env.service.leave(who), "lobby /leave")
            else:
                custom = data.draw(inputs.custom_id(self.seen, [self.table_id], 0), label="custom_id")
                if custom.startswith(f"bt:l:{self.table_id}:"):
                    continue            # the lobby's own buttons work: that is not garbage
                replies = self.call(env.service.button(who, custom), f"lobby click {custom!r}")
            if replies[0].error:
                self.unchanged(f"lobby {kind}", replies)
            else:
                assert kind in ("option", "addbot"), f"lobby {kind} by {who.name} accepted: {env.text(replies[0])!r}"
            self.store_is_memory()

    def open_other_table(self) -> None:
        """A running table of the test game in another channel: its buttons are foreign here."""
        env = self.env
        env.seed = 1
        players = [env.user("Other A", self.other_channel), env.user("Other B", self.other_channel)]
        replies = self.call(env.service.join(players[0], "countdown"), "other open")
        self.other_id = replies[0].table_id
        self.tables.append(self.other_id)
        self.refresh()
        self.call(env.service.join(players[1]), "other join")
        self.remember(self.call(env.service.start(players[0]), "other start"))
        self.remember(self.call(env.service.act(players[0], "bet odd"), "other bet"))

    @initialize(data=st.data())
    def setup(self, data) -> None:
        self.open_other_table()
        self.open_table(data)

    def teardown(self) -> None:
        self.env.shutdown()

    # -- rules --------------------------------------------------------------------------------------
    @precondition(lambda self: self.live is None)
    @rule(data=st.data())
    def new_table(self, data) -> None:
        """The game ended (or was aborted): open the next one in the same channel."""
        self.open_table(data)

    @precondition(lambda self: bool(self.to_act()))
    @rule(data=st.data())
    def legal_moves(self, data) -> None:
        """A few legal moves in a row, so the garbage in between meets many phases of the game."""
        for _ in range(data.draw(st.integers(1, 8), label="moves")):
            if not self.to_act():
                break
            self.legal_move(data)
        if self.live is None:
            self.env.note("a game ended")

    def legal_move(self, data) -> None:
        env, table = self.env, self.live
        seat = data.draw(st.sampled_from(self.to_act()), label="seat")
        legal = self.legal_texts(seat)
        text = data.draw(st.sampled_from(legal), label="move")
        who = self.ctx_of(seat)
        how = data.draw(st.sampled_from(("act", "verb", "line", "button")), label="how")
        button = customids.action_id(table.id, table.turn_serial, text)
        if how == "button" and button in self.current:
            replies = self.call(env.service.button(who, button), f"click {button!r}")
        elif how in ("verb", "line") and text.split(" ", 1)[0] in SLASH_VERBS and " " in text:
            first, rest = text.split(" ", 1)
            replies = self.call(env.service.act_verb(who, first, rest if how == "verb" else text), f"/{first} {text!r}")
        else:
            replies = self.call(env.service.act_verb(who, "play", text) if how == "verb" else env.service.act(who, text),
                                f"move {text!r}")
        assert not replies[0].error, f"legal move {text!r} refused: {env.text(replies[0])!r}"
        env.note("legal move")
        self.moved(seat, legal, f"move {text!r}", replies)

    @rule(data=st.data())
    def garbage_moves(self, data) -> None:
        for _ in range(data.draw(st.integers(1, 6), label="garbage moves")):
            self.garbage_move(data)

    def garbage_move(self, data) -> None:
        env, table = self.env, self.live
        who = self.usually_to_act(data)
        to_act = self.to_act()
        seat = table.seat_of(who.user_id) if table is not None else None
        legal = self.legal_texts(seat) if seat is not None else []
        everyone = legal or self.legal_texts()
        text = data.draw(inputs.command_text(everyone), label="text")
        how = data.draw(st.sampled_from(("act", "verb", "verb", "button", "candidates")), label="how")
        if how == "verb":
            verb = data.draw(st.sampled_from(tuple(SLASH_VERBS) + (table.game.verbs if table else ())), label="verb")
            work, what = env.service.act_verb(who, verb, text), f"/{verb} {text[:200]!r}"
        elif how == "button" and table is not None and (custom := customids.action_id(table.id, table.turn_serial, text)):
            work, what = env.service.button(who, custom), f"click {custom!r}"
        elif how == "candidates":
            texts = [text] + data.draw(st.lists(inputs.command_text(everyone), max_size=2), label="candidates")
            work, what = env.service.act(who, texts), f"candidates {[t[:100] for t in texts]!r}"
        else:
            work, what = env.service.act(who, text), f"act {text[:200]!r}"
        replies = self.call(work, what)
        env.note(f"move by {'player to act' if seat in to_act else 'someone else'}: {'refused' if replies[0].error else 'accepted'}")
        if replies[0].error:
            self.unchanged(what, replies)
        else:
            assert seat is not None and seat in to_act, f"{what} by {who.name} (seat {seat}) accepted out of turn"
            self.moved(seat, legal, what, replies)

    @precondition(lambda self: bool(self.to_act()))
    @rule(data=st.data())
    def at_once(self, data) -> None:
        """Several people on this table at the same moment (asyncio.gather): players to act send
        legal moves (by text, slash verb or the current buttons, sometimes the same one twice or by
        two players), strangers send garbage and clicks, anyone looks at the table. Every call is
        answered; each accepted move is logged once, by its mover; a button is accepted at most
        once; nothing else changes; store and memory agree."""
        env, table = self.env, self.live
        calls: list[tuple[str, Ctx, int | None, str, object]] = []      # (kind, who, seat, what, call)
        seated = {s.user_id for s in table.seats}
        strangers = [p for p in self.people if p.user_id not in seated]
        for _ in range(data.draw(st.integers(2, 5), label="at once")):
            kind = data.draw(st.sampled_from(("move", "move", "click", "click", "garbage", "look")), label="kind")
            if kind in ("move", "click"):
                seat = data.draw(st.sampled_from(self.to_act()), label="seat")
                who = self.ctx_of(seat)
                if kind == "click" and self.current:
                    custom = data.draw(st.sampled_from(self.current), label="button")
                    if data.draw(st.booleans(), label="by another player?"):
                        who = data.draw(st.sampled_from(self.humans), label="clicker")
                        seat = table.seat_of(who.user_id)
                    calls.append(("click", who, seat, f"click {custom!r} by {who.name}", partial(env.service.button, who, custom)))
                    continue
                text = data.draw(st.sampled_from(self.legal_texts(seat)), label="move")
                work = partial(env.service.act_verb, who, "play", text) if data.draw(st.booleans(), label="verb?") \
                    else partial(env.service.act, who, text)
                calls.append(("move", who, seat, f"move {text!r} by {who.name}", work))
            elif kind == "garbage":
                who = data.draw(st.sampled_from(strangers), label="stranger")
                text = data.draw(inputs.command_text(self.legal_texts()), label="garbage")
                custom = data.draw(inputs.custom_id(self.seen, self.tables, table.turn_serial), label="custom_id")
                if data.draw(st.booleans(), label="click?"):      # (a stranger may answer some questions: not a move)
                    calls.append(("stranger's click", who, None, f"click {custom!r} by {who.name}", partial(env.service.button, who, custom)))
                else:
                    calls.append(("garbage", who, None, f"{text[:100]!r} by {who.name}", partial(env.service.act, who, text)))
            else:
                who = self.anyone(data)
                look = data.draw(st.sampled_from(("status", "hand", "log", "help")), label="look")
                command = {"status": env.service.status, "hand": env.service.hand, "log": env.service.log_text,
                           "help": env.service.help}[look]
                calls.append(("look", who, None, f"/{look} by {who.name}", partial(command, who)))
        self.before = self.after

        async def together() -> list:
            return await asyncio.gather(*(call() for *_, call in calls))     # (made only now: the draws are done)

        results = env.run(together())
        self.refresh()
        for (kind, who, seat, what, _), replies in zip(calls, results):
            env.check(replies, f"at once: {what}")
            env.note(f"at once {kind}: {'refused' if replies[0].error else 'accepted'}")
            if kind == "garbage":
                assert replies[0].error, f"{what} accepted: {env.text(replies[0])!r}"
        accepted = [(kind, seat, what) for (kind, _, seat, what, _), replies in zip(calls, results)
                    if kind in ("move", "click") and not replies[0].error]
        clicked = collections.Counter(what.split(" by ")[0] for kind, _, what in accepted if kind == "click")
        assert all(n == 1 for n in clicked.values()), f"a button was accepted more than once: {clicked}"
        index = self.tables.index(self.table_id)
        before, after = self.before[index], self.after[index]
        grown = after.log[len(before.log):]
        assert after.log[:len(before.log)] == before.log
        assert after.version == before.version + len(grown)
        human = sorted(row[1] for row in grown if row[3] == "move" and not row[4])
        assert human == sorted(seat for _, seat, _ in accepted), (human, accepted)
        assert [p for i, p in enumerate(self.before) if i != index] == [p for i, p in enumerate(self.after) if i != index]
        if accepted:
            live = self.live
            ids = [b.custom_id for replies in results for r in replies for b in r.buttons]
            self.seen += ids
            self.current = [i for i in ids if (c := customids.parse(i)) is not None and c.kind == "action"
                            and live is not None and c.table_id == live.id and c.turn == live.turn_serial]
            env.note("at once: moves accepted")
        else:
            assert before == after, "nothing was accepted, yet the table changed"

    @rule(data=st.data())
    def garbage_option(self, data) -> None:
        env = self.env
        who = self.anyone(data)
        name = data.draw(inputs.option_name([o.name for o in registry.get(self.game).options]), label="option")
        replies = self.call(env.service.option(who, name), f"/option {name!r}")
        self.unchanged(f"/option {name!r} during the game", replies)
        if clean_text(name) and self.live is not None:
            assert replies[0].error, f"/option {name!r} accepted during the game"

    @rule(data=st.data())
    def click(self, data) -> None:
        """Any custom_id, by anyone, here or in the other channel."""
        env, table = self.env, self.live
        turn = table.turn_serial if table else 0
        custom = data.draw(inputs.custom_id(self.seen, self.tables, turn), label="custom_id")
        who = self.usually_to_act(data)
        if not data.draw(st.integers(0, 4), label="from the other channel"):
            who = Ctx(who.user_id, who.name, self.other_channel, who.guild_id, who.locale)
        click = customids.parse(custom)
        seat = table.seat_of(who.user_id) if table is not None else None
        to_act = self.to_act()
        legal = self.legal_texts(seat) if seat is not None else []
        replies = self.call(env.service.button(who, custom), f"click {custom!r}")
        self.env.note(f"click {click.kind if click else custom[:4]!r}: {'refused' if replies[0].error else 'accepted'}")
        if replies[0].error:
            self.unchanged(f"click {custom!r}", replies)
            return
        assert click is not None or custom.startswith(("bt:u:", "bt:r:")), f"junk {custom!r} accepted"
        if click is not None and click.kind in ("action", "choice"):        # a turn's button, or a panel's choice
            assert who.channel_id == self.channel and click.table_id == self.table_id and click.turn == turn
            assert seat is not None and seat in to_act
            self.moved(seat, legal, f"click {custom!r}", replies)
        else:
            # a private view (hand), or an answer to a ratings or undo question: tables untouched
            # unless an undo was agreed, which the store-and-memory invariant checks
            if not custom.startswith("bt:u:"):
                self.unchanged(f"click {custom!r}", replies)

    @rule(data=st.data())
    def garbage_lobby_command(self, data) -> None:
        """Lobby commands and /abort, /resign from people who may not use them during a game."""
        env, table = self.env, self.live
        who = self.anyone(data)
        kind = data.draw(st.sampled_from(("join", "leave", "start", "addbot", "abort", "resign")), label="command")
        if table is None or (kind in ("abort", "resign") and who in self.humans):
            return
        argument = data.draw(inputs.odd_text(), label="argument")
        work = {"join": lambda: env.service.join(who, argument or None), "leave": lambda: env.service.leave(who),
                "start": lambda: env.service.start(who), "addbot": lambda: env.service.addbot(who, argument),
                "abort": lambda: env.service.abort(who), "resign": lambda: env.service.resign(who)}[kind]()
        replies = self.call(work, f"/{kind} {argument!r}")
        assert replies[0].error, f"/{kind} {argument!r} by {who.name} accepted during the game"
        self.unchanged(f"/{kind}", replies)

    @rule(data=st.data())
    def look(self, data) -> None:
        """/status, /hand, /board with a junk region, /log, /help and autocomplete change nothing."""
        env, service = self.env, self.env.service
        who = self.anyone(data)
        kind = data.draw(st.sampled_from(("status", "hand", "board", "log", "help", "complete")), label="look")
        if kind == "complete":
            typed = data.draw(inputs.command_text(self.legal_texts()), label="typed")
            table = self.live
            seat = table.seat_of(who.user_id) if table is not None and table.status == "playing" else None
            legal = set(self.legal_texts(seat)) if seat is not None else set()
            found = service.autocomplete.action(who, typed)
            assert set(found) <= legal and len(found) <= 25, (typed, found)
            for verb in SLASH_VERBS:
                found = service.autocomplete.verb(who, verb, typed)
                assert len(found) <= 25 and all(isinstance(x, str) for x in found), found
            assert len(service.autocomplete.option(who, typed)) <= 25
            assert len(service.autocomplete.game(typed)) <= 25
            assert not (logged := env.errors.take()), logged
            replies = self.call(None, "autocomplete")
        else:
            region = data.draw(st.one_of(st.none(), inputs.odd_text(), st.sampled_from(("0,0", "2,-1", "9999,9999"))), label="region")
            work = {"status": lambda: service.status(who), "hand": lambda: service.hand(who),
                    "board": lambda: service.board(who, region), "log": lambda: service.log_text(who),
                    "help": lambda: service.help(who)}[kind]()
            replies = self.call(work, f"/{kind}")
        self.unchanged(f"/{kind}", replies)

    @precondition(lambda self: self.playing() and len([s for s in self.live.seats if not s.is_bot and not s.resigned]) > 2)
    @rule(data=st.data())
    def resign(self, data) -> None:
        """A player gives up (the computer plays the seat): a legal change, then more garbage from
        a player who has resigned."""
        env, table = self.env, self.live
        seat = data.draw(st.sampled_from([s.seat for s in table.seats if not s.is_bot and not s.resigned]), label="resigning")
        player = self.ctx_of(seat)
        asked = self.call(env.service.resign(player), "/resign")
        assert not asked[0].error and asked[0].private and len(asked[0].buttons) == 2, env.text(asked[0])
        self.unchanged("/resign (the question)", asked)
        confirm, _ = (b.custom_id for b in asked[0].buttons)
        self.seen += [b.custom_id for b in asked[0].buttons]      # clicked again later: refused
        stranger = self.anyone(data)
        if stranger.user_id != player.user_id:
            refused = self.call(env.service.button(stranger, confirm), "someone else confirms /resign")
            assert refused[0].error and refused[0].private, env.text(refused[0])
            self.unchanged("someone else confirms /resign", refused)
        replies = self.call(env.service.button(player, confirm), "confirm /resign")
        assert not replies[0].error, env.text(replies[0])
        index = self.tables.index(self.table_id)
        before, after = self.before[index], self.after[index]
        grown = after.log[len(before.log):]
        assert grown and (grown[0][1], grown[0][3]) == (seat, "resign") and after.version == before.version + len(grown)
        self.remember(replies)

    def last_mover(self) -> Ctx | None:
        """The person who made the table's latest move (whom /undo is for)."""
        if self.live is None or not self.after:
            return None
        moves = [row for row in self.after[self.tables.index(self.table_id)].log if row[3] == "move" and not row[4]]
        seat = moves[-1][1] if moves else None
        return self.ctx_of(seat) if seat is not None and not self.live.seats[seat].is_bot else None

    @rule(data=st.data())
    def undo(self, data) -> None:
        """/undo from anyone: refused and nothing changes, or a question whose buttons the other
        players (and a stranger) answer; once all agree the move is taken back in store and memory."""
        env = self.env
        mover = self.last_mover()
        who = mover if mover is not None and data.draw(st.booleans(), label="the mover?") else self.usually_to_act(data)
        replies = self.call(env.plugins.undo.request(who), "/undo")
        if replies[0].error:
            self.unchanged("/undo", replies)
            return
        self.remember(replies)
        ids = {b.label: b.custom_id for r in replies for b in r.buttons if b.custom_id.startswith("bt:u:")}
        if not ids:
            return                                   # nobody else to ask: taken back at once
        others = [p for p in self.humans if p.user_id != who.user_id
                  and not self.live.seats[self.live.seat_of(p.user_id)].resigned]
        for person in [self.anyone(data)] + others:
            answer = data.draw(st.sampled_from(("Agree", "Agree", "Refuse")), label="answer")
            replies = self.call(env.service.button(person, ids[answer]), f"{answer} by {person.name}")
            env.note(f"undo {answer}: {'refused' if replies[0].error else 'accepted'}")
            if replies[0].error:
                self.unchanged(f"{answer} by {person.name}", replies)
            elif answer == "Refuse" or len(self.after[self.tables.index(self.table_id)].log) < len(self.before[self.tables.index(self.table_id)].log):
                break

    @invariant()
    def store_is_memory(self) -> None:
        for table in self.after:
            table.check_consistent()


@pytest.fixture
def env(tmp_path):
    env = Env(tmp_path)
    yield env
    env.close()


def is_legal(logged: str, legal: list[str]) -> bool:
    """A legal action, or one completed in the same line: Carcassonne lists a placement staged
    (``x,y rK``) and also takes it with its deploy choice (``x,y rK cn``, ``x,y rK -``), which
    the engine checks against the deploy choices of the placed tile."""
    return logged in legal or any(logged.startswith(action + " ") for action in legal)


@pytest.mark.parametrize("game", ALL_GAMES)
def test_garbage_between_legal_moves(env, game):
    machine = seeded(type(f"Fuzz_{game}", (TableFuzz,), {"env": env, "game": game}))
    run_state_machine_as_test(machine, settings=settings_for(12, stateful_step_count=30))
