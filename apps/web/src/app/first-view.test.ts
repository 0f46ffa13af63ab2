import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../shared/config/route-paths.ts';
import {
  CHOOSE_VIEW_SCRIPT,
  EARLY_INPUT_SCRIPT,
  FIRST_VIEW_ATTRIBUTE,
  FIRST_VIEW_PLACED_ATTRIBUTE,
  PLACE_VIEW_SCRIPT,
  START_APP_SCRIPT,
  firstViewFor,
} from './first-view.ts';
import { EARLY_INPUT_GLOBAL, EARLY_TAPS_MAX, type EarlyInput } from '../shared/ui/early-input.ts';
import { hashRoute } from './launch.ts';

/** Runs the head's inline script as a browser would, with this address and stored token. */
function chosenView(hash: string, storedToken: string | null, storage: 'works' | 'throws' = 'works'): string | undefined {
  const attributes = new Map<string, string>();
  vm.runInNewContext(CHOOSE_VIEW_SCRIPT, {
    location: { hash },
    localStorage: {
      getItem: (key: string) => {
        if (storage === 'throws') throw new Error('SecurityError');
        return key === 'token' ? storedToken : null;
      },
    },
    document: { documentElement: { setAttribute: (name: string, value: string) => attributes.set(name, value) } },
  });
  return attributes.get(FIRST_VIEW_ATTRIBUTE);
}

const HASHES = [
  '',
  '#',
  '#/',
  `#${ROUTES.loans}`,
  `#${ROUTES.loans}?utm_source=line`,
  `#${ROUTES.login}`,
  `#${ROUTES.login}?redirect=%2Fpages%2Forder%2Findex`,
  `#${ROUTES.loginModuleB}`,
  `#${ROUTES.orders}`,
  `#${ROUTES.orderDetail}?orderId=9`,
  `#${ROUTES.applyFor}`,
  '#/no/such/page',
];

describe('the head script that picks the first view', () => {
  it('picks what firstViewFor picks, for a visitor and a session, on every kind of address', () => {
    for (const hash of HASHES) {
      const route = hashRoute(`https://a.tw/${hash}`);
      expect(chosenView(hash, null), `${hash} visitor`).toBe(firstViewFor(route, false));
      expect(chosenView(hash, JSON.stringify('a-token')), `${hash} session`).toBe(firstViewFor(route, true));
    }
  });

  it('shows a visitor the landing on any address but a login page (the launch rule opens the loans tab)', () => {
    expect(chosenView(`#${ROUTES.orderDetail}?orderId=9`, null)).toBe('loans');
    expect(chosenView(`#${ROUTES.login}?redirect=%2Fpages%2Fme%2Findex`, null)).toBe('login');
    expect(chosenView(`#${ROUTES.loginModuleB}`, null)).toBe('shell');
  });

  it('never shows a session the landing: its home is its own, its deep links are its own', () => {
    for (const hash of ['', `#${ROUTES.loans}`, `#${ROUTES.orderDetail}?orderId=9`]) {
      expect(chosenView(hash, JSON.stringify('a-token'))).toBe('shell');
    }
    expect(chosenView(`#${ROUTES.login}`, JSON.stringify('a-token'))).toBe('login');
  });

  it('counts an empty or unreadable token, or storage that throws, as no session (as local-store.ts reads it)', () => {
    expect(chosenView('', JSON.stringify(''))).toBe('loans');
    expect(chosenView('', '{not json')).toBe('loans');
    expect(chosenView('', null, 'throws')).toBe('loans');
    expect(chosenView(`#${ROUTES.orders}`, null, 'throws')).toBe('loans');
  });
});

describe('the body script that places the view', () => {
  function place(view: string | null, templates: string[]) {
    const attributes = new Map<string, string>(view ? [[FIRST_VIEW_ATTRIBUTE, view]] : []);
    const root = { children: ['landing'] as string[] };
    vm.runInNewContext(PLACE_VIEW_SCRIPT, {
      document: {
        documentElement: {
          getAttribute: (name: string) => attributes.get(name) ?? null,
          setAttribute: (name: string, value: string) => attributes.set(name, value),
        },
        getElementById: (id: string) => {
          if (id === 'root') {
            return {
              get firstChild() {
                return root.children[0] ?? null;
              },
              removeChild: () => root.children.shift(),
              appendChild: (node: string) => root.children.push(node),
            };
          }
          return templates.includes(id) ? { content: { cloneNode: () => `content of ${id}` } } : null;
        },
      },
    });
    return { children: root.children, placed: attributes.has(FIRST_VIEW_PLACED_ATTRIBUTE) };
  }

  it('leaves the landing in #root, or replaces it with the chosen template, then marks the page placed', () => {
    expect(place('loans', ['first-view-login', 'first-view-shell'])).toEqual({ children: ['landing'], placed: true });
    expect(place('login', ['first-view-login', 'first-view-shell'])).toEqual({ children: ['content of first-view-login'], placed: true });
    expect(place('shell', ['first-view-login', 'first-view-shell'])).toEqual({ children: ['content of first-view-shell'], placed: true });
  });
});

