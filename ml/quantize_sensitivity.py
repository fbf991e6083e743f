"""Which blocks of a model cost the INT8 build its agreement with fp32: one quantisation per block kept
float, then blocks kept float greedily until the agreement target holds.

    python -m quantize_sensitivity --model-dir ../models/evo --calib data/calib \
        --real-train real-train/drydock.json --calibration-cache runs/int8/evo-minmax-mean.json \
        --images ../apps/api/test/fixtures/images/scene-2000300.jpg data/check/*.jpg --target 0.99

A block is every node under one top-level name of the exported graph (`/block_5/...`, `/dec.1/...`,
`/fine/...`, or a lone `/Concat_3`). The ranges are calibrated once on the fp32 model (`--calibration-cache`), since they do
not depend on which nodes stay float. The agreement is the share of pixels of `--images` (whole
images) whose argmax is the fp32 model's; each block's share of the convolutions' multiply-adds at
800 x 800 says what keeping it float costs in speed. Prints one JSON line per quantisation and a
Markdown table at the end; the greedy order follows the single-block gains.
"""
import argparse
import json
import re
import tempfile
from pathlib import Path

import numpy as np
import onnx

from quantize import (HEAD_NODES, STEM, ArgmaxComparer, calibration_images, float_nodes, prepare,
                      quantize_prepared, read_rgb, spread)

# The operator types the quantiser gives INT8 kernels here; a block of only other nodes (shape
# arithmetic) changes nothing when kept float.
QUANTISED_OPS = {"Conv", "Clip", "Add", "Concat", "Resize", "ReduceMean", "Mul", "GlobalAveragePool"}


def blocks(node_names, exclude):
    """The top-level names of the nodes that would be quantised, in graph order: `/block_5/...` and
    the like, and lone nodes such as the decoder's `/Concat_3` or `/Add`."""
    seen = []
    for name in node_names:
        m = re.match(r"^/([^/]+)", name)
        if m and not re.search(exclude, name) and name not in HEAD_NODES and m.group(1) not in seen:
            seen.append(m.group(1))
    return seen


def block_exclude(base, names):
    """A regular expression for the base exclusion plus the blocks `names`."""
    if not names:
        return base
    return f"(?:{base})|^/(?:{'|'.join(re.escape(n) for n in names)})(?:/|$)"


def keep_float_greedily(measure, candidates, target, order=None):
    """From the base quantisation, keeps float one block after another (in `order`, else by how much
    each alone kept float gains) until the lowest image's agreement reaches `target`."""
    base = measure("(base)", [])
    if order is None:
        single = {b: measure(b, [b]) for b in candidates}
        order = sorted(single, key=lambda b: single[b]["mean"], reverse=True)
        order = [b for b in order if single[b]["mean"] > base["mean"]]
    kept = []
    for b in order:
        kept.append(b)
        if measure("+".join(kept), kept)["min"] >= target:
            break
    return kept


def quantise_greedily(measure, candidates, target, share):
    """The reverse: measures each block quantised alone (all others float), then quantises blocks in
    order of agreement lost per multiply-add quantised, each only if the lowest image still reaches
    `target`. Answers the blocks left float."""
    def float_but(quantised):
        return [b for b in candidates if b not in quantised]

    macs = {b: share([b]) - share([]) for b in candidates}
    loss = {b: 1 - measure(f"all but {b}", float_but([b]))["min"] for b in candidates}
    order = sorted(candidates, key=lambda b: loss[b] / (macs[b] + 1e-4))
    quantised = []
    for b in order:
        row = measure("all but " + "+".join(quantised + [b]), float_but(quantised + [b]))
        if row["min"] >= target:
            quantised.append(b)
    return float_but(quantised)


