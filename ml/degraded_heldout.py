"""Held-out generated scenes, clear and degraded as underwater footage is, for judging when a
reading is unreliable (issue 46: the quality-aware low confidence, docs/image-quality.md).

    python -m degraded_heldout --data data/test_v2 --out data/heldout_degraded [--scenes 120] [--draws 3]

Writes, per scene, the scene as generated and `--draws` copies degraded by `underwater.degrade`
(one to three kinds, each at a strength drawn from light to past what a person can read), as
lossless PNGs (a JPEG kind is applied inside the draw), beside each model's ground truth:
`images/<seed>-<k>.png` (k = 0 clear), `masks-evo/` and `masks-base/` with the same names. The app
side (`npm run bench:confidence-heldout`) measures each as an upload and reads it with the models.
"""
import argparse
from pathlib import Path

import cv2
import numpy as np
import torch

import underwater
from hullsynth.classes import to_model_labels
from hullsynth.dataset_io import read_dataset

# Seeds of the draws: apart from calibration's and training's, so the degradations are new too.
DRAW_SEED = 1_300_000


def write_heldout(data, out, scenes, draws):
    images, masks = read_dataset(data)
    names = sorted(p.stem for p in (Path(data) / "masks").glob("*.png"))[:scenes]
    out = Path(out)
    for folder in ("images", "masks-evo", "masks-base"):
        (out / folder).mkdir(parents=True, exist_ok=True)
    gen = torch.Generator().manual_seed(DRAW_SEED)
    for name, image, mask in zip(names, images, masks):
        variants = [image] + [underwater.degrade(gen, torch.from_numpy(image)).numpy() for _ in range(draws)]
        for k, variant in enumerate(variants):
            file = f"{name}-{k}.png"
            cv2.imwrite(str(out / "images" / file), np.ascontiguousarray(variant[..., ::-1]))
            for model_id in ("evo", "base"):
                cv2.imwrite(str(out / f"masks-{model_id}" / file), to_model_labels(mask, model_id))
    return len(names) * (draws + 1)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--data", default="data/test_v2")
    p.add_argument("--out", default="data/heldout_degraded")
    p.add_argument("--scenes", type=int, default=120)
    p.add_argument("--draws", type=int, default=3)
    a = p.parse_args(argv)
    print(f"{write_heldout(a.data, a.out, a.scenes, a.draws)} images written to {a.out}")


if __name__ == "__main__":
    main()
