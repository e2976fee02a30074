"""Ninjato's component data: the default file, a GM's own file, and the problems a bad file is refused with."""
from __future__ import annotations

import pytest

from games.ninjato import components
from games.ninjato.components import ComponentsError


def problems_of(text: str) -> list[tuple[str, str]]:
    with pytest.raises(ComponentsError) as refused:
        components.parse(text)
    return [(p.code, p.where) for p in refused.value.problems]


def edited(old: str, new: str, count: int = 1) -> str:
    text = components.default_text()
    assert old in text
    return text.replace(old, new, count)


def test_the_default_components_have_every_piece_the_rulebook_counts():
    data = components.load()
    assert len(data["dojo"]) == 52 and set(data["dojo"]) == {1, 2, 3, 4, 5}
    assert (len(data["guards"]), len(data["elites"]), len(data["treasures"])) == (40, 20, 90)
    assert (len(data["envoys"]), len(data["rumors"])) == (21, 30)
    assert (len(data["skills"]), len(data["hensojutsu"])) == (16, 3)
    assert all(len(tokens) == 5 for tokens in data["clans"].values())


def test_the_default_components_say_which_lists_are_provisional():
    assert components.load()["provisional"] == sorted(components.FIELDS)


def test_every_piece_has_an_id_of_its_own():
    data = components.load()
    for section in ("guards", "elites", "treasures", "envoys", "rumors", "skills", "hensojutsu"):
        ids = [piece["id"] for piece in data[section]]
        assert len(set(ids)) == len(ids), section


def test_a_gms_own_file_is_read_from_its_text(tmp_path):
    path = tmp_path / "box.toml"
    path.write_text(edited("provisional = true", "provisional = false", -1).replace(
        'id = "kenjutsu"', 'id = "from-the-box"'), encoding="utf-8")
    data = components.parse(path.read_text(encoding="utf-8"), str(path))
    assert data["provisional"] == [] and "from-the-box" in [s["id"] for s in data["skills"]]


def test_a_file_that_cannot_be_read_as_toml_is_one_unreadable_problem():
    assert problems_of("dojo = [") == [("unreadable", "")]


def test_a_list_of_the_wrong_size_is_a_bad_count():
    assert problems_of(edited("value = 1\ncount = 10", "value = 1\ncount = 9")) == [("bad-count", "dojo")]


def test_a_skill_with_an_effect_outside_the_vocabulary_is_refused():
    assert problems_of(edited('effect = "peek"', 'effect = "teleport"')) == [("unknown-effect", "skills[10]")]


def test_a_value_skill_needs_its_mode_and_amount():
    assert problems_of(edited('mode = "strength"\namount = 2\n', "")) == [("missing-field", "skills[1]"),
                                                                           ("missing-field", "skills[1]")]


def test_a_requirement_naming_an_unknown_treasure_is_refused():
    assert problems_of(edited('requires = ["gold"]', 'requires = ["ruby"]')) == [("unknown-kind", "envoys[5]")]


def test_a_field_of_the_wrong_type_names_its_entry():
    found = problems_of(edited("value = 4\ncount = 10", 'value = "four"\ncount = 10'))
    assert found[0] == ("wrong-type", "dojo[3]")


def test_an_unknown_field_and_an_unknown_style_are_refused():
    assert problems_of(edited('style = "tiger"', 'style = "tiger"\ncolour = "red"')) == [
        ("unknown-field", "skills[1]")]
    assert problems_of(edited('style = "tiger"', 'style = "dragon"')) == [("unknown-style", "skills[1]")]


def test_two_envoys_of_one_clan_and_age_are_refused():
    found = problems_of(edited('clan = "taira"\nage = 2', 'clan = "taira"\nage = 1'))
    assert found == [("duplicate", "envoys")]


def test_a_clan_without_a_token_the_setup_needs_is_refused():
    assert problems_of(edited("tokens = [2, 4, 5, 6, 8]", "tokens = [2, 3, 5, 6, 8]")) == [
        ("missing-token", "clans")]


def test_a_problem_reads_as_an_english_sentence_for_the_gm():
    with pytest.raises(ComponentsError) as refused:
        components.parse(edited('effect = "peek"', 'effect = "teleport"'), "box.toml")
    assert "box.toml: skills[10]: teleport is not a skill effect" in str(refused.value)
