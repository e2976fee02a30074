"""The report pages in a real headless Chromium (tests/support/browser.py): at a phone's width and a desktop's, each
page draws something, holds its headings and tables as the browser reads them, and asks the network for nothing;
and a page that does ask is seen asking, so that the check can fail. One Chromium run per page and size."""
from __future__ import annotations

import http.server
import json
import os
import re
import threading
from collections import Counter
from pathlib import Path

import pytest

from tests.support.browser import load, png_pixels
from tests.support.report_pages import NONCE, parsed, rows, served_page

CSP = ('<meta http-equiv="Content-Security-Policy" '
       'content="default-src \'none\'; style-src \'unsafe-inline\'; img-src data: cid:">')
SIZES = {"phone": (390, 844), "desktop": (1280, 900)}
ROWS_DECODED = 360   # the top of the first screen: the heading and what follows (decoding is pure Python)


def drawn(png: bytes, width: int) -> tuple[int, float]:
    """(distinct colours, share of pixels unlike the commonest) of the top of a screenshot of that width."""
    shot_width, _, pixels = png_pixels(png, ROWS_DECODED)
    assert shot_width == width
    counts = Counter(pixels)
    return len(counts), 1 - counts.most_common(1)[0][1] / len(pixels)


@pytest.mark.parametrize("game_name", ["ikusa", "age-of-war"])
@pytest.mark.parametrize("size", sorted(SIZES))
def test_a_report_page_draws_its_tables_in_chromium_and_makes_no_request(chromium, report_pages, game_name,
                                                                         size, tmp_path):
    campaign, number = report_pages[game_name]
    page, served = served_page(campaign, number, "ann")
    assert served == 1   # its picture, a part of the mail
    if size == "desktop":   # without its CSP: the page itself asks for nothing, not only the CSP forbidding it
        assert CSP in page
        page = page.replace(CSP, "")
    (tmp_path / "page.html").write_text(page, "utf-8")
    width, height = SIZES[size]
    loaded = load(tmp_path / "page.html", width, height, tmp_path / "chromium")
    assert loaded.requests == []
    colours, inked = drawn(loaded.png, width)
    assert colours >= 16 and inked >= 0.02, (colours, inked)
    root = parsed(loaded.dom)
    assert root.all("h1")[0].text().endswith("for ann")
    assert "Standings" in [h.text() for h in root.all("h2")]
    [standings] = root.all("table", "standings")
    assert sorted(r[1].split(" ")[0] for r in rows(standings)) == ["ann", "bob", "cho"]
    assert root.all("script") == [] and NONCE in root.text()
    if game_name == "ikusa":
        battles = root.all("div", "battle")
        assert len(battles) == len(parsed(page).all("div", "battle")) >= 2
        assert all(rows(b.all("table", "sides")[0]) and b.all("p", "outcome") for b in battles)
        assert root.all("table", "provinces") and root.all("table", "armies")
    else:
        assert root.all("h3", "attack") and rows(root.all("table", "rolls")[0])
        assert rows(root.all("table", "castles")[0])


def test_a_page_that_loads_an_image_from_the_network_is_seen_asking_for_it(chromium, tmp_path):
    asked = []

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            asked.append(self.path)
            self.send_response(404)
            self.end_headers()

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        port = server.server_address[1]
        (tmp_path / "leaky.html").write_text(
            f'<!DOCTYPE html><html><body><h1>A leak</h1><img src="http://127.0.0.1:{port}/pixel.png">'
            '<img src="https://images.example.org/far.png"></body></html>', "utf-8")
        loaded = load(tmp_path / "leaky.html", 390, 400, tmp_path / "chromium")
    finally:
        server.shutdown()
        server.server_close()
    assert loaded.requests == [f"http://127.0.0.1:{port}/pixel.png", "https://images.example.org/far.png"]
    assert asked == ["/pixel.png"]   # and the one that reached a server reached ours (nothing resolves but loopback)


SEA = (0xD6, 0xE6, 0xF2)   # the Ikusa map's sea (templates/ikusa/picture.svg.j2)
MAIL_WIDTH, FIRST_SCREEN = 690, 1000   # Gmail's reading column, and the height a reader sees without scrolling


