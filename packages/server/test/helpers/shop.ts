import type { LightMyRequestResponse } from 'fastify';
import type { TestSite } from './test-app';

export interface DemoProductRef {
  id: string;
  variants: {
    sku: string;
    id: string;
    qtyInStock: number;
    unlimited: boolean;
    attributes: Record<string, string>;
  }[];
}

/** Look a demo product up through the page context, as the storefront does. */
export async function demoProduct(site: TestSite, slug: string): Promise<DemoProductRef> {
  const res = await site.request({ method: 'GET', url: `/shop/p/${slug}?format=json` });
  const item = res.json().item;
  return { id: item.id, variants: item.structuredContent.variants };
}

/** The CART token a response set, if any. */
export function cartTokenFrom(res: LightMyRequestResponse): string | undefined {
  const cookie = res.cookies.find((c) => c.name === 'CART');
  return cookie?.value;
}

/** Add to cart as the visitor holding `cartToken` (or a new visitor). */
export function addToCart(
  site: TestSite,
  body: Record<string, unknown>,
  cartToken?: string,
): Promise<LightMyRequestResponse> {
  return site.request({
    method: 'POST',
    url: '/api/commerce/shopping-cart/entries',
    payload: body,
    cookies: cartToken ? { CART: cartToken } : {},
  });
}

export const shippingAddress = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  address1: '1 Analytical Way',
  city: 'Hudson',
  region: 'NY',
  postalCode: '12534',
  country: 'US',
};
