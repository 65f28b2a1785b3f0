"""The package's imports run one way: no circle, no stage importing a stage above it, argparse and SQL in their rooms."""

import ast
import os
import re
import subprocess
import sys
import unittest
from pathlib import Path

from tests.helpers import ROOT

PACKAGE = ROOT / "src" / "paperlist"
# Each room and the rooms it may import from (besides itself). model and forked are the ground floor.
ALLOWED = {
    "model": set(),
    "forked": set(),
    "match": {"model", "forked"},
    "readers": {"model", "match"},
    "tagging": {"model", "match"},
    "inputs": {"model", "forked", "readers", "tagging"},
    "rank": set(),
    "reports": {"model", "match", "tagging", "rank"},
    "render": {"model", "match", "rank", "reports", "tagging"},
    "collection": {"model", "forked", "match", "tagging"},
    "web": {"model", "match", "tagging", "rank", "reports", "render", "collection"},
    "cli": {"model", "forked", "match", "readers", "tagging", "inputs", "rank", "reports", "render", "collection", "web"},
}
# Standard-library modules that belong to one room only.
ONLY_IN = {"argparse": {"cli"}, "sqlite3": {"collection"}, "multiprocessing": {"inputs"}, "http.server": {"web"},
           "socketserver": {"web"}, "http": {"web"}}


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def imports(path: Path, known: dict[str, Path]) -> set[str]:
    """Every module ``path`` imports, at the top or inside a function: paperlist's by their full names."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            # ``from paperlist.cli import collection`` imports the module paperlist.cli.collection
            found.update(f"{node.module}.{a.name}" for a in node.names if f"{node.module}.{a.name}" in known)
    return found


def room(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def circle(graph: dict[str, set[str]]) -> list[str]:
    """One import circle of ``graph`` (module -> modules it imports), or [] when there is none."""
    state: dict[str, int] = {}

    def visit(module: str, path: list[str]) -> list[str]:
        state[module] = 1
        for target in sorted(graph.get(module, ())):
            if state.get(target) == 1:
                return path[path.index(target):] + [target]
            if target not in state and (found := visit(target, path + [target])):
                return found
        state[module] = 2
        return []

    for module in sorted(graph):
        if module not in state and (found := visit(module, [module])):
            return found
    return []


def wrong_way(graph: dict[str, set[str]]) -> list[str]:
    """Every import from a room to a room it may not import from."""
    return [f"{name} -> {target}" for name, targets in sorted(graph.items()) if room(name) in ALLOWED
            for target in sorted(targets) if room(target) not in ALLOWED[room(name)] | {room(name), ""}]


class StructureTest(unittest.TestCase):
    def setUp(self):
        self.known = modules()
        self.graph = {name: {m for m in imports(path, self.known) if m in self.known and m != name}
                      for name, path in self.known.items()}

    def test_the_rooms_are_the_pipeline_stages(self):
        rooms = {room(m) for m in self.known} - {"", "__main__"}
        self.assertEqual(rooms, set(ALLOWED))

    def test_no_import_runs_upward_or_sideways(self):
        self.assertEqual(wrong_way(self.graph), [])

    def test_nothing_imports_the_command_line(self):
        for name, targets in self.graph.items():
            if room(name) not in ("cli", "__main__"):
                self.assertFalse({t for t in targets if room(t) == "cli"}, name)

    def test_no_import_circle(self):
        self.assertEqual(circle(self.graph), [])

    def test_argparse_sql_and_processes_stay_in_their_rooms(self):
        for name, path in self.known.items():
            for library in imports(path, self.known) & set(ONLY_IN):
                with self.subTest(f"{name} imports {library}"):
                    self.assertIn(room(name), ONLY_IN[library])

    def test_sql_lives_in_the_store_and_the_schema(self):
        speaking = sorted(name for name, path in self.known.items()
                          if re.search(r"\.execute(many|script)?\(", path.read_text(encoding="utf-8")))
        self.assertEqual(speaking, ["paperlist.collection.schema", "paperlist.collection.store"])

    def test_a_short_run_imports_only_what_its_command_needs(self):
        # Start-up is most of a short run: summarize over text lists loads no SQLite, XML, mail, TOML, HTTP,
        # report or simulation code (each costs a few ms; together they were a third of the run).
        script = ("import io, sys; from paperlist.cli.main import main; out = io.StringIO(); "
                  "code = main(['summarize', 'examples/'], stdout=out, stderr=io.StringIO()); "
                  "print(code, len(out.getvalue()) > 0, ' '.join(sorted(sys.modules)))")
        done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=60,
                              env={**os.environ, "PYTHONPATH": str(ROOT / "src")})
        code, wrote, loaded = done.stdout.split(" ", 2)
        self.assertEqual((code, wrote), ("0", "True"), done.stderr)
        loaded = set(loaded.split())
        for module in ("sqlite3", "xml.etree.ElementTree", "email", "tomllib", "http.server", "tempfile",
                       "paperlist.collection.store", "paperlist.render.html", "paperlist.rank.simulate",
                       "paperlist.render.triage", "paperlist.readers.bibtex", "paperlist.web.app"):
            with self.subTest(module):
                self.assertNotIn(module, loaded)
        self.assertIn("paperlist.reports.summary", loaded)  # what the command does need is there

    def test_every_command_names_a_module_and_function_that_exist(self):
        # The table is read with importlib, which the import walk above cannot follow.
        import importlib

        from paperlist.cli.commands import COMMANDS
        expected = "summarize dupes export triage report add new remove mark not-same db serve simulate tags".split()
        self.assertEqual(sorted(COMMANDS), sorted(expected))
        for command, (module, function) in COMMANDS.items():
            with self.subTest(command):
                self.assertIn(f"paperlist.cli.{module}", self.known)
                self.assertTrue(callable(getattr(importlib.import_module(f"paperlist.cli.{module}"), function)))

    def test_the_checks_find_what_they_look_for(self):
        made_up = {"paperlist.match.a": {"paperlist.render.b"}, "paperlist.render.b": {"paperlist.match.a"}}
        self.assertEqual(circle(made_up), ["paperlist.match.a", "paperlist.render.b", "paperlist.match.a"])
        self.assertEqual(wrong_way(made_up), ["paperlist.match.a -> paperlist.render.b"])


if __name__ == "__main__":
    unittest.main()
