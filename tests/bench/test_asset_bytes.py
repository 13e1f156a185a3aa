"""bench/asset_bytes.py: a game page and all it loads, measured as sent, and its table."""

from __future__ import annotations

from bench_module import load_bench

bench = load_bench("asset_bytes")


def test_the_game_page_and_every_module_it_imports_are_measured() -> None:
    sizes = bench.measure("/en/klondike?deal=1")
    names = [url.rsplit("/", 1)[1] for url in sizes]
    assert names[0] == "klondike?deal=1" and {"style.css", "game.js", "layout.js"} <= set(names)
    style = sizes[next(url for url in sizes if url.endswith("/style.css"))]
    assert style["none"] > style["gzip"] > style["brotli"]
    table = bench.report(sizes).splitlines()
    assert table[0].split() == ["none", "gzip", "brotli"]
    assert table[-3].startswith(f"total (page + {len(sizes) - 1})")
    assert table[-1].startswith("bytes as sent; load average ")
