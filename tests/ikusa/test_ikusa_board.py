import re
from importlib import resources

import pytest

from games.ikusa.board import default_board, load_map
from games.ikusa.names import ProvinceNameError, match_province


@pytest.fixture(scope="module")
def board():
    return default_board()


@pytest.fixture(scope="module")
def text():
    return resources.files("games.ikusa").joinpath("map.toml").read_text(encoding="utf-8")


def reachable(board, start):
    seen, frontier = {start}, [start]
    while frontier:
        for other in board.neighbours(frontier.pop()):
            if other not in seen:
                seen.add(other)
                frontier.append(other)
    return seen


# --- the rulebook's board ------------------------------------------------------------------------

def test_the_board_has_sixty_eight_provinces_all_reachable_by_land_and_sea(board):
    assert len(board) == 68
    assert reachable(board, "kozuke") == set(board.ids())


def test_kozuke_borders_echigo_but_only_meets_shimosa_at_a_point_so_they_are_not_adjacent(board):
    assert board.is_adjacent("kozuke", "echigo") and board.is_adjacent("echigo", "kozuke")
    assert not board.is_adjacent("kozuke", "shimosa")
    assert not board.is_sea_line("kozuke", "echigo")


def test_iki_and_nagato_are_adjacent_by_a_sea_line_but_iki_and_buzen_are_not_adjacent(board):
    assert board.is_adjacent("iki", "nagato") and board.is_sea_line("nagato", "iki")
    assert "iki" in board.neighbours("nagato") and "nagato" in board.neighbours("iki")
    assert not board.is_adjacent("iki", "buzen")
    assert "nagato" not in board.land_neighbours("iki")


def test_neighbours_come_in_map_order_and_are_symmetric(board):
    for pid in board.ids():
        orders = [board.provinces[other].order for other in board.neighbours(pid)]
        assert orders == sorted(orders)
        assert all(pid in board.neighbours(other) for other in board.neighbours(pid))


def test_the_two_awa_are_distinct_provinces_on_different_islands_with_names_told_apart(board):
    shikoku, boso = board.provinces["awa_shikoku"], board.provinces["awa_boso"]
    assert shikoku.island == "shikoku" and boso.island == "honshu"
    assert board.name("awa_shikoku") != board.name("awa_boso")
    assert "Awa" in board.name("awa_shikoku") and "Awa" in board.name("awa_boso")
    assert not board.is_adjacent("awa_shikoku", "awa_boso")


def test_coordinates_are_kept_as_integers_in_hundredths_of_a_degree(board):
    kozuke = board.provinces["kozuke"]
    assert (kozuke.lon, kozuke.lat) == (13898, 3651)
    assert all(isinstance(p.lon, int) and isinstance(p.lat, int) for p in board.provinces.values())


def test_the_default_board_is_read_once_and_another_map_file_can_be_loaded(board, text, tmp_path):
    assert default_board() is board
    path = tmp_path / "campaign-map.toml"
    path.write_text(text.replace("# Ikusa", "# A campaign's own copy of the Ikusa"), encoding="utf-8")
    other = load_map(path)
    assert other.digest != board.digest and len(other) == 68
    assert load_map(str(path)) is other
    assert load_map(text).digest == board.digest


def test_optional_sea_lines_are_kept_apart_and_do_not_make_provinces_adjacent(board):
    assert ("awa_boso", "sagami") in board.sea_optional
    assert not board.is_adjacent("awa_boso", "sagami")


# --- a broken map file is refused, naming its fault ------------------------------------------------

def add_land(text, edge):
    return text.replace("land = [\n", f"land = [\n  {edge},\n", 1)


def drop_line(text, pattern):
    changed = re.sub(pattern, "", text, count=1, flags=re.MULTILINE)
    assert changed != text
    return changed


