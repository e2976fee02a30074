"""Every HTML and CSS feature a report mail's page uses is one that Gmail, Outlook and Apple Mail show, by
caniemail.com's support data (tests/support/caniemail.py): no feature any of them does not support, unless it
is listed in DEGRADES with what that client shows instead."""
from __future__ import annotations

from email import message_from_bytes, policy

from tests.goldens import every_golden, stored
from tests.support.caniemail import features_used, support_data
from tests.support.report_pages import REPORT_MAIL

DEGRADES = {
    ("html-doctype", "outlook/windows"): "Word ignores the doctype; the browsers need it for standards mode",
    ("css-overflow", "outlook/windows"): "Word draws a wide table or form at its whole width, the page scrolls",
    ("css-white-space", "outlook/windows"): "Word keeps the order form's lines as written, unwrapped",
}
"""(feature, client): what that client shows without it, which is still the whole page."""


def report_pages():
    """(golden, path, the HTML part, the image types of its parts) of every golden report mail and welcome letter."""
    for name in sorted(every_golden()):
        for path, raw in stored(name).items():
            if REPORT_MAIL.search(path):
                message = message_from_bytes(raw, policy=policy.default)
                images = [part.get_content_type() for part in message.walk() if part["Content-ID"]]
                yield name, path, message.get_body(("html",)).get_content(), images


def test_every_feature_of_every_report_mail_page_is_shown_by_gmail_outlook_and_apple_mail():
    support = support_data()
    used: dict[str, int] = {}
    first_on: dict[str, str] = {}
    pages = 0
    for name, path, page, images in report_pages():
        for feature, count in features_used(page, images, set(support)).items():
            used[feature] = used.get(feature, 0) + count
            first_on.setdefault(feature, f"{name}/{path}")
        pages += 1
    unmapped = sorted(f for f in used if f.startswith("unmapped:"))
    assert unmapped == [], ("look these up in caniemail and name them in tests/support/caniemail.py",
                            {f: first_on[f] for f in unmapped})
    refused = sorted(f"{feature} in {client} ({said}), first on {first_on[feature]}" for feature in used
                     for client, said in support[feature].items()
                     if said.startswith("n") and (feature, client) not in DEGRADES)
    assert refused == [], refused
    assert pages >= 100 and len(used) >= 20, (pages, sorted(used))
    assert "image-png" in used and "html-img" in used and "html-cellpadding" in used


def test_a_feature_no_client_shows_is_found_on_a_page():
    page = '<div style="border-radius: 4px"><main>x</main><blink>y</blink></div>'
    used = features_used(page, ["image/svg+xml"], set(support_data()))
    assert {"css-border-radius", "html-semantics", "unmapped:image/svg+xml", "unmapped:blink"} <= set(used)
