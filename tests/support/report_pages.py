"""Report pages to look at in the HTML tests: real rounds played by the computer, their pages as a mail carries
them, and a little parser for what the page holds (headings, tables by class, elements by tag)."""
from __future__ import annotations

import base64
import hashlib
import re
import urllib.parse
from dataclasses import dataclass, field
from datetime import timedelta
from email import message_from_bytes, policy
from html.parser import HTMLParser
from pathlib import Path

from engine.game import players_to_order
from pbem import clock
from pbem.campaign import Player
from pbem.create import new_campaign
from pbem.orders import Submission, store
from tests.conftest import START

NONCE = "<script>alert('n')</script>&\""   # a player's nonce is free text, shown in every report


def played(folder: Path, game_name: str, names: list[str], until) -> tuple[object, int]:
    """A campaign of computer players, played round by round until `until(events)` says the round will do:
    (the campaign, that round's number). Ann's orders carry NONCE."""
    with clock.frozen_at(START):
        campaign = new_campaign(folder, game_name=game_name, gm="gm@pages.invalid",
                                players=[Player(n, f"{n}@pages.invalid") for n in names],
                                secret=hashlib.sha256(f"pages {game_name}".encode()).digest())
    while not campaign.is_over():
        number = campaign.open_round
        with clock.frozen_at(START + timedelta(days=number)):
            state = campaign.state()
            for name in players_to_order(campaign.game, state, names):
                orders = campaign.game.computer_orders(campaign.game.view(state, name), name)
                store(campaign, Submission(name, number, orders, nonce=NONCE if name == names[0] else ""), "test")
            from pbem.rounds import resolve
            resolve(campaign, force=True)
        if until(campaign.read_json(number, "events.json")):
            return campaign, number
    raise AssertionError("the game ended before a round fit")


def mail_page(campaign, number: int, player: str) -> str:
    """The HTML part of the player's report mail of that round, as the outbox holds it."""
    return _html_part(_report_mail(campaign, number, player))


REPORT_MAIL = re.compile(r"(^|/)(r\d{4}-[0-9a-f]{8}-\w+|welcome-\w+)\.eml$")
"""The file name of a report mail or a welcome letter (a report too, with the token before it), in an outbox or
a golden."""


def served_page(campaign, number: int, player: str, *, keep_style: bool = True) -> tuple[str, int]:
    """(the page, how many cid: it named) of the player's report mail of that round, as a client shows it (served)."""
    return served(_report_mail(campaign, number, player), keep_style=keep_style)


def served(message, *, keep_style: bool = True) -> tuple[str, int]:
    """(the page, how many cid: it named) as a mail client shows a report mail's HTML part: each cid: URL served
    from the mail part of that Content-ID (here as a data: URL, which the page's CSP allows), and without
    `keep_style`, every <style> block gone, as Gmail for other accounts' mail and Outlook's rewrites leave it."""
    parts = {part["Content-ID"].strip("<>"): part for part in message.walk() if part["Content-ID"]}
    page, shown = _html_part(message), 0
    for url in set(re.findall(r'src="cid:([^"]*)"', page)):
        part = parts[urllib.parse.unquote(url)]   # a cid: naming no part of the mail: a KeyError, and a failure
        data = base64.b64encode(part.get_content()).decode("ascii")
        page = page.replace(f'src="cid:{url}"', f'src="data:{part.get_content_type()};base64,{data}"')
        shown += 1
    if not keep_style:
        page = re.sub(r"<style\b.*?</style>", "", page, flags=re.S)
    return page, shown


def _report_mail(campaign, number: int, player: str):
    [path] = (campaign.folder / "outbox").glob(f"r{number:04d}-*-{player}.eml")
    return message_from_bytes(path.read_bytes(), policy=policy.default)


def _html_part(message) -> str:
    return message.get_body(("html",)).get_content().replace("\r\n", "\n")


@dataclass
class Element:
    tag: str
    attrs: dict
    children: list = field(default_factory=list)
    parent: Element | None = None

    def text(self) -> str:
        return "".join(c if isinstance(c, str) else c.text() for c in self.children)

    def all(self, tag: str, cls: str | None = None) -> list[Element]:
        found = []
        for child in self.children:
            if isinstance(child, Element):
                if child.tag == tag and (cls is None or cls in child.attrs.get("class", "").split()):
                    found.append(child)
                found += child.all(tag, cls)
        return found


VOID = {"meta", "br", "img", "link", "input", "hr", "col", "area", "base", "source", "wbr"}


class _Builder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = self.at = Element("#document", {})

    def handle_starttag(self, tag, attrs):
        element = Element(tag, {k: v or "" for k, v in attrs}, parent=self.at)
        self.at.children.append(element)
        if tag not in VOID:
            self.at = element

    def handle_endtag(self, tag):
        at = self.at
        while at is not None and at.tag != tag:
            at = at.parent
        if at is not None and at.parent is not None:
            self.at = at.parent

    def handle_data(self, data):
        self.at.children.append(data)


def parsed(page: str) -> Element:
    builder = _Builder()
    builder.feed(page)
    builder.close()
    return builder.root


def rows(table: Element) -> list[list[str]]:
    """The body rows of a table, each as its cells' text."""
    return [[" ".join(cell.text().split()) for cell in row.children if isinstance(cell, Element)]
            for body in table.all("tbody") for row in body.all("tr")]
