"""Canonical JSON made from shared parts is byte for byte the canonical JSON made whole."""
from __future__ import annotations

from engine import canonical
from engine.events import event, for_player, for_players


def test_a_document_made_from_shared_texts_is_the_very_text_of_the_whole():
    texts = canonical.Texts()
    public = texts.share({"kind": "battle", "rolls": [{"roll": 3, "hit": True}], "name": "Ōmi"})
    dice = texts.share({"seed": "ab", "rolls": []})
    document = {"zeta": 1, "events": [public, {"kind": "private"}, public], "dice": dice, "élan": {},
                "nested": {"inner": public}, "none": None, "list": [], "text": "a \"quoted\" line\n"}
    assert texts.dumps(document) == canonical.dumps(document)
    parts = texts.parts(document)
    parts["chain"] = canonical.dumps({"link": "x"})[:-1]
    assert texts.join(parts) == canonical.dumps({**document, "chain": {"link": "x"}})


def test_each_player_sees_the_same_events_from_for_players_as_from_for_player():
    events = [event("a"), event("b", ["ann"]), event("c", "gm"), event("d", ["ann", "bob"], value=2)]
    seen = for_players(events, ["ann", "bob", "cho"])
    assert seen == {player: for_player(events, player) for player in ["ann", "bob", "cho"]}
    assert seen["ann"][0] is seen["bob"][0]   # one dict for all who see the event


def test_a_plain_copy_is_equal_of_the_same_types_and_shares_nothing_with_the_original():
    original = {"b": [1, True, None, "ō", 2 ** 100], "a": {"nested": [{"x": -1}]}}
    copy = canonical.copy_plain(original)
    assert copy == original and list(copy) == ["b", "a"] and copy["b"][1] is True
    copy["a"]["nested"][0]["x"] = 5
    assert original["a"]["nested"][0]["x"] == -1


class Units(dict):
    pass


def test_what_is_not_plain_is_still_copied_whole():
    import datetime

    original = {"when": datetime.date(2026, 1, 1), "units": Units(spearman=2)}
    copy = canonical.copy_plain(original)
    assert copy == original and type(copy["units"]) is Units and copy["units"] is not original["units"]
