"""ImageNet-initialised MobileNetV2 weights from the npm package nsfwjs 4.4.0 (MIT).

    python -m pretrained            # npm pack + decode + convert; writes third_party/mobilenet_v2_nsfwjs.pt

No model hub is reachable here, but nsfwjs ships a complete Keras MobileNetV2-1.0 (224 px) in
`dist/models/mobilenet_v2/`: `model.min.js` exports the Keras topology and the weights manifest,
`group1-shard1of1.min.js` exports the weights as one base64 string of uint8 values, each tensor
dequantised as `min + scale * q` (tfjs' uint8 weight quantisation). Its layers `Conv1` .. `block_10`
are marked non-trainable in the topology: they are Keras Applications' ImageNet weights
(Apache-2.0), quantised; `block_11` onwards and the head were fine-tuned by nsfwjs' authors for
their own 5-class task.

Steps: `npm pack nsfwjs@4.4.0` into `third_party/` (ignored by git), unpack, let Node evaluate the
two UMD modules (they are JavaScript, not JSON) into `third_party/nsfwjs-mobilenet_v2.json`, decode
and write a torch state dict for `mobilenet_v2.NsfwjsClassifier` (backbone `backbone.*`, nsfwjs' head
`head.*`). Neither the package nor the converted weights are committed: they only end up inside
our trained ONNX models. `tests/test_pretrained.py` checks the conversion against the package's own
output in tfjs (`pretrained_reference.mjs`).
"""
import argparse
import base64
import json
import re
import subprocess
import tarfile
from pathlib import Path

import numpy as np
import torch

from mobilenet_v2 import NsfwjsClassifier

HERE = Path(__file__).resolve().parent
THIRD_PARTY = HERE / "third_party"
PACKAGE = "nsfwjs@4.4.0"
PACKAGE_DIR = THIRD_PARTY / "nsfwjs-4.4.0"
MODEL_SUBDIR = Path("dist/models/mobilenet_v2")
DUMP = THIRD_PARTY / "nsfwjs-mobilenet_v2.json"
WEIGHTS = THIRD_PARTY / "mobilenet_v2_nsfwjs.pt"

_DUMP_JS = """
const dir = process.argv[1];
const m = require(dir + '/model.min.js');
const w = require(dir + '/group1-shard1of1.min.js');
if (typeof w !== 'string') throw new Error('weights module does not export a string');
process.stdout.write(JSON.stringify({modelTopology: m.modelTopology, weightsManifest: m.weightsManifest, weightsBase64: w}));
"""


def fetch(force=False):
    """npm pack the package into third_party/ and unpack it to third_party/nsfwjs-4.4.0/."""
    THIRD_PARTY.mkdir(exist_ok=True)
    if (PACKAGE_DIR / MODEL_SUBDIR / "model.min.js").exists() and not force:
        return PACKAGE_DIR
    out = subprocess.run(["npm", "pack", PACKAGE, "--silent"], cwd=THIRD_PARTY, check=True,
                         capture_output=True, text=True).stdout.strip().splitlines()[-1]
    with tarfile.open(THIRD_PARTY / out) as tar:
        members = [m for m in tar.getmembers() if m.name.startswith("package/") and m.isfile()]
        for m in members:
            m.name = m.name[len("package/"):]
        tar.extractall(PACKAGE_DIR, members=members, filter="data")
    return PACKAGE_DIR


def dump(package_dir=PACKAGE_DIR):
    """Topology, manifest and base64 weights as plain JSON (Node evaluates the UMD modules)."""
    text = subprocess.run(["node", "-e", _DUMP_JS, str((package_dir / MODEL_SUBDIR).resolve())],
                          check=True, capture_output=True, text=True).stdout
    DUMP.write_text(text)
    return json.loads(text)


def decode_weights(model_json):
    """Keras weight name -> float32 numpy array (Keras layout), dequantised min + scale * q."""
    raw = np.frombuffer(base64.b64decode(model_json["weightsBase64"]), np.uint8)
    out, offset = {}, 0
    for group in model_json["weightsManifest"]:
        for spec in group["weights"]:
            n = int(np.prod(spec["shape"])) if spec["shape"] else 1
            q = spec.get("quantization")
            if q is None:
                assert spec["dtype"] == "float32"
                arr = raw[offset:offset + 4 * n].view(np.float32).astype(np.float32)
                offset += 4 * n
            else:
                assert q["dtype"] == "uint8", q
                # tfjs computes this in float32: Float32Array(min + scale * q).
                arr = (np.float64(q["min"]) + np.float64(q["scale"]) * raw[offset:offset + n]).astype(np.float32)
                offset += n
            out[spec["name"]] = arr.reshape(spec["shape"])
    assert offset == len(raw), (offset, len(raw))
    return out


