"""A "module:name" reference to a function, imported when first used (a Game's functions may be given so).

A reference names a module and an attribute in it: "games.x.orders:check_orders", or, relative to a package,
".orders:check_orders". The module is imported only when the reference is first resolved, and what it names is
kept, by the reference's absolute spelling, for every later use: a game's package can so name its rules without
importing them, and a command about one campaign imports only the rules it runs.
"""
from __future__ import annotations

import importlib
from importlib.util import resolve_name

_RESOLVED: dict[str, object] = {}


class BadReference(LookupError):
    """A reference that is not "module:name", or whose module or name cannot be found."""


def absolute(reference: str, package: str | None = None) -> str:
    """The reference with its module spelt in full ("package.module:name"), a relative one read from package."""
    module, colon, name = reference.partition(":")
    if not colon or not module or not name.isidentifier():
        raise BadReference(f"{reference!r} is not a reference: write \"module:name\" (\".module:name\" within the "
                           "package)")
    if module.startswith("."):
        if not package:
            raise BadReference(f"{reference!r} is relative, and no package is given to read it from")
        try:
            module = resolve_name(module, package)
        except ImportError as error:
            raise BadReference(f"{reference!r}: {error}") from None
    return f"{module}:{name}"


def resolve(reference: str, package: str | None = None) -> object:
    """What the reference names, its module imported the first time it is asked for."""
    spelt = absolute(reference, package)
    try:
        return _RESOLVED[spelt]
    except KeyError:
        pass
    module_name, _, name = spelt.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        raise BadReference(f"{spelt!r}: there is no module {error.name!r}") from None
    try:
        found = getattr(module, name)
    except AttributeError:
        raise BadReference(f"{spelt!r}: module {module_name!r} has no {name!r}") from None
    _RESOLVED[spelt] = found
    return found
