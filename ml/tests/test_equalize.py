"""equalize.py: rescaling the residual streams leaves the bundled model's logits unchanged and widens
the narrow channels of each stream as asked."""
import tempfile
import unittest
from pathlib import Path

import numpy as np
import onnx
import onnxruntime as ort

from equalize import channel_absmax, equalise, linear_streams, stream_scales
from quantize import prepare

MODEL_DIR = Path(__file__).resolve().parents[2] / "models" / "evo"


def run(model, x):
    sess = ort.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"])
    return sess.run(["logits"], {"input": x})[0]


class Equalise(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        with tempfile.TemporaryDirectory() as tmp:
            prepare(MODEL_DIR / "model.onnx", Path(tmp) / "prepared.onnx", 32)
            cls.prepared = onnx.load(str(Path(tmp) / "prepared.onnx"))
        rng = np.random.default_rng(0)
        cls.feeds = [{"input": rng.uniform(-1, 1, (1, 3, 96, 128)).astype(np.float32)} for _ in range(3)]

    def copy(self):
        model = onnx.ModelProto()
        model.CopyFrom(self.prepared)
        return model

    def test_streams_are_the_encoder_stages_behind_the_stem(self):
        streams = linear_streams(self.prepared)
        firsts = sorted(tensors[0] for tensors, _, _ in streams)
        self.assertEqual(firsts, [f"/block_{b}/project/Conv_output_0" for b in (1, 10, 13, 3, 6)])
        readers = {r.name for _, _, rs in streams for r in rs}
        # The decoder's depthwise convolutions of the stride-16 and stride-8 skips read two of them.
        self.assertIn("/dec.0/dw/dw.0/Conv/hullscope_split_1/Conv", readers)
        self.assertIn("/dec.1/dw/dw.0/Conv/hullscope_split_1/Conv", readers)

    def test_logits_unchanged_and_narrow_channels_widened(self):
        model = self.copy()
        x = self.feeds[0]["input"]
        (tensors,) = [t for t, _, _ in linear_streams(model) if "/block_12/Add_output_0" in t]

        def stream_absmax():
            return np.max(list(channel_absmax(model, tensors, self.feeds).values()), axis=0)

        before = stream_absmax()
        scales = equalise(model, self.feeds, alpha=1.0, max_scale=8.0)
        self.assertEqual(len(scales), 5)
        np.testing.assert_allclose(run(model, x), run(self.prepared, x), atol=1e-3)
        after = stream_absmax()
        # alpha 1: every channel reaches the stream's widest range, or 8 times its own.
        np.testing.assert_allclose(after, np.minimum(before.max(), 8 * before), rtol=1e-3)
        self.assertGreater(after.min() / after.max(), 2 * before.min() / before.max())

    def test_scales_between_none_and_full(self):
        absmax = np.array([4.0, 1.0, 0.25, 0.0])
        np.testing.assert_allclose(stream_scales(absmax, 0.0, 8.0), np.ones(4))
        np.testing.assert_allclose(stream_scales(absmax, 0.5, 8.0), [1.0, 2.0, 4.0, 8.0])
        np.testing.assert_allclose(stream_scales(absmax, 1.0, 8.0), [1.0, 4.0, 8.0, 8.0])


if __name__ == "__main__":
    unittest.main()
