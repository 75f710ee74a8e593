import type { Outcome } from '../../reasons';

/** A shipping option, tax rule or coupon id that is not this site's (or no longer exists). */
export const notFound = { ok: false, reason: 'SETTING_NOT_FOUND' } as const satisfies Outcome<never>;
