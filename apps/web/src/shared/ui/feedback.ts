import { MODAL_OK, TOAST_COPIED } from '@app/contract/messages/app-shell.ts';
import {
  ACCESS_FAILED,
  COPY_ADDRESS,
  MODAL_CONFIRM,
  MODAL_FRIENDLY_TITLE,
  MODAL_WARM_TITLE,
  TIMEOUT_CONTENT,
  TIMEOUT_TITLE,
} from '@app/contract/messages/request-errors.ts';
import { copyText } from '../utils/copy-text.ts';

/**
 * Dialog and Toast (with their animation library) are loaded on first use: nothing on
 * the first screen needs them, and every function here is fire-and-forget anyway.
 */
function antd() {
  return Promise.all([import('antd-mobile/es/components/dialog'), import('antd-mobile/es/components/toast')]).then(
    ([dialog, toastModule]) => ({ Dialog: dialog.default, Toast: toastModule.default }),
  );
}

/** Starts loading them once the app is idle, so the first message shows without delay. */
export function preloadFeedback(): void {
  void antd().catch(() => undefined);
}

/** SPEC.md section 8: toasts last 1500 ms unless the caller says otherwise. */
export const TOAST_DURATION_MS = 1500;

/** Plain toast, no icon. */
export function toast(content: string, duration = TOAST_DURATION_MS): void {
  void antd().then(({ Toast }) => Toast.show({ content, duration }));
}

/** Success toast with a mask that blocks taps while it shows. */
export function toastSuccess(content: string): void {
  void antd().then(({ Toast }) => Toast.show({ icon: 'success', content, duration: TOAST_DURATION_MS, maskClickable: false }));
}

export function toastError(content: string): void {
  void antd().then(({ Toast }) => Toast.show({ icon: 'fail', content, duration: TOAST_DURATION_MS }));
}

export async function copyWithToast(text: string): Promise<void> {
  await copyText(text);
  toast(TOAST_COPIED);
}

/**
 * One modal per distinct text at a time: several calls failing together (a page firing
 * parallel requests) must not stack identical dialogs.
 */
const openModals = new Set<string>();

function once(key: string, show: () => Promise<unknown>): void {
  if (openModals.has(key)) return;
  openModals.add(key);
  void show().finally(() => openModals.delete(key));
}

/** The '溫馨提示' modal: a single '確認' button. */
export function showWarmModal(content: string, onConfirm?: () => void): void {
  once(`warm:${content}`, () =>
    antd().then(({ Dialog }) =>
      Dialog.alert({ 'aria-label': MODAL_WARM_TITLE, title: MODAL_WARM_TITLE, content, confirmText: MODAL_CONFIRM, onConfirm }),
    ),
  );
}

/** The generic '友情提示' modal: OK only, optional callback. */
export function showFriendlyModal(content: string, callback?: () => void): void {
  once(`friendly:${content}`, () =>
    antd().then(({ Dialog }) =>
      Dialog.alert({
        'aria-label': MODAL_FRIENDLY_TITLE,
        title: MODAL_FRIENDLY_TITLE,
        content,
        confirmText: MODAL_OK,
        onConfirm: callback,
      }),
    ),
  );
}

/** Abort/timeout: title, content and '確認', no cancel. */
export function showTimeoutModal(): void {
  once('timeout', () =>
    antd().then(({ Dialog }) =>
      Dialog.alert({ 'aria-label': TIMEOUT_TITLE, title: TIMEOUT_TITLE, content: TIMEOUT_CONTENT, confirmText: MODAL_CONFIRM }),
    ),
  );
}

/** A plain request failure: suggests another browser and offers to copy the address. */
export function showAccessFailedModal(address: string): void {
  once('access-failed', async () => {
    const { Dialog } = await antd();
    await new Promise<void>((resolve) => {
      Dialog.show({
        'aria-label': ACCESS_FAILED,
        content: ACCESS_FAILED,
        closeOnAction: true,
        afterClose: resolve,
        actions: [
          {
            key: 'copy',
            text: COPY_ADDRESS,
            onClick: () => copyWithToast(address),
          },
        ],
      });
    });
  });
}
