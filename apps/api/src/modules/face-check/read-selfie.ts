import { FACE_IMAGE_NOT_FOUND, FACE_IMAGE_UNREADABLE, FACE_UNAVAILABLE } from '@app/contract/messages/face-check.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors/app-error.ts';
import type { FileStorage } from '../../plugins/file-storage.ts';
import { readOwnImage } from '../uploads/index.ts';
import { FaceEngineUnavailableError, FaceImageUnreadableError, type FaceAnalysis, type FaceEngine } from './face-engine.ts';

/** The bytes of an own upload; another user's key and a missing one look alike. */
export async function readOwnPhoto(options: {
  db: Db;
  files: FileStorage;
  userId: number;
  key: string;
  missing?: string;
}): Promise<Buffer> {
  const image = await readOwnImage(options);
  if (!image)
    throw new AppError('BUSINESS_RULE', { userMessage: options.missing ?? FACE_IMAGE_NOT_FOUND, message: 'face image not an own upload' });
  return image.bytes;
}

/** Runs the engine; a model that cannot run fails closed with FACE_UNAVAILABLE (no verdict). */
export async function analyseOrUnavailable(engine: FaceEngine, image: Buffer): Promise<FaceAnalysis> {
  try {
    return await engine.analyse(image);
  } catch (error) {
    if (error instanceof FaceImageUnreadableError) {
      throw new AppError('BUSINESS_RULE', { userMessage: FACE_IMAGE_UNREADABLE, message: 'face image cannot be decoded' });
    }
    if (error instanceof FaceEngineUnavailableError) {
      throw new AppError('BUSINESS_RULE', { userMessage: FACE_UNAVAILABLE, message: `face engine unavailable: ${error.message}` });
    }
    throw error;
  }
}
