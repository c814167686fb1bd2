"""The browser client's files as the server serves them: the page at every address, the
manifest and its icons, the QR code, nothing outside the client's folder, and every file
gzipped and revalidated by its ETag."""

from __future__ import annotations

from pathlib import Path

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


def test_static_files_are_gzipped_and_revalidated_by_their_etag(server: Server) -> None:
    base = server.http
    web = Path(__file__).resolve().parents[2] / "src" / "onenight" / "web"
    for path, file in (
        ("/", web / "app" / "index.html"),
        ("/app/main.js", web / "app" / "main.js"),
        ("/app/i18n/ja.json", web / "app" / "i18n" / "ja.json"),
        ("/table", web / "table" / "index.html"),
        ("/table/narration.json", web / "table" / "narration.json"),
    ):
        packed = httpx.get(base + path, headers={"Accept-Encoding": "gzip"})
        assert packed.headers["content-encoding"] == "gzip", path
        on_wire = int(packed.headers["content-length"])
        assert on_wire < file.stat().st_size * 0.6, path  # text shrinks well
        assert packed.content == file.read_bytes()  # httpx unpacked it: the file itself
        assert packed.headers["cache-control"] == "no-cache"  # asked again on each load
        assert packed.headers["vary"] == "Accept-Encoding"
        plain = httpx.get(base + path, headers={"Accept-Encoding": "identity"})
        assert "content-encoding" not in plain.headers and plain.content == file.read_bytes()
        # The browser's copy, under either encoding's tag, is still good: 304, no body.
        for etag in (packed.headers["etag"], plain.headers["etag"]):
            again = httpx.get(
                base + path, headers={"Accept-Encoding": "gzip", "If-None-Match": etag}
            )
            assert again.status_code == 304 and again.content == b"", path
        stale = httpx.get(base + path, headers={"If-None-Match": '"an-older-version"'})
        assert stale.status_code == 200 and stale.content == file.read_bytes()
    # Images are not compressed again, but revalidate the same way.
    icon = httpx.get(f"{base}/app/icon-192.png", headers={"Accept-Encoding": "gzip"})
    assert "content-encoding" not in icon.headers and icon.headers["content-type"] == "image/png"
    again = httpx.get(f"{base}/app/icon-192.png", headers={"If-None-Match": icon.headers["etag"]})
    assert again.status_code == 304


def test_pages_and_files_answer_head_as_get_without_a_body(server: Server) -> None:
    """``HEAD`` (a link checker, a proxy's probe, ``curl -I``) gets what ``GET`` gets, its
    headers and status, with no body: not ``405`` (issue 36, point 12)."""
    base = server.http
    paths = ["/", "/r/ABCDE", "/r/ABCDE/tv", "/r/ABCDE/replay", "/app/main.js",
             "/app/i18n/fr.json", "/app/icon-192.png", "/table", "/table/main.js"]  # fmt: skip
    for path in paths:
        got = httpx.get(base + path, headers={"Accept-Encoding": "gzip"})
        head = httpx.head(base + path, headers={"Accept-Encoding": "gzip"})
        assert head.status_code == got.status_code == 200, path
        assert head.content == b"", path
        for header in ("content-type", "etag", "cache-control", "content-length"):
            assert head.headers.get(header) == got.headers.get(header), (path, header)
    for path in ("/app/nothing.js", "/r/ABCDE/nothing", "/table/nothing.js"):
        assert httpx.head(base + path).status_code == 404, path
