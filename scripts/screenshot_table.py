"""Take screenshots of the web table (hartenjagen serve) in headless Chromium, for docs/frontends.md.

    python scripts/screenshot_table.py [--out docs] [--lang en]

Starts the web service on a free port with one table (dealt from a secret seed), passes and plays a few cards as seat 0,
and saves ``table.png`` (a desktop window) and ``table-phone.png`` (a phone's
width) in ``--out``. Needs Debian's chromium (/usr/bin/chromium) and the
playwright package (both in the dev setup of scripts/check.sh).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from serving import serving  # the tests' helper: the app under uvicorn in a thread

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("--out", default=str(Path(__file__).resolve().parent.parent / "docs"))
    parser.add_argument("--lang", choices=("en", "nl"), default="en")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    out = Path(args.out)
    with serving(delay=0.05) as served:
        seats = ["human", "heuristic", "heuristic", "sampling"]
        table, tokens = served.create("standard", seats, language=args.lang)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page = browser.new_page(viewport={"width": 1100, "height": 760})
            page.goto(served.url(f"seat/{table.id}#{tokens[0]}"))
            page.wait_for_selector("#hand .card.legal")
            # The page draws itself anew on every update: find cards by name, not by element.
            cards = page.eval_on_selector_all(
                "#hand button.card.legal", "nodes => nodes.map(n => n.dataset.card)"
            )
            for card in cards[-3:]:
                page.click(f'#hand button[data-card="{card}"]')
            page.click("#pass-button")
            for number in range(12):  # play until a card is on the table and some card may not be played
                page.wait_for_selector("#hand button.card.legal", timeout=20_000)
                page.wait_for_timeout(300)
                if (
                    number >= 3
                    and page.locator("#hand button.card.dim").count()
                    and page.locator("#trick .card").count()
                ):
                    break
                page.click("#hand button.card.legal >> nth=0")
            if page.locator("#hand button.card.dim").count():  # show an illegal click's reason
                page.click("#hand button.card.dim >> nth=0")
                page.wait_for_selector("#message:not([hidden])")
            page.screenshot(path=str(out / "table.png"))
            page.set_viewport_size({"width": 390, "height": 844})
            page.wait_for_timeout(200)
            page.screenshot(path=str(out / "table-phone.png"), full_page=True)
            browser.close()
    print(f"wrote {out / 'table.png'} and {out / 'table-phone.png'}")


if __name__ == "__main__":
    main()
