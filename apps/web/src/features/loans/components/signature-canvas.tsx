import { useEffect, useImperativeHandle, useRef, type Ref } from 'react';
import SignaturePad, { type PointGroup } from 'signature_pad';
import { SIGNATURE_CANVAS_LABEL } from '@app/contract/messages/loan-pages.ts';

export interface SignatureHandle {
  isEmpty(): boolean;
  clear(): void;
  /** The signature as a PNG (white background), at the device's pixel ratio. */
  toPng(): Promise<Blob>;
}

interface Size {
  width: number;
  height: number;
}

const MARGIN = 8;

/**
 * The strokes moved into a canvas of a new size: where they were (relative to the box)
 * when they still fit, else shrunk by one factor (the signature keeps its shape) until
 * they do. A portrait signature therefore survives a turn to landscape, and back.
 */
export function fitStrokes(data: PointGroup[], from: Size, to: Size): PointGroup[] {
  const points = data.flatMap((group) => group.points);
  if (points.length === 0 || from.width === 0 || from.height === 0) return data;
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const box = { left: Math.min(...xs), right: Math.max(...xs), top: Math.min(...ys), bottom: Math.max(...ys) };
  const width = Math.max(box.right - box.left, 1);
  const height = Math.max(box.bottom - box.top, 1);
  const factor = Math.min(1, (to.width - 2 * MARGIN) / width, (to.height - 2 * MARGIN) / height);
  const centre = { x: (box.left + box.right) / 2, y: (box.top + box.bottom) / 2 };
  const clamp = (value: number, half: number, size: number) => Math.min(Math.max(value, half + MARGIN), size - half - MARGIN);
  const target = {
    x: clamp((centre.x / from.width) * to.width, (width * factor) / 2, to.width),
    y: clamp((centre.y / from.height) * to.height, (height * factor) / 2, to.height),
  };
  return data.map((group) => ({
    ...group,
    points: group.points.map((point) => ({
      ...point,
      x: target.x + (point.x - centre.x) * factor,
      y: target.y + (point.y - centre.y) * factor,
    })),
  }));
}

/**
 * A handwriting canvas (signature_pad) that fills its box. When the box changes size
 * (rotation, a resized window) the canvas is sized again and what was drawn is redrawn
 * inside the new box (fitStrokes).
 */
export function SignatureCanvas({ ref, onInk }: { ref: Ref<SignatureHandle>; onInk?: (hasInk: boolean) => void }) {
  const boxRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const onInkRef = useRef(onInk);
  onInkRef.current = onInk;

  useEffect(() => {
    const box = boxRef.current;
    const canvas = canvasRef.current;
    if (!box || !canvas) return;
    const pad = new SignaturePad(canvas, { backgroundColor: 'rgb(255, 255, 255)', penColor: '#111827', minWidth: 1, maxWidth: 3 });
    padRef.current = pad;
    const endStroke = () => onInkRef.current?.(!pad.isEmpty());
    pad.addEventListener('endStroke', endStroke);

    let size: Size = { width: 0, height: 0 };
    const resize = () => {
      const { width, height } = box.getBoundingClientRect();
      if (width < 1 || height < 1 || (width === size.width && height === size.height)) return;
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const data = pad.toData();
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
      canvas.getContext('2d')?.scale(ratio, ratio);
      pad.clear();
      if (data.length > 0) pad.fromData(fitStrokes(data, size, { width, height }));
      size = { width, height };
    };
    resize();
    const observer = new ResizeObserver(resize);
    observer.observe(box);
    return () => {
      observer.disconnect();
      pad.removeEventListener('endStroke', endStroke);
      pad.off();
      padRef.current = null;
    };
  }, []);

  useImperativeHandle(ref, () => ({
    isEmpty: () => padRef.current?.isEmpty() ?? true,
    clear: () => {
      padRef.current?.clear();
      onInkRef.current?.(false);
    },
    toPng: () =>
      new Promise<Blob>((resolve, reject) => {
        const canvas = canvasRef.current;
        if (!canvas) {
          reject(new Error('no canvas'));
          return;
        }
        canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no image'))), 'image/png');
      }),
  }));

  return (
    <div ref={boxRef} className="signature-box">
      <canvas ref={canvasRef} className="signature-canvas" role="img" aria-label={SIGNATURE_CANVAS_LABEL} data-testid="signature-canvas" />
    </div>
  );
}
