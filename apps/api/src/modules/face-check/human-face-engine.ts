import { access, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sharp, { type OutputInfo } from 'sharp';
import { FaceEngineUnavailableError, FaceImageUnreadableError, type DetectedFace, type FaceAnalysis, type FaceEngine } from './face-engine.ts';

/**
 * The face engine on @vladmandic/human 3 with the TensorFlow.js WASM backend, all offline:
 * the models (blazeface detector, facemesh, faceres descriptor, antispoof, liveness) are
 * read from the package's own `models/` folder and the WASM binaries from
 * @tensorflow/tfjs-backend-wasm, through a `fetch` that answers `file://` URLs from disk
 * (other URLs go to Node's fetch unchanged; every URL given to Human is a file:// one, so
 * nothing is fetched from a hub). Human's package exports
 * do not name the node-wasm build, so it is imported by its full path.
 *
 * Loaded once, lazily (first analysis), and shared by every request of the process; the
 * analyses run one at a time (tfjs keeps one global backend state). Memory: +143 MB of
 * resident memory once loaded (the WASM heap with the weights, ~10 MB of model files, the
 * tfjs and Human code), measured by `npm run bench:kyc -- face` (docs/benchmarks.md).
 */

const require = createRequire(import.meta.url);

/** Larger photos are scaled down first: the detector works at 256 px, the crops at 112-256 px. */
const MAX_SIDE = 800;

/** Human's names of the models the check needs. */
const REQUIRED_MODELS = ['blazeface', 'facemesh', 'faceres', 'antispoof', 'liveness'];

interface HumanResultFace {
  box: [number, number, number, number];
  score: number;
  real?: number;
  live?: number;
  embedding?: number[];
}
interface HumanInstance {
  load(): Promise<void>;
  models: { loaded(): string[] };
  warmup(): Promise<unknown>;
  detect(input: unknown): Promise<{ face: HumanResultFace[] }>;
  match: { similarity(a: number[], b: number[], options?: Record<string, unknown>): number };
  tf: {
    tensor3d(values: Uint8Array, shape: [number, number, number], dtype: 'int32'): { dispose(): void };
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

export interface HumanFaceEngineOptions {
  /** Folder of Human's models; default: the package's own `models/`. */
  modelDir?: string;
}

export function humanModelDir(): string {
  return path.resolve(path.dirname(require.resolve('@vladmandic/human')), '..', 'models');
}

export function createHumanFaceEngine(options: HumanFaceEngineOptions = {}): FaceEngine & { ready(): Promise<void> } {
  let loading: Promise<HumanInstance> | null = null;
  let loaded: HumanInstance | null = null;
  let queue: Promise<unknown> = Promise.resolve();

  async function load(): Promise<HumanInstance> {
    installFileFetch();
    const modelDir = options.modelDir ?? humanModelDir();
    // Human logs a model it cannot read and goes on without it (and then crashes in
    // detect): every model of the check must be there, or no verdict is given.
    for (const name of REQUIRED_MODELS) {
      for (const file of [`${name}.json`, `${name}.bin`]) {
        await access(path.join(modelDir, file)).catch(() => {
          throw new Error(`model file missing: ${path.join(modelDir, file)}`);
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
        description: { enabled: true },
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
    const before = { uncaughtException: process.listeners('uncaughtException'), unhandledRejection: process.listeners('unhandledRejection') };
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
    const missing = REQUIRED_MODELS.filter((name) => !human.models.loaded().includes(name));
    if (missing.length > 0) throw new Error(`models not loaded: ${missing.join(', ')}`);
    if (human.tf.getBackend() !== 'wasm') throw new Error(`backend ${human.tf.getBackend()} instead of wasm`);
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
      const faces: DetectedFace[] = result.face.map((face) => ({
        box: face.box,
        score: face.score,
        real: face.real ?? 0,
        live: face.live ?? 0,
        brightness: meanLuminance(data, info.width, face.box),
        descriptor: face.embedding ?? [],
      }));
      return { width: info.width, height: info.height, brightness, faces };
    } catch (error) {
      throw new FaceEngineUnavailableError(`face analysis failed: ${(error as Error).message}`, { cause: error });
    } finally {
      tensor.dispose();
    }
  }

  return {
    async ready() {
      await instance();
    },
    analyse(image) {
      const run = queue.then(() => analyseNow(image));
      queue = run.catch(() => undefined);
      return run;
    },
    similarity(a, b) {
      if (!loaded || a.length === 0 || a.length !== b.length) return 0;
      // Human's own measure: Euclidean distance, multiplier 25, mapped from 0.2-0.8 to 0-1.
      return loaded.match.similarity(a, b);
    },
  };
}

const shared = new Map<string, FaceEngine & { ready(): Promise<void> }>();

/** One engine per model folder for the whole process (tests build several apps; the models load once). */
export function sharedHumanFaceEngine(options: HumanFaceEngineOptions = {}): FaceEngine & { ready(): Promise<void> } {
  const key = options.modelDir ?? '';
  let engine = shared.get(key);
  if (!engine) {
    engine = createHumanFaceEngine(options);
    shared.set(key, engine);
  }
  return engine;
}
