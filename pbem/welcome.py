"""The welcome letter: a player's secret token and how a round goes, then the player's last report, as text
and as that report's page with its picture, so that a player places the armies looking at the map.

Sent when a campaign is made (pbem.create) and when a position is handed to someone new (pbem.players); the
token is in the letter alone, never in a round's files.
"""
from __future__ import annotations

from datetime import datetime

from pbem import render
from pbem.campaign import Campaign
from pbem.outbox import compose
from pbem.rounds import picture_parts, report_text


def welcome_mail(campaign: Campaign, name: str, *, number: int, token: str, subject: str, key: str,
                 moment: datetime) -> bytes:
    """The letter to `name` with its token and the report of round `number`; `subject` the kind of its subject
    line (pbem.render.subject: "welcome", "taken_over")."""
    language = campaign.language_of(name)
    values = {"campaign": campaign.name, "game": campaign.game.title, "player": name, "token": token,
              "gm": campaign.gm}
    body = render.render("common/welcome.txt.j2", language, report=report_text(campaign, name, number, "text"),
                         **values)
    reports = campaign.round_dir(number) / "reports"
    page_file, png_file = reports / f"{name}.html", reports / f"{name}.png"
    page = render.welcome_page(page_file.read_text("utf-8"), language, **values) if page_file.is_file() else None
    related, attached = picture_parts(campaign, name, number, page,
                                      png_file.read_bytes() if png_file.is_file() else None)
    return compose(campaign, name, render.subject(subject, language), body, key=key, moment=moment, html=page,
                   related=related, attachments=attached)
