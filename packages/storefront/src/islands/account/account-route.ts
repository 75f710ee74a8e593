export type AccountRoute = { view: 'orders' } | { view: 'order'; id: string } | { view: 'addresses' };

/**
 * The account page's view from the URL hash (`#orders/<id>`, `#addresses`, else the order
 * history): one page the server never caches, with the back button working between views.
 */
export function routeOf(hash: string): AccountRoute {
  const order = /^#orders\/([A-Za-z0-9-]{1,64})$/.exec(hash);
  if (order?.[1]) return { view: 'order', id: order[1] };
  return hash === '#addresses' ? { view: 'addresses' } : { view: 'orders' };
}
