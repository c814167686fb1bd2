"""No import cycle anywhere in src/onenight (docs/testing.md, "The code's layout").

``lint-imports`` keeps the packages in their layers (pyproject.toml); this keeps every
module's imports pointing one way, inside a package too: no module imports a module that
imports it back, directly or through others, however the import is written (at the top,
in a function, or only for the types under ``TYPE_CHECKING``). A package's ``__init__``
counts as a module of its own: it may open its backends, which then never import from
the package but from the modules that hold what they share (``pubsub/base.py`` …).
"""

from __future__ import annotations

import grimp  # import-linter's import graph (the dev extra)


def import_graph() -> grimp.ImportGraph:
    # Every import counts: TYPE_CHECKING and function-level ones too. No cache: the
    # graph of the source as it is now, and nothing written to the working directory.
    return grimp.build_graph(
        "onenight",
        include_external_packages=False,
        exclude_type_checking_imports=False,
        cache_dir=None,
    )


def cycles(graph: grimp.ImportGraph) -> set[frozenset[str]]:
    """The import cycles, each as its strongly connected component: the modules that
    all reach one another through imports (a component of one module is no cycle)."""
    found = set()
    for module in graph.modules:
        loop = graph.find_upstream_modules(module) & graph.find_downstream_modules(module)
        if loop:
            found.add(frozenset(loop | {module}))
    return found


def describe(graph: grimp.ImportGraph, cycle: frozenset[str]) -> str:
    """Each import inside a cycle, with its line: where to cut it."""
    lines = []
    for importer in sorted(cycle):
        for imported in sorted(graph.find_modules_directly_imported_by(importer) & cycle):
            for detail in graph.get_import_details(importer=importer, imported=imported):
                lines.append(
                    f"  {importer}:{detail['line_number']} -> {imported}"
                    f"  ({detail['line_contents']})"
                )
    return "\n".join(lines)


def test_the_graph_is_the_source() -> None:
    """The graph is read from the modules of this checkout, imports inside functions and
    under TYPE_CHECKING included (else the test below would pass for nothing)."""
    graph = import_graph()
    assert "onenight.rules.game" in graph.modules
    assert "onenight.pubsub.redis" in graph.modules
    # open_pubsub imports the Redis backend inside the function, when it is asked for.
    assert graph.direct_import_exists(importer="onenight.pubsub", imported="onenight.pubsub.redis")


def test_no_import_cycle() -> None:
    graph = import_graph()
    found = sorted(cycles(graph), key=sorted)
    message = "".join(
        f"\nan import cycle: {', '.join(sorted(cycle))}\n{describe(graph, cycle)}"
        for cycle in found
    )
    assert not found, message
