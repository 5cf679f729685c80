"""Discord's documented payload limits, checked the way the API checks them.

Every function returns a list of `Problem`s (empty when valid). A problem with reject=True is
one Discord answers with 400 Invalid Form Body; reject=False marks a request Discord accepts but
whose result is broken (recorded by the harness as a violation only).
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any, Iterable

from .util import Problem

VALID_LOCALES = frozenset(
    "id da de en-GB en-US es-ES es-419 fr hr it lt hu nl no pl pt-BR ro fi sv-SE vi tr cs el bg "
    "ru uk hi th zh-CN ja zh-TW ko".split()
)

# Option types (https://discord.com/developers/docs/interactions/application-commands)
SUB_COMMAND, SUB_COMMAND_GROUP, STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = range(1, 12)
CHAT_INPUT, USER_COMMAND, MESSAGE_COMMAND = 1, 2, 3
MAX_SAFE_INT = 2**53

# Message flags
FLAG_SUPPRESS_EMBEDS = 1 << 2
FLAG_EPHEMERAL = 1 << 6
FLAG_LOADING = 1 << 7
FLAG_SUPPRESS_NOTIFICATIONS = 1 << 12
FLAG_COMPONENTS_V2 = 1 << 15
CHANNEL_MESSAGE_FLAGS = FLAG_SUPPRESS_EMBEDS | FLAG_SUPPRESS_NOTIFICATIONS | FLAG_COMPONENTS_V2
INTERACTION_MESSAGE_FLAGS = CHANNEL_MESSAGE_FLAGS | FLAG_EPHEMERAL

MAX_CONTENT = 2000
MAX_EMBEDS = 10
MAX_EMBED_TOTAL = 6000


def _too_long(path: tuple, limit: int) -> Problem:
    return Problem(path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")


def _bad_length(path: tuple, lo: int, hi: int) -> Problem:
    return Problem(path, "BASE_TYPE_BAD_LENGTH", f"Must be between {lo} and {hi} in length.")


def _check_len(problems: list[Problem], path: tuple, value: Any, lo: int, hi: int, *, required: bool = True) -> None:
    if value is None:
        if required:
            problems.append(Problem(path, "BASE_TYPE_REQUIRED", "This field is required"))
        return
    if not isinstance(value, str):
        problems.append(Problem(path, "STRING_TYPE_CONVERT", "Could not interpret value as string."))
        return
    if not lo <= len(value) <= hi:
        problems.append(_bad_length(path, lo, hi) if lo > 0 else _too_long(path, hi))


# ---------------------------------------------------------------------------------------------
# Application commands


def _name_char_ok(ch: str) -> bool:
    if ch in "-_":
        return True
    cat = unicodedata.category(ch)
    if cat[0] in "LN":
        return True
    # \p{sc=Deva} and \p{sc=Thai} include combining marks
    return cat in ("Mn", "Mc") and ("\u0900" <= ch <= "\u097f" or "\u0e00" <= ch <= "\u0e7f")


def chat_input_name_problems(path: tuple, name: Any) -> list[Problem]:
    """^[-_\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$ and lowercase where a lowercase form exists."""
    if not isinstance(name, str) or not 1 <= len(name) <= 32 or not all(_name_char_ok(c) for c in name):
        return [Problem(path, "APPLICATION_COMMAND_INVALID_NAME", f"Command name is invalid: {name!r}")]
    if name != name.lower():
        return [Problem(path, "APPLICATION_COMMAND_INVALID_NAME", f"Command name must be lowercase: {name!r}")]
    return []


def _localizations(problems: list[Problem], path: tuple, mapping: Any, check_value) -> None:
    if mapping is None:
        return
    if not isinstance(mapping, dict):
        problems.append(Problem(path, "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType"))
        return
    for locale, value in mapping.items():
        if locale not in VALID_LOCALES:
            problems.append(Problem(path + (locale,), "INVALID_LOCALE", f"Invalid locale {locale!r}"))
        else:
            problems.extend(check_value(path + (locale,), value))


def _desc_problems(path: tuple, value: Any) -> list[Problem]:
    out: list[Problem] = []
    _check_len(out, path, value, 1, 100)
    return out


def _choice_problems(path: tuple, choice: Any, opt_type: int) -> list[Problem]:
    out: list[Problem] = []
    if not isinstance(choice, dict):
        return [Problem(path, "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType")]
    _check_len(out, path + ("name",), choice.get("name"), 1, 100)
    _localizations(out, path + ("name_localizations",), choice.get("name_localizations"), _desc_problems)
    value = choice.get("value")
    if opt_type == STRING:
        _check_len(out, path + ("value",), value, 0, 100)
    elif opt_type == INTEGER:
        if not isinstance(value, int) or isinstance(value, bool) or abs(value) > MAX_SAFE_INT:
            out.append(Problem(path + ("value",), "NUMBER_TYPE_COERCE", f"Value {value!r} is not int."))
    elif opt_type == NUMBER:
        if not isinstance(value, (int, float)) or isinstance(value, bool) or abs(value) > MAX_SAFE_INT:
            out.append(Problem(path + ("value",), "NUMBER_TYPE_COERCE", f"Value {value!r} is not a number."))
    return out


def _text_size(cmd: dict[str, Any]) -> int:
    """Characters counted against the 4000 per-command limit (names, descriptions, choice values)."""
    total = len(str(cmd.get("name", ""))) + len(str(cmd.get("description", "") or ""))
    for opt in cmd.get("options") or []:
        if isinstance(opt, dict):
            total += _text_size(opt)
            for ch in opt.get("choices") or []:
                if isinstance(ch, dict):
                    total += len(str(ch.get("name", ""))) + len(str(ch.get("value", "")))
    return total


def _option_problems(path: tuple, opt: Any, depth: int) -> list[Problem]:
    out: list[Problem] = []
    if not isinstance(opt, dict):
        return [Problem(path, "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType")]
    t = opt.get("type")
    if t not in range(1, 12):
        out.append(Problem(path + ("type",), "BASE_TYPE_CHOICES", f"Value must be one of (1..11); got {t!r}."))
        return out
    out += chat_input_name_problems(path + ("name",), opt.get("name"))
    _localizations(out, path + ("name_localizations",), opt.get("name_localizations"), chat_input_name_problems)
    out += _desc_problems(path + ("description",), opt.get("description"))
    _localizations(out, path + ("description_localizations",), opt.get("description_localizations"), _desc_problems)

    choices = opt.get("choices")
    if choices:
        if t not in (STRING, INTEGER, NUMBER):
            out.append(Problem(path + ("choices",), "APPLICATION_COMMAND_OPTION_CHOICES_NOT_ALLOWED", "Choices are only allowed on string, integer and number options"))
        if len(choices) > 25:
            out.append(_too_long(path + ("choices",), 25))
        for i, ch in enumerate(choices):
            out += _choice_problems(path + ("choices", i), ch, t)
    if opt.get("autocomplete"):
        if t not in (STRING, INTEGER, NUMBER):
            out.append(Problem(path + ("autocomplete",), "APPLICATION_COMMAND_OPTION_AUTOCOMPLETE_NOT_ALLOWED", "Autocomplete is only allowed on string, integer and number options"))
        if choices:
            out.append(Problem(path + ("autocomplete",), "APPLICATION_COMMAND_OPTION_AUTOCOMPLETE_AND_CHOICES", "Autocomplete cannot be set on an option with choices"))
    for key in ("min_value", "max_value"):
        if opt.get(key) is not None and t not in (INTEGER, NUMBER):
            out.append(Problem(path + (key,), "APPLICATION_COMMAND_OPTION_INVALID", f"{key} is only allowed on integer and number options"))
    for key, lo in (("min_length", 0), ("max_length", 1)):
        v = opt.get(key)
        if v is not None:
            if t != STRING:
                out.append(Problem(path + (key,), "APPLICATION_COMMAND_OPTION_INVALID", f"{key} is only allowed on string options"))
            elif not isinstance(v, int) or not lo <= v <= 6000:
                out.append(Problem(path + (key,), "NUMBER_TYPE_MAX", f"{key} must be between {lo} and 6000"))

    children = opt.get("options") or []
    if t in (SUB_COMMAND, SUB_COMMAND_GROUP):
        if depth >= 2 and t == SUB_COMMAND_GROUP:
            out.append(Problem(path + ("type",), "APPLICATION_COMMAND_OPTION_TYPE_INVALID", "Subcommand groups cannot be nested"))
        if depth >= 3:
            out.append(Problem(path + ("type",), "APPLICATION_COMMAND_OPTION_TYPE_INVALID", "Subcommands are nested too deeply"))
        if opt.get("required"):
            out.append(Problem(path + ("required",), "APPLICATION_COMMAND_OPTION_INVALID", "Subcommands cannot be required"))
        out += _options_problems(path + ("options",), children, depth + 1, parent_type=t)
    elif children:
        out.append(Problem(path + ("options",), "APPLICATION_COMMAND_OPTION_INVALID", "Only subcommands and groups have options"))
    return out


def _options_problems(path: tuple, options: Any, depth: int, parent_type: int | None) -> list[Problem]:
    out: list[Problem] = []
    if options is None:
        return out
    if not isinstance(options, list):
        return [Problem(path, "LIST_TYPE_CONVERT", "Only iterables may be used in a ListType")]
    if len(options) > 25:
        out.append(_too_long(path, 25))
    names = [o.get("name") for o in options if isinstance(o, dict)]
    if len(set(names)) != len(names):
        out.append(Problem(path, "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS", "Option names must be unique"))
    types = [o.get("type") for o in options if isinstance(o, dict)]
    nesting = [x in (SUB_COMMAND, SUB_COMMAND_GROUP) for x in types]
    if any(nesting) and not all(nesting):
        out.append(Problem(path, "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID", "Subcommands and groups cannot be mixed with other options"))
    if parent_type == SUB_COMMAND_GROUP and not all(x == SUB_COMMAND for x in types):
        out.append(Problem(path, "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID", "A subcommand group may only contain subcommands"))
    if parent_type == SUB_COMMAND and any(nesting):
        out.append(Problem(path, "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID", "A subcommand cannot contain subcommands"))
    seen_optional = False
    for i, opt in enumerate(options):
        if isinstance(opt, dict) and opt.get("type") not in (SUB_COMMAND, SUB_COMMAND_GROUP):
            if opt.get("required"):
                if seen_optional:
                    out.append(Problem(path + (i, "required"), "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID", "Required options must be placed before non-required options"))
            else:
                seen_optional = True
        out += _option_problems(path + (i,), opt, depth)
    return out


def command_problems(cmd: Any, path: tuple = ()) -> list[Problem]:
    """Validate one application command definition (as sent to the create/overwrite endpoints)."""
    if not isinstance(cmd, dict):
        return [Problem(path, "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType")]
    out: list[Problem] = []
    t = cmd.get("type", CHAT_INPUT)
    if t == CHAT_INPUT:
        out += chat_input_name_problems(path + ("name",), cmd.get("name"))
        _localizations(out, path + ("name_localizations",), cmd.get("name_localizations"), chat_input_name_problems)
        out += _desc_problems(path + ("description",), cmd.get("description"))
        _localizations(out, path + ("description_localizations",), cmd.get("description_localizations"), _desc_problems)
        out += _options_problems(path + ("options",), cmd.get("options"), 1, parent_type=None)
        if _text_size(cmd) > 4000:
            out.append(Problem(path, "APPLICATION_COMMAND_TOO_LARGE", "Command exceeds maximum size (4000)"))
    elif t in (USER_COMMAND, MESSAGE_COMMAND):
        _check_len(out, path + ("name",), cmd.get("name"), 1, 32)
        _localizations(out, path + ("name_localizations",), cmd.get("name_localizations"), lambda p, v: _desc_problems(p, v))
        if cmd.get("description"):
            out.append(Problem(path + ("description",), "APPLICATION_COMMAND_INVALID_DESCRIPTION", "Context menu commands cannot have a description"))
        if cmd.get("options"):
            out.append(Problem(path + ("options",), "APPLICATION_COMMAND_OPTION_INVALID", "Context menu commands cannot have options"))
    else:
        out.append(Problem(path + ("type",), "BASE_TYPE_CHOICES", f"Value must be one of (1, 2, 3); got {t!r}."))
    perms = cmd.get("default_member_permissions")
    if perms is not None:
        try:
            int(perms)
        except (TypeError, ValueError):
            out.append(Problem(path + ("default_member_permissions",), "NUMBER_TYPE_COERCE", "Value is not a permission integer."))
    contexts = cmd.get("contexts")
    if contexts is not None and not set(contexts) <= {0, 1, 2}:
        out.append(Problem(path + ("contexts",), "BASE_TYPE_CHOICES", "Contexts must be within (0, 1, 2)."))
    installs = cmd.get("integration_types")
    if installs is not None and not set(installs) <= {0, 1}:
        out.append(Problem(path + ("integration_types",), "BASE_TYPE_CHOICES", "Integration types must be within (0, 1)."))
    return out


def command_list_problems(cmds: Any) -> list[Problem]:
    """Validate a bulk-overwrite list: each command plus per-application counts and duplicates."""
    if not isinstance(cmds, list):
        return [Problem((), "LIST_TYPE_CONVERT", "Only iterables may be used in a ListType")]
    out: list[Problem] = []
    for i, cmd in enumerate(cmds):
        out += command_problems(cmd, (i,))
    keys = [(c.get("type", 1), c.get("name")) for c in cmds if isinstance(c, dict)]
    seen: set = set()
    for i, key in enumerate(keys):
        if key in seen:
            out.append(Problem((i, "name"), "APPLICATION_COMMANDS_DUPLICATE_NAME", f"Application command names must be unique: {key[1]!r}"))
        seen.add(key)
    for t, limit in ((CHAT_INPUT, 100), (USER_COMMAND, 15), (MESSAGE_COMMAND, 15)):
        if sum(1 for k in keys if k[0] == t) > limit:
            out.append(Problem((), "APPLICATION_COMMAND_TOO_MANY", f"Maximum number of application commands of type {t} reached ({limit})"))
    return out


# ---------------------------------------------------------------------------------------------
# Messages


def embed_problems(embeds: Any, path: tuple = ("embeds",)) -> list[Problem]:
    out: list[Problem] = []
    if embeds is None:
        return out
    if not isinstance(embeds, list):
        return [Problem(path, "LIST_TYPE_CONVERT", "Only iterables may be used in a ListType")]
    if len(embeds) > MAX_EMBEDS:
        out.append(_too_long(path, MAX_EMBEDS))
    total = 0
    for i, e in enumerate(embeds):
        p = path + (i,)
        if not isinstance(e, dict):
            out.append(Problem(p, "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType"))
            continue
        for key, limit in (("title", 256), ("description", 4096)):
            v = e.get(key)
            if v is not None:
                _check_len(out, p + (key,), v, 0, limit)
                total += len(str(v))
        fields = e.get("fields") or []
        if len(fields) > 25:
            out.append(_too_long(p + ("fields",), 25))
        for j, f in enumerate(fields):
            fp = p + ("fields", j)
            _check_len(out, fp + ("name",), f.get("name"), 1, 256)
            _check_len(out, fp + ("value",), f.get("value"), 1, 1024)
            total += len(str(f.get("name") or "")) + len(str(f.get("value") or ""))
        footer = e.get("footer")
        if footer:
            _check_len(out, p + ("footer", "text"), footer.get("text"), 1, 2048)
            total += len(str(footer.get("text") or ""))
        author = e.get("author")
        if author:
            _check_len(out, p + ("author", "name"), author.get("name"), 1, 256)
            total += len(str(author.get("name") or ""))
        color = e.get("color")
        if color is not None and (not isinstance(color, int) or not 0 <= color <= 0xFFFFFF):
            out.append(Problem(p + ("color",), "NUMBER_TYPE_MAX", "int value should be <= 16777215 and >= 0."))
        for key, sub in (("image", "url"), ("thumbnail", "url"), ("author", "icon_url"), ("footer", "icon_url"), (None, "url")):
            holder = e.get(key) if key else e
            url = holder.get(sub) if isinstance(holder, dict) else None
            if url is None:
                continue
            scheme = str(url).split(":", 1)[0].lower() if ":" in str(url) else ""
            allowed = ("http", "https") if key is None else ("http", "https", "attachment")
            if scheme not in allowed:
                out.append(Problem(p + ((key, sub) if key else (sub,)), "URL_TYPE_INVALID_PROTOCOL", f"Scheme {scheme!r} is not supported. Scheme must be one of {allowed}."))
    if total > MAX_EMBED_TOTAL:
        out.append(Problem(path, "EMBED_TOO_LONG", f"Embed size exceeds maximum size of {MAX_EMBED_TOTAL}"))
    return out


def attachment_refs(embeds: Any) -> list[tuple[tuple, str]]:
    """(path, filename) for every attachment://filename URL used by the embeds."""
    refs = []
    for i, e in enumerate(embeds or []):
        if not isinstance(e, dict):
            continue
        for key, sub in (("image", "url"), ("thumbnail", "url"), ("author", "icon_url"), ("footer", "icon_url")):
            holder = e.get(key)
            url = holder.get(sub) if isinstance(holder, dict) else None
            if isinstance(url, str) and url.startswith("attachment://"):
                refs.append((("embeds", i, key, sub), url[len("attachment://"):]))
    return refs


def _button_problems(p: tuple, c: dict[str, Any]) -> list[Problem]:
    out: list[Problem] = []
    style = c.get("style")
    if style not in (1, 2, 3, 4, 5, 6):
        out.append(Problem(p + ("style",), "BASE_TYPE_CHOICES", f"Value must be one of (1..6); got {style!r}."))
    if style == 5:
        if not c.get("url"):
            out.append(Problem(p + ("url",), "BASE_TYPE_REQUIRED", "Link buttons require a url"))
        if c.get("custom_id") is not None:
            out.append(Problem(p + ("custom_id",), "COMPONENT_LAYOUT_INVALID", "Link buttons cannot have a custom_id"))
    elif style == 6:
        if not c.get("sku_id"):
            out.append(Problem(p + ("sku_id",), "BASE_TYPE_REQUIRED", "Premium buttons require a sku_id"))
    else:
        _check_len(out, p + ("custom_id",), c.get("custom_id"), 1, 100)
        if c.get("url"):
            out.append(Problem(p + ("url",), "COMPONENT_LAYOUT_INVALID", "Only link buttons may have a url"))
    if c.get("label") is not None:
        _check_len(out, p + ("label",), c.get("label"), 0, 80)
    if style != 6 and not c.get("label") and not c.get("emoji"):
        out.append(Problem(p, "BUTTON_COMPONENT_EMPTY", "A button needs a label or an emoji"))
    return out


def _select_problems(p: tuple, c: dict[str, Any]) -> list[Problem]:
    out: list[Problem] = []
    _check_len(out, p + ("custom_id",), c.get("custom_id"), 1, 100)
    if c.get("placeholder") is not None:
        _check_len(out, p + ("placeholder",), c.get("placeholder"), 0, 150)
    lo, hi = c.get("min_values", 1), c.get("max_values", 1)
    if not 0 <= lo <= 25:
        out.append(Problem(p + ("min_values",), "NUMBER_TYPE_MAX", "min_values must be between 0 and 25"))
    if not 1 <= hi <= 25:
        out.append(Problem(p + ("max_values",), "NUMBER_TYPE_MAX", "max_values must be between 1 and 25"))
    if c.get("type") == 3:
        opts = c.get("options") or []
        if not 1 <= len(opts) <= 25:
            out.append(_bad_length(p + ("options",), 1, 25))
        if hi > len(opts) and opts:
            out.append(Problem(p + ("max_values",), "SELECT_COMPONENT_MAX_VALUES", "max_values cannot exceed the number of options"))
        values = []
        for j, o in enumerate(opts):
            _check_len(out, p + ("options", j, "label"), o.get("label"), 1, 100)
            _check_len(out, p + ("options", j, "value"), o.get("value"), 1, 100)
            if o.get("description") is not None:
                _check_len(out, p + ("options", j, "description"), o.get("description"), 0, 100)
            values.append(o.get("value"))
        if len(set(values)) != len(values):
            out.append(Problem(p + ("options",), "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED", "Select option values must be unique"))
    return out


def _walk_components(components: Iterable[Any], path: tuple):
    for i, c in enumerate(components or []):
        if not isinstance(c, dict):
            continue
        yield path + (i,), c
        if isinstance(c.get("components"), list):
            yield from _walk_components(c["components"], path + (i, "components"))
        if isinstance(c.get("component"), dict):
            yield path + (i, "component"), c["component"]
        if isinstance(c.get("accessory"), dict):
            yield path + (i, "accessory"), c["accessory"]


def component_problems(components: Any, flags: int = 0, path: tuple = ("components",)) -> list[Problem]:
    """Message components: classic action rows, or Components V2 layouts when the flag is set."""
    out: list[Problem] = []
    if components is None:
        return out
    if not isinstance(components, list):
        return [Problem(path, "LIST_TYPE_CONVERT", "Only iterables may be used in a ListType")]
    if flags & FLAG_COMPONENTS_V2:
        count = sum(1 for _ in _walk_components(components, path))
        if count > 40:
            out.append(Problem(path, "COMPONENT_LAYOUT_TOO_MANY", "A message may contain at most 40 components"))
    else:
        if len(components) > 5:
            out.append(_too_long(path, 5))
        for i, row in enumerate(components):
            p = path + (i,)
            if not isinstance(row, dict) or row.get("type") != 1:
                out.append(Problem(p + ("type",), "COMPONENT_LAYOUT_INVALID", "Top-level components must be action rows without the IS_COMPONENTS_V2 flag"))
                continue
            kids = row.get("components") or []
            if not kids:
                out.append(Problem(p + ("components",), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5 in length."))
            buttons = [k for k in kids if isinstance(k, dict) and k.get("type") == 2]
            selects = [k for k in kids if isinstance(k, dict) and k.get("type") in (3, 5, 6, 7, 8)]
            if len(buttons) > 5:
                out.append(_too_long(p + ("components",), 5))
            if selects and (len(kids) > 1):
                out.append(Problem(p + ("components",), "COMPONENT_LAYOUT_WIDTH_EXCEEDED", "A select menu must be alone in its action row"))
            if len(buttons) + len(selects) != len(kids):
                out.append(Problem(p + ("components",), "COMPONENT_LAYOUT_INVALID", "Action rows in messages hold only buttons or one select menu"))
    custom_ids: list[str] = []
    for p, c in _walk_components(components, path):
        t = c.get("type")
        if t == 2:
            out += _button_problems(p, c)
        elif t in (3, 5, 6, 7, 8):
            out += _select_problems(p, c)
        if c.get("custom_id") is not None and t != 1:
            custom_ids.append(c["custom_id"])
    dupes = {x for x in custom_ids if custom_ids.count(x) > 1}
    for d in sorted(dupes):
        out.append(Problem(path, "COMPONENT_CUSTOM_ID_DUPLICATED", f"Component custom id cannot be duplicated: {d!r}"))
    return out


def message_problems(
    payload: dict[str, Any],
    filenames: list[str],
    *,
    allowed_flags: int,
    creating: bool,
    has_existing_attachments: bool = False,
) -> list[Problem]:
    """Validate a message create/edit body. `filenames`: the attachments the message will carry
    after this request (new uploads plus kept ones) for checking attachment:// references."""
    out: list[Problem] = []
    content = payload.get("content")
    if content is not None:
        if not isinstance(content, str):
            out.append(Problem(("content",), "STRING_TYPE_CONVERT", "Could not interpret value as string."))
        elif len(content) > MAX_CONTENT:
            out.append(_too_long(("content",), MAX_CONTENT))
    flags = payload.get("flags") or 0
    if not isinstance(flags, int):
        out.append(Problem(("flags",), "NUMBER_TYPE_COERCE", "Value is not int."))
        flags = 0
    bad = flags & ~allowed_flags
    if bad:
        out.append(Problem(("flags",), "MESSAGE_FLAGS_INVALID", f"Flags {bad} cannot be set here (allowed mask {allowed_flags})", reject=not (bad & FLAG_EPHEMERAL)))
    out += embed_problems(payload.get("embeds"))
    out += component_problems(payload.get("components"), flags)
    if flags & FLAG_COMPONENTS_V2 and (payload.get("content") or payload.get("embeds")):
        out.append(Problem(("content",), "MESSAGE_COMPONENTS_V2_CONTENT", "content and embeds cannot be used with IS_COMPONENTS_V2"))
    for path, name in attachment_refs(payload.get("embeds")):
        if name not in filenames:
            out.append(Problem(path, "ATTACHMENT_REFERENCE_MISSING", f"attachment://{name} does not match any attachment of this message ({filenames})", reject=False))
    if creating and not (content or payload.get("embeds") or filenames or payload.get("components") or payload.get("sticker_ids") or payload.get("poll")):
        out.append(Problem((), "EMPTY_MESSAGE", "Cannot send an empty message"))
    return out


# ---------------------------------------------------------------------------------------------
# Mentions

EVERYONE = re.compile(r"@(everyone|here)\b")
ROLE_MENTION = re.compile(r"<@&(\d+)>")
USER_MENTION = re.compile(r"<@!?(\d+)>")


def allowed_mentions_problems(payload: dict[str, Any]) -> list[Problem]:
    """A bot that shows user text must say who may be pinged on every message it creates or edits,
    and never let @everyone, @here or a role through. Missing or too wide: Discord accepts the
    message (and pings whatever the text says), the harness records a violation. A malformed
    ``allowed_mentions`` is refused as Discord refuses it."""
    if "allowed_mentions" not in payload or payload.get("allowed_mentions") is None:
        return [Problem(("allowed_mentions",), "ALLOWED_MENTIONS_MISSING",
                        "no allowed_mentions: Discord pings everything the text mentions (@everyone, @here, roles,"
                        " users); set it on the client and on every send and edit", reject=False)]
    am = payload["allowed_mentions"]
    if not isinstance(am, dict):
        return [Problem(("allowed_mentions",), "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType")]
    out: list[Problem] = []
    parse = am.get("parse") or []
    if not isinstance(parse, list) or any(p not in ("users", "roles", "everyone") for p in parse):
        out.append(Problem(("allowed_mentions", "parse"), "BASE_TYPE_CHOICES", "Value must be one of ('users', 'roles', 'everyone')."))
        parse = []
    for kind in ("users", "roles"):
        ids = am.get(kind)
        if ids and kind in parse:
            out.append(Problem(("allowed_mentions", kind), "ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
                               f"parse:[\"{kind}\"] and {kind}: [ids] are mutually exclusive."))
        if ids is not None and (not isinstance(ids, list) or len(ids) > 100):
            out.append(Problem(("allowed_mentions", kind), "BASE_TYPE_MAX_LENGTH", "Must be a list of at most 100 ids."))
    wide = [w for w in ("everyone", "roles") if w in parse] + (["the roles listed"] if am.get("roles") else [])
    if wide:
        out.append(Problem(("allowed_mentions",), "ALLOWED_MENTIONS_TOO_WIDE",
                           f"allowed_mentions lets this message ping {' and '.join(wide)}: a bot that shows user text"
                           " must allow users only", reject=False))
    return out


def pings(content: str, payload: dict[str, Any]) -> tuple[bool, list[int], list[int]]:
    """What a message with ``content`` pings under ``payload``'s allowed_mentions, by Discord's
    rules: (everyone or here, role ids, user ids). Without allowed_mentions everything mentioned
    is pinged (the bot is assumed to have the permission to mention everyone)."""
    am = payload.get("allowed_mentions")
    mentioned_roles = [int(x) for x in ROLE_MENTION.findall(content or "")]
    mentioned_users = [int(x) for x in USER_MENTION.findall(content or "")]
    if not isinstance(am, dict):
        return bool(EVERYONE.search(content or "")), mentioned_roles, mentioned_users
    parse = am.get("parse") or []
    listed_roles = {int(x) for x in am.get("roles") or [] if str(x).isdigit()}
    listed_users = {int(x) for x in am.get("users") or [] if str(x).isdigit()}
    everyone = "everyone" in parse and bool(EVERYONE.search(content or ""))
    roles = [r for r in mentioned_roles if "roles" in parse or r in listed_roles]
    users = [u for u in mentioned_users if "users" in parse or u in listed_users]
    return everyone, roles, users


# ---------------------------------------------------------------------------------------------
# Interaction callbacks


def autocomplete_problems(data: Any, option_type: int | None) -> list[Problem]:
    out: list[Problem] = []
    if not isinstance(data, dict):
        return [Problem(("data",), "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType")]
    choices = data.get("choices")
    if not isinstance(choices, list):
        return [Problem(("data", "choices"), "BASE_TYPE_REQUIRED", "This field is required")]
    if len(choices) > 25:
        out.append(_too_long(("data", "choices"), 25))
    for i, ch in enumerate(choices):
        out += _choice_problems(("data", "choices", i), ch, option_type or STRING)
    return out


def modal_problems(data: Any) -> list[Problem]:
    out: list[Problem] = []
    if not isinstance(data, dict):
        return [Problem(("data",), "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType")]
    _check_len(out, ("data", "title"), data.get("title"), 1, 45)
    _check_len(out, ("data", "custom_id"), data.get("custom_id"), 1, 100)
    comps = data.get("components") or []
    if not 1 <= len(comps) <= 5:
        out.append(_bad_length(("data", "components"), 1, 5))
    for p, c in _walk_components(comps, ("data", "components")):
        t = c.get("type")
        if t == 4:
            _check_len(out, p + ("custom_id",), c.get("custom_id"), 1, 100)
            if c.get("label") is not None:
                _check_len(out, p + ("label",), c.get("label"), 1, 45)
            if c.get("style") not in (1, 2):
                out.append(Problem(p + ("style",), "BASE_TYPE_CHOICES", "Value must be one of (1, 2)."))
            for key, lo in (("min_length", 0), ("max_length", 1)):
                v = c.get(key)
                if v is not None and not lo <= v <= 4000:
                    out.append(Problem(p + (key,), "NUMBER_TYPE_MAX", f"{key} must be between {lo} and 4000"))
            if c.get("value") is not None:
                _check_len(out, p + ("value",), c.get("value"), 0, 4000)
            if c.get("placeholder") is not None:
                _check_len(out, p + ("placeholder",), c.get("placeholder"), 0, 100)
        elif t == 18:
            _check_len(out, p + ("label",), c.get("label"), 1, 45)
            if c.get("description") is not None:
                _check_len(out, p + ("description",), c.get("description"), 0, 100)
        elif t in (3, 5, 6, 7, 8):
            out += _select_problems(p, c)
    return out
