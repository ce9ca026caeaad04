"""Write the README screenshots: every scene of ``tests/support/scenes.py`` as an SVG.

The app comes from the same factory the game and the snapshot tests use, driven headless by a
Textual pilot, so each picture is a real state of the real game. Run from the repository:

    python scripts/screenshots.py            # all scenes, 80x24 and 120x36 (the table also
                                             # at 200x60), English
    python scripts/screenshots.py --lang hr  # the same in Croatian (files get a -hr suffix)
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

# the scenes are test code, kept out of the wheel: this script runs from a checkout
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.support.scenes import Scene, scenes

SIZES = ((80, 24), (120, 36))
#: scenes also shown on a large window, where the table grows with it
LARGE = {"table_preflop": ((200, 60),)}
OUT = Path(__file__).resolve().parent.parent / "screenshots"


async def shoot(scene: Scene, size: tuple[int, int], path: Path) -> None:
    """Drive one scene at one terminal size and save the screen as SVG.

    The scene's driver waits for its state (the table waiting for a key, a screen up and
    drawn), never for a fixed time; the animations are then let finish.
    """
    app = scene.app()
    async with app.run_test(size=size) as pilot:
        await scene.drive(pilot)
        await pilot.pause()
        await pilot.wait_for_scheduled_animations()
        app.save_screenshot(filename=path.name, path=str(path.parent))


def main() -> None:
    """Parse the options and write the files."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", default="en", choices=("en", "hr", "fi", "nl"))
    parser.add_argument("--only", nargs="*", help="scene names to write (default: all)")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    suffix = "" if args.lang == "en" else f"-{args.lang}"
    for name, scene in scenes(args.lang).items():
        if args.only and name not in args.only:
            continue
        for width, height in SIZES + LARGE.get(name, ()):
            path = args.out / f"{name}-{width}x{height}{suffix}.svg"
            asyncio.run(shoot(scene, (width, height), path))
            print(path)


if __name__ == "__main__":
    main()
