"""Statically quantise an exported model to INT8 (QDQ, per-channel weights) and check it against fp32.

    python -m quantize --model-dir ../models/evo --out runs/int8/evo \
        --calib data/calib --real-train real-train/drydock.json

The model file keeps the fp32 export's interface (float "input" normalised as its manifest says,
float "logits" [1, classes, H, W]), so the API wraps it with the same fused normalisation, argmax and
confidence branch (apps/api/src/inference/fused-model.ts), which stay float because they are added
around the file at run time. Inside it the convolutions, their activations and the decoder's
resizes and concatenations run in INT8 (uint8 activations, int8 weights per output channel); the
last layers that write the logits (HEAD_NODES) stay float, so the confidence (a softmax of the
logits) and near-tie argmaxes are not read off an 8-bit grid. Exact graph rewrites come first
(`prepare`), and `--bias-correction` corrects the biases afterwards (bias_correction.py).

Calibration: the generated scenes in `--calib` (python -m hullsynth.generate, seeds apart from the
test set's) and the real training photos of `--real-train` (python -m real_train --fetch), as
320 x 320 crops: two at the standard 800 px and one at Full HD scale per photo. Writes `<out>/model.onnx` and `<out>/manifest.json` (the fp32 manifest with "precision":
"int8") and prints a JSON check: argmax agreement with the fp32 model on a fixed image and on
`--check-images`.
"""
import argparse
import json
import re
import tempfile
from pathlib import Path

import cv2
import numpy as np
import onnx
import onnxruntime as ort
from onnxruntime.quantization import (CalibrationDataReader, CalibrationMethod, QuantFormat, QuantType,
                                      quant_pre_process, quantize_static)

from bias_correction import correct_biases
from common import pad_to_stride
from hullsynth.dataset_io import read_dataset

# The nodes that compute the logits from the decoder's last features (mobile_unet.py: the stride-4
# head, its upsampling, the stride-2 fine head, their sum and the final resize). Cheap (six output
# channels), and kept float so the logits the argmax and confidence read are not quantised.
HEAD_NODES = ["/head/Conv", "/Resize_3", "/fine_head/Conv", "/Add_1", "/Resize_4"]
# The stem (MobileNetV2's first convolution and its first inverted-residual block, at stride 2) also
# stays float: quantised, it cost Evo 0.016 of held-out mIoU without Background and 0.54 pp of
# coverage error; kept float, 0.005 and 0.14 pp (ml/README.md "INT8 models").
STEM = r"^/(Conv1|expanded_conv)/"
FULL_HD_SIDE = 1920
STANDARD_SIDE = 800
# The generated scenes' size (hullsynth.generate's default): every calibration image is cut to it.
CROP = 320
# "minmax-mean": the mean over calibration images of each image's min and max (onnxruntime's
# CalibMovingAverage), so one extreme image does not stretch a range for all the others.
METHODS = {"minmax": (CalibrationMethod.MinMax, {}),
           "minmax-mean": (CalibrationMethod.MinMax, {"CalibMovingAverage": True, "CalibMovingAverageConstant": 0.01}),
           "percentile": (CalibrationMethod.Percentile, {"CalibPercentile": 99.999, "CalibMaxIntermediateOutputs": 8}),
           "entropy": (CalibrationMethod.Entropy, {"CalibMaxIntermediateOutputs": 8})}
# The histogram methods otherwise keep every tensor of every calibration image in memory (some 20 GB
# for 168 images): CalibMaxIntermediateOutputs folds them into the histograms 8 images at a time.


def method_options(method):
    """onnxruntime's calibration method and options for a `--method` name; "percentile-P" clips each
    tensor's range at the P-th percentile of its values (e.g. percentile-99.99)."""
    if method.startswith("percentile-"):
        calibrate_method, options = METHODS["percentile"]
        return calibrate_method, {**options, "CalibPercentile": float(method.split("-", 1)[1])}
    if method not in METHODS:
        raise ValueError(f"unknown calibration method {method!r}: one of {sorted(METHODS)} or percentile-P")
    return METHODS[method]


def spread(items, count):
    """`count` of `items` evenly spread over them (generated scenes and real crops alike)."""
    if not count:
        return []
    return [items[round(i)] for i in np.linspace(0, len(items) - 1, min(count, len(items)))]


