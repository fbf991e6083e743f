"""Issue 46 §3: the underwater degradations, recovering a checkpoint from a bundled ONNX model, and
the temperature folded into a network."""
import unittest
from pathlib import Path

import numpy as np
import torch

import underwater
from calibrate import fit_temperature, fold_temperature
from common import normalise
from from_onnx import checkpoint_from_onnx
from mobile_unet import MobileUNet
from train import build_model

MODEL_DIR = Path(__file__).resolve().parents[2] / "models" / "base"


def picture(seed=0, size=96):
    return torch.from_numpy(np.random.default_rng(seed).integers(0, 256, (size, size, 3), dtype=np.uint8))


class Degradations(unittest.TestCase):
    def test_same_generator_state_gives_the_same_degraded_picture(self):
        a = underwater.degrade(torch.Generator().manual_seed(5), picture())
        b = underwater.degrade(torch.Generator().manual_seed(5), picture())
        self.assertEqual(a.dtype, torch.uint8)
        self.assertEqual(tuple(a.shape), (96, 96, 3))
        self.assertTrue(torch.equal(a, b))

    def test_every_degradation_changes_the_picture(self):
        gen = torch.Generator().manual_seed(1)
        changed = [not torch.equal(underwater.degrade(gen, picture(k)), picture(k)) for k in range(20)]
        self.assertTrue(all(changed))

    def test_dark_takes_light_away_and_turbid_pulls_towards_the_water(self):
        x = picture().numpy().astype(np.float32) / 255
        dark = underwater.dark(torch.Generator().manual_seed(0), x)
        self.assertLess(dark.mean(), 0.6 * x.mean())
        turbid = underwater.turbid(torch.Generator().manual_seed(0), x)
        self.assertLess(np.abs(turbid - underwater.TURBID_WATER).mean(), np.abs(x - underwater.TURBID_WATER).mean())


class FromOnnx(unittest.TestCase):
    def test_recovered_checkpoint_reads_as_the_bundled_model(self):
        # checkpoint_from_onnx itself checks the logits against onnxruntime (within 1e-3).
        ckpt, figures = checkpoint_from_onnx(MODEL_DIR)
        self.assertEqual(ckpt["model_id"], "base")
        self.assertLess(figures["max_abs_diff"], 1e-3)
        model = build_model("mobile-unet", 5, False, {})
        model.load_state_dict(ckpt["state_dict"])


class Temperature(unittest.TestCase):
    def test_folded_temperature_divides_the_logits_and_keeps_the_classes(self):
        torch.manual_seed(0)
        model = MobileUNet(5).eval()
        for module in (model.fine_head, model.head):
            torch.nn.init.normal_(module.weight, std=0.3)
        x = normalise(picture(2, 64)[None].numpy(), "mobile-unet")
        with torch.no_grad():
            before = model(x)
            fold_temperature(model, 1.7)
            after = model(x)
        torch.testing.assert_close(after, before / 1.7, atol=1e-5, rtol=1e-4)
        self.assertTrue(torch.equal(after.argmax(1), before.argmax(1)))

    def test_fitted_temperature_undoes_overconfidence(self):
        gen = torch.Generator().manual_seed(0)
        labels = torch.randint(0, 4, (2, 32, 32), generator=gen)
        # Logits that say the right class 70 % of the time, with a margin of 2 (calibrated at T = 1),
        # scaled by 3: an over-confident network whose right temperature is about 3.
        right = torch.rand(labels.shape, generator=gen) < 0.7
        said = torch.where(right, labels, (labels + 1) % 4)
        logits = torch.nn.functional.one_hot(said, 4).permute(0, 3, 1, 2).float() * 2.0 * 3.0
        self.assertAlmostEqual(fit_temperature(logits, labels, pixels=2048), 3.0, delta=0.6)


if __name__ == "__main__":
    unittest.main()
