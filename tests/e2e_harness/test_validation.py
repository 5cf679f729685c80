"""Discord's payload limits as the fake checks them (pure functions, no server)."""

from __future__ import annotations

import pytest

from tests.fakediscord.validation import (FLAG_EPHEMERAL, INTERACTION_MESSAGE_FLAGS, CHANNEL_MESSAGE_FLAGS,
                                          autocomplete_problems, chat_input_name_problems, command_list_problems,
                                          command_problems, component_problems, embed_problems, message_problems,
                                          modal_problems)


def cmd(**kw):
    base = {"name": "place", "description": "Place a tile", "type": 1, "options": []}
    base.update(kw)
    return base


def opt(name="action", type=3, **kw):
    return {"name": name, "description": "what", "type": type, **kw}


def codes(problems):
    return [p.code for p in problems]


@pytest.mark.parametrize("name", ["place", "a", "x" * 32, "置く", "tile-2_b", "ставить", "विकल्प"])
def test_valid_command_names(name):
    assert chat_input_name_problems(("name",), name) == []


@pytest.mark.parametrize("name", ["", "x" * 33, "Place", "two words", "bad!", "tab\t"])
def test_invalid_command_names(name):
    assert codes(chat_input_name_problems(("name",), name)) == ["APPLICATION_COMMAND_INVALID_NAME"]


def test_valid_command_has_no_problems():
    c = cmd(options=[opt(required=True, autocomplete=True), opt("count", 4, min_value=1, max_value=5)],
            name_localizations={"ja": "置く"}, description_localizations={"ja": "タイルを置く"},
            default_member_permissions="32", contexts=[0, 1], integration_types=[0])
    assert command_problems(c) == []


def test_description_limits():
    assert codes(command_problems(cmd(description=""))) == ["BASE_TYPE_BAD_LENGTH"]
    assert codes(command_problems(cmd(description="d" * 101))) == ["BASE_TYPE_BAD_LENGTH"]
    assert command_problems(cmd(description="d" * 100)) == []


def test_option_limits():
    too_many = command_problems(cmd(options=[opt(f"o{i}") for i in range(26)]))
    assert [p.path for p in too_many] == [("options",)]
    choices = [{"name": f"c{i}", "value": f"v{i}"} for i in range(26)]
    probs = command_problems(cmd(options=[opt(choices=choices)]))
    assert ("options", 0, "choices") in [p.path for p in probs]
    probs = command_problems(cmd(options=[opt(choices=[{"name": "n" * 101, "value": "v"}])]))
    assert [p.path for p in probs] == [("options", 0, "choices", 0, "name")]
    probs = command_problems(cmd(options=[opt(autocomplete=True, choices=[{"name": "a", "value": "a"}])]))
    assert codes(probs) == ["APPLICATION_COMMAND_OPTION_AUTOCOMPLETE_AND_CHOICES"]
    probs = command_problems(cmd(options=[opt("a"), opt("b", required=True)]))
    assert codes(probs) == ["APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID"]
    probs = command_problems(cmd(options=[opt("a"), opt("a")]))
    assert codes(probs) == ["APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS"]
    probs = command_problems(cmd(options=[opt("Action")]))
    assert codes(probs) == ["APPLICATION_COMMAND_INVALID_NAME"]


def test_subcommand_structure():
    sub = {"name": "new", "description": "d", "type": 1, "options": [opt("players", 4, required=True)]}
    group = {"name": "game", "description": "d", "type": 2, "options": [sub]}
    assert command_problems(cmd(options=[group])) == []
    mixed = command_problems(cmd(options=[sub, opt("loose")]))
    assert "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID" in codes(mixed)
    bad_group = command_problems(cmd(options=[{**group, "options": [opt("x")]}]))
    assert "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID" in codes(bad_group)


def test_localization_keys_must_be_discord_locales():
    probs = command_problems(cmd(name_localizations={"jp": "置く", "ja": "Bad Name"}))
    assert sorted(codes(probs)) == ["APPLICATION_COMMAND_INVALID_NAME", "INVALID_LOCALE"]
    probs = command_problems(cmd(description_localizations={"en": "x"}))
    assert codes(probs) == ["INVALID_LOCALE"]


def test_command_list_duplicates_and_context_menus():
    assert codes(command_list_problems([cmd(), cmd()])) == ["APPLICATION_COMMANDS_DUPLICATE_NAME"]
    user_cmd = {"name": "Show Hand", "type": 2}
    assert command_list_problems([cmd(), user_cmd]) == []
    assert codes(command_list_problems([{**user_cmd, "description": "no"}])) == ["APPLICATION_COMMAND_INVALID_DESCRIPTION"]
    assert codes(command_list_problems([cmd(name=f"c{i}") for i in range(101)])) == ["APPLICATION_COMMAND_TOO_MANY"]


def test_command_total_size_limit():
    big = cmd(options=[opt(f"o{i}", description="d" * 100, choices=[{"name": "n" * 100, "value": "v" * 100} for _ in range(1)])
                       for i in range(25)])
    assert "APPLICATION_COMMAND_TOO_LARGE" in codes(command_problems(big))


