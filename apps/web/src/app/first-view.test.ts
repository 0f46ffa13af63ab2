import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../shared/config/route-paths.ts';
import {
  CHOOSE_VIEW_SCRIPT,
  EARLY_INPUT_SCRIPT,
  FIRST_VIEW_ATTRIBUTE,
  FIRST_VIEW_PLACED_ATTRIBUTE,
  PLACE_VIEW_SCRIPT,
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