def test_the_ikusa_mail_shows_its_map_in_the_first_screen_where_a_client_drops_the_style_and_svg(
        chromium, report_pages, tmp_path):
    """The report mail as a client that keeps no style sheet and shows no SVG renders it (Gmail, Outlook): every
    <style> gone, the map's cid: served from its part. Within the first 1,000 px at Gmail's width, the map's sea is
    drawn over much of the screen, so the map is on the first screen, not after the battles. The screenshot is
    kept (PBEM_SCREENSHOTS, a folder: the CI's artefacts)."""
    campaign, number = report_pages["ikusa"]
    page, served = served_page(campaign, number, "ann", keep_style=False)
    assert served == 1 and "<style" not in page and "<svg" not in page
    (tmp_path / "page.html").write_text(page, "utf-8")
    loaded = load(tmp_path / "page.html", MAIL_WIDTH, FIRST_SCREEN, tmp_path / "chromium")
    assert loaded.requests == []
    [image] = parsed(loaded.dom).all("img")
    assert image.attrs["src"].startswith("data:image/png;base64,") and image.attrs["alt"]
    _, _, pixels = png_pixels(loaded.png, FIRST_SCREEN)
    sea = sum(pixel[:3] == bytes(SEA) for pixel in pixels) / len(pixels)
    assert len(pixels) == MAIL_WIDTH * FIRST_SCREEN and sea > 0.15, f"only {sea:.0%} of the first screen is sea"
    if os.environ.get("PBEM_SCREENSHOTS"):
        kept = Path(os.environ["PBEM_SCREENSHOTS"])
        kept.mkdir(parents=True, exist_ok=True)
        (kept / "ikusa-mail-without-style.png").write_bytes(loaded.png)


def test_the_public_page_shows_the_standings_and_the_map_with_every_players_armies_and_asks_for_nothing(
        chromium, report_pages, tmp_path):
    """The campaign's public site (pbem site) as a visitor sees it: the front page draws, its map holds every
    province and an army marker for each army on the board, its standings every player, its table of rounds a
    row for each round; and a round's page draws its battles. Nothing is asked of the network."""
    from conftest import run

    campaign, number = report_pages["ikusa"]
    assert run("site", campaign.folder, tmp_path / "site").code == 0
    loaded = load(tmp_path / "site" / "index.html", *SIZES["desktop"], tmp_path / "chromium")
    assert loaded.requests == []
    colours, inked = drawn(loaded.png, SIZES["desktop"][0])
    assert colours >= 16 and inked >= 0.02, (colours, inked)
    root = parsed(loaded.dom)
    assert root.all("h1")[0].text().endswith("the public page")
    [figure] = root.all("figure", "picture")
    titles = [t.text() for t in figure.all("title")]
    state = campaign.state()
    armies = [f"Army {army_id} of {army['player']}" for army_id, army in sorted(state["armies"].items())
              if army["status"] == "active" and army.get("province")]
    assert armies and all(any(t.startswith((a + ":", a + " (")) for t in titles) for a in armies), (armies, titles)
    names = campaign.game.view(state, "")["names"].values()   # every province findable by its printed name
    assert len(names) == 68 and all(any(t == n or t.startswith(n + ":") for t in titles) for n in names)
    assert len(figure.all("path", None)) >= 68
    assert sorted(li.text().split(". ")[1].split(" ")[0] for li in root.all("li")) == ["ann", "bob", "cho"]
    assert len(rows(root.all("table", "rounds")[0])) == len(campaign.resolved_rounds())
    page = load(tmp_path / "site" / f"round-{number:03d}.html", *SIZES["phone"], tmp_path / "chromium")
    assert page.requests == []
    shown = parsed(page.dom)
    assert shown.all("h1")[0].text().endswith("public page") and len(shown.all("div", "battle")) >= 2
    assert [a.attrs["href"] for a in shown.all("nav")[0].all("a")][0] == "index.html"


OVERFLOW_PROBE = """<script>
(function () {
  var wide = [], seen = 0, page = document.documentElement;
  document.querySelectorAll("body *").forEach(function (e) {
    seen += 1;
    var style = getComputedStyle(e);
    if (style.display === "inline" || style.overflowX !== "visible" || e.clientWidth === 0) { return; }
    if (e.scrollWidth > e.clientWidth + 1) { wide.push(e.tagName.toLowerCase() + "." + e.className + ": "
        + (e.textContent || "").trim().slice(0, 60)); }
  });
  document.body.setAttribute("data-probe", JSON.stringify({seen: seen, wide: wide,
      page: page.scrollWidth > window.innerWidth + 1 ? page.scrollWidth : 0}));
})();
</script></body>"""
"""Run in the page: every block whose content is wider than its box and does not scroll, and whether the page
itself is wider than the window (a sideways scroll); and how many elements it looked at."""


