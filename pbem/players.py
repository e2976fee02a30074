"""Players come and go in long campaigns: a position handed to a newcomer, an address changed.

Who hears of it is the campaign's `announce_players`: "all" (the other players
learn that a position changed hands, never the new address; the person
leaving and, for an address change, both addresses are told), "player" (only
the person concerned, at the old and new address), or "none".
"""
from __future__ import annotations

import secrets
from dataclasses import dataclass, replace

from pbem import clock, render
from pbem.campaign import Campaign, Player, is_mail_address
from pbem.errors import UserError
from pbem.languages import offered
from pbem.outbox import compose, post
from pbem.render import template_folder
from pbem.welcome import welcome_mail


@dataclass
class HandOver:
    key: str                # the outbox key of the welcome letter
    stored_orders: str      # what became of the leaver's orders for the open round: "none", "dropped" or "kept"


def replace_player(campaign: Campaign, name: str, email: str, keep_orders: bool = False) -> HandOver:
    """Hand NAME's position to a new person: a new address and a new token, sent in a welcome letter.

    The old token stops working at once. Orders the leaver stored for the open round are dropped (the newcomer
    sends their own, or the position plays its default), unless `keep_orders`. The leaver's absence, if he was
    away, ends: the newcomer is there to send orders, and is waited for and reminded like everyone else.
    """
    from pbem.pauses import set_back

    old = campaign.player(name)
    _check_email(email)
    stored = campaign.pending_orders().get(name)
    if stored and not keep_orders:
        (campaign.orders_dir / f"{name}.json").unlink()
    token = secrets.token_urlsafe(18)
    campaign.replace_token(name, token)
    campaign.players = [replace(p, email=email) if p.name == name else p for p in campaign.players]
    campaign.save()
    set_back(campaign, name)
    number = campaign.last_round
    key = f"welcome-{name}-r{number:04d}-{secrets.token_hex(4)}"
    post(campaign, key, welcome_mail(campaign, name, number=number, token=token, subject="taken_over", key=key,
                                     moment=clock.now()))
    tag = key[len("welcome-"):]
    if campaign.announce_players != "none":
        _tell(campaign, name, f"left-{tag}", ("handed_over", {}), "handed over, old address", address=old.email)
    if campaign.announce_players == "all":
        for other in campaign.player_names:
            if other != name:
                _tell(campaign, other, f"news-{tag}-{other}", ("played_by_someone_new", {"name": name}),
                      "handed over", about=name)
    orders = "none" if not stored else "kept" if keep_orders else "dropped"
    campaign.log(f"player {name} handed over from {old.email} to {email}; new token issued"
                 + {"none": "", "kept": f"; stored orders for round {campaign.open_round} kept",
                    "dropped": f"; stored orders for round {campaign.open_round} dropped"}[orders])
    return HandOver(key, orders)


def set_player(campaign: Campaign, name: str, *, email: str | None = None, language: str | None = None) -> Player:
    """Change a player's address or language; the token stays the same."""
    old = campaign.player(name)
    if email is not None:
        _check_email(email)
    if language is not None and language not in offered(template_folder(campaign.game_name)):
        raise UserError(f"--language {language!r}: this campaign's mails can be written in "
                        f"{', '.join(offered(template_folder(campaign.game_name)))}")
    campaign.players = [replace(p, email=email or p.email, language=language or p.language) if p.name == name else p
                        for p in campaign.players]
    campaign.save()
    if email and email != old.email and campaign.announce_players != "none":
        tag = f"{name}-r{campaign.last_round:04d}-{secrets.token_hex(4)}"
        for n, address in enumerate((old.email, email)):
            _tell(campaign, name, f"address-{tag}-{n}", ("address_changed", {}), "address changed",
                  address=address, old=old.email, new=email)
    campaign.log(f"player {name} set: " + ", ".join(f"{k} {v}" for k, v in (("email", email), ("language", language))
                                                    if v))
    return campaign.player(name)


def _tell(campaign: Campaign, to: str, key: str, subject: tuple[str, dict], kind: str, *, about: str | None = None,
          address: str | None = None, **values) -> None:
    """News for a player: `subject` the subject's kind and values (render.subject), `kind` the news told."""
    language = campaign.language_of(to)
    body = render.render("common/player_news.txt.j2", language, kind=kind, campaign=campaign.name, gm=campaign.gm,
                         player=about or to, round=campaign.open_round, **values)
    post(campaign, key, compose(campaign, to, render.subject(subject[0], language, **subject[1]), body, key=key,
                                moment=clock.now(), address=address))


def _check_email(email: str) -> None:
    if not is_mail_address(email):
        raise UserError(f"{email!r} is not a mail address")
