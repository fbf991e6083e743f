"""Quantisation-aware distillation: fine-tunes an fp32 model's weights so that its INT8 build reads
as the fp32 model reads, then writes the fine-tuned fp32 model for `python -m quantize`.

    python -m qat_distill --model-dir ../models/evo --qdq runs/int8/evo/model.onnx --out runs/qat/evo \
        --calib data/calib --extra data/qat-train --real-train real-train/drydock.json --val data/qat-val

The student is the INT8 build `--qdq` (made by `python -m quantize` from `--model-dir`) run in torch
with fake quantisation (qdq_torch.py): the same QDQ points, the same uint8 activation ranges, the
same layers float, its weights started from the fp32 model's. The teacher is the fp32 model itself
(onnxruntime). The loss is the logit MSE plus the KL divergence of the class probabilities per
pixel, weighted up where the teacher's two best classes nearly tie, since those pixels are where
quantisation flips a class. Crops come from the generated scenes and the real training photos (at
the standard 800 px and at Full HD scale), flipped at random. `--val` scenes (not the check scenes)
give the fake-quantised argmax agreement every `--val-every` steps; the weights of the step with the
best agreement are written, back into the fp32 graph (`qdq_torch.write_back`), with its manifest.
"""
import argparse
import json
import shutil
import tempfile
import time
from pathlib import Path

import numpy as np
import onnx
import onnxruntime as ort
import torch
import torch.nn.functional as F

import quantize
from hullsynth.dataset_io import read_dataset
from qdq_torch import GraphModule, write_back


def tie_weights(teacher, margin_scale, boost):
    """Per pixel 1 + boost x exp(-margin / margin_scale), margin the teacher's top-2 logit gap."""
    top2 = teacher.topk(2, dim=1).values
    return 1 + boost * torch.exp(-(top2[:, 0] - top2[:, 1]) / margin_scale)


def distillation_loss(student, teacher, margin_scale=1.0, boost=4.0):
    """Tie-weighted mean over pixels of the logit MSE and KL(teacher || student)."""
    weights = tie_weights(teacher, margin_scale, boost)
    mse = (student - teacher).pow(2).mean(1)
    p = F.softmax(teacher, 1)
    kl = (p * (F.log_softmax(teacher, 1) - F.log_softmax(student, 1))).sum(1)
    return (weights * (mse + kl)).mean()


class Crops:
    """Random `size` x `size` crops: generated scenes and real photos (both scales), flipped at random."""

    def __init__(self, generated, real, size, real_share, seed):
        self.generated, self.real, self.size, self.real_share = generated, real, size, real_share
        self.rng = np.random.default_rng(seed)

    def _crop(self, image):
        h, w = image.shape[:2]
        y, x = self.rng.integers(0, h - self.size + 1), self.rng.integers(0, w - self.size + 1)
        crop = image[y:y + self.size, x:x + self.size]
        return crop[:, ::-1] if self.rng.random() < 0.5 else crop

    def batch(self, count):
        out = []
        for _ in range(count):
            pool = self.real if self.real and self.rng.random() < self.real_share else self.generated
            out.append(np.ascontiguousarray(self._crop(pool[self.rng.integers(len(pool))])))
        return out


def real_photos(real_train):
    """Each real training photo at the standard 800 px and at Full HD scale."""
    import real_train as rt
    doc = rt.load(real_train)
    out = []
    for entry in doc["images"]:
        rgb = quantize.read_rgb(doc["_dir"] / entry["file"])
        out += [quantize.resize_long_side(rgb, quantize.STANDARD_SIDE),
                quantize.resize_long_side(rgb, quantize.FULL_HD_SIDE)]
    return out


def session(path, threads):
    options = ort.SessionOptions()
    options.log_severity_level = 3
    options.intra_op_num_threads = threads
    return ort.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])


