"""The README is part of the product: its commands and examples must stay true."""
import re
import tomllib
from pathlib import Path

import click
from conftest import subcommands

from pbem.cli import cli

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text()


def test_the_readme_opens_with_the_demo_and_the_test_command_and_ci_runs_the_latter():
    commands = re.findall(r"^    (python3 -m venv .*)$", README, re.MULTILINE)[:2]
    assert commands[0].endswith("pbem demo")
    assert commands[1].endswith("python -m pytest -n auto")
    assert commands[1] in (ROOT / ".ci/run").read_text()


def test_every_toml_example_in_the_readme_is_valid_toml():
    blocks = re.findall(r"```toml\n(.*?)```", README, re.DOTALL)
    assert len(blocks) >= 2
    for block in blocks:
        tomllib.loads(block)


def test_every_command_is_named_in_the_readme():
    for name, command in subcommands(cli):
        assert f"pbem {name}" in README, name
        if isinstance(command, click.Group):
            for sub, _ in subcommands(command):
                assert f"pbem {name} {sub}" in README, f"{name} {sub}"
