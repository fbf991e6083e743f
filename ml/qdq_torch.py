"""A trainable torch copy of an ONNX graph, float or QDQ INT8, for quantisation-aware distillation.

`GraphModule(graph_model, float_model)` runs `graph_model`'s nodes in torch. Every convolution
weight and bias is a float parameter named after the initializer of `float_model` (the fp32 model
after `quantize.prepare`) that it comes from. In a QDQ model built by `python -m quantize`, a
weight's DequantizeLinear becomes fake quantisation of that float parameter exactly as
onnxruntime's quantiser does it (int8, symmetric per output channel, scale = max |w| / 127), an
int32 bias becomes its float bias, and each activation QuantizeLinear keeps the model's own uint8
scale and zero point and rounds and clamps to them. Gradients pass straight through the rounding
and stop outside the clamp range. Nodes the build left float run in float, so the copy computes
what the INT8 build computes, up to onnxruntime's integer rounding.
"""
import numpy as np
import onnx
import torch
import torch.nn as nn
import torch.nn.functional as F
from onnx import numpy_helper

QUANTISED_SUFFIX = "_quantized"
WEIGHT_LEVELS = 127  # onnxruntime's symmetric int8 weights use -127..127


def fake_quantise(x, scale, zero_point, qmin, qmax):
    """Quantise-dequantise `x` on the grid (scale, zero_point, qmin..qmax); straight-through
    gradient inside the grid's range, zero outside it."""
    low, high = (qmin - zero_point) * scale, (qmax - zero_point) * scale
    clamped = torch.clamp(x, low, high)
    rounded = (torch.clamp(torch.round(x / scale) + zero_point, qmin, qmax) - zero_point) * scale
    return clamped + (rounded - clamped).detach()


def fake_quantise_weight(weight):
    """Per-output-channel symmetric int8, as onnxruntime quantises a Conv weight."""
    absmax = weight.detach().abs().flatten(1).amax(1).clamp_min(1e-12)
    scale = (absmax / WEIGHT_LEVELS).view(-1, *([1] * (weight.dim() - 1)))
    return fake_quantise(weight, scale, 0.0, -WEIGHT_LEVELS, WEIGHT_LEVELS)


def _key(name):
    """A parameter name torch accepts for an initializer name."""
    return name.replace(".", "_").replace("/", "|").replace(":", "_")


def _attrs(node):
    return {a.name: onnx.helper.get_attribute_value(a) for a in node.attribute}


def topological(nodes, known):
    known, pending, ordered = set(known) | {""}, list(nodes), []
    while pending:
        ready = [n for n in pending if all(i in known for i in n.input)]
        if not ready:
            raise ValueError("the graph has a cycle or an input nothing produces")
        ordered += ready
        for n in ready:
            known.update(n.output)
        pending = [n for n in pending if n not in ready]
    return ordered