def agreement(student, teacher_argmaxes, inputs):
    """Mean share of pixels where the fake-quantised student's class is the teacher's."""
    shares = []
    with torch.no_grad():
        for x, ref in zip(inputs, teacher_argmaxes):
            shares.append(float((student(torch.from_numpy(x)).argmax(1).numpy() == ref).mean()))
    return float(np.mean(shares)), min(shares)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--model-dir", required=True, help="the fp32 model folder (model.onnx, manifest.json)")
    p.add_argument("--qdq", required=True, help="its INT8 build (python -m quantize), whose QDQ points are simulated")
    p.add_argument("--out", required=True, help="folder for the fine-tuned fp32 model.onnx and manifest.json")
    p.add_argument("--calib", required=True, help="generated scenes (the calibration set)")
    p.add_argument("--extra", nargs="*", default=[], help="more generated sets to crop from")
    p.add_argument("--real-train", help="real training photos' label file")
    p.add_argument("--val", required=True, help="generated scenes for the agreement checks (not the check scenes)")
    p.add_argument("--steps", type=int, default=300)
    p.add_argument("--batch", type=int, default=4)
    p.add_argument("--crop", type=int, default=224)
    p.add_argument("--lr", type=float, default=1e-5)
    p.add_argument("--real-share", type=float, default=0.3)
    p.add_argument("--margin-scale", type=float, default=1.0)
    p.add_argument("--boost", type=float, default=4.0)
    p.add_argument("--val-every", type=int, default=50)
    p.add_argument("--int8-biases", action="store_true",
                   help="start the biases from --qdq's (bias-corrected) ones; quantise the result with --qdq's "
                        "calibration cache and no bias correction")
    p.add_argument("--only-biases", action="store_true",
                   help="train the biases only: no weight crosses a rounding step, so the fine-tune moves smoothly")
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--seed", type=int, default=0)
    a = p.parse_args(argv)
    torch.set_num_threads(a.threads)
    torch.manual_seed(a.seed)
    src = Path(a.model_dir)
    manifest = json.loads((src / "manifest.json").read_text())
    with tempfile.TemporaryDirectory() as tmp:
        prepared_path = Path(tmp) / "prepared.onnx"
        quantize.prepare(src / "model.onnx", prepared_path, manifest["input"]["stride"])
        prepared = onnx.load(str(prepared_path))
    student = GraphModule(onnx.load(a.qdq), prepared, a.int8_biases)
    teacher = session(src / "model.onnx", a.threads)

    generated = []
    for folder in [a.calib] + a.extra:
        generated += list(read_dataset(folder)[0])
    crops = Crops(generated, real_photos(a.real_train) if a.real_train else [], a.crop, a.real_share, a.seed)
    val_inputs = [quantize.normalised(np.ascontiguousarray(i), manifest) for i in read_dataset(a.val)[0]]
    val_ref = [teacher.run(["logits"], {"input": x})[0].argmax(1) for x in val_inputs]

    trained = [q for q in student.parameters() if q.dim() == 1 or not a.only_biases]
    optimiser = torch.optim.Adam(trained, lr=a.lr)
    best = (*agreement(student, val_ref, val_inputs), 0)
    best_weights = student.float_weights()
    log = {"step": 0, "val_mean": best[0], "val_lowest": best[1]}
    print(json.dumps(log), flush=True)
    started, losses = time.time(), []
    for step in range(1, a.steps + 1):
        inputs = np.concatenate([quantize.normalised(c, manifest) for c in crops.batch(a.batch)])
        target = torch.from_numpy(np.concatenate([teacher.run(["logits"], {"input": x[None]})[0] for x in inputs]))
        loss = distillation_loss(student(torch.from_numpy(inputs)), target, a.margin_scale, a.boost)
        optimiser.zero_grad()
        loss.backward()
        optimiser.step()
        losses.append(loss.item())
        if step % a.val_every == 0 or step == a.steps:
            mean, lowest = agreement(student, val_ref, val_inputs)
            print(json.dumps({"step": step, "loss": round(float(np.mean(losses)), 5), "val_mean": mean,
                              "val_lowest": lowest, "s": round(time.time() - started)}), flush=True)
            losses = []
            if mean > best[0]:
                best, best_weights = (mean, lowest, step), student.float_weights()

    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    model = onnx.load(str(src / "model.onnx"))
    changed = write_back(model, best_weights)
    onnx.save(model, str(out / "model.onnx"))
    shutil.copy(src / "manifest.json", out / "manifest.json")
    print(json.dumps({"out": str(out / "model.onnx"), "best_step": best[2], "val_mean": best[0],
                      "val_lowest": best[1], "initializers_changed": changed}))


if __name__ == "__main__":
    main()
