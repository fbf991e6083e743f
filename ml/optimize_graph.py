"""An exported fp32 model with its graph rewritten for speed, exactly in float: the same weights, the
same logits up to float rounding, about a quarter less inference time on the CPU.

    python -m optimize_graph --model-dir <exported fp32 folder> --out runs/fp32/evo --version 2.5.1 \
        --check-images ../apps/api/test/fixtures/images/scene-2000300.jpg data/check/scene-200030[1-4].jpg

The export writes MobileNetV2's Keras padding as a Pad in front of each stride-2 convolution and
the decoder's upsamplings as Resizes to a size read off another tensor's shape. onnxruntime folds
neither: each Pad copies a whole feature map, and around both it converts between its blocked
(NCHWc) layout and plain NCHW. Here the padding moves into the convolutions' own `pads` and each
upsampling gets a constant scale of 2 (quantize.py `fold_keras_pads`, `resize_by_scales`, the same
rewrites the INT8 build starts from), then onnxruntime's basic optimisations are saved into the
file. Writes `<out>/model.onnx` and `<out>/manifest.json` (the source's, with `--version` and
"precision": "fp32") and prints a JSON check against the source model.
"""
import argparse
import json
import tempfile
from pathlib import Path

import onnx
from onnxruntime.quantization import quant_pre_process

from quantize import ArgmaxComparer, agreement, fold_keras_pads, read_rgb, resize_by_scales


def optimize(model_path, out_path, stride):
    """Writes `model_path` with the exact rewrites above to `out_path`; answers how many Pads were
    folded and Resizes given scales (both 0 for a model already rewritten)."""
    model = onnx.load(str(model_path))
    folded = fold_keras_pads(model)
    scaled = resize_by_scales(model, stride)
    with tempfile.TemporaryDirectory() as tmp:
        rewritten = Path(tmp) / "rewritten.onnx"
        onnx.save(model, str(rewritten))
        # Constant folding, shape inference and clean-up of what the rewrites left unused; ONNX's own
        # shape inference, since the symbolic one cannot follow Resizes by scale over dynamic sizes.
        quant_pre_process(str(rewritten), str(out_path), skip_symbolic_shape=True)
    return {"pads_folded": folded, "resizes_scaled": scaled}


def optimize_checked(model_path, out_path, manifest):
    """optimize(), and the rewritten model's argmax agreement and largest logit difference against
    the source on a fixed image."""
    counts = optimize(model_path, out_path, manifest["input"]["stride"])
    return {**counts, **agreement(model_path, out_path, manifest)}


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--model-dir", required=True, help="the exported fp32 model folder (model.onnx, manifest.json)")
    p.add_argument("--out", required=True, help="folder for the rewritten model.onnx and manifest.json")
    p.add_argument("--version", required=True, help="the rewritten model's version (a new one: its file differs)")
    p.add_argument("--check-images", nargs="*", default=[],
                   help="also report the argmax agreement with the source model on these images")
    a = p.parse_args(argv)
    src = Path(a.model_dir)
    manifest = json.loads((src / "manifest.json").read_text())
    if manifest.get("precision") == "int8":
        raise SystemExit(f"{src} holds an INT8 model: rewrite its fp32 build")
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    checked = optimize_checked(src / "model.onnx", out / "model.onnx", manifest)
    (out / "manifest.json").write_text(
        json.dumps({**manifest, "version": a.version, "precision": "fp32"}, indent=2) + "\n")
    result = {"onnx": str(out / "model.onnx"), **checked}
    if a.check_images:
        comparer = ArgmaxComparer(src / "model.onnx", manifest, [read_rgb(f) for f in a.check_images])
        result["check_images"] = dict(zip(a.check_images, comparer.agreement(out / "model.onnx")))
    print(json.dumps(result))


if __name__ == "__main__":
    main()
