"""quantize.py: the graph rewrites before quantising leave the bundled model's logits unchanged, and a
quantised model keeps its float interface and head, with each Resize on its input's parameters."""
import json
import tempfile
import unittest
from pathlib import Path

import numpy as np
import onnx
import onnxruntime as ort

from quantize import (HEAD_NODES, STEM, ArgmaxComparer, float_nodes, fold_keras_pads, method_options, normalised, prepare,
                      quantize, quantize_prepared, resize_by_scales, split_concat_depthwise)
from tests.fresh_export import fresh_export
from bias_correction import _as_read, _channel_means, correctable_convs
from quantize_sensitivity import block_exclude, blocks

MODEL_DIR = Path(__file__).resolve().parents[2] / "models" / "evo"


def run(model, x):
    data = model if isinstance(model, (str, Path)) else model.SerializeToString()
    sess = ort.InferenceSession(str(data) if isinstance(data, Path) else data, providers=["CPUExecutionProvider"])
    return sess.run(["logits"], {"input": x})[0]


class Rewrites(unittest.TestCase):
    def test_folded_pads_scaled_resizes_and_split_concats_give_the_same_logits(self):
        # A fresh export: the bundled models already carry the first two rewrites (optimize_graph.py).
        with tempfile.TemporaryDirectory() as tmp:
            exported = Path(tmp) / "export.onnx"
            fresh_export(exported)
            model, original = onnx.load(str(exported)), onnx.load(str(exported))
        self.assertEqual(fold_keras_pads(model), 5)
        self.assertEqual(resize_by_scales(model), 5)
        # The decoder's three blocks: each depthwise convolution now reads the upsampled map and the
        # skip separately; the fine head's Concat feeds a 1x1 convolution and stays.
        self.assertEqual(split_concat_depthwise(model), 3)
        ops = [n.op_type for n in model.graph.node]
        self.assertNotIn("Pad", ops)
        self.assertNotIn("Shape", ops)
        producer = {o: n for n in model.graph.node for o in n.output}
        for concat in (n for n in model.graph.node if n.op_type == "Concat" and n.name.startswith("/dec.")):
            self.assertEqual([producer[i].op_type for i in concat.input], ["Clip", "Clip"])
        x = np.random.default_rng(0).uniform(-1, 1, (1, 3, 96, 160)).astype(np.float32)
        np.testing.assert_allclose(run(model, x), run(original, x), atol=1e-4)


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
            # Nothing left unread (the removed Clips' bounds): onnxruntime warns about each at load.
            read = {name for n in graph.node for name in n.input} | {o.name for o in graph.output}
            self.assertEqual([n.name for n in graph.node if not any(o in read for o in n.output)], [])
            self.assertEqual([t.name for t in graph.initializer if t.name not in read], [])
            x = np.zeros((1, 3, 64, 96), np.float32)
            self.assertEqual(run(out, x).shape, (1, 6, 64, 96))


class Options(unittest.TestCase):
    def test_percentile_takes_its_value_from_the_name(self):
        method, options = method_options("percentile-99.99")
        self.assertEqual(method.name, "Percentile")
        self.assertEqual(options["CalibPercentile"], 99.99)
        self.assertEqual(method_options("percentile")[1]["CalibPercentile"], 99.999)
        with self.assertRaises(ValueError):
            method_options("median")

    def test_blocks_kept_float_by_top_level_name(self):
        names = ["/Conv1/Conv", "/expanded_conv/depthwise/Conv", "/block_1/expand/Conv", "/block_1/Clip",
                 "/block_10/expand/Conv", "/dec.0/0/Conv", "/head/Conv", "/Resize", "/Resize_1"]
        self.assertEqual(blocks(names, STEM), ["block_1", "block_10", "dec.0", "Resize", "Resize_1"])
        pattern = block_exclude(STEM, ["block_1", "dec.0", "Resize"])
        kept = float_nodes(names, ["/head/Conv"], pattern)
        self.assertEqual(sorted(kept), sorted(["/head/Conv", "/Conv1/Conv", "/expanded_conv/depthwise/Conv",
                                               "/block_1/expand/Conv", "/block_1/Clip", "/dec.0/0/Conv", "/Resize"]))
        self.assertEqual(block_exclude(STEM, []), STEM)


