// Instalments: eligibility, providers and the split.
export { cartInstalmentEligible } from './cart-instalment-eligible';
export {
  type InstalmentContext,
  type InstalmentEligibility,
  instalmentEligibility,
} from './instalment-eligibility';
export {
  INSTALMENT_PROVIDER_LOCALES,
  type InstalmentProvider,
  type InstalmentProviderName,
  instalmentProvider,
  US_TERRITORIES,
} from './instalment-provider';
export { instalmentText } from './instalment-text';
export { splitInstalments } from './split-instalments';
