"""The GM's tools of A Most Dangerous Time in its moderated campaign, `pbem amdt ...`, and `pbem odds amdt-sea`.

The shell finds them through GAME.commands and GAME.odds_command. Each tool
takes what the fragment leaves to the table (unit counts, who holds what, the
turn in play) from its options, rolls what it rolls as dice on demand
(numbered, kept, shown with every die in every player's next report,
rechecked by `pbem verify` and the player's checker), tells the GM what came
of it (in English, here), and gives its result as typed data, a [[tool]]
table for the end of the open round's results file (results.py), where the GM
reads it, may edit or delete it, and publishes it with `pbem resolve`, which
tells it in each player's language.

Each tool is a pure function of its options, the campaign's facts and the
dice (engine.tools: Facts, DiceOnDemand, Told); the click commands here only
parse the options and hand the tool to the shell's desk (engine.tools.Desk,
found in the click context). Opening the campaign, its lock, rolling the dice
on demand, writing the table into the results file (the draft first when
there is none) and telling the rolls are the shell's, pbem/game_commands.py;
no module of a game imports the shell. The rules are imported when a command
runs.
"""
from __future__ import annotations

import json
from pathlib import Path

import click

from engine.tools import Facts, Refused, Table, Told, cleaned_purpose, desk_in, facts_or_refused

CAMPAIGN = click.argument("campaign", type=click.Path(file_okay=False, path_type=Path))
SEA_SIDES = ("attacker", "defender")
GAME_SIDES = ("oda", "anti-oda")
MAX_UNITS = 100          # units on a side of a sea battle: one roll on demand holds at most 100 dice
MAX_ODDS_UNITS = 30      # the exact odds take under a second up to here (60 against 60: 16 s)
MAX_PURPOSE = 150        # what the GM says a roll is for; the tool adds the round and the side to it


@click.group()
def amdt():
    """The GM's tools of A Most Dangerous Time (a moderated campaign, --game amdt).

    The fragment of the rulebook we have (11.4-15.2) gives the sea battle,
    the reinforcements of the turn track, the optional regroup rule, the
    set-up and the victory checks; everything else is the GM's to
    adjudicate. Each tool rolls its dice as dice on demand (every player's
    next report shows each die; verify and the checker recheck them) and
    writes its result as a [[tool]] table at the end of the open round's
    results file (CAMPAIGN/results/round-NNN.toml, written as the draft if not
    there yet), which `pbem resolve` tells every player in their language. The
    first player named plays Oda, the second Anti-Oda.

    \b
    Example:
      pbem amdt setup japan
      pbem amdt sea-battle japan --attacker 4 --defender 3 --murakami defender
      pbem moderate check japan && pbem resolve japan
    """


def _desk():
    return desk_in(click.get_current_context().meta)


def _campaign(folder: Path) -> Facts:
    """The campaign's facts, refused unless it plays this game and has a round to add to."""
    return facts_or_refused(_desk(), folder, campaign_refusal)


def campaign_refusal(facts: Facts) -> str:
    """Why these tools have nothing to do in this campaign ("": they have)."""
    from . import GAME

    if facts.game != GAME.name:
        return (f"{facts.name} plays {facts.title}, not {GAME.title}: these tools are for a campaign made with "
                f"--game {GAME.name}")
    if facts.over:
        return f"the game is over (after round {facts.last_round}); there is no round to add to"
    return ""


def _purpose(text: str, default: str) -> str:
    purpose = cleaned_purpose(text) or default
    if len(purpose) > MAX_PURPOSE:
        raise Refused(f"--for is too long: at most {MAX_PURPOSE} characters, not {len(purpose)}")
    return purpose


def _sides(facts: Facts) -> dict[str, str]:
    return dict(zip(GAME_SIDES, facts.players))


