import { z } from 'zod';
import { visitorEmail } from './common';

/** Abandoned-cart reminders: the owner's settings, the carts list, and the checkout's e-mail call. */
export const CART_RECOVERY_MESSAGES = {
  delays: 'Give one to three reminders, each later than the one before, at most 30 days after.',
  subject: 'The subject must be 1 to 150 characters.',
  intro: 'The intro can be at most 1,000 characters.',
} as const;

/** The longest delay a reminder may have: 30 days, in minutes. */
export const MAX_REMINDER_DELAY_MINUTES = 30 * 24 * 60;

const delaysMinutes = z
  .array(z.number().int().min(0).max(MAX_REMINDER_DELAY_MINUTES), { message: CART_RECOVERY_MESSAGES.delays })
  .min(1, CART_RECOVERY_MESSAGES.delays)
  .max(3, CART_RECOVERY_MESSAGES.delays)
  .refine((d) => d.every((m, i) => i === 0 || m > (d[i - 1] ?? 0)), CART_RECOVERY_MESSAGES.delays);

export const cartRecoverySettings = z.object({
  enabled: z.boolean(),
  /** When each reminder goes, in minutes after the cart was last touched (1 to 3, rising). */
  delaysMinutes,
  subject: z.string().trim().min(1, CART_RECOVERY_MESSAGES.subject).max(150, CART_RECOVERY_MESSAGES.subject),
  intro: z.string().trim().max(1000, CART_RECOVERY_MESSAGES.intro),
});
export type CartRecoverySettingsView = z.infer<typeof cartRecoverySettings>;

export const abandonedCartState = z.enum(['waiting', 'reminded', 'recovered', 'stopped']);

const abandonedCart = z.object({
  id: z.string(),
  /** The buyer's e-mail, partly masked (a•••@example.com). */
  email: z.string(),
  valueCents: z.number().int(),
  itemCount: z.number().int(),
  remindersSent: z.number().int(),
  state: abandonedCartState,
  lastActivityAt: z.string(),
  /** The recovered order's total, when the cart came back and was bought. */
  recoveredCents: z.number().int().nullable(),
});

export const cartRecoveryRoutes = {
  'PUT /api/commerce/shopping-cart/email': {
    summary:
      'Record the e-mail the buyer typed at checkout on their cart (for cart reminders, when the store sends them)',
    body: z.object({ email: visitorEmail }),
    response: z.object({ recorded: z.boolean() }),
  },
  'GET /api/commerce/abandoned-carts/settings': {
    summary: 'Owner: whether abandoned carts get reminder mails, when, and what they say',
    response: cartRecoverySettings,
  },
  'PUT /api/commerce/abandoned-carts/settings': {
    summary: 'Owner: change the abandoned-cart reminders (on/off, delays, subject, intro)',
    body: cartRecoverySettings.partial(),
    response: cartRecoverySettings,
  },
  'GET /api/commerce/abandoned-carts': {
    summary: 'Owner: the latest carts with an e-mail, their state, and the recovery totals',
    response: z.object({
      currency: z.string(),
      totals: z.object({
        carts: z.number().int(),
        reminded: z.number().int(),
        recovered: z.number().int(),
        recoveredCents: z.number().int(),
      }),
      carts: z.array(abandonedCart),
    }),
  },
} as const;
