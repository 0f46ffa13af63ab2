import { useEffect, useRef, useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import { CameraOutline } from 'antd-mobile-icons';
import * as T from '@app/contract/messages/face-pages.ts';
import './selfie-camera.css';

/** Longest side of a still taken from the camera or a picked file. */
const MAX_SIDE = 1280;
/** Longest side of a capture's frames (the detector works at 256 px). */
const FRAME_SIDE = 480;
/** The capture: frames sampled over ~3 s (decision 0153). */
export const CAPTURE_FRAMES = 8;
export const CAPTURE_INTERVAL_MS = 400;

function toJpeg(source: CanvasImageSource, width: number, height: number, done: (photo: Blob) => void, maxSide = MAX_SIDE): void {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  canvas.getContext('2d')?.drawImage(source, 0, 0, canvas.width, canvas.height);
  canvas.toBlob((blob) => blob && done(blob), 'image/jpeg', 0.85);
}

const frameOf = (v: HTMLVideoElement, maxSide: number) =>
  new Promise<Blob>((resolve, reject) => {
    if (!v.videoWidth) reject(new Error('no video frame'));
    else toJpeg(v, v.videoWidth, v.videoHeight, resolve, maxSide);
  });

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The open camera: a still, and the frames of a short recording. */
export interface CameraHandle {
  still(): Promise<Blob>;
  /** `CAPTURE_FRAMES` JPEG frames, `CAPTURE_INTERVAL_MS` apart, with their times. */
  record(): Promise<Array<{ photo: Blob; t: number }>>;
}

/**
 * The front camera (getUserMedia, facing the user) with an oval guide and, while
 * recording, the challenge; 開始驗證 hands the open camera to the page (`onCamera`),
 * which takes a still and then records. Without a camera (no permission, no API, a
 * desktop) it says so — staff will review — and leaves the file input below
 * (capture="user") as the way (`onPhoto`).
 */
export function SelfieCamera({
  disabled,
  prompt,
  refusal = null,
  onPhoto,
  onCamera,
}: {
  disabled: boolean;
  /** The challenge shown over the video while recording, or null. */
  prompt: string | null;
  /** Why the last try was refused: shown where the hint is, until the page clears it. */
  refusal?: string | null;
  onPhoto: (photo: Blob) => void;
  onCamera: (camera: CameraHandle) => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [cameraFailed, setCameraFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    let opened: MediaStream | null = null;
    const media = navigator.mediaDevices;
    if (!media?.getUserMedia) {
      setCameraFailed(true);
      return undefined;
    }
    media
      .getUserMedia({ video: { facingMode: 'user', width: { ideal: 960 } }, audio: false })
      .then((s) => {
        if (cancelled) {
          s.getTracks().forEach((track) => track.stop());
          return;
        }
        opened = s;
        setStream(s);
      })
      .catch(() => !cancelled && setCameraFailed(true));
    return () => {
      cancelled = true;
      opened?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  useEffect(() => {
    if (video.current && stream) video.current.srcObject = stream;
  }, [stream]);

  const camera: CameraHandle = {
    still: () => (video.current ? frameOf(video.current, MAX_SIDE) : Promise.reject(new Error('no video'))),
    async record() {
      const v = video.current;
      if (!v) throw new Error('no video');
      const started = performance.now();
      const frames: Array<{ photo: Blob; t: number }> = [];
      for (let i = 0; i < CAPTURE_FRAMES; i++) {
        if (i > 0) await wait(started + i * CAPTURE_INTERVAL_MS - performance.now());
        const t = Math.round(performance.now() - started);
        frames.push({ photo: await frameOf(v, FRAME_SIDE), t });
      }
      return frames;
    },
  };

  /** A picked photo is scaled down on the device like a camera frame (phones take 12 MP). */
  function takeFile(file: File) {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      URL.revokeObjectURL(url);
      toJpeg(img, img.naturalWidth, img.naturalHeight, onPhoto);
    };
    img.onerror = () => {
      URL.revokeObjectURL(url);
      onPhoto(file);
    };
    img.src = url;
  }

  return (
    <section className="selfie-camera" aria-label={T.FACE_CAPTURE_HINT}>
      <div className="selfie-camera-box">
        {stream ? <video ref={video} className="selfie-camera-video" autoPlay playsInline muted /> : null}
        <div className="selfie-camera-oval" aria-hidden />
        {prompt ? (
          <p className="selfie-camera-prompt" role="status" data-testid="face-challenge">
            {prompt}
          </p>
        ) : null}
      </div>
      {refusal ? (
        <p className="selfie-camera-hint selfie-camera-refusal" data-testid="face-refusal">
          {refusal}
        </p>
      ) : (
        <p className="selfie-camera-hint">{cameraFailed ? T.FACE_CAPTURE_NO_CAMERA_REVIEW : T.FACE_CAPTURE_HINT}</p>
      )}
      <div className="selfie-camera-actions">
        {stream ? (
          <Button block color="primary" size="large" shape="rounded" disabled={disabled} onClick={() => onCamera(camera)}>
            <CameraOutline /> {T.FACE_CAPTURE_START}
          </Button>
        ) : null}
        <Button block size="large" shape="rounded" disabled={disabled} onClick={() => input.current?.click()}>
          {T.FACE_CAPTURE_PICK}
        </Button>
        <input
          ref={input}
          type="file"
          accept="image/*"
          capture="user"
          hidden
          data-testid="selfie-input"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) takeFile(file);
          }}
        />
      </div>
    </section>
  );
}
