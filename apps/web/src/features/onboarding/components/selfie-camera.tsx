import { useEffect, useRef, useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import { CameraOutline } from 'antd-mobile-icons';
import * as T from '@app/contract/messages/face-pages.ts';
import './selfie-camera.css';

/** Longest side of a frame taken from the camera. */
const MAX_SIDE = 1280;

function toJpeg(source: CanvasImageSource, width: number, height: number, done: (photo: Blob) => void): void {
  const scale = Math.min(1, MAX_SIDE / Math.max(width, height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  canvas.getContext('2d')?.drawImage(source, 0, 0, canvas.width, canvas.height);
  canvas.toBlob((blob) => blob && done(blob), 'image/jpeg', 0.85);
}

/**
 * The front camera (getUserMedia, facing the user) with an oval guide; 拍照 takes the frame
 * as a JPEG. Without a camera (no permission, no API, a desktop) it says so and leaves
 * the file input below (capture="user": the phone opens its front camera) as the way.
 */
export function SelfieCamera({ disabled, onPhoto }: { disabled: boolean; onPhoto: (photo: Blob) => void }) {
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

  function takeFrame() {
    const v = video.current;
    if (v?.videoWidth) toJpeg(v, v.videoWidth, v.videoHeight, onPhoto);
  }

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
      </div>
      <p className="selfie-camera-hint">{cameraFailed ? T.FACE_CAPTURE_CAMERA_UNAVAILABLE : T.FACE_CAPTURE_HINT}</p>
      <div className="selfie-camera-actions">
        {stream ? (
          <Button block color="primary" size="large" shape="rounded" disabled={disabled} onClick={takeFrame}>
            <CameraOutline /> {T.FACE_CAPTURE_TAKE}
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
