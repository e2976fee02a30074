"""What a GM asks first: where does the campaign stand?"""
from __future__ import annotations

from pathlib import Path

from engine.game import players_to_order
from pbem import gm_results
from pbem.campaign import LEFT_FILE, Campaign
from pbem.languages import ENGLISH


def campaign_status(campaign: Campaign) -> dict:
    game = campaign.game
    state = campaign.state()
    over = game.is_over(state)
    pending, missing = _orders(campaign, game, state, over)
    deadline = None if over else campaign.deadline()
    return {
        "campaign": campaign.name,
        "game": game.name,
        "game_title": game.title,
        "players": campaign.player_names,
        "resolved": campaign.last_round,
        "round": None if over else campaign.open_round,
        "deadline": deadline,
        "deadline_local": local_stamp(deadline, campaign.timezone) if deadline else None,
        "timezone": campaign.timezone,
        "orders_in": sorted(pending),
        "missing": missing,
        "over": over,
        "standings": game.standings(state),
        "outbox": outbox_status(campaign),
        **({"beacon": beacon_status(campaign)} if campaign.beacon and not over and campaign.deadline() else {}),
        **({"schedule": schedule_status(campaign)} if campaign.deadline_weekdays else {}),
        **desk_status(campaign, over),
        **({"gm_results": gm_results.path_of(campaign, campaign.open_round).is_file()}
           if gm_results.needed(campaign) and not over else {}),   # a game its GM adjudicates: written yet?
    }


def desk_status(campaign: Campaign, over: bool) -> dict:
    """The pause in force ({"since", "reason"}) and the players away ({name: {"until", "policy"}}), each said only
    when there is one and the game goes on."""
    if over:
        return {}
    paused, away = campaign.pause(), campaign.away()
    return {**({"paused": {"since": paused["since"], "reason": paused.get("reason", "")}} if paused else {}),
            **({"away": {name: {"until": entry["until"], "policy": campaign.stand_in_policy(name, away)}
                         for name, entry in away.items()}} if away else {})}


def schedule_status(campaign: Campaign) -> dict:
    """The weekdays the deadlines fall on (Monday 0), their time of day and zone."""
    from pbem.schedule import weekdays

    return {"weekdays": weekdays(campaign.deadline_weekdays), "at": campaign.deadline_at or "00:00",
            "timezone": campaign.timezone}


def _orders(campaign: Campaign, game, state: dict, over: bool) -> tuple[dict, list[str]]:
    """The open round's stored orders by player, and the players it still waits for (none once the game is over)."""
    if over:
        return {}, []
    pending = campaign.pending_orders()
    return pending, [p for p in players_to_order(game, state, campaign.player_names) if p not in pending]


def campaign_folders(root: Path) -> list[Path]:
    """The campaign folders directly under `root` (each subfolder holding a campaign.toml), sorted by name."""
    from pbem.errors import UserError

    if not root.is_dir():
        raise UserError(f"{root}: not a folder; `pbem status --all ROOT` looks for campaign folders in ROOT")
    return sorted((path for path in root.iterdir() if _holds_campaign(path)), key=lambda p: p.name)


def _holds_campaign(folder: Path) -> bool:
    try:
        return (folder / "campaign.toml").is_file()
    except OSError:   # a folder pbem may not look into gets a line that says why
        return True


def summary(folder: Path) -> dict:
    """What one line of `pbem status DIR DIR...` says about a campaign, as data: its name, game, open round and
    deadline (also in the campaign's zone), who is missing, and the outbox. A folder that is no campaign, or whose
    files are damaged, is {"folder", "error"}: said, never raised, so that the other campaigns still get theirs."""
    try:
        campaign = Campaign.load(folder)
        game = campaign.game
        state = campaign.state()
        over = game.is_over(state)
        pending, missing = _orders(campaign, game, state, over)
        deadline = None if over else campaign.deadline()
        return {
            "folder": str(folder),
            "error": None,
            "campaign": campaign.name,
            "game": game.name,
            "game_title": game.title,
            "resolved": campaign.last_round,
            "round": None if over else campaign.open_round,
            "over": over,
            "deadline": deadline,
            "deadline_local": None if deadline is None else local_stamp(deadline, campaign.timezone),
            "timezone": campaign.timezone,
            "orders_in": sorted(pending),
            "missing": missing,
            "outbox": outbox_status(campaign),
            **desk_status(campaign, over),
        }
    except Exception as exc:  # one campaign's trouble must not hide the others
        from pbem.errors import BeaconUnavailable, CampaignDamaged, MailServerFailed, UserError

        told = (UserError, CampaignDamaged, MailServerFailed, BeaconUnavailable, OSError)
        said = str(exc) if isinstance(exc, told) else f"internal error: {exc.__class__.__name__}: {exc}"
        return {"folder": str(folder), "error": said}