def published(facts: Facts, entry: dict, text: str, after: str = "") -> Told:
    """The result (`entry`, typed) as the shell writes it into the round's results, and `text`, the GM's."""
    from .results import KEY, check_entry, entry_text

    problems = check_entry(entry, list(facts.players), KEY)
    if isinstance(problems, list):   # the tool and the read disagree: a bug, never a file the round refuses
        raise Refused(f"the result does not read back: {problems[0].message}")
    table = entry_text(entry, f"pbem amdt {entry['kind']}: read it, edit it or delete it")
    return Told(text, Table(KEY, entry, table), after)


def _rolled(made: list[dict], first: int, count: int) -> str:
    numbers = [str(one["seq"]) for one in made[first:first + count]]
    return ("roll " if len(numbers) == 1 else "rolls ") + ", ".join(numbers)


@amdt.command("sea-battle")
@CAMPAIGN
@click.option("--attacker", type=click.IntRange(1, MAX_UNITS), required=True, metavar="N",
              help="Units of the side that entered the sea area.")
@click.option("--defender", type=click.IntRange(1, MAX_UNITS), required=True, metavar="M",
              help="Units of the side that was there.")
@click.option("--murakami", type=click.Choice(SEA_SIDES), help="The side with the Murakami pirates (+1 initiative).")
@click.option("--iron-ship", type=click.Choice(SEA_SIDES),
              help="The side that played the Iron Ship card (+2 initiative).")
@click.option("--for", "purpose", default="", metavar="WHY",
              help="Which battle, told with its rolls (default: the unit counts); one battle per purpose a round.")
def sea_battle(campaign, attacker, defender, murakami, iron_ship, purpose):
    """Fight a sea battle (13.3) to its end: one die per unit each round, both sides at once, hits on 5-6.

    No leader changes anything, nobody retreats, and the battle goes on until
    one side (or both) is destroyed. The Murakami and the Iron Ship are told
    as initiative, which changes no roll with simultaneous fire. Each side's
    volley of a round is one roll on demand, Nd6>=5 (the hits). The same
    battle asked again in the round (the same --for) is told again, not
    fought anew.

    \b
    Example:
      pbem amdt sea-battle japan --attacker 4 --defender 3 --for "Osaka Bay"
      pbem amdt sea-battle japan --attacker 2 --defender 5 --murakami defender --iron-ship attacker
    """
    _campaign(campaign)
    what = _purpose(purpose, f"sea battle, {attacker} against {defender}")
    _desk().run(campaign, lambda facts, dice: sea_battle_told(facts, dice, what, attacker, defender, murakami,
                                                              iron_ship))


def sea_battle_told(facts: Facts, dice, what: str, attacker: int, defender: int, murakami, iron_ship) -> Told:
    """The sea battle fought with the dice on demand, and its result."""
    from .results import sea_battle_entry
    from .sea import fight_sea_battle

    battle = fight_sea_battle(attacker, defender, dice, murakami=murakami, iron_ship=iron_ship, purpose=what)
    return published(facts, sea_battle_entry(what, attacker, defender, murakami, iron_ship, battle, dice.made),
                     sea_text(what, attacker, defender, battle, dice.made))


def sea_text(what: str, attacker: int, defender: int, battle: dict, made: list[dict]) -> str:
    """The battle as the GM is told it: forces, initiative, each round's hits (with their roll numbers)
    and the outcome."""
    lines = [f"Sea battle ({what}): {attacker} attacking unit{'s' * (attacker != 1)} against {defender}."]
    bonus = [f"the {ev['side']} +{ev['total']} ("
             + " and ".join(name for name, key in (("Murakami", "murakami"), ("Iron Ship", "iron_ship")) if ev[key])
             + ")" for ev in battle["events"] if ev["kind"] == "initiative" and ev["total"]]
    if bonus:
        lines.append("Initiative: " + "; ".join(bonus) + ".")
    volleys = [ev for ev in battle["events"] if ev["kind"] == "volley"]
    for number in range(1, battle["rounds"] + 1):
        told = []
        for ev in (ev for ev in volleys if ev["round"] == number):
            index = volleys.index(ev)
            dice = len(ev["rolls"])
            told.append(f"the {ev['side']} hits {ev['hits']} with {dice} {'die' if dice == 1 else 'dice'} "
                        f"({_rolled(made, index, 1)})")
        lines.append(f"Round {number}: " + ", ".join(told) + ".")
    ends = {"attacker_won": f"The attacker wins with {_units(battle['attacker'])} left",
            "defender_won": f"The defender wins with {_units(battle['defender'])} left",
            "both_destroyed": "Both sides are destroyed"}
    lines.append(f"{ends[battle['outcome']]}, after {battle['rounds']} round{'s' * (battle['rounds'] != 1)}.")
    return "\n".join(lines)


