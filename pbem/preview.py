"""`pbem resolve --dry-run`: what resolving the open round now would give, told to the GM alone.

The round is computed by pbem.rounds.dry_run (the code of a real resolution, with a throwaway secret, writing
nothing); this module only says it: by default a summary (who has orders in, who would get stand-in orders, the
events by kind, the standings after it), or one player's report text. Both say plainly that the dice are NOT the
round's real dice.
"""
from __future__ import annotations

import json

from pbem.campaign import Campaign
from pbem.status import local_stamp

THROWAWAY = ("THROWAWAY DICE: the rolls below come from a random secret drawn for this dry run and forgotten, "
             "NOT from the round's real dice, which stay secret until the round is resolved; the real "
             "resolution will roll differently.")


def dry_run_text(campaign: Campaign, result: dict, show: str | None = None) -> str:
    """The dry run of `result` (pbem.rounds.dry_run) as the GM reads it: the summary, or `show`'s report."""
    files = result["files"]
    number = result["round"]
    lines = [f"DRY RUN of round {number} of {campaign.name}: nothing was written, nobody was told.", THROWAWAY]
    if campaign.beacon:
        lines.append("Beacon mode: no beacon round was asked for; the real round's dice will also mix one in.")
    if show is not None:
        campaign.player(show)   # an unknown name is refused, with the names there are
        lines += ["", f"--- {show}'s report of round {number}, with throwaway dice ---", ""]
        return "\n".join(lines) + "\n" + files[f"reports/{show}.txt"].decode("utf-8")
    inputs = json.loads(files["inputs.json"])
    record = json.loads(files["round.json"])
    events = json.loads(files["events.json"])
    state = json.loads(files["state.json"])
    stand_in = "the computer player's" if campaign.missing_orders == "computer" else "default"
    lines.append(f"Orders in: {', '.join(result['orders_in']) or 'none'}")
    if result["defaulted"]:
        lines.append(f"Would get {stand_in} orders: {', '.join(result['defaulted'])}")
    kinds: dict[str, int] = {}
    for event in events:
        kinds[event.get("kind", "?")] = kinds.get(event.get("kind", "?"), 0) + 1
    lines.append(f"Events: {len(events)}" + (" (" + ", ".join(f"{kind} {count}" for kind, count in
                                                            sorted(kinds.items())) + ")" if kinds else ""))
    lines.append("Standings if resolved now:" if not record["over"] else "Final standings if resolved now:")
    for row in campaign.game.standings(state):
        details = ", ".join(f"{key} {value}" for key, value in row.items() if key not in ("player", "rank"))
        lines.append(f"  {row['rank']}. {row['player']} ({details})")
    lines.append("The game would be over." if record["over"] else f"Round {number + 1} would open"
                 + (f", due {local_stamp(inputs['deadline'], campaign.timezone)}" if inputs.get("deadline") else "")
                 + ".")
    lines.append(f"Each player's report: pbem resolve {campaign.folder} --dry-run --show PLAYER")
    return "\n".join(lines) + "\n"

