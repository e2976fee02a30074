"""The clan houses: a raid by strength or stealth, guard after guard, until the ninja leaves, fails or beats the
house.

A raid is a short sequence of decisions, each a function here (the batch orders of a later slice make them
from a player's ranked intentions and Banzai policy):

    start_raid   place the shuriken on a house's strength or stealth side; the sentry is the first guard
    fight        play a Dojo card (and any 3s as kickers of +1 or -1, and skills) that beats the guard:
                 higher than it for strength, lower for stealth; ties do not win. The ninja puts the next
                 treasure on his shuriken: plain ones first, least valuable up, then red ones, least up
    peek         (a peek skill) look at the guard that Banzai would reveal
    banzai       reveal the next guard: a Guard while a plain treasure is in the house, else an Elite Guard;
                 a Guard's alarm (never a sentry's) adds a treasure from the bag, plain side up, then turns the
                 most valuable plain treasure red
    leave        take every treasure on the shuriken
    fail         the guard cannot (or will not) be beaten: keep one treasure from the shuriken, lose the rest
    claim        every guard beaten: keep all, and put a token of one of the other two clans on the house,
                 from the pile; the house is closed for the round and its sentry discarded

After leaving or failing, the house gets one treasure from the bag, plain side up, and its sentry stays. Guards
drawn go to the discard after their encounter; Elite Guards beaten stay with the ninja for the final scoring.

Readings where the sources are silent or unclear:
- An alarm goes off when its guard is revealed, before the fight, whether or not the guard is then beaten.
- A raid whose first fight, against the sentry, cannot be won is a failure with nothing on the shuriken.
- The treasures lost in a failure are spent (the bag's discards), not put back in the house.
- A ninja who fails keeps the treasure he names (the rulebook says only that he keeps one); if he names none,
  the most valuable one. The batch orders name it ahead (a raid's `keep`, carry.py).
- Elite Guards show two values, one for each way (components.py); a Guard's one value serves both ways.
- If the Elite deck and its discards are empty, a red treasure is guarded by a Guard, and the other way round.
- A skill of effect switch turns the raid the other way from the fight it is used in to the end of the raid.
- A fight names its card and kickers exactly; a card or kicker that is not in hand, or a play that does not
  beat the guard, is refused (RuleError) rather than taken as a failure, which is a decision of its own.
"""
from __future__ import annotations

from engine import event

from . import decks
from .errors import RuleError
from .pieces import rank
from .preparation import plain

STRENGTH, STEALTH = "strength", "stealth"
KICKER_CARD = 3


def _rank_in_house(state: dict):
    highest = state["components"]["highest_kind"]
    return lambda token: (token["side"] == "red",) + rank(token, highest)


def next_treasure(state: dict, house: dict) -> dict | None:
    """The treasure the next guard beaten gives: the least valuable plain one, else the least valuable red."""
    return min(house["treasures"], key=_rank_in_house(state), default=None)


def _bare(token: dict) -> dict:
    return {key: value for key, value in token.items() if key != "side"}


def add_treasure(state: dict, name: str, stream) -> dict:
    """One treasure from the bag into the house, plain side up (none if the bag and the spent are empty)."""
    token = decks.draw(state, "bag", stream)
    if token is not None:
        state["houses"][name]["treasures"].append(plain(token))
    return event("treasure_added", house=name, treasure=token)


def _raid(state: dict, player: str, phase: str) -> dict:
    raid = state["raid"]
    if raid is None or raid["player"] != player:
        raise RuleError("no-raid")
    if raid["phase"] != phase:
        raise RuleError("not-now-in-raid", phase=raid["phase"], wanted=phase)
    return raid


def raid_obstacle(state: dict, name: str) -> RuleError | None:
    """Why no raid may begin on this house for the rest of the round (None: one may): there is no such house
    (unknown-house), or it was beaten this round and stays closed until its end (house-closed). start_raid
    refuses these, and the check of the orders refuses them ahead from the player's view (carry.lasting_obstacle)."""
    house = state["houses"].get(name)
    if house is None:
        return RuleError("unknown-house", house=name, houses=sorted(state["houses"]))
    if house["closed"]:
        return RuleError("house-closed", house=name)
    return None


def claim_obstacle(state: dict, name: str, clan: str) -> RuleError | None:
    """Why a house beaten cannot take a token of this clan whatever the pile holds: it is the house's own
    (claim-own-clan; the token comes from one of the other two clans). A house's clan changes only when it is
    beaten, which closes it for the round, so the check refuses this ahead (carry.lasting_obstacle)."""
    if clan == state["houses"][name]["clan"]:
        return RuleError("claim-own-clan", house=name, clan=clan)
    return None


def token_obstacle(state: dict, clan: str, worth: int) -> RuleError | None:
    """Why the token (clan, worth) cannot be put on a house beaten now: it is not in the pile (token-not-in-pile;
    another house beaten took it, or the clan has no such token)."""
    if worth not in state["clan_pile"].get(clan, []):
        return RuleError("token-not-in-pile", clan=clan, worth=worth, pile=state["clan_pile"])
    return None