def _units(count: int) -> str:
    return f"{count} unit{'s' * (count != 1)}"


class Arrival(click.ParamType):
    """ENTRY=TURN (or ENTRY=TURNe: at that turn's end phase), an entry of the turn track still to come."""

    name = "entry=turn"

    def convert(self, value, param, ctx):
        from .reinforcements import Arrival as When
        from .setup import SETUP

        if isinstance(value, tuple):
            return value
        entry, _, turn = value.partition("=")
        entries = [one["id"] for one in SETUP["track"]]
        if entry.strip() not in entries:
            self.fail(f"{entry!r} is not an entry of the turn track ({', '.join(entries)})", param, ctx)
        end_phase = turn.strip().lower().endswith("e")
        number = turn.strip().rstrip("eE")
        if not number.isdigit():
            self.fail(f"{value!r}: write ENTRY=TURN, e.g. takeda=6 (takeda=4e: at turn 4's end phase)", param, ctx)
        return entry.strip(), When(int(number), end_phase)


def _when(arrival) -> str:
    return f"turn {arrival.turn}" + (" (end phase)" if arrival.end_phase else "")


def _track_text(track: dict) -> str:
    from .reinforcements import _in_order

    return ", ".join(f"{entry} {_when(track[entry])}" for entry in _in_order(track)) or "none"


def _entered(events: list[dict]) -> list[str]:
    told = []
    for ev in events:
        if ev["kind"] == "reinforcements":
            clans = ", ".join(f"{clan} {units}" for clan, units in ev["clans"].items())
            told.append(f"{ev['entry']} ({clans}" + (f"; the {ev['pool_chit']} chit to the pool" if ev["pool_chit"]
                                                       else "") + ")")
        elif ev["kind"] == "ikko_ikki_temples":
            told.append(f"in the Kaga temples ({', '.join(ev['temples'])}) {ev['replaced']} minor units are replaced "
                        f"by Ikko-Ikki from their regroup box ({ev['minor_units_left']} stay)")
    return told


@amdt.command()
@CAMPAIGN
@click.option("--turn", type=click.IntRange(1, 30), required=True, help="The turn in play (1 to 30).")
@click.option("--track", "entries", multiple=True, type=Arrival(), metavar="ENTRY=TURN",
              help="An entry still to come and its turn (TURNe: that turn's end phase), once each, in place of the "
                   "game's track; without any: the track the game keeps (14.1's at the start: enryaku-ji=2 "
                   "takeda=6 mori=13 uesugi=15), as the last resolved round and this round's results leave it.")
@click.option("--accelerate", metavar="ENTRY", help="An event brings ENTRY 1d6 turns earlier (11.4).")
@click.option("--exile-ashikaga", is_flag=True, help="Oda exiles the samurai Ashikaga to Tomo (15.1): 1d6 for every "
              "entry still to come.")
@click.option("--by-event-card", is_flag=True, help="With --exile-ashikaga: by an event card, which rolls nothing.")
@click.option("--ikko-ikki-in-box", type=click.IntRange(0, 100), help="Ikko-Ikki units in their regroup box, for "
              "Uesugi's entry (15.2) [default: the set-up's 14].")