BROKEN = {
    "unknown id": (lambda t: add_land(t, '["kozuke", "atlantis"]'), "unknown province 'atlantis'"),
    "unknown id in a sea line": (lambda t: t.replace('["izumo", "oki"]', '["izumo", "okinawa"]'),
                                 "sea line izumo-okinawa names an unknown province 'okinawa'"),
    "self-edge": (lambda t: add_land(t, '["kozuke", "kozuke"]'), "joins a province to itself"),
    "duplicate edge": (lambda t: add_land(t, '["kozuke", "echigo"]'), "land edge echigo-kozuke is listed twice"),
    "edge on land and sea": (lambda t: add_land(t, '["iki", "nagato"]'), "both as a land border and as a sea line"),
    "duplicate id": (lambda t: t + '\n[provinces.kozuke]\nname = "Kozuke"\nisland = "honshu"\nregion = "x"\n',
                     "province id 'kozuke' is declared twice"),
    "disconnected": (lambda t: drop_line(t, r'^  \["iki", "tsushima"\],.*\n'), "not connected: tsushima"),
    "missing name": (lambda t: t.replace('name = "Kai"\n', ""), "province kai has no name"),
    "not TOML": (lambda t: t + "\nland = [\n", "not valid TOML"),
    "one Awa": (lambda t: t.replace('name = "Awa (Bōsō)"', 'name = "Boso"'), "names 1 province\\(s\\) Awa"),
    "Awa twice on one island": (lambda t: t.replace('name = "Awa (Bōsō)"', 'name = "Awa"')
                                .replace('name = "Awa (Shikoku)"', 'name = "Awa"')
                                .replace('island = "shikoku"\nregion = "nankaido"\nlon = 134.24',
                                         'island = "honshu"\nregion = "nankaido"\nlon = 134.24'),
                                "awa_shikoku are both called 'Awa' on honshu"),
    "two provinces of one name": (lambda t: t.replace('name = "Kai"', 'name = "Kazusa"'),
                                  "kai and kazusa are both called 'Kazusa' on honshu"),
}


@pytest.mark.parametrize("fault", list(BROKEN))
def test_a_broken_map_file_is_refused_with_a_message_naming_the_fault(text, fault):
    edit, message = BROKEN[fault]
    broken = edit(text)
    assert broken != text
    with pytest.raises(ValueError, match=message):
        load_map(broken)


def test_two_provinces_both_named_awa_on_different_islands_are_shown_with_their_island(text):
    plain = text.replace('name = "Awa (Bōsō)"', 'name = "Awa"').replace('name = "Awa (Shikoku)"', 'name = "Awa"')
    board = load_map(plain)
    assert board.name("awa_boso") == "Awa (Honshu)" and board.name("awa_shikoku") == "Awa (Shikoku)"
    assert match_province(board, "awa (honshu)") == "awa_boso"
    with pytest.raises(ProvinceNameError, match="Awa \\(Honshu\\)"):
        match_province(board, "Awa")


# --- names as players write them -------------------------------------------------------------------

@pytest.mark.parametrize("written", ["KOZUKE", "Kōzuke", "kozuke", " kō-zuke ", "上野"])
def test_a_province_is_matched_without_case_accents_or_punctuation(board, written):
    assert match_province(board, written) == "kozuke"


@pytest.mark.parametrize("written, pid", [("Awa (Shikoku)", "awa_shikoku"), ("awa_boso", "awa_boso"),
                                          ("Awa (Boso)", "awa_boso"), ("awa shikoku", "awa_shikoku"),
                                          ("Totomi", "totomi"), ("OMI", "omi")])
def test_each_awa_is_matched_by_its_full_name_or_its_id(board, written, pid):
    assert match_province(board, written) == pid


def test_awa_alone_is_ambiguous_and_the_error_names_both(board):
    with pytest.raises(ValueError) as caught:
        match_province(board, "awa")
    assert caught.value.ambiguous
    assert "Awa (Shikoku)" in str(caught.value) and "Awa (Bōsō)" in str(caught.value)


def test_an_unknown_name_is_refused_with_the_closest_names_suggested(board):
    with pytest.raises(ValueError, match='Did you mean "Kōzuke"') as caught:
        match_province(board, "Kozuki")
    assert not caught.value.ambiguous
    with pytest.raises(ValueError, match='"Musashi"'):
        match_province(board, "Musash")


def test_a_name_like_nothing_on_the_map_is_refused_without_suggestions(board):
    with pytest.raises(ValueError, match="no province called") as caught:
        match_province(board, "Zzyzx")
    assert caught.value.candidates == []
