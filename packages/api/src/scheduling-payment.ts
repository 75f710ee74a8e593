import { z } from 'zod';

/**
 * Paying for a held booking (a paid appointment type): its line, the type's service product
 * carrying the booking, goes into the visitor's cart (booking already does this; this call
 * puts it back after the cart was emptied), then checkout as for any order.
 */
export const schedulingPaymentRoutes = {
  'POST /api/scheduling/manage/:token/pay': {
    summary: 'Put a held booking’s line into the visitor’s cart (once) to pay for it at /checkout',
    params: z.object({ token: z.string().min(16).max(128) }),
    response: z.object({
      bookingId: z.string(),
      /** When the held time is let go unless the order is placed. */
      holdExpiresAt: z.string(),
      checkoutPath: z.string(),
    }),
  },
} as const;
