import { VIDEO_TOO_LONG } from '@app/contract/messages/app-shell.ts';
import { toast } from '../ui/feedback.ts';

/** SPEC.md section 9: image pick default 9; video max duration 60 s. */
export const IMAGE_PICK_DEFAULT = 9;
export const VIDEO_MAX_SECONDS = 60;

export type PickSource = 'album' | 'camera';
export type PickSize = 'original' | 'compressed';

/** A picked file (SPEC.md section 3), with the File itself for uploading. */
export interface PickedFile {
  path: string;
  name: string;
  size: number;
  duration?: number;
  height: number;
  width: number;
  file: File;
}

/**
 * Opens the browser's file picker. Camera only → `capture` (the phone opens the camera);
 * album and camera → no `capture`, so the phone offers both. Must run inside a tap.
 */
function openPicker(accept: string, multiple: boolean, capture: 'user' | 'environment' | null): Promise<File[]> {
  return new Promise((resolve) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = accept;
    input.multiple = multiple;
    if (capture) input.setAttribute('capture', capture);
    input.style.display = 'none';
    const done = (files: File[]) => {
      input.remove();
      resolve(files);
    };
    input.addEventListener('change', () => done(Array.from(input.files ?? [])));
    input.addEventListener('cancel', () => done([]));
    document.body.appendChild(input);
    input.click();
  });
}

function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('image unreadable'));
    img.src = url;
  });
}

/**
 * Longest side after compression, and the JPEG qualities tried in turn until the file is
 * at most COMPRESS_TARGET_BYTES: 1600 px at 0.6 still leaves an ID card's small print
 * legible for OCR and for a person; a photo still larger than the target at the lowest
 * quality is delivered as it is (the upload's own size limit decides).
 */
export const COMPRESS_MAX_SIDE = 1600;
export const COMPRESS_QUALITIES = [0.8, 0.7, 0.6] as const;
export const COMPRESS_TARGET_BYTES = 1024 * 1024;

interface Delivered {
  file: File;
  width: number;
  height: number;
}

function toJpeg(canvas: HTMLCanvasElement, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
}

/** Scaled down and re-encoded as JPEG, unless that would not make the file smaller. */
async function compressImage(file: File, img: HTMLImageElement): Promise<Delivered> {
  const original = { file, width: img.naturalWidth, height: img.naturalHeight };
  const scale = Math.min(1, COMPRESS_MAX_SIDE / Math.max(img.naturalWidth, img.naturalHeight));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(img.naturalWidth * scale);
  canvas.height = Math.round(img.naturalHeight * scale);
  canvas.getContext('2d')?.drawImage(img, 0, 0, canvas.width, canvas.height);
  let blob: Blob | null = null;
  for (const quality of COMPRESS_QUALITIES) {
    blob = await toJpeg(canvas, quality);
    if (!blob || blob.size <= COMPRESS_TARGET_BYTES) break;
  }
  if (!blob || blob.size >= file.size) return original;
  const jpeg = new File([blob], file.name.replace(/\.[^.]+$/, '') + '.jpg', { type: 'image/jpeg' });
  return { file: jpeg, width: canvas.width, height: canvas.height };
}

export interface PickImagesOptions {
  count?: number;
  sourceType?: readonly PickSource[];
  sizeType?: readonly PickSize[];
}

export async function pickImages(options: PickImagesOptions = {}): Promise<PickedFile[]> {
  const count = options.count ?? IMAGE_PICK_DEFAULT;
  const sources = options.sourceType ?? ['album', 'camera'];
  const compress = !(options.sizeType ?? ['original', 'compressed']).includes('original');
  const cameraOnly = !sources.includes('album');
  const files = (await openPicker('image/*', count > 1, cameraOnly ? 'environment' : null)).slice(0, count);
  return Promise.all(
    files.map(async (original) => {
      const url = URL.createObjectURL(original);
      const img = await loadImage(url);
      // Dimensions are those of the file delivered (the compressed one when compressed).
      const { file, width, height } = compress
        ? await compressImage(original, img)
        : { file: original, width: img.naturalWidth, height: img.naturalHeight };
      const path = file === original ? url : URL.createObjectURL(file);
      if (path !== url) URL.revokeObjectURL(url);
      return { path, name: file.name, size: file.size, width, height, file };
    }),
  );
}

function videoMetadata(url: string): Promise<{ duration: number; width: number; height: number }> {
  return new Promise((resolve, reject) => {
    const video = document.createElement('video');
    video.preload = 'metadata';
    video.onloadedmetadata = () => resolve({ duration: video.duration, width: video.videoWidth, height: video.videoHeight });
    video.onerror = () => reject(new Error('video unreadable'));
    video.src = url;
  });
}

export interface PickVideoOptions {
  sourceType?: readonly PickSource[];
  maxDuration?: number;
}

/** One video, uncompressed, back camera when filmed; longer than the maximum → refused. */
export async function pickVideo(options: PickVideoOptions = {}): Promise<PickedFile | null> {
  const sources = options.sourceType ?? ['album', 'camera'];
  const maxDuration = options.maxDuration ?? VIDEO_MAX_SECONDS;
  const [file] = await openPicker('video/*', false, sources.includes('album') ? null : 'environment');
  if (!file) return null;
  const path = URL.createObjectURL(file);
  const meta = await videoMetadata(path);
  if (meta.duration > maxDuration) {
    URL.revokeObjectURL(path);
    toast(VIDEO_TOO_LONG);
    return null;
  }
  return { path, name: file.name, size: file.size, file, ...meta };
}
