import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveries, webhookEndpoints } from '../../src/db/schema/index';
import { formIdOf, solvedCaptcha, submissionKey, validContact } from '../forms-helpers';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { demoProduct } from '../helpers/shop';
import { backends } from '../helpers/test-db';
import { orderAction, ownerCookies, placedOrder } from '../orders/orders-helpers';

describe.each(backends)('which changes queue webhook events on %s', (backend) => {
  let site: TestSite;
  let owner: Record<string, string>;
  let endpointId: string;

  beforeAll(async () => {
    site = await createTestSite(backend, { config: { secretsKey: randomBytes(32) } });
    owner = await ownerCookies(site);
    const made = await site.request({
      method: 'POST',
      url: '/api/studio/webhooks',
      cookies: owner,
      payload: {
        url: 'https://93.184.216.34/hooks',
        events: [
          'order.created',
          'order.paid',
          'order.fulfilled',
          'order.refunded',
          'form.submitted',
          'member.joined',
          'product.changed',
        ],
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    endpointId = made.json().endpoint.id;
    // Switched off: the deliveries wait in the queue (the worker sends no switched-off endpoint's).
    await site.app.database.db
      .update(webhookEndpoints)
      .set({ enabled: false })
      .where(eq(webhookEndpoints.id, endpointId));
  }, 120_000);
  afterAll(() => site.app.close());

  const queued = async (type: string) =>
    (
      await site.app.database.db
        .select()
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.eventType, type)))
    ).map((row) => JSON.parse(row.body));

  it('queues nothing for a switched-off endpoint', async () => {
    await placedOrder(site);
    expect(await queued('order.paid')).toEqual([]);
  });

  it('an order queues created and paid with the order, then fulfilled and refunded', async () => {
    await site.app.database.db
      .update(webhookEndpoints)
      .set({ enabled: true })
      .where(eq(webhookEndpoints.id, endpointId));
    const order = await placedOrder(site, { sku: 'TEE-NAV-S' });
    const id = order.id;
    await site.app.database.db
      .update(webhookEndpoints)
      .set({ enabled: false })
      .where(eq(webhookEndpoints.id, endpointId));
    expect((await queued('order.created')).map((e) => e.data.object.id)).toContain(id);
    expect((await queued('order.paid')).map((e) => e.data.object.id)).toContain(id);
    await site.app.database.db
      .update(webhookEndpoints)
      .set({ enabled: true })
      .where(eq(webhookEndpoints.id, endpointId));
    expect((await orderAction(site, owner, id, 'fulfill', { trackingNumber: '1Z999' })).statusCode).toBe(200);
    expect((await orderAction(site, owner, id, 'refund')).statusCode).toBe(200);
    await site.app.database.db
      .update(webhookEndpoints)
      .set({ enabled: false })
      .where(eq(webhookEndpoints.id, endpointId));
    const [fulfilled] = await queued('order.fulfilled');
    expect(fulfilled.data.object).toMatchObject({ id, trackingNumber: '1Z999' });
    const [refunded] = await queued('order.refunded');
    expect(refunded.data.object).toMatchObject({ id, status: 'REFUNDED' });
    expect(JSON.stringify(refunded)).not.toContain(order.accessToken);
  });

  it('a form submission and a new member queue their events', async () => {
    await site.app.database.db
      .update(webhookEndpoints)
      .set({ enabled: true })
      .where(eq(webhookEndpoints.id, endpointId));
    const formId = await formIdOf(backend, site, 'Contact');
    const sent = await site.request({
      method: 'POST',
      url: '/api/form/SaveFormSubmission',
      payload: {
        formId,
        form: JSON.stringify(validContact),
        key: await submissionKey(site),
        captchaKey: await solvedCaptcha(site),
        pageTitle: 'Contact',
        pagePath: '/contact',
        contentSource: 'c',
      },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const joined = await site.request({
      method: 'POST',
      url: '/api/site-users/account',
      payload: { email: 'new-member@example.com', password: 'correct horse battery staple' },
    });
    expect(joined.statusCode, joined.body).toBeLessThan(300);
    await site.app.database.db
      .update(webhookEndpoints)
      .set({ enabled: false })
      .where(eq(webhookEndpoints.id, endpointId));
    const [form] = await queued('form.submitted');
    expect(form.data.object).toMatchObject({
      formId,
      answers: expect.objectContaining({ 'email-1': 'ada@example.com' }),
    });
    const [member] = await queued('member.joined');
    expect(member.data.object).toMatchObject({ object: 'member', email: 'new-member@example.com' });
  });

  it('a product edit in the studio queues product.changed with the product', async () => {
    await site.app.database.db
      .update(webhookEndpoints)
      .set({ enabled: true })
      .where(eq(webhookEndpoints.id, endpointId));
    const tote = await demoProduct(site, 'canvas-tote');
    const editor = await site.request({
      method: 'GET',
      url: `/api/studio/products/${tote.id}`,
      cookies: owner,
    });
    expect(editor.statusCode, editor.body).toBe(200);
    const gone = await site.request({
      method: 'DELETE',
      url: `/api/studio/products/${tote.id}`,
      cookies: owner,
    });
    expect(gone.statusCode, gone.body).toBe(200);
    await site.app.database.db
      .update(webhookEndpoints)
      .set({ enabled: false })
      .where(eq(webhookEndpoints.id, endpointId));
    const changes = (await queued('product.changed')).map((e) => e.data.object);
    expect(changes).toContainEqual(expect.objectContaining({ change: 'deleted', id: tote.id }));
  });
});
