"""Carrying out the batch orders: in turn order, each placement's ranked list becomes the decisions rounds.act
takes, and each raid's steps follow from the order's cards, skills, claim and Banzai policy.

- A placement takes the first action of its list that is possible when its turn comes: one that
  `lasting_obstacle` refuses (the check refuses the same in the order file) or that the rules refuse
  (rounds.act's RuleError) falls through to the next, with a private event naming the action and the
  RuleError's code; when none is possible, the default is a visit to the Dojo. A raid whose sentry the
  ninja cannot beat with what the order allows falls through too ("sentry-not-beaten"): the sentry is in
  sight, so the order would only lose the shuriken.
- In a raid the engine plays the card that beats each guard with the least waste (odds.choose_play) unless
  the order fixed it (`cards`, one per guard in turn; a card fixed that is no longer in hand leaves the pick to
  the engine, with an event saying so); a guard that cannot be beaten is a failure, which keeps the first
  treasure of the order's `keep` that is on the shuriken, or one of its kind and value (names.kept_on_failure),
  else the most valuable (the rules' own choice, houses.fail). After each guard beaten, the Banzai policy
  decides with the exact odds of what the ninja may know (odds.beat_chance over odds.banzai_candidates,
  from his view); a peek skill the order names is used first, and then the guard seen decides. An
  ignore-alarm skill the order names is used on the first alarm.
  A house beaten takes the order's `claim` (if that token is still in the pile; an event says when it
  is not), or else the token the engine picks: of the clans the ninja
  has most Envoys of, the most valuable.
- The engine's own picks: the Dojo takes the face-up 1s and 5s (5s first), the rest from the deck, and
  discards to the hand limit the cards nearest 3; the Sensei is paid the card the tile shows, or for "?"
  the card nearest 3; the Palace and Pavilion take the least valuable treasures that meet the card.

The events of the orders (which action was followed, which fell through and why) go to the ninja alone: the
parts of his orders that were not carried out stay his secret.
"""
from __future__ import annotations

from engine import event

from . import dojo, houses, names, odds, palace, rounds, scoring, sensei
from .errors import RuleError
from .pieces import rank
from .view import view

DOJO_DEFAULT = {"do": "dojo"}


def _nearest_three(value: int) -> tuple:
    return (-min(value - 1, 5 - value), value)


def _skill_obstacle(seen: dict, player: str, skill: str) -> RuleError | None:
    """Why a raid can never use this skill this round: the ninja neither knows it nor may learn it before the raid
    (the Sensei's row, the Hensojutsu stack), so it is not available (skill-not-available)."""
    may_know = {t["id"] for t in seen["ninja"][player]["skills"]} | {t["id"] for t in seen["sensei"]}
    if skill in may_know or skill.startswith(sensei.HENSOJUTSU + "-"):
        return None
    return RuleError("skill-not-available", skill=skill)


def lasting_obstacles(seen: dict, player: str, action: dict) -> list[tuple[str, RuleError]]:
    """Why an action cannot be carried out at any moment of this round, from what the ninja may see now, each with
    the key of the action it is about (none: it may be): the rules' own predicates (houses.raid_obstacle,
    houses.claim_obstacle, sensei.offer_obstacle, palace.card_obstacle), asked of the view. The check refuses these
    (every one); the carrying-out falls through on the first."""
    do = action["do"]
    found: list[tuple[str, RuleError | None]] = []
    if do == "raid":
        found.append(("house", houses.raid_obstacle(seen, action["house"])))
        if action.get("claim") and action["house"] in seen["houses"]:
            found.append(("claim", houses.claim_obstacle(seen, action["house"], action["claim"]["clan"])))
        found += [(f"skills[{i}]", _skill_obstacle(seen, player, skill))
                  for i, skill in enumerate(action.get("skills", []))]
    elif do == "sensei":
        found.append(("skill", sensei.offer_obstacle(seen, action["skill"])))
    elif do in ("palace", "pavilion"):
        key = "envoy" if do == "palace" else "rumor"
        found.append((key, palace.card_obstacle(seen, do, action[key], lasting=True)))
    return [(key, refused) for key, refused in found if refused is not None]


def lasting_obstacle(seen: dict, player: str, action: dict) -> RuleError | None:
    """The first of lasting_obstacles, the one the carrying-out names when it falls through (None: none)."""
    found = lasting_obstacles(seen, player, action)
    return found[0][1] if found else None


def pick_treasures(state: dict, player: str, requirement: list[str]) -> list[str]:
    """The least valuable treasures that meet a card's requirement (the kinds named first, then "any"); as many
    as can be found."""
    highest = state["components"]["highest_kind"]
    left = sorted(state["ninja"][player]["treasures"], key=lambda t: rank(t, highest))
    chosen = []
    for kind in sorted(requirement, key=lambda k: k == "any"):
        token = next((t for t in left if kind == "any" or t["kind"] == kind), None)
        if token is not None:
            left.remove(token)
            chosen.append(token["id"])
    return chosen


