export type AccountRoute =
  | { view: 'orders' }
  | { view: 'order'; id: string }
  | { view: 'addresses' }
  | { view: 'subscriptions' }
  | { view: 'forgot-password' }
  | { view: 'reset-password'; token: string };

/**
 * The account page's view from the URL hash (`#orders/<id>`, `#addresses`, else the order
 * history; signed out, `#forgot-password` and the reset link's `#reset-password/<token>`):
 * one page the server never caches, with the back button working between views. The reset
 * token stays in the fragment, which browsers never send to a server.
 */
export function routeOf(hash: string): AccountRoute {
  if (hash === '#forgot-password') return { view: 'forgot-password' };
  const reset = /^#reset-password\/([A-Za-z0-9._-]{1,200})$/.exec(hash);
  if (reset?.[1]) return { view: 'reset-password', token: reset[1] };
  const order = /^#orders\/([A-Za-z0-9-]{1,64})$/.exec(hash);
  if (order?.[1]) return { view: 'order', id: order[1] };
  if (hash === '#subscriptions') return { view: 'subscriptions' };
  return hash === '#addresses' ? { view: 'addresses' } : { view: 'orders' };
}