_BN = {"gamma": "weight", "beta": "bias", "moving_mean": "running_mean", "moving_variance": "running_var"}


def torch_key(keras_name):
    layer, param = keras_name.split("/")
    if layer.startswith("dense_"):
        return f"head.{layer}.{'weight' if param == 'kernel' else 'bias'}"
    if layer in ("Conv1", "bn_Conv1", "Conv_1", "Conv_1_bn"):
        prefix = f"backbone.{layer}"
    else:
        m = re.fullmatch(r"(expanded_conv|block_\d+)_(\w+)", layer)
        assert m, layer
        prefix = f"backbone.blocks.{m.group(1)}.{m.group(2)}"
    if param in _BN:
        return f"{prefix}.{_BN[param]}"
    assert param in ("kernel", "depthwise_kernel"), keras_name
    return f"{prefix}.weight"


def to_torch(keras_name, arr):
    layer, param = keras_name.split("/")
    t = torch.from_numpy(np.ascontiguousarray(arr))
    if param == "depthwise_kernel":           # (kh, kw, c, 1) -> (c, 1, kh, kw)
        return t.permute(2, 3, 0, 1).contiguous()
    if param == "kernel" and arr.ndim == 4:   # (kh, kw, cin, cout) -> (cout, cin, kh, kw)
        return t.permute(3, 2, 0, 1).contiguous()
    if param == "kernel" and arr.ndim == 2:   # Dense (in, out) -> (out, in)
        return t.t().contiguous()
    return t


def convert(model_json):
    """State dict of NsfwjsClassifier; every tensor of the network is set from the package."""
    model = NsfwjsClassifier()
    state = model.state_dict()
    weights = decode_weights(model_json)
    seen = set()
    for name, arr in weights.items():
        key = torch_key(name)
        t = to_torch(name, arr)
        assert key in state and state[key].shape == t.shape, (name, key, tuple(t.shape))
        state[key] = t
        seen.add(key)
    missing = [k for k in state if k not in seen and not k.endswith("num_batches_tracked")]
    assert not missing, missing
    model.load_state_dict(state)
    return model


def load_encoder_state(path=WEIGHTS):
    """The backbone part of the converted weights, keyed like `mobilenet_v2.MobileNetV2`."""
    state = torch.load(path, map_location="cpu")["state_dict"]
    return {k[len("backbone."):]: v for k, v in state.items() if k.startswith("backbone.")}


def build(force=False):
    package_dir = fetch(force)
    model = convert(dump(package_dir))
    torch.save({"source": f"npm {PACKAGE} dist/models/mobilenet_v2", "state_dict": model.state_dict()}, WEIGHTS)
    return WEIGHTS


def reference():
    """Regenerate tests/fixtures/mobilenet_v2_reference.json with the package itself in tfjs."""
    import cv2
    tfjs = THIRD_PARTY / "tfjs"
    if not (tfjs / "node_modules" / "nsfwjs").exists():
        tfjs.mkdir(exist_ok=True)
        (tfjs / "package.json").write_text('{"name": "hullscope-ml-reference", "private": true}\n')
        tgz = next(THIRD_PARTY.glob("nsfwjs-4.4.0.tgz"))
        subprocess.run(["npm", "install", "--no-audit", "--no-fund", "--ignore-scripts",
                        "@tensorflow/tfjs@4.22.0", str(tgz)], cwd=tfjs, check=True)
    fixtures = HERE / "tests" / "fixtures"
    rgb = cv2.imread(str(fixtures / "mobilenet_v2_input.png"), cv2.IMREAD_COLOR)[..., ::-1]
    raw = THIRD_PARTY / "fixture.rgb"
    raw.write_bytes(np.ascontiguousarray(rgb).tobytes())
    out = fixtures / "mobilenet_v2_reference.json"
    subprocess.run(["node", str(HERE / "pretrained_reference.mjs"), str(raw), str(out)], check=True)
    return out


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--force", action="store_true", help="npm pack again even if the package is there")
    p.add_argument("--reference", action="store_true",
                   help="also rewrite the test's reference outputs with tfjs (npm installs tfjs into third_party/)")
    a = p.parse_args(argv)
    print(f"wrote {build(a.force)}")
    if a.reference:
        print(f"wrote {reference()}")


if __name__ == "__main__":
    main()
