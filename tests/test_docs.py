"""The README and docs/ are part of the product: their commands, examples and links must stay true."""
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import click
import pytest
from conftest import pbem_env, subcommands

from pbem.cli import cli

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text()
DOCS = ROOT / "docs"
PAGES = sorted(DOCS.rglob("*.md"))
WRITTEN = [ROOT / "README.md"] + [page for page in PAGES if page.name != "cli.md"]   # cli.md is generated
REGENERATE = "python -m pbem.cli_reference > docs/cli.md"


def test_the_readme_opens_with_the_demo_and_the_test_command_and_ci_runs_the_latter():
    commands = re.findall(r"^    (python3 -m venv .*)$", README, re.MULTILINE)[:2]
    assert commands[0].endswith("pbem demo")
    assert commands[1].endswith("python -m pytest -n auto")
    assert commands[1] in (ROOT / ".ci/run").read_text()
    assert README.index(commands[0]) < README.index(commands[1]) < README.index("\n## ")


def test_the_readme_stays_short():
    assert len(README.splitlines()) <= 200


def test_every_toml_example_in_the_docs_is_valid_toml():
    blocks = [block for page in WRITTEN for block in re.findall(r"```toml\n(.*?)```", page.read_text(), re.DOTALL)]
    assert len(blocks) >= 5
    for block in blocks:
        tomllib.loads(block)


def test_every_command_is_named_in_the_written_docs():
    text = "\n".join(page.read_text() for page in WRITTEN)
    for name, command in subcommands(cli):
        assert f"pbem {name}" in text, name
        if isinstance(command, click.Group):
            for sub, _ in subcommands(command):
                assert f"pbem {name} {sub}" in text, f"{name} {sub}"


def test_the_command_reference_is_the_one_the_commands_give():
    from pbem.cli_reference import reference

    generated = reference()
    assert "## `pbem orders submit`" in generated and "## `pbem moderate draft`" in generated
    assert (DOCS / "cli.md").read_text() == generated, f"docs/cli.md is stale: run `{REGENERATE}`"


# Links

LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")


def prose(text: str) -> str:
    """The text without its fenced blocks and inline code, where a bracket is no link."""
    text = re.sub(r"^ *```.*?^ *```", "", text, flags=re.DOTALL | re.MULTILINE)
    return re.sub(r"`+[^`\n]*`+", "", text)


def anchors(page: Path) -> set[str]:
    """The anchors of a page's headings, as GitHub makes them."""
    found = set()
    for heading in re.findall(r"^#+ (.*)$", prose(page.read_text()), re.MULTILINE):
        found.add(re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-"))
    return found


def relative_links(page: Path) -> list[str]:
    return [link for link in LINK.findall(prose(page.read_text())) if not re.match(r"[a-z]+:", link)]


def test_every_relative_link_in_the_docs_resolves_to_a_file_and_a_heading():
    checked = 0
    for page in [ROOT / "README.md"] + PAGES:
        for link in relative_links(page):
            path, _, anchor = link.partition("#")
            target = (page.parent / path).resolve() if path else page
            assert target.exists(), f"{page.relative_to(ROOT)}: {link}"
            if anchor:
                assert anchor in anchors(target), f"{page.relative_to(ROOT)}: {link}"
            checked += 1
    assert checked > 20


def test_every_docs_page_is_linked_from_the_readme_or_the_docs_index():
    linked = set()
    for page in (ROOT / "README.md", DOCS / "index.md"):
        linked |= {(page.parent / link.partition("#")[0]).resolve() for link in relative_links(page)}
    assert DOCS / "index.md" in linked
    missing = [str(page.relative_to(ROOT)) for page in PAGES if page.resolve() not in linked]
    assert missing == []


# Shell examples

NOT_RUN = re.compile(r"^\s*<!-- not run: .+ -->\s*$")
FENCE = re.compile(r"^(\s*)```(\S*)\s*$")


def shell_examples(text: str) -> tuple[list[str], list[str]]:
    """(the examples to run, the reasons of those marked not run): each fenced sh, bash or console block (of a
    console block, its `$ ` lines) and each `$ ` line outside a block, in the page's order."""
    examples, skipped = [], []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        marked = i > 0 and NOT_RUN.match(lines[i - 1])
        fence = FENCE.match(lines[i])
        if fence:
            indent, language = fence.groups()
            end = next(j for j in range(i + 1, len(lines)) if lines[j].strip() == "```")
            body = [line[len(indent):] for line in lines[i + 1:end]]
            if language == "console":
                body = [line[2:] for line in body if line.startswith("$ ")]
            if language in ("sh", "bash", "console"):
                (skipped if marked else examples).append(marked.group(0).strip() if marked else "\n".join(body))
            i = end + 1
            continue
        if lines[i].lstrip().startswith("$ "):
            (skipped if marked else examples).append(marked.group(0).strip() if marked else lines[i].lstrip()[2:])
        i += 1
    return examples, skipped


def test_the_example_finder_finds_blocks_dollar_lines_and_marks():
    text = ("```sh\npbem status war\n```\n<!-- not run: a mail server -->\n```bash\npbem send war\n```\n"
            "```console\n$ pbem verify war\nround 1 ok\n```\n   ```toml\nx = 1\n   ```\n  $ pbem replay war\n")
    examples, skipped = shell_examples(text)
    assert examples == ["pbem status war", "pbem verify war", "pbem replay war"]
    assert skipped == ["<!-- not run: a mail server -->"]


def test_the_docs_hold_shell_examples_and_every_one_not_run_says_why():
    found = {page: shell_examples(page.read_text()) for page in WRITTEN}
    assert sum(len(examples) for examples, _ in found.values()) >= 5
    assert all(reason != "<!-- not run:  -->" for _, skipped in found.values() for reason in skipped)


@pytest.mark.slow
@pytest.mark.parametrize("page", WRITTEN, ids=lambda page: str(page.relative_to(ROOT)))
def test_every_shell_example_of_the_page_runs(page, tmp_path):
    """Each page's examples run in order in one fresh folder (a later one may use what an earlier one made), with
    this environment's pbem first on the PATH and the folder as HOME."""
    examples, _ = shell_examples(page.read_text())
    if not examples:
        pytest.skip("no shell example on this page")
    env = pbem_env()
    env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")])
    env["HOME"] = str(tmp_path)
    ran = 0
    for example in examples:
        done = subprocess.run(["bash", "-euo", "pipefail", "-c", example], cwd=tmp_path, env=env,
                              capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, f"{page.relative_to(ROOT)}:\n{example}\n{done.stdout}\n{done.stderr}"
        ran += 1
    assert ran == len(examples) > 0
