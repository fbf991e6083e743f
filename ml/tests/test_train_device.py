"""train_device.py (the accelerator trainer): its schedule, data stream, variants and snapshot files.
No GPU and no pretrained weights needed: variants start from a snapshot bundle built here."""
import itertools
import tempfile
import unittest
from pathlib import Path

import numpy as np
import torch

from augment import augment_sample, sim2real_batch
from hullsynth.classes import EVO_TO_BASE
from mobile_unet import MobileUNet
from real_train import IGNORE
from hullsynth.drydock import generate_dry_dock
from hullsynth.propeller import generate_propeller
from hullsynth.scene import generate
from train_device import AugmentedStream, Variant, _generate_one, evaluate, lr_factors, main, normaliser


class Schedule(unittest.TestCase):
    def test_warm_up_then_cosine_to_zero(self):
        self.assertLess(lr_factors(0.0, 0.05)[0], 0.1)
        self.assertAlmostEqual(lr_factors(0.03, 0.05)[0], 1.0, places=2)
        self.assertLess(lr_factors(0.5, 0.05)[0], lr_factors(0.3, 0.05)[0])
        self.assertAlmostEqual(lr_factors(1.0, 0.05)[0], 0.0, places=6)

    def test_encoder_waits_for_the_frozen_share_then_ramps(self):
        self.assertEqual(lr_factors(0.049, 0.05)[1], 0.0)
        self.assertGreater(lr_factors(0.06, 0.05)[1], 0.0)
        self.assertLess(lr_factors(0.06, 0.05)[1], lr_factors(0.12, 0.05)[1])
        self.assertGreater(lr_factors(0.01, 0.0)[1], 0.0)    # a continuation trains the encoder from the start


class Stream(unittest.TestCase):
    def setUp(self):
        rng = np.random.default_rng(0)
        self.images = torch.from_numpy(rng.integers(0, 256, (3, 64, 64, 3), dtype=np.uint8))
        self.masks = torch.from_numpy(rng.integers(0, 6, (3, 64, 64), dtype=np.uint8))

    def test_crops_have_the_crop_size_and_evo_labels(self):
        stream = AugmentedStream(self.images, self.masks, 32, 0.8, 2.5, 0.25, seed=1)
        for img, lab in itertools.islice(iter(stream), 6):
            self.assertEqual((tuple(img.shape), img.dtype), ((32, 32, 3), torch.uint8))
            self.assertEqual(tuple(lab.shape), (32, 32))
            self.assertTrue(set(lab.unique().tolist()) <= set(range(6)))

    def test_real_share_mixes_in_real_crops_with_their_unlabelled_pixels_kept(self):
        """Real photos have their own size and unlabelled pixels (IGNORE): crops from them keep IGNORE
        (not a class), and about `real_share` of the crops come from them."""
        real_mask = np.full((48, 80), IGNORE, np.uint8)
        real_mask[:, :40] = 1                        # half labelled Clean Structure, half unlabelled
        real = [(np.full((48, 80, 3), 200, np.uint8), real_mask)]
        stream = AugmentedStream(self.images, self.masks, 32, 0.8, 2.5, 0.25, seed=2, real=real, real_share=0.5)
        from_real = 0
        for _img, lab in itertools.islice(iter(stream), 200):
            values = set(lab.unique().tolist())
            if IGNORE in values or values == {1}:
                from_real += 1
                self.assertTrue(values <= {1, IGNORE})
        self.assertTrue(70 <= from_real <= 130, from_real)
        plain = AugmentedStream(self.images, self.masks, 32, 1.0, 1.0, 0.25, seed=2, real=(), real_share=0.5)
        for _img, lab in itertools.islice(iter(plain), 20):
            self.assertTrue(set(lab.unique().tolist()) <= set(range(6)))

    def test_real_crops_get_photometric_changes_at_real_strength(self):
        real = [(np.full((48, 80, 3), 200, np.uint8), np.ones((48, 80), np.uint8))]

        def real_crops(strength):
            stream = AugmentedStream(self.images, self.masks, 32, 0.8, 2.5, 0.0, seed=4, real=real, real_share=1.0,
                                     real_strength=strength)
            return [img for img, _lab in itertools.islice(iter(stream), 12)]

        self.assertTrue(all(bool((img == 200).all()) for img in real_crops(0.0)))
        self.assertTrue(any(not bool((img == 200).all()) for img in real_crops(1.0)))

    def test_read_in_the_trainer_it_leaves_the_trainers_threads(self):
        # With --loader-workers 0 the stream runs in the training process: it once set that to one thread.
        threads = torch.get_num_threads()
        try:
            torch.set_num_threads(2)
            next(iter(AugmentedStream(self.images, self.masks, 32, 0.8, 2.5, 0.25, seed=1)))
            self.assertEqual(torch.get_num_threads(), 2)
        finally:
            torch.set_num_threads(threads)

    def test_same_seed_same_stream(self):
        a = [x for pair in itertools.islice(iter(AugmentedStream(self.images, self.masks, 32, 0.8, 2.5, 0.25, 7)), 4)
             for x in pair]
        b = [x for pair in itertools.islice(iter(AugmentedStream(self.images, self.masks, 32, 0.8, 2.5, 0.25, 7)), 4)
             for x in pair]
        self.assertTrue(all(torch.equal(x, y) for x, y in zip(a, b)))

    def test_batch_is_the_per_sample_augmentation_in_order(self):
        """sim2real_batch (train.py) and the stream share augment_sample: same draws, same crops."""
        g1, g2 = torch.Generator().manual_seed(3), torch.Generator().manual_seed(3)
        xb, yb = sim2real_batch(g1, self.images, self.masks, 2, 32)
        idx = torch.randint(0, 3, (2,), generator=g2).tolist()
        for k, i in enumerate(idx):
            img, lab = augment_sample(g2, self.images[i], self.masks[i], 32)
            self.assertTrue(torch.equal(img, xb[k]) and torch.equal(lab, yb[k]))


