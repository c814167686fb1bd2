"""The browser client's files as the server serves them: the page at every address, the
manifest and its icons, the QR code, and nothing outside the client's folder."""

from __future__ import annotations

import httpx

from server.conftest import Server


def test_client_pages_manifest_icons_and_qr_code(server: Server) -> None:
    base = server.http
    for path in ("/", "/r/KXQMT", "/r/KXQMT/replay", "/r/KXQMT/tv", "/r/KXQMT/watch"):
        res = httpx.get(base + path)
        assert res.status_code == 200 and '<script type="module" src="/app/main.js">' in res.text
        assert 'href="/table"' in res.text  # the narrator for real cards stays reachable
    manifest = httpx.get(f"{base}/app/manifest.json")
    assert manifest.headers["content-type"].startswith("application/manifest+json")
    for icon in manifest.json()["icons"]:
        res = httpx.get(base + icon["src"])
        assert res.status_code == 200 and res.headers["content-type"] == icon["type"]
    room = httpx.post(f"{base}/api/rooms", json={"name": "ann"}).json()["room"]
    qr = httpx.get(f"{base}/api/rooms/{room}/qr.svg")
    assert qr.headers["content-type"].startswith("image/svg+xml") and b"<svg" in qr.content
    assert httpx.get(f"{base}/api/rooms/not-a-code/qr.svg").status_code == 404
    for bad in (
        "/app/../server/app.py",
        "/app/%2e%2e/cli.py",
        "/app/views/../../cli.py",
        "/app/README.md",
        "/r/KXQMT/admin",
        "/app/i18n/xx.json",
    ):
        assert httpx.get(base + bad).status_code == 404, bad
