"""``python -m onenight.server --host H --port P --db URL`` (what tests and benchmarks use)."""

from __future__ import annotations

import argparse

from . import run


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m onenight.server")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--db", default=None)
    parser.add_argument("--bus", default="memory://")
    parser.add_argument("--log-format", default="text", choices=["text", "json"])
    args = parser.parse_args()
    run(args.host, args.port, args.db, args.bus, args.log_format)


if __name__ == "__main__":
    main()