def local_stamp(stamp: str, timezone: str) -> str:
    """A recorded moment as the GM reads it in the campaign's zone, "2026-03-04 20:00 CET": what
    pbem.schedule.local_time says in English, without loading the templates and Babel it needs for other
    languages."""
    from pbem import clock
    from pbem.schedule import zone

    return clock.parse(stamp).astimezone(zone(timezone)).strftime("%Y-%m-%d %H:%M %Z")


def summary_lines(records: list[dict]) -> list[str]:
    """One line per campaign, its columns aligned: name, game, round, deadline, who is missing, the outbox; a
    failure names the folder and what is wrong."""
    rows = [_summary_row(record) for record in records if not record["error"]]
    widths = [max((len(row[column]) for row in rows), default=0) for column in range(5)]
    lines, ok = [], iter(rows)
    for record in records:
        if record["error"]:
            folder = record["folder"]
            lines.append(_one_line(f"{folder}: FAILED: {record['error'].removeprefix(folder + ': ')}"))
        else:
            row = next(ok)
            cells = [cell.ljust(width) for cell, width in zip(row, widths) if width]   # a column empty in every line
            lines.append("  ".join([*cells, row[5]]).rstrip())                      # is left out
    return lines


def _one_line(text: str) -> str:
    """A message of several lines (a UserError's details, a mail server's answer) told in one."""
    return " ".join(text.split())


def _summary_row(record: dict) -> list[str]:
    name = record["campaign"]
    if Path(record["folder"]).name != name:
        name += f" ({record['folder']})"
    if record["over"]:
        where, due, missing = f"over after round {record['resolved']}", "", ""
    else:
        where = f"round {record['round']}"
        due = f"due {record['deadline_local']}" if record["deadline"] else "no deadline"
        if record.get("paused"):
            paused = record["paused"]
            due = (f"PAUSED since {local_stamp(paused['since'], record['timezone'])}"
                   + (f" ({paused['reason']})" if paused["reason"] else "") + f", {due}")
        missing = f"missing {', '.join(record['missing'])}" if record["missing"] else "all orders in"
        if record.get("away"):
            missing += "; away " + ", ".join(f"{name} until {local_stamp(entry['until'], record['timezone'])}"
                                             for name, entry in record["away"].items())
    return [name, record["game_title"], where, due, missing, _outbox_text(record["outbox"], record["timezone"])]


def _outbox_text(mail: dict, timezone: str) -> str:
    if not mail["waiting"]:
        return "outbox empty"
    text = f"outbox {mail['waiting']} waiting"
    if mail["failing"]:
        text += (f", {mail['failing']} failed to send (next try {local_stamp(mail['next_try'], timezone)}: "
                 f"{_one_line(mail['last_error'])})")
    return text


def beacon_status(campaign: Campaign) -> dict:
    """The beacon round the open round waits for, and when it is published: once its orders are sealed, the one
    the seal names."""
    from pbem import seal
    from pbem.rounds import announced_beacon, attempt

    deadline = campaign.deadline()
    assert deadline is not None   # a campaign with a beacon has a deadline (Campaign.check_beacon_settings)
    found = announced_beacon(campaign, deadline)
    sealed = seal.current(campaign, campaign.open_round, attempt(campaign, campaign.open_round))
    if sealed is not None:
        found |= {**sealed["beacon"], "sealed": sealed["at"]}
    return found


def outbox_status(campaign: Campaign) -> dict:
    """Mail waiting to go out, and why the last try failed, if it did."""
    from pbem.records import read_record

    outbox = campaign.folder / "outbox"
    waiting = sorted(path.stem for path in outbox.glob("*.eml")) if outbox.is_dir() else []
    retry = campaign.send_retries()
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
    local = None
    if info.get("deadline"):   # the GM's English without Babel (local_stamp); a player's language with it
        local = info["deadline_local"] if language == ENGLISH else render.moment(info["deadline"], info["timezone"],
                                                                                 language)
    return render.render("common/status.txt.j2", language, info=info, schedule_days=days, deadline_local=local,
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
    return f"{row['rank']}. {row['player']}" + (f" ({details})" if details else "")
