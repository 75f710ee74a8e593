import type { SubscriptionPlan } from '../db/schema/index';
import type { DrawingKind } from './demo-drawings';

/** A demo variant: price in minor units; `stock: 'unlimited'` for unlimited stock. */
export interface DemoVariant {
  sku: string;
  price: number;
  salePrice?: number;
  onSale?: boolean;
  stock: number | 'unlimited';
  attributes?: Record<string, string>;
  /** A generated image of this variant's own (served as /assets/demo/<name>.svg). */
  image?: { name: string; hue: number };
}

export interface DemoProduct {
  slug: string;
  title: string;
  excerpt: string;
  productType: 1 | 2 | 3 | 4;
  /** Hue of the generated image. */
  hue: number;
  /** What the generated images draw. */
  kind: DrawingKind;
  options?: string[];
  variants: DemoVariant[];
  subscriptionPlan?: SubscriptionPlan;
  additionalFieldsForm?: string;
  customAddButtonText?: string;
  merchandising?: Record<string, unknown>;
  category: string;
}

const sizes = ['S', 'M', 'L'];
const tee = (colour: string, stock: Record<string, number>, image?: DemoVariant['image']): DemoVariant[] =>
  sizes.map((size) => ({
    sku: `TEE-${colour.slice(0, 3).toUpperCase()}-${size}`,
    price: 2800,
    stock: stock[size] ?? 0,
    attributes: { Size: size, Color: colour },
    image,
  }));

/**
 * The demo store. Covers: size × colour with per-variant stock and one sold-out variant,
 * a colour with its own image, a fully sold-out product, sale prices, unlimited stock,
 * digital, service, gift card denominations, a monthly subscription and an
 * additional-fields form. Slugs are stable.
 */
