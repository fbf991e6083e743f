// Reference outputs of nsfwjs' own MobileNetV2 model in tfjs (pure-JS CPU backend) for the
// conversion test. Needs tfjs and the package installed into ml/third_party/tfjs (ignored by git):
//
//   python -m pretrained --reference    (installs tfjs + nsfwjs there, writes the raw fixture, runs this)
//   node pretrained_reference.mjs third_party/fixture.rgb tests/fixtures/mobilenet_v2_reference.json
//
// input.rgb: 224 x 224 x 3 raw RGB bytes of tests/fixtures/mobilenet_v2_input.png.
// Writes JSON (nsfwjs logs to stdout, so not there): the package's probabilities through its own preprocessing (nsfwjs infer(): x / 255),
// and, for the Keras MobileNetV2 preprocessing our encoder uses (x / 127.5 - 1), the probabilities,
// the pooled `out_relu` features and samples of the `block_10_project_BN` map (the last ImageNet layer).
import { createRequire } from 'node:module';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(path.join(here, 'third_party/tfjs/package.json'));
const tf = require('@tensorflow/tfjs');
const nsfwjs = require('nsfwjs');

const SIZE = 224;
const bytes = readFileSync(process.argv[2]);
if (bytes.length !== SIZE * SIZE * 3) throw new Error(`expected ${SIZE * SIZE * 3} bytes, got ${bytes.length}`);

await tf.setBackend('cpu');
const model = await nsfwjs.load('MobileNetV2', { size: SIZE });
const img = tf.tensor3d(new Int32Array(bytes), [SIZE, SIZE, 3], 'int32');

const packageProbs = Array.from(await model.infer(img).data());

const keras = img.toFloat().div(127.5).sub(1).reshape([1, SIZE, SIZE, 3]);
const layer = (name) => model.model.layers.find((l) => l.name === name).output;
const probe = tf.model({
  inputs: model.model.inputs,
  outputs: [model.model.outputs[0], layer('out_relu'), layer('block_10_project_BN')],
});
const [probs, outRelu, block10] = probe.predict(keras);
const pooled = Array.from(await outRelu.mean([1, 2]).data());
const b10 = await block10.data(); // NHWC, 14 x 14 x 96
const [, bh, bw, bc] = block10.shape;
// Every channel at a fixed spread of positions (corners included: the Keras padding shows there).
const positions = [[0, 0], [0, bw - 1], [bh - 1, 0], [bh - 1, bw - 1], [3, 7], [7, 3], [7, 7], [10, 12], [12, 5]];
const samples = positions.map(([y, x]) => Array.from(b10.slice((y * bw + x) * bc, (y * bw + x + 1) * bc)));

writeFileSync(process.argv[3], JSON.stringify({
  source: 'nsfwjs 4.4.0 MobileNetV2 in @tensorflow/tfjs 4.22.0 (cpu backend)',
  backend: tf.getBackend(),
  classes: ['Drawing', 'Hentai', 'Neutral', 'Porn', 'Sexy'],
  package_infer_probs: packageProbs,
  keras_preprocess: {
    probs: Array.from(await probs.data()),
    out_relu_mean: pooled,
    block_10_project_BN: { shape: block10.shape, positions, values: samples },
  },
}, null, 1) + '\n');
