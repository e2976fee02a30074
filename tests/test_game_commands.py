"""A game's GM commands touch no campaign: they ask the desk in their click context (engine.tools.Desk) for the
facts and the dice, and hand back what they found; the shell's desk (pbem/game_commands.py) does the rest, and
says a game's refusal as its own. Here the desk is a scripted one, with no campaign folder anywhere."""
from __future__ import annotations

from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from engine.tools import DESK, Drafted, Facts, Refused, Told, desk_in
from games.amdt.commands import amdt
from games.moderated.commands import moderate
from pbem.errors import UserError
from pbem.game_commands import shell_error, written_line

NOWHERE = Path("/nonexistent/japan")


def facts(game: str = "amdt", over: bool = False, **changed) -> Facts:
    return Facts(**{"folder": NOWHERE, "name": "japan", "game": game, "title": "A Most Dangerous Time",
                    "players": ("ann", "bob"), "open_round": 3, "last_round": 2, "over": over,
                    "takes_gm_results": True, "state": {}, **changed})


class ScriptedDice:
    """Dice on demand that show `face` on every die, numbered from 0 as the shell numbers them."""

    def __init__(self, face: int):
        self.face, self.made = face, []

    def roll(self, sides: int, purpose: str) -> int:
        return self.roll_dice(1, sides, purpose)[0]

    def roll_dice(self, count: int, sides: int, purpose: str, at_least: int | None = None) -> list[int]:
        dice = [self.face] * count
        expression = f"{count}d{sides}" + (f">={at_least}" if at_least is not None else "")
        self.made.append({"seq": len(self.made), "expression": expression, "purpose": purpose, "dice": dice})
        return dice


class ScriptedDesk:
    """A desk that keeps what it was asked: the facts it gives are `given`, every die shows `face`."""

    def __init__(self, given: Facts, face: int = 5):
        self.given, self.face, self.ran = given, face, []

    def facts(self, folder: Path) -> Facts:
        return self.given

    def run(self, folder: Path, tool) -> Told:
        dice = ScriptedDice(self.face)
        told = tool(self.given, dice)
        self.ran.append((folder, told, dice.made))
        return told

    def draft(self, folder: Path, write: bool, replace_file: bool) -> Drafted:
        self.ran.append((folder, write, replace_file))
        return Drafted(3, "round = 3\ndraft = true\n", None)


def invoke(desk, group: click.Group, *args: str):
    """`group ARGS` with `desk` in the click context, as the shell's CLI hands a game's command its own."""
    @click.group()
    @click.pass_context
    def shell(ctx):
        ctx.meta[DESK] = desk

    shell.add_command(group)
    return CliRunner().invoke(shell, [group.name, *args])


def test_a_gms_tool_is_run_on_the_desk_it_is_given_and_hands_back_its_typed_result():
    desk = ScriptedDesk(facts(), face=5)   # every die hits
    done = invoke(desk, amdt, "sea-battle", str(NOWHERE), "--attacker", "2", "--defender", "1", "--for", "Ise Bay")
    assert done.exit_code == 0, done.output
    [(folder, told, made)] = desk.ran
    assert folder == NOWHERE and [one["expression"] for one in made] == ["2d6>=5", "1d6>=5"]
    assert told.table.key == "tool" and told.table.data["outcome"] == "attacker_won"
    assert told.table.data["rounds"] == [{"attacker_hits": 2, "attacker_roll": 0, "defender_hits": 1,
                                          "defender_roll": 1}]
    assert told.text.startswith("Sea battle (Ise Bay): 2 attacking units against 1.")
    assert 'kind = "sea-battle"' in told.table.text and done.output == ""   # telling it is the shell's


def test_the_kept_turn_track_is_read_from_the_facts_the_desk_gives():
    kept = {"track": [{"entry": "mori", "turn": 13, "end_phase": False}]}   # the last resolved round's
    desk = ScriptedDesk(facts(state=kept, results={"tool": ["not a table", {"kind": "regroup"}]}))
    done = invoke(desk, amdt, "reinforcements", str(NOWHERE), "--turn", "13")
    assert done.exit_code == 0, done.output
    [(_, told, made)] = desk.ran
    assert made == [] and told.table.data["before"] == {"mori": "13"} and told.table.data["entered"] == ["mori"]
    set_up = ScriptedDesk(facts(state=kept, results={"tool": [{"kind": "setup"}]}))   # 14.1's track put back
    assert invoke(set_up, amdt, "reinforcements", str(NOWHERE), "--turn", "2").exit_code == 0
    assert set_up.ran[0][1].table.data["before"] == {"enryaku-ji": "2", "takeda": "6", "mori": "13", "uesugi": "15"}
    assert told.after.startswith("Resolving the round makes the track after it the game's")


@pytest.mark.parametrize("given, said", [
    (facts(game="age-of-war", title="Age of War"), "japan plays Age of War, not A Most Dangerous Time"),
    (facts(over=True), "the game is over (after round 2); there is no round to add to"),
])
def test_a_tool_refuses_a_campaign_it_has_nothing_to_do_in_before_the_desk_runs_anything(given, said):
    desk = ScriptedDesk(given)
    done = invoke(desk, amdt, "setup", str(NOWHERE))
    assert isinstance(done.exception, Refused) and said in done.exception.message
    assert desk.ran == []


def test_the_moderated_draft_is_the_desks_and_the_command_only_says_it():
    desk = ScriptedDesk(facts(game="moderated"))
    done = invoke(desk, moderate, "draft", str(NOWHERE), "--stdout")
    assert done.exit_code == 0 and done.output == "round = 3\ndraft = true\n"
    assert desk.ran == [(NOWHERE, False, False)]
    refused = invoke(ScriptedDesk(facts(takes_gm_results=False, title="Ikusa")), moderate, "check", str(NOWHERE))
    assert isinstance(refused.exception, Refused) and "whose rounds take no GM results" in str(refused.exception)


def test_a_games_refusal_is_said_as_the_shells_own_with_the_same_words_and_exit_code():
    refused = Refused("round 3 is wrong", ["fix it this way", "or that way"])
    said = shell_error(refused)
    assert isinstance(said, UserError) and str(said) == str(refused) == \
        "round 3 is wrong\n  fix it this way\n  or that way"
    assert said.exit_code == refused.exit_code == 2


def test_a_games_command_run_without_the_shell_says_it_needs_the_shells_desk():
    with pytest.raises(RuntimeError, match="without the shell's desk"):
        desk_in({})
    done = CliRunner().invoke(amdt, ["setup", str(NOWHERE)])
    assert isinstance(done.exception, RuntimeError)


def test_the_shell_says_where_a_tools_table_went_or_that_it_was_there_already():
    assert written_line(3, "tool", Path("r.toml"), True) == \
        "Written into round 3's results, r.toml, as a [[tool]] table; read it there, then pbem resolve."
    assert written_line(3, "tool", Path("r.toml"), False) == \
        "It is in round 3's results already (r.toml); nothing new was rolled or added."
