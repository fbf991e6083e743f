"""Overlay a model's predictions on real photos (no labels exist for them: a qualitative check).

    python -m overlays --model-dir ../models/evo --images /work/shared/data/real-samples

Writes <model-dir>/overlays/<name>.jpg (photo | prediction blended 50 % with a legend) and prints the
class percentages per image (Background excluded) as JSON.
"""
import argparse
import json
from pathlib import Path

import cv2
import numpy as np

from hullsynth.classes import class_list, palette
from infer import OnnxSegmenter


def legend(model_id, height, width=190):
    panel = np.full((height, width, 3), 255, np.uint8)
    for i, ((name, _, _), color) in enumerate(zip(class_list(model_id), palette(model_id))):
        y = 20 + i * 26
        cv2.rectangle(panel, (8, y - 12), (26, y + 4), tuple(int(c) for c in color), -1)
        cv2.putText(panel, name, (32, y), cv2.FONT_HERSHEY_SIMPLEX, 0.42, (0, 0, 0), 1, cv2.LINE_AA)
    return panel


def percentages(pred, model_id):
    classes = class_list(model_id)
    counts = np.bincount(pred.ravel(), minlength=len(classes)).astype(float)
    counted = [i for i, c in enumerate(classes) if c[2]]
    total = counts[counted].sum()
    return {classes[i][0]: round(100 * counts[i] / total, 1) if total else 0.0 for i in counted}


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--model-dir", required=True)
    p.add_argument("--images", required=True, help="folder of .jpg/.png photos")
    p.add_argument("--out", help="output folder (default <model-dir>/overlays)")
    p.add_argument("--max-side", type=int, default=512, help="overlay image height/width limit")
    a = p.parse_args(argv)
    model_id = Path(a.model_dir).name
    seg = OnnxSegmenter(a.model_dir)
    out = Path(a.out or Path(a.model_dir) / "overlays")
    out.mkdir(parents=True, exist_ok=True)
    pal = palette(model_id)
    report = {}
    for path in sorted(Path(a.images).iterdir()):
        if path.suffix.lower() not in (".jpg", ".jpeg", ".png"):
            continue
        rgb = cv2.imread(str(path), cv2.IMREAD_COLOR)[..., ::-1].copy()
        pred = seg.predict(rgb)
        report[path.name] = percentages(pred, model_id)
        blend = (0.45 * rgb + 0.55 * pal[pred]).astype(np.uint8)
        s = min(1.0, a.max_side / max(rgb.shape[:2]))
        size = (int(rgb.shape[1] * s), int(rgb.shape[0] * s))
        row = np.hstack([cv2.resize(rgb, size, interpolation=cv2.INTER_AREA),
                         cv2.resize(blend, size, interpolation=cv2.INTER_NEAREST), legend(model_id, size[1])])
        cv2.imwrite(str(out / (path.stem + ".jpg")), row[..., ::-1], [cv2.IMWRITE_JPEG_QUALITY, 80])
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
