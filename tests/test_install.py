"""What ``pip install onenight`` brings, and what works with it alone: the engine, the
bots, the simulator, the research API's core and the command line, without the game
server's packages (the ``server`` extra; README, "What to install")."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: the server's packages: none may be needed to play, simulate or resolve
SERVER_ONLY = (
    "fastapi",
    "starlette",
    "uvicorn",
    "websockets",
    "sqlalchemy",
    "aiosqlite",
    "asyncpg",
    "redis",
    "prometheus_client",
    "segno",
)


def without_server(code: str, *args: str) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a Python where importing any server package fails, as in an
    install without the extra."""
    blocker = textwrap.dedent(
        f"""
        import sys
        class Missing:
            def find_spec(self, name, path=None, target=None):
                if name.split(".")[0] in {SERVER_ONLY!r}:
                    raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
                return None
        sys.meta_path.insert(0, Missing())
        """
    )
    return subprocess.run(
        [sys.executable, "-c", blocker + textwrap.dedent(code), *args],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )


def test_the_base_install_has_no_server_dependency() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    names = {d.split(">")[0].split("[")[0].split("=")[0] for d in project["dependencies"]}
    assert names == {"typer", "rich", "pydantic", "orjson"}
    server = {d.split(">")[0].split("[")[0] for d in project["optional-dependencies"]["server"]}
    assert {"fastapi", "uvicorn", "sqlalchemy", "redis"} <= server


def test_simulate_resolve_and_bench_run_without_the_server_packages() -> None:
    run_cli = """
        import sys
        from onenight.cli import main
        sys.argv = ["onenight", *sys.argv[1:]]
        main()
    """
    simulate = without_server(run_cli, "simulate", "--players", "5", "--games", "20")
    assert simulate.returncode == 0, simulate.stderr[-2000:]
    assert "village" in simulate.stdout.lower()
    bench = without_server(run_cli, "bench", "--players", "5", "--seconds", "0.2")
    assert bench.returncode == 0, bench.stderr[-2000:]
    bots = without_server(
        """
        from onenight.bots.play import play
        from onenight.bots.reasoner import ReasonerBot
        from onenight.research import parallel_env
        from onenight.rules import Setup
        from onenight.session.claims import claim_from_json
        print("ok")
        """
    )
    assert bots.returncode == 0 and "ok" in bots.stdout, bots.stderr[-2000:]


def test_serve_without_the_server_packages_says_which_extra_to_install() -> None:
    serve = without_server(
        """
        import sys
        from onenight.cli import main
        sys.argv = ["onenight", "serve"]
        main()
        """
    )
    assert serve.returncode == 2
    assert "pip install 'onenight[server]'" in serve.stderr
    assert "Traceback" not in serve.stderr
