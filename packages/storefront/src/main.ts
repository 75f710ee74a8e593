import { cartStore } from './cart-store';
import { shouldLoadCart } from './cookies';
import { showAccountState } from './islands/account/header-state';
import { islandRegistry } from './islands/registry';
import { pageData } from './page-data';
import { wireSiteHeader } from './site-header';
import { showStudioLink } from './studio-link';
import { startTrackingSafely } from './tracking-bridge';

/** Dispatched on document by an island that revealed a hidden island marker. */
export const MOUNT_ISLANDS_EVENT = 'sf:mount-islands';

const QUICK_VIEW = '.sqs-product-quick-view-button';

/** The header cart link and the pill: loaded only once there is (or may be) a cart. */
const CART_ISLANDS = new Set(['header-cart', 'cart-pill']);
let cartIslands = false;

/** Find the island markers in the page and mount each one with its lazily loaded module. */
function mountIslands(): void {
  const page = pageData();
  for (const element of document.querySelectorAll<HTMLElement>('[data-island]')) {
    const name = element.dataset.island ?? '';
    // Hidden islands (the restock widget until a sold-out variant is chosen) load when shown.
    if (element.dataset.islandMounted || element.hidden) continue;
    if (!cartIslands && CART_ISLANDS.has(name)) continue;
    const loader = islandRegistry[name];
    if (!loader) continue;
    element.dataset.islandMounted = 'pending';
    // `data-island-when="visible"` (reviews): the chunk loads when the island scrolls into view.
    (element.dataset.islandWhen === 'visible' ? whenVisible(element).then(loader) : loader())
      .then((module) => {
        module.mount(element, { ...element.dataset, page, form: page.form });
        element.dataset.islandMounted = 'true';
      })
      .catch((error) => {
        element.dataset.islandMounted = 'failed';
        console.error(`island "${name}" failed to mount`, error);
      });
  }
}

/** Resolves once the visitor has scrolled and the element is in view (not merely below the fold at load). */
function whenVisible(element: HTMLElement): Promise<void> {
  return new Promise((resolve) => {
    const watch = () => {
      const seen = new IntersectionObserver((entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        seen.disconnect();
        resolve();
      });
      seen.observe(element);
    };
    addEventListener('scroll', watch, { once: true, passive: true });
  });
}

function boot(): void {
  // First: the header's More menu and phone menu button (the bar is what a visitor sees first).
  wireSiteHeader();
  const page = pageData();
  // Spec §4: read the cart at page start only when there can be one; otherwise just
  // reveal the add-to-cart buttons.
  // A visitor without a cart gets the empty header state without React; the cart islands
  // (and React, on pages with no other island) load when the first item is added.
  cartIslands = shouldLoadCart();
  if (cartIslands) void cartStore.load().catch(() => undefined);
  else {
    cartStore.markEmpty();
    for (const link of document.querySelectorAll<HTMLElement>('[data-island="header-cart"]')) {
      link.dataset.cartState = 'empty';
      link.setAttribute('aria-label', 'Cart, empty');
    }
    const stop = cartStore.subscribe(() => {
      if (!cartStore.get().cart?.totalQuantity) return;
      stop();
      cartIslands = true;
      mountIslands();
    });
  }
  document.documentElement.classList.add('sf-ready');
  mountIslands();
  // Quick view buttons (the store grid) are wired by a small chunk on the pages that have them.
  if (document.querySelector(QUICK_VIEW)) {
    import('./quick-view')
      .then((m) => m.wireQuickView(QUICK_VIEW))
      .catch((error: unknown) => console.error(error));
  }
  document.addEventListener(MOUNT_ISLANDS_EVENT, mountIslands);
  // The popup overlay (page type 104) is not needed before it is due (delay, scroll or exit
  // intent), so neither is its code; pages without one load neither part.
  const popup = document.querySelector<HTMLElement>('[data-popup-overlay]');
  if (popup)
    void import('./islands/newsletter/popup-trigger').then((trigger) =>
      trigger.armPopup(
        popup,
        () => void import('./islands/newsletter/popup-overlay').then((m) => m.runPopup(popup)),
      ),
    );
  showStudioLink();
  showAccountState();
  startTrackingSafely(page);
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', boot, { once: true });
else boot();