def start_raid(state: dict, player: str, name: str, approach: str) -> list[dict]:
    refused = raid_obstacle(state, name)
    if refused:
        raise refused
    house = state["houses"][name]
    if not house["treasures"] or house["sentry"] is None:
        raise RuleError("house-empty", house=name)
    if approach not in (STRENGTH, STEALTH):
        raise RuleError("unknown-approach", approach=approach)
    state["raid"] = {"player": player, "house": name, "approach": approach, "mode": approach,
                     "guard": house["sentry"], "from": "sentry", "phase": "fight", "shuriken": []}
    return [event("raid", player=player, house=name, approach=approach, sentry=house["sentry"],
                  clan=house["clan"], worth=house["worth"])]


def _skill(state: dict, player: str, skill: str, effects: tuple[str, ...]) -> dict:
    for tile in state["ninja"][player]["skills"]:
        if tile["id"] == skill:
            if tile["used"]:
                raise RuleError("skill-used-this-round", skill=skill)
            if tile["effect"] not in effects:
                raise RuleError("skill-not-for-this", skill=skill, effect=tile["effect"])
            return tile
    raise RuleError("skill-not-known", skill=skill)


def beats(guard: dict, mode: str, total: int) -> bool:
    return total > guard[STRENGTH] if mode == STRENGTH else total < guard[STEALTH]


def _played_cards(hand: list[int], card: int, kickers: list[int]) -> list[int]:
    played = [card] + [KICKER_CARD] * len(kickers)
    left = list(hand)
    for value in played:
        if value not in left:
            raise RuleError("card-not-in-hand", card=value)
        left.remove(value)
    if any(kick not in (1, -1) for kick in kickers):
        raise RuleError("kicker-is-one", kickers=list(kickers))
    return played


def play_value(state: dict, player: str, card: int, kickers: list[int], skills: list[dict]) -> tuple[str, int,
                                                                                                      list[dict]]:
    """The mode and total of a play, and the skill tiles it uses: a switch first, then the card, its kickers
    and the skills' changes. `skills`: [{"skill": id, "kick": +1 or -1 for a kicker skill}]."""
    mode = state["raid"]["mode"]
    tiles = []
    total = card + sum(kickers)
    for use in skills:
        tile = _skill(state, player, use.get("skill"), ("switch", "value", "kicker"))
        if tile in tiles:
            raise RuleError("skill-used-this-round", skill=tile["id"])
        tiles.append(tile)
    for tile in tiles:
        if tile["effect"] == "switch":
            mode = STEALTH if mode == STRENGTH else STRENGTH
    for tile, use in zip(tiles, skills):
        if tile["effect"] == "kicker":
            if use.get("kick") not in (1, -1):
                raise RuleError("kicker-is-one", kickers=[use.get("kick")])
            total += use["kick"]
        elif tile["effect"] == "value":
            if tile["mode"] not in (mode, "either"):
                raise RuleError("skill-not-for-this", skill=tile["id"], effect=tile["effect"])
            total += tile["amount"] if mode == STRENGTH else -tile["amount"]
    return mode, total, tiles


def fight(state: dict, player: str, card: int, kickers: list[int] | None = None,
          skills: list[dict] | None = None) -> list[dict]:
    """Beat the guard faced with a card, kickers (each a 3 from the hand, +1 or -1) and skills."""
    raid = _raid(state, player, "fight")
    kickers, skills = list(kickers or []), list(skills or [])
    ninja = state["ninja"][player]
    played = _played_cards(ninja["hand"], card, kickers)
    mode, total, tiles = play_value(state, player, card, kickers, skills)
    guard = raid["guard"]
    if not beats(guard, mode, total):
        raise RuleError("does-not-beat", guard=guard, mode=mode, total=total)
    for value in played:
        ninja["hand"].remove(value)
    decks.discard(state, "dojo", played)
    for tile in tiles:
        tile["used"] = True
    raid["mode"] = mode
    house = state["houses"][raid["house"]]
    treasure = next_treasure(state, house)
    house["treasures"].remove(treasure)
    raid["shuriken"].append(_bare(treasure))
    if raid["from"] == "elites":
        ninja["elites"].append(guard)
    elif raid["from"] == "guards":
        decks.discard(state, "guards", [guard])
    raid["guard"], raid["from"] = None, None
    raid["phase"] = "decide" if house["treasures"] else "claim"
    return [event("guard_beaten", player=player, house=raid["house"], guard=guard, mode=mode, card=card,
                  kickers=kickers, skills=[t["id"] for t in tiles], total=total, treasure=_bare(treasure),
                  last=not house["treasures"])]


def _next_deck(state: dict, house: dict, stream) -> str:
    wanted = "guards" if any(t["side"] == "plain" for t in house["treasures"]) else "elites"
    other = "elites" if wanted == "guards" else "guards"
    return wanted if decks.top(state, wanted, stream) is not None else other


