import { Suspense, lazy } from 'react';
import { type CommerceSection, commerceSections, paths } from '../router';
import { leaveTo } from '../unsaved-guard';

// One chunk per screen: the product editor and the orders list load only when opened.
const screens: Record<CommerceSection, ReturnType<typeof lazy>> = {
  products: lazy(() => import('./products-screen').then((m) => ({ default: m.ProductsScreen }))),
  inventory: lazy(() => import('./inventory-screen').then((m) => ({ default: m.InventoryScreen }))),
  orders: lazy(() => import('./orders-screen').then((m) => ({ default: m.OrdersScreen }))),
  settings: lazy(() => import('./settings-screen').then((m) => ({ default: m.SettingsScreen }))),
};

const labels: Record<CommerceSection, string> = {
  products: 'Products',
  inventory: 'Inventory',
  orders: 'Orders',
  settings: 'Store settings',
};

/** `/config/commerce/<section>/<rest>` → the section and the rest (e.g. a product or order id). */
export function commerceRoute(path: string): { section: CommerceSection; rest: string[] } {
  const [, , , section, ...rest] = path.split('/');
  const known = commerceSections.find((s) => s === section);
  return { section: known ?? 'products', rest: rest.filter(Boolean).map(decodeURIComponent) };
}

/** The store back office: a section list on the left, the section's screen on the right. */
export function CommercePanel({ path }: { path: string }) {
  const { section, rest } = commerceRoute(path);
  const Screen = screens[section];
  return (
    <div className="commerce">
      <nav className="commerce__nav" aria-label="Store">
        {commerceSections.map((s) => (
          <a
            key={s}
            href={paths.commerce(s)}
            className={`commerce__link${s === section ? ' commerce__link--active' : ''}`}
            aria-current={s === section ? 'page' : undefined}
            onClick={(e) => {
              e.preventDefault();
              leaveTo(paths.commerce(s));
            }}
          >
            {labels[s]}
          </a>
        ))}
      </nav>
      <main className="commerce__main">
        <Suspense fallback={<p className="loading">Loading…</p>}>
          <Screen rest={rest} />
        </Suspense>
      </main>
    </div>
  );
}
