import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyUpdate, registerServiceWorker, UPDATE_RELOAD_FALLBACK_MS, UPDATE_RELOAD_MARK } from './service-worker-registration.ts';
import { useUpdateStore } from './update-store.ts';

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
let session: Map<string, string>;

function offer(worker: FakeWorker): void {
  useUpdateStore.getState().setWaiting(worker as unknown as ServiceWorker);
}

beforeEach(() => {
  container = new EventTarget();
  reloads = 0;
  vi.stubGlobal('navigator', { serviceWorker: container });
  vi.stubGlobal('window', { location: { reload: () => (reloads += 1) } });
  session = new Map();
  vi.stubGlobal('sessionStorage', {
    getItem: (key: string) => session.get(key) ?? null,
    setItem: (key: string, value: string) => session.set(key, value),
    removeItem: (key: string) => session.delete(key),
  });
  useUpdateStore.setState({ waiting: null, dismissed: false, applying: false });
});

afterEach(() => {
  vi.useRealTimers();
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

  it('reloads anyway, marked, when the browser has not switched versions in time (the running one is busy)', () => {
    vi.useFakeTimers();
    const worker = new FakeWorker('installed');
    offer(worker);
    applyUpdate();
    vi.advanceTimersByTime(UPDATE_RELOAD_FALLBACK_MS - 1);
    expect(reloads).toBe(0);
    expect(session.has(UPDATE_RELOAD_MARK)).toBe(false);
    vi.advanceTimersByTime(1);
    expect(reloads).toBe(1);
    expect(session.has(UPDATE_RELOAD_MARK)).toBe(true);
    // The switch comes later, while the page is already reloading: no second reload.
    container.dispatchEvent(new Event('controllerchange'));
    worker.become('activated');
    expect(reloads).toBe(1);
  });

  it('does not reload a second time, nor mark, when the switch came in time', () => {
    vi.useFakeTimers();
    const worker = new FakeWorker('installed');
    offer(worker);
    applyUpdate();
    container.dispatchEvent(new Event('controllerchange'));
    vi.advanceTimersByTime(UPDATE_RELOAD_FALLBACK_MS * 2);
    expect(reloads).toBe(1);
    expect(session.has(UPDATE_RELOAD_MARK)).toBe(false);
  });

  it('a newer version offered meanwhile is not reloaded into by the older one’s fallback', () => {
    vi.useFakeTimers();
    offer(new FakeWorker('installed'));
    applyUpdate();
    offer(new FakeWorker('installed'));
    vi.advanceTimersByTime(UPDATE_RELOAD_FALLBACK_MS);
    expect(reloads).toBe(0);
    expect(useUpdateStore.getState().applying).toBe(false);
  });
});

describe('registerServiceWorker', () => {
  async function startWith(waiting: FakeWorker): Promise<void> {
    const registration = Object.assign(new EventTarget(), { waiting, installing: null, update: async () => undefined });
    Object.assign(container, { controller: {}, register: async () => registration, ready: new Promise(() => undefined) });
    vi.stubGlobal('document', new EventTarget());
    registerServiceWorker();
    await new Promise((resolve) => setTimeout(resolve, 0)); // the registration's promise settles
  }

  it('offers the version waiting at start to a page the app controls', async () => {
    const waiting = new FakeWorker('installed');
    await startWith(waiting);
    expect(useUpdateStore.getState().waiting).toBe(waiting);
  });

  it('offers nothing on the page 立即更新 reloaded into (it runs the new code already), and clears the mark', async () => {
    session.set(UPDATE_RELOAD_MARK, '1');
    await startWith(new FakeWorker('installed'));
    expect(useUpdateStore.getState().waiting).toBeNull();
    expect(session.has(UPDATE_RELOAD_MARK)).toBe(false);
  });
});
