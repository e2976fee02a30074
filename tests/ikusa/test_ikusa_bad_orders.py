"""Bad Ikusa orders are refused when they are checked, each with a clear message naming its field."""
import pytest
from conftest import run, tree

from games.ikusa.board import default_board
from pbem.campaign import Campaign


@pytest.fixture(scope="module")
def campaign(tmp_path_factory):
    folder = tmp_path_factory.mktemp("bad") / "feud"
    assert run("new", folder, "--game", "ikusa", "--player", "ann=a@x.org", "--player", "bob=b@x.org",
               "--player", "cho=c@x.org").code == 0
    assert run("resolve", folder, "--force").code == 0  # the placement round
    return Campaign.load(folder)


def check(campaign, tmp_path, body: str):
    path = tmp_path / "orders.toml"
    path.write_text(f'round = {campaign.open_round}\nplayer = "ann"\n{body}')
    before = tree(campaign.folder)
    result = run("orders", "check", campaign.folder, path)
    assert tree(campaign.folder) == before
    assert result.code == 2, result.out
    return result.err


def test_overspent_koku_are_refused(campaign, tmp_path):
    koku = campaign.state()["koku"]["ann"]
    assert "planning" in check(campaign, tmp_path, f"[planning]\nturn_order = {koku + 3}\n")


def test_building_with_one_koku_is_refused(campaign, tmp_path):
    koku = campaign.state()["koku"]["ann"]
    err = check(campaign, tmp_path, f"[planning]\nbuild = 1\nturn_order = {koku - 1}\n")
    assert "line 4, planning.build" in err


def test_an_unknown_province_is_refused_with_the_closest_names(campaign, tmp_path):
    koku = campaign.state()["koku"]["ann"]
    err = check(campaign, tmp_path, f'[planning]\nbuild = 2\nturn_order = {koku - 2}\n'
                                    f'[build]\nkind = "castle"\nprovince = "Yamashirro"\n')
    assert "build" in err and "Yamashiro" in err


def test_moving_through_enemy_land_is_refused(campaign, tmp_path):
    state = campaign.state()
    board = default_board()
    army, enemy = next((a_id, n) for a_id, a in sorted(state["armies"].items()) if a["player"] == "ann"
                       for n in board.neighbours(a["province"])
                       if state["provinces"][n]["owner"] not in (None, "ann"))
    err = check(campaign, tmp_path, f'[[war.moves]]\narmy = "{army}"\npath = ["{enemy}"]\n')
    assert "line 5, war.moves[0].path[0]" in err


def test_breaking_the_ronin_stacking_limit_is_refused(campaign, tmp_path):
    state = campaign.state()
    armies_at = {a["province"] for a in state["armies"].values()}
    lone = next(pid for pid, p in state["provinces"].items()
                if p["owner"] == "ann" and p["force"] == {"spearman": 1} and pid not in armies_at)
    koku = state["koku"]["ann"]
    err = check(campaign, tmp_path, f'[planning]\nronin = 1\nturn_order = {koku - 1}\n'
                                    f'[ronin]\nronin = [{{ to = "{lone}", count = 2 }}]\n')
    assert "ronin" in err


def test_a_moves_garrison_written_without_its_province_says_how_it_is_written(campaign, tmp_path):
    """garrison = { spearman = 1 } on a move said 'There is no province called "spearman"'."""
    state = campaign.state()
    army = next(a_id for a_id, a in sorted(state["armies"].items()) if a["player"] == "ann")
    err = check(campaign, tmp_path, f'[[war.final_moves]]\narmy = "{army}"\npath = []\ngarrison = {{ spearman = 1 }}\n')
    assert "war.final_moves[0].garrison" in err and "no province" not in err
    assert "garrison = { Wakasa = { spearman = 1 } }" in err, err
