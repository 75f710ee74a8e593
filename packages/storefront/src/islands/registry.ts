/** An island module: mounts a component into a marker element the template emitted. */
export interface IslandModule {
  mount(element: HTMLElement, props: Record<string, unknown>): void;
}

type Loader = () => Promise<IslandModule>;

// Each island is its own lazy chunk: a page downloads only the islands its markup names.

export const islandRegistry: Record<string, Loader | undefined> = {
  'add-to-cart': () => import('./add-to-cart/index'),
  'product-detail': () => import('./product-detail/index'),
  'cart-pill': () => import('./cart-ui').then((m) => m.cartPill),
  'header-cart': () => import('./cart-ui').then((m) => m.headerCart),
  'cart-page': () => import('./cart-page/index'),
  checkout: () => import('./checkout/index'),
  order: () => import('./order/index'),
  form: () => import('./form/index'),
  restock: () => import('./restock/index'),
  reviews: () => import('./reviews/index'),
  'reviews-request': () => import('./reviews-request/index'),
  'newsletter-unsubscribe': () => import('./newsletter/unsubscribe'),
  'newsletter-signup': () => import('./newsletter/signup'),
  account: () => import('./account/index'),
  scheduling: () => import('./scheduling/index'),
  'scheduling-manage': () => import('./scheduling/index'),
  lesson: () => import('./lesson/index'),
  members: () => import('./members/index'),
  donation: () => import('./donation/index'),
  'donation-thanks': () => import('./donation/index'),
};
