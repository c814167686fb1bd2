"""What the scripts that drive Debian's Chromium share (and tests/web/conftest.py its
flags): the launch flags that work here, a free port, and a throwaway server."""

from __future__ import annotations

import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager

import httpx

#: Playwright's own ``--disable-features`` (its chromiumSwitches.ts): Chromium reads the
#: last such flag only, so a list of ours must repeat them.
PLAYWRIGHT_DISABLED = [
    "AvoidUnnecessaryBeforeUnloadCheckSync", "DestroyProfileOnBrowserClose", "HttpsUpgrades",
    "HttpsFirstBalancedModeAutoEnable", "LensOverlay", "MediaRouter", "PaintHolding",
    "ThirdPartyStoragePartitioning", "AvoidCorsURLLoaderRestartOnRedirect",
    "TcpPortRandomizationWin", "OptimizationHints", "NetworkTimeServiceQuerying", "AimEnabled",
    "PreconnectToSearch",
]  # fmt: skip
#: Chromium 156 loads the address bar's popups (chrome://omnibox-popup.top-chrome, two
#: WebUI pages in a renderer of their own) for every window, and every browser context
#: is a window: half a CPU-second a context that a headless page never shows.
UNSHOWN = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup"]

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
    "--disable-features=" + ",".join(PLAYWRIGHT_DISABLED + UNSHOWN),
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def throwaway_server() -> Iterator[str]:
    """``onenight.server`` on a free port with a temporary SQLite database, once it
    answers; its base URL."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as tmp:
        cmd = [sys.executable, "-m", "onenight.server", "--port", str(port)]
        server = subprocess.Popen([*cmd, "--db", f"sqlite+aiosqlite:///{tmp}/s.db"])
        try:
            for _ in range(200):
                try:
                    httpx.get(f"{base}/api/health", timeout=1)
                    break
                except httpx.HTTPError:
                    time.sleep(0.05)
            yield base
        finally:
            server.terminate()
            server.wait(10)
