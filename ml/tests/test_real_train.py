"""real_train.py: the labelled real training photos, their held-out rule, masks and the loss's ignore."""
import copy
import hashlib
import json
import tempfile
import unittest
from pathlib import Path

import numpy as np
import torch
import torch.nn.functional as F

import real_train
from real_train import IGNORE, held_out_conflicts, rasterise
from train import dice_loss, segmentation_loss


class LabelFile(unittest.TestCase):
    def test_the_shipped_labels_load_and_keep_apart_from_every_evaluation_photo(self):
        doc = real_train.load()
        train_files = {i["file"] for i in doc["images"]}
        for path in real_train.EVAL_DIR.glob("*.json"):
            self.assertFalse(train_files & {i["file"] for i in json.loads(path.read_text())["images"]}, path.name)
        self.assertGreaterEqual(len(train_files), 20)

    def test_an_evaluation_photo_or_its_neighbour_frame_is_refused_however_it_is_named(self):
        evaluation = {"colorImage1020.jpg", "propeller3.jpg", "ruli2.jpg"}
        self.assertEqual(held_out_conflicts(
            ["colorImage1020.jpg", "colorImage1022.jpg", "colorImage1023.jpg", "propeller5.jpg", "propeller6.jpg",
             "ruli4.jpg", "propeller (3).jpg", "RULI (2).JPG", "ColorImage_1019.png", "colorimage-1021.jpg",
             "propeller.jpg"], evaluation, 2),
            ["colorImage1020.jpg", "colorImage1022.jpg", "propeller5.jpg", "ruli4.jpg", "propeller (3).jpg",
             "RULI (2).JPG", "ColorImage_1019.png", "colorimage-1021.jpg"])

    def _write(self, d, mutate, eval_photo=None):
        """The shipped label file, changed by `mutate`, beside an evaluation folder holding the shipped
        evaluation files and, with `eval_photo`, a file naming that photo (its bytes in the folder)."""
        doc = json.loads(real_train.DEFAULT_LABELS.read_text())
        mutate(doc)
        eval_dir = Path(d) / "real-eval"
        eval_dir.mkdir()
        for src in real_train.EVAL_DIR.glob("*.json"):
            (eval_dir / src.name).write_text(json.dumps(json.loads(src.read_text()) | {"images_dir": "none"}))
        if eval_photo:
            name, data = eval_photo
            (eval_dir / name).write_bytes(data)
            (eval_dir / "extra.json").write_text(json.dumps({"images_dir": ".", "images": [{"file": name}]}))
        path = Path(d) / "labels.json"
        path.write_text(json.dumps(doc))
        return path, eval_dir

    def test_a_bad_label_file_is_refused_with_the_reason(self):
        cases = {
            "unknown class": lambda doc: doc["images"][0]["regions"][0].update({"class": "Rust"}),
            "outside": lambda doc: doc["images"][0]["regions"][0]["polygon"].append([1921, 5]),
            "used twice": lambda doc: doc["images"][1]["regions"].append(copy.deepcopy(doc["images"][0]["regions"][0])),
            "listed twice": lambda doc: doc["images"].append(copy.deepcopy(doc["images"][0])),
            "neighbour_frames is 1": lambda doc: doc["held_out"].update({"neighbour_frames": 1}),
            "evaluation set": lambda doc: doc["images"][0].update({"file": "colorImage1041.jpg"}),
        }
        for words, mutate in cases.items():
            with self.subTest(words), tempfile.TemporaryDirectory() as d:
                with self.assertRaisesRegex(ValueError, words):
                    real_train.load(*self._write(d, mutate))

    def test_an_evaluation_photo_under_another_name_is_refused_by_its_content(self):
        photo = b"the bytes of an evaluation photo"
        digest = hashlib.sha256(photo).hexdigest()
        with tempfile.TemporaryDirectory() as d:
            real_train.load(*self._write(d, lambda doc: None, ("elsewhere.jpg", photo)))   # no clash: loads
        with tempfile.TemporaryDirectory() as d:
            renamed = lambda doc: doc["images"][3].update({"sha256": digest})
            with self.assertRaisesRegex(ValueError, "colorImage1005.jpg belong to the evaluation set"):
                real_train.load(*self._write(d, renamed, ("elsewhere.jpg", photo)))

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
        whatever the ignored half predicts; with class weights, as training uses them."""
        torch.manual_seed(0)
        logits = torch.randn(1, 6, 8, 8)
        target = torch.randint(0, 6, (1, 8, 8))
        weights = torch.tensor([0.5, 1.0, 1.5, 2.0, 0.8, 1.2])
        ignored = target.clone()
        ignored[..., 4:] = IGNORE
        other = logits.clone()
        other[..., 4:] = torch.randn(1, 6, 8, 4) * 5     # the ignored half predicts something else
        half_logits, half_target = logits[..., :4], target[..., :4]
        want = (F.cross_entropy(half_logits, half_target, weight=weights)
                + 0.5 * dice_loss(half_logits, half_target, 6)).item()
        for lg in (logits, other):
            self.assertAlmostEqual(dice_loss(lg, ignored, 6, IGNORE).item(),
                                   dice_loss(half_logits, half_target, 6).item(), places=5)
            self.assertAlmostEqual(segmentation_loss(lg, ignored, weights, 6, IGNORE).item(), want, places=5)

    def test_without_ignored_pixels_the_loss_is_weighted_cross_entropy_plus_half_dice(self):
        torch.manual_seed(1)
        logits, target = torch.randn(2, 5, 6, 6), torch.randint(0, 5, (2, 6, 6))
        probs = logits.softmax(1)
        onehot = F.one_hot(target, 5).permute(0, 3, 1, 2).float()
        present = onehot.sum((0, 2, 3)) > 0
        dice = (2 * (probs * onehot).sum((0, 2, 3)) + 1) / (probs.sum((0, 2, 3)) + onehot.sum((0, 2, 3)) + 1)
        self.assertAlmostEqual(dice_loss(logits, target, 5).item(), (1 - dice[present]).mean().item(), places=6)
        weights = torch.tensor([1.0, 2.0, 0.5, 1.0, 3.0])
        self.assertAlmostEqual(segmentation_loss(logits, target, weights, 5).item(),
                               (F.cross_entropy(logits, target, weight=weights)
                                + 0.5 * (1 - dice[present]).mean()).item(), places=5)

    def test_a_batch_with_no_labelled_pixel_gives_no_nan(self):
        """A crop can fall wholly outside a photo's regions; a batch of only such crops must not put
        NaN into the weights."""
        logits = torch.randn(2, 6, 4, 4, requires_grad=True)
        target = torch.full((2, 4, 4), IGNORE)
        loss = segmentation_loss(logits, target, torch.ones(6), 6, IGNORE)
        loss.backward()
        self.assertEqual(loss.item(), 0.0)
        self.assertTrue(torch.isfinite(logits.grad).all())


if __name__ == "__main__":
    unittest.main()