class Variants(unittest.TestCase):
    def test_base_variant_folds_labels_and_class_frequencies(self):
        evo_freq = torch.tensor([10.0, 20, 3, 5, 7, 9])
        bundle = {"base-u0-m1": {"state_dict": MobileUNet(5).state_dict()}}
        v = Variant("base,0,1", evo_freq, torch.device("cpu"), init=bundle)
        self.assertEqual((v.name, v.num_classes, v.unfreeze_from, v.encoder_lr_mult), ("base-u0-m1", 5, 0, 1.0))
        evo = torch.arange(6)
        self.assertEqual(v.labels(evo).tolist(), EVO_TO_BASE.tolist())
        self.assertEqual(v.labels(torch.tensor([IGNORE, 3])).tolist(), [IGNORE, 3])   # unlabelled stays unlabelled
        self.assertEqual(len(v.weights), 5)

    def test_base_from_evo_starts_from_evos_predictions_in_base_classes(self):
        torch.manual_seed(3)
        evo_model = MobileUNet(6)
        for p in evo_model.parameters():   # a fresh fine_head is zero: give every layer weights
            torch.nn.init.normal_(p, std=0.05)
        # Merged Evo classes agree where the head's rows are equal: then folding must be exact.
        with torch.no_grad():
            evo_model.head.weight[3] = evo_model.head.weight[4]
            evo_model.head.bias[3] = evo_model.head.bias[4]
            evo_model.fine_head.weight[3] = evo_model.fine_head.weight[4]
            evo_model.fine_head.bias[3] = evo_model.fine_head.bias[4]
        bundle = {"evo-u0-m1": {"state_dict": evo_model.state_dict()},
                  "base-u0-m1": {"state_dict": MobileUNet(5).state_dict()}}
        base = Variant("base,0,1", torch.ones(6), torch.device("cpu"), init=bundle, base_from_evo=True)
        evo_model.eval(), base.model.eval()
        x = torch.randn(1, 3, 64, 64)
        with torch.no_grad():
            evo_logits, base_logits = evo_model(x), base.model(x)
        lut = torch.as_tensor(EVO_TO_BASE, dtype=torch.long)
        self.assertTrue(torch.allclose(base_logits, evo_logits[:, [0, 1, 2, 3, 5]], atol=1e-5))
        self.assertEqual(lut[evo_logits.argmax(1)].tolist(), base_logits.argmax(1).tolist())

    def test_snapshot_variant_extracts_to_a_train_checkpoint(self):
        evo = Variant("evo,4,0.1", torch.ones(6), torch.device("cpu"),
                      init={"evo-u4-m0.1": {"state_dict": MobileUNet(6).state_dict()}})
        with tempfile.TemporaryDirectory() as d:
            snap, out = Path(d) / "snapshot_100.pt", Path(d) / "evo.pt"
            torch.save({evo.name: evo.checkpoint(12, {"lr": 1e-3})}, snap)
            main(["--extract", str(snap), "--variant", "evo-u4-m0.1", "--out", str(out)])
            ckpt = torch.load(out, map_location="cpu")
            self.assertEqual((ckpt["model_id"], ckpt["arch"], ckpt["step"]), ("evo", "mobile-unet", 12))
            MobileUNet(6).load_state_dict(ckpt["state_dict"])
            with self.assertRaises(SystemExit):
                main(["--extract", str(snap), "--variant", "base-u0-m1", "--out", str(out)])


