import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contributorSession } from '../contributors/contributor-helpers';
import { demoProduct } from '../helpers/shop';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { backends } from '../helpers/test-db';
import { sessionOf } from '../restock-helpers';
import { ownerRequest } from './owner-screens-helpers';

interface OwnerReview {
  id: string;
  status: string;
  rating: number;
  productId: string;
  reply: string | null;
}

describe.each(backends)('review moderation and replies on %s', (backend) => {
  let site: TestSite;
  let tote: string;
  let owner: ReturnType<typeof ownerRequest>;
  let n = 0;
  const write = (productId: string, payload: object) =>
    site.request({
      method: 'POST',
      url: `/api/commerce/products/${productId}/reviews`,
      payload: { authorName: 'Ada', email: 'ada@example.com', ...payload },
      headers: { 'x-forwarded-for': `10.8.${n++ % 250}.1` },
    });
  const list = async (query = '') => {
    const res = await owner('GET', `/api/owner/reviews${query}`);
    expect(res.statusCode).toBe(200);
    return res.json() as {
      reviews: OwnerReview[];
      counts: Record<string, number>;
      hasNextPage: boolean;
      nextPageCursor: string | null;
    };
  };

  beforeAll(async () => {
    site = await createTestSite(backend);
    tote = (await demoProduct(site, 'canvas-tote')).id;
    owner = ownerRequest(site, await sessionOf(site, 'owner'));
    await write(tote, { rating: 2, body: 'Strap tore after a week.' });
    await write(tote, { rating: 5, body: 'Carries everything, lovely canvas.' });
  });
  afterAll(() => site.app.close());

  it('lists ALL with the pending reviews first, and counts each status', async () => {
    const all = await list('?status=ALL');
    const statuses = all.reviews.map((r) => r.status);
    const firstOther = statuses.findIndex((s) => s !== 'PENDING');
    expect(statuses.slice(0, 2)).toEqual(['PENDING', 'PENDING']);
    expect(statuses.slice(firstOther).every((s) => s !== 'PENDING')).toBe(true);
    expect(all.counts.PENDING).toBe(2);
    expect(all.counts.APPROVED).toBeGreaterThan(0);
  });

  it('filters by product, rating and words', async () => {
    expect((await list(`?status=ALL&productId=${tote}`)).reviews).toHaveLength(2);
    expect((await list(`?productId=${tote}&rating=2`)).reviews.map((r) => r.rating)).toEqual([2]);
    expect((await list('?q=strap')).reviews).toHaveLength(1);
    expect((await list('?q=nothing-like-this')).reviews).toHaveLength(0);
  });

  it('pages ALL with a cursor without repeating a review', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await list(`?status=ALL${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.reviews.map((r) => r.id));
      cursor = page.nextPageCursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    const counts = (await list()).counts;
    expect(seen.length).toBe((counts.PENDING ?? 0) + (counts.APPROVED ?? 0) + (counts.REJECTED ?? 0));
  });

  it.each([['?rating=6'], ['?status=MAYBE'], ['?cursor=not-a-cursor']])(
    'answers %s with 400',
    async (query) => {
      expect((await owner('GET', `/api/owner/reviews${query}`)).statusCode).toBe(400);
    },
  );

  it('replies in public: the reply shows under the approved review; an empty reply removes it', async () => {
    const target = (await list('?q=lovely')).reviews[0] as OwnerReview;
    expect(
      (await owner('POST', `/api/owner/reviews/${target.id}/moderation`, { status: 'APPROVED' })).statusCode,
    ).toBe(200);
    const res = await owner('PUT', `/api/owner/reviews/${target.id}/reply`, { reply: '  Thank you, Ada!  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: target.id,
      reply: 'Thank you, Ada!',
      repliedAt: expect.any(String),
    });
    const shown = (
      await site.request({ method: 'GET', url: `/api/commerce/products/${tote}/reviews` })
    ).json();
    expect(shown.reviews.find((r: OwnerReview) => r.id === target.id).reply).toBe('Thank you, Ada!');
    await owner('PUT', `/api/owner/reviews/${target.id}/reply`, { reply: '' });
    const cleared = (
      await site.request({ method: 'GET', url: `/api/commerce/products/${tote}/reviews` })
    ).json();
    expect(cleared.reviews.find((r: OwnerReview) => r.id === target.id)).toMatchObject({
      reply: null,
      repliedAt: null,
    });
  });

  it('refuses a too long reply, an unknown review, and another site’s review', async () => {
    const target = (await list('?status=ALL')).reviews[0] as OwnerReview;
    const long = await owner('PUT', `/api/owner/reviews/${target.id}/reply`, { reply: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.reply).toBe('A reply can be at most 2000 characters.');
    expect((await owner('PUT', '/api/owner/reviews/nope/reply', { reply: 'Hi' })).statusCode).toBe(404);
    const other = await createTestSite(backend);
    try {
      const foreign = ownerRequest(other, await sessionOf(other, 'owner'));
      expect(
        (await foreign('PUT', `/api/owner/reviews/${target.id}/reply`, { reply: 'Hi' })).statusCode,
      ).toBe(404);
      expect(JSON.stringify((await foreign('GET', '/api/owner/reviews?status=ALL')).json())).not.toContain(
        target.id,
      );
    } finally {
      await other.app.close();
    }
  });

  it('follows the permission table: a moderator replies, a commenter only reads', async () => {
    const target = (await list('?status=ALL')).reviews[0] as OwnerReview;
    const moderator = ownerRequest(site, (await contributorSession(backend, site, 6)).cookie);
    expect(
      (await moderator('PUT', `/api/owner/reviews/${target.id}/reply`, { reply: 'Thanks' })).statusCode,
    ).toBe(200);
    const commenter = ownerRequest(site, (await contributorSession(backend, site, 7)).cookie);
    expect((await commenter('GET', '/api/owner/reviews')).statusCode).toBe(200);
    const refused = await commenter('PUT', `/api/owner/reviews/${target.id}/reply`, { reply: 'Thanks' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('Your role (Commenter) cannot change reviews.');
  });
});
