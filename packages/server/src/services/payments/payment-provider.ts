/** What checkout asks of a payment provider. Real providers live behind this interface. */
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
  }): Promise<{ ok: true; reference: string } | { ok: false; message: string }>;
}
