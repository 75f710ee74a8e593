import { STORE_SETTINGS_MESSAGES } from '@store/api';
import { ApiError } from '../../errors';

/** A shipping option, tax rule or coupon id that is not this site's (or no longer exists). */
export const notFound = () => new ApiError('NOT_FOUND', STORE_SETTINGS_MESSAGES.notFound);
