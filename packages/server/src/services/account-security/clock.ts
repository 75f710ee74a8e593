/**
 * Reset links and sign-in tickets expire, and authenticator codes follow the time: the
 * services take the time from the caller's clock, so tests can move it instead of waiting.
 */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