def conv_macs(prepared_path, side=800):
    """Multiply-adds of each Conv at a side x side input, by node name."""
    model = onnx.load(str(prepared_path))
    dims = model.graph.input[0].type.tensor_type.shape.dim
    for d, v in zip(dims, (1, 3, side, side)):
        d.ClearField("dim_param")
        d.dim_value = v
    del model.graph.value_info[:]
    model = onnx.shape_inference.infer_shapes(model)
    shapes = {v.name: [d.dim_value for d in v.type.tensor_type.shape.dim] for v in model.graph.value_info}
    shapes.update({v.name: [d.dim_value for d in v.type.tensor_type.shape.dim] for v in model.graph.output})
    weights = {t.name: t.dims for t in model.graph.initializer}
    macs = {}
    for n in model.graph.node:
        if n.op_type != "Conv" or n.output[0] not in shapes or n.input[1] not in weights:
            continue
        out = shapes[n.output[0]]
        w = weights[n.input[1]]
        macs[n.name] = int(np.prod(out[1:])) * int(np.prod(w[1:]))
    return macs


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--model-dir", required=True)
    p.add_argument("--calib")
    p.add_argument("--real-train")
    p.add_argument("--method", default="minmax-mean")
    p.add_argument("--calibration-cache", required=True, help="JSON of calibrated ranges: read if it exists, else written")
    p.add_argument("--exclude", default=STEM, help="what always stays float (quantize.py --exclude)")
    p.add_argument("--images", nargs="+", required=True, help="images to compare the argmax on")
    p.add_argument("--target", type=float, default=0.99, help="the smallest per-image agreement wanted")
    p.add_argument("--bias-correction", type=int, default=0, metavar="N", help="as quantize.py --bias-correction")
    p.add_argument("--mode", choices=["keep-float", "quantise"], default="keep-float",
                   help="keep-float: from all quantised, keep blocks float until the target holds; quantise: from "
                        "all float, quantise the blocks that cost least agreement per multiply-add while it holds")
    p.add_argument("--greedy-only", nargs="*", help="skip the single-block pass: try these blocks in this order")
    a = p.parse_args(argv)
    src = Path(a.model_dir)
    manifest = json.loads((src / "manifest.json").read_text())
    if manifest.get("precision") == "int8":
        raise SystemExit(f"{src} holds an INT8 model: analyse its fp32 build")
    comparer = ArgmaxComparer(src / "model.onnx", manifest, [read_rgb(f) for f in a.images])
    cache = Path(a.calibration_cache)
    images = None if cache.is_file() and not a.bias_correction else calibration_images(a.calib, a.real_train)
    bias_images = spread(images, a.bias_correction) if a.bias_correction else None
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        prepared = Path(tmp) / "prepared.onnx"
        node_names = prepare(src / "model.onnx", prepared, manifest["input"]["stride"])
        macs = conv_macs(prepared)
        total = sum(macs.values())

        def share(names):
            return sum(v for k, v in macs.items() if re.search(block_exclude(a.exclude, names), k)) / total

        def measure(label, names):
            out = Path(tmp) / "int8.onnx"
            quantize_prepared(prepared, out, images, manifest, a.method,
                              float_nodes(node_names, HEAD_NODES, block_exclude(a.exclude, names)), str(cache),
                              bias_images)
            per_image = comparer.agreement(out)
            row = {"float": label, "mean": float(np.mean(per_image)), "min": float(min(per_image)),
                   "float_macs_share": share(names), "per_image": per_image}
            print(json.dumps(row), flush=True)
            rows.append(row)
            return row

        ops = [n.name for n in onnx.load(str(prepared)).graph.node if n.op_type in QUANTISED_OPS]
        candidates = blocks(ops, a.exclude)
        if a.mode == "keep-float":
            kept = keep_float_greedily(measure, candidates, a.target, a.greedy_only)
        else:
            kept = quantise_greedily(measure, candidates, a.target, share)
    print("\n| kept float (besides the base) | mean agreement | lowest image | float share of conv MACs |")
    print("|---|---|---|---|")
    for r in rows:
        print(f"| {r['float']} | {r['mean']:.4f} | {r['min']:.4f} | {r['float_macs_share']:.3f} |")
    print(f"\nexclude for quantize.py: {block_exclude(a.exclude, kept)!r}")


if __name__ == "__main__":
    main()