def normalised(rgb_u8, manifest):
    """(H,W,3) uint8 -> float32 [1,3,H',W'] padded to the stride, as the app feeds the model."""
    inp = manifest["input"]
    padded, _ = pad_to_stride(rgb_u8, inp["stride"])
    x = padded.transpose(2, 0, 1)[None].astype(np.float32) / 255.0
    mean = np.array(inp["mean"], np.float32).reshape(1, 3, 1, 1)
    std = np.array(inp["std"], np.float32).reshape(1, 3, 1, 1)
    return ((x - mean) / std).astype(np.float32)


def resize_long_side(rgb, side):
    h, w = rgb.shape[:2]
    scale = side / max(h, w)
    if scale >= 1:
        return rgb
    return cv2.resize(rgb, (round(w * scale), round(h * scale)), interpolation=cv2.INTER_AREA)


def calibration_images(calib_dir, real_train, limit=None):
    """The calibration images (uint8 RGB, all CROP x CROP so that the histogram methods can stack
    them): the generated scenes, then from each real photo two crops at the standard 800 px and one
    at Full HD scale."""
    images = []
    if calib_dir:
        generated, _ = read_dataset(calib_dir)
        images += [np.ascontiguousarray(g[:CROP, :CROP]) for g in generated[:limit]]
    if real_train:
        import real_train as rt
        doc = rt.load(real_train)
        for entry in doc["images"][:limit]:
            bgr = cv2.imread(str(doc["_dir"] / entry["file"]), cv2.IMREAD_COLOR)
            if bgr is None:
                raise FileNotFoundError(f"{entry['file']}: missing (python -m real_train --fetch <folder>)")
            rgb = np.ascontiguousarray(bgr[..., ::-1])
            standard = resize_long_side(rgb, STANDARD_SIDE)
            h, w = standard.shape[:2]
            y = (h - CROP) // 2
            images += [standard[y:y + CROP, w // 4 - CROP // 2:w // 4 + CROP // 2],
                       standard[y:y + CROP, 3 * w // 4 - CROP // 2:3 * w // 4 + CROP // 2]]
            full = resize_long_side(rgb, FULL_HD_SIDE)
            y, x = (full.shape[0] - CROP) // 2, (full.shape[1] - CROP) // 2
            images.append(full[y:y + CROP, x:x + CROP])
    if not images:
        raise SystemExit("no calibration images: pass --calib and/or --real-train")
    images = [np.ascontiguousarray(i) for i in images]
    assert all(i.shape == (CROP, CROP, 3) for i in images), "calibration images must be CROP x CROP"
    return images


class Reader(CalibrationDataReader):
    """Feeds the calibration images one at a time (sizes differ, so no batching)."""

    def __init__(self, images, manifest, input_name):
        self.images, self.manifest, self.input_name = images, manifest, input_name
        self.index = 0

    def get_next(self):
        if self.index >= len(self.images):
            return None
        image = self.images[self.index]
        self.index += 1
        return {self.input_name: normalised(image, self.manifest)}

    def rewind(self):
        self.index = 0


def fold_keras_pads(model):
    """Moves each explicit zero Pad in front of a Conv into that Conv's own `pads` (in place).

    MobileNetV2's Keras padding (mobilenet_v2.py keras_pad: one row and column at the bottom/right
    before every stride-2 convolution) is exported as a Pad whose amounts come from a shape
    computation, so onnxruntime cannot fold it: the Pad copies the whole feature map, and once
    quantised it also sits between a DequantizeLinear and a QuantizeLinear in float. Conv's `pads`
    does the same zero padding for free. The amounts are read by running the Pad on a small input.
    Returns the number of Pads folded."""
    graph = model.graph
    consumers = {}
    for n in graph.node:
        for name in n.input:
            consumers.setdefault(name, []).append(n)
    pads = [n for n in graph.node if n.op_type == "Pad"]
    if not pads:
        return 0
    amounts = _probe(model, [n.input[1] for n in pads], (1, 3, 64, 64))
    folded = 0
    for n, amount in zip(pads, amounts):
        mode = next((a.s for a in n.attribute if a.name == "mode"), b"constant")
        users = consumers.get(n.output[0], [])
        has_value = len(n.input) > 2 and n.input[2]
        if mode != b"constant" or has_value or len(users) != 1 or users[0].op_type != "Conv":
            continue
        amount = [int(v) for v in amount]
        if len(amount) != 8 or any(amount[i] for i in (0, 1, 4, 5)) or min(amount) < 0:
            continue  # only spatial, non-negative padding maps onto Conv's pads
        conv = users[0]
        attrs = {a.name: a for a in conv.attribute}
        if "auto_pad" in attrs and attrs["auto_pad"].s not in (b"", b"NOTSET"):
            continue
        old = list(attrs["pads"].ints) if "pads" in attrs else [0, 0, 0, 0]
        new = [old[0] + amount[2], old[1] + amount[3], old[2] + amount[6], old[3] + amount[7]]
        if "pads" in attrs:
            conv.attribute.remove(attrs["pads"])
        conv.attribute.append(onnx.helper.make_attribute("pads", new))
        conv.input[0] = n.input[0]
        graph.node.remove(n)
        folded += 1
    return folded


def _probe(model, names, shape):
    """The values of the tensors `names` for an all-zero input of `shape`."""
    probe = onnx.ModelProto()
    probe.CopyFrom(model)
    del probe.graph.output[:]
    for name in names:
        probe.graph.output.append(onnx.helper.make_empty_tensor_value_info(name))
    sess = ort.InferenceSession(probe.SerializeToString(), providers=["CPUExecutionProvider"])
    return sess.run(list(names), {model.graph.input[0].name: np.zeros(shape, np.float32)})


def _remove_dead_nodes(model):
    graph = model.graph
    while True:
        used = {name for n in graph.node for name in n.input} | {o.name for o in graph.output}
        dead = [n for n in graph.node if not any(o in used for o in n.output)]
        if not dead:
            return
        for n in dead:
            graph.node.remove(n)


def _remove_unused_constants(model):
    """Drops the initializers and Constant nodes no node reads (the Clip bounds left when the
    quantiser removes the ReLU6 Clips that uint8 ranges already bound): onnxruntime warns about
    each one on every load, a line per bound in the server's log."""
    _remove_dead_nodes(model)
    used = {name for n in model.graph.node for name in n.input}
    for t in [t for t in model.graph.initializer if t.name not in used]:
        model.graph.initializer.remove(t)


def resize_by_scales(model, stride=32):
    """Gives each Resize that doubles its input a constant scale of 2 instead of target sizes (in place).

    The decoder's upsamplings are exported as `F.interpolate(size=skip.shape)`: a Resize whose sizes
    come from the shape of another tensor. Quantised, that tensor exists only as INT8, and onnxruntime
    dequantises a whole feature map to float just to read its shape. For inputs padded to the stride
    (the manifest's contract) each of these is an exact doubling, where scales 2 give the same
    output; checked here on two input shapes. Returns the number of Resizes changed."""
    graph = model.graph
    resizes = [n for n in graph.node if n.op_type == "Resize" and len(n.input) > 3 and n.input[3]]
    if not resizes:
        return 0
    names = [t for n in resizes for t in (n.input[0], n.output[0])]
    doubling = [True] * len(resizes)
    for shape in [(1, 3, 2 * stride, 3 * stride), (1, 3, 5 * stride, 2 * stride)]:
        values = _probe(model, names, shape)
        for i in range(len(resizes)):
            x, y = values[2 * i].shape, values[2 * i + 1].shape
            doubling[i] &= y == (x[0], x[1], 2 * x[2], 2 * x[3])
    changed = 0
    for i, n in enumerate(resizes):
        if not doubling[i]:
            continue
        scales = f"{n.name}/hullscope_scales"
        graph.initializer.append(onnx.numpy_helper.from_array(np.array([1, 1, 2, 2], np.float32), scales))
        n.input[1] = ""
        n.input[2] = scales
        del n.input[3]
        changed += 1
    _remove_dead_nodes(model)
    return changed


def split_concat_depthwise(model):
    """Splits each depthwise convolution that reads a channel Concat into one per Concat input, with
    its ReLU6 (in place); the Concat then joins the activated outputs. Exact in float.

    The decoder concatenates its upsampled map (0 to about 4) with an encoder skip (about -50 to 50)
    before a depthwise 3x3; quantised, a Concat has one scale for all its channels, so the decoder's
    own features kept about ten levels of 8 bits. Split, each part is quantised on its own range,
    and the Concat joins ReLU6 outputs of like range. Returns the number of Concats split."""
    graph = model.graph
    consumers = {}
    for n in graph.node:
        for name in n.input:
            consumers.setdefault(name, []).append(n)
    inits = {t.name: t for t in graph.initializer}
    concats = [n for n in graph.node if n.op_type == "Concat"]
    widths = _probe(model, [i for n in concats for i in n.input], (1, 3, 64, 64)) if concats else []
    offset, split = 0, 0
    for concat in concats:
        channels = [w.shape[1] for w in widths[offset:offset + len(concat.input)]]
        offset += len(concat.input)
        axis = next(a.i for a in concat.attribute if a.name == "axis")
        users = consumers.get(concat.output[0], [])
        if axis != 1 or len(users) != 1 or users[0].op_type != "Conv":
            continue
        conv = users[0]
        attrs = {a.name: a for a in conv.attribute}
        group = attrs["group"].i if "group" in attrs else 1
        if group != sum(channels) or conv.input[1] not in inits:
            continue
        weight = onnx.numpy_helper.to_array(inits[conv.input[1]])
        bias = onnx.numpy_helper.to_array(inits[conv.input[2]]) if len(conv.input) > 2 else None
        after = consumers.get(conv.output[0], [])
        clip = after[0] if len(after) == 1 and after[0].op_type == "Clip" else None
        joined, start, nodes = [], 0, []
        for k, (source, width) in enumerate(zip(concat.input, channels)):
            prefix = f"{conv.name}/hullscope_split_{k}"
            w_name = f"{prefix}/W"
            graph.initializer.append(onnx.numpy_helper.from_array(weight[start:start + width], w_name))
            inputs = [source, w_name]
            if bias is not None:
                graph.initializer.append(onnx.numpy_helper.from_array(bias[start:start + width], f"{prefix}/B"))
                inputs.append(f"{prefix}/B")
            part = onnx.helper.make_node("Conv", inputs, [f"{prefix}/conv"], name=f"{prefix}/Conv")
            part.attribute.extend(a for a in conv.attribute if a.name != "group")
            part.attribute.append(onnx.helper.make_attribute("group", int(width)))
            nodes.append(part)
            out = part.output[0]
            if clip is not None:
                act = onnx.helper.make_node("Clip", [out] + list(clip.input[1:]), [f"{prefix}/clip"],
                                            name=f"{prefix}/Clip")
                nodes.append(act)
                out = act.output[0]
            joined.append(out)
            start += width
        last = clip if clip is not None else conv
        nodes.append(onnx.helper.make_node("Concat", joined, [last.output[0]], name=f"{conv.name}/hullscope_concat",
                                           axis=1))
        for n in [concat, conv] + ([clip] if clip is not None else []):
            graph.node.remove(n)
        graph.node.extend(nodes)
        split += 1
    if split:
        _sort_topologically(graph)
        _remove_unused_constants(model)
    return split


def _sort_topologically(graph):
    """Reorders the nodes so that each comes after the producers of its inputs."""
    known = {i.name for i in graph.input} | {t.name for t in graph.initializer} | {""}
    pending, ordered = list(graph.node), []
    while pending:
        ready = [n for n in pending if all(i in known for i in n.input)]
        if not ready:
            raise ValueError("the graph has a cycle or an input nothing produces")
        for n in ready:
            ordered.append(n)
            known.update(n.output)
        pending = [n for n in pending if n not in ready]
    copies = [onnx.NodeProto() for _ in ordered]
    for c, n in zip(copies, ordered):
        c.CopyFrom(n)
    del graph.node[:]
    graph.node.extend(copies)


def share_resize_quantisation(model):
    """Gives each quantised Resize's output the scale and zero point of its input (in place).

    The quantiser calibrates a Resize's output on its own, so its scale differs slightly from the
    input's and the resized map lands on another grid. A bilinear resize only takes weighted means of
    its input, so the input's range holds its output exactly. onnxruntime (1.30) still runs these
    bilinear Resizes in float between a DequantizeLinear and a QuantizeLinear: it drops the pair only
    around nearest-neighbour ones, and resizing the uint8 map directly was slower (docs/benchmarks.md,
    bench:model)."""
    graph = model.graph
    producer = {o: n for n in graph.node for o in n.output}
    consumers = {}
    for n in graph.node:
        for name in n.input:
            consumers.setdefault(name, []).append(n)
    inits = {t.name: t for t in graph.initializer}
    shared = 0
    for n in graph.node:
        if n.op_type != "Resize":
            continue
        dq = producer.get(n.input[0])
        qs = consumers.get(n.output[0], [])
        if dq is None or dq.op_type != "DequantizeLinear" or len(qs) != 1:
            continue
        q = qs[0]
        if q.op_type != "QuantizeLinear":
            continue
        for src, dst in zip(dq.input[1:3], q.input[1:3]):
            if src != dst:
                inits[dst].CopyFrom(onnx.numpy_helper.from_array(onnx.numpy_helper.to_array(inits[src]), dst))
        shared += 1
    return shared


def prepare(model_path, prepared_path, stride):
    """Writes `model_path` rewritten for quantisation (Keras pads folded, doublings by scale, shapes
    inferred) to `prepared_path`; answers the names of its nodes."""
    with tempfile.TemporaryDirectory() as tmp:
        model = onnx.load(str(model_path))
        fold_keras_pads(model)
        resize_by_scales(model, stride)
        split_concat_depthwise(model)
        folded = Path(tmp) / "folded.onnx"
        onnx.save(model, str(folded))
        # Shape inference and graph clean-up first, as onnxruntime recommends before quantising.
        # Symbolic shape inference cannot follow the Resizes by scale over dynamic sizes; ONNX's own can.
        quant_pre_process(str(folded), str(prepared_path), skip_symbolic_shape=True)
    return [n.name for n in onnx.load(str(prepared_path)).graph.node]


def float_nodes(graph_nodes, keep_float=HEAD_NODES, exclude=STEM):
    """The nodes to leave float: `keep_float` by name and those whose names match `exclude`."""
    missing = [n for n in keep_float if n not in graph_nodes]
    if missing:
        raise ValueError(f"nodes to keep float not in the model: {missing}")
    return list(keep_float) + ([n for n in sorted(graph_nodes) if re.search(exclude, n)] if exclude else [])


def quantize_prepared(prepared_path, out_path, images, manifest, method="minmax-mean", nodes_to_exclude=(),
                      cache=None, bias_images=None):
    """Writes the QDQ INT8 model of a `prepare`d model to `out_path`. With `cache` (a JSON file of the
    ranges calibrated on the fp32 model, written on the first call), later calls skip calibration:
    the ranges do not depend on which nodes stay float. With `bias_images`, the convolutions' biases
    are corrected on them (bias_correction.py)."""
    calibrate_method, calibration_options = method_options(method)
    input_name = onnx.load(str(prepared_path)).graph.input[0].name
    reader = Reader(images, manifest, input_name) if images is not None else None
    quantize_static(
        str(prepared_path), str(out_path), reader,
        quant_format=QuantFormat.QDQ, per_channel=True,
        # uint8 activations with int8 weights: the pairing onnxruntime's x86 int8 kernels (VNNI) take.
        activation_type=QuantType.QUInt8, weight_type=QuantType.QInt8,
        nodes_to_exclude=list(nodes_to_exclude), calibrate_method=calibrate_method,
        extra_options=calibration_options, calibration_cache_path=cache,
    )
    quantised = onnx.load(str(out_path))
    share_resize_quantisation(quantised)
    _remove_unused_constants(quantised)
    if bias_images:
        reference = onnx.load(str(prepared_path))
        feeds = [{input_name: normalised(i, manifest)} for i in bias_images]
        correct_biases(quantised, reference, feeds)
    onnx.save(quantised, str(out_path))


def quantize(model_path, out_path, images, manifest, method="minmax-mean", keep_float=HEAD_NODES, exclude=STEM,
             cache=None, bias_images=None):
    """Writes the QDQ INT8 model of `model_path` to `out_path`."""
    with tempfile.TemporaryDirectory() as tmp:
        prepared = Path(tmp) / "prepared.onnx"
        graph_nodes = prepare(model_path, prepared, manifest["input"]["stride"])
        quantize_prepared(prepared, out_path, images, manifest, method,
                          float_nodes(graph_nodes, keep_float, exclude), cache, bias_images)


def agreement(fp32_path, int8_path, manifest, size=(533, 801)):
    """Argmax agreement of the two models and the largest logit difference on a fixed image: the
    real-looking test of export.verify's random one is a smooth gradient with texture, since uniform
    noise is far from anything the model reads and its argmax there is mostly ties."""
    rng = np.random.default_rng(0)
    h, w = size
    yy, xx = np.mgrid[0:h, 0:w]
    base = np.stack([xx / w * 200 + 30, yy / h * 180 + 40, (xx + yy) / (w + h) * 160 + 60], -1)
    img = np.clip(base + rng.normal(0, 25, base.shape), 0, 255).astype(np.uint8)
    x = normalised(img, manifest)
    out = []
    for path in (fp32_path, int8_path):
        sess = ort.InferenceSession(str(path), providers=["CPUExecutionProvider"])
        out.append(sess.run(["logits"], {"input": x})[0][0, :, :h, :w])
    return {"argmax_agreement": float((out[0].argmax(0) == out[1].argmax(0)).mean()),
            "max_abs_logit_diff": float(np.abs(out[0] - out[1]).max())}


def read_rgb(path):
    bgr = cv2.imread(str(path), cv2.IMREAD_COLOR)
    if bgr is None:
        raise FileNotFoundError(path)
    return np.ascontiguousarray(bgr[..., ::-1])


class ArgmaxComparer:
    """The share of pixels of each image where a model's argmax is the fp32 model's (whole images,
    padded to the stride as the app pads them); the fp32 argmaxes are computed once."""

    def __init__(self, fp32_path, manifest, images):
        self.manifest, self.images = manifest, images
        self.reference = [self._argmax(self._session(fp32_path), i) for i in images]

    @staticmethod
    def _session(path):
        options = ort.SessionOptions()
        options.log_severity_level = 3
        return ort.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])

    def _argmax(self, sess, image):
        h, w = image.shape[:2]
        return sess.run(["logits"], {"input": normalised(image, self.manifest)})[0][0, :, :h, :w].argmax(0)

    def agreement(self, model_path):
        sess = self._session(model_path)
        return [float((self._argmax(sess, i) == r).mean()) for i, r in zip(self.images, self.reference)]


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--model-dir", required=True, help="the fp32 model folder (model.onnx, manifest.json)")
    p.add_argument("--out", required=True, help="folder for the INT8 model.onnx and manifest.json")
    p.add_argument("--calib", help="generated calibration set (python -m hullsynth.generate --out ...)")
    p.add_argument("--real-train", help="real training photos' label file (real-train/drydock.json)")
    p.add_argument("--method", default="minmax-mean",
                   help=f"calibration: one of {sorted(METHODS)} or percentile-P (default: minmax-mean)")
    p.add_argument("--limit", type=int, help="at most this many generated images and real photos (tests)")
    p.add_argument("--exclude", default=STEM,
                   help="also keep float the nodes whose names match this regular expression (default: the stem)")
    p.add_argument("--calibration-cache", help="JSON of calibrated ranges: read if it exists, else written")
    p.add_argument("--bias-correction", type=int, default=0, metavar="N",
                   help="correct the convolutions' biases on N calibration images spread over the set (bias_correction.py)")
    p.add_argument("--check-images", nargs="*", default=[],
                   help="also report the argmax agreement with fp32 on these images (whole, e.g. held-out scenes)")
    a = p.parse_args(argv)
    src = Path(a.model_dir)
    manifest = json.loads((src / "manifest.json").read_text())
    if manifest.get("precision") == "int8":
        raise SystemExit(f"{src} holds an INT8 model: quantise its fp32 build (ml/README.md \"INT8 models\")")
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    images = calibration_images(a.calib, a.real_train, a.limit)
    quantize(src / "model.onnx", out / "model.onnx", images, manifest, a.method, exclude=a.exclude,
             cache=a.calibration_cache, bias_images=spread(images, a.bias_correction))
    (out / "manifest.json").write_text(json.dumps({**manifest, "precision": "int8"}, indent=2) + "\n")
    result = {"onnx": str(out / "model.onnx"), "size_mb": round((out / "model.onnx").stat().st_size / 1e6, 3),
              "calibration_images": len(images), "method": a.method, "exclude": a.exclude,
              **agreement(src / "model.onnx", out / "model.onnx", manifest)}
    if a.check_images:
        comparer = ArgmaxComparer(src / "model.onnx", manifest, [read_rgb(f) for f in a.check_images])
        result["check_images"] = dict(zip(a.check_images, comparer.agreement(out / "model.onnx")))
    print(json.dumps(result))


if __name__ == "__main__":
    main()