def _dojo(state: dict, player: str, action: dict) -> dict:
    hand = state["ninja"][player]["hand"]
    allowed = dojo.allowance(hand)
    take = action.get("take")
    if take is None:
        extremes = sorted((v for v in state["dojo_row"] if v in (1, 5)), reverse=True)[:allowed]
        take = extremes + [dojo.DECK] * (allowed - len(extremes))
    if action.get("discard") is not None:
        return {"do": "dojo", "take": list(take), "discard": list(action["discard"])}
    pool = list(hand) + [v for v in take if v != dojo.DECK]
    deck = state["decks"]["dojo"]
    drawn = min(list(take).count(dojo.DECK), len(deck["draw"]) + len(deck["discard"]))
    over = max(len(pool) + drawn - dojo.HAND_LIMIT, 0)
    return {"do": "dojo", "take": list(take), "discard": sorted(sorted(pool, key=_nearest_three)[:over])}


def _sensei(state: dict, player: str, action: dict) -> dict:
    skill = action["skill"]
    pay = action.get("pay")
    if pay is None:
        stack = state["decks"][sensei.HENSOJUTSU]["draw"]
        tile = (stack[0] if stack else None) if skill == sensei.HENSOJUTSU else next(
            (t for t in state["sensei"] if t["id"] == skill), None)
        cost = None if tile is None else sensei.cost_of(state, player, tile)
        hand = state["ninja"][player]["hand"]
        if cost == sensei.ANY_CARD:
            pay = min(hand, key=_nearest_three, default=None)
        elif cost is not None:
            pay = cost
    return {"do": "sensei", "skill": skill, "pay": pay}


def _card_row(state: dict, row: str, card_id: str) -> dict | None:
    return next((card for card in state[row] if card["id"] == card_id), None)


def _trade(state: dict, player: str, action: dict, row: str, key: str, needs: str) -> dict:
    treasures = action.get("treasures")
    if treasures is None:
        card = _card_row(state, row, action[key])
        treasures = [] if card is None else pick_treasures(state, player, card[needs])
    return {"do": row, key: action[key], "treasures": list(treasures)}


def _raid_start(state: dict, player: str, action: dict) -> dict:
    house = state["houses"][action["house"]]
    if not house["treasures"] or house["sentry"] is None:
        raise RuleError("house-empty", house=action["house"])
    tiles = odds.raid_tiles(state, player, action.get("skills", []))
    hand = state["ninja"][player]["hand"]
    fixed = odds.fixed_card(action.get("cards", []), 0, hand)
    if odds.choose_play(hand, action["approach"], house["sentry"], tiles, fixed) is None:
        raise RuleError("sentry-not-beaten", house=action["house"], approach=action["approach"])
    return {"do": "raid", "house": action["house"], "approach": action["approach"]}


def placement_decision(state: dict, player: str, action: dict) -> dict:
    """The decision rounds.act takes for an action of the orders (RuleError if it is plainly impossible)."""
    do = action["do"]
    if do == "dojo":
        return _dojo(state, player, action)
    if do == "sensei":
        return _sensei(state, player, action)
    if do == "palace":
        return _trade(state, player, action, "palace", "envoy", "requires")
    if do == "pavilion":
        return _trade(state, player, action, "pavilion", "rumor", "cost")
    return _raid_start(state, player, action)


def default_claim(state: dict, player: str, house: dict) -> dict:
    """The token the engine puts on a house beaten: of the other clans, the one the ninja has most Envoys of,
    then the most valuable token; the clans' order breaks ties."""
    envoys = [card["clan"] for card in state["ninja"][player]["envoys"]]
    best = None
    for order, clan in enumerate(scoring.CLANS):
        pile = state["clan_pile"].get(clan, [])
        if clan == house["clan"] or not pile:
            continue
        key = (envoys.count(clan), max(pile), -order)
        if best is None or key > best[0]:
            best = (key, {"do": "claim", "clan": clan, "worth": max(pile)})
    return best[1] if best else {"do": "claim", "clan": None, "worth": None}


def _fight(state: dict, player: str, action: dict, events: list[dict], placed: int) -> dict:
    raid = state["raid"]
    hand = state["ninja"][player]["hand"]
    cards = action.get("cards", [])
    index = len(raid["shuriken"])
    fixed = odds.fixed_card(cards, index, hand)
    if index < len(cards) and fixed is None:
        events.append(event("order_adjusted", player, player=player, shuriken=placed, code="card-not-in-hand",
                            card=cards[index]))
    tiles = odds.raid_tiles(state, player, action.get("skills", []))
    play = odds.choose_play(hand, raid["mode"], raid["guard"], tiles, fixed)
    if play:
        return play[0]
    keep = names.kept_on_failure(view(state, player), action.get("keep", []), raid["shuriken"]) \
        if action.get("keep") else None
    return {"do": "fail"} if keep is None else {"do": "fail", "keep": keep}


