"""Write one generated sample: `python -m hullsynth.sample --seed N --out file.png`.

Writes the image to --out and its label map (single-channel PNG of class indices) beside it as
<stem>_mask.png. The same seed and size always give identical bytes.
"""
import argparse
from pathlib import Path

import cv2

from .scene import generate


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--seed", type=int, required=True)
    p.add_argument("--out", type=Path, required=True, help="image path (.png or .jpg)")
    p.add_argument("--size", type=int, nargs=2, default=[320, 320], metavar=("H", "W"))
    a = p.parse_args(argv)
    rgb, label = generate(a.seed, tuple(a.size))
    a.out.parent.mkdir(parents=True, exist_ok=True)
    params = [cv2.IMWRITE_JPEG_QUALITY, 95] if a.out.suffix.lower() in (".jpg", ".jpeg") else []
    cv2.imwrite(str(a.out), rgb[..., ::-1], params)
    cv2.imwrite(str(a.out.with_name(a.out.stem + "_mask.png")), label)
    print(a.out)


if __name__ == "__main__":
    main()
