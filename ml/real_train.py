"""Coarsely labelled real photos for training, kept apart from the evaluation set (issue 19).

    python -m real_train --fetch <clone of the source repository>/3D_MODEL/photos   # copy and verify
    python -m real_train --check                                                    # labels and photos

`real-train/drydock.json` names each photo (with its SHA-256), its size and its regions: polygons
with an Evo class name, in the photo's pixels (the format of `real-eval/`, with `class` where the
evaluation has `group`, and a `sha256` per photo). Pixels outside every region are not labelled:
training ignores them (IGNORE), so a label needs to be drawn only where a person can tell what the
surface is.

The photos are not committed: `--fetch` copies them from a clone of the source repository
(`source` in the file) into `images_dir` (ignored by git) and refuses one whose digest differs.

Held out: `load` refuses a training photo that is a photo of any evaluation file in `real-eval/`
(by name, and by content where the evaluation photos are on this machine), or a frame of the same
sequence within `held_out.neighbour_frames` (at least MIN_NEIGHBOUR_FRAMES) of one: neighbouring
frames of one shoot show the same plates from nearly the same place. Names are compared without
case, punctuation or spaces, so `propeller (3).jpg` (the source's name) is `propeller3.jpg` (the
evaluation's).
"""
import argparse
import hashlib
import json
import re
import shutil
from pathlib import Path

import cv2
import numpy as np

from hullsynth.classes import EVO_CLASSES

HERE = Path(__file__).resolve().parent
DEFAULT_LABELS = HERE / "real-train" / "drydock.json"
IGNORE = 255
EVO_INDEX = {name: i for i, (name, _colour, _counted) in enumerate(EVO_CLASSES)}
# model:eval runs the models at this long side (the app's standard resolution); training photos are
# shown to the network at the same scale.
STANDARD_LONG_SIDE = 800
# The fewest frames either side of an evaluation photo that a label file may hold out.
MIN_NEIGHBOUR_FRAMES = 2
EVAL_DIR = HERE / "real-eval"


def _normalised(file_name):
    """A photo's name for comparison: its stem in lower case, letters and digits only."""
    return re.sub(r"[^a-z0-9]", "", Path(file_name).stem.lower())


def _frame(file_name):
    """'colorImage1020.jpg' -> ('colorimage', 1020), 'propeller (3).jpg' -> ('propeller', 3); None when
    the name has no number at its end."""
    m = re.fullmatch(r"(.*?)(\d+)", _normalised(file_name))
    return (m.group(1), int(m.group(2))) if m else None


def held_out_conflicts(train_files, eval_files, neighbour_frames):
    """Training files that are, or neighbour within `neighbour_frames`, a file of the evaluation set."""
    eval_names = {_normalised(f) for f in eval_files}
    eval_frames = [f for f in map(_frame, eval_files) if f]
    conflicts = []
    for name in train_files:
        frame = _frame(name)
        if _normalised(name) in eval_names or (frame and any(
                frame[0] == e[0] and abs(frame[1] - e[1]) <= neighbour_frames for e in eval_frames)):
            conflicts.append(name)
    return conflicts


def _evaluation_photos(eval_dir):
    """(file names, SHA-256 digests of those on this machine) of every evaluation file in eval_dir."""
    names, digests = set(), set()
    for path in sorted(Path(eval_dir).glob("*.json")):
        doc = json.loads(path.read_text())
        for image in doc["images"]:
            names.add(image["file"])
            photo = path.parent / doc.get("images_dir", "") / image["file"]
            if photo.is_file():
                digests.add(_sha256(photo))
    return names, digests