class SceneMix(unittest.TestCase):
    def test_each_seed_draws_its_scene_kind_by_the_shares(self):
        kinds = {"dry": generate_dry_dock, "propeller": generate_propeller,
                 "turf": lambda seed, size: generate(seed, size, turf=True), "hull": generate}
        seen = set()
        for seed in range(40):
            draw = np.random.default_rng([seed, 7]).random()
            kind = "dry" if draw < 0.25 else "propeller" if draw < 0.5 else "turf" if draw < 0.75 else "hull"
            seen.add(kind)
            img, label = _generate_one((seed, (48, 48), 0.25, 0.25, 0.25))
            want_img, want_label = kinds[kind](seed, (48, 48))
            np.testing.assert_array_equal(img, want_img, err_msg=f"seed {seed} ({kind})")
            np.testing.assert_array_equal(label, want_label)
        self.assertEqual(seen, set(kinds))
        np.testing.assert_array_equal(_generate_one((4, (48, 48), 0.0, 0.0, 0.0))[0], generate(4, (48, 48))[0])


class FixedBatchNorm(unittest.TestCase):
    def test_training_leaves_running_statistics_alone(self):
        evo = Variant("evo,0,1", torch.ones(6), torch.device("cpu"),
                      init={"evo-u0-m1": {"state_dict": MobileUNet(6).state_dict()}}, fixed_batchnorm_statistics=True)
        before = {k: v.clone() for k, v in evo.model.state_dict().items() if "running_mean" in k}
        evo.set_frozen(False)
        self.assertTrue(any(p.requires_grad for p in evo.model.encoder.parameters()))
        evo.model(torch.randn(2, 3, 64, 64) * 3 + 1)
        after = evo.model.state_dict()
        self.assertTrue(all(torch.equal(before[k], after[k]) for k in before))
        # A held-out evaluation in between puts the model back in the same modes.
        rng = np.random.default_rng(0)
        evaluate(evo, rng.integers(0, 256, (2, 64, 64, 3), dtype=np.uint8), rng.integers(0, 6, (2, 64, 64), dtype=np.uint8),
                 torch.device("cpu"), normaliser(torch.device("cpu")))
        evo.model(torch.randn(2, 3, 64, 64) * 3 + 1)
        self.assertTrue(all(torch.equal(before[k], evo.model.state_dict()[k]) for k in before))
        evo.model.train()   # the control: in plain training mode the same kind of batch moves them
        evo.model(torch.randn(2, 3, 64, 64) * 3 + 1)
        self.assertFalse(all(torch.equal(before[k], evo.model.state_dict()[k]) for k in before))


if __name__ == "__main__":
    unittest.main()
