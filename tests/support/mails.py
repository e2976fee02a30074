"""Mails as a player's client sends them, for the intake tests, and the answers pbem leaves in the outbox."""
from __future__ import annotations

from email import message_from_bytes, policy
from email.message import EmailMessage


def mail(body: str, *, sender="ann@example.org", subject="Re: [war] Round 0 report", message_id="<a1@mail.example>",
         **headers) -> bytes:
    message = EmailMessage()
    message["From"] = sender
    message["To"] = "gm@example.org"
    message["Subject"] = subject
    if message_id:
        message["Message-ID"] = message_id
    for name, value in headers.items():
        message[name.replace("_", "-")] = value
    message.set_content(body)
    return message.as_bytes()


def answers(campaign) -> dict[str, EmailMessage]:
    return {path.stem: message_from_bytes(path.read_bytes(), policy=policy.default)
            for path in sorted((campaign.folder / "outbox").glob("mail-*.eml"))}
