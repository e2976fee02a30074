"""Players come and go in long campaigns: a position handed to a newcomer, an address changed."""
from __future__ import annotations

import secrets
from dataclasses import replace

from pbem import clock, render
from pbem.campaign import Campaign, Player
from pbem.create import EMAIL_PATTERN
from pbem.errors import UserError
from pbem.outbox import compose, post


def replace_player(campaign: Campaign, name: str, email: str) -> str:
    """Hand NAME's position to a new person: a new address and a new token, sent in a welcome letter.

    Returns the outbox key of the letter. The old token stops working at once.
    """
    old = campaign.player(name)
    _check_email(email)
    token = secrets.token_urlsafe(18)
    campaign.replace_token(name, token)
    campaign.players = [replace(p, email=email) if p.name == name else p for p in campaign.players]
    campaign.save()
    number = campaign.last_round
    key = f"welcome-{name}-r{number:04d}-{secrets.token_hex(4)}"
    report = (campaign.round_dir(number) / "reports" / f"{name}.txt").read_text("utf-8")
    body = render.render("common/welcome.txt.j2", campaign=campaign.name, game=campaign.game.title, player=name,
                         token=token, gm=campaign.gm, report=report)
    post(campaign, key, compose(campaign, name, "Welcome: you take over a position", body, key=key,
                                moment=clock.now()))
    campaign.log(f"player {name} handed over from {old.email} to {email}; new token issued")
    return key


def set_player(campaign: Campaign, name: str, *, email: str | None = None, language: str | None = None) -> Player:
    """Change a player's address or language; the token stays the same."""
    campaign.player(name)
    if email is not None:
        _check_email(email)
    if language is not None and not (2 <= len(language) <= 8 and language.replace("-", "").isalpha()):
        raise UserError(f"--language {language!r}: a language code such as en, es or pt-BR")
    campaign.players = [replace(p, email=email or p.email, language=language or p.language) if p.name == name else p
                        for p in campaign.players]
    campaign.save()
    campaign.log(f"player {name} set: " + ", ".join(f"{k} {v}" for k, v in (("email", email), ("language", language))
                                                    if v))
    return campaign.player(name)


def _check_email(email: str) -> None:
    if not EMAIL_PATTERN.match(email):
        raise UserError(f"{email!r} is not a mail address")
