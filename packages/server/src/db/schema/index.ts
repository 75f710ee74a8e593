export * from './catalog';
export * from './commerce';
export * from './email';
export * from './forms';
export * from './site';
export * from './site-users';
export * from './tracking';
