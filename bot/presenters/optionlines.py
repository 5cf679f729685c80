"""How a table's options read: the lobby's summary, the ``/option`` list, and the names and
values offered while ``/option`` is typed. Game options and the table's own (``lang``) alike."""
from __future__ import annotations

from typing import Iterable

from bot.i18n import t
from bot.table.live import LiveTable
from bot.table.tableoptions import shown_value, specs_of, tokens_for
from games.core import BLANK, Msg, OptionSpec
from games.core.options import option_value, split_token


def summary(table: LiveTable) -> str:
    """``fluss, old, first 2 (bob), lang ja``: the switches that are on (by name), then the valued
    options set to something other than their defaults, as /option writes them; ``-`` for none."""
    switches = sorted(s.name for s in specs_of(table) if not s.valued and s.name in tokens_for(table, s))
    valued = [f"{spec.name} {shown_value(table, spec)}" for spec in specs_of(table)
              if spec.valued and any(split_token(tok)[0] == spec.name for tok in tokens_for(table, spec))]
    return ", ".join(switches + valued) or "-"


def line(table: LiveTable, spec: OptionSpec) -> Msg:
    """One line of the /option list: ``[x] fluss — …`` for a switch, ``dice = 17,17,4,2 — …
    (allowed: …)`` for a valued option."""
    extra = t(" (not available yet)") if spec.unavailable else BLANK
    excludes = t(" (not with {names})", names=", ".join(spec.excludes)) if spec.excludes else BLANK
    if spec.valued:
        assert spec.kind is not None
        return t("{name} = {value} — {description} Allowed: {allowed}.{extra}", name=spec.name,
                 value=shown_value(table, spec), description=Msg(spec.description), allowed=spec.kind.allowed(),
                 extra=extra)
    mark = "[x]" if spec.name in tokens_for(table, spec) else "[ ]"
    return t("{mark} {name} — {description}{excludes}{extra}", mark=mark, name=spec.name,
             description=Msg(spec.description), excludes=excludes, extra=extra)


def complete_names(table: LiveTable, typed: str, limit: int = 25) -> list[tuple[str, str]]:
    """(name, description) of the options whose names contain ``typed``, those starting with it first."""
    specs = sorted((s for s in specs_of(table) if typed in s.name), key=lambda s: not s.name.startswith(typed))
    return [(spec.name, spec.description) for spec in specs][:limit]


def complete_values(table: LiveTable, name: str, typed: str, limit: int = 25) -> list[str]:
    """Values of option ``name`` worth offering: its current value first, then the kind's samples
    (``on``/``off`` for a switch), those starting with ``typed`` first."""
    spec = next((s for s in specs_of(table) if s.name == name.strip().lower()), None)
    if spec is None:
        return []
    values: Iterable[str]
    if spec.kind is None:
        values = ("off", "on") if spec.name in tokens_for(table, spec) else ("on", "off")
    else:
        current = option_value((spec,), tokens_for(table, spec), spec.name)
        values = dict.fromkeys((current,) + spec.kind.samples())
    typed = typed.strip().lower()
    found = [v for v in values if typed in v.lower()]
    return sorted(found, key=lambda v: not v.lower().startswith(typed))[:limit]
