"""Reading the web app's dataset exports (issue 39 §5) for fine-tuning: photos people reviewed and
corrected, each with its mask in the model's class indexes.

An export is a ZIP holding `classes.json` ([{index, name, color}]), `images/<imageId>-<name>` (the
originals), `masks/<imageId>-<name>.png` (index PNGs) and `annotations.json` (COCO, not needed here).
A mask is read as its index values when it is single-channel; a palette PNG comes out of OpenCV as
colours, which are mapped back to indexes through `classes.json`'s colours (a colour that is no
class's is an error naming the file).
"""
import hashlib
import json
import zipfile
from dataclasses import dataclass
from pathlib import PurePosixPath

import cv2
import numpy as np

STANDARD_LONG_SIDE = 800     # the product's standard prediction resolution


@dataclass
class Correction:
    name: str          # "<export file>:<image path>"
    sha256: str        # of the original's bytes: the same photo in two exports is one photo
    image: np.ndarray  # RGB uint8, longest side at most STANDARD_LONG_SIDE
    mask: np.ndarray   # uint8 class indexes, same size


def _hex_rgb(color):
    value = color.lstrip("#")
    return tuple(int(value[k:k + 2], 16) for k in (0, 2, 4))


def check_classes(classes, expected_names, source):
    names = [c["name"] for c in sorted(classes, key=lambda c: c["index"])]
    if names != list(expected_names):
        raise ValueError(f"{source}: classes.json names {names}, the model's classes are {list(expected_names)}")


def decode_mask(data, classes, source):
    """PNG bytes -> uint8 (H,W) class indexes."""
    mask = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_UNCHANGED)
    if mask is None:
        raise ValueError(f"{source}: not a PNG")
    if mask.ndim == 2:
        indexes = mask.astype(np.int64)
    else:
        rgb = mask[..., 2::-1].astype(np.int64)  # BGR(A) -> RGB
        key = (rgb[..., 0] << 16) | (rgb[..., 1] << 8) | rgb[..., 2]
        lut = {(r << 16) | (g << 8) | b: c["index"] for c in classes for r, g, b in [_hex_rgb(c["color"])]}
        indexes = np.full(key.shape, -1, np.int64)
        for colour, index in lut.items():
            indexes[key == colour] = index
        if (indexes < 0).any():
            unknown = sorted({f"#{int(v):06x}" for v in np.unique(key[indexes < 0])[:5]})
            raise ValueError(f"{source}: colours {unknown} are no class's colour in classes.json")
    if indexes.max(initial=0) >= len(classes):
        raise ValueError(f"{source}: class index {int(indexes.max())} out of range (0..{len(classes) - 1})")
    return indexes.astype(np.uint8)


def _standard_size(image, mask):
    h, w = mask.shape
    scale = min(1.0, STANDARD_LONG_SIDE / max(h, w))
    if scale == 1.0:
        return image, mask
    size = (max(1, round(w * scale)), max(1, round(h * scale)))
    return (cv2.resize(image, size, interpolation=cv2.INTER_AREA),
            cv2.resize(mask, size, interpolation=cv2.INTER_NEAREST))


def read_export(path, expected_names):
    """[Correction] of one export ZIP, in the order of its masks."""
    out = []
    with zipfile.ZipFile(path) as archive:
        names = set(archive.namelist())
        classes = json.loads(archive.read("classes.json"))
        check_classes(classes, expected_names, path)
        images = {PurePosixPath(n).name: n for n in names if n.startswith("images/") and not n.endswith("/")}
        for mask_path in sorted(n for n in names if n.startswith("masks/") and n.endswith(".png")):
            stem = PurePosixPath(mask_path).name[:-len(".png")]
            image_path = images.get(stem) or next(
                (full for base, full in images.items() if PurePosixPath(base).stem == stem), None)
            if image_path is None:
                raise ValueError(f"{path}: {mask_path} has no original under images/")
            data = archive.read(image_path)
            bgr = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
            if bgr is None:
                raise ValueError(f"{path}: {image_path} does not decode")
            mask = decode_mask(archive.read(mask_path), classes, f"{path}:{mask_path}")
            if mask.shape != bgr.shape[:2]:
                raise ValueError(f"{path}: {mask_path} is {mask.shape[1]} x {mask.shape[0]}, "
                                 f"its original {bgr.shape[1]} x {bgr.shape[0]}")
            image, mask = _standard_size(np.ascontiguousarray(bgr[..., ::-1]), mask)
            out.append(Correction(f"{path}:{image_path}", hashlib.sha256(data).hexdigest(), image, mask))
    return out


def read_exports(paths, expected_names):
    """Every export's corrections, one per photo: a photo in several exports (same bytes) keeps the
    correction of the last export that holds it, the newest when exports are given oldest first."""
    by_hash = {}
    for path in paths:
        for correction in read_export(path, expected_names):
            by_hash[correction.sha256] = correction
    return sorted(by_hash.values(), key=lambda c: c.sha256)


def split(corrections, held_out_share):
    """(training, held out) by each photo's content hash, so a photo is on one side only and stays
    there when exports grow; at least one photo on each side when there are two or more."""
    held = [c for c in corrections if int(c.sha256[:8], 16) / 0xFFFFFFFF < held_out_share]
    train = [c for c in corrections if int(c.sha256[:8], 16) / 0xFFFFFFFF >= held_out_share]
    if len(corrections) >= 2 and held_out_share > 0 and not held:
        held, train = train[:1], train[1:]
    if len(corrections) >= 2 and not train:
        held, train = held[1:], held[:1]
    return train, held
