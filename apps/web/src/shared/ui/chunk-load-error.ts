/** SPEC.md section 8: a page or component chunk that fails (or takes too long) to load. */
export class ChunkLoadError extends Error {
  constructor(cause?: unknown) {
    super(cause instanceof Error ? cause.message : 'chunk load failed', { cause });
    this.name = 'ChunkLoadError';
  }
}

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && error.name === 'ChunkLoadError';
}
