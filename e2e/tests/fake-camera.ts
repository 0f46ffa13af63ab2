import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { FACE_CHALLENGE_PROMPTS } from '@app/contract/messages/face-pages.ts';

/**
 * A front camera for headless Chromium without launch flags, installed in the page's
 * current document (call it on the page before step 5's, e.g. the selfie guide: the app
 * moves between its pages without a reload; not an init script, which Chromium would also
 * try to run in the sandboxed contract frame and log as blocked): `getUserMedia` answers the
 * stream of a canvas (`captureStream`) that shows photos of one man from the sample sheet
 * shipped inside @vladmandic/human (screenshot-facematch.jpg, first row: his photos at
 * different head angles). It shows him facing the camera until the page shows a
 * challenge, then his photos in the order of the asked turn, one further on for each frame
 * the page records (its JPEG encodings, counted from the challenge's first; each frame is
 * the camera's picture at that moment, not the video element's late copy): a person
 * doing what the page asks, as near as shipped photos allow (different photos, not a
 * video), whatever the machine's load does to the page's and the camera's timers (a turn
 * played on a clock of its own was sometimes half done before the page's first frame, and
 * the server, measuring the turn from the first frame, saw too little of it). The server
 * judges the frames with the real models (decision 0153).
 */

const require = createRequire(import.meta.url);
const SHEET = path.resolve(path.dirname(require.resolve('@vladmandic/human')), '..', 'assets', 'screenshot-facematch.jpg');

/** The row's cells (left edge 2 + 106.6 per cell, top 284, 100 x 96) in the order of each turn; the first faces the camera. */
export const FACEMATCH_CELLS = { turn_left: [6, 0, 1, 5, 2, 7], turn_right: [1, 8, 0, 6] } as const;
export const facematchSheet = () => `data:image/jpeg;base64,${readFileSync(SHEET).toString('base64')}`;
export const cellBox = (cell: number) => ({ x: Math.round(2 + cell * 106.6), y: 284, width: 100, height: 96 });

/**
 * `warpedPhoto`: instead of his photos in turn, one photo of him (the first of the turn,
 * facing the camera) seen as a flat picture turned about its vertical axis, 8° further for
 * each frame the page records, up to 40°, the way the challenge asks: what holding up a
 * printed photo and turning it shows. Drawn in thin vertical strips, each scaled by its
 * distance in perspective (the plane 2.5 widths from the camera), so the picture is a true
 * plane in perspective, not a face.
 */
export async function useFakeCamera(page: Page, options: { warpedPhoto?: boolean } = {}): Promise<void> {
  await page.evaluate(
    ({ src, prompts, cells, boxes, warped }) => {
      const canvas = document.createElement('canvas');
      canvas.width = 480;
      canvas.height = 640;
      const c = canvas.getContext('2d')!;
      const img = new Image();
      img.src = src;
      let playing: { cells: number[]; recorded: number; asked: string } | null = null;
      // The page draws each frame from the video, then encodes it: an encoding while a
      // challenge plays is a frame taken. The frame is what the camera shows at that moment
      // (the video element shows the stream a frame or two late, and a frame taken just as
      // the challenge appeared could still show the face of before it), and the next one
      // shows the next photo.
      const encode = HTMLCanvasElement.prototype.toBlob;
      HTMLCanvasElement.prototype.toBlob = function (this: HTMLCanvasElement, ...args: Parameters<HTMLCanvasElement['toBlob']>) {
        if (this !== canvas) {
          draw();
          if (playing) {
            this.getContext('2d')?.drawImage(canvas, 0, 0, this.width, this.height);
            playing.recorded += 1;
            draw();
          }
        }
        return encode.apply(this, args);
      };
      const draw = () => {
        c.fillStyle = '#808080';
        c.fillRect(0, 0, 480, 640);
        if (!img.complete) return;
        const text = document.querySelector('[data-testid="face-challenge"]')?.textContent ?? '';
        // The page names the challenge first behind a get-ready line (「請正視鏡頭，即將開始錄影：…」),
        // then alone while it records: the head waits facing the challenge's first way from the
        // first, or the frame taken as the recording starts (before the page shows the bare
        // prompt) would show the face of before and the turn be measured from the wrong start.
        const asked = (Object.keys(prompts) as Array<keyof typeof prompts>).find((key) => text.endsWith(prompts[key]));
        if (asked && asked in cells && !playing) playing = { cells: cells[asked as keyof typeof cells], recorded: 0, asked };
        if (!text) playing = null;
        const sequence = playing?.cells ?? cells.turn_left;
        if (warped) {
          // One photo, turned as a plane: the source column at X (from the photo's centre,
          // in drawn px) lands at X·cos θ·s with its height scaled by s = D / (D + X·sin θ).
          const box = boxes[cells.turn_left[0]!]!;
          const turn = (playing?.asked === 'turn_right' ? -1 : 1) * Math.min(40, 8 * (playing?.recorded ?? 0));
          const theta = (turn * Math.PI) / 180;
          const distance = 2.5 * 250;
          const strips = 50;
          for (let j = 0; j < strips; j++) {
            const x = -125 + (j + 0.5) * (250 / strips);
            const scale = distance / (distance + x * Math.sin(theta));
            const width = (250 / strips) * Math.cos(theta) * scale;
            const left = 240 + x * Math.cos(theta) * scale - width / 2;
            const sourceWidth = box.width / strips;
            c.drawImage(img, box.x + j * sourceWidth, box.y, sourceWidth, box.height, left, 320 - 120 * scale, width + 0.5, 240 * scale);
          }
          return;
        }
        const index = Math.min(sequence.length - 1, playing?.recorded ?? 0);
        const box = boxes[sequence[index]!]!;
        c.drawImage(img, box.x, box.y, box.width, box.height, 115, 200, 250, 240);
      };
      setInterval(draw, 40);
      const stream = () => {
        draw();
        return canvas.captureStream(25);
      };
      Object.defineProperty(navigator, 'mediaDevices', {
        configurable: true,
        value: { getUserMedia: () => Promise.resolve(stream()), enumerateDevices: () => Promise.resolve([]) },
      });
    },
    {
      src: facematchSheet(),
      prompts: FACE_CHALLENGE_PROMPTS,
      cells: { turn_left: [...FACEMATCH_CELLS.turn_left], turn_right: [...FACEMATCH_CELLS.turn_right] },
      boxes: Object.fromEntries([0, 1, 2, 5, 6, 7, 8, 14, 16].map((cell) => [cell, cellBox(cell)])),
      warped: options.warpedPhoto === true,
    },
  );
}
