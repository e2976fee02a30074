"""What a GM asks first: where does the campaign stand?"""
from __future__ import annotations

from engine.game import players_to_order
from pbem.campaign import Campaign
from pbem.languages import ENGLISH


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
        **({"schedule": schedule_status(campaign)} if campaign.deadline_weekdays else {}),
    }


def schedule_status(campaign: Campaign) -> dict:
    """The weekdays the deadlines fall on (Monday 0), their time of day and zone."""
    from pbem.schedule import weekdays

    return {"weekdays": weekdays(campaign.deadline_weekdays), "at": campaign.deadline_at or "00:00",
            "timezone": campaign.timezone}


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


def format_status(info: dict, language: str = ENGLISH) -> str:
    """The status as text (common/status.txt.j2), in the reader's language: the GM's, or a player's who asked."""
    from pbem import render

    days = ""
    if info.get("schedule"):
        from babel.dates import get_day_names

        names = get_day_names("wide", locale="en" if language == ENGLISH else language)
        days = ", ".join(names[day] for day in info["schedule"]["weekdays"])
    return render.render("common/status.txt.j2", language, info=info, schedule_days=days,
                         standing_template=render.standing_template(info["game"])).rstrip("\n")


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
