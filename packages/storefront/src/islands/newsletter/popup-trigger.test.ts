import { describe, expect, it, vi } from 'vitest';
import { armPopup, scrolledPercent } from './popup-trigger';

type Listener = (e: unknown) => void;

/** A window just big enough for the trigger: listeners, a timer, a page height, hover or not. */
function fakeWindow(options: { pageHeight: number; hover?: boolean }) {
  const on: Record<string, Listener[]> = {};
  const docOn: Record<string, Listener[]> = {};
  const timers: (() => void)[] = [];
  const win = {
    innerHeight: 1000,
    scrollY: 0,
    addEventListener: (type: string, fn: Listener) => {
      on[type] = [...(on[type] ?? []), fn];
    },
    removeEventListener: (type: string, fn: Listener) => {
      on[type] = (on[type] ?? []).filter((f) => f !== fn);
    },
    setTimeout: (fn: () => void) => timers.push(fn),
    matchMedia: () => ({ matches: options.hover ?? true }),
    document: {
      documentElement: { scrollHeight: options.pageHeight },
      addEventListener: (type: string, fn: Listener) => {
        docOn[type] = [...(docOn[type] ?? []), fn];
      },
      removeEventListener: (type: string, fn: Listener) => {
        docOn[type] = (docOn[type] ?? []).filter((f) => f !== fn);
      },
    },
  };
  return {
    win: win as unknown as Window,
    scrollTo(y: number) {
      win.scrollY = y;
      for (const fn of on.scroll ?? []) fn({});
    },
    leave(clientY: number, relatedTarget: unknown = null) {
      for (const fn of docOn.mouseout ?? []) fn({ clientY, relatedTarget });
    },
    runTimers: () => {
      for (const fn of timers.splice(0)) fn();
    },
    listeners: () => (on.scroll?.length ?? 0) + (docOn.mouseout?.length ?? 0),
  };
}

const root = (dataset: Record<string, string>) => ({ dataset }) as unknown as HTMLElement;

describe('when the popup opens', () => {
  it('after the delay', () => {
    const w = fakeWindow({ pageHeight: 3000 });
    const open = vi.fn();
    armPopup(root({ trigger: 'delay', delay: '5' }), open, w.win);
    expect(open).not.toHaveBeenCalled();
    w.runTimers();
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('once the visitor has scrolled the chosen share of the page, once only', () => {
    const w = fakeWindow({ pageHeight: 3000 });
    const open = vi.fn();
    armPopup(root({ trigger: 'scroll', scrollPercent: '50' }), open, w.win);
    w.scrollTo(900); // 45% of the 2000 px that scroll
    expect(open).not.toHaveBeenCalled();
    w.scrollTo(1000);
    w.scrollTo(1500);
    expect(open).toHaveBeenCalledTimes(1);
    expect(w.listeners()).toBe(0);
  });

  it('at once on a page that fits the window (nothing to scroll)', () => {
    const w = fakeWindow({ pageHeight: 800 });
    const open = vi.fn();
    armPopup(root({ trigger: 'scroll', scrollPercent: '80' }), open, w.win);
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('on exit intent: the pointer leaves through the top of the window', () => {
    const w = fakeWindow({ pageHeight: 3000 });
    const open = vi.fn();
    armPopup(root({ trigger: 'exit', delay: '5' }), open, w.win);
    w.leave(200); // still inside the page
    w.leave(-1, {}); // into another element
    expect(open).not.toHaveBeenCalled();
    w.leave(-1);
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('on a touch screen, exit intent falls back to the delay', () => {
    const w = fakeWindow({ pageHeight: 3000, hover: false });
    const open = vi.fn();
    armPopup(root({ trigger: 'exit', delay: '5' }), open, w.win);
    w.leave(-1);
    expect(open).not.toHaveBeenCalled();
    w.runTimers();
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('measures how far down the page the window is', () => {
    const w = fakeWindow({ pageHeight: 3000 });
    w.scrollTo(500);
    expect(scrolledPercent(w.win)).toBe(25);
    w.scrollTo(99_999);
    expect(scrolledPercent(w.win)).toBe(100);
  });
});
