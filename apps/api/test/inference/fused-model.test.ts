import { readFileSync } from 'node:fs';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ModelManifest } from '@hullscope/contract';
import * as ort from 'onnxruntime-node';
import protobuf from 'protobufjs/minimal.js';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { checkModel } from '../../src/inference/check-model.js';
import { fuseModel } from '../../src/inference/fused-model.js';
import { runFused } from '../../src/inference/fused-session.js';
import {
  MODEL_FILE,
  type ModelFolder,
  listModelFolders,
  readModelFolder,
} from '../../src/inference/model-files.js';
import {
  DATA_TYPE,
  GRAPH,
  MODEL,
  NODE,
  OPSET,
  VALUE_INFO,
  concat,
  field,
  fieldsOf,
  nameOf,
  stringsOf,
  valueInfo,
} from '../../src/inference/onnx-wire.js';
import { roundUpToStride, toModelInput } from '../../src/inference/preprocess.js';
import { ModelOutputError, type Segmentation, segment } from '../../src/inference/segment.js';
import { SessionCache } from '../../src/inference/session-cache.js';
import type { RgbImage } from '../../src/media/renditions.js';
import { noiseImage } from '../support/images.js';
import { FIXTURE_MODELS_DIR } from '../support/test-app.js';

const sessions = new SessionCache(1);
afterAll(() => sessions.close());
const whole = { maxTilePixels: Number.MAX_SAFE_INTEGER };
const variantsDir = fileURLToPath(new URL('../fixtures/onnx-variants', import.meta.url));

/** Deterministic pseudo-random pixels, so every class appears in irregular patches. */
const noise = (width: number, height: number) => noiseImage(width, height, 99);

/**
 * The manifest's contract computed the long way: the bare model on (byte / 255 - mean) / std in
 * float32 (scale and offset rounded as the fused graph holds them), padded with edge pixels, then
 * the first largest logit per pixel; and the confidence, the mean over the image's pixels (padding
 * excluded) of the largest softmax probability.
 */
async function reference(
  folder: ModelFolder,
  manifest: ModelManifest,
  image: RgbImage,
): Promise<{ classes: Uint8Array; confidence: number }> {
  const bare = await ort.InferenceSession.create(path.join(folder.directory, MODEL_FILE));
  try {
    const { mean, std, stride } = manifest.input;
    const width = roundUpToStride(image.width, stride);
    const height = roundUpToStride(image.height, stride);
    const input = new Float32Array(3 * width * height);
    for (let channel = 0; channel < 3; channel += 1) {
      const scale = Math.fround(1 / (255 * std[channel]!));
      const offset = Math.fround(-mean[channel]! / std[channel]!);
      for (let y = 0; y < height; y += 1) {
        for (let x = 0; x < width; x += 1) {
          const source = (Math.min(y, image.height - 1) * image.width + Math.min(x, image.width - 1)) * 3;
          const byte = image.data[source + channel]!;
          input[(channel * height + y) * width + x] = Math.fround(Math.fround(byte * scale) + offset);
        }
      }
    }
    const output = await bare.run({
      [bare.inputNames[0]!]: new ort.Tensor('float32', input, [1, 3, height, width]),
    });
    const logits = output[bare.outputNames[0]!]!.data as Float32Array;
    const classCount = manifest.classes.length;
    const classes = new Uint8Array(image.width * image.height);
    let probabilitySum = 0;
    for (let y = 0; y < image.height; y += 1) {
      for (let x = 0; x < image.width; x += 1) {
        const logit = (k: number) => logits[(k * height + y) * width + x]!;
        let best = 0;
        for (let k = 1; k < classCount; k += 1) if (logit(k) > logit(best)) best = k;
        classes[y * image.width + x] = best;
        let expSum = 0;
        for (let k = 0; k < classCount; k += 1) expSum += Math.exp(logit(k) - logit(best));
        probabilitySum += 1 / expSum;
      }
    }
    return { classes, confidence: probabilitySum / (image.width * image.height) };
  } finally {
    await bare.release();
  }
}

/** The model file with its default-domain opset import set to `version` (the fixture's Conv is the same there). */
function withDefaultOpset(model: Uint8Array, version: number): Uint8Array {
  const opsetId = protobuf.Writer.create()
    .uint32((OPSET.domain << 3) | 2)
    .string('');
  opsetId.uint32(OPSET.version << 3).int64(version);
  return concat(
    fieldsOf(model).map((kept) =>
      kept.number === MODEL.opsetImport && nameOf(kept.value!, OPSET.domain) === ''
        ? field(MODEL.opsetImport, opsetId.finish())
        : kept.encoded,
    ),
  );
}

