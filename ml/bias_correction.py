"""Empirical bias correction of a QDQ INT8 model: each quantised convolution's mean output error,
measured on calibration images against the fp32 model, is taken out of its bias.

Quantising weights and the activations upstream shifts the mean of a convolution's output per
channel (rounding is not zero-mean once ReLU6 and the uint8 grid cut it); the shift adds up through
the network and moves the logits. The convolutions are corrected one at a time in graph order,
each measured with every earlier correction in place, so an upstream correction is not counted
twice. The bias stays int32 (scale = input scale x weight scale), so the corrected model runs the
same INT8 kernels.
"""
import numpy as np
import onnx
import onnxruntime as ort


def _session(model):
    options = ort.SessionOptions()
    options.log_severity_level = 3
    return ort.InferenceSession(model.SerializeToString(), options, providers=["CPUExecutionProvider"])


def _with_outputs(model, names):
    probe = onnx.ModelProto()
    probe.CopyFrom(model)
    del probe.graph.output[:]
    for name in names:
        probe.graph.output.append(onnx.helper.make_empty_tensor_value_info(name))
    return probe


def _channel_means(model, names, inputs):
    """The per-channel mean of each tensor `names` over all `inputs` (float64)."""
    sess = _session(_with_outputs(model, names))
    sums = None
    for feed in inputs:
        values = [v.astype(np.float64).mean(axis=(0, 2, 3)) for v in sess.run(list(names), feed)]
        sums = values if sums is None else [s + v for s, v in zip(sums, values)]
    return [s / len(inputs) for s in sums]


def correctable_convs(model):
    """The quantised Convs whose bias is an int32 initializer behind a DequantizeLinear, in graph
    order, each as (conv node, bias initializer, bias scale initializer)."""
    graph = model.graph
    producer = {o: n for n in graph.node for o in n.output}
    inits = {t.name: t for t in graph.initializer}
    found = []
    for n in graph.node:
        if n.op_type != "Conv" or len(n.input) < 3:
            continue
        dq = producer.get(n.input[2])
        if dq is None or dq.op_type != "DequantizeLinear" or dq.input[0] not in inits or dq.input[1] not in inits:
            continue
        if inits[dq.input[0]].data_type != onnx.TensorProto.INT32:
            continue
        found.append((n, inits[dq.input[0]], inits[dq.input[1]]))
    return found


def _as_read(model, name):
    """The tensor the next layer reads for the Conv output `name`: its QuantizeLinear's
    DequantizeLinear when it has one (the quantiser names a Conv output after the ReLU6 it absorbed,
    whose clipping only that quantisation does), else `name`."""
    consumers = {}
    for n in model.graph.node:
        for i in n.input:
            consumers.setdefault(i, []).append(n)
    q = [n for n in consumers.get(name, []) if n.op_type == "QuantizeLinear"]
    dq = [n for n in consumers.get(q[0].output[0], []) if n.op_type == "DequantizeLinear"] if q else []
    return dq[0].output[0] if dq else name


def correct_biases(quantised, reference, inputs, log=None):
    """Corrects the biases of the QDQ model `quantised` (in place) against the fp32 model `reference`
    (whose tensors carry the same names) on `inputs` (feeds); answers how many were changed."""
    convs = correctable_convs(quantised)
    names = [n.output[0] for n, _, _ in convs]
    float_means = _channel_means(reference, names, inputs)
    changed = 0
    for (conv, bias, scale), target in zip(convs, float_means):
        (measured,) = _channel_means(quantised, [_as_read(quantised, conv.output[0])], inputs)
        error = measured - target
        step = onnx.numpy_helper.to_array(scale).astype(np.float64)
        values = onnx.numpy_helper.to_array(bias).astype(np.int64) - np.round(error / step).astype(np.int64)
        bias.CopyFrom(onnx.numpy_helper.from_array(values.astype(np.int32), bias.name))
        changed += 1
        if log:
            log(f"{conv.name}: mean |error| {np.abs(error).mean():.4f}")
    return changed
