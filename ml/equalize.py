"""Equalises the channels of the linear feature maps (MobileNetV2's residual streams) before INT8
quantisation, exactly in float.

    python -m equalize --model-dir ../models/evo --out runs/eq/evo --calib data/calib --real-train real-train/drydock.json

A linear bottleneck (an inverted-residual block's projection, with no ReLU6 after it) and the
residual Adds that sum such maps form a stream whose channels range differently (in Evo 2.5.0 the
widest channel of a stream reaches up to about 4 times the narrowest's largest value). Quantised per
tensor, the narrow channels get a fraction of the 256 uint8 levels, and the 1x1 expansion that
reads them multiplies their rounding error by large weights. Every producer of a stream (its
projection convolutions) multiplies output channel c by s_c, weight and bias; every convolution
that reads the stream (the next blocks' expansions, the decoder's depthwise convolutions of the
skip) divides its weights for input channel c by s_c. The Adds only sum, so the
model's output is unchanged in float, while channel c's range grows by s_c. With a_c the largest
|value| of channel c over the calibration images and A the largest a_c, s_c = (A / a_c) ** alpha:
alpha 0 changes nothing; alpha 1 gives every channel the range A, but makes the reading
convolutions' weights for the narrow channels coarse on their per-output-channel grids; between the
two, both errors share the difference. Writes `<out>/model.onnx` (the fp32 graph, before
`quantize.prepare`) and its manifest.
"""
import argparse
import json
import shutil
import tempfile
from pathlib import Path

import numpy as np
import onnx
import onnxruntime as ort
from onnx import numpy_helper

import quantize
from qdq_torch import write_back


def _conv_group(node):
    return next((a.i for a in node.attribute if a.name == "group"), 1)


def linear_streams(model):
    """The linear streams of a prepared model: [(tensor names, producer Convs, reader Convs)], each
    tensor the output of a Conv with no activation or an Add of such tensors; only streams whose
    producers and readers are all Convs with initializer weights (plain or depthwise)."""
    graph = model.graph
    producer = {o: n for n in graph.node for o in n.output}
    readers = {}
    for n in graph.node:
        for i in n.input:
            readers.setdefault(i, []).append(n)
    inits = {t.name for t in graph.initializer}
    parent = {}

    def find(t):
        while parent.setdefault(t, t) != t:
            t = parent[t]
        return t

    for n in graph.node:
        if n.op_type == "Add":
            for i in n.input:
                parent[find(i)] = find(n.output[0])
    for n in graph.node:  # projections that start a stream with no Add (e.g. the encoder's last block)
        if n.op_type == "Conv" and all(r.op_type == "Conv" for r in readers.get(n.output[0], [])):
            find(n.output[0])
    groups = {}
    for t in parent:
        groups.setdefault(find(t), []).append(t)
    streams = []
    for tensors in groups.values():
        adds = [producer[t] for t in tensors if t in producer and producer[t].op_type == "Add"]
        producers = [producer.get(t) for t in tensors if producer.get(t) not in adds]
        outside = [r for t in tensors for r in readers.get(t, []) if r not in adds]
        if not producers or any(p is None or p.op_type != "Conv" or p.input[1] not in inits for p in producers):
            continue
        if not outside or any(r.op_type != "Conv" or r.input[1] not in inits for r in outside):
            continue
        streams.append((sorted(tensors), producers, outside))
    return streams


def channel_absmax(model, names, feeds):
    """Per channel, the largest |value| of each tensor of `names` over `feeds`."""
    probe = onnx.ModelProto()
    probe.CopyFrom(model)
    del probe.graph.output[:]
    for name in names:
        probe.graph.output.append(onnx.helper.make_empty_tensor_value_info(name))
    options = ort.SessionOptions()
    options.log_severity_level = 3
    sess = ort.InferenceSession(probe.SerializeToString(), options, providers=["CPUExecutionProvider"])
    out = None
    for feed in feeds:
        values = [np.abs(v).max(axis=(0, 2, 3)) for v in sess.run(list(names), feed)]
        out = values if out is None else [np.maximum(a, b) for a, b in zip(out, values)]
    return dict(zip(names, out))


