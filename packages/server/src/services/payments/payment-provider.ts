/** A money movement's answer: expected refusals are values, never exceptions. */
export type PaymentResult = { ok: true } | { ok: false; message: string };

export type ChargeResult =
  | {
      ok: true;
      reference: string;
      /** true: the money is taken (the order is PAID at once); false: authorised only (PENDING). */
      captured: boolean;
    }
  | { ok: false; message: string };

/**
 * What checkout and the owner's order actions ask of a payment provider. Real providers live
 * behind this interface; an adapter maps their authorise/capture/refund calls onto it.
 */
export interface PaymentProvider {
  readonly name: string;
  /** Orders paid through a test-mode provider carry `testMode: true`. */
  readonly testMode: boolean;
  /**
   * Charge `amountCents` once per `idempotencyKey` (the cart id): a retried checkout of the
   * same cart never charges twice.
   */
  charge(request: {
    amountCents: number;
    currency: string;
    token: string;
    idempotencyKey: string;
  }): Promise<ChargeResult>;
  /** Take an authorised charge. Capturing one already captured answers ok (idempotent). */
  capture(reference: string, amountCents: number): Promise<PaymentResult>;
  /**
   * Give `amountCents` of a captured charge back. `idempotencyKey` (order id and the refunded
   * total it leads to) makes a retried refund of the same step a no-op at the provider.
   */
  refund(reference: string, amountCents: number, idempotencyKey?: string): Promise<PaymentResult>;
}
