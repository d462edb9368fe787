"""The repository's places, once: its root, the web folder the suites serve (TAGCLOUD_WEB_DIR, for
a mutated copy), where browser artifacts go, the debug build of `tagcloud`."""

from __future__ import annotations

import os
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]
WEB = Path(os.environ.get("TAGCLOUD_WEB_DIR", REPO / "web")).resolve()
ARTIFACTS = REPO / "Tests" / "artifacts" / "browser"
TAGCLOUD_DEBUG = REPO / ".build" / "debug" / "tagcloud"
