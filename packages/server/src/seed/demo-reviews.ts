import type { Tx } from '../db/client';
import { popupOverlays } from '../db/schema/newsletter';
import { productReviews } from '../db/schema/reviews';

/** Approved demo reviews per product slug (native reviews are on in the demo store). */
const DEMO_REVIEWS: Record<
  string,
  { rating: number; title: string; body: string; authorName: string; daysAgo: number }[]
> = {
  'classic-tee': [
    {
      rating: 5,
      title: 'My everyday tee now',
      body: 'Thick cotton that kept its shape after a dozen washes. I bought a second one in Sand.',
      authorName: 'Maya R.',
      daysAgo: 3,
    },
    {
      rating: 4,
      title: 'Runs a little long',
      body: 'Lovely fabric. The body is slightly longer than I expected, which I ended up liking.',
      authorName: 'Tom B.',
      daysAgo: 12,
    },
    {
      rating: 5,
      title: '',
      body: 'Soft from the first wear and no shrinking.',
      authorName: 'Ines K.',
      daysAgo: 30,
    },
  ],
  'zip-hoodie': [
    {
      rating: 5,
      title: 'Warm and well made',
      body: 'The zip runs smoothly and the fleece is brushed inside. Worth it at the sale price.',
      authorName: 'Sam P.',
      daysAgo: 6,
    },
    {
      rating: 4,
      title: 'Cosy',
      body: 'Sleeves are generous. I would size down if you like a close fit.',
      authorName: 'Lea W.',
      daysAgo: 20,
    },
  ],
  'stoneware-mug': [
    {
      rating: 5,
      title: 'Holds heat',
      body: 'Heavy in the hand, glaze is even, and my coffee stays warm much longer.',
      authorName: 'Jon D.',
      daysAgo: 9,
    },
  ],
};

/**
 * Demo reviews (approved, so they show) and the popup overlay. The popup is left switched
 * off: it would cover every page of the demo (and the browser tests) after five seconds; the
 * owner switches it on (`popup_overlays.enabled`).
 */
export async function seedReviewsAndPopup(tx: Tx, websiteId: string, itemIdBySlug: Record<string, string>) {
  const rows = Object.entries(DEMO_REVIEWS).flatMap(([slug, reviews]) => {
    const productId = itemIdBySlug[slug];
    return productId
      ? reviews.map((r) => ({
          websiteId,
          productId,
          rating: r.rating,
          title: r.title,
          body: r.body,
          authorName: r.authorName,
          email: `${r.authorName.split(' ')[0]?.toLowerCase()}@example.com`,
          status: 'APPROVED' as const,
          moderatedAt: new Date(Date.now() - r.daysAgo * 86_400_000),
          createdAt: new Date(Date.now() - r.daysAgo * 86_400_000),
        }))
      : [];
  });
  if (rows.length) await tx.insert(productReviews).values(rows);
  await tx.insert(popupOverlays).values({
    websiteId,
    enabled: false,
    version: 1,
    title: 'Join the Juniper & Oak letter',
    body: 'New pieces from the studio, once a month. No spam.',
    buttonLabel: 'Sign up',
    delaySeconds: 5,
    hideDays: 7,
  });
}