def stream_scales(absmax, alpha, max_scale):
    """s_c = (A / a_c) ** alpha, at most `max_scale` (channels that are nearly always zero stay)."""
    a = np.maximum(absmax, absmax.max() / max_scale ** (1 / alpha) if alpha else 1e-12)
    return np.minimum((absmax.max() / a) ** alpha, max_scale)


def equalise(model, feeds, alpha=0.5, max_scale=8.0):
    """Rescales the linear streams of the prepared `model` (in place); answers
    {stream's first tensor: the scales}."""
    weights = {t.name: t for t in model.graph.initializer}
    streams = linear_streams(model)
    absmax = channel_absmax(model, [t for s in streams for t in s[0]], feeds)
    applied = {}
    for tensors, producers, readers in streams:
        scale = stream_scales(np.max([absmax[t] for t in tensors], axis=0), alpha, max_scale)
        for conv in producers:
            w = numpy_helper.to_array(weights[conv.input[1]])
            _replace(weights[conv.input[1]], w * scale.reshape(-1, 1, 1, 1))
            if len(conv.input) > 2 and conv.input[2]:
                _replace(weights[conv.input[2]], numpy_helper.to_array(weights[conv.input[2]]) * scale)
        for conv in readers:
            w = numpy_helper.to_array(weights[conv.input[1]])
            if _conv_group(conv) == 1:
                _replace(weights[conv.input[1]], w / scale.reshape(1, -1, 1, 1))
            elif _conv_group(conv) == w.shape[0] == scale.size and w.shape[1] == 1:
                _replace(weights[conv.input[1]], w / scale.reshape(-1, 1, 1, 1))
            else:
                raise ValueError(f"{conv.name}: a grouped convolution reads a stream")
        applied[tensors[0]] = scale
    return applied


def _replace(init, value):
    init.CopyFrom(numpy_helper.from_array(value.astype(np.float32), init.name))


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--model-dir", required=True, help="the fp32 model folder")
    p.add_argument("--out", required=True, help="folder for the equalised fp32 model.onnx and manifest.json")
    p.add_argument("--calib", help="generated calibration set")
    p.add_argument("--real-train", help="real training photos' label file")
    p.add_argument("--images", type=int, default=48, help="calibration images to measure the ranges on")
    p.add_argument("--alpha", type=float, default=0.5)
    p.add_argument("--max-scale", type=float, default=8.0)
    a = p.parse_args(argv)
    src = Path(a.model_dir)
    manifest = json.loads((src / "manifest.json").read_text())
    images = quantize.spread(quantize.calibration_images(a.calib, a.real_train), a.images)
    feeds = [{"input": quantize.normalised(i, manifest)} for i in images]
    with tempfile.TemporaryDirectory() as tmp:
        prepared_path = Path(tmp) / "prepared.onnx"
        quantize.prepare(src / "model.onnx", prepared_path, manifest["input"]["stride"])
        prepared = onnx.load(str(prepared_path))
    applied = equalise(prepared, feeds, a.alpha, a.max_scale)
    model = onnx.load(str(src / "model.onnx"))
    write_back(model, {t.name: numpy_helper.to_array(t) for t in prepared.graph.initializer
                       if t.data_type == onnx.TensorProto.FLOAT and len(t.dims) > 0})
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    onnx.save(model, str(out / "model.onnx"))
    shutil.copy(src / "manifest.json", out / "manifest.json")
    print(json.dumps({"out": str(out / "model.onnx"), "streams": len(applied),
                      "largest_scale": {k: round(float(v.max()), 2) for k, v in applied.items()}}))


if __name__ == "__main__":
    main()
