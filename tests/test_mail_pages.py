"""Every report mail's page as the big mail clients need it, in every golden and in whole demo games (a 5-player
Ikusa game's busiest war rounds among them): under Gmail's clipping size, no SVG (Gmail and Outlook show none),
every cid: a part of the same mail and every image part shown, the style written into the elements themselves
(for the clients that drop a page's <style>), and the picture before anything that happened."""
from __future__ import annotations

import re
import urllib.parse
from email import message_from_bytes, policy
from html.parser import HTMLParser

import pytest
from conftest import TOKENS, make_campaign

from tests.goldens import every_golden, stored
from tests.support.report_pages import REPORT_MAIL

GMAIL_CLIPS = 102_000   # Gmail shows about this much of an HTML part, then "[Message clipped]"
MOST = 100_000          # what a report's page may be, as the mail carries it
STYLED = ("body", "h1", "h2", "h3", "p", "table", "ul", "pre")   # every such element carries its style
DEMOS = (("ikusa", "5", 5), ("age-of-war", "5", 3), ("ninjato", "3", 4))


class Tags(HTMLParser):
    """The start tags of a page, in order, with their attributes."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict]] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))


class Colours(HTMLParser):
    """Each run of text of a page with the colour it is written in and the background it sits on, as the
    elements' style attributes give them (what a mail client that keeps no style sheet shows)."""

    VOID = {"br", "img", "meta", "hr", "input", "link", "col", "wbr"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.open: list[tuple[str, str | None, str | None]] = [("", "#ffffff", "#000000")]   # a client's own
        self.runs: list[tuple[str, str, str]] = []

    def handle_starttag(self, tag, attrs):
        if tag in self.VOID:
            return
        style = dict(attrs).get("style") or ""
        found = dict(re.findall(r"(?:^|;)\s*(background(?:-color)?|color)\s*:\s*(#[0-9a-fA-F]{3,6})", style))
        self.open.append((tag, found.get("background", found.get("background-color")), found.get("color")))

    def handle_endtag(self, tag):
        while len(self.open) > 1:
            if self.open.pop()[0] == tag:
                break

    def handle_data(self, data):
        if data.strip() and not any(tag in ("style", "title") for tag, _, _ in self.open):
            background = next(b for _, b, _ in reversed(self.open) if b)
            colour = next(c for _, _, c in reversed(self.open) if c)
            self.runs.append((data.strip()[:40], colour, background))


def contrast(first: str, second: str) -> float:
    """WCAG 2's contrast ratio of two #rgb or #rrggbb colours."""
    def luminance(colour: str) -> float:
        digits = colour[1:] if len(colour) == 7 else "".join(c * 2 for c in colour[1:])
        channels = [int(digits[i:i + 2], 16) / 255 for i in (0, 2, 4)]
        r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b
    light, dark = sorted((luminance(first), luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def page_problems(raw: bytes) -> tuple[list[str], int]:
    """(what is wrong with a report mail's page for a mail client, the page's size in the mail)."""
    message = message_from_bytes(raw, policy=policy.default)
    html = message.get_body(("html",))
    carried = html.get_payload(decode=False)
    page = html.get_content()
    problems = []
    if len(carried.encode("ascii")) > MOST:
        problems.append(f"the page is {len(carried.encode('ascii')):,} bytes in the mail, more than {MOST:,}")
    if "<svg" in page:
        problems.append("an inline SVG, which Gmail and Outlook do not show")
    parts = {part["Content-ID"].strip("<>"): part for part in message.walk() if part["Content-ID"]}
    named = {urllib.parse.unquote(url) for url in re.findall(r'src="cid:([^"]*)"', page)}
    problems += [f"cid:{cid} names no part of the mail" for cid in sorted(named - set(parts))]
    problems += [f"the part {cid} is shown nowhere" for cid in sorted(set(parts) - named)]
    tags = Tags()
    tags.feed(page)
    problems += sorted({f"a <{tag}> without its style" for tag, attrs in tags.tags
                        if tag in STYLED and not attrs.get("style")})
    first = [i + 1 for i, (tag, attrs) in enumerate(tags.tags) if attrs.get("id") == "you"]   # what happened to you
    h2s = [i for i, (tag, attrs) in enumerate(tags.tags)
           if tag == "h2" and attrs.get("id") != "press" and i not in first]
    images = [i for i, (tag, _) in enumerate(tags.tags) if tag == "img"]
    if parts and (not images or (h2s and images[0] > h2s[0])):
        problems.append("the picture comes after the round's events")
    if first and images and images[0] < first[0]:
        problems.append("the picture comes before what happened to the player")
    # dark mode: Apple Mail keeps a page that asks for light colours as written; the clients that darken
    # every page anyway (Gmail's apps, Outlook) turn each background and its text together, which keeps the
    # contrast only where every text is written on a background of its own, and is readable there
    if 'name="color-scheme" content="light only"' not in page:
        problems.append("the page does not ask for light colours only")
    colours = Colours()
    colours.feed(page)
    problems += sorted({f"{text!r} in {colour} on {background}: contrast {contrast(colour, background):.1f}"
                        for text, colour, background in colours.runs if contrast(colour, background) < 4.5})
    if not colours.runs:
        problems.append("no text read for its colours")
    return problems, len(carried)


def report_mails(files: dict[str, bytes]) -> dict[str, bytes]:
    return {path: data for path, data in files.items() if REPORT_MAIL.search(path)}


def test_every_golden_report_mail_has_a_page_every_big_mail_client_shows_whole():
    checked = pictured = 0
    for name in sorted(every_golden()):
        for path, raw in report_mails(stored(name)).items():
            problems, _ = page_problems(raw)
            assert problems == [], (name, path, problems)
            checked += 1
            pictured += b"Content-ID: <picture." in raw
    assert checked >= 100 and pictured >= 50, (checked, pictured)


@pytest.mark.parametrize(("game_name", "seed", "players"), DEMOS, ids=[d[0] for d in DEMOS])
def test_every_report_mail_of_a_whole_demo_game_stays_under_gmails_clipping(demo_game, game_name, seed, players):
    folder = demo_game(game_name, seed, players)
    sizes, battles = [], 0
    for path in sorted(p for p in (folder / "outbox").glob("*.eml") if REPORT_MAIL.search(p.name)):
        problems, size = page_problems(path.read_bytes())
        assert problems == [], (path.name, problems)
        sizes.append(size)
    for events in (folder / "rounds").glob("*/events.json"):
        battles = max(battles, events.read_text("utf-8").count('"kind":"battle_started"'))
    assert len(sizes) >= players * 3 and max(sizes) < GMAIL_CLIPS
    if game_name == "ikusa":   # the busiest round a report tells: twenty battles and more
        assert battles >= 20, battles


@pytest.mark.parametrize("game_name", ["ikusa", "age-of-war"])
def test_a_welcome_letter_shows_the_token_and_the_set_up_with_its_picture_and_no_round_file_holds_the_token(
        tmp_path, game_name):
    campaign = make_campaign(tmp_path / "war", game=game_name)
    for player in campaign.player_names:
        raw = (campaign.folder / "outbox" / f"welcome-{player}.eml").read_bytes()
        problems, _ = page_problems(raw)
        assert problems == [], (player, problems)
        message = message_from_bytes(raw, policy=policy.default)
        page, text = message.get_body(("html",)).get_content(), message.get_body(("plain",)).get_content()
        token = TOKENS.get(player, f"{player}-token")
        assert "<pre" in page and token in page.split('id="welcome"', 1)[1].split("</div>", 1)[0]
        assert token in text and 'src="cid:' in page and "round = 1" in page   # the form for the next round
    files = [path for path in (campaign.folder / "rounds").rglob("*") if path.is_file()]
    assert files and not any(TOKENS.get(p, f"{p}-token").encode() in path.read_bytes()
                             for path in files for p in campaign.player_names)
