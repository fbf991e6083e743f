"""The fine-tune reader against a dataset export laid out exactly as the API writes it
(apps/api/src/features/dataset/dataset-contents.ts): `images/<imageId>-<stem>.jpg` (the model's input),
`masks/<imageId>-<stem>.png` as an 8-bit palette PNG whose indexes are the classes and whose palette is
their colours (media/indexed-png.ts: unfiltered rows, PLTE from classes.json), and a pretty-printed
classes.json with upper-case hex colours."""
import json
import struct
import tempfile
import unittest
import zipfile
import zlib
from pathlib import Path

import cv2
import numpy as np

from corrections_export import read_export

EVO_CLASSES = [
    {"index": 0, "name": "Background", "color": "#000000"},
    {"index": 1, "name": "Clean Structure", "color": "#1E88E5"},
    {"index": 2, "name": "Light Slime", "color": "#C0CA33"},
    {"index": 3, "name": "Heavy Slime/Algae", "color": "#2E7D32"},
    {"index": 4, "name": "Soft Fouling", "color": "#FB8C00"},
    {"index": 5, "name": "Hard Fouling", "color": "#E53935"},
]


def _chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def indexed_png(indexes, classes):
    """An 8-bit palette PNG of class indexes, built as the API's encodeIndexedPng builds it."""
    height, width = indexes.shape
    palette = bytes(int(c["color"][k:k + 2], 16) for c in classes for k in (1, 3, 5))
    rows = b"".join(b"\x00" + indexes[y].tobytes() for y in range(height))
    return (b"\x89PNG\r\n\x1a\n"
            + _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0))
            + _chunk(b"PLTE", palette)
            + _chunk(b"IDAT", zlib.compress(rows))
            + _chunk(b"IEND", b""))


def api_export(path, classes, masks):
    """A dataset ZIP as GET /api/projects/:id/dataset/ streams it: {image id: class-index mask}."""
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("README.md", "Hullscope dataset\n")
        archive.writestr("classes.json", json.dumps(classes, indent=2) + "\n")
        for image_id, mask in masks.items():
            photo = np.full(mask.shape + (3,), 90, np.uint8)
            photo[..., 2] = mask * 40   # a photo that differs per image, so content hashes differ
            ok, jpg = cv2.imencode(".jpg", photo)
            archive.writestr(f"images/{image_id}-hull.shot.{image_id}.jpg", jpg.tobytes())
            archive.writestr(f"masks/{image_id}-hull.shot.{image_id}.png", indexed_png(mask, classes))
        archive.writestr("annotations.json", json.dumps({"images": [], "annotations": [], "categories": []}))


def painted(height, width, seed):
    """A correction using every class, in bands that move with the seed."""
    rows = (np.arange(height)[:, None] + seed * 7 + np.arange(width)[None, :] // 5) // 9
    return (rows % 6).astype(np.uint8)


class ApiExportLayout(unittest.TestCase):
    def test_palette_masks_come_back_as_the_exact_class_indexes_beside_their_photos(self):
        names = [c["name"] for c in EVO_CLASSES]
        masks = {4: painted(60, 80, 1), 11: painted(80, 60, 2)}
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "hullscope-dataset.zip"
            api_export(path, EVO_CLASSES, masks)
            corrections = read_export(path, names)
        self.assertEqual(len(corrections), 2)
        by_image = {int(Path(c.name.split(":")[-1]).name.split("-")[0]): c for c in corrections}
        for image_id, mask in masks.items():
            self.assertTrue(by_image[image_id].name.endswith(f"images/{image_id}-hull.shot.{image_id}.jpg"))
            self.assertEqual(by_image[image_id].image.shape, mask.shape + (3,))
            np.testing.assert_array_equal(by_image[image_id].mask, mask)

    def test_classes_sharing_a_colour_are_refused_rather_than_merged(self):
        classes = [dict(c) for c in EVO_CLASSES]
        classes[3]["color"] = classes[2]["color"]  # the server accepts a manifest like this
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "hullscope-dataset.zip"
            api_export(path, classes, {7: painted(40, 40, 3)})
            with self.assertRaisesRegex(ValueError, r"classes 2 and 3 share the colour #C0CA33"):
                read_export(path, [c["name"] for c in classes])


if __name__ == "__main__":
    unittest.main()
