import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../errors';
import { requireOwner } from '../plugins/owner-auth';
import { mayReadMailSecrets } from '../plugins/permissions';
import {
  CUSTOMERS_PAGE_SIZE,
  CUSTOMER_CSV_HEADER,
  customerCsvBatches,
  customerDetail,
  listCustomers,
  validCustomerCursor,
} from '../services/customers/customers';
import {
  GIFT_CARDS_PAGE_SIZE,
  GIFT_CARD_OWNER_MESSAGES,
  type CardResult,
  disableGiftCard,
  findGiftCardByCode,
  issueGiftCardByHand,
  listGiftCards,
  ownerCardView,
} from '../services/gift-cards/gift-card-owner';
import { GIFT_CARD_MESSAGES } from '../services/gift-cards/gift-card-messages';
import { csvFilename, csvStream } from '../services/owner/csv';
import { decodeCursor, paginate } from '../services/owner/cursor';
import type { SignedInUser } from '../services/site-users/sessions';
import { at, zodRoutes } from './api-schema';
import { sendCsv } from './csv-reply';

const NO_CUSTOMER = 'That customer does not exist.';
const BAD_CURSOR = 'The cursor is not valid.';

/**
 * The owner's customers (list, detail, CSV export) and gift cards (list, balance by code,
 * issue by hand, disable). Every query is scoped by the request's site; whole gift card codes
 * only reach readers who may read mail secrets (the owner and admins).
 */
export async function ownerStoreRoutes(app: FastifyInstance) {
  const api = zodRoutes(app);
  const db = app.database.db;
  app.addHook('preValidation', requireOwner);
  const fullCodes = (request: FastifyRequest) => mayReadMailSecrets(request.siteUser as SignedInUser);
  const cardOf = (request: FastifyRequest, result: CardResult, notFound: string) => {
    if (!result.ok)
      throw result.code === 'INVALID_CODE'
        ? new ApiError('VALIDATION_FAILED', GIFT_CARD_MESSAGES.invalid)
        : new ApiError('NOT_FOUND', notFound);
    return { giftCard: ownerCardView(result.card, request.site.currency, fullCodes(request)) };
  };

  api.get(...at('GET /api/owner/customers'), async (request) => {
    const { q, sort, cursor } = request.query;
    const after = decodeCursor(cursor, 2);
    if (!validCustomerCursor(after)) throw new ApiError('BAD_REQUEST', BAD_CURSOR);
    const rows = await listCustomers(db, request.site.id, {
      sort,
      q: q || undefined,
      after,
      limit: CUSTOMERS_PAGE_SIZE + 1,
    });
    const { page, hasNextPage, nextPageCursor } = paginate(rows, CUSTOMERS_PAGE_SIZE, (c) => [
      c.sortKey,
      c.email,
    ]);
    const currency = request.site.currency;
    return {
      customers: page.map(({ sortKey: _key, accountCreatedAt: _at, ...c }) => ({ ...c, currency })),
      hasNextPage,
      nextPageCursor,
    };
  });

  api.get(...at('GET /api/owner/customers/export.csv'), async (request, reply) => {
    const { q, sort } = request.query;
    const rows = customerCsvBatches(db, request.site.id, request.site.currency, {
      sort,
      q: q || undefined,
    });
    // Streamed in batches; nothing of the rows is logged.
    return sendCsv(reply, csvFilename('customers'), csvStream(CUSTOMER_CSV_HEADER, rows));
  });

  api.get(...at('GET /api/owner/customers/:customerId'), async (request) => {
    const found = await customerDetail(db, request.site.id, request.params.customerId);
    if (!found.ok) throw new ApiError('NOT_FOUND', NO_CUSTOMER);
    const { sortKey: _key, ...customer } = found.customer;
    return {
      customer: { ...customer, currency: request.site.currency },
      orders: found.orders,
      addresses: found.addresses,
    };
  });

  api.get(...at('GET /api/owner/gift-cards'), async (request) => {
    const before = decodeCursor(request.query.cursor, 2, 0);
    const rows = await listGiftCards(db, request.site.id, { status: request.query.status, before });
    const { page, hasNextPage, nextPageCursor } = paginate(rows, GIFT_CARDS_PAGE_SIZE, (c) => [c.at, c.id]);
    const full = fullCodes(request);
    return {
      giftCards: page.map(({ at: _at, ...card }) => ownerCardView(card, request.site.currency, full)),
      currency: request.site.currency,
      fullCodes: full,
      hasNextPage,
      nextPageCursor,
    };
  });

  api.post(...at('POST /api/owner/gift-cards/lookup'), async (request) =>
    cardOf(
      request,
      await findGiftCardByCode(db, request.site.id, request.body.code),
      GIFT_CARD_OWNER_MESSAGES.notFound,
    ),
  );

  api.post(
    // Issuing gives money away: a retry with its Idempotency-Key gets the first card back.
    ...at('POST /api/owner/gift-cards', { config: { idempotent: true } }),
    async (request, reply) => {
      const issuer = request.siteUser as SignedInUser;
      const card = await issueGiftCardByHand(db, request.site, issuer.id, request.body);
      app.outboxKick?.();
      reply.code(201);
      return { giftCard: ownerCardView(card, request.site.currency, fullCodes(request)) };
    },
  );

  api.post(...at('POST /api/owner/gift-cards/:giftCardId/disable'), async (request) =>
    cardOf(
      request,
      await disableGiftCard(db, request.site.id, request.params.giftCardId),
      GIFT_CARD_OWNER_MESSAGES.missing,
    ),
  );
}
