"""The MobileNetV2 weights converted from nsfwjs reproduce the package's own outputs in tfjs.

Needs the package fetched and dumped (`python -m pretrained`, which runs npm and node); skipped
with that hint otherwise. The reference numbers in fixtures/mobilenet_v2_reference.json come from
`pretrained_reference.mjs` (nsfwjs 4.4.0 in @tensorflow/tfjs 4.22.0, cpu backend) on
fixtures/mobilenet_v2_input.png (a 224 x 224 generator image, seed 2000007).
"""
import json
import unittest
from pathlib import Path

import cv2
import numpy as np
import torch

import pretrained

FIXTURES = Path(__file__).resolve().parent / "fixtures"
# float32 in two libraries (tfjs' JS kernels and torch's) through 52 conv layers: differences of
# ~1e-7..1e-6 relative are rounding (measured: 1e-6); a wrong padding, epsilon or layout gives differences of 1e-1..1e1.
PROB_ATOL = 1e-6
FEATURE_RTOL = 1e-5       # relative to the largest magnitude of the compared tensor


def max_rel(a, b):
    a, b = np.asarray(a, np.float64), np.asarray(b, np.float64)
    return float(np.abs(a - b).max() / np.abs(b).max())


@unittest.skipUnless(pretrained.DUMP.exists(), "run `python -m pretrained` first (fetches nsfwjs with npm)")
class ConvertedMobileNetV2(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        torch.set_num_threads(2)
        cls.ref = json.loads((FIXTURES / "mobilenet_v2_reference.json").read_text())
        cls.model = pretrained.convert(json.loads(pretrained.DUMP.read_text())).eval()
        rgb = cv2.imread(str(FIXTURES / "mobilenet_v2_input.png"), cv2.IMREAD_COLOR)[..., ::-1]
        cls.x = torch.from_numpy(rgb.copy()).permute(2, 0, 1)[None].float()

    def run_model(self, x):
        feats = {}
        with torch.no_grad():
            backbone = self.model.backbone
            feats["block_10"] = None
            y = torch.nn.functional.relu6(backbone.bn_Conv1(backbone.Conv1(torch.nn.functional.pad(x, (0, 1, 0, 1)))))
            for name, block in backbone.blocks.items():
                y = block(y)
                if name == "block_10":
                    feats["block_10"] = y
            out_relu = torch.nn.functional.relu6(backbone.Conv_1_bn(backbone.Conv_1(y)))
            feats["out_relu_mean"] = out_relu.mean((2, 3))[0]
            feats["probs"] = self.model.head(out_relu)[0]
            assert torch.allclose(feats["probs"], self.model(x)[0])
        return feats

    def test_package_preprocessing_probabilities(self):
        """nsfwjs' own infer(): x / 255, the 5 class probabilities."""
        probs = self.run_model(self.x / 255.0)["probs"].numpy()
        ref = np.array(self.ref["package_infer_probs"])
        diff = float(np.abs(probs - ref).max())
        print(f"\npackage preprocessing: max |p - p_ref| = {diff:.2e} (probs {np.round(ref, 4).tolist()})")
        self.assertLess(diff, PROB_ATOL)
        self.assertEqual(int(probs.argmax()), int(ref.argmax()))

    def test_keras_preprocessing_features(self):
        """Keras' preprocess_input (x / 127.5 - 1, what our encoder uses): probabilities, pooled
        out_relu (1280) and block_10_project_BN (the last ImageNet layer) at 9 positions x 96 channels."""
        ref = self.ref["keras_preprocess"]
        feats = self.run_model(self.x / 127.5 - 1)
        p_diff = float(np.abs(feats["probs"].numpy() - np.array(ref["probs"])).max())
        pooled = max_rel(feats["out_relu_mean"].numpy(), ref["out_relu_mean"])
        b10 = feats["block_10"][0].permute(1, 2, 0).numpy()           # NCHW -> HWC as Keras
        self.assertEqual(list(b10.shape), ref["block_10_project_BN"]["shape"][1:])
        ours = [b10[y, x] for y, x in ref["block_10_project_BN"]["positions"]]
        block = max_rel(ours, ref["block_10_project_BN"]["values"])
        print(f"\nkeras preprocessing: max |p - p_ref| = {p_diff:.2e}; out_relu mean max rel diff {pooled:.2e}; "
              f"block_10_project_BN max rel diff {block:.2e}")
        self.assertLess(p_diff, PROB_ATOL)
        self.assertLess(pooled, FEATURE_RTOL)
        self.assertLess(block, FEATURE_RTOL)

    def test_symmetric_padding_would_fail(self):
        """The test can tell: torch's symmetric padding instead of Keras' (0, 1) is far outside the tolerance."""
        ref = self.ref["keras_preprocess"]
        backbone = self.model.backbone
        with torch.no_grad():
            y = torch.nn.functional.relu6(backbone.bn_Conv1(backbone.Conv1(torch.nn.functional.pad(self.x / 127.5 - 1, (1, 0, 1, 0)))))
            for block in backbone.blocks.values():
                y = block(y)
            out_relu = torch.nn.functional.relu6(backbone.Conv_1_bn(backbone.Conv_1(y)))
        wrong = max_rel(out_relu.mean((2, 3))[0].numpy(), ref["out_relu_mean"])
        print(f"\nsymmetric padding: out_relu mean max rel diff {wrong:.2e}")
        self.assertGreater(wrong, 100 * FEATURE_RTOL)


if __name__ == "__main__":
    unittest.main()
