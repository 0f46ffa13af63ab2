import { useQueryClient } from '@tanstack/react-query';
import { useSingleFlightMutation } from '../../../shared/api/use-single-flight-mutation.ts';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import { PATHS } from '@app/contract/paths.ts';
import type { TFaceChallenge } from '@app/contract/schemas/face-check.ts';
import { queryCashUserQueryOptions } from '../../../shared/api/query-cash-user.ts';
import { IMAGE_WORK_TIMEOUT_MS } from '../../../shared/api/request-core.ts';
import { request } from '../../../shared/api/request.ts';
import { uploadFiles } from '../../../shared/files/upload-files.ts';

/** A selfie is compressed like the other onboarding photos; the server scales it to 800 px anyway. */
export const SELFIE_MAX_BYTES = 1024 * 1024;

/** One frame of the capture: a JPEG and its milliseconds since the recording began. */
export interface CaptureFrame {
  photo: Blob;
  t: number;
}

/**
 * Step 5 on the server (decision 0153). The still frame is uploaded and checked
 * (detection), which answers the challenge; `capture` then records the frames while the
 * page shows it (null: no camera — the attempt goes to staff review with the still);
 * the frames are uploaded and judged (silence); then the comparison with the ID card
 * (faceCompare). Every verdict is the server's; a refusal rejects with its message
 * (RequestError). Resolves with whether the step went to staff review.
 */
export async function verifyFace(options: {
  still: Blob;
  capture: ((challenge: TFaceChallenge) => Promise<CaptureFrame[]>) | null;
}): Promise<{ review: boolean }> {
  const [uploaded] = await uploadFiles({ url: PATHS.uploadImage.path, files: [options.still], maxSize: SELFIE_MAX_BYTES });
  if (!uploaded) throw new Error('no upload answer');
  const imageKey = uploaded.key;
  const detected = await request(ENDPOINTS.userAuthDetection, { imageKey }, { loading: true, timeoutMs: IMAGE_WORK_TIMEOUT_MS });
  if (options.capture) {
    const frames = await options.capture(detected.challenge);
    const keys = await uploadFiles({ url: PATHS.uploadImage.path, files: frames.map((frame) => frame.photo), maxSize: SELFIE_MAX_BYTES });
    await request(
      ENDPOINTS.userAuthSilence,
      { imageKey, nonce: detected.nonce, frames: keys.map((key, i) => ({ key: key.key, t: frames[i]!.t })) },
      { loading: true, timeoutMs: IMAGE_WORK_TIMEOUT_MS },
    );
  } else {
    await request(
      ENDPOINTS.userAuthSilence,
      { imageKey, nonce: detected.nonce, noCamera: true },
      { loading: true, timeoutMs: IMAGE_WORK_TIMEOUT_MS },
    );
  }
  const compared = await request(ENDPOINTS.userAuthFaceCompare, { imageKey }, { loading: true, timeoutMs: IMAGE_WORK_TIMEOUT_MS });
  return { review: compared.review };
}

export function useVerifyFace() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: verifyFace,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryCashUserQueryOptions().queryKey }),
  });
}
