"""qdq_torch.py and qat_distill.py: the torch copy computes what the ONNX graphs compute, its fake
quantisation follows the INT8 build, fine-tuned weights go back into the fp32 graph, and the
distillation loss favours near-tie pixels."""
import json
import tempfile
import unittest
from pathlib import Path

import numpy as np
import onnx
import onnxruntime as ort
import torch

from qat_distill import distillation_loss, tie_weights
from qdq_torch import GraphModule, fake_quantise_weight, write_back
from quantize import prepare, quantize

MODEL_DIR = Path(__file__).resolve().parents[2] / "models" / "evo"


def run(model, x):
    options = ort.SessionOptions()
    options.log_severity_level = 3
    sess = ort.InferenceSession(model.SerializeToString(), options, providers=["CPUExecutionProvider"])
    return sess.run(["logits"], {"input": x})[0]


class TorchCopy(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        prepared = Path(cls.tmp.name) / "prepared.onnx"
        prepare(MODEL_DIR / "model.onnx", prepared, 32)
        cls.prepared = onnx.load(str(prepared))
        cls.x = np.random.default_rng(0).uniform(-1, 1, (1, 3, 96, 128)).astype(np.float32)

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def test_float_copy_gives_the_fp32_logits(self):
        with torch.no_grad():
            out = GraphModule(self.prepared, self.prepared)(torch.from_numpy(self.x)).numpy()
        np.testing.assert_allclose(out, run(self.prepared, self.x), atol=1e-4)

    def test_fake_quantised_copy_follows_the_int8_build(self):
        manifest = json.loads((MODEL_DIR / "manifest.json").read_text())
        rng = np.random.default_rng(1)
        images = [rng.integers(0, 256, (96, 128, 3), dtype=np.uint8) for _ in range(2)]
        out = Path(self.tmp.name) / "int8.onnx"
        quantize(MODEL_DIR / "model.onnx", out, images, manifest)
        qdq = onnx.load(str(out))
        int8 = run(qdq, self.x)
        with torch.no_grad():
            fake = GraphModule(qdq, self.prepared)(torch.from_numpy(self.x)).numpy()
        fp32 = run(self.prepared, self.x)
        # The copy carries the build's quantisation error: closer to the INT8 logits than fp32 is (not
        # equal: a rounding tie broken the other way upstream is amplified by later layers).
        self.assertLess(np.abs(fake - int8).mean(), 0.6 * np.abs(fp32 - int8).mean())

    def test_fine_tuned_weights_go_back_into_the_fp32_graph(self):
        module = GraphModule(self.prepared, self.prepared)
        with torch.no_grad():
            for p in module.parameters():
                p.mul_(1.05).add_(0.01)
            tuned = module(torch.from_numpy(self.x)).numpy()
        original = onnx.load(str(MODEL_DIR / "model.onnx"))
        before = run(original, self.x)
        self.assertGreater(write_back(original, module.float_weights()), 100)
        after = run(original, self.x)
        self.assertGreater(np.abs(after - before).max(), 0.1)
        np.testing.assert_allclose(after, tuned, atol=1e-3)


class FakeQuantisation(unittest.TestCase):
    def test_weights_on_a_per_channel_int8_grid_with_straight_through_gradient(self):
        w = torch.tensor([[0.5, -0.26, 0.1], [0.01, 0.004, -0.02]], requires_grad=True)
        q = fake_quantise_weight(w)
        for row, absmax in zip(q.detach(), (0.5, 0.02)):
            levels = row / (absmax / 127)
            np.testing.assert_allclose(levels, levels.round(), atol=1e-4)
            self.assertAlmostEqual(float(row.abs().max()), absmax, places=6)
        q.sum().backward()
        np.testing.assert_allclose(w.grad, torch.ones_like(w))


class Loss(unittest.TestCase):
    def test_zero_when_student_is_teacher_and_near_ties_weigh_more(self):
        teacher = torch.tensor([[3.0, 2.9, 0.0], [5.0, 0.0, 0.0]]).T.reshape(1, 3, 1, 2)
        self.assertAlmostEqual(float(distillation_loss(teacher.clone(), teacher)), 0.0, places=6)
        weights = tie_weights(teacher, 1.0, 4.0).flatten()
        self.assertGreater(float(weights[0]), 4.0)
        self.assertLess(float(weights[1]), 1.1)
        # The same logit error costs more on the near tie than on the clear pixel.
        tie_error, clear_error = teacher.clone(), teacher.clone()
        tie_error[0, 1, 0, 0] += 0.5
        clear_error[0, 1, 0, 1] += 0.5
        self.assertGreater(float(distillation_loss(tie_error, teacher)), float(distillation_loss(clear_error, teacher)))


if __name__ == "__main__":
    unittest.main()
