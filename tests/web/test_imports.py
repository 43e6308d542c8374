"""The web app's module graph, read from the ``import`` lines of its scripts (no browser): no
module imports one that, through others, imports it back. A cycle makes the order in which
modules run depend on which one the browser reached first (app.js and every page importing
each other once left `go` undefined while a page was being evaluated)."""

from __future__ import annotations

import re
from pathlib import Path

from .test_static import WEB

JS = WEB / "js"
# `import { a, b } from "./x.js";` over one line or several, `import "./x.js";`, and a
# re-export `export { a } from "./x.js";` (an edge of the graph too).
IMPORT = re.compile(r"^\s*(?:import|export)\s+(?:[^;'\"]*?\s+from\s+)?[\"']([^\"']+)[\"']",
                    re.MULTILINE)


def imports_of(path: Path) -> set[Path]:
    text = path.read_text(encoding="utf-8")
    return {(path.parent / target).resolve()
            for target in IMPORT.findall(text) if target.startswith(".")}


def graph(root: Path) -> dict[Path, set[Path]]:
    return {path.resolve(): imports_of(path) for path in root.rglob("*.js")}


def find_cycle(edges: dict[Path, set[Path]]) -> list[Path] | None:
    """One import cycle (its modules in order, the first again at the end), or None."""
    done: set[Path] = set()
    for start in sorted(edges):
        if start in done:
            continue
        path: list[Path] = []
        on_path: set[Path] = set()
        stack: list[tuple[Path, list[Path]]] = [(start, sorted(edges.get(start, ())))]
        path.append(start)
        on_path.add(start)
        while stack:
            node, todo = stack[-1]
            if not todo:
                stack.pop()
                path.pop()
                on_path.discard(node)
                done.add(node)
                continue
            nxt = todo.pop()
            if nxt in on_path:
                return [*path[path.index(nxt):], nxt]
            if nxt in done:
                continue
            path.append(nxt)
            on_path.add(nxt)
            stack.append((nxt, sorted(edges.get(nxt, ()))))
    return None


def test_every_import_names_a_module_of_the_app() -> None:
    edges = graph(JS)
    missing = {(str(a.relative_to(JS)), str(b))
               for a, targets in edges.items() for b in targets if b not in edges}
    assert not missing, f"imports of files that do not exist: {sorted(missing)}"


def test_the_web_app_has_no_import_cycle() -> None:
    cycle = find_cycle(graph(JS))
    assert cycle is None, "import cycle: " + " -> ".join(str(p.relative_to(JS)) for p in cycle)


def test_the_cycle_finder_finds_a_cycle_through_several_modules(tmp_path: Path) -> None:
    (tmp_path / "pages").mkdir()
    (tmp_path / "app.js").write_text('import { a } from "./pages/a.js";\nimport "./leaf.js";\n')
    (tmp_path / "leaf.js").write_text("export const x = 1;\n")
    (tmp_path / "pages" / "a.js").write_text('import {\n  b,\n} from "./b.js";\n')
    (tmp_path / "pages" / "b.js").write_text('import { go } from "../app.js";\n')
    cycle = find_cycle(graph(tmp_path))
    assert cycle is not None
    assert {p.name for p in cycle} == {"app.js", "a.js", "b.js"}
    (tmp_path / "pages" / "b.js").write_text('import { x } from "../leaf.js";\n')
    assert find_cycle(graph(tmp_path)) is None
    # A re-export closes a cycle as an import does; an exported string does not.
    (tmp_path / "leaf.js").write_text('export const x = "./app.js";\nexport * from "./app.js";\n')
    cycle = find_cycle(graph(tmp_path))
    assert cycle is not None and {"app.js", "leaf.js"} <= {p.name for p in cycle}