/** The model file with its output declared with `dims`, its real logits unchanged. */
function withDeclaredLogits(model: Uint8Array, dims: (number | string)[]): Uint8Array {
  return concat(
    fieldsOf(model).map((kept) => {
      if (kept.number !== MODEL.graph) return kept.encoded;
      const graph = fieldsOf(kept.value!);
      const output = graph.find((candidate) => candidate.number === GRAPH.output)!;
      const declared = valueInfo(nameOf(output.value!, VALUE_INFO.name), DATA_TYPE.float, dims);
      return field(
        MODEL.graph,
        concat(graph.map((item) => (item === output ? field(GRAPH.output, declared) : item.encoded))),
      );
    }),
  );
}

/**
 * The model file with its output's class dimension declared as a symbol: the fused graph then cannot
 * split the logits per class and reduces over the class axis instead (fused-classes.ts).
 */
const withSymbolicClasses = (model: Uint8Array) =>
  withDeclaredLogits(model, [1, 'classes', 'height', 'width']);

/** The op types of a model file's graph nodes. */
function opTypes(model: Uint8Array): Set<string> {
  const graph = fieldsOf(fieldsOf(model).find((candidate) => candidate.number === MODEL.graph)!.value!);
  return new Set(
    graph.filter((item) => item.number === GRAPH.node).map((item) => stringsOf(item.value!, NODE.opType)[0]!),
  );
}

