"""The templates' environment looks names up in plain dicts as jinja2 does, only faster."""
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