IMAGE_PROBE = """<script>
document.body.setAttribute("data-probe", JSON.stringify([].map.call(document.images, function (i) {
  var box = i.getBoundingClientRect();
  return {top: box.top, height: box.height, width: box.width, loaded: i.complete && i.naturalWidth > 0};
})));
</script></body>"""
"""Run in the page: where each image is drawn, how large, and whether it loaded."""


@pytest.mark.parametrize("game_name", ["ikusa", "age-of-war", "ninjato"])
def test_every_pictured_games_mail_shows_its_picture_on_the_first_screen_where_a_client_drops_the_style(
        chromium, report_pages, game_name, tmp_path):
    """As Gmail or Outlook show it (no <style>, no SVG, the cid: served from its part), at Gmail's width: the
    picture loads, begins within the first 1,000 px and shows at least 300 px of itself there, as wide as the
    column allows."""
    campaign, number = report_pages[game_name]
    page, served = served_page(campaign, number, "ann", keep_style=False)
    assert served == 1 and "<svg" not in page
    page = re.sub(r'<meta http-equiv="Content-Security-Policy"[^>]*>', "", page).replace("</body>", IMAGE_PROBE)
    (tmp_path / "page.html").write_text(page, "utf-8")
    loaded = load(tmp_path / "page.html", MAIL_WIDTH, FIRST_SCREEN, tmp_path / "chromium")
    [image] = json.loads(parsed(loaded.dom).all("body")[0].attrs["data-probe"])
    assert image["loaded"] and image["width"] >= 600, image
    assert image["top"] + 300 <= FIRST_SCREEN, f"the picture begins {image['top']:.0f} px down"


def overflow_page(report_pages, game_name: str, keep_style: bool) -> str:
    """The page of ann's report mail of that game as a client shows it; the moderated game's from its golden."""
    if game_name == "moderated":
        from email import message_from_bytes, policy

        from tests.goldens import stored
        from tests.support.report_pages import served

        files = stored("moderated-3p-seed1")
        [path] = [p for p in files if re.fullmatch(r"r02/mail/r0002-\w+-ann\.eml", p)]
        return served(message_from_bytes(files[path], policy=policy.default), keep_style=keep_style)[0]
    campaign, number = report_pages[game_name]
    return served_page(campaign, number, "ann", keep_style=keep_style)[0]


@pytest.mark.parametrize("game_name", ["ikusa", "age-of-war", "ninjato", "moderated"])
@pytest.mark.parametrize("keep_style", [True, False], ids=["styled", "style-dropped"])
def test_no_text_of_a_report_mail_overflows_its_box_at_a_phones_width(chromium, report_pages, game_name,
                                                                         keep_style, tmp_path):
    """At a phone's width (390 px), with the page's style kept or dropped (the inline styles stay, as Gmail
    keeps them): no block's text runs out of its box unless the box scrolls (the tables' own boxes do), and the
    page is never wider than the screen. The probe needs a script, so the copy loaded has no CSP."""
    page = overflow_page(report_pages, game_name, keep_style)
    page = re.sub(r'<meta http-equiv="Content-Security-Policy"[^>]*>', "", page).replace("</body>", OVERFLOW_PROBE)
    (tmp_path / "page.html").write_text(page, "utf-8")
    loaded = load(tmp_path / "page.html", *SIZES["phone"], tmp_path / "chromium")
    probe = json.loads(parsed(loaded.dom).all("body")[0].attrs["data-probe"])
    assert probe["seen"] >= (30 if game_name == "moderated" else 100)   # the moderated game's page is short
    assert probe["wide"] == [] and probe["page"] == 0, probe


def test_the_overflow_probe_sees_a_word_wider_than_its_box_and_a_page_wider_than_the_screen(chromium, tmp_path):
    long_word = "x" * 200
    filler = "".join(f"<p>line {n}</p>" for n in range(120))
    page = (f'<!DOCTYPE html><html><body><div style="width: 200px"><p>{long_word}</p></div>{filler}</body></html>'
            .replace("</body>", OVERFLOW_PROBE))
    (tmp_path / "page.html").write_text(page, "utf-8")
    loaded = load(tmp_path / "page.html", *SIZES["phone"], tmp_path / "chromium")
    probe = json.loads(parsed(loaded.dom).all("body")[0].attrs["data-probe"])
    assert probe["seen"] >= 100 and probe["page"] > SIZES["phone"][0]
    assert any(long_word[:60] in wide for wide in probe["wide"]), probe["wide"]
