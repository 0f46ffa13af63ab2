/**
 * The seam between the face-check rules and a face model. The rules (what counts as one
 * centred face, a live photo, the same person) live in the use cases; an engine only
 * measures. `human-face-engine.ts` is the real one (@vladmandic/human, offline models).
 */

/** One detected face, in pixels of the analysed image. */
export interface DetectedFace {
  /** [x, y, width, height]. */
  box: [number, number, number, number];
  /** Detector confidence, 0-1. */
  score: number;
  /** Anti-spoofing model: 1 = a real face, 0 = a screen or print. */
  real: number;
  /** Liveness model: 1 = a live face. */
  live: number;
  /** Mean luminance inside the face box, 0-255. */
  brightness: number;
  /** The face descriptor (embedding) for comparisons; never stored. */
  descriptor: number[];
  /**
   * The face mesh: 468 landmarks [x, y] in pixels of the analysed image (empty when the
   * mesh model gave none). Used for the head's motion over a capture; never stored.
   */
  mesh: Array<[number, number]>;
  /** Head rotation in degrees (yaw: + = the face turned to the image's left; pitch: + = down), or null. */
  rotation: { yaw: number; pitch: number } | null;
}

export interface FaceAnalysis {
  width: number;
  height: number;
  /** Mean luminance of the whole image, 0-255. */
  brightness: number;
  faces: DetectedFace[];
}

export interface FaceEngine {
  /**
   * Decodes and analyses one image; throws FaceImageUnreadableError for bytes that are not
   * a picture, FaceEngineUnavailableError if the models cannot run.
   */
  analyse(image: Buffer): Promise<FaceAnalysis>;
  /** Similarity of two descriptors, 0 (different) to 1 (identical). */
  similarity(a: number[], b: number[]): number;
}

/** The models could not be loaded or run: the check fails closed (no verdict). */
export class FaceEngineUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'FaceEngineUnavailableError';
  }
}

/** The bytes are not a picture the engine can decode. */
export class FaceImageUnreadableError extends Error {
  constructor() {
    super('image cannot be decoded');
    this.name = 'FaceImageUnreadableError';
  }
}
