"""The HTML and CSS a report mail's page uses, against caniemail.com's support data for the clients players read
mail in: Gmail (web, Android, iOS), Outlook (Windows, Outlook.com) and Apple Mail (macOS, iOS).

The data is the npm package `caniemail` (MIT; caniemail.com's tests), of which tests/support/caniemail.json keeps
the entries and clients we need, each client's latest tested support ("y", "a" partly, "n" not, "u" unknown,
with caniemail's note numbers). To take a newer release:

    npm pack caniemail && tar xzf caniemail-*.tgz
    .venv/bin/python tests/support/caniemail.py package/data/caniemail.json

The page is read as a parser reads it (html.parser): each tag, attribute, CSS property, unit, selector and image
type named to its caniemail feature, or to BASIC (what every client has always shown, which caniemail does not
list); one that names neither is a problem of its own, so a new feature on the page is looked up before it lands.
"""
from __future__ import annotations

import json
import re
import sys
from html.parser import HTMLParser
from pathlib import Path

DATA = Path(__file__).with_name("caniemail.json")
CLIENTS = {"gmail": ("desktop-webmail", "android", "ios"), "outlook": ("windows", "outlook-com"),
           "apple-mail": ("macos", "ios")}

TAGS = {"img": "html-img", "table": "html-table", "div": "html-div", "span": "html-span", "strong": "html-strong",
        "p": "html-p", "pre": "html-pre", "code": "html-code", "style": "html-style", "ul": "html-lists",
        "ol": "html-lists", "li": "html-lists", "body": "html-body", "small": "html-small",
        **{f"h{n}": "html-h1-h6" for n in range(1, 7)},
        **{tag: "html-semantics" for tag in ("main", "section", "nav", "figure", "article", "header", "footer",
                                             "aside")}}
ATTRIBUTES = {"cellpadding": "html-cellpadding", "cellspacing": "html-cellspacing", "width": "html-width",
              "height": "html-height", "lang": "html-lang", "role": "html-role", "aria-label": "html-aria-label",
              "aria-labelledby": "html-aria-labelledby", "aria-hidden": "html-aria-hidden"}
PROPERTIES = {"overflow-x": "css-overflow", "overflow-y": "css-overflow", "border-left": "css-border",
              "border-right": "css-border", "border-top": "css-border", "border-bottom": "css-border",
              "border-color": "css-border", "padding-left": "css-padding", "padding-right": "css-padding",
              "padding-top": "css-padding", "padding-bottom": "css-padding", "margin-top": "css-margin",
              "margin-bottom": "css-margin", "margin-left": "css-margin", "margin-right": "css-margin",
              "min-width": "css-min-width", "max-width": "css-max-width"}
UNITS = {"em": "css-unit-em", "px": "css-unit-px", "%": "css-unit-percent", "rem": "css-unit-rem",
         "pt": "css-unit-pt"}
BASIC = {"html", "head", "meta", "title", "tr", "td", "th", "thead", "tbody", "br", "a", "alt", "src", "class", "id",
         "style", "charset", "name", "content", "http-equiv", "colspan", "rowspan", "value", "border", "href",
         "data-css-inline",
         "color", "font-family", "font-style"}
"""Tags, attributes and properties every client shows, as old as HTML mail, which caniemail keeps no entry of."""


def latest(data: dict) -> dict[str, dict[str, str]]:
    """{feature: {"client/platform": its latest tested support}} for the clients we check, from caniemail's data."""
    kept = {}
    for feature in data["data"]:
        support = {}
        for family, platforms in CLIENTS.items():
            for platform in platforms:
                tested = feature["stats"].get(family, {}).get(platform)
                if tested:
                    support[f"{family}/{platform}"] = list(tested.values())[-1]
        kept[feature["slug"]] = support
    return kept


def vendor(package_data: Path) -> None:
    """Write tests/support/caniemail.json from the npm package's data file."""
    data = json.loads(package_data.read_text(encoding="utf-8"))
    kept = {"source": "npm package caniemail (MIT), data from caniemail.com", "api_version": data["api_version"],
            "last_update_date": data["last_update_date"], "clients": CLIENTS, "features": latest(data)}
    DATA.write_text(json.dumps(kept, indent=1, sort_keys=True) + "\n", encoding="utf-8")


def support_data() -> dict[str, dict[str, str]]:
    return json.loads(DATA.read_text(encoding="utf-8"))["features"]


class Features(HTMLParser):
    """The features a page uses: {feature or "unmapped:<name>": how many times}."""

    def __init__(self, known: set[str]) -> None:
        super().__init__(convert_charrefs=True)
        self.known, self.used, self.in_style = known, {}, False

    def note(self, feature: str | None, name: str) -> None:
        if feature is None and name in BASIC:
            return
        key = feature if feature in self.known else f"unmapped:{name}"
        self.used[key] = self.used.get(key, 0) + 1

    def handle_starttag(self, tag, attrs):
        self.note(TAGS.get(tag), tag)
        for name, value in attrs:
            self.note(ATTRIBUTES.get(name), name)
            if name == "style" and value:
                self.declarations(value)
        self.in_style = tag == "style"

    def handle_endtag(self, tag):
        self.in_style = False

    def handle_decl(self, decl):
        if decl.lower().startswith("doctype"):
            self.note("html-doctype", "doctype")

    def handle_data(self, data):
        if not self.in_style:
            return
        for selectors, body in re.findall(r"([^{}]+)\{([^{}]*)\}", data):
            self.selectors(selectors)
            self.declarations(body)

    def selectors(self, text: str) -> None:
        group = [s.strip() for s in text.split(",")]
        if len(group) > 1:
            self.note("css-selector-grouping", "grouping")
        for selector in group:
            compounds = selector.split()
            if len(compounds) > 1:
                self.note("css-selector-descendant", "descendant")
            for compound in compounds:
                if "." in compound:
                    self.note("css-selector-class", "class selector")
                if re.match(r"[a-z]", compound):
                    self.note("css-selector-type", "type selector")
                if "." in compound and re.match(r"[a-z]", compound) or compound.count(".") > 1:
                    self.note("css-selector-chaining", "chained selector")
                if re.search(r"[>+~\[:#]", compound):
                    self.note(None, f"selector {compound}")

    def declarations(self, text: str) -> None:
        for declaration in text.split(";"):
            if ":" not in declaration:
                continue
            name, value = (part.strip().lower() for part in declaration.split(":", 1))
            self.note(None if name in BASIC else PROPERTIES.get(name, f"css-{name}"), name)
            for unit in re.findall(r"\d(em|px|%|rem|pt)\b", value + " "):
                self.note(UNITS[unit], unit)
            if "!important" in value:
                self.note("css-important", "!important")


def features_used(page: str, image_types: list[str], known: set[str]) -> dict[str, int]:
    """What a mail's page uses, and its images' formats ("image/png" is image-png)."""
    found = Features(known)
    found.feed(page)
    for kind in image_types:
        found.note(f"image-{kind.split('/')[-1]}", kind)
    return found.used


if __name__ == "__main__":
    vendor(Path(sys.argv[1]))
    print(f"wrote {DATA}")