@click.option("--for", "purpose", default="", metavar="WHY", help="What brings the acceleration, told with its roll.")
def reinforcements(campaign, turn, entries, accelerate, exile_ashikaga, by_event_card, ikko_ikki_in_box, purpose):
    """The turn track (11.4, 14.1): accelerate an entry by 1d6, exile Ashikaga, and what enters this turn.

    An accelerated entry comes that many turns earlier, or, past the turn in
    play, at the end phase of the turn in play. The game keeps the track: a
    run starts from the track of the last resolved round with this round's
    reinforcements results applied (--track gives another). The result (the
    rolls, what enters on TURN and at its end phase, the track after) goes
    into the round's results; resolving the round makes its track after the
    game's.

    \b
    Example:
      pbem amdt reinforcements japan --turn 2
      pbem amdt reinforcements japan --turn 3 --accelerate takeda --for "the event card of round 3"
      pbem amdt reinforcements japan --turn 4 --exile-ashikaga
    """
    from .setup import SETUP

    if accelerate and exile_ashikaga:
        raise click.UsageError("--accelerate or --exile-ashikaga, not both")
    if by_event_card and not exile_ashikaga:
        raise click.UsageError("--by-event-card goes with --exile-ashikaga")
    if len(dict(entries)) != len(entries):
        raise click.UsageError("--track names an entry twice")
    _campaign(campaign)
    box = SETUP["regroup_box"]["ikko-ikki"] if ikko_ikki_in_box is None else ikko_ikki_in_box
    why = _purpose(purpose, "") if accelerate else ""
    asked = {"turn": turn, "entries": entries, "accelerate": accelerate, "exile": exile_ashikaga,
             "by_event_card": by_event_card, "box": box, "why": why}
    _desk().run(campaign, lambda facts, dice: reinforcements_told(facts, dice, **asked))


def reinforcements_told(facts: Facts, dice, *, turn: int, entries: tuple, accelerate: str | None, exile: bool,
                        by_event_card: bool, box: int, why: str) -> Told:
    """The turn track played for the turn (from the game's track, or `entries` in its place), and its result."""
    from .results import play_reinforcements

    track = dict(entries) if entries else _kept_track(facts, (turn, why, exile, by_event_card, accelerate, box))
    try:
        entry, told = play_reinforcements(track, turn, dice, accelerate=accelerate, exile=exile,
                                          by_event_card=by_event_card, ikko_ikki_in_box=box, purpose=why)
    except ValueError as exc:
        hint = "--track gives the entries still to come, e.g. --track takeda=6"
        raise Refused(str(exc), [hint] if entries else [
            "the game's track still holds it: run this for the turn it was due first, or " + hint]) from None
    lines = [f"Reinforcements, turn {turn}:"]
    if exile:
        lines.append("Ashikaga Yoshiaki is exiled to Tomo" + (" by an event card." if by_event_card else "."))
    lines += _accelerated(told["accelerated"], dice.made)
    lines.append("Entering now: " + ("; ".join(_entered(told["now"])) or "none") + ".")
    lines.append("Entering in the end phase: " + ("; ".join(_entered(told["late"])) or "none") + ".")
    lines.append(f"Still to come: {_track_text(told['after'])}.")
    return published(facts, entry, "\n".join(lines),
                     after="Resolving the round makes the track after it the game's, where the next run starts.")


def _kept_track(facts: Facts, asked: tuple) -> dict:
    """The track a run starts from: the last resolved round's, with this round's reinforcements results applied;
    or, when one of them was asked the same (the tool run again after a crash), the track that one started from."""
    from .results import KEY, check_entry, initial_track, track_after, track_from_state, track_of

    kept = facts.state.get("track", initial_track())
    written = facts.tables(KEY)
    for index, entry in enumerate(written):
        if entry.get("kind") not in ("reinforcements", "setup"):
            continue
        if isinstance(check_entry(entry, list(facts.players), f"{KEY}[{index}]"), list):
            raise Refused(f"round {facts.open_round}'s results hold a reinforcements result that does not "
                          "read, so the track it leaves is not known",
                          [f"pbem moderate check {facts.folder} says what is wrong; or give the track with "
                           "--track"])
        if entry["kind"] == "reinforcements" and _asked(entry) == asked:
            return track_of(entry["before"])
        kept = track_after(kept, [entry])
    return track_from_state(kept)