def test_message_content_and_flags():
    assert message_problems({"content": "x" * 2000}, [], allowed_flags=CHANNEL_MESSAGE_FLAGS, creating=True) == []
    assert codes(message_problems({"content": "x" * 2001}, [], allowed_flags=CHANNEL_MESSAGE_FLAGS, creating=True)) == ["BASE_TYPE_MAX_LENGTH"]
    assert codes(message_problems({}, [], allowed_flags=CHANNEL_MESSAGE_FLAGS, creating=True)) == ["EMPTY_MESSAGE"]
    assert message_problems({}, [], allowed_flags=CHANNEL_MESSAGE_FLAGS, creating=False) == []
    eph = message_problems({"content": "x", "flags": FLAG_EPHEMERAL}, [], allowed_flags=CHANNEL_MESSAGE_FLAGS, creating=True)
    assert codes(eph) == ["MESSAGE_FLAGS_INVALID"] and not eph[0].reject
    assert message_problems({"content": "x", "flags": FLAG_EPHEMERAL}, [], allowed_flags=INTERACTION_MESSAGE_FLAGS, creating=True) == []


def test_embed_limits():
    assert embed_problems([{"title": "t"}] * 10) == []
    assert [p.path for p in embed_problems([{"title": "t"}] * 11)] == [("embeds",)]
    assert [p.path for p in embed_problems([{"title": "t" * 257}])] == [("embeds", 0, "title")]
    assert [p.path for p in embed_problems([{"description": "d" * 4097}])] == [("embeds", 0, "description")]
    fields = [{"name": "n", "value": "v"}] * 26
    assert [p.path for p in embed_problems([{"fields": fields}])] == [("embeds", 0, "fields")]
    bad_field = embed_problems([{"fields": [{"name": "", "value": "v" * 1025}]}])
    assert sorted(p.path for p in bad_field) == [("embeds", 0, "fields", 0, "name"), ("embeds", 0, "fields", 0, "value")]
    total = embed_problems([{"description": "d" * 4000}, {"description": "d" * 2001}])
    assert codes(total) == ["EMBED_TOO_LONG"]
    assert codes(embed_problems([{"footer": {"text": "f" * 2049}}])) == ["BASE_TYPE_BAD_LENGTH"]
    assert codes(embed_problems([{"image": {"url": "ftp://x/y.png"}}])) == ["URL_TYPE_INVALID_PROTOCOL"]


def test_attachment_references_must_match_the_request():
    payload = {"embeds": [{"image": {"url": "attachment://board.png"}, "thumbnail": {"url": "attachment://x.png"}}]}
    probs = message_problems(payload, ["board.png"], allowed_flags=CHANNEL_MESSAGE_FLAGS, creating=True)
    assert [(p.code, p.path, p.reject) for p in probs] == [("ATTACHMENT_REFERENCE_MISSING", ("embeds", 0, "thumbnail", "url"), False)]


def button(i, **kw):
    return {"type": 2, "style": 1, "label": f"b{i}", "custom_id": f"id{i}", **kw}


def row(*items):
    return {"type": 1, "components": list(items)}


def test_component_limits():
    assert component_problems([row(*(button(i) for i in range(5)))]) == []
    assert [p.path for p in component_problems([row(*(button(i) for i in range(6)))])] == [("components", 0, "components")]
    six_rows = [row(button(i)) for i in range(6)]
    assert [p.path for p in component_problems(six_rows)] == [("components",)]
    assert [p.path for p in component_problems([row(button(0, custom_id="c" * 101))])] == [("components", 0, "components", 0, "custom_id")]
    assert [p.path for p in component_problems([row(button(0, label="l" * 81))])] == [("components", 0, "components", 0, "label")]
    assert codes(component_problems([row(button(0), button(1, custom_id="id0"))])) == ["COMPONENT_CUSTOM_ID_DUPLICATED"]
    assert codes(component_problems([button(0)])) == ["COMPONENT_LAYOUT_INVALID"]
    link = {"type": 2, "style": 5, "label": "rules", "url": "https://example.org"}
    assert component_problems([row(link)]) == []
    assert codes(component_problems([row({**link, "custom_id": "x"})])) == ["COMPONENT_LAYOUT_INVALID"]
    select = {"type": 3, "custom_id": "s", "options": [{"label": "a", "value": "a"}]}
    assert component_problems([row(select)]) == []
    assert "COMPONENT_LAYOUT_WIDTH_EXCEEDED" in codes(component_problems([row(select, button(0))]))
    many = {**select, "options": [{"label": str(i), "value": str(i)} for i in range(26)]}
    assert codes(component_problems([row(many)])) == ["BASE_TYPE_BAD_LENGTH"]


def test_autocomplete_result_limits():
    ok = {"choices": [{"name": f"c{i}", "value": f"c{i}"} for i in range(25)]}
    assert autocomplete_problems(ok, 3) == []
    too_many = {"choices": [{"name": f"c{i}", "value": f"c{i}"} for i in range(26)]}
    assert [p.path for p in autocomplete_problems(too_many, 3)] == [("data", "choices")]
    assert [p.path for p in autocomplete_problems({"choices": [{"name": "", "value": "v"}]}, 3)] == [("data", "choices", 0, "name")]
    assert [p.path for p in autocomplete_problems({"choices": [{"name": "n" * 101, "value": "v"}]}, 3)] == [("data", "choices", 0, "name")]
    assert [p.path for p in autocomplete_problems({"choices": [{"name": "n", "value": "x"}]}, 4)] == [("data", "choices", 0, "value")]


def test_modal_limits():
    text = {"type": 4, "custom_id": "t", "label": "Feedback", "style": 1}
    assert modal_problems({"title": "Feedback", "custom_id": "m", "components": [row(text)]}) == []
    assert [p.path for p in modal_problems({"title": "t" * 46, "custom_id": "m", "components": [row(text)]})] == [("data", "title")]
    assert [p.path for p in modal_problems({"title": "t", "custom_id": "m", "components": []})] == [("data", "components")]
