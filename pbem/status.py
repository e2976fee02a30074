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
    }


def format_status(info: dict) -> str:
    lines = [f"Campaign {info['campaign']}: {info['game_title']}, {len(info['players'])} players"]
    if info["over"]:
        lines.append(f"The game is over after round {info['resolved']}.")
    else:
        lines.append(f"Round {info['round']} is open (rounds resolved: {info['resolved']})")
        lines.append(f"Deadline:   {info['deadline'] or 'none set'}")
        lines.append(f"Orders in:  {', '.join(info['orders_in']) or 'nobody yet'}")
        lines.append(f"Missing:    {', '.join(info['missing']) or 'nobody'}")
    lines.append("Standings:  " + "; ".join(_standing(row) for row in info["standings"]))
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
