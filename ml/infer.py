"""ONNX inference exactly as the app does it: RGB/255, (x-mean)/std, pad to stride, argmax, crop."""
import json
from pathlib import Path

import numpy as np
import onnxruntime as ort

from common import pad_to_stride


class OnnxSegmenter:
    def __init__(self, model_dir, threads=2):
        model_dir = Path(model_dir)
        self.manifest = json.loads((model_dir / "manifest.json").read_text())
        opts = ort.SessionOptions()
        opts.intra_op_num_threads = threads
        opts.inter_op_num_threads = 1
        self.session = ort.InferenceSession(str(model_dir / "model.onnx"), opts, providers=["CPUExecutionProvider"])
        inp = self.manifest["input"]
        self.mean = np.array(inp["mean"], np.float32).reshape(1, 3, 1, 1)
        self.std = np.array(inp["std"], np.float32).reshape(1, 3, 1, 1)
        self.stride = inp["stride"]

    def logits(self, rgb_u8):
        padded, (h, w) = pad_to_stride(rgb_u8, self.stride)
        x = padded.transpose(2, 0, 1)[None].astype(np.float32) / 255.0
        x = (x - self.mean) / self.std
        out = self.session.run(["logits"], {"input": x})[0]
        return out[0, :, :h, :w]

    def predict(self, rgb_u8):
        return self.logits(rgb_u8).argmax(0).astype(np.uint8)
