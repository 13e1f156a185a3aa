"""How many bytes a game page costs to load: the page and every file it needs, as sent.

Makes the app in this process (SQLite in a fresh temporary directory, Starlette's
TestClient), gets the page, then each static file the page names and each module those
import, three times: asking for no compression, for gzip only, and as Chromium asks
(``gzip, deflate, br, zstd``: brotli for the static files, gzip for the page). Prints the bytes
of each, per file and in total, what a return visit costs (the static files are kept by the
browser, so only the page), and the load average. Before static files were compressed, every
load cost the first column.

    .venv/bin/python bench/asset_bytes.py
    .venv/bin/python bench/asset_bytes.py --page "/de/freecell?deal=7"
"""

from __future__ import annotations

import argparse
import os
import re
import tempfile
from urllib.parse import urljoin

from starlette.testclient import TestClient

from patience.web.app import create_app

ASSET_URL = re.compile(r'(?:src|href)="(/static/[^"]*)"')
IMPORT = re.compile(r'(?:from|import)\s*\(?\s*"(\.[^"]+)"')
CODINGS = {"none": "identity", "gzip": "gzip", "brotli": "gzip, deflate, br, zstd"}


def sent_bytes(client: TestClient, url: str, accept: str) -> int:
    """The length of the body as it goes over the wire (not decompressed)."""
    with client.stream("GET", url, headers={"accept-encoding": accept}) as response:
        response.raise_for_status()
        return sum(len(chunk) for chunk in response.iter_raw())


def urls_of(client: TestClient, page: str) -> list[str]:
    """The page and, in the order first named, every static file it loads."""
    found: list[str] = []
    pending = ASSET_URL.findall(client.get(page).text)
    while pending:
        url = pending.pop(0)
        if url in found:
            continue
        found.append(url)
        if url.endswith(".js"):
            pending += [urljoin(url, name) for name in IMPORT.findall(client.get(url).text)]
    return [page, *found]


def measure(page: str) -> dict[str, dict[str, int]]:
    """Bytes sent per URL, by coding asked for."""
    with tempfile.TemporaryDirectory() as data, TestClient(create_app(None, data, "b")) as client:
        return {
            url: {label: sent_bytes(client, url, accept) for label, accept in CODINGS.items()}
            for url in urls_of(client, page)
        }


def report(sizes: dict[str, dict[str, int]]) -> str:
    rows = [f"{'':<22}" + "".join(f"{label:>10}" for label in CODINGS)]
    for url, by_coding in sizes.items():
        name = url if not url.startswith("/static/") else url.rsplit("/", 1)[1]
        rows.append(f"{name:<22}" + "".join(f"{by_coding[label]:>10}" for label in CODINGS))
    files = len(sizes) - 1
    totals = {label: sum(s[label] for s in sizes.values()) for label in CODINGS}
    rows.append(f"{f'total (page + {files})':<22}" + "".join(f"{n:>10}" for n in totals.values()))
    page = next(iter(sizes.values()))
    rows.append(f"{'return visit (page)':<22}" + "".join(f"{page[label]:>10}" for label in CODINGS))
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    rows.append(f"bytes as sent; load average {load}")
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--page", default="/en/klondike?deal=1", help="(/en/klondike?deal=1)")
    args = parser.parse_args(argv)
    print(report(measure(args.page)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
