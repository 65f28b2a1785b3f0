"""The keys of the triage page: which key does which action, and reading ``--keys`` (pure)."""

from __future__ import annotations

from paperlist.model import MARKS

ACTIONS = (*MARKS, "undo", "next", "previous", "list")
DEFAULT_KEYS = {"want": ["w"], "read": ["r"], "skip": ["s"], "later": ["l"], "undo": ["u"],
                "next": ["n", "ArrowRight"], "previous": ["p", "ArrowLeft"], "list": ["v"]}
WHAT = {"want": "want to read: kept first in every view", "read": "read already: left out of the reading list",
        "skip": "not for me: left out, and papers like it go down", "later": "decide later: asked again after the rest",
        "undo": "take back your last decision on this page", "next": "pass over this paper for now",
        "previous": "back to the paper shown before", "list": "the list of papers to decide"}


class KeysError(ValueError):
    """A --keys value that does not name actions and keys."""


def parse_keys(text: str) -> dict[str, list[str]]:
    """``want=y,skip=x`` -> the default keys with those actions' keys replaced; each key does one thing."""
    keys = {action: list(found) for action, found in DEFAULT_KEYS.items()}
    given: dict[str, list[str]] = {}
    for part in (p.strip() for p in text.split(",") if p.strip()):
        action, sign, key = part.partition("=")
        action, key = action.strip(), key.strip()
        if not sign or not key:
            raise KeysError(f"expected ACTION=KEY, got {part!r} (actions: {', '.join(ACTIONS)})")
        if action not in DEFAULT_KEYS:
            raise KeysError(f"unknown action {action!r} (actions: {', '.join(ACTIONS)})")
        if len(key) != 1 and not (key.isascii() and key.isalnum() and len(key) <= 12):
            raise KeysError(f"{action}={key}: a key is one character or a key name such as ArrowRight or Enter")
        given.setdefault(action, []).append(key)
    keys.update(given)
    owner: dict[str, str] = {}
    for action, found in keys.items():
        for key in found:
            if key in owner and owner[key] != action:
                raise KeysError(f"the key {key!r} would both {owner[key]} and {action} (give one of them another key "
                                f"with --keys {owner[key] if owner[key] in given else action}=KEY)")
            owner[key] = action
    return keys