/** Segments `image` whole with the fused model of a model file's bytes, written to a temporary folder. */
async function segmentWithModel(
  modelBytes: Uint8Array,
  manifest: ModelManifest,
  image: RgbImage,
): Promise<Segmentation> {
  const directory = await mkdtemp(path.join(tmpdir(), 'hullscope-model-variant-'));
  try {
    const file = path.join(directory, MODEL_FILE);
    await writeFile(file, modelBytes);
    return await segment(await sessions.get(file, manifest.input), manifest, image, whole);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

function mismatches(a: Uint8Array, b: Uint8Array): number {
  let count = 0;
  for (let index = 0; index < a.length; index += 1) if (a[index] !== b[index]) count += 1;
  return count;
}

/** Two segmentations of one image answer the same classes, pixel for pixel, and the same confidence. */
function expectSameAnswers(actual: Segmentation, expected: Segmentation): void {
  expect(mismatches(actual.classes, expected.classes)).toBe(0);
  expect(actual.confidence).toBeCloseTo(expected.confidence, 6);
}

/** The color-classes fixture's model bytes with the first weight of its convolution (1.0) set to `weight`. */
function withFirstWeight(bytes: Buffer, weight: number): Buffer {
  const weights = Buffer.from(Float32Array.from([1.0, -0.5, -0.5]).buffer);
  const at = bytes.indexOf(weights);
  if (at < 0) throw new Error("the fixture's weights were not found");
  const variant = Buffer.from(bytes);
  Buffer.from(Float32Array.from([weight]).buffer).copy(variant, at);
  return variant;
}

/** The color-classes fixture's folder and its model file's bytes. */
async function colorClasses(): Promise<{ folder: ModelFolder; bytes: Buffer }> {
  const folder = await readModelFolder(path.join(FIXTURE_MODELS_DIR, 'color-classes'));
  return { folder, bytes: await readFile(path.join(folder.directory, MODEL_FILE)) };
}

describe('the fused model (normalisation and argmax inside onnxruntime)', () => {
  it('answers exactly what the bare model answers with the manifest normalisation, per channel', async () => {
    const folder = await readModelFolder(path.join(FIXTURE_MODELS_DIR, 'color-classes'));
    // Different mean and std per channel, so a swapped channel or a skipped step changes classes.
    const manifest: ModelManifest = {
      ...folder.manifest,
      input: { ...folder.manifest.input, mean: [0.6, 0.1, 0.3], std: [0.5, 1.5, 0.8] },
    };
    const image = noise(101, 67);
    const session = await sessions.get(path.join(folder.directory, MODEL_FILE), manifest.input);
    const fused = await segment(session, manifest, image, whole);
    const expected = await reference(folder, manifest, image);
    expect(mismatches(fused.classes, expected.classes)).toBe(0);
    // The normalisation matters here: without it the same image gets other classes.
    const plain = await reference(folder, folder.manifest, image);
    expect(mismatches(plain.classes, expected.classes)).toBeGreaterThan(1000);
  });

  it("answers the mean of the pixels' largest class probability, padding and tile margins left out", async () => {
    // The fixture decides each pixel from its own colour, so tiling cannot change a pixel's
    // probabilities: the tiled and whole-image confidence differ only if a pixel is counted twice
    // (overlapping margins) or padding is counted.
    const folder = await readModelFolder(path.join(FIXTURE_MODELS_DIR, 'color-classes'));
    const session = await sessions.get(path.join(folder.directory, MODEL_FILE), folder.manifest.input);
    // 301 × 203 pads to 320 × 224; at 128² per run it is cut into several overlapping tiles.
    const image = noise(301, 203);
    const expected = await reference(folder, folder.manifest, image);
    const classCount = folder.manifest.classes.length;
    expect(expected.confidence).toBeGreaterThan(1 / classCount);
    expect(expected.confidence).toBeLessThan(1);
    const wholeImage = await segment(session, folder.manifest, image, whole);
    expect(wholeImage.confidence).toBeCloseTo(expected.confidence, 5);
    const tiled = await segment(session, folder.manifest, image, { maxTilePixels: 128 * 128 });
    expect(tiled.confidence).toBeCloseTo(expected.confidence, 5);
  });

  it('splits the logits per class where the model declares its class count, and reduces over them otherwise', async () => {
    const { folder, bytes } = await colorClasses();
    const declared = opTypes(fuseModel(bytes, folder.manifest.input));
    expect(declared.has('Split')).toBe(true);
    expect(declared.has('ArgMax')).toBe(false);
    const symbolic = opTypes(fuseModel(withSymbolicClasses(bytes), folder.manifest.input));
    expect(symbolic.has('ArgMax')).toBe(true);
    expect(symbolic.has('Split')).toBe(false);

    const image = noise(301, 203);
    const split = await segmentWithModel(bytes, folder.manifest, image);
    const reduced = await segmentWithModel(withSymbolicClasses(bytes), folder.manifest, image);
    expect(new Set(split.classes).size).toBe(4);
    expectSameAnswers(split, reduced);
  });

  it('reduces over the class axis where the declared class count cannot be trusted, and answers the same', async () => {
    const { folder, bytes } = await colorClasses();
    const image = noise(70, 45);
    const plain = await segmentWithModel(bytes, folder.manifest, image);
    // Beyond a uint32 (read whole, not wrapped to 4) and a rank other than 4: not split at all.
    for (const dims of [
      [1, 2 ** 32 + 4, 'height', 'width'],
      [1, 4, 'height'],
    ]) {
      expect(opTypes(fuseModel(withDeclaredLogits(bytes, dims), folder.manifest.input)).has('Split')).toBe(
        false,
      );
    }
    // A stale declaration (6 classes; the logits have 4): the split graph is refused by
    // onnxruntime, and the session falls back to reducing.
    const stale = withDeclaredLogits(bytes, [1, 6, 'height', 'width']);
    expect(opTypes(fuseModel(stale, folder.manifest.input)).has('Split')).toBe(true);
    const fused = await segmentWithModel(stale, folder.manifest, image);
    expectSameAnswers(fused, plain);
  });

  it('gives a tied pixel the first of its largest classes, as ArgMax does', async () => {
    const { folder, bytes } = await colorClasses();
    // Red = green > blue ties classes 1 and 2, green = blue > red ties 2 and 3, red = blue > green
    // ties 1 and 3; grey ties 1 to 3 below Background's bias.
    const pixels: [number[], number][] = [
      [[200, 200, 40], 1],
      [[40, 200, 200], 2],
      [[200, 40, 200], 1],
      [[180, 180, 180], 0],
      [[250, 10, 10], 1],
      [[10, 10, 250], 3],
    ];
    const image = {
      data: Buffer.from(pixels.flatMap(([rgb]) => rgb)),
      width: pixels.length,
      height: 1,
    };
    const expected = Uint8Array.from(pixels, ([, label]) => label);
    expect((await reference(folder, folder.manifest, image)).classes).toEqual(expected);
    const opset7 = await readFile(path.join(variantsDir, 'ir3-initializers-as-inputs.onnx'));
    for (const variant of [bytes, withSymbolicClasses(bytes), opset7]) {
      expect((await segmentWithModel(variant, folder.manifest, image)).classes).toEqual(expected);
    }
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY])(
    'fails an image whose logits are not numbers (a weight of %s) rather than naming a class for it',
    async (broken) => {
      const { folder, bytes } = await colorClasses();
      const variant = withFirstWeight(bytes, broken);
      await expect(segmentWithModel(variant, folder.manifest, noise(70, 45))).rejects.toThrow(
        ModelOutputError,
      );
    },
  );

  it('refuses a model whose logits have another class count than its manifest', async () => {
    const folder = await readModelFolder(path.join(FIXTURE_MODELS_DIR, 'color-classes'));
    const manifest = { ...folder.manifest, classes: folder.manifest.classes.slice(0, 3) };
    const session = await sessions.get(path.join(folder.directory, MODEL_FILE), manifest.input);
    await expect(segment(session, manifest, noise(40, 30), whole)).rejects.toThrow(
      'model output is 1x4x32x64, expected 1x3x32x64 (manifest classes)',
    );
  });

  it('says so when the file is not an ONNX model', async () => {
    const { manifest } = await readModelFolder(path.join(FIXTURE_MODELS_DIR, 'color-classes'));
    expect(() => fuseModel(Buffer.from('this is not a model, just text\n'), manifest.input)).toThrow(
      'the file is not an ONNX model (no readable graph)',
    );
  });

  it('carries the model-level fields and the weights over unchanged', async () => {
    const { folder, bytes } = await colorClasses();
    const fused = Buffer.from(fuseModel(bytes, folder.manifest.input));
    // The producer name (model level) and the weights (graph level) are carried over unchanged.
    expect(fused.includes('hullscope-tests')).toBe(true);
    const weight = Buffer.from(Float32Array.from([1.0, -0.5, -0.5]).buffer);
    expect(fused.includes(weight)).toBe(true);
  });
});

describe('model packaging the fused model handles', () => {
  it.each(['ir3-initializers-as-inputs.onnx', 'doc-string-mentions-prefix.onnx'])(
    'accepts %s and answers as the plain fixture does',
    async (file) => {
      const folder = await readModelFolder(path.join(FIXTURE_MODELS_DIR, 'color-classes'));
      const image = noise(70, 45);
      const plain = await segment(
        await sessions.get(path.join(folder.directory, MODEL_FILE), folder.manifest.input),
        folder.manifest,
        image,
        whole,
      );
      const variant = await segment(
        await sessions.get(path.join(variantsDir, file), folder.manifest.input),
        folder.manifest,
        image,
        whole,
      );
      expect(new Set(plain.classes).size).toBe(4);
      expect(mismatches(variant.classes, plain.classes)).toBe(0);
      // ir3 is opset 7: the reductions of the confidence take their axes as attributes there.
      expect(variant.confidence).toBeCloseTo(plain.confidence, 6);
    },
  );

  it('answers the same at opset 11, where Squeeze takes its axes as an attribute, and at 18, where Split needs its output count and ReduceMax its axes as an input', async () => {
    const { folder, bytes } = await colorClasses();
    const image = noise(70, 45);
    const plain = await segmentWithModel(bytes, folder.manifest, image);
    const variants = [
      withDefaultOpset(bytes, 11),
      withDefaultOpset(bytes, 18),
      withSymbolicClasses(withDefaultOpset(bytes, 18)),
    ];
    for (const variant of variants) {
      const fused = await segmentWithModel(variant, folder.manifest, image);
      expectSameAnswers(fused, plain);
    }
  });

  it.each([
    ['opset6.onnx', "the model's ONNX opset is 6; opset 7 or later is needed"],
    [
      'reserved-name.onnx',
      'the model has a tensor named "hullscope/conv"; names starting with hullscope/ are reserved',
    ],
    [
      'external-data.onnx',
      'the model keeps its weights in external data files; save it as one self-contained file',
    ],
  ])('refuses %s, saying why', async (file, reason) => {
    const { manifest } = await readModelFolder(path.join(FIXTURE_MODELS_DIR, 'color-classes'));
    expect(() => fuseModel(readFileSync(path.join(variantsDir, file)), manifest.input)).toThrow(reason);
  });

  it('is checked when a model is added, before its first prediction', async () => {
    const fixture = path.join(FIXTURE_MODELS_DIR, 'color-classes');
    const directory = await mkdtemp(path.join(tmpdir(), 'hullscope-check-model-'));
    try {
      await copyFile(path.join(fixture, 'manifest.json'), path.join(directory, 'manifest.json'));
      await copyFile(path.join(variantsDir, 'opset6.onnx'), path.join(directory, MODEL_FILE));
      const folder = await readModelFolder(directory);
      await expect(checkModel(folder)).rejects.toThrow(
        `${folder.key}: the pipeline cannot run this model: ${path.join(directory, MODEL_FILE)}: the model's ONNX opset is 6`,
      );
      const bytes = await readFile(path.join(fixture, MODEL_FILE));
      await writeFile(path.join(directory, MODEL_FILE), withFirstWeight(bytes, Number.NaN));
      await expect(checkModel(folder)).rejects.toThrow(
        `${folder.key}: the model gives no usable answer: the model's output for this image is not a number`,
      );
      await copyFile(path.join(fixture, MODEL_FILE), path.join(directory, MODEL_FILE));
      await expect(checkModel(folder)).resolves.toBeUndefined();
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});

const bundledDir = fileURLToPath(new URL('../../../../models', import.meta.url));
describe.each((await listModelFolders(bundledDir)).map((directory) => [path.basename(directory), directory]))(
  'bundled model %s, fused',
  (_, directory) => {
    it('matches the bare model at an odd size', async () => {
      const folder = await readModelFolder(directory);
      // Blurred noise: patches of colour and texture, so the model answers several classes.
      const speckled = noise(201, 133);
      const { data, info } = await sharp(speckled.data, { raw: { width: 201, height: 133, channels: 3 } })
        .blur(2)
        .raw()
        .toBuffer({ resolveWithObject: true });
      const image = { data, width: info.width, height: info.height };
      const session = await sessions.get(path.join(folder.directory, MODEL_FILE), folder.manifest.input);
      const fused = await segment(session, folder.manifest, image, whole);
      const expected = await reference(folder, folder.manifest, image);
      // Deep nets may round a near-tie differently after graph optimisation: allow 0.1 % of pixels.
      expect(mismatches(fused.classes, expected.classes)).toBeLessThanOrEqual(
        Math.floor(0.001 * expected.classes.length),
      );
      expect(new Set(fused.classes).size).toBeGreaterThan(1);
      expect(fused.confidence).toBeCloseTo(expected.confidence, 4);

      // Split per class (how it runs) and reduced over the class axis: the same bytes.
      const reduced = await segmentWithModel(
        withSymbolicClasses(await readFile(path.join(folder.directory, MODEL_FILE))),
        folder.manifest,
        image,
      );
      expectSameAnswers(fused, reduced);
    });

    it("upsamples its logits by sizes read from the shape, with the same answers as by the model's own scales", async () => {
      const folder = await readModelFolder(directory);
      const bytes = await readFile(path.join(folder.directory, MODEL_FILE));
      const fused = fuseModel(bytes, folder.manifest.input);
      const resize = logitsResize(fused);
      expect(resize.inputs[2]).toBe('');
      expect(resize.inputs[3]).toBeTruthy();
      expect(
        logitsResize(fuseModel(bytes, folder.manifest.input, { logitsBySizes: false })).inputs,
      ).toHaveLength(3);

      const image = noise(333, 250);
      const bySizes = await runWhole(fused, folder.manifest, image);
      const byScales = await runWhole(
        fuseModel(bytes, folder.manifest.input, { logitsBySizes: false }),
        folder.manifest,
        image,
      );
      expect(new Set(bySizes.classes).size).toBeGreaterThan(1);
      expect(mismatches(bySizes.classes, byScales.classes)).toBe(0);
      expect(bySizes.confidenceSum).toBeCloseTo(byScales.confidenceSum, 0);
    });
  },
);

/** A fused model's bytes run in onnxruntime on the whole of `image`, padded to the stride. */
async function runWhole(
  fused: Uint8Array,
  manifest: ModelManifest,
  image: RgbImage,
): Promise<{ classes: Uint8Array; confidenceSum: number }> {
  const session = await ort.InferenceSession.create(fused);
  try {
    const region = { x: 0, y: 0, width: image.width, height: image.height };
    const { classes, confidenceSum } = await runFused(
      session,
      toModelInput(image, region, manifest.input.stride),
      region,
    );
    return { classes: Uint8Array.from(classes), confidenceSum };
  } finally {
    await session.release();
  }
}

/** The inputs of the node that writes the logits in a fused model's graph. */
function logitsResize(model: Uint8Array): { opType: string; inputs: string[] } {
  const graph = fieldsOf(fieldsOf(model).find((candidate) => candidate.number === MODEL.graph)!.value!);
  const nodes = graph.filter((item) => item.number === GRAPH.node).map((item) => item.value!);
  const logits = stringsOf(
    nodes.find((item) => stringsOf(item, NODE.opType)[0] === 'Split')!,
    NODE.input,
  )[0]!;
  const writer = nodes.find((item) => stringsOf(item, NODE.output).includes(logits))!;
  return { opType: stringsOf(writer, NODE.opType)[0]!, inputs: stringsOf(writer, NODE.input) };
}
