export * from './donation-amount';