def unseen_guards(seen: dict, deck: str) -> list[dict]:
    """The guards of a deck ("guards" or "elites") that may be drawn next, as far as anyone can tell from the
    table: the box's list less those in sight (sentries, the discards, a raid's guard, beaten elites kept).
    Made from a view (or the state) alone, for the odds of a Banzai."""
    visible = {guard["id"] for guard in seen["decks"][deck]["discard"]}
    visible |= {house["sentry"]["id"] for house in seen["houses"].values() if house["sentry"]}
    visible |= {guard["id"] for ninja in seen["ninja"].values() for guard in ninja["elites"]}
    if seen["raid"] and seen["raid"]["guard"]:
        visible.add(seen["raid"]["guard"]["id"])
    return [guard for guard in seen["components"][deck] if guard["id"] not in visible]


def peek(state: dict, player: str, skill: str, stream) -> list[dict]:
    """Look at the guard Banzai would reveal; only the ninja learns it."""
    raid = _raid(state, player, "decide")
    tile = _skill(state, player, skill, ("peek",))
    tile["used"] = True
    name = _next_deck(state, state["houses"][raid["house"]], stream)
    return [event("skill_used", player=player, skill=skill, effect="peek"),
            event("peeked", player, player=player, guard=decks.top(state, name, stream))]


def sound_alarm(state: dict, name: str, stream) -> list[dict]:
    """A treasure from the bag into the house, then its most valuable plain treasure turned red."""
    added = add_treasure(state, name, stream)
    house = state["houses"][name]
    plains = [t for t in house["treasures"] if t["side"] == "plain"]
    flipped = max(plains, key=_rank_in_house(state), default=None)
    if flipped is not None:
        flipped["side"] = "red"
    return [added, event("alarm", house=name, turned_red=flipped and _bare(flipped))]


def banzai(state: dict, player: str, stream, ignore_alarm: str | None = None) -> list[dict]:
    """Face the next guard. A skill named in `ignore_alarm` keeps its alarm silent if it has one (the skill is
    used only then)."""
    raid = _raid(state, player, "decide")
    tile = None if ignore_alarm is None else _skill(state, player, ignore_alarm, ("ignore_alarm",))
    house = state["houses"][raid["house"]]
    name = _next_deck(state, house, stream)
    guard = decks.draw(state, name, stream)
    if guard is None:
        raise RuleError("no-guard-left")
    raid.update(guard=guard, phase="fight")
    raid["from"] = name
    events = [event("banzai", player=player, house=raid["house"], guard=guard)]
    if not guard["alarm"]:
        return events
    if tile is None:
        return events + sound_alarm(state, raid["house"], stream)
    tile["used"] = True
    return events + [event("skill_used", player=player, skill=tile["id"], effect="ignore_alarm"),
                     event("alarm_ignored", house=raid["house"])]


def _end_raid(state: dict, player: str, kept: list[dict], stream) -> list[dict]:
    raid = state["raid"]
    state["ninja"][player]["treasures"] += kept
    state["raid"] = None
    return [add_treasure(state, raid["house"], stream)]


def leave(state: dict, player: str, stream) -> list[dict]:
    raid = _raid(state, player, "decide")
    kept = list(raid["shuriken"])
    return [event("left", player=player, house=raid["house"], treasures=kept)] + _end_raid(state, player, kept,
                                                                                         stream)


def fail(state: dict, player: str, stream, keep: str | None = None) -> list[dict]:
    """The guard faced wins: one treasure from the shuriken is kept (`keep`, an id, or the most valuable)."""
    raid = _raid(state, player, "fight")
    shuriken = raid["shuriken"]
    highest = state["components"]["highest_kind"]
    if keep is None:
        kept = max(shuriken, key=lambda token: rank(token, highest), default=None)
    else:
        kept = next((token for token in shuriken if token["id"] == keep), None)
        if kept is None:
            raise RuleError("treasure-not-on-shuriken", treasure=keep)
    lost = [token for token in shuriken if token is not kept]
    decks.discard(state, "bag", lost)
    if raid["from"] in ("guards", "elites"):
        decks.discard(state, raid["from"], [raid["guard"]])
    events = [event("failed", player=player, house=raid["house"], guard=raid["guard"], kept=kept, lost=lost)]
    return events + _end_raid(state, player, [kept] if kept else [], stream)


def claim(state: dict, player: str, clan: str, worth: int) -> list[dict]:
    """Every guard beaten: the house changes clan (a token of another clan from the pile) and closes."""
    raid = _raid(state, player, "claim")
    house = state["houses"][raid["house"]]
    refused = claim_obstacle(state, raid["house"], clan) or token_obstacle(state, clan, worth)
    if refused:
        raise refused
    state["clan_pile"][house["clan"]] = sorted(state["clan_pile"][house["clan"]] + [house["worth"]])
    state["clan_pile"][clan].remove(worth)
    beaten = {"clan": house["clan"], "worth": house["worth"]}
    decks.discard(state, "guards", [house["sentry"]])
    house.update(clan=clan, worth=worth, sentry=None, closed=True)
    kept = list(raid["shuriken"])
    state["ninja"][player]["treasures"] += kept
    state["raid"] = None
    return [event("house_beaten", player=player, house=raid["house"], treasures=kept, **{"from": beaten},
                  to={"clan": clan, "worth": worth})]
