import { useEffect, useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import ProgressBar from 'antd-mobile/es/components/progress-bar';
import { CameraOutline, CheckCircleFill, PictureOutline } from 'antd-mobile-icons';
import { PATHS } from '@app/contract/paths.ts';
import {
  PHOTO_PICK_ALBUM,
  PHOTO_PICK_TAKE,
  PHOTO_PICK_UPLOADED,
  PHOTO_PICK_UPLOADING,
  PHOTO_PICK_UPLOAD_FAILED,
} from '@app/contract/messages/onboarding-pages.ts';
import { requestOwnedFile } from '../api/request.ts';
import { pickImages, type PickSource } from '../files/pick-files.ts';
import { UploadBlockedError, uploadFiles } from '../files/upload-files.ts';
import './photo-frame.css';

/**
 * Onboarding photos are compressed on the device to at most this (pick-files.ts); one that
 * stays larger is refused before sending, with SPEC.md's '圖片過大，請重新上傳'.
 */
export const ONBOARDING_PHOTO_MAX_BYTES = 1024 * 1024;

type Status = 'idle' | 'uploading' | 'done' | 'error';

export interface PhotoFrameProps {
  /** What to photograph ('身分證正面'); also the frame's accessible name. */
  label: string;
  /** The guide text over the empty frame. */
  hint: string;
  /** The upload key already saved, shown from the server until a new photo replaces it. */
  savedKey?: string | null;
  onUploaded: (key: string) => void;
  /** Width / height of the guide frame: an ID card is 85.6 × 54 mm. */
  aspectRatio?: number;
  testId?: string;
}

/** The saved photo's bytes, as an object URL (served to its owner only, with the session). */
function useSavedPhoto(key: string | null | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!key) return undefined;
    let objectUrl: string | undefined;
    let cancelled = false;
    requestOwnedFile(`${PATHS.uploadFile.path}?key=${encodeURIComponent(key)}`)
      .then((blob) => {
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [key]);
  return url;
}

/**
 * A photo of a document: camera or album, a frame guide over the preview, compressed on
 * the device, uploaded with a progress bar; the key goes to `onUploaded`.
 */
export function PhotoFrame({ label, hint, savedKey, onUploaded, aspectRatio = 85.6 / 54, testId }: PhotoFrameProps) {
  const saved = useSavedPhoto(savedKey);
  const [preview, setPreview] = useState<string>();
  const [status, setStatus] = useState<Status>(savedKey ? 'done' : 'idle');
  const [progress, setProgress] = useState(0);

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  async function pick(source: PickSource) {
    const [picked] = await pickImages({ count: 1, sourceType: [source], sizeType: ['compressed'] });
    if (!picked) return;
    setPreview(picked.path);
    setProgress(0);
    setStatus('uploading');
    try {
      const [uploaded] = await uploadFiles({
        url: PATHS.uploadImage.path,
        files: [picked.file],
        maxSize: ONBOARDING_PHOTO_MAX_BYTES,
        onProgress: setProgress,
      });
      if (!uploaded) throw new Error('no upload answer');
      setStatus('done');
      onUploaded(uploaded.key);
    } catch (error) {
      // Too large: the toast said so and nothing was sent; the frame goes back to what it had.
      if (error instanceof UploadBlockedError) {
        setPreview(undefined);
        setStatus(savedKey ? 'done' : 'idle');
        return;
      }
      setStatus('error');
    }
  }

  const shown = preview ?? saved;
  return (
    <section className="photo-frame" aria-label={label} data-testid={testId} data-status={status}>
      <h3 className="photo-frame-label">
        {label}
        {status === 'done' ? (
          <span className="photo-frame-done">
            <CheckCircleFill aria-hidden /> {PHOTO_PICK_UPLOADED}
          </span>
        ) : null}
      </h3>
      <div className="photo-frame-box" style={{ aspectRatio: String(aspectRatio) }}>
        {shown ? <img className="photo-frame-image" src={shown} alt={label} /> : null}
        <div className="photo-frame-guide" aria-hidden>
          <span className="corner tl" />
          <span className="corner tr" />
          <span className="corner bl" />
          <span className="corner br" />
          {shown ? null : <span className="photo-frame-hint">{hint}</span>}
        </div>
        {status === 'uploading' ? (
          <div className="photo-frame-progress" role="progressbar" aria-valuenow={progress} aria-valuemin={0} aria-valuemax={100}>
            <span>
              {PHOTO_PICK_UPLOADING} {progress}%
            </span>
            <ProgressBar percent={progress} style={{ '--track-width': '6px' }} />
          </div>
        ) : null}
      </div>
      {status === 'error' ? (
        <p className="photo-frame-error" role="alert">
          {PHOTO_PICK_UPLOAD_FAILED}
        </p>
      ) : null}
      <div className="photo-frame-actions">
        <Button size="small" shape="rounded" disabled={status === 'uploading'} onClick={() => void pick('camera')}>
          <CameraOutline /> {PHOTO_PICK_TAKE}
        </Button>
        <Button size="small" shape="rounded" disabled={status === 'uploading'} onClick={() => void pick('album')}>
          <PictureOutline /> {PHOTO_PICK_ALBUM}
        </Button>
      </div>
    </section>
  );
}