def _decide(state: dict, player: str, action: dict, policy, stream, events: list[dict]) -> tuple[dict, dict]:
    """The step after a guard beaten, and the state after any peek it made first."""
    raid = state["raid"]
    seen = view(state, player)
    house = seen["houses"][raid["house"]]
    tiles = odds.raid_tiles(seen, player, action.get("skills", []))
    cards = action.get("cards", [])
    hand = state["ninja"][player]["hand"]
    fixed = odds.fixed_card(cards, len(raid["shuriken"]), hand)
    chance = odds.beat_chance(odds.banzai_candidates(seen, house), hand, raid["mode"], tiles, fixed)
    faced = len(raid["shuriken"]) - 1
    peek = next((t["id"] for t in tiles if t["effect"] == "peek"), None) if policy != odds.NEVER else None
    if peek is not None and odds.wants_banzai({k: v for k, v in policy.items() if k != "chance"}, chance, faced):
        state, happened = rounds.act(state, player, {"do": "peek", "skill": peek}, stream)
        events += happened
        guard = next(ev["guard"] for ev in happened if ev["kind"] == "peeked")
        tiles = [t for t in tiles if t["id"] != peek]
        go = guard is not None and odds.choose_play(hand, raid["mode"], guard, tiles, fixed) is not None
    else:
        go = peek is None and odds.wants_banzai(policy, chance, faced)
    if not go:
        return state, {"do": "leave"}
    silencer = next((t["id"] for t in tiles if t["effect"] == "ignore_alarm"), None)
    return state, {"do": "banzai", "ignore_alarm": silencer}


def _raid_step(state: dict, player: str, action: dict, policy, stream, events: list[dict],
               placed: int) -> dict:
    phase = state["raid"]["phase"]
    if phase == "fight":
        decision = _fight(state, player, action, events, placed)
    elif phase == "decide":
        state, decision = _decide(state, player, action, policy, stream, events)
    else:
        decision = default_claim(state, player, state["houses"][state["raid"]["house"]])
        claim = action.get("claim")
        refused = claim and houses.token_obstacle(state, claim["clan"], claim["worth"])
        if claim and not refused:
            decision = {"do": "claim", **claim}
        elif refused:
            events.append(event("order_adjusted", player, player=player, shuriken=placed, code=refused.code,
                                clan=claim["clan"], worth=claim["worth"]))
    state, happened = rounds.act(state, player, decision, stream)
    events += happened
    return state


def place_shuriken(state: dict, player: str, placement: dict | None, placed: int,
                   stream) -> tuple[dict, list[dict]]:
    """The ninja's shuriken number `placed` (from 1) of the round, by the placement's orders (None: none given):
    the first possible action of the list, its raid carried to the end, else the Dojo."""
    events: list[dict] = []
    actions = placement["actions"] if placement else []
    for number, action in enumerate(actions, start=1):
        try:
            found = lasting_obstacle(view(state, player), player, action)
            if found:
                raise found
            decision = placement_decision(state, player, action)
            state, happened = rounds.act(state, player, decision, stream)
        except RuleError as refused:
            events.append(event("order_fell_through", player, player=player, shuriken=placed, rank=number,
                                do=action["do"], code=refused.code))
            continue
        events.append(event("order_followed", player, player=player, shuriken=placed, rank=number,
                            do=action["do"]))
        events += happened
        while state["raid"] is not None:
            state = _raid_step(state, player, action, placement.get("banzai", odds.NEVER), stream, events, placed)
        return state, events
    events.append(event("order_default", player, player=player, shuriken=placed,
                        code="no-action-possible" if actions else "no-orders"))
    state, happened = rounds.act(state, player, placement_decision(state, player, DOJO_DEFAULT), stream)
    return state, events + happened


def carry_out(state: dict, orders: dict[str, dict], stream) -> tuple[dict, list[dict]]:
    """Every placement left in the round, in turn order, from each ninja's checked orders ({player: orders};
    a ninja without orders goes to the Dojo). The round's end (rounds.end_round) is the caller's."""
    events: list[dict] = []
    while rounds.to_act(state) is not None:
        player = rounds.to_act(state)
        placed = sum(1 for p in state["placements"] if p["player"] == player) + 1
        shuriken = (orders.get(player) or {}).get("shuriken", [])
        placement = shuriken[placed - 1] if placed <= len(shuriken) else None
        state, happened = place_shuriken(state, player, placement, placed, stream)
        events += happened
    return state, events

