"""Screenshots of the client's offline notice (docs/screenshots/client-offline-LANG-W.png):
the home page reloaded with the network gone, from the service worker's cache, in English,
French and Japanese, at 360×740 and 1280×800.

Usage: .venv/bin/python scripts/screenshots_offline.py  (needs Debian's chromium; Japanese
needs a CJK font: fonts-ipafont-gothic or fonts-noto-cjk, scripts/services.sh)
"""

from __future__ import annotations

import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
from chromium import CHROMIUM_ARGS as ARGS
from chromium import throwaway_server

OUT = Path(__file__).resolve().parent.parent / "docs" / "screenshots"
SIZES = [(360, 740), (1280, 800)]
LOCALES = {"en": "en-US", "fr": "fr-FR", "ja": "ja-JP"}
CONTROLLED = (
    "navigator.serviceWorker.ready.then(() => new Promise(done => {"
    "  if (navigator.serviceWorker.controller) return done(true);"
    "  navigator.serviceWorker.addEventListener('controllerchange', () => done(true));"
    "}))"
)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    with throwaway_server() as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        for lang, locale in LOCALES.items():
            for w, h in SIZES:
                ctx = browser.new_context(viewport={"width": w, "height": h}, locale=locale)
                page = ctx.new_page()
                page.goto(f"{base}/")
                page.evaluate(CONTROLLED)
                ctx.set_offline(True)
                page.reload()
                page.wait_for_selector("#offline:not([hidden])")
                page.wait_for_timeout(300)
                path = OUT / f"client-offline-{lang}-{w}.png"
                page.screenshot(path=str(path))
                print(path)
                ctx.close()
        browser.close()


if __name__ == "__main__":
    main()
