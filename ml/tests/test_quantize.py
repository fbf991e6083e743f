"""quantize.py: the graph rewrites before quantising leave the bundled model's logits unchanged, and a
quantised model keeps its float interface and head, with each Resize on its input's parameters."""
import json
import tempfile
import unittest
from pathlib import Path

import numpy as np
import onnx
import onnxruntime as ort

from quantize import HEAD_NODES, fold_keras_pads, quantize, resize_by_scales

MODEL_DIR = Path(__file__).resolve().parents[2] / "models" / "evo"


def run(model, x):
    data = model if isinstance(model, (str, Path)) else model.SerializeToString()
    sess = ort.InferenceSession(str(data) if isinstance(data, Path) else data, providers=["CPUExecutionProvider"])
    return sess.run(["logits"], {"input": x})[0]


class Rewrites(unittest.TestCase):
    def test_folded_pads_and_scaled_resizes_give_the_same_logits(self):
        model = onnx.load(str(MODEL_DIR / "model.onnx"))
        self.assertEqual(fold_keras_pads(model), 5)
        self.assertEqual(resize_by_scales(model), 5)
        ops = [n.op_type for n in model.graph.node]
        self.assertNotIn("Pad", ops)
        self.assertNotIn("Shape", ops)
        x = np.random.default_rng(0).uniform(-1, 1, (1, 3, 96, 160)).astype(np.float32)
        np.testing.assert_allclose(run(model, x), run(MODEL_DIR / "model.onnx", x), atol=1e-4)


class Quantise(unittest.TestCase):
    def test_quantised_model_keeps_float_interface_and_head(self):
        manifest = json.loads((MODEL_DIR / "manifest.json").read_text())
        rng = np.random.default_rng(1)
        images = [rng.integers(0, 256, (64, 96, 3), dtype=np.uint8) for _ in range(2)]
        with tempfile.TemporaryDirectory() as tmp:
            out = Path(tmp) / "model.onnx"
            quantize(MODEL_DIR / "model.onnx", out, images, manifest)
            model = onnx.load(str(out))
            graph = model.graph
            self.assertEqual([i.name for i in graph.input], ["input"])
            self.assertEqual([o.name for o in graph.output], ["logits"])
            self.assertEqual(graph.output[0].type.tensor_type.elem_type, onnx.TensorProto.FLOAT)
            nodes = {n.name: n for n in graph.node}
            producer = {o: n for n in graph.node for o in n.output}
            # The head reads and writes float: no QuantizeLinear after it, its Conv is a float Conv.
            for name in HEAD_NODES:
                self.assertIn(name, nodes)
            self.assertEqual(producer["logits"].name, "/Resize_4")
            self.assertGreater(sum(n.op_type == "QuantizeLinear" for n in graph.node), 20)
            inits = {t.name: onnx.numpy_helper.to_array(t) for t in graph.initializer}
            consumers = {}
            for n in graph.node:
                for name in n.input:
                    consumers.setdefault(name, []).append(n)
            shared = 0
            for n in graph.node:
                dq = producer.get(n.input[0]) if n.op_type == "Resize" else None
                if dq is None or dq.op_type != "DequantizeLinear":
                    continue
                (q,) = consumers[n.output[0]]
                self.assertEqual(inits[q.input[1]], inits[dq.input[1]])
                self.assertEqual(inits[q.input[2]], inits[dq.input[2]])
                shared += 1
            self.assertEqual(shared, 3)  # the decoder's three upsamplings; the head's two stay float
            x = np.zeros((1, 3, 64, 96), np.float32)
            self.assertEqual(run(out, x).shape, (1, 6, 64, 96))


if __name__ == "__main__":
    unittest.main()
