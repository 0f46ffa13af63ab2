import type { FaceCheckConfig } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import type { FileStorage } from '../../plugins/file-storage.ts';
import type { FaceEngine } from './face-engine.ts';
import type { FaceCheckLimit } from './face-check-limit.ts';

/** What every face-check use case needs, plus the caller and the selfie. */
export interface FaceCheckOptions {
  db: Db;
  files: FileStorage;
  engine: FaceEngine;
  config: FaceCheckConfig;
  limit: FaceCheckLimit;
  now: Date;
  userId: number;
  imageKey: string;
}
