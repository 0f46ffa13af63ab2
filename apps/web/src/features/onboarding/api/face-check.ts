import { useQueryClient } from '@tanstack/react-query';
import { useSingleFlightMutation } from '../../../shared/api/use-single-flight-mutation.ts';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import { PATHS } from '@app/contract/paths.ts';
import { queryCashUserQueryOptions } from '../../../shared/api/query-cash-user.ts';
import { IMAGE_WORK_TIMEOUT_MS } from '../../../shared/api/request-core.ts';
import { request } from '../../../shared/api/request.ts';
import { uploadFiles } from '../../../shared/files/upload-files.ts';

/** A selfie is compressed like the other onboarding photos; the server scales it to 800 px anyway. */
export const SELFIE_MAX_BYTES = 1024 * 1024;

/**
 * Step 5 on the server: the selfie uploaded, then detection → silent liveness →
 * comparison with the ID card front. Every verdict is the server's; a refusal rejects
 * with its message (RequestError), and the step's state is read again either way (the
 * third failure hands the step to manual review, which completes it).
 */
export async function verifyFace(selfie: Blob, onProgress?: (percent: number) => void): Promise<void> {
  const [uploaded] = await uploadFiles({ url: PATHS.uploadImage.path, files: [selfie], maxSize: SELFIE_MAX_BYTES, onProgress });
  if (!uploaded) throw new Error('no upload answer');
  const imageKey = uploaded.key;
  await request(ENDPOINTS.userAuthDetection, { imageKey }, { loading: true, timeoutMs: IMAGE_WORK_TIMEOUT_MS });
  await request(ENDPOINTS.userAuthSilence, { imageKey }, { loading: true, timeoutMs: IMAGE_WORK_TIMEOUT_MS });
  await request(ENDPOINTS.userAuthFaceCompare, { imageKey }, { loading: true, timeoutMs: IMAGE_WORK_TIMEOUT_MS });
}

export function useVerifyFace() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: ({ selfie, onProgress }: { selfie: Blob; onProgress?: (percent: number) => void }) => verifyFace(selfie, onProgress),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryCashUserQueryOptions().queryKey }),
  });
}
