"""The templates' environment looks names up in plain dicts and calls macros and methods as jinja2 does, only faster."""
from __future__ import annotations

import jinja2
import pytest

from pbem import render


def rendered(source: str, **values) -> str:
    return render._env().from_string(source).render(**values)


def test_a_name_on_a_dict_is_its_item_and_a_dict_method_is_still_the_method():
    data = {"name": "Omi", "items": "not the method", "get": 3}
    assert rendered("{{ d.name }}", d=data) == "Omi"
    assert rendered("{% for k, v in d.items() %}{{ k }}{% endfor %}", d=data) == "nameitemsget"
    assert rendered("{{ d.get('name') }}", d=data) == "Omi"


def test_a_name_missing_from_a_dict_is_refused_as_before():
    with pytest.raises(jinja2.UndefinedError):
        rendered("{{ d.nowhere }}", d={"name": "Omi"})


def test_objects_other_than_plain_dicts_keep_jinjas_lookup():
    class Province(dict):
        name = "attribute first"

    assert rendered("{{ p.name }}", p=Province(name="item")) == "attribute first"
    assert rendered("{{ t.real }}", t=3) == "3"


def test_a_macro_takes_its_arguments_defaults_keywords_and_caller_as_before():
    source = ("{% macro m(a, b='B') %}{{ a }}{{ b }}{% endmacro %}{% macro c(a) %}{{ a }}{{ caller() }}{% endmacro %}"
              "{{ m(1) }} {{ m(1, 2) }} {{ m(b=3, a=4) }} {% call c('c') %}in{% endcall %}")
    assert rendered(source) == "1B 12 43 cin"
    with pytest.raises(TypeError):
        rendered("{% macro m(a) %}{% endmacro %}{{ m(1, 2) }}")


def test_a_builtin_method_is_called_and_a_callable_that_asks_for_the_context_still_gets_it():
    @jinja2.pass_context
    def asks(context, name):
        return context[name]

    assert rendered("{% set xs = [] %}{% set _ = xs.append(2) %}{{ xs }} {{ d.get('k', 5) }}", d={}) == "[2] 5"
    assert rendered("{% for x in [1] %}{% set who = 'Omi' %}{{ asks('who') }}{% endfor %}", asks=asks) == "Omi"


def test_a_call_that_raises_stopiteration_gives_an_undefined_value_as_before():
    empty = iter(())
    with pytest.raises(jinja2.UndefinedError):
        rendered("{{ next() }}", next=empty.__next__)


def test_a_macro_run_straight_in_escapes_as_jinja_would_and_is_run_so_with_this_jinja():
    assert render._env().context_class.direct_macros, "this jinja2 keeps its macros elsewhere: the slow way is taken"
    source = "{% macro m(a) %}<i>{{ a }}</i>{% endmacro %}{{ m('<b>') }}"
    assert rendered(source) == "<i>&lt;b&gt;</i>"   # a string template is escaped (select_autoescape)
    assert jinja2.Environment(autoescape=True).from_string(source).render() == rendered(source)


def test_a_long_line_is_wrapped_as_textwrap_wraps_it_each_time_with_its_own_indent():
    import textwrap

    line = "  " + " ".join(f"word{i}" for i in range(40))
    for width, indent in [(60, "  "), (60, ""), (45, "  "), (60, "  ")]:
        expected = textwrap.fill(line, width, subsequent_indent="  " + indent, break_long_words=False,
                                 break_on_hyphens=False)
        assert render.wrap(line, width, indent) == expected
        assert render.wrap("short\n" + line, width, indent) == "short\n" + expected


def _small_environment(cache) -> jinja2.Environment:
    return jinja2.Environment(loader=jinja2.DictLoader({"t.txt.j2": "{{ 1 + 1 }} {{ name }}"}), bytecode_cache=cache)


def test_the_templates_compiled_in_one_run_are_loaded_by_the_next_without_compiling_them_again(tmp_path, monkeypatch):
    assert render._env().bytecode_cache.pattern == render._compiled_templates().pattern   # the templates' own
    cache = type(render._compiled_templates())(str(tmp_path), pattern=render._compiled_templates().pattern)
    assert _small_environment(cache).get_template("t.txt.j2").render(name="Omi") == "2 Omi"
    assert len(list(tmp_path.iterdir())) == 1
    later = _small_environment(cache)
    monkeypatch.setattr(later, "compile", lambda *a, **k: pytest.fail("compiled again"))
    assert later.get_template("t.txt.j2").render(name="Oda") == "2 Oda"


def test_a_garbled_compiled_template_is_compiled_again_and_a_cache_that_cannot_be_written_fails_nothing(tmp_path):
    pattern = render._compiled_templates().pattern
    cache = type(render._compiled_templates())(str(tmp_path), pattern=pattern)
    _small_environment(cache).get_template("t.txt.j2")
    (kept,) = tmp_path.iterdir()
    kept.write_bytes(kept.read_bytes()[:20])   # cut short, as by a crash of another filesystem's writer
    assert _small_environment(cache).get_template("t.txt.j2").render(name="Omi") == "2 Omi"
    nowhere = type(render._compiled_templates())(str(tmp_path / "missing"), pattern=pattern)
    assert _small_environment(nowhere).get_template("t.txt.j2").render(name="Omi") == "2 Omi"


def test_the_compiled_templates_are_kept_apart_for_another_jinja2_or_other_settings(monkeypatch):
    kept = render._compiled_templates().pattern
    render._compiled_templates.cache_clear()
    try:
        monkeypatch.setitem(render._SETTINGS, "trim_blocks", False)
        assert render._compiled_templates().pattern != kept
        render._compiled_templates.cache_clear()
        monkeypatch.undo()
        monkeypatch.setattr(jinja2, "__version__", "0.0-other")
        assert render._compiled_templates().pattern != kept
    finally:
        monkeypatch.undo()
        render._compiled_templates.cache_clear()
    assert render._compiled_templates().pattern == kept
