import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type * as tfCore from '@tensorflow/tfjs-core';

/**
 * The dlib face recognition ResNet (dlib_face_recognition_resnet_model_v1: 29 convolutions
 * in residual blocks, a 150 px aligned face in, 128 values out, trained on about 3 million
 * faces with a metric loss so that one person's photos lie within 0.6 of each other),
 * in the TensorFlow.js weights that @vladmandic/face-api ships (`model/face_recognition_model`,
 * uint8-quantised, 6.4 MB). The network is not a graph model: its layers are run here with
 * the tfjs ops of the engine's backend, in dlib's order:
 *
 *   7x7/2 conv → 3x3/2 max pool → 3 blocks of 32 → down to 64, 3 blocks → down to 128,
 *   2 blocks → down to 256, 2 blocks → down again → mean over the map → 256 x 128 matrix.
 *
 * Every convolution is followed by dlib's affine layer (its batch norm, folded into a
 * scale and a shift). A downsampling block adds its input average-pooled 2x2 (zeros for
 * the new channels, and for the row and column the pooled map has more) to the block's
 * output.
 *
 * The descriptor of a face is the mean of the descriptors of its crop and of the crop
 * mirrored left to right (one batch of two): on the bench's set that lifts the genuine pairs
 * passing at ≤ 1/1000 false accepts from 73.2 % to 81.1 %, for about 40 ms more per
 * comparison (decision 0186, docs/benchmarks.md).
 */

type Tf = typeof tfCore;
type Tensor4D = tfCore.Tensor4D;

/** The chip the model was trained on: 150 px, the face's mean shape with 25 % padding. */
export const RESNET_INPUT_SIZE = 150;

/** The mean RGB the model's input is centred on (then divided by 255). */
const MEAN_RGB = [122.782, 117.001, 104.298] as const;

interface ConvParams {
  filters: tfCore.Tensor4D;
  bias: tfCore.Tensor1D;
  scale: tfCore.Tensor1D;
  shift: tfCore.Tensor1D;
}

const BLOCKS = [
  ['conv32_1', 'same'],
  ['conv32_2', 'same'],
  ['conv32_3', 'same'],
  ['conv64_down', 'down'],
  ['conv64_1', 'same'],
  ['conv64_2', 'same'],
  ['conv64_3', 'same'],
  ['conv128_down', 'down'],
  ['conv128_1', 'same'],
  ['conv128_2', 'same'],
  ['conv256_down', 'down'],
  ['conv256_1', 'same'],
  ['conv256_2', 'same'],
  ['conv256_down_out', 'down'],
] as const;

interface WeightsManifestGroup {
  paths: string[];
  weights: tfCore.io.WeightsManifestEntry[];
}

export interface ResnetFaceDescriptor {
  /** The 128 values of an aligned 150 x 150 RGB crop (values 0-255, row-major HWC). */
  describe(crop: Float32Array): Promise<number[]>;
}

/**
 * Reads the weights (`<base>-weights_manifest.json` and the files it names, beside it) and
 * returns the descriptor run with `tf`. Throws when a weight is missing or has another shape.
 */
export async function loadResnetFaceDescriptor(tf: Tf, base: string): Promise<ResnetFaceDescriptor> {
  const manifest = JSON.parse(await readFile(`${base}-weights_manifest.json`, 'utf8')) as WeightsManifestGroup[];
  const tensors: tfCore.NamedTensorMap = {};
  for (const group of manifest) {
    const parts = await Promise.all(group.paths.map((file) => readFile(path.join(path.dirname(base), file))));
    const bytes = Buffer.concat(parts);
    const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length);
    Object.assign(tensors, tf.io.decodeWeights(buffer, group.weights));
  }
  const take = <T extends tfCore.Tensor>(name: string, shape: number[]): T => {
    const tensor = tensors[name];
    if (!tensor) throw new Error(`descriptor weight missing: ${name}`);
    if (tensor.shape.join() !== shape.join()) throw new Error(`descriptor weight ${name}: ${JSON.stringify(tensor.shape)}`);
    return tensor as T;
  };
  const conv = (name: string, size: number, channelsIn: number, channelsOut: number): ConvParams => ({
    filters: take(`${name}/conv/filters`, [size, size, channelsIn, channelsOut]),
    bias: take(`${name}/conv/bias`, [channelsOut]),
    scale: take(`${name}/scale/weights`, [channelsOut]),
    shift: take(`${name}/scale/biases`, [channelsOut]),
  });
  const first = conv('conv32_down', 7, 3, 32);
  let channels = 32;
  const blocks = BLOCKS.map(([name, kind]) => {
    const channelsIn = channels;
    if (kind === 'down' && name !== 'conv256_down_out') channels *= 2;
    return { kind, conv1: conv(`${name}/conv1`, 3, channelsIn, channels), conv2: conv(`${name}/conv2`, 3, channels, channels) };
  });
  const fc = take<tfCore.Tensor2D>('fc', [256, 128]);

  const layer = (x: Tensor4D, p: ConvParams, stride: 1 | 2, relu: boolean): Tensor4D => {
    const convolved = tf.conv2d(x, p.filters, stride, stride === 2 ? 'valid' : 'same');
    const out = tf.add(tf.mul(tf.add(convolved, p.bias), p.scale), p.shift) as Tensor4D;
    return relu ? tf.relu(out) : out;
  };

  const forward = (input: Tensor4D): tfCore.Tensor2D => {
    let x = layer(input, first, 2, true);
    x = tf.maxPool(x, 3, 2, 'valid');
    for (const block of blocks) {
      if (block.kind === 'same') {
        x = tf.relu(tf.add(layer(layer(x, block.conv1, 1, true), block.conv2, 1, false), x) as Tensor4D);
        continue;
      }
      let out = layer(layer(x, block.conv1, 2, true), block.conv2, 1, false);
      let pooled: Tensor4D = tf.avgPool(x, 2, 2, 'valid');
      // A 3x3/2 valid convolution of an even map is one row and column short of the pool.
      const [, rows, cols] = pooled.shape;
      if (out.shape[1] !== rows || out.shape[2] !== cols)
        out = tf.pad(out, [
          [0, 0],
          [0, rows - out.shape[1]],
          [0, cols - out.shape[2]],
          [0, 0],
        ]);
      if (pooled.shape[3] !== out.shape[3])
        pooled = tf.pad(pooled, [
          [0, 0],
          [0, 0],
          [0, 0],
          [0, out.shape[3] - pooled.shape[3]],
        ]);
      x = tf.relu(tf.add(pooled, out) as Tensor4D);
    }
    return tf.matMul(tf.mean(x, [1, 2]) as tfCore.Tensor2D, fc);
  };

  return {
    async describe(crop) {
      if (crop.length !== RESNET_INPUT_SIZE * RESNET_INPUT_SIZE * 3) throw new Error(`descriptor input of ${crop.length} values`);
      const centred = new Float32Array(crop.length);
      for (let i = 0; i < crop.length; i++) centred[i] = (crop[i]! - MEAN_RGB[i % 3]!) / 255;
      const output = tf.tidy(() => {
        const input = tf.tensor4d(centred, [1, RESNET_INPUT_SIZE, RESNET_INPUT_SIZE, 3]);
        // The face and its mirror image in one batch, their descriptors averaged.
        const both = tf.concat([input, tf.reverse(input, 2)], 0) as Tensor4D;
        return tf.mean(forward(both), 0, true) as tfCore.Tensor2D;
      });
      try {
        return Array.from(await output.data());
      } finally {
        output.dispose();
      }
    },
  };
}