class GraphModule(nn.Module):
    def __init__(self, graph_model, float_model, int8_biases=False):
        """With `int8_biases`, the biases start from the INT8 model's own (e.g. after bias
        correction, bias_correction.py) instead of the float model's."""
        super().__init__()
        graph = graph_model.graph
        floats = {t.name: numpy_helper.to_array(t) for t in float_model.graph.initializer}
        self.consts = {t.name: numpy_helper.to_array(t) for t in graph.initializer}
        for n in graph.node:
            if n.op_type == "Constant":
                self.consts[n.output[0]] = numpy_helper.to_array(_attrs(n)["value"])
        self.params = nn.ParameterDict()
        self.names = {}  # parameter key -> float initializer name
        self.source = {}  # tensor name -> (float initializer name, fake-quantise as a weight)
        for n in graph.node:
            if n.op_type == "DequantizeLinear" and n.input[0] in self.consts:
                name = n.input[0].removesuffix(QUANTISED_SUFFIX)
                self.source[n.output[0]] = (name, self.consts[n.input[0]].dtype == np.int8)
            elif n.op_type == "Conv":
                for i in n.input[1:]:
                    if i in self.consts and i in floats:
                        self.source[i] = (i, False)
        dequantised = self._int8_biases(graph) if int8_biases else {}
        for name, _ in self.source.values():
            if name not in floats:
                raise ValueError(f"{name}: not an initializer of the float model")
            value = dequantised.get(name, floats[name])
            self.params[_key(name)] = nn.Parameter(torch.from_numpy(value.astype(np.float32).copy()))
            self.names[_key(name)] = name
        produced = {o for n in graph.node for o in n.output}
        self.nodes = [n for n in topological(graph.node, [i.name for i in graph.input] + list(self.consts))
                      if n.op_type != "Constant" and not all(o in self.source for o in n.output)]
        self.nodes = [n for n in self.nodes if not (n.op_type == "DequantizeLinear" and n.output[0] in self.source)]
        self.input_name = graph.input[0].name
        self.output_name = graph.output[0].name
        assert self.output_name in produced
        self.quantise = True

    def _int8_biases(self, graph):
        """{float bias name: the INT8 model's int32 bias x its scale}."""
        out = {}
        for n in graph.node:
            if n.op_type == "DequantizeLinear" and self.consts.get(n.input[0], np.zeros(0)).dtype == np.int32:
                out[n.input[0].removesuffix(QUANTISED_SUFFIX)] = self.consts[n.input[0]] * self.consts[n.input[1]]
        return out

    def float_weights(self):
        """{float initializer name: numpy array} of the current parameters."""
        return {self.names[k]: p.detach().numpy().copy() for k, p in self.params.items()}

    def _value(self, env, name):
        if name in env:
            return env[name]
        if name in self.source:
            init, is_weight = self.source[name]
            p = self.params[_key(init)]
            return fake_quantise_weight(p) if is_weight and self.quantise else p
        return torch.as_tensor(np.array(self.consts[name]))

    def forward(self, x):
        env = {self.input_name: x}
        for n in self.nodes:
            ins = [self._value(env, i) if i else None for i in n.input]
            env[n.output[0]] = self._run(n, ins)
        return env[self.output_name]

    def _run(self, n, ins):
        op, a = n.op_type, _attrs(n)
        if op == "QuantizeLinear":
            if not self.quantise:
                return ins[0]
            scale, zp = float(ins[1]), self.consts[n.input[2]]
            info = np.iinfo(zp.dtype)
            return fake_quantise(ins[0], scale, float(zp), info.min, info.max)
        if op == "DequantizeLinear":
            return ins[0]  # the QuantizeLinear before it already dequantised
        if op == "Conv":
            pads = a.get("pads", [0, 0, 0, 0])
            x = F.pad(ins[0], (pads[1], pads[3], pads[0], pads[2])) if any(pads) else ins[0]
            return F.conv2d(x, ins[1], ins[2] if len(ins) > 2 else None, stride=a.get("strides", [1, 1]),
                            dilation=a.get("dilations", [1, 1]), groups=a.get("group", 1))
        if op == "Clip":
            return torch.clamp(ins[0], float(ins[1]), float(ins[2]))
        if op == "Add":
            return ins[0] + ins[1]
        if op == "Concat":
            return torch.cat(ins, a["axis"])
        if op == "ReduceMean":
            return ins[0].mean(tuple(a["axes"]), keepdim=bool(a.get("keepdims", 1)))
        if op == "Resize":
            if a.get("mode") != b"linear" or a.get("coordinate_transformation_mode") != b"half_pixel":
                raise NotImplementedError(f"{n.name}: only half-pixel linear resizes")
            if len(ins) > 3 and ins[3] is not None:
                return F.interpolate(ins[0], size=tuple(int(s) for s in ins[3][2:]), mode="bilinear",
                                     align_corners=False)
            scales = [float(s) for s in ins[2][2:]]
            return F.interpolate(ins[0], scale_factor=scales, mode="bilinear", align_corners=False)
        raise NotImplementedError(f"{n.name}: {op}")


def write_back(original, prepared_weights):
    """`original` (the fp32 model before `quantize.prepare`, modified in place) with the weights
    `prepared_weights` ({prepared initializer name: array}); the depthwise convolutions that
    `quantize.split_concat_depthwise` split get their parts joined again. Answers how many
    initializers changed."""
    split = {}
    for name in prepared_weights:
        if "/hullscope_split_" in name:
            conv, rest = name.split("/hullscope_split_")
            k, kind = rest.split("/")
            split.setdefault((conv, kind), {})[int(k)] = prepared_weights[name]
    inits = {t.name: t for t in original.graph.initializer}
    targets = dict((k, v) for k, v in prepared_weights.items() if k in inits)
    for n in original.graph.node:
        for kind, index in (("W", 1), ("B", 2)):
            if (n.name, kind) in split and len(n.input) > index:
                parts = split.pop((n.name, kind))
                targets[n.input[index]] = np.concatenate([parts[k] for k in sorted(parts)], 0)
    if split:
        raise ValueError(f"split weights with no convolution in the original model: {sorted(split)}")
    for name, value in targets.items():
        old = inits[name]
        if tuple(old.dims) != value.shape:
            raise ValueError(f"{name}: shape {value.shape} for {tuple(old.dims)}")
        old.CopyFrom(numpy_helper.from_array(value.astype(np.float32), name))
    return len(targets)
