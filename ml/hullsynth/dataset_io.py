"""Writing and reading generated datasets: <dir>/images/<seed>.png and <dir>/masks/<seed>.png.

Masks are single-channel PNGs holding Evo class indices (0..5) with the same base name as the image.
"""
from multiprocessing import Pool
from pathlib import Path

import cv2
import numpy as np

from .scene import generate


def _write_one(job):
    seed, out_dir, size, ext = job
    rgb, label = generate(seed, size)
    name = f"{seed:08d}"
    params = [cv2.IMWRITE_JPEG_QUALITY, 95] if ext == ".jpg" else [cv2.IMWRITE_PNG_COMPRESSION, 1]
    cv2.imwrite(str(Path(out_dir) / "images" / f"{name}{ext}"), rgb[..., ::-1], params)
    cv2.imwrite(str(Path(out_dir) / "masks" / f"{name}.png"), label)
    return seed


def write_dataset(out_dir, first_seed, count, size, workers=1, ext=".png", log_every=200):
    out_dir = Path(out_dir)
    (out_dir / "images").mkdir(parents=True, exist_ok=True)
    (out_dir / "masks").mkdir(parents=True, exist_ok=True)
    jobs = [(first_seed + i, str(out_dir), tuple(size), ext) for i in range(count)]
    done = 0
    if workers <= 1:
        results = map(_write_one, jobs)
    else:
        pool = Pool(workers)
        results = pool.imap_unordered(_write_one, jobs, chunksize=8)
    for _ in results:
        done += 1
        if done % log_every == 0 or done == count:
            print(f"{done}/{count}", flush=True)
    if workers > 1:
        pool.close()
        pool.join()


def read_dataset(data_dir):
    """All samples as two uint8 arrays: images (N,H,W,3) RGB and masks (N,H,W)."""
    data_dir = Path(data_dir)
    masks = sorted((data_dir / "masks").glob("*.png"))
    imgs, labs = [], []
    for m in masks:
        img_path = next((data_dir / "images").glob(m.stem + ".*"))
        imgs.append(cv2.imread(str(img_path), cv2.IMREAD_COLOR)[..., ::-1])
        labs.append(cv2.imread(str(m), cv2.IMREAD_UNCHANGED))
    return np.stack(imgs), np.stack(labs)
