"""Evaluate an exported model (ONNX, as the app runs it) on a held-out generated test set.

    python -m hullsynth.generate --out data/test --first-seed 1000000 --count 240
    python -m evaluate --model-dir ../models/evo --data data/test --out reports/evo_eval.json

Reports per-class IoU, mIoU with and without Background, pixel accuracy, mean absolute error of the
total-fouling coverage (percentage points of non-Background pixels), and ONNX inference time at 800x800.
"""
import argparse
import json
import time
from pathlib import Path

import numpy as np

from hullsynth.classes import class_list, fouling_indices, to_model_labels
from hullsynth.dataset_io import read_dataset
from infer import OnnxSegmenter
from metrics import confusion, fouling_coverage, summarise


def time_inference(seg, size=800, runs=10):
    img = np.random.default_rng(0).integers(0, 256, (size, size, 3), dtype=np.uint8)
    seg.logits(img)
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        seg.logits(img)
        times.append((time.perf_counter() - t) * 1000)
    return round(float(np.median(times)), 1)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--model-dir", required=True)
    p.add_argument("--data", default="data/test")
    p.add_argument("--out", help="write the metrics JSON here")
    p.add_argument("--threads", type=int, default=2)
    a = p.parse_args(argv)
    seg = OnnxSegmenter(a.model_dir, a.threads)
    model_id = Path(a.model_dir).name
    classes = class_list(model_id)
    names = [c[0] for c in classes]
    fouling = fouling_indices(model_id)
    images, masks = read_dataset(a.data)
    conf = np.zeros((len(names), len(names)), np.int64)
    errors = []
    for img, evo_mask in zip(images, masks):
        target = to_model_labels(evo_mask, model_id)
        pred = seg.predict(img)
        conf += confusion(pred, target, len(names))
        errors.append(abs(fouling_coverage(pred, fouling) - fouling_coverage(target, fouling)))
    result = {"model": model_id, "test_images": len(images), "image_size": list(masks.shape[1:]),
              **summarise(conf, errors, names),
              "onnx_ms_800x800_threads%d" % a.threads: time_inference(seg),
              "confusion_rows_true_cols_pred": conf.tolist()}
    text = json.dumps(result, indent=2)
    print(text)
    if a.out:
        Path(a.out).parent.mkdir(parents=True, exist_ok=True)
        Path(a.out).write_text(text + "\n")


if __name__ == "__main__":
    main()
