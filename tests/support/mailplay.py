"""Playing by mail in tests: a campaign wired to the test servers, players' mail, and reading mailboxes."""
from __future__ import annotations

import smtplib
from email import message_from_bytes, policy
from email.message import EmailMessage
from pathlib import Path

from pbem.campaign import Campaign
from tests.conftest import TOKENS, make_campaign
from tests.support.mailservers import MailServers

PLAYERS = ("ann", "bob", "cho")
GM = "war@example.org"
ADDRESSES = [GM] + [f"{p}@example.org" for p in PLAYERS]   # the mailboxes of the test servers


def mail_campaign(folder: Path, servers: MailServers, **kwargs) -> Campaign:
    camp = make_campaign(folder, **kwargs)
    camp = Campaign.load(camp.folder)
    camp.gm = GM
    camp.mail = {"imap": {"host": servers.host, "port": servers.imap_port, "security": "none", "user": GM},
                 "smtp": {"host": servers.host, "port": servers.smtp_port, "security": "none"}}
    camp.save()
    camp.set_secret("imap_password", servers.password(GM))
    return camp


def orders_mail(player: str, round_number=1, castle="Gifu", message_id=None, subject=None) -> bytes:
    message = EmailMessage()
    message["From"] = f"{player.title()} <{player}@example.org>"
    message["To"] = GM
    message["Subject"] = subject or f"Re: [war] Round {round_number - 1} report"
    message["Message-ID"] = message_id or f"<{player}-r{round_number}-{castle}@example.org>"
    message.set_content(f"My orders, GM:\n\ncampaign = \"war\"\nround = {round_number}\nplayer = \"{player}\"\n"
                        f"token = \"{TOKENS[player]}\"\ntargets = [\"{castle}\"]\n\nBanzai!\n-- \n{player}\n")
    return message.as_bytes()


def computer_orders_text(camp: Campaign, player: str, token: str | None = None) -> str:
    """The computer player's orders for the open round of any game, as an order file with the player's token
    (or the one given)."""
    from pbem.orders import Submission, normalised_text

    game, state = camp.game, camp.state()
    orders = game.computer_orders(game.view(state, player), player)
    return f'token = "{token or TOKENS[player]}"\n' + normalised_text(camp, Submission(player, camp.open_round, orders))


def computer_orders_mail(camp: Campaign, player: str, message_id: str, token: str | None = None) -> bytes:
    """A mail holding those orders, as a player would send them."""
    message = EmailMessage()
    message["From"] = f"{player.title()} <{player}@example.org>"
    message["To"] = GM
    message["Subject"] = f"Re: [{camp.name}] Round {camp.open_round - 1} report"
    message["Message-ID"] = message_id
    message.set_content(f"My orders, GM:\n\n{computer_orders_text(camp, player, token)}\nBanzai!\n-- \n{player}\n")
    return message.as_bytes()


def send_by_smtp(servers: MailServers, player: str, raw: bytes) -> None:
    """As a mail client sends: lines ended by CRLF (smtplib sends bytes as they are)."""
    with smtplib.SMTP(servers.host, servers.smtp_port) as smtp:
        smtp.sendmail(f"{player}@example.org", [GM], raw.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n"))


def mailbox(servers: MailServers, player: str) -> list[EmailMessage]:
    return [message_from_bytes(raw, policy=policy.default) for raw in servers.messages(f"{player}@example.org")]


def body(message: EmailMessage) -> str:
    return message.get_body(("plain",)).get_content().replace("\r\n", "\n")


def reports(servers: MailServers, player: str, number: int) -> list[str]:
    return [body(m) for m in mailbox(servers, player) if m["Subject"].startswith(f"[war] Round {number} report")]


def acks(servers: MailServers, player: str) -> list[EmailMessage]:
    return [m for m in mailbox(servers, player) if "orders accepted" in m["Subject"]]


def report_file(camp: Campaign, player: str, number: int) -> str:
    return (camp.round_dir(number) / "reports" / f"{player}.txt").read_text("utf-8")
