"""Screenshots of /table at 360×740 (docs/screenshots/): setup, night and day screens, and
the setup and night screens in French and Japanese (Japanese needs a CJK font: Debian's
fonts-noto-cjk).

Usage: .venv/bin/python scripts/screenshots_table.py  (needs Debian's chromium)
Starts its own server on a free port with a throwaway database, stubs speechSynthesis and
drives the page with Playwright's fake clock, so the night screen is caught mid-call.
"""

from __future__ import annotations

import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
from chromium import CHROMIUM_ARGS as ARGS
from chromium import throwaway_server

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "screenshots"
STUB = ROOT / "tests" / "web" / "speech_stub.js"


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    with throwaway_server() as base:
        shoot(base)


def shoot(base: str) -> None:
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        for lang in ("en", "fr", "ja"):
            # A fresh page each time: its own storage, so each starts from the same setup.
            page = browser.new_page(viewport={"width": 360, "height": 740}, device_scale_factor=1)
            page.add_init_script(path=str(STUB))
            page.clock.install()
            page.goto(f"{base}/table")
            page.wait_for_selector("#start:enabled")
            page.select_option("#lang", lang)
            suffix = "" if lang == "en" else f"-{lang}"
            page.screenshot(path=str(OUT / f"table-setup{suffix}.png"))
            page.fill("#turn", "10")
            page.fill("#day", "300")
            page.click("#start")
            page.clock.run_for(3500 + 500 + 2000 + 12_000 + 2500 + 1000)  # the werewolves' turn
            page.screenshot(path=str(OUT / f"table-night{suffix}.png"))
            if lang == "en":
                while page.evaluate("document.body.dataset.screen") != "day":
                    page.clock.run_for(1000)  # the rest of the night
                page.clock.run_for(47_600)  # into the day
                page.screenshot(path=str(OUT / "table-day.png"))
            page.close()
        browser.close()
    print(f"wrote {OUT}/table-{{setup,night,day}}.png and table-{{setup,night}}-{{fr,ja}}.png")


if __name__ == "__main__":
    main()
