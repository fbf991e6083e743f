"""Export a checkpoint to models/<id>/model.onnx with its manifest, and verify it with onnxruntime.

    python -m export --checkpoint checkpoints/evo.pt --out ../models/evo

ONNX: opset 17, input "input" float32 [1,3,H,W] (H, W dynamic, multiples of 32), output "logits"
[1,classes,H,W]. Verification runs an 801x533 image padded to 832x544 and compares with PyTorch.
"""
import argparse
import json
from pathlib import Path

import numpy as np
import onnx
import onnxruntime as ort
import torch

from common import NORMALISATION, STRIDE, normalise, pad_to_stride
from hullsynth.classes import class_list, fouling_category
from train import load_model

# Per model, raised with every retrained export. 1.x: trained from scratch on synthetic images
# (1.0.0 a stride-2 network; 1.1.0 the stride-4 `unet.py`; Evo 1.2.0 and 1.3.0 each a continuation
# of the one before, Base 1.2.0 fine-tuned from Evo 1.3.0). 2.0.0 (issue 19): `mobile_unet.py`, an
# ImageNet-initialised MobileNetV2 encoder (train.py --arch mobile-unet); Evo 2.1.0: the same network
# trained on a lent GPU machine (train_device.py), every encoder layer trained. Base stayed 1.2.0 then:
# its 2.0.0 and 2.1.0 candidates read the algal turf of real sample 000022 as Slime/Algae, microfouling
# for Base (reports/real_regions.md). 2.2.0, both models: Base's classes fold Heavy Slime/Algae into
# Soft Fouling (hullsynth/classes.py EVO_TO_BASE), Evo and Base trained on longer GPU runs, the last
# one with dry-dock scenes (hullsynth/drydock.py) in the training mix. 2.3.0, both models: 2.2.0
# fine-tuned on a CPU with propeller scenes (hullsynth/propeller.py) and more dry-dock scenes. 2.4.0,
# both models: the first real photos in training (24 dry-dock frames, real_train.py), a CPU fine-tune
# of 2.3.0 blended half and half with 2.3.0 (interpolate.py). Base 2.5.0 (issue 46): 2.4.0 fine-tuned on a
# lent GPU with half of the crops degraded as underwater footage is (underwater.py), blended half and half
# with 2.4.0, its confidence calibrated by temperature scaling (calibrate.py). Evo 2.5.0: the Evo variant of
# the same run, blended 0.15 with 0.85 x 2.4.0 (at 0.3 or more it read a real propeller tunnel wall wrong),
# calibrated the same way.
MODEL_VERSIONS = {"evo": "2.5.0", "base": "2.5.0"}
# The architecture (train.py --arch) of the versions above, for checking the bundled manifests.
MODEL_ARCHS = {"evo": "mobile-unet", "base": "mobile-unet"}

DESCRIPTIONS = {
    "evo": "Segments hull inspection images into Background, Clean Structure, Light Slime, Heavy Slime/Algae, "
           "Soft Fouling and Hard Fouling. Baseline trained only on procedurally generated images.",
    "base": "Segments hull inspection images into Background, Clean Structure, Slime/Algae, Soft Fouling and "
            "Hard Fouling. Baseline trained only on procedurally generated images.",
}


# The model card's known limits as a user of a report reads them (see MODEL_CARD.md "Known limits").
# The first depends on the architecture (FIRST_LIMITATION); the rest hold for both.
FIRST_LIMITATION = {
    "unet": "Trained on procedurally generated (synthetic) images only: real textures, colours, lighting and organisms differ, so expect errors on unusual paints, heavy turbidity and organisms it has not seen.",
    # Since 2.4.0 (real_train.py): generated images and 24 photos of one cleaned hull in dry dock.
    "mobile-unet": "Segmentation trained on procedurally generated (synthetic) images and 24 photos of one cleaned hull in dry dock, never on a real underwater photo, from an encoder pretrained on general ImageNet photos: real textures, colours, lighting and organisms differ, so expect errors on unusual paints, heavy turbidity and organisms it has not seen.",
}
LIMITATIONS = [
    "Light slime, heavy slime or algae and discoloured paint are hard to tell apart, even for people; thin films on dark paint are hard to see.",
    "Thin structures (single tubeworms, hydroid stalks, filaments) are blurred and tiny isolated recruits are often missed.",
    "Paint damage exposing dark primer can be mistaken for fouling, and dark fouling for dark paint.",
    "Photos far closer or farther than about 1.5 to 20 pixels per centimetre of hull, or taken at a steep angle, are read less reliably.",
]