class CachedCalibration(unittest.TestCase):
    def test_cached_ranges_quantise_without_images_and_keep_chosen_blocks_float(self):
        manifest = json.loads((MODEL_DIR / "manifest.json").read_text())
        rng = np.random.default_rng(2)
        images = [rng.integers(0, 256, (64, 96, 3), dtype=np.uint8) for _ in range(2)]
        with tempfile.TemporaryDirectory() as tmp:
            tmp = Path(tmp)
            names = prepare(MODEL_DIR / "model.onnx", tmp / "prepared.onnx", manifest["input"]["stride"])
            cache = str(tmp / "ranges.json")
            quantize_prepared(tmp / "prepared.onnx", tmp / "a.onnx", images, manifest,
                              nodes_to_exclude=float_nodes(names), cache=cache)
            self.assertTrue(Path(cache).is_file())
            keep = float_nodes(names, HEAD_NODES, block_exclude(STEM, ["block_2"]))
            quantize_prepared(tmp / "prepared.onnx", tmp / "b.onnx", None, manifest, nodes_to_exclude=keep,
                              cache=cache)
            graph = onnx.load(str(tmp / "b.onnx")).graph
            convs = {n.name: n for n in graph.node if n.op_type == "Conv"}
            producer = {o: n for n in graph.node for o in n.output}
            inits = {t.name for t in graph.initializer}
            # block_2's convolutions read float weights; block_3's read dequantised int8 ones.
            self.assertTrue(all(convs[n].input[1] in inits for n in convs if n.startswith("/block_2/")))
            self.assertTrue(all(producer[convs[n].input[1]].op_type == "DequantizeLinear"
                                for n in convs if n.startswith("/block_3/")))
            image = np.random.default_rng(3).integers(0, 256, (64, 96, 3), dtype=np.uint8)
            comparer = ArgmaxComparer(MODEL_DIR / "model.onnx", manifest, [image])
            self.assertEqual(comparer.agreement(MODEL_DIR / "model.onnx"), [1.0])
            self.assertEqual(len(comparer.agreement(tmp / "b.onnx")), 1)


class BiasCorrection(unittest.TestCase):
    def test_corrected_biases_take_out_the_mean_error_of_each_convolution(self):
        manifest = json.loads((MODEL_DIR / "manifest.json").read_text())
        rng = np.random.default_rng(4)
        images = [rng.integers(0, 256, (64, 96, 3), dtype=np.uint8) for _ in range(2)]
        with tempfile.TemporaryDirectory() as tmp:
            tmp = Path(tmp)
            names = prepare(MODEL_DIR / "model.onnx", tmp / "prepared.onnx", manifest["input"]["stride"])
            keep, cache = float_nodes(names), str(tmp / "ranges.json")
            quantize_prepared(tmp / "prepared.onnx", tmp / "plain.onnx", images, manifest, nodes_to_exclude=keep,
                              cache=cache)
            quantize_prepared(tmp / "prepared.onnx", tmp / "corrected.onnx", images, manifest,
                              nodes_to_exclude=keep, cache=cache, bias_images=images)
            reference = onnx.load(str(tmp / "prepared.onnx"))
            feeds = [{"input": normalised(i, manifest)} for i in images]
            errors = []
            for path in ("plain.onnx", "corrected.onnx"):
                model = onnx.load(str(tmp / path))
                convs = correctable_convs(model)
                self.assertGreater(len(convs), 40)
                name = convs[-1][0].output[0]  # the last, where the errors of all before it add up
                (measured,) = _channel_means(model, [_as_read(model, name)], feeds)
                (target,) = _channel_means(reference, [name], feeds)
                errors.append(np.abs(measured - target).mean())
            self.assertLess(errors[1], errors[0] / 2)


if __name__ == "__main__":
    unittest.main()
