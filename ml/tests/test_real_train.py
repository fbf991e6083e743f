"""real_train.py: the labelled real training photos, their held-out rule, masks and the loss's ignore."""
import copy
import json
import tempfile
import unittest
from pathlib import Path

import numpy as np
import torch
import torch.nn.functional as F

import real_train
from real_train import IGNORE, held_out_conflicts, rasterise
from train import dice_loss


class LabelFile(unittest.TestCase):
    def test_the_shipped_labels_load_and_keep_apart_from_the_evaluation_photos(self):
        doc = real_train.load()
        evaluation = json.loads((real_train.HERE / "real-eval" / doc["held_out"]["evaluation"]).read_text())
        train_files = {i["file"] for i in doc["images"]}
        self.assertFalse(train_files & {i["file"] for i in evaluation["images"]})
        self.assertGreaterEqual(len(train_files), 20)

    def test_an_evaluation_photo_or_its_neighbour_frame_is_refused(self):
        evaluation = {"colorImage1020.jpg", "propeller3.jpg"}
        self.assertEqual(held_out_conflicts(["colorImage1020.jpg", "colorImage1022.jpg", "colorImage1023.jpg",
                                             "propeller5.jpg", "propeller6.jpg", "ruli4.jpg"], evaluation, 2),
                         ["colorImage1020.jpg", "colorImage1022.jpg", "propeller5.jpg"])

    def _write(self, d, mutate):
        doc = json.loads(real_train.DEFAULT_LABELS.read_text())
        mutate(doc)
        (Path(d) / "real-train").mkdir()
        (Path(d) / "real-eval").mkdir()
        eval_src = real_train.HERE / "real-eval" / doc["held_out"]["evaluation"]
        (Path(d) / "real-eval" / eval_src.name).write_text(eval_src.read_text())
        path = Path(d) / "real-train" / "labels.json"
        path.write_text(json.dumps(doc))
        return path

    def test_a_bad_label_file_is_refused_with_the_reason(self):
        cases = {
            "unknown class": lambda doc: doc["images"][0]["regions"][0].update({"class": "Rust"}),
            "outside": lambda doc: doc["images"][0]["regions"][0]["polygon"].append([1921, 5]),
            "used twice": lambda doc: doc["images"][1]["regions"].append(copy.deepcopy(doc["images"][0]["regions"][0])),
            "evaluation set": lambda doc: doc["images"][0].update({"file": "colorImage1041.jpg"}),
        }
        for words, mutate in cases.items():
            with self.subTest(words), tempfile.TemporaryDirectory() as d:
                with self.assertRaisesRegex(ValueError, words):
                    real_train.load(self._write(d, mutate))

    def test_fetch_refuses_a_photo_that_is_not_the_one_labelled(self):
        with tempfile.TemporaryDirectory() as d:
            entry = {"file": "a.jpg", "sha256": "0" * 64}
            (Path(d) / "a.jpg").write_bytes(b"not the photo")
            doc = {"images": [entry], "_dir": Path(d) / "out"}
            with self.assertRaisesRegex(ValueError, "SHA-256"):
                real_train.fetch(doc, d)
            self.assertFalse((Path(d) / "out" / "a.jpg").exists())


class Masks(unittest.TestCase):
    def test_regions_get_their_class_and_the_rest_is_ignored(self):
        entry = {"width": 200, "height": 100, "regions": [
            {"id": "hull", "class": "Clean Structure", "polygon": [[0, 0], [199, 0], [199, 59], [0, 59]]},
            {"id": "dock", "class": "Background", "polygon": [[0, 80], [199, 80], [199, 99], [0, 99]]}]}
        mask = rasterise(entry)
        self.assertEqual(mask.shape, (100, 200))
        self.assertEqual((mask[10, 100], mask[90, 100], mask[70, 100]), (1, 0, IGNORE))
        half = rasterise(entry, 0.5)
        self.assertEqual(half.shape, (50, 100))
        self.assertEqual((half[5, 50], half[45, 50], half[35, 50]), (1, 0, IGNORE))


class IgnoredPixelsInTheLoss(unittest.TestCase):
    def test_ignored_pixels_change_neither_loss(self):
        """The losses on a labelled half equal the losses on the whole with the other half IGNORE,
        whatever the ignored half predicts."""
        torch.manual_seed(0)
        logits = torch.randn(1, 6, 8, 8)
        target = torch.randint(0, 6, (1, 8, 8))
        ignored = target.clone()
        ignored[..., 4:] = IGNORE
        other = logits.clone()
        other[..., 4:] = torch.randn(1, 6, 8, 4) * 5     # the ignored half predicts something else
        half_logits, half_target = logits[..., :4], target[..., :4]
        for lg in (logits, other):
            self.assertAlmostEqual(F.cross_entropy(lg, ignored, ignore_index=IGNORE).item(),
                                   F.cross_entropy(half_logits, half_target).item(), places=5)
            self.assertAlmostEqual(dice_loss(lg, ignored, 6, IGNORE).item(),
                                   dice_loss(half_logits, half_target, 6).item(), places=5)

    def test_without_ignored_pixels_dice_is_unchanged(self):
        torch.manual_seed(1)
        logits, target = torch.randn(2, 5, 6, 6), torch.randint(0, 5, (2, 6, 6))
        probs = logits.softmax(1)
        onehot = F.one_hot(target, 5).permute(0, 3, 1, 2).float()
        present = onehot.sum((0, 2, 3)) > 0
        dice = (2 * (probs * onehot).sum((0, 2, 3)) + 1) / (probs.sum((0, 2, 3)) + onehot.sum((0, 2, 3)) + 1)
        self.assertAlmostEqual(dice_loss(logits, target, 5).item(), (1 - dice[present]).mean().item(), places=6)


if __name__ == "__main__":
    unittest.main()