# 2.x (train.py --arch mobile-unet): the same sentence's second half changes.
DESCRIPTIONS_MOBILE = {k: v.replace("Baseline trained only on procedurally generated images.",
                                    "MobileNetV2 encoder initialised from ImageNet weights (Keras Applications), "
                                    "trained on procedurally generated images with sim-to-real augmentation "
                                    "and, since 2.4.0, 24 coarsely labelled real photos of a hull in dry dock.")
                       for k, v in DESCRIPTIONS.items()}

# Per architecture (train.py --arch): the manifest's architecture and backbone fields.
ARCHITECTURES = {"unet": ("unet", "mobilenet-lite"), "mobile-unet": ("unet", "mobilenetv2-imagenet")}


# Measured after export (issue 45 §3): the largest share of the surface, in percent, a version reads as
# macrofouling on the real photos marked free of it (`npm run model:eval -- --regions ...`), rounded up
# to 0.1; a share up to it raises no rating band. A new version has none until measured.
NOISE_FLOORS = {("evo", "2.4.0"): 2.6, ("base", "2.4.0"): 2.2, ("base", "2.5.0"): 3.0, ("evo", "2.5.0"): 2.0}


def manifest(model_id, arch="unet", version=None):
    mean, std = NORMALISATION[arch]
    architecture, backbone = ARCHITECTURES[arch]
    version = version or MODEL_VERSIONS[model_id]
    noise_floor = NOISE_FLOORS.get((model_id, version))
    return {
        "name": model_id.capitalize(),
        "version": version,
        "architecture": architecture,
        "backbone": backbone,
        "description": (DESCRIPTIONS_MOBILE if arch == "mobile-unet" else DESCRIPTIONS)[model_id],
        # Quoted in inspection reports' "Methods and limitations" (issue 18 §6); keep with MODEL_CARD.md.
        "limitations": [FIRST_LIMITATION[arch], *LIMITATIONS],
        "validated_on_real_photos": False,
        **({"macrofouling_noise_floor_percent": noise_floor} if noise_floor is not None else {}),
        "input": {"layout": "NCHW", "channels": "RGB", "mean": mean, "std": std, "stride": STRIDE},
        "classes": [{"label": n, "hex_color": c, "in_percentages": p, "fouling_category": fouling_category(n)}
                    for n, c, p in class_list(model_id)],
    }


def verify(model, onnx_path, num_classes, arch="unet"):
    rng = np.random.default_rng(0)
    img = rng.integers(0, 256, (533, 801, 3), dtype=np.uint8)
    padded, _ = pad_to_stride(img)
    assert padded.shape[:2] == (544, 832), padded.shape
    x = normalise(padded[None], arch)
    with torch.no_grad():
        ref = model(x).numpy()
    proto = onnx.load(str(onnx_path))
    onnx.checker.check_model(proto)
    opset = next(o.version for o in proto.opset_import if o.domain in ("", "ai.onnx"))
    assert opset == 17, opset
    sess = ort.InferenceSession(str(onnx_path), providers=["CPUExecutionProvider"])
    out = sess.run(["logits"], {"input": x.numpy()})[0]
    assert out.shape == (1, num_classes, 544, 832), out.shape
    diff = float(np.abs(out - ref).max())
    agree = float((out.argmax(1) == ref.argmax(1)).mean())
    assert diff < 1e-3 and agree > 0.999, (diff, agree)
    return {"opset": opset, "shape": list(out.shape), "max_abs_diff": diff, "argmax_agreement": agree}


def export_onnx(model, onnx_path):
    """Writes the model in eval mode as the app takes it: opset 17, "input" and "logits" with dynamic H, W."""
    torch.onnx.export(model, torch.zeros(1, 3, 256, 256), str(onnx_path), opset_version=17,
                      input_names=["input"], output_names=["logits"],
                      dynamic_axes={"input": {2: "height", 3: "width"}, "logits": {2: "height", 3: "width"}},
                      do_constant_folding=True, dynamo=False)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--checkpoint", required=True)
    p.add_argument("--out", required=True, help="model directory, e.g. ../models/evo")
    p.add_argument("--version", help="manifest version (default: MODEL_VERSIONS); e.g. a trial export elsewhere")
    a = p.parse_args(argv)
    model, ckpt = load_model(a.checkpoint)
    model.eval()
    model_id = ckpt["model_id"]
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    onnx_path = out / "model.onnx"
    export_onnx(model, onnx_path)
    arch = ckpt.get("arch", "unet")
    (out / "manifest.json").write_text(json.dumps(manifest(model_id, arch, a.version), indent=2) + "\n")
    result = verify(model, onnx_path, len(class_list(model_id)), arch)
    size_mb = onnx_path.stat().st_size / 1e6
    assert size_mb <= 12, size_mb                   # issue 19: ONNX <= 12 MB per model
    print(json.dumps({"onnx": str(onnx_path), "size_mb": round(size_mb, 3), **result}))


if __name__ == "__main__":
    main()
