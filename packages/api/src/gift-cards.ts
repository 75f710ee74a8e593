import { z } from 'zod';
import { cartResponse, giftRecipient } from './cart';
import { id } from './common';

/** A gift card code as typed: dashes and spaces are ignored, case too. */
const code = z.string().trim().min(1, 'Enter a gift card code.').max(64);

/** Gift cards in the cart: a recipient for a gift card line, and cards spent on the cart. */
export const giftCardRoutes = {
  'PUT /api/commerce/shopping-cart/entries/:entryId/gift-recipient': {
    summary: 'Send a gift card line to someone else: their e-mail, name, the sender’s name and a message',
    params: z.object({ entryId: id }),
    body: giftRecipient,
    response: cartResponse,
  },
  'DELETE /api/commerce/shopping-cart/entries/:entryId/gift-recipient': {
    summary: 'Send a gift card line to the buyer again',
    params: z.object({ entryId: id }),
    response: cartResponse,
  },
  'POST /api/commerce/shopping-cart/gift-cards': {
    summary: 'Apply a gift card to the cart (it pays for what it can at checkout)',
    body: z.object({ code }),
    response: cartResponse,
  },
  'DELETE /api/commerce/shopping-cart/gift-cards/:code': {
    summary: 'Remove an applied gift card: its full code or its last 4 characters',
    params: z.object({ code: z.string().min(4).max(64) }),
    response: cartResponse,
  },
} as const;
