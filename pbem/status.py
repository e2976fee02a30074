"""What a GM asks first: where does the campaign stand?"""
from __future__ import annotations

from engine.game import players_to_order
from pbem.campaign import Campaign


def campaign_status(campaign: Campaign) -> dict:
    game = campaign.game
    state = campaign.state()
    over = game.is_over(state)
    pending = {} if over else campaign.pending_orders()
    return {
        "campaign": campaign.name,
        "game": game.name,
        "game_title": game.title,
        "players": campaign.player_names,
        "resolved": campaign.last_round,
        "round": None if over else campaign.open_round,
        "deadline": None if over else campaign.deadline(),
        "orders_in": sorted(pending),
        "missing": [] if over else [p for p in players_to_order(game, state, campaign.player_names)
                                    if p not in pending],
        "over": over,
        "standings": game.standings(state),
        "outbox": outbox_status(campaign),
        **({"beacon": beacon_status(campaign)} if campaign.beacon and not over and campaign.deadline() else {}),
    }


def beacon_status(campaign: Campaign) -> dict:
    """The beacon round the open round waits for, and when it is published."""
    from pbem.rounds import announced_beacon

    return announced_beacon(campaign, campaign.deadline())


def outbox_status(campaign: Campaign) -> dict:
    """Mail waiting to go out, and why the last try failed, if it did."""
    from pbem.files import read_record
    from pbem.mail_intake import LEFT_FILE
    from pbem.outbox import read_retry

    outbox = campaign.folder / "outbox"
    waiting = sorted(path.stem for path in outbox.glob("*.eml")) if outbox.is_dir() else []
    retry = read_retry(campaign)
    failing = [retry[key] for key in waiting if key in retry]
    left = campaign.folder / LEFT_FILE
    return {"left_for_others": len(read_record(left)) if left.is_file() else 0,
            "waiting": len(waiting),
            "failing": len(failing),
            "next_try": min((entry["next"] for entry in failing), default=None),
            "last_error": failing[-1]["error"] if failing else None}


def format_status(info: dict) -> str:
    lines = [f"Campaign {info['campaign']}: {info['game_title']}, {len(info['players'])} players"]
    if info["over"]:
        lines.append(f"The game is over after round {info['resolved']}.")
    else:
        lines.append(f"Round {info['round']} is open (rounds resolved: {info['resolved']})")
        lines.append(f"Deadline:   {info['deadline'] or 'none set'}")
        lines.append(f"Orders in:  {', '.join(info['orders_in']) or 'nobody yet'}")
        lines.append(f"Missing:    {', '.join(info['missing']) or 'nobody'}")
        if info.get("beacon"):
            beacon = info["beacon"]
            lines.append(f"Beacon:     drand round {beacon['round']}, published {beacon['published']}; the round "
                         f"closes at {beacon['closing']} and resolves after both")
    lines.append("Standings:  " + "; ".join(_standing(row) for row in info["standings"]))
    mail = info.get("outbox") or {"waiting": 0}   # the GM's business: left out of the status sent to players
    if mail.get("left_for_others"):
        lines.append(f"Mailbox:    {mail['left_for_others']} message(s) left there for other campaigns "
                     "(tagged for none that is this one)")
    if mail["waiting"]:
        line = f"Outbox:     {mail['waiting']} message(s) waiting"
        if mail["failing"]:
            line += f"; {mail['failing']} failed to send, next try {mail['next_try']}: {mail['last_error']}"
        lines.append(line)
    return "\n".join(lines)


def format_standings(campaign: Campaign) -> str:
    info = campaign_status(campaign)
    head = "Final standings" if info["over"] else f"Standings after round {info['resolved']}"
    rows = [f"{head}:"]
    for row in info["standings"]:
        rows.append(f"  {_standing(row)}")
    return "\n".join(rows)


def _standing(row: dict) -> str:
    details = ", ".join(f"{key} {value}" for key, value in row.items() if key not in ("player", "rank"))
    return f"{row['rank']}. {row['player']} ({details})"
