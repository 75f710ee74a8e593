import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../src/db/schema/index';
import { contributorSession } from '../contributors/contributor-helpers';
import { applyCard, cartWith, checkout, issueCard } from '../gift-cards/gift-card-helpers';
import { giftCards } from '../../src/db/schema/index';
import { demoProduct } from '../helpers/shop';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { backends } from '../helpers/test-db';
import { sessionOf } from '../restock-helpers';
import { ownerRequest } from './owner-screens-helpers';

const issue = { amountCents: 2500, email: 'Friend@Example.com', message: 'Happy birthday!' };

describe.each(backends)('owner gift cards on %s', (backend) => {
  let site: TestSite;
  let owner: ReturnType<typeof ownerRequest>;

  beforeAll(async () => {
    site = await createTestSite(backend);
    owner = ownerRequest(site, await sessionOf(site, 'owner'));
  });
  afterAll(() => site.app.close());

  const mailsTo = (to: string) =>
    site.app.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.websiteId, site.websiteId), eq(emailOutbox.toAddress, to)));

  it('issues a card by hand, mails it with the message, and a retry with the key issues nothing more', async () => {
    const key = { 'idempotency-key': `issue-${Math.random()}` };
    const first = await owner('POST', '/api/owner/gift-cards', issue, key);
    expect(first.statusCode).toBe(201);
    const card = first.json().giftCard;
    expect(card).toMatchObject({
      initialCents: 2500,
      balanceCents: 2500,
      currency: 'USD',
      status: 'ACTIVE',
      recipientEmail: 'friend@example.com',
      issuedByHand: true,
      orderId: null,
    });
    // The owner sees the whole code.
    expect(card.code).toMatch(/^[0-9A-F]{4}(-[0-9A-F]{4}){4}$/);
    const again = await owner('POST', '/api/owner/gift-cards', issue, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().giftCard.id).toBe(card.id);
    const mails = await mailsTo('friend@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.kind).toBe('gift-card');
    expect(mails[0]?.textBody).toContain(card.code);
    expect(mails[0]?.textBody).toContain('Happy birthday!');
    expect(mails[0]?.textBody).toContain('$25.00');
  });

  it.each([
    [{ ...issue, amountCents: 0 }, 'amountCents'],
    [{ ...issue, amountCents: 12.5 }, 'amountCents'],
    [{ ...issue, amountCents: 100_000_001 }, 'amountCents'],
    [{ ...issue, email: 'nope' }, 'email'],
    [{ ...issue, message: 'x'.repeat(501) }, 'message'],
  ])('refuses to issue %j (400 on %s)', async (payload, field) => {
    const res = await owner('POST', '/api/owner/gift-cards', payload);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors ?? {})).toContain(field);
  });

  it('looks a balance up by code (any case, dashes optional), and 404s an unknown one', async () => {
    const card = await issueCard(site, 5000, 1200);
    const res = await owner('POST', '/api/owner/gift-cards/lookup', {
      code: card.code.toLowerCase().replace(/-/g, ' '),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().giftCard).toMatchObject({ id: card.id, balanceCents: 1200, issuedByHand: false });
    const unknown = await owner('POST', '/api/owner/gift-cards/lookup', { code: 'AAAA-BBBB-CCCC-DDDD-EEEE' });
    expect(unknown.statusCode).toBe(404);
    expect((await owner('POST', '/api/owner/gift-cards/lookup', { code: 'hello' })).statusCode).toBe(400);
  });

  it('disables a card: it is listed as disabled and no longer pays in a cart', async () => {
    const card = await issueCard(site, 3000);
    const res = await owner('POST', `/api/owner/gift-cards/${card.id}/disable`);
    expect(res.statusCode).toBe(200);
    expect(res.json().giftCard).toMatchObject({ status: 'DISABLED', balanceCents: 3000 });
    const listed = (await owner('GET', '/api/owner/gift-cards?status=DISABLED')).json();
    expect(listed.giftCards.map((c: { id: string }) => c.id)).toContain(card.id);
    const presets = await demoProduct(site, 'lightroom-presets');
    const { cookies } = await cartWith(site, { itemId: presets.id, sku: 'DIGI-PRESETS', quantity: 1 });
    const applied = await applyCard(site, cookies, card.code);
    expect(applied.statusCode).toBe(400);
    expect((await owner('POST', '/api/owner/gift-cards/nope/disable')).statusCode).toBe(404);
  });

  it('a card disabled after it was applied pays nothing at checkout: its balance is kept', async () => {
    const card = await issueCard(site, 500);
    const presets = await demoProduct(site, 'lightroom-presets');
    const { cookies } = await cartWith(site, { itemId: presets.id, sku: 'DIGI-PRESETS', quantity: 1 });
    expect((await applyCard(site, cookies, card.code)).statusCode).toBe(200);
    await owner('POST', `/api/owner/gift-cards/${card.id}/disable`);
    const cart = (await site.request({ method: 'GET', url: '/api/commerce/shopping-cart', cookies })).json();
    expect(cart.giftCardCents ?? 0).toBe(0);
    const placed = await checkout(site, cookies);
    expect(placed.statusCode).toBe(200);
    expect(placed.json().order.giftCards).toEqual([]);
    const [row] = await site.app.database.db.select().from(giftCards).where(eq(giftCards.id, card.id));
    expect(row?.balanceCents).toBe(500);
  });

  it('shows other roles only the last 4 characters; a billing role may not issue', async () => {
    const card = await issueCard(site, 1000);
    const manager = ownerRequest(site, (await contributorSession(backend, site, 8)).cookie);
    const list = (await manager('GET', '/api/owner/gift-cards')).json();
    expect(list.fullCodes).toBe(false);
    const seen = list.giftCards.find((c: { id: string }) => c.id === card.id);
    expect(seen.code).toBe(`•••• ${card.code.replace(/-/g, '').slice(-4)}`);
    expect(JSON.stringify(list)).not.toContain(card.code);
    const billing = ownerRequest(site, (await contributorSession(backend, site, 2)).cookie);
    expect((await billing('GET', '/api/owner/gift-cards')).statusCode).toBe(200);
    const refused = await billing('POST', '/api/owner/gift-cards', issue);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('Your role (Billing) cannot change orders.');
  });

  it('never lists or finds another site’s cards', async () => {
    const other = await createTestSite(backend);
    try {
      const foreign = await issueCard(other, 4000);
      const list = (await owner('GET', '/api/owner/gift-cards')).json();
      expect(list.giftCards.map((c: { id: string }) => c.id)).not.toContain(foreign.id);
      expect((await owner('POST', '/api/owner/gift-cards/lookup', { code: foreign.code })).statusCode).toBe(
        404,
      );
      expect((await owner('POST', `/api/owner/gift-cards/${foreign.id}/disable`)).statusCode).toBe(404);
    } finally {
      await other.app.close();
    }
  });

  it('refuses visitors and customers', async () => {
    expect((await ownerRequest(site, undefined)('GET', '/api/owner/gift-cards')).statusCode).toBe(401);
    const customer = ownerRequest(site, await sessionOf(site, 'customer'));
    expect((await customer('POST', '/api/owner/gift-cards', issue)).statusCode).toBe(403);
  });
});