def _asked(entry: dict) -> tuple:
    accelerated = entry["accelerated"][0]["entry"] if entry["accelerated"] and not entry.get("exile_ashikaga") \
        else None
    return (entry["turn"], entry.get("for", ""), entry.get("exile_ashikaga", False), entry.get("by_event_card", False),
            accelerated, entry["ikko_ikki_in_box"])


def _accelerated(events: list[dict], made: list[dict]) -> list[str]:
    """Each acceleration told with the number of its roll (the rolls are made in the events' order)."""
    rolls = iter(made)
    told = []
    for ev in events:
        if ev["roll"] is None:
            told.append(f"{ev['entry']} is due this turn already: no die is rolled.")
            continue
        where = f"turn {ev['turn']}" + (", in its end phase" if ev["end_phase"] else "")
        turns = f"{ev['roll']} turn{'s' * (ev['roll'] != 1)}"
        told.append(f"{ev['entry']} (due on turn {ev['was']}) is brought {turns} earlier (roll {next(rolls)['seq']}): "
                    f"it enters on {where}.")
    return told


@amdt.command()
@CAMPAIGN
@click.option("--clan", required=True, help="The clan that regroups.")
@click.option("--areas", type=click.IntRange(0, 1000), required=True, help="Areas under the clan's line of "
              "communication.")
@click.option("--box", type=click.IntRange(0, 1000), required=True, help="The clan's units in its regroup box.")
@click.option("--on-map", type=click.IntRange(0, 1000), required=True, help="The clan's units on the map.")
def regroup(campaign, clan, areas, box, on_map):
    """The optional regroup rule (11.5): how many units the clan may bring back from its regroup box.

    Rating: the areas under its line of communication / 5, rounded up; never
    past 2 x those areas units on the map (a clan over it brings back nothing
    and removes nothing). No dice. The result goes into the round's public
    results.

    \b
    Example:
      pbem amdt regroup japan --clan takeda --areas 34 --box 15 --on-map 65
    """
    from .regroup import regroup as allowed

    _campaign(campaign)
    found = allowed(areas, box, on_map)
    text = (f"Regroup (11.5) of the {clan}: {areas} areas under its line of communication, rating {found['rating']}; "
            f"at most {found['cap']} units on the map, {on_map} there; {found['may_return']} of the {box} in its "
            "regroup box may come back.")
    entry = {"kind": "regroup", "clan": clan, "areas": areas, "box": box, "on_map": on_map, "rating": found["rating"],
             "cap": found["cap"], "may_return": found["may_return"]}
    _desk().run(campaign, lambda facts, dice: published(facts, entry, text))


def _placement(placement: dict, sides: dict) -> str:
    areas = ", ".join(placement["areas"])
    if placement["how"] == "each":
        where = f"{placement['units']} in each of {areas}" if len(placement["areas"]) > 1 else \
            f"{placement['units']} in {areas}"
    elif placement["how"] == "in":
        where = f"{placement['units']} in {areas}"
    else:
        chooser = placement["chooses"]
        where = f"{placement['units']} shared among {areas} as {chooser} ({sides.get(chooser, '?')}) chooses"
    return f"{placement['clan']}: {where}" + (f", with {placement['leader']}" if placement.get("leader") else "")


def setup_text(sides: dict) -> str:
    """The 14.1 set-up (and 14.2's first turn) as the GM is told it."""
    from .setup import SETUP

    lines = [f"Set-up (14.1). Oda: {sides['oda']}; Anti-Oda: {sides['anti-oda']}.", "Units:"]
    lines += [f"- {_placement(placement, sides)}" for placement in SETUP["placement"]]
    oda = SETUP["oda"]
    lines.append(f"Oda: {oda['leader']} with {oda['samurai']} samurai and {oda['soldiers']} soldiers; Oda controls "
                 f"{', '.join(oda['control'])}.")
    lines.append(f"Ashikaga Yoshiaki: in {SETUP['ashikaga']['area']}, a samurai ({SETUP['ashikaga']['side']}).")
    lines.append("In regroup boxes: " + ", ".join(f"{clan} {n}" for clan, n in SETUP["regroup_box"].items()) + ".")
    lines.append("Turn track: " + "; ".join(
        f"{entry['id']} turn {entry['turn']} ({', '.join(f'{clan} {n}' for clan, n in entry['clans'].items())})"
        for entry in SETUP["track"]) + ".")
    lines.append(f"Oda starts with the {SETUP['cards']['oda_starts_with']} card.")
    first = SETUP["first_turn"]
    lines.append(f"First turn (14.2): the {first['first_chit']} chit goes first; Oda may not enter "
                 f"{', '.join(first['oda_may_not_enter'])}.")
    return "\n".join(lines)


