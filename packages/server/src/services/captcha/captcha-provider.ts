import type { Database, Tx } from '../../db/client';

/**
 * A captcha behind an interface, so the self-hosted proof-of-work default can be swapped
 * for a hosted service where one is reachable.
 */
export interface CaptchaProvider {
  /** A fresh challenge for the widget (public JSON). */
  challenge(db: Database, websiteId: string): Promise<unknown>;
  /**
   * Verify a solution and mark it used, inside the caller's transaction: a solution is
   * good for exactly one submission. Returns false when invalid, expired or reused.
   */
  consume(tx: Tx, websiteId: string, solution: string): Promise<boolean>;
}
