/**
 * When the popup overlay (page type 104) opens, as the owner chose: after `data-delay`
 * seconds, once `data-scroll-percent` of the page is scrolled, or on exit intent (the pointer
 * leaves through the top of the window). Touch screens have no exit intent: they use the
 * delay. Calls `open` at most once. Loaded only by pages that have a popup; the popup's own
 * code loads only when it is due.
 */
export function armPopup(root: HTMLElement, open: () => void, win: Window = window): void {
  let done = false;
  const fire = () => {
    if (done) return;
    done = true;
    win.removeEventListener('scroll', onScroll);
    win.document.removeEventListener('mouseout', onLeave);
    open();
  };
  const delay = () => win.setTimeout(fire, Number(root.dataset.delay ?? 0) * 1000);
  const percent = Number(root.dataset.scrollPercent ?? 50);
  const onScroll = () => {
    if (scrolledPercent(win) >= percent) fire();
  };
  const onLeave = (e: MouseEvent) => {
    if (!e.relatedTarget && e.clientY <= 0) fire();
  };
  const trigger = root.dataset.trigger ?? 'delay';
  if (trigger === 'scroll') {
    win.addEventListener('scroll', onScroll, { passive: true });
    onScroll(); // a page that fits the window counts as scrolled through
  } else if (trigger === 'exit' && win.matchMedia?.('(hover: hover)').matches) {
    win.document.addEventListener('mouseout', onLeave);
  } else delay();
}

/** How far down the page the bottom of the window is, 0 to 100. */
export function scrolledPercent(win: Window): number {
  const doc = win.document.documentElement;
  const scrollable = doc.scrollHeight - win.innerHeight;
  if (scrollable <= 0) return 100;
  return Math.min(100, Math.round((win.scrollY / scrollable) * 100));
}
