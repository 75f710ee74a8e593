import { lazy } from 'react';
import { type AreaSection, SectionArea } from '../components/section-area';
import type { CommerceSection } from '../router';

// One chunk per screen: the product editor and the orders list load only when opened.
const sections: readonly (AreaSection & { id: CommerceSection })[] = [
  {
    id: 'products',
    label: 'Products',
    screen: lazy(() => import('./products-screen').then((m) => ({ default: m.ProductsScreen }))),
  },
  {
    id: 'inventory',
    label: 'Inventory',
    screen: lazy(() => import('./inventory-screen').then((m) => ({ default: m.InventoryScreen }))),
  },
  {
    id: 'orders',
    label: 'Orders',
    screen: lazy(() => import('./orders-screen').then((m) => ({ default: m.OrdersScreen }))),
  },
  {
    id: 'subscriptions',
    label: 'Subscriptions',
    screen: lazy(() => import('./subscriptions-screen').then((m) => ({ default: m.SubscriptionsScreen }))),
  },
  {
    id: 'donations',
    label: 'Donations',
    screen: lazy(() => import('../donations/donations-screen').then((m) => ({ default: m.DonationsScreen }))),
  },
  {
    id: 'customers',
    label: 'Customers',
    screen: lazy(() => import('../customers/customers-screen').then((m) => ({ default: m.CustomersScreen }))),
  },
  {
    id: 'reviews',
    label: 'Reviews',
    screen: lazy(() => import('../reviews/reviews-screen').then((m) => ({ default: m.ReviewsScreen }))),
  },
  {
    id: 'gift-cards',
    label: 'Gift cards',
    screen: lazy(() =>
      import('../gift-cards/gift-cards-screen').then((m) => ({ default: m.GiftCardsScreen })),
    ),
  },
  {
    id: 'abandoned-carts',
    label: 'Abandoned carts',
    screen: lazy(() => import('./abandoned-carts-screen').then((m) => ({ default: m.AbandonedCartsScreen }))),
  },
  {
    id: 'settings',
    label: 'Store settings',
    screen: lazy(() => import('./settings-screen').then((m) => ({ default: m.SettingsScreen }))),
  },
];

/** The store back office: products, inventory, orders, store settings. */
export function CommercePanel({ path }: { path: string }) {
  return <SectionArea area="commerce" label="Store" path={path} sections={sections} />;
}