describe('the head script that keeps early taps and typing', () => {
  interface FakeNode {
    tagName: string;
    type?: string;
    value?: string;
  }
  interface FakeEvent {
    target: FakeNode;
    prevented: boolean;
    stopped: boolean;
    preventDefault(): void;
    stopPropagation(): void;
  }

  /** Runs the script against a page whose #root holds `inside`; answers a way to fire events and what it kept. */
  function page(inside: FakeNode[]) {
    const listeners = new Map<string, (event: FakeEvent) => void>();
    const window: Record<string, unknown> = {};
    vm.runInNewContext(EARLY_INPUT_SCRIPT, {
      window,
      document: {
        addEventListener: (type: string, listener: (event: FakeEvent) => void, capture: boolean) => {
          expect(capture).toBe(true);
          listeners.set(type, listener);
        },
        getElementById: (id: string) => (id === 'root' ? { contains: (node: FakeNode) => inside.includes(node) } : null),
      },
    });
    const fire = (type: string, target: FakeNode): FakeEvent => {
      const event: FakeEvent = {
        target,
        prevented: false,
        stopped: false,
        preventDefault() {
          this.prevented = true;
        },
        stopPropagation() {
          this.stopped = true;
        },
      };
      listeners.get(type)?.(event);
      return event;
    };
    return { fire, kept: window[EARLY_INPUT_GLOBAL] as EarlyInput };
  }

  it('keeps a tap or submit in #root from the browser and from React, once per repeated tap, in order', () => {
    const button = { tagName: 'BUTTON' };
    const label = { tagName: 'LABEL' };
    const form = { tagName: 'FORM' };
    const outside = { tagName: 'BUTTON' };
    const { fire, kept } = page([button, label, form]);
    for (const target of [label, button, button, form]) {
      const event = fire(target === form ? 'submit' : 'click', target);
      expect(event.prevented && event.stopped).toBe(true);
    }
    expect(kept.taps).toEqual([label, button, form]);
    // Outside #root (a popup of the browser's own): not the server's view, let through.
    expect(fire('click', outside).prevented).toBe(false);
    expect(kept.taps).toHaveLength(3);
  });

  it('lets a tap into a text field through (it focuses the field) and notes the last text typed in each field', () => {
    const mobile: FakeNode = { tagName: 'INPUT', type: 'tel', value: '' };
    const code: FakeNode = { tagName: 'INPUT', type: 'text', value: '' };
    const box: FakeNode = { tagName: 'INPUT', type: 'checkbox', value: 'on' };
    const { fire, kept } = page([mobile, code, box]);
    expect(fire('click', mobile).prevented).toBe(false);
    for (const text of ['0', '09', '0912']) {
      mobile.value = text;
      fire('input', mobile);
    }
    code.value = '123456';
    fire('input', code);
    // A box's change is a tap, kept as one (and cancelled: the box does not tick behind React's back).
    expect(fire('click', box).prevented).toBe(true);
    fire('input', box);
    expect(kept.typed).toEqual([mobile, code]);
    expect(kept.texts).toEqual(['0912', '123456']);
    expect(kept.taps).toEqual([box]);
  });

  it("lets a tap through to what React owns once it has committed the page's frame, and keeps the rest", () => {
    const tab = { tagName: 'DIV', __reactFiber$x1: {} };
    const pageButton = { tagName: 'BUTTON' };
    const { fire, kept } = page([tab, pageButton]);
    // Before the frame's commit, even a node React has begun to hydrate is kept.
    expect(fire('click', tab).prevented).toBe(true);
    kept.framed = true;
    const onTab = fire('click', tab);
    expect(onTab.prevented || onTab.stopped).toBe(false);
    // The page's own part (its chunk still loading): no fiber yet, kept for the replay.
    expect(fire('click', pageButton).prevented).toBe(true);
    expect(kept.taps).toEqual([tab, pageButton]);
  });

  it(`keeps at most ${EARLY_TAPS_MAX} taps, and nothing once the page is hydrated`, () => {
    const targets = Array.from({ length: EARLY_TAPS_MAX + 5 }, (_, i) => ({ tagName: 'BUTTON', id: i }));
    const { fire, kept } = page(targets);
    for (const target of targets) fire('click', target);
    expect(kept.taps).toHaveLength(EARLY_TAPS_MAX);
    kept.released = true;
    const after = fire('click', targets[0]!);
    expect(after.prevented || after.stopped).toBe(false);
    expect(kept.taps).toHaveLength(EARLY_TAPS_MAX);
  });
});

