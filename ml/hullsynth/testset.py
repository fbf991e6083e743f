"""Write a tiny held-out test set for evaluating a model outside Python (e.g. the TypeScript app).

    python -m hullsynth.testset --out /tmp/hull-testset --count 12

Layout: <out>/images/<name>.jpg (RGB) and <out>/masks/<name>.png (single-channel class indices, same
base name), plus <out>/classes.json. Seeds start at 2,000,000: never used for training.
"""
import argparse
import json
from pathlib import Path

import cv2

from .classes import class_list, to_model_labels
from .dataset_io import write_dataset


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--out", required=True)
    p.add_argument("--count", type=int, default=12)
    p.add_argument("--first-seed", type=int, default=2_000_000)
    p.add_argument("--size", type=int, nargs=2, default=[333, 500], metavar=("H", "W"),
                   help="deliberately not a multiple of 32, to exercise padding")
    p.add_argument("--classes", choices=["evo", "base"], default="evo", help="label space of the masks")
    p.add_argument("--format", choices=["jpg", "png"], default="jpg")
    a = p.parse_args(argv)
    out = Path(a.out)
    write_dataset(out, a.first_seed, a.count, a.size, 1, "." + a.format, log_every=10 ** 9)
    if a.classes != "evo":
        for m in sorted((out / "masks").glob("*.png")):
            cv2.imwrite(str(m), to_model_labels(cv2.imread(str(m), cv2.IMREAD_UNCHANGED), a.classes))
    classes = [{"index": i, "label": n, "hex_color": c, "in_percentages": p}
               for i, (n, c, p) in enumerate(class_list(a.classes))]
    (out / "classes.json").write_text(json.dumps({"model": a.classes, "classes": classes}, indent=2) + "\n")
    print(f"wrote {a.count} images and masks to {out}")


if __name__ == "__main__":
    main()
