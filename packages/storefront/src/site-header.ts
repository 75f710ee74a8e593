/**
 * The header's two behaviours that need script (plain DOM, no React, so every page has them
 * at once): on desktop, navigation that does not fit the bar moves into its "More" menu
 * (and back when there is room); on phones, the menu button opens the navigation panel as a
 * disclosure (aria-expanded, focus into the panel, Escape closes and returns focus). Without
 * script the bar still works: the row scrolls sideways, and the button is a link to the
 * panel (`:target`). Open menus (folders, More, languages) close with Escape or a click
 * elsewhere.
 */

const PHONE = '(max-width: 800px)';
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), summary, select, textarea';

export function wireSiteHeader(root: Document = document): void {
  const header = root.querySelector<HTMLElement>('[data-site-header]');
  const nav = header?.querySelector<HTMLElement>('[data-site-nav]');
  const more = nav?.querySelector<HTMLDetailsElement>('[data-nav-more]');
  const moreMenu = more?.querySelector<HTMLElement>('.site-nav__menu');
  if (!header || !nav || !more || !moreMenu) return;
  header.classList.add('sf-nav');
  const phone = window.matchMedia(PHONE);
  wireMenuButton(header, phone);
  wireClosing(header);

  /** Every navigation entry, in order, wherever it is now. */
  const entries = [...nav.children].filter((el) => el !== more) as HTMLElement[];

  const overflows = () => nav.scrollWidth > nav.clientWidth + 1;
  /** Entries back in the bar, More hidden; then from the end into More until the bar fits. */
  const spill = (): boolean => {
    for (const entry of entries) nav.insertBefore(entry, more);
    more.hidden = true;
    if (!overflows()) return true;
    more.hidden = false;
    for (let i = entries.length - 1; i >= 0 && overflows(); i--) {
      const entry = entries[i];
      if (entry) moreMenu.prepend(entry);
    }
    return !overflows();
  };
  /**
   * The bar gives way in this order: the tagline first, then navigation into More, and only
   * when even More does not fit, the header's social icons (the footer still has them) and
   * some of the search box's width.
   */
  const fit = () => {
    header.classList.remove('is-crowded', 'is-packed');
    for (const entry of entries) nav.insertBefore(entry, more);
    more.hidden = true;
    // Phones list every entry in the menu panel.
    if (phone.matches) return;
    if (overflows()) {
      header.classList.add('is-crowded');
      if (!spill()) {
        header.classList.add('is-packed');
        spill();
      }
    }
    // The current page's entry inside More marks More as the way to it.
    more.querySelector('summary')?.classList.toggle('active', Boolean(moreMenu.querySelector('.active')));
  };
  let frame = 0;
  const refit = () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(fit);
  };
  fit();
  new ResizeObserver(refit).observe(header);
  phone.addEventListener('change', refit);
  // Web fonts change the entries' widths once they arrive.
  void document.fonts?.ready.then(refit);
}

/** The phone menu: the link becomes a disclosure button for the panel. */
function wireMenuButton(header: HTMLElement, phone: MediaQueryList): void {
  const toggle = header.querySelector<HTMLAnchorElement>('[data-menu-toggle]');
  const panel = header.querySelector<HTMLElement>('[data-site-menu]');
  if (!toggle || !panel) return;
  toggle.setAttribute('role', 'button');
  toggle.setAttribute('aria-expanded', 'false');
  const close = header.querySelector<HTMLElement>('[data-menu-close]');
  if (close) close.hidden = true;
  const isOpen = () => header.classList.contains('is-menu-open');
  const setOpen = (open: boolean, focus: 'panel' | 'toggle' | 'none') => {
    header.classList.toggle('is-menu-open', open);
    toggle.setAttribute('aria-expanded', String(open));
    if (focus === 'panel') panel.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    if (focus === 'toggle') toggle.focus();
  };
  const flip = (event: Event) => {
    event.preventDefault();
    setOpen(!isOpen(), isOpen() ? 'none' : 'panel');
  };
  toggle.addEventListener('click', flip);
  toggle.addEventListener('keydown', (event) => {
    // A link answers Enter by itself (click); a button also answers Space.
    if (event.key === ' ') flip(event);
  });
  header.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && isOpen() && !header.querySelector('details[open]')) {
      setOpen(false, 'toggle');
    }
  });
  // Focus or a click leaving the header closes the panel (it covers the page below).
  header.addEventListener('focusout', (event) => {
    const next = event.relatedTarget as Node | null;
    if (isOpen() && next && !header.contains(next)) setOpen(false, 'none');
  });
  document.addEventListener('click', (event) => {
    if (isOpen() && !header.contains(event.target as Node)) setOpen(false, 'none');
  });
  // A link in the panel to this same page (an anchor) leaves the panel open otherwise.
  panel.addEventListener('click', (event) => {
    if ((event.target as Element).closest('a[href]')) setOpen(false, 'none');
  });
  phone.addEventListener('change', () => {
    if (!phone.matches && isOpen()) setOpen(false, 'none');
  });
}

/** Folder, More and language menus (<details>) close on Escape and on a click outside them. */
function wireClosing(header: HTMLElement): void {
  const menus = () => [...header.querySelectorAll<HTMLDetailsElement>('details[open]')];
  header.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    const open = (event.target as Element).closest?.('details[open]') as HTMLDetailsElement | null;
    const target = open ?? menus().at(-1);
    if (!target) return;
    target.open = false;
    target.querySelector('summary')?.focus();
    event.stopPropagation();
  });
  document.addEventListener('click', (event) => {
    for (const menu of menus()) if (!menu.contains(event.target as Node)) menu.open = false;
  });
  // Opening one menu closes the others (they would overlap).
  header.addEventListener(
    'toggle',
    (event) => {
      const opened = event.target as HTMLDetailsElement;
      if (!opened.open) return;
      for (const menu of menus()) if (menu !== opened && !menu.contains(opened)) menu.open = false;
    },
    true,
  );
}
