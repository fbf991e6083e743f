"""A training checkpoint from a bundled model's ONNX file, for fine-tuning a model whose checkpoint
is not on this machine (checkpoints are not committed; `models/*/model.onnx` is).

    python -m from_onnx --model-dir ../models/evo --out checkpoints/evo_2.4.0.pt

The export folded every BatchNorm into the convolution before it, so each BatchNorm comes back as
the identity (running mean 0, variance 1 - eps, scale 1, shift 0) and its convolution takes the
folded weights and bias. Train such a checkpoint with fixed BatchNorm statistics
(`train_device --fixed-batchnorm-statistics`): batch statistics would undo the folding. ONNX Conv
nodes are in the order the network calls its convolutions, which is how they are matched; the
result is checked against the ONNX model with onnxruntime.
"""
import argparse
import json
from pathlib import Path

import numpy as np
import onnx
import onnxruntime as ort
import torch
from onnx import numpy_helper

from common import normalise
from hullsynth.classes import class_list
from mobile_unet import MobileUNet


def conv_call_order(model, size=64):
    """[(conv module, the BatchNorm called right after it or None)] in the order forward calls them."""
    calls = []
    hooks = [m.register_forward_hook(lambda mod, i, o: calls.append(mod))
             for m in model.modules() if isinstance(m, (torch.nn.Conv2d, torch.nn.BatchNorm2d))]
    with torch.no_grad():
        model.eval()(torch.zeros(1, 3, size, size))
    for h in hooks:
        h.remove()
    pairs = []
    for k, mod in enumerate(calls):
        if isinstance(mod, torch.nn.Conv2d):
            nxt = calls[k + 1] if k + 1 < len(calls) else None
            pairs.append((mod, nxt if isinstance(nxt, torch.nn.BatchNorm2d) else None))
    return pairs


def load_onnx_weights(model, onnx_path):
    proto = onnx.load(str(onnx_path))
    inits = {t.name: numpy_helper.to_array(t) for t in proto.graph.initializer}
    nodes = [n for n in proto.graph.node if n.op_type == "Conv"]
    pairs = conv_call_order(model)
    if len(nodes) != len(pairs):
        raise SystemExit(f"{onnx_path}: {len(nodes)} Conv nodes, the network calls {len(pairs)} convolutions")
    with torch.no_grad():
        for node, (conv, bn) in zip(nodes, pairs):
            weight = torch.from_numpy(inits[node.input[1]].copy())
            bias = torch.from_numpy(inits[node.input[2]].copy()) if len(node.input) > 2 else None
            if weight.shape != conv.weight.shape:
                raise SystemExit(f"{node.name}: weight {tuple(weight.shape)} for {tuple(conv.weight.shape)}")
            conv.weight.copy_(weight)
            if bn is not None:
                bn.weight.fill_(1.0)
                bn.running_mean.zero_()
                bn.running_var.fill_(1.0 - bn.eps)
                bn.bias.copy_(bias if bias is not None else torch.zeros_like(bn.bias))
                if conv.bias is not None:
                    conv.bias.zero_()
            elif bias is not None:
                conv.bias.copy_(bias)


def check(model, onnx_path, size=(224, 320)):
    rng = np.random.default_rng(0)
    x = normalise(rng.integers(0, 256, (1, *size, 3), dtype=np.uint8), "mobile-unet")
    with torch.no_grad():
        ref = model.eval()(x).numpy()
    sess = ort.InferenceSession(str(onnx_path), providers=["CPUExecutionProvider"])
    out = sess.run(["logits"], {"input": x.numpy()})[0]
    diff = float(np.abs(out - ref).max())
    agree = float((out.argmax(1) == ref.argmax(1)).mean())
    assert diff < 1e-3 and agree > 0.999, (diff, agree)
    return {"max_abs_diff": diff, "argmax_agreement": agree}


def checkpoint_from_onnx(model_dir):
    model_dir = Path(model_dir)
    manifest = json.loads((model_dir / "manifest.json").read_text())
    model_id = manifest["name"].lower()
    model = MobileUNet(len(class_list(model_id)))
    load_onnx_weights(model, model_dir / "model.onnx")
    figures = check(model, model_dir / "model.onnx")
    state = {k: v.detach().float().contiguous() for k, v in model.state_dict().items()}
    ckpt = {"model_id": model_id, "arch": "mobile-unet", "config": {}, "refine": False, "state_dict": state,
            "step": 0, "from_onnx": {"model_dir": str(model_dir), "version": manifest["version"]}}
    return ckpt, figures


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--model-dir", required=True)
    p.add_argument("--out", required=True, help="checkpoint file; --bundle-as NAME writes a train_device --init bundle")
    p.add_argument("--bundle-as", nargs="*", default=None,
                   help="variant names (e.g. evo-u0-m1) under which to bundle the checkpoint for train_device --init")
    a = p.parse_args(argv)
    ckpt, figures = checkpoint_from_onnx(a.model_dir)
    Path(a.out).parent.mkdir(parents=True, exist_ok=True)
    torch.save({name: ckpt for name in a.bundle_as} if a.bundle_as else ckpt, a.out)
    print(json.dumps({"out": a.out, **ckpt["from_onnx"], **figures}))


if __name__ == "__main__":
    main()
