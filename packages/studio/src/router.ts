import { useEffect, useState } from 'react';

/** Studio paths all live under /config (spec §2); the server answers each with the app. */
export const paths = {
  signIn: '/config/sign-in',
  pages: '/config/pages',
  page: (id: string) => `/config/pages/${encodeURIComponent(id)}`,
  blog: (id: string) => `/config/blogs/${encodeURIComponent(id)}`,
  course: (id: string) => `/config/courses/${encodeURIComponent(id)}`,
  headerFooter: '/config/header-footer',
  media: '/config/media',
  design: '/config/design',
  /** The store back office: products, inventory, orders, store settings. */
  commerce: (section: CommerceSection = 'products') => `/config/commerce/${section}`,
};

export const commerceSections = [
  'products',
  'inventory',
  'orders',
  'donations',
  'subscriptions',
  'customers',
  'reviews',
  'gift-cards',
  'abandoned-carts',
  'settings',
] as const;
export type CommerceSection = (typeof commerceSections)[number];

const listeners = new Set<() => void>();

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  if (options.replace) history.replaceState(null, '', to);
  else history.pushState(null, '', to);
  for (const listener of listeners) listener();
}

/** The current path, re-rendered on navigate() and on the browser's back/forward. */
export function usePath(): string {
  const [path, setPath] = useState(location.pathname);
  useEffect(() => {
    const update = () => setPath(location.pathname);
    listeners.add(update);
    window.addEventListener('popstate', update);
    return () => {
      listeners.delete(update);
      window.removeEventListener('popstate', update);
    };
  }, []);
  return path;
}
