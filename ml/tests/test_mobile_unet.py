"""The 2.x network and its training augmentation: shapes, strides, determinism (no weights needed)."""
import unittest

import numpy as np
import torch

from augment import sim2real_batch
from common import NORMALISATION, normalise
from export import manifest
from mobile_unet import MobileUNet
from mobilenet_v2 import MobileNetV2


class MobileUNetShapes(unittest.TestCase):
    def test_features_at_strides_2_to_32(self):
        torch.set_num_threads(2)
        enc = MobileNetV2(num_blocks=14).eval()
        with torch.no_grad():
            feats = enc.features(torch.zeros(1, 3, 64, 96))
        self.assertEqual([tuple(f.shape[1:]) for f in feats],
                         [(16, 32, 48), (24, 16, 24), (32, 8, 12), (96, 4, 6), (160, 2, 3)])

    def test_logits_have_the_input_size(self):
        model = MobileUNet(6).eval()
        with torch.no_grad():
            out = model(torch.zeros(1, 3, 96, 128))
        self.assertEqual(tuple(out.shape), (1, 6, 96, 128))

    def test_reinit_keeps_only_imagenet_blocks(self):
        donor = MobileNetV2(num_blocks=17).state_dict()
        missing = MobileUNet(6).load_pretrained(donor, reinit_from=11)
        self.assertTrue(missing and all(k.startswith(("blocks.block_11.", "blocks.block_12.", "blocks.block_13."))
                                        for k in missing if not k.endswith("num_batches_tracked")))

    def test_normalisation_is_keras_preprocess_input(self):
        x = np.array([[[[0, 127, 255]]]], np.uint8)
        got = normalise(x, "mobile-unet").flatten().tolist()
        np.testing.assert_allclose(got, [-1.0, 127 / 127.5 - 1, 1.0], atol=1e-6)
        m = manifest("evo", "mobile-unet", "2.0.0")
        self.assertEqual((m["input"]["mean"], m["input"]["std"], m["input"]["stride"]),
                         (*NORMALISATION["mobile-unet"], 32))
        self.assertEqual([c["label"] for c in m["classes"]], [c["label"] for c in manifest("evo")["classes"]])


class Sim2RealBatch(unittest.TestCase):
    def test_deterministic_and_labels_kept(self):
        rng = np.random.default_rng(0)
        images = torch.from_numpy(rng.integers(0, 256, (3, 96, 96, 3), dtype=np.uint8))
        masks = torch.from_numpy(rng.integers(0, 6, (3, 96, 96), dtype=np.uint8))
        a = sim2real_batch(torch.Generator().manual_seed(1), images, masks, 4, 64)
        b = sim2real_batch(torch.Generator().manual_seed(1), images, masks, 4, 64)
        self.assertTrue(torch.equal(a[0], b[0]) and torch.equal(a[1], b[1]))
        self.assertEqual(tuple(a[0].shape), (4, 64, 64, 3))
        self.assertEqual(a[0].dtype, torch.uint8)
        self.assertTrue(set(a[1].unique().tolist()) <= set(range(6)))


if __name__ == "__main__":
    unittest.main()
