// Subscriptions: price wording.
export { subscriptionPriceText } from './subscription-price-text';
export { type MemberPlanPrice, memberPlanPriceText } from './member-plan-price-text';