describe('the seeded query keys', () => {
  it('are the keys the loans home and the lender footer read', async () => {
    const { SEEDED_HOME_KEY, SEEDED_LENDER_KEY } = await import('./first-view-seed.ts');
    const { loanIndexQueryOptions } = await import('../features/loans/api/loan-index.ts');
    const { lenderQueryOptions } = await import('../shared/api/lender.ts');
    expect(SEEDED_HOME_KEY).toEqual(loanIndexQueryOptions(false).queryKey);
    expect(SEEDED_LENDER_KEY).toEqual(lenderQueryOptions().queryKey);
  });
});

describe('the body script that starts the app after the first paint', () => {
  interface Browser {
    readyState?: 'loading' | 'interactive';
    visibility?: 'visible' | 'hidden';
    paintEntries?: boolean;
    animationFrames?: boolean;
    /** The first view the head script chose. */
    view?: string;
  }

  /** Runs the script in a fake page whose template holds two preloads and the entry; answers its hooks and what it added. */
  function start({ readyState = 'loading', visibility = 'visible', paintEntries = true, animationFrames = true, view = 'loans' }: Browser) {
    const listeners = new Map<string, Array<() => void>>();
    const head: string[] = [];
    const body: Array<{ tag: string; type: string; crossOrigin: string; src: string }> = [];
    const frames: Array<() => void> = [];
    const timers: Array<{ run: () => void; ms: number }> = [];
    let paintObserved: ((list: { getEntries(): Array<{ name: string }> }) => void) | null = null;
    const link = (href: string, { entry = false, view = null as string | null, early = null as string | null } = {}) => ({
      href,
      getAttribute: (name: string) => (name === 'href' ? href : name === 'data-view' ? view : name === 'data-early-start' ? early : null),
      hasAttribute: (name: string) => (entry && name === 'data-app-entry') || (early !== null && name === 'data-early-start'),
    });
    const chunks = ['react', 'router', 'query', 'loans-page', 'loan-home', 'format'];
    // As the server writes it: the shared preloads, the login view's, the early start's, then the entry.
    const links = [
      ...chunks.map((chunk) => link(`/assets/${chunk}.js`)),
      link('/assets/login-page.js', { view: 'login' }),
      link('/assets/accounts.js', { view: 'login' }),
      link('/assets/early-start.js', { early: '' }),
      link('/assets/index.js', { entry: true }),
    ];
    const document = {
      documentElement: { getAttribute: (name: string) => (name === 'data-first-view' ? view : null) },
      readyState,
      visibilityState: visibility,
      getElementById: (id: string) =>
        id === 'app-start' ? { content: { querySelectorAll: (selector: string) => (selector === 'link' ? links : []) } } : null,
      importNode: (node: { href: string }) => `preload ${node.href}`,
      head: { appendChild: (node: string) => head.push(node) },
      body: { appendChild: (node: { tag: string; type: string; crossOrigin: string; src: string }) => body.push({ ...node }) },
      createElement: (tag: string) => ({ tag, type: '', crossOrigin: '', src: '' }),
      addEventListener: (type: string, listener: () => void) => listeners.set(type, [...(listeners.get(type) ?? []), listener]),
    };
    class FakeObserver {
      static supportedEntryTypes = ['paint', 'navigation'];
      constructor(private readonly callback: (list: { getEntries(): Array<{ name: string }> }) => void) {}
      observe(options: { type: string; buffered: boolean }) {
        expect(options).toEqual({ type: 'paint', buffered: true });
        paintObserved = this.callback;
      }
    }
    const window = { PerformanceObserver: paintEntries ? FakeObserver : undefined };
    vm.runInNewContext(START_APP_SCRIPT, {
      window,
      document,
      setTimeout: (run: () => void, ms: number) => timers.push({ run, ms }),
      ...(animationFrames ? { requestAnimationFrame: (run: () => void) => frames.push(run) } : {}),
    });
    const fire = (type: string) => {
      for (const listener of listeners.get(type) ?? []) listener();
    };
    return {
      head,
      body,
      parsed: () => {
        document.readyState = 'interactive';
        fire('DOMContentLoaded');
      },
      painted: (name = 'first-contentful-paint') => paintObserved?.({ getEntries: () => [{ name }] }),
      frame: () => frames.splice(0).forEach((run) => run()),
      hide: () => {
        document.visibilityState = 'hidden';
        fire('visibilitychange');
      },
      timers,
    };
  }

  const entryScript = { tag: 'script', type: 'module', crossOrigin: 'anonymous', src: '/assets/index.js' };
  const preloads = ['react', 'router', 'query', 'loans-page', 'loan-home', 'format'].map((chunk) => `preload /assets/${chunk}.js`);
  /** Runs the timers set with this delay, as the event loop would, until none is left. */
  const runTimers = (page: { timers: Array<{ run: () => void; ms: number }> }, ms: number) => {
    for (let timer = page.timers.find((t) => t.ms === ms); timer; timer = page.timers.find((t) => t.ms === ms)) {
      page.timers.splice(page.timers.indexOf(timer), 1);
      timer.run();
    }
  };

  it('waits for the parse and the first paint, then adds the entry and the preloads, a few per task, once', () => {
    const page = start({});
    page.painted();
    expect(page.body).toEqual([]);
    page.parsed();
    expect(page.body).toEqual([]);
    expect(page.head).toEqual([]);
    // A first paint of the background alone is not the view.
    page.painted('first-paint');
    expect(page.body).toEqual([]);
    page.painted();
    expect(page.body).toEqual([entryScript]);
    // Two preloads in this task, the rest in the next ones.
    expect(page.head).toEqual(preloads.slice(0, 2));
    runTimers(page, 0);
    expect(page.head).toEqual(preloads);
    // A later paint entry, the safety timer, hiding the page: nothing is added twice.
    page.painted();
    runTimers(page, 3000);
    page.hide();
    runTimers(page, 0);
    expect(page.body).toHaveLength(1);
    expect(page.head).toEqual(preloads);
  });

  it("preloads the login view's scripts first on the login view, and not at all on another", () => {
    const login = start({ view: 'login' });
    login.parsed();
    login.painted();
    runTimers(login, 0);
    expect(login.head).toEqual(['preload /assets/login-page.js', 'preload /assets/accounts.js', ...preloads]);
    // A session's page (the boot shell): the early start runs first, then the entry.
    const shell = start({ view: 'shell' });
    shell.parsed();
    shell.painted();
    expect(shell.body).toEqual([{ ...entryScript, src: '/assets/early-start.js' }, entryScript]);
    runTimers(shell, 0);
    expect(shell.head).toEqual(preloads);
  });

  it('leaves the early start alone on a first view', () => {
    for (const view of ['loans', 'login']) {
      const page = start({ view });
      page.parsed();
      page.painted();
      runTimers(page, 0);
      expect(page.body).toEqual([entryScript]);
      expect(page.head.filter((node) => node.includes('early-start'))).toEqual([]);
    }
  });

  it('starts after two animation frames where the browser has no paint entries', () => {
    const page = start({ paintEntries: false });
    page.parsed();
    page.frame();
    expect(page.body).toEqual([]);
    page.frame();
    expect(page.body).toEqual([entryScript]);
  });

  it('starts at once in a page that is not visible, or hidden before its paint came', () => {
    const hidden = start({ readyState: 'interactive', visibility: 'hidden' });
    expect(hidden.body).toEqual([entryScript]);
    const leftBehind = start({});
    leftBehind.parsed();
    expect(leftBehind.body).toEqual([]);
    leftBehind.hide();
    expect(leftBehind.body).toEqual([entryScript]);
  });

  it('starts three seconds after the parse when no paint was seen', () => {
    const page = start({ paintEntries: false, animationFrames: false });
    // Without frames either, it starts at once: nothing can tell it of a paint.
    page.parsed();
    expect(page.body).toEqual([entryScript]);
    const waiting = start({});
    waiting.parsed();
    expect(waiting.timers.map((timer) => timer.ms)).toEqual([3000]);
    runTimers(waiting, 3000);
    expect(waiting.body).toEqual([entryScript]);
  });
});
