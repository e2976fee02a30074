"""What happened to you this round: the first screen of a player's report, as plain data.

A report tells the whole round in the rulebook's order, which for a busy war round is dozens of battles; a
player wants first what touched them: the battles they fought and how each ended, the provinces they took
and lost, the daimyo killed or assassinated on either side, their Koku. Made of the events the player sees
and their view alone (chronicle.py hands them over), so it can tell nothing the report does not. The words
are the templates' (templates/ikusa/summary.txt.j2).

    {"battles": [{"target": pid, "role": "attacker" | "defender", "outcome": "won" | "lost" |
                  "both_eliminated", "against": player | None, "count": n}],   # alike battles counted once
     "taken": [pid], "lost": [pid],           # held at the round's end / lost by it, in the order it happened
     "daimyo_lost": [{"army", "how"}],        # your armies whose daimyo is gone for good
     "assassinated": [{"army", "player", "by_player", "how"}],   # daimyo assassinated, yours or by you
     "eliminated": [{"player", "by_player", "provinces": n}],   # out of the game: you, or a player you put out
     "koku": n, "collected": n | None,        # your Koku now (both sides' in a two-player game), and this round's
     "provinces": n, "armies": n}             # what you hold at the round's end
"""
from __future__ import annotations


def summary(view: dict, events: list[dict]) -> dict | None:
    """The round as it touched the view's player; None for the public record, which has no player."""
    you, sides = view.get("you"), view.get("your_sides") or []
    if not sides:
        return None
    started = None   # the battle being fought: each side's war numbers its battles from 1
    battles: dict[tuple, dict] = {}
    held: dict[str, bool] = {}
    assassinated, daimyo_lost, eliminated = [], [], []
    collected = None
    for e in events:
        kind = e["kind"]
        if kind == "battle_started":
            started = e
        elif kind == "battle_ended" and started and started["battle"] == e["battle"]:
            fought = _fought(started, e["outcome"], you)
            if fought:
                alike = battles.setdefault(tuple(fought.values()), {**fought, "count": 0})
                alike["count"] += 1
        elif kind == "province_conquered" and e["player"] == you:
            held[e["province"]] = True
        elif kind == "province_lost" and e["player"] == you:
            held[e["province"]] = False
        elif kind == "daimyo_assassinated" and you in (e["player"], e["by_player"]):
            assassinated.append({"army": e["army"], "player": e["player"], "by_player": e["by_player"],
                                 "how": e["how"]})
        elif kind == "player_eliminated" and you in (e["player"], e["by_player"]):
            eliminated.append({"player": e["player"], "by_player": e["by_player"], "provinces": len(e["provinces"])})
            for pid in e["provinces"]:   # handed over all together: told as one, not province by province
                held.pop(pid, None)
        elif kind == "daimyo_killed" and e["player"] == you:
            daimyo_lost.append({"army": e["army"], "how": e["how"]})
        elif kind == "koku_collected" and e["player"] == you:
            collected = (collected or 0) + e["koku"]
    return {"battles": list(battles.values()), "taken": [pid for pid, now in held.items() if now],
            "lost": [pid for pid, now in held.items() if not now], "daimyo_lost": daimyo_lost,
            "assassinated": assassinated, "eliminated": eliminated,
            "koku": sum(view["koku"].get(side, 0) for side in sides), "collected": collected,
            "provinces": sum(1 for p in view["provinces"].values() if p["owner"] == you),
            "armies": sum(1 for a in view["armies"].values() if a["player"] == you and a["status"] != "lost")}


def _fought(started: dict, outcome: str, you: str) -> dict | None:
    """A battle as one of its sides saw it, or None when the player fought on neither side."""
    if started["player"] == you:
        role, against = "attacker", started["defender_player"]
    elif started["defender_player"] == you:
        role, against = "defender", started["player"]
    else:
        return None
    if outcome == "both_eliminated":
        result = outcome
    else:
        result = "won" if outcome == f"{role}_won" else "lost"
    return {"target": started["target"], "role": role, "outcome": result,
            "against": against if against != you else None}
