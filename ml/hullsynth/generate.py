"""Generate a dataset to disk: `python -m hullsynth.generate --out data/train --first-seed 0 --count 3600`.

Each sample is fully determined by its seed, so ranges of seeds define disjoint splits. Convention:
training uses seeds below 1,000,000; held-out test sets start at 1,000,000 (see README).
"""
import argparse
import time

from .dataset_io import write_dataset


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--out", required=True, help="output directory (images/ and masks/ are created)")
    p.add_argument("--first-seed", type=int, default=0)
    p.add_argument("--count", type=int, default=3600)
    p.add_argument("--size", type=int, nargs=2, default=[320, 320], metavar=("H", "W"))
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--format", choices=["png", "jpg"], default="png", help="image format (masks are always PNG)")
    a = p.parse_args(argv)
    t = time.time()
    write_dataset(a.out, a.first_seed, a.count, a.size, a.workers, "." + a.format)
    print(f"wrote {a.count} samples to {a.out} in {time.time() - t:.0f} s")


if __name__ == "__main__":
    main()
