import { describe, expect, it, vi } from 'vitest';
import { FACE_CAPTURE_NOT_DONE } from '@app/contract/messages/face-check.ts';
import { requestErrorText, showRequestError } from './request.ts';
import { RequestError } from './request-error.ts';
import { toastError } from '../ui/feedback.ts';

// The toasts need a DOM; what matters here is what would be said.
vi.mock('../ui/feedback.ts', () => ({ toastError: vi.fn(), showAccessFailedModal: vi.fn() }));

describe('what a failed call says to the user', () => {
  it("says a business refusal's message, once as a toast and as the text a page may keep", () => {
    const refusal = new RequestError('business', FACE_CAPTURE_NOT_DONE);
    expect(requestErrorText(refusal)).toBe(FACE_CAPTURE_NOT_DONE);
    showRequestError(refusal);
    expect(toastError).toHaveBeenCalledWith(FACE_CAPTURE_NOT_DONE);
  });

  it('says nothing more for a failure the request layer already handled (its modal), nor for a status 0', () => {
    vi.mocked(toastError).mockClear();
    for (const error of [new RequestError('network', 'network', { handled: true }), new RequestError('status-zero', 'status 0')]) {
      expect(requestErrorText(error)).toBeNull();
      showRequestError(error);
    }
    expect(toastError).not.toHaveBeenCalled();
  });

  it("says another error's message, and nothing for a value that is not an error", () => {
    expect(requestErrorText(new Error('讀取失敗'))).toBe('讀取失敗');
    expect(requestErrorText('oops')).toBeNull();
    expect(requestErrorText(new Error(''))).toBeNull();
  });
});
