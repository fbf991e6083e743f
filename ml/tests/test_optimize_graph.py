"""optimize_graph.py: a fresh export rewritten gives the export's logits with no Pad and no shape
reads left, and a rewritten model passes through unchanged."""
import tempfile
import unittest
from pathlib import Path

import numpy as np
import onnx
import onnxruntime as ort
from optimize_graph import optimize
from tests.fresh_export import fresh_export


def logits(path, x):
    return ort.InferenceSession(str(path), providers=["CPUExecutionProvider"]).run(["logits"], {"input": x})[0]


class OptimizeGraph(unittest.TestCase):
    def test_fresh_export_rewritten_exactly(self):
        with tempfile.TemporaryDirectory() as tmp:
            exported, rewritten, again = (Path(tmp) / name for name in ("export.onnx", "rewritten.onnx", "again.onnx"))
            fresh_export(exported)
            self.assertEqual(optimize(exported, rewritten, 32), {"pads_folded": 5, "resizes_scaled": 5})
            ops = [n.op_type for n in onnx.load(str(rewritten)).graph.node]
            self.assertNotIn("Pad", ops)
            self.assertNotIn("Shape", ops)
            # Two padded shapes, one not square: the folded padding and the doublings hold for any.
            for shape in [(1, 3, 96, 160), (1, 3, 128, 64)]:
                x = np.random.default_rng(1).uniform(-1, 1, shape).astype(np.float32)
                np.testing.assert_allclose(logits(rewritten, x), logits(exported, x), atol=1e-4)
            self.assertEqual(optimize(rewritten, again, 32), {"pads_folded": 0, "resizes_scaled": 0})


if __name__ == "__main__":
    unittest.main()
