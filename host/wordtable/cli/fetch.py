"""Fetch the sources of the built-in lexicons (``make setup`` runs ``python -m wordtable.cli.fetch``).

``make lexicons`` runs it again; how each source is fetched and checked is wordtable.lexicon.fetch's job.
"""

from __future__ import annotations

import argparse
import sys
import tarfile
from pathlib import Path

from ..lexicon import locations
from ..lexicon.catalogue import catalogue_entries
from ..lexicon.fetch import FetchError, fetch_source


def main(argv: list[str] | None = None) -> int:
    """Fetch every built-in source (or the named ones); exit 1 only if a required one failed."""
    parser = argparse.ArgumentParser(prog="python -m wordtable.cli.fetch", description=__doc__.split("\n")[0])
    parser.add_argument("names", nargs="*", help="lexicons to fetch (default: all built-in ones)")
    parser.add_argument("--dest", type=Path, default=None, help="sources folder (default: %(default)s)")
    parser.add_argument("--force", action="store_true", help="fetch again even when already there")
    args = parser.parse_args(argv)
    dest = args.dest or locations.sources_dir()
    names = args.names or sorted(catalogue_entries())
    failed_required = False
    for name in names:
        if name not in catalogue_entries():
            print(f"{name}: not a built-in lexicon", file=sys.stderr)
            failed_required = True
            continue
        try:
            print(fetch_source(name, dest, force=args.force))
        except (FetchError, OSError, tarfile.TarError) as exc:
            required = bool(catalogue_entries()[name].get("required"))
            level = "ERROR" if required else "warning"
            print(f"{level}: {name}: {exc}", file=sys.stderr)
            if not required:
                print(f"  (the other lexicons work; `make lexicons` tries {name} again)", file=sys.stderr)
            failed_required |= required
    return 1 if failed_required else 0


if __name__ == "__main__":
    sys.exit(main())
