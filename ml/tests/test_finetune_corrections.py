"""finetune_corrections.py end to end on a tiny generated dataset export (issue 39 §6), and the
export reader's rules: one photo per content hash, never on both sides of the split."""
import io
import json
import tempfile
import unittest
import zipfile
from pathlib import Path

import cv2
import numpy as np
import onnx

import finetune_corrections
from corrections_export import decode_mask, read_exports, split
from hullsynth.classes import class_list
from hullsynth.scene import generate

MODEL_DIR = Path(__file__).resolve().parents[2] / "models" / "base"


def _png(array):
    ok, buf = cv2.imencode(".png", array)
    return buf.tobytes()


def write_export(path, seeds, colour_masks=False):
    """A dataset export as the web app writes it: originals, index masks, classes.json, COCO."""
    classes = [{"index": k, "name": name, "color": colour} for k, (name, colour, _) in enumerate(class_list("base"))]
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("README.md", "test export\n")
        archive.writestr("classes.json", json.dumps(classes))
        archive.writestr("annotations.json", json.dumps({"images": [], "annotations": [], "categories": []}))
        for seed in seeds:
            image, evo = generate(seed, (96, 128))
            from hullsynth.classes import EVO_TO_BASE
            mask = EVO_TO_BASE[evo].astype(np.uint8)
            name = f"{seed}-photo{seed}.jpg"
            ok, jpg = cv2.imencode(".jpg", np.ascontiguousarray(image[..., ::-1]))
            archive.writestr(f"images/{name}", jpg.tobytes())
            if colour_masks:   # what OpenCV makes of a palette PNG: the classes' colours
                rgb = np.array([[int(c["color"][k:k + 2], 16) for k in (1, 3, 5)] for c in classes], np.uint8)[mask]
                archive.writestr(f"masks/{name}.png", _png(np.ascontiguousarray(rgb[..., ::-1])))
            else:
                archive.writestr(f"masks/{name}.png", _png(mask))
    return classes


class ExportReading(unittest.TestCase):
    def test_same_photo_in_two_exports_counts_once_and_splits_by_content(self):
        names = [c[0] for c in class_list("base")]
        with tempfile.TemporaryDirectory() as tmp:
            write_export(Path(tmp) / "a.zip", [3000000, 3000001, 3000002])
            write_export(Path(tmp) / "b.zip", [3000002, 3000003], colour_masks=True)
            corrections = read_exports([Path(tmp) / "a.zip", Path(tmp) / "b.zip"], names)
        self.assertEqual(len(corrections), 4)
        self.assertEqual(len({c.sha256 for c in corrections}), 4)
        train, held = split(corrections, 0.25)
        self.assertTrue(train and held)
        self.assertFalse({c.sha256 for c in train} & {c.sha256 for c in held})
        self.assertEqual(len(train) + len(held), 4)

    def test_colour_mask_maps_back_to_indexes_and_unknown_colours_are_named(self):
        classes = [{"index": 0, "name": "Background", "color": "#000000"},
                   {"index": 1, "name": "Clean Structure", "color": "#00ff00"}]
        bgr = np.zeros((2, 2, 3), np.uint8)
        bgr[0, 0] = (0, 255, 0)
        np.testing.assert_array_equal(decode_mask(_png(bgr), classes, "m.png"), [[1, 0], [0, 0]])
        bgr[1, 1] = (1, 2, 3)
        with self.assertRaisesRegex(ValueError, "#030201"):
            decode_mask(_png(bgr), classes, "m.png")


class EndToEnd(unittest.TestCase):
    def test_fine_tunes_and_writes_a_model_folder_with_before_and_after_figures(self):
        with tempfile.TemporaryDirectory() as tmp:
            write_export(Path(tmp) / "fleet.zip", range(3000010, 3000016))
            out = Path(tmp) / "base-fleet"
            finetune_corrections.main(["--exports", str(Path(tmp) / "fleet.zip"), "--model-dir", str(MODEL_DIR),
                                       "--out", str(out), "--steps", "3", "--batch", "2", "--crop", "96",
                                       "--synthetic-count", "2", "--test-count", "2", "--size", "96", "128",
                                       "--held-out", "0.3"])
            manifest = json.loads((out / "manifest.json").read_text())
            report = json.loads((out / "finetune_report.json").read_text())
            ops = [n.op_type for n in onnx.load(str(out / "model.onnx")).graph.node]
        # Rewritten as the bundled models are (optimize_graph.py), exactly: same argmax, logits to rounding.
        self.assertNotIn("Pad", ops)
        self.assertNotIn("Shape", ops)
        self.assertEqual(report["graph_rewrites"]["pads_folded"], 5)
        self.assertEqual(report["graph_rewrites"]["argmax_agreement"], 1.0)
        self.assertLess(report["graph_rewrites"]["max_abs_logit_diff"], 1e-3)
        self.assertEqual(manifest["precision"], "fp32")
        self.assertEqual(manifest["name"], "Base")
        self.assertTrue(manifest["version"].endswith("-corrections"))
        self.assertEqual([c["label"] for c in manifest["classes"]], [c[0] for c in class_list("base")])
        self.assertEqual(report["photos"], 6)
        self.assertEqual(report["trained_on"] + len(report["held_out"]), 6)
        for when in ("before", "after"):
            for where in ("corrections", "synthetic"):
                self.assertIn("miou_without_background", report[when][where])
                self.assertIn("coverage_mae_pp", report[when][where])


if __name__ == "__main__":
    unittest.main()