@amdt.command()
@CAMPAIGN
def setup(campaign):
    """Print the 14.1 set-up (every unit's starting area, the turn track, Good Fortune with Oda) and add it to the
    round's results.

    The splits (the Bessho, Azai, Asakura and Tokugawa units shared among
    their areas) are the choosing player's, who tells the GM. No dice.
    Resolving the round puts the game's turn track back to 14.1's.

    \b
    Example:
      pbem amdt setup japan
    """
    _campaign(campaign)
    _desk().run(campaign, lambda facts, dice: published(facts, {"kind": "setup"}, setup_text(_sides(facts))))


class Castle(click.ParamType):
    """AREA=LEVEL: a castle or temple Oda holds, and its level (1 to 3)."""

    name = "area=level"

    def convert(self, value, param, ctx):
        if isinstance(value, tuple):
            return value
        area, _, level = value.partition("=")
        if not area.strip() or level.strip() not in ("1", "2", "3"):
            self.fail(f"{value!r}: write AREA=LEVEL, a level from 1 to 3, e.g. gifu=3", param, ctx)
        return area.strip().lower(), int(level)


class Holder(click.ParamType):
    """AREA=SIDE: who holds a playable area (oda, anti-oda or neutral)."""

    name = "area=side"

    def convert(self, value, param, ctx):
        if isinstance(value, tuple):
            return value
        area, _, side = value.partition("=")
        side = side.strip().lower()
        if not area.strip() or side not in (*GAME_SIDES, "neutral"):
            self.fail(f"{value!r}: write AREA=SIDE, the side oda, anti-oda or neutral, e.g. kyoto=oda", param, ctx)
        return area.strip().lower(), None if side == "neutral" else side


@amdt.command()
@CAMPAIGN
@click.option("--scenario", type=click.Choice(["quick", "standard", "campaign"]), required=True)
@click.option("--castle", "castles", multiple=True, type=Castle(), metavar="AREA=LEVEL",
              help="Quick game: a castle or temple Oda holds, and its level; once for each.")
@click.option("--good-fortune", is_flag=True, help="Quick game: Oda holds the Good Fortune card.")
@click.option("--needed", type=click.IntRange(1, 6), default=6, show_default=True,
              help="Quick game: the castles Oda needs (a bid may lower it).")
@click.option("--kyoto", type=click.Choice([*GAME_SIDES, "neutral"]), help="Standard game: who holds Kyoto.")
@click.option("--nobunaga-died", type=click.Choice(["battle", "illness"]), help="Campaign: how Oda Nobunaga died.")
@click.option("--nobutada-dead", is_flag=True, help="Campaign: Oda Nobutada is dead.")
@click.option("--area", "areas", multiple=True, type=Holder(), metavar="AREA=SIDE",
              help="Campaign: who holds each playable area (all of them, or none for the sudden death alone).")
