import { intervalFromEnv, startDrainLoop } from '../services/jobs/drain-loop';
import { escapeHtml } from '@store/template/values';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorPageHtml } from '../pages/error-page';
import { clientKey } from '../plugins/limits';
import { requireOwner } from '../plugins/owner-auth';
import { ApiError } from '../errors';
import { recordCartEmail, restoreCart, unsubscribeCartEmail } from '../services/cart-recovery/cart-emails';
import { abandonedCarts } from '../services/cart-recovery/overview';
import { sendDueCartReminders } from '../services/cart-recovery/reminders';
import { cartRecoverySettings, saveCartRecoverySettings } from '../services/cart-recovery/settings';
import { at, zodRoutes } from './api-schema';
import { cartOwner, setCartCookies } from './cart-identity';

export interface CartRecoveryRouteOptions {
  /** How often this process looks for due cart reminders (default every minute; 0 never). */
  everyMs?: number;
}

const PAGES = {
  invalid: 'This cart link is not valid. Check that the whole address from the e-mail was opened.',
  expired: 'This cart link has expired. The items may still be in your cart in the browser you used.',
  gone: 'This cart was already checked out. Visit the shop to start a new one.',
  unsubscribed: 'You will get no more cart reminders from this shop.',
} as const;

/** A short page of the site: the link's outcome in words, never a stack trace. */
function sendPage(request: FastifyRequest, reply: FastifyReply, status: number, message: string) {
  reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
  reply.code(status).type('text/html; charset=utf-8');
  if (status >= 400) return reply.send(errorPageHtml(request.site ?? undefined, status, message));
  const title = escapeHtml(request.site?.siteTitle ?? '');
  return reply.send(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Unsubscribed — ${title}</title><style>body{font:16px/1.5 system-ui,sans-serif;margin:0;padding:48px 20px;color:#222}main{max-width:36rem;margin:auto}a{color:inherit}</style></head><body><main><h1>Unsubscribed</h1><p>${escapeHtml(message)}</p><p><a href="/">Back to ${title}</a></p></main></body></html>`,
  );
}

/**
 * Abandoned-cart recovery: checkout records the buyer's e-mail on the cart, the owner's
 * settings and list, the reminder mail's restore and unsubscribe links, and the job that sends
 * the reminders that are due.
 */
export async function cartRecoveryRoutes(app: FastifyInstance, options: CartRecoveryRouteOptions = {}) {
  const db = app.database.db;
  const limiter = app.limits.limiter('cart-email', 30, 60_000);

  await app.register(async (open) => {
    const api = zodRoutes(open);
    api.put(...at('PUT /api/commerce/shopping-cart/email'), async (request) => {
      if (await limiter.hit(clientKey(request))) throw new ApiError('RATE_LIMITED');
      return { recorded: await recordCartEmail(db, cartOwner(request), request.body.email) };
    });

    open.get<{ Params: { token: string } }>(
      '/commerce/cart-recovery/restore/:token',
      async (request, reply) => {
        const restored = await restoreCart(db, request.site.id, request.params.token);
        if (!restored.ok) {
          const [status, message] =
            restored.code === 'LINK_EXPIRED'
              ? [410, PAGES.expired]
              : restored.code === 'CART_GONE'
                ? [410, PAGES.gone]
                : [400, PAGES.invalid];
          return sendPage(request, reply, status, message);
        }
        setCartCookies(request, reply, restored.token);
        reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
        return reply.redirect('/cart', 303);
      },
    );

    const unsubscribe = async (
      request: FastifyRequest<{ Params: { token: string } }>,
      reply: FastifyReply,
    ) => {
      if (!(await unsubscribeCartEmail(db, request.site.id, request.params.token)))
        return sendPage(request, reply, 400, PAGES.invalid);
      return sendPage(request, reply, 200, PAGES.unsubscribed);
    };
    open.get('/commerce/cart-recovery/unsubscribe/:token', unsubscribe);
    // One-click unsubscribe from the mail program (RFC 8058): the signature is the check.
    open.post(
      '/commerce/cart-recovery/unsubscribe/:token',
      { config: { crumb: false, formBody: true } },
      unsubscribe,
    );
  });

  await app.register(async (owner) => {
    owner.addHook('preValidation', requireOwner);
    const api = zodRoutes(owner);
    api.get(...at('GET /api/commerce/abandoned-carts/settings'), async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return cartRecoverySettings(db, request.site.id);
    });
    api.put(...at('PUT /api/commerce/abandoned-carts/settings'), async (request) =>
      saveCartRecoverySettings(db, request.site.id, request.body),
    );
    api.get(...at('GET /api/commerce/abandoned-carts'), async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return abandonedCarts(db, request.site);
    });
  });

  // Every process looks; the claim in the database sends each reminder once.
  const everyMs = options.everyMs ?? everyMsFromEnv();
  if (everyMs <= 0) return;
  startDrainLoop(app, {
    name: 'cart reminders',
    intervalMs: everyMs,
    // One pass a tick: sendDueCartReminders claims batch after batch until none is due.
    drainBatch: async () => {
      const counts = await sendDueCartReminders(db);
      if (counts.queued > 0) app.outboxKick?.();
      if (counts.claimed > 0) app.log.info({ job: 'cart-reminders', ...counts }, 'cart reminders queued');
      return 0;
    },
  });
}

/** `CART_REMINDERS_EVERY_MS`: how often to look for due reminders; every minute unless set. */
const everyMsFromEnv = () => intervalFromEnv('CART_REMINDERS_EVERY_MS', 60_000);