def load(path=DEFAULT_LABELS, eval_dir=EVAL_DIR):
    """The label file, validated: classes, points inside their photo, unique ids and photos, the
    held-out rule against every evaluation file in `eval_dir`."""
    path = Path(path)
    doc = json.loads(path.read_text())
    ids, files = set(), set()
    for image in doc["images"]:
        if _normalised(image["file"]) in files:
            raise ValueError(f"{path.name}: {image['file']} is listed twice")
        files.add(_normalised(image["file"]))
        w, h = image["width"], image["height"]
        for region in image["regions"]:
            if region["id"] in ids:
                raise ValueError(f"{path.name}: region id {region['id']} is used twice")
            ids.add(region["id"])
            if region["class"] not in EVO_INDEX:
                raise ValueError(f"{path.name}: {region['id']}: unknown class {region['class']!r}")
            if len(region["polygon"]) < 3:
                raise ValueError(f"{path.name}: {region['id']}: a polygon needs three points")
            for x, y in region["polygon"]:
                if not (0 <= x <= w and 0 <= y <= h):
                    raise ValueError(f"{path.name}: {region['id']}: point ({x}, {y}) is outside the {w} x {h} photo")
    neighbours = doc["held_out"]["neighbour_frames"]
    if neighbours < MIN_NEIGHBOUR_FRAMES:
        raise ValueError(f"{path.name}: held_out.neighbour_frames is {neighbours}, at least {MIN_NEIGHBOUR_FRAMES}")
    eval_names, eval_digests = _evaluation_photos(eval_dir)
    conflicts = held_out_conflicts([i["file"] for i in doc["images"]], eval_names, neighbours)
    conflicts += [i["file"] for i in doc["images"] if i["sha256"] in eval_digests and i["file"] not in conflicts]
    if conflicts:
        raise ValueError(f"{path.name}: {', '.join(conflicts)} belong to the evaluation set or neighbour its photos")
    doc["_dir"] = (path.parent / doc["images_dir"]).resolve()
    return doc


def rasterise(image_entry, scale=1.0):
    """The label mask of one photo at `scale`: each region's Evo class index, IGNORE elsewhere.
    Later regions are drawn over earlier ones."""
    h, w = round(image_entry["height"] * scale), round(image_entry["width"] * scale)
    mask = np.full((h, w), IGNORE, np.uint8)
    for region in image_entry["regions"]:
        pts = np.round(np.array(region["polygon"], np.float64) * scale).astype(np.int32)
        cv2.fillPoly(mask, [pts], int(EVO_INDEX[region["class"]]))
    return mask


def load_samples(doc):
    """[(RGB uint8 (H,W,3), mask uint8 (H,W))], each photo at the standard resolution."""
    samples = []
    for entry in doc["images"]:
        bgr = cv2.imread(str(doc["_dir"] / entry["file"]), cv2.IMREAD_COLOR)
        if bgr is None:
            raise FileNotFoundError(f"{doc['_dir'] / entry['file']}: missing (python -m real_train --fetch <folder>)")
        if bgr.shape[:2] != (entry["height"], entry["width"]):
            raise ValueError(f"{entry['file']} is {bgr.shape[1]} x {bgr.shape[0]}, the labels say "
                             f"{entry['width']} x {entry['height']}")
        scale = min(1.0, STANDARD_LONG_SIDE / max(entry["width"], entry["height"]))
        mask = rasterise(entry, scale)
        rgb = cv2.resize(bgr, (mask.shape[1], mask.shape[0]), interpolation=cv2.INTER_AREA)[..., ::-1]
        samples.append((np.ascontiguousarray(rgb), mask))
    return samples


def _sha256(path):
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def fetch(doc, source_dir):
    """Copy every photo from `source_dir` into the images folder, checking its digest."""
    doc["_dir"].mkdir(parents=True, exist_ok=True)
    for entry in doc["images"]:
        src = Path(source_dir) / entry["file"]
        digest = _sha256(src)
        if digest != entry["sha256"]:
            raise ValueError(f"{src}: SHA-256 {digest}, the labels were drawn on {entry['sha256']}")
        shutil.copyfile(src, doc["_dir"] / entry["file"])
    print(f"copied {len(doc['images'])} photos into {doc['_dir']}")


def check(doc):
    for entry in doc["images"]:
        path = doc["_dir"] / entry["file"]
        if not path.exists() or _sha256(path) != entry["sha256"]:
            raise SystemExit(f"{path}: missing or changed (python -m real_train --fetch <folder>)")
    samples = load_samples(doc)
    labelled = sum(int((m != IGNORE).sum()) for _img, m in samples)
    total = sum(m.size for _img, m in samples)
    print(f"{len(samples)} photos, {sum(len(e['regions']) for e in doc['images'])} regions, "
          f"{labelled / total * 100:.0f} % of their pixels labelled")


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--labels", default=str(DEFAULT_LABELS))
    p.add_argument("--fetch", metavar="FOLDER", help="copy the photos from this folder (a clone's photo folder)")
    p.add_argument("--check", action="store_true", help="validate the labels and the fetched photos")
    a = p.parse_args(argv)
    doc = load(a.labels)
    if a.fetch:
        fetch(doc, a.fetch)
    if a.check or not a.fetch:
        check(doc)


if __name__ == "__main__":
    main()