def victory(campaign, scenario, castles, good_fortune, needed, kyoto, nobunaga_died, nobutada_dead, areas):
    """The 14.3 victory checks: who wins the quick, standard or campaign game, from what the GM says is held.

    Quick (end of turn 10): Oda's castles and temples of level 2-3 (never
    Azuchi), plus one for Good Fortune, against the 6 needed or a bid.
    Standard (end of turn 30): who holds Kyoto. Campaign: Anti-Oda at once if
    Nobunaga dies in battle or Nobutada dies, else the side holding every
    playable area. No dice. The result goes into the round's results;
    ending the game is the GM's: over = true and winners in the results file.

    \b
    Example:
      pbem amdt victory japan --scenario quick --castle gifu=3 --castle kyoto=2 --good-fortune --needed 5
      pbem amdt victory japan --scenario standard --kyoto anti-oda
      pbem amdt victory japan --scenario campaign --nobutada-dead
    """
    from . import victory as rules

    sides = _sides(_campaign(campaign))
    entry = {"kind": "victory", "scenario": scenario}
    try:
        if scenario == "quick":
            counted = rules.quick_game_castles(castles, good_fortune)
            if len(dict(castles)) != len(castles):
                raise ValueError("--castle names an area twice")
            entry.update(castles=dict(castles), good_fortune=good_fortune, needed=needed, counted=counted)
            winner = rules.quick_game_winner(castles, good_fortune, needed)
            said = (f"Victory (14.3), quick game: Oda counts {counted} castles and temples of level 2-3"
                    + (" (Good Fortune among them)" if good_fortune else "") + f" and needs {needed}")
        elif scenario == "standard":
            winner = rules.standard_game_winner(None if kyoto in (None, "neutral") else kyoto)
            entry.update(kyoto=kyoto or "neutral")
            said = "Victory (14.3), standard game: Kyoto is held by " + (winner or "neither side")
        else:
            winner = (rules.campaign_winner(dict(areas), nobunaga_died, nobutada_dead) if areas
                      else rules.campaign_sudden_death(nobunaga_died, nobutada_dead))
            entry.update({**({"nobunaga_died": nobunaga_died} if nobunaga_died else {}),
                          "nobutada_dead": nobutada_dead,
                          **({"areas": {area: side or "neutral" for area, side in areas}} if areas else {})})
            death = ("Nobunaga died in battle" if nobunaga_died == "battle" else
                     "Nobutada is dead" if nobutada_dead else "no sudden death")
            said = f"Victory (14.3), campaign game: {death}" + (
                f"; {len(areas)} playable areas told" if areas else "")
    except ValueError as exc:
        raise Refused(str(exc)) from None
    text = said + (f": {_side_name(winner)} ({sides[winner]}) wins." if winner else ": no side wins yet.")
    entry["winner"] = winner or "none"
    after = (f"To end the game with it, write over = true and winners = [\"{sides[winner]}\"] in the results file."
             if winner else "")
    _desk().run(campaign, lambda facts, dice: published(facts, entry, text, after))


def _side_name(side: str) -> str:
    return {"oda": "Oda", "anti-oda": "Anti-Oda"}[side]


@click.command("amdt-sea")
@click.argument("attacker", type=click.IntRange(1, MAX_ODDS_UNITS))
@click.argument("defender", type=click.IntRange(1, MAX_ODDS_UNITS))
@click.option("--json", "as_json", is_flag=True)
def sea_odds(attacker, defender, as_json):
    """The exact odds of a sea battle of A Most Dangerous Time (13.3): ATTACKER units against DEFENDER units.

    Fought to the end, hits on 5-6 with no modifier; the Murakami and the
    Iron Ship change no chance (they are initiative, and fire is
    simultaneous).

    \b
    Example:
      pbem odds amdt-sea 4 3
      pbem odds amdt-sea 2 5 --json
    """
    from .sea import sea_battle_odds

    chances = sea_battle_odds(attacker, defender)
    if as_json:
        click.echo(json.dumps({"attacker": attacker, "defender": defender,
                               **{name: float(chance) for name, chance in chances.items()},
                               "exact": {name: f"{chance.numerator}/{chance.denominator}"
                                         for name, chance in chances.items()}}))
        return
    said = {"attacker_won": "the attacker wins", "defender_won": "the defender wins",
            "both_destroyed": "both are destroyed"}
    click.echo(f"Sea battle, {attacker} against {defender}: " + ", ".join(
        f"{said[name]} {float(chance):.4%}" for name, chance in chances.items()))
