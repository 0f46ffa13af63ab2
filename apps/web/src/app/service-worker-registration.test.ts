import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyUpdate, useUpdateStore } from './service-worker-registration.ts';

/** A waiting service worker as the page sees it: a state, statechange events, the messages it was sent. */
class FakeWorker extends EventTarget {
  readonly messages: unknown[] = [];
  constructor(public state: ServiceWorkerState) {
    super();
  }
  postMessage(message: unknown): void {
    this.messages.push(message);
  }
  become(state: ServiceWorkerState): void {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

let container: EventTarget;
let reloads: number;

function offer(worker: FakeWorker): void {
  useUpdateStore.getState().setWaiting(worker as unknown as ServiceWorker);
}

beforeEach(() => {
  container = new EventTarget();
  reloads = 0;
  vi.stubGlobal('navigator', { serviceWorker: container });
  vi.stubGlobal('window', { location: { reload: () => (reloads += 1) } });
  useUpdateStore.setState({ waiting: null, dismissed: false, applying: false });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('applyUpdate (立即更新)', () => {
  it('asks the waiting version to take over once, says it is updating, and reloads once when the page changes worker', () => {
    const worker = new FakeWorker('installed');
    offer(worker);

    applyUpdate();
    applyUpdate(); // a second tap while the browser is still activating it
    expect(worker.messages).toEqual([{ type: 'SKIP_WAITING' }]);
    expect(useUpdateStore.getState().applying).toBe(true);
    expect(reloads).toBe(0);

    worker.become('activating');
    container.dispatchEvent(new Event('controllerchange'));
    worker.become('activated');
    expect(reloads).toBe(1);
  });

  it("reloads when the new version is activated even if the page's change of worker was not told", () => {
    const worker = new FakeWorker('installed');
    offer(worker);
    applyUpdate();
    worker.become('activating');
    expect(reloads).toBe(0);
    worker.become('activated');
    expect(reloads).toBe(1);
  });

  it('reloads at once, asking nothing, when another tab has already activated the new version', () => {
    const worker = new FakeWorker('activated');
    offer(worker);
    applyUpdate();
    expect(reloads).toBe(1);
    expect(worker.messages).toEqual([]);
  });

  it('does nothing when no version is waiting', () => {
    applyUpdate();
    expect(reloads).toBe(0);
    expect(useUpdateStore.getState().applying).toBe(false);
  });

  it('a newer version offered while one was being applied is offered afresh (立即更新 again, not 更新中…)', () => {
    offer(new FakeWorker('installed'));
    applyUpdate();
    const newer = new FakeWorker('installed');
    offer(newer);
    expect(useUpdateStore.getState().applying).toBe(false);
    applyUpdate();
    expect(newer.messages).toEqual([{ type: 'SKIP_WAITING' }]);
  });
});
