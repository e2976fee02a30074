"""python -m tests.goldens [--update | --diff] [NAME ...]: regenerate or compare the golden playthroughs.

Run --update only for a change that is meant to alter what players receive (a rule, a template, a
message), in the commit that makes the change, and say why in its message.
"""
from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from tests import goldens


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.goldens", description=__doc__.split("\n\n")[0])
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--update", action="store_true", help="write the goldens anew")
    mode.add_argument("--diff", action="store_true", help="show every difference (the default: list which differ)")
    parser.add_argument("names", nargs="*", help="only these goldens (default: all)")
    args = parser.parse_args(argv)
    known = goldens.every_golden()
    unknown = [n for n in args.names if n not in known]
    if unknown:
        parser.error(f"unknown golden {', '.join(unknown)}; known: {', '.join(sorted(known))}")
    changed = 0
    with tempfile.TemporaryDirectory(prefix="pbem-goldens-") as tmp:
        for name in args.names or sorted(known):
            files = goldens.play(known[name], Path(tmp))
            found = goldens.layout_problems(name) if goldens.stored(name) is not None else []
            found += goldens.differences(goldens.stored(name), files, limit=10**6 if args.diff else 0)
            changed += bool(found)
            if args.update:
                goldens.store(name, files)
                text = sum(goldens.kept_as_text(p) for p in files)
                print(f"{name}: {'written' if found else 'unchanged'} ({len(files)} files, {text} of them as text: "
                      f"{goldens.text_size(files) / 1000:.0f} KB)")
            else:
                print(f"{name}: {f'{len(found)} files differ' if found else 'the same'}")
                if args.diff:
                    print("\n".join(found))
    return 1 if changed and not args.update else 0


if __name__ == "__main__":
    sys.exit(main())