export const demoProducts: DemoProduct[] = [
  {
    slug: 'classic-tee',
    kind: 'tee',
    title: 'Classic Tee',
    excerpt: 'Heavyweight organic cotton, cut for every day.',
    productType: 1,
    hue: 210,
    options: ['Size', 'Color'],
    // Sand has its own image, so choosing it swaps the picture (spec §2).
    variants: [
      ...tee('Navy', { S: 12, M: 8, L: 5 }),
      ...tee('Sand', { S: 4, M: 2, L: 0 }, { name: 'classic-tee-sand', hue: 38 }),
    ],
    merchandising: { scarcityEnabled: true, scarcityText: 'Only {qty} left in stock' },
    category: 'Apparel',
  },
  {
    slug: 'zip-hoodie',
    kind: 'hoodie',
    title: 'Zip Hoodie',
    excerpt: 'Brushed fleece with a full-length zip. On sale this week.',
    productType: 1,
    hue: 150,
    options: ['Size', 'Color'],
    variants: ['Forest', 'Charcoal'].flatMap((colour) =>
      sizes.map((size) => ({
        sku: `HOOD-${colour.slice(0, 3).toUpperCase()}-${size}`,
        price: 7200,
        salePrice: 5400,
        onSale: true,
        stock: 6,
        attributes: { Size: size, Color: colour },
      })),
    ),
    category: 'Apparel',
  },
  {
    slug: 'canvas-tote',
    kind: 'tote',
    title: 'Canvas Tote',
    excerpt: 'A sturdy tote, always in stock.',
    productType: 1,
    hue: 40,
    variants: [{ sku: 'TOTE-1', price: 1800, stock: 'unlimited' }],
    category: 'Accessories',
  },
  {
    slug: 'stoneware-mug',
    kind: 'mug',
    title: 'Stoneware Mug',
    excerpt: 'Hand-thrown and glazed. Sold out until the next kiln firing.',
    productType: 1,
    hue: 20,
    options: ['Glaze'],
    variants: [
      { sku: 'MUG-WHT', price: 3200, stock: 0, attributes: { Glaze: 'White' } },
      { sku: 'MUG-BLU', price: 3200, stock: 0, attributes: { Glaze: 'Blue' } },
    ],
    merchandising: { restockNotificationsEnabled: true },
    category: 'Home',
  },
  {
    slug: 'field-notebook',
    kind: 'notebook',
    title: 'Field Notebook',
    excerpt: 'Dot-grid pages, stitched binding. Only a few left.',
    productType: 1,
    hue: 280,
    variants: [{ sku: 'NOTE-1', price: 1400, stock: 3 }],
    merchandising: { scarcityEnabled: true, scarcityText: 'Only {qty} left' },
    category: 'Stationery',
  },
  {
    slug: 'enamel-pin-set',
    kind: 'pins',
    title: 'Enamel Pin Set',
    excerpt: 'Three hard-enamel pins.',
    productType: 1,
    hue: 330,
    variants: [{ sku: 'PIN-SET', price: 2400, salePrice: 1600, onSale: true, stock: 40 }],
    category: 'Accessories',
  },
  {
    slug: 'wool-beanie',
    kind: 'beanie',
    title: 'Wool Beanie',
    excerpt: 'Merino rib knit in three colours.',
    productType: 1,
    hue: 0,
    options: ['Color'],
    variants: ['Rust', 'Oat', 'Ink'].map((colour, i) => ({
      sku: `BEANIE-${colour.toUpperCase()}`,
      price: 3500,
      stock: [10, 3, 7][i] ?? 0,
      attributes: { Color: colour },
    })),
    category: 'Apparel',
  },
  {
    slug: 'art-print',
    kind: 'print',
    title: 'Art Print',
    excerpt: 'Giclée print on cotton rag. Pay in instalments.',
    productType: 1,
    hue: 190,
    options: ['Size'],
    variants: [
      { sku: 'PRINT-A3', price: 9500, stock: 15, attributes: { Size: 'A3' } },
      { sku: 'PRINT-A2', price: 16500, stock: 8, attributes: { Size: 'A2' } },
    ],
    category: 'Home',
  },
  {
    slug: 'lightroom-presets',
    kind: 'presets',
    title: 'Lightroom Presets',
    excerpt: 'Twelve presets, delivered as a download.',
    productType: 2,
    hue: 260,
    variants: [{ sku: 'DIGI-PRESETS', price: 1900, stock: 0 }],
    category: 'Digital',
  },
  {
    slug: 'design-consultation',
    kind: 'call',
    title: 'Design Consultation',
    excerpt: 'A one-hour video call about your brand.',
    productType: 3,
    hue: 100,
    variants: [{ sku: 'SVC-CONSULT', price: 12000, stock: 'unlimited' }],
    category: 'Services',
  },
  {
    slug: 'gift-card',
    kind: 'gift',
    title: 'Gift Card',
    excerpt: 'Let them choose. Delivered by email.',
    productType: 4,
    hue: 50,
    // "Value" is the spec's gift card option (giftCardValueDisplayText): "Select Value".
    options: ['Value'],
    variants: [2500, 5000, 10000].map((amount) => ({
      sku: `GIFT-${amount / 100}`,
      price: amount,
      stock: 'unlimited' as const,
      attributes: { Value: `$${amount / 100}` },
    })),
    category: 'Gift Cards',
  },
  {
    slug: 'coffee-subscription',
    kind: 'coffee',
    title: 'Coffee Subscription',
    excerpt: 'A fresh 250 g bag every month.',
    productType: 1,
    hue: 25,
    variants: [{ sku: 'COFFEE-SUB', price: 1600, stock: 'unlimited' }],
    subscriptionPlan: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 },
    category: 'Food',
  },
  {
    slug: 'engraved-necklace',
    kind: 'necklace',
    title: 'Engraved Necklace',
    excerpt: 'Sterling silver, engraved with the name you choose.',
    productType: 1,
    hue: 300,
    variants: [{ sku: 'NECK-1', price: 6800, stock: 20 }],
    additionalFieldsForm: 'engraving',
    customAddButtonText: 'Add Engraved Necklace',
    category: 'Accessories',
  },
];
