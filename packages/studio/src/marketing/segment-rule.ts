import type { segmentRule } from '@store/api';
import { formatMoney, parseMoney } from '@store/commerce';
import type { z } from 'zod';

/**
 * The segment rule builder's conditions as the owner edits them, and their conversion to the
 * API's rule (docs/marketing.md, Segments): each kind at most once, all of them must hold.
 * Amounts stay the text typed in the site currency ("250" or "250.00") until they become
 * integer minor units here (parseMoney, never floats). Errors carry the API's paths, so the
 * server's answer and these land on the same fields.
 */
export type SegmentRule = z.output<typeof segmentRule>;

export type Condition =
  | { kind: 'bought'; productId: string }
  | { kind: 'spent'; amount: string }
  | { kind: 'member'; areaId: string };
export type ConditionKind = Condition['kind'];

export const CONDITION_KINDS: readonly { kind: ConditionKind; label: string; path: string }[] = [
  { kind: 'bought', label: 'Bought a product', path: 'rule.boughtProductId' },
  { kind: 'spent', label: 'Spent over an amount', path: 'rule.spentOverMinor' },
  { kind: 'member', label: 'Member of a member area', path: 'rule.memberOfAreaId' },
];

/** The API path a condition's errors are filed under. */
export const pathOf = (kind: ConditionKind) => CONDITION_KINDS.find((k) => k.kind === kind)?.path ?? '';

/** Largest amount a rule takes (the API's limit, in minor units). */
export const SPENT_MAX_MINOR = 100_000_000_000;

export const RULE_MESSAGES = {
  product: 'Choose a product.',
  area: 'Choose a member area.',
  amount: 'Enter an amount, like 100.00.',
  decimals: 'That amount has too many decimals for the store currency.',
  negative: 'Enter an amount of zero or more.',
  tooLarge: 'That amount is too large.',
  empty: 'Add at least one condition.',
} as const;

export function newCondition(kind: ConditionKind): Condition {
  if (kind === 'bought') return { kind, productId: '' };
  if (kind === 'spent') return { kind, amount: '' };
  return { kind, areaId: '' };
}

/** The kinds not used yet (a rule holds each condition once). */
export const kindsLeft = (conditions: readonly Condition[]) =>
  CONDITION_KINDS.filter((k) => !conditions.some((c) => c.kind === k.kind));

/** Minor units of a typed amount in the currency, or the reason it is not one. */
export function amountMinor(
  text: string,
  currency: string,
): { ok: true; minor: number } | { ok: false; message: string } {
  const typed = text.trim();
  if (!typed) return { ok: false, message: RULE_MESSAGES.amount };
  const parsed = parseMoney(typed, currency);
  if (!parsed.ok) {
    const message =
      parsed.code === 'MONEY_TOO_MANY_DECIMALS'
        ? RULE_MESSAGES.decimals
        : parsed.code === 'MONEY_TOO_LARGE'
          ? RULE_MESSAGES.tooLarge
          : RULE_MESSAGES.amount;
    return { ok: false, message };
  }
  if (parsed.minor < 0) return { ok: false, message: RULE_MESSAGES.negative };
  if (parsed.minor > SPENT_MAX_MINOR) return { ok: false, message: RULE_MESSAGES.tooLarge };
  return { ok: true, minor: parsed.minor };
}

export type RuleResult = { ok: true; rule: SegmentRule } | { ok: false; errors: Record<string, string> };

/**
 * The API rule of the conditions, or each unfinished condition's message under its API path
 * (`rule.boughtProductId` …). No condition is an error: a saved segment narrows something.
 */
export function ruleOf(conditions: readonly Condition[], currency: string): RuleResult {
  const rule: SegmentRule = {};
  const errors: Record<string, string> = {};
  if (conditions.length === 0) errors.rule = RULE_MESSAGES.empty;
  for (const c of conditions) {
    if (c.kind === 'bought') {
      if (c.productId) rule.boughtProductId = c.productId;
      else errors[pathOf('bought')] = RULE_MESSAGES.product;
    } else if (c.kind === 'member') {
      if (c.areaId) rule.memberOfAreaId = c.areaId;
      else errors[pathOf('member')] = RULE_MESSAGES.area;
    } else {
      const amount = amountMinor(c.amount, currency);
      if (amount.ok) rule.spentOverMinor = amount.minor;
      else errors[pathOf('spent')] = amount.message;
    }
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, rule };
}

/** A saved rule as one phrase per condition, with the names the site gives its things. */
export function describeRule(
  rule: SegmentRule,
  names: { product(id: string): string | undefined; area(id: string): string | undefined; currency: string },
): string[] {
  const parts: string[] = [];
  if (rule.boughtProductId)
    parts.push(`Bought ${names.product(rule.boughtProductId) ?? 'a product no longer in the store'}`);
  if (rule.spentOverMinor !== undefined)
    parts.push(`Spent over ${moneyOf(rule.spentOverMinor, names.currency)}`);
  if (rule.memberOfAreaId)
    parts.push(`Member of ${names.area(rule.memberOfAreaId) ?? 'a member area no longer on the site'}`);
  return parts;
}

/** "$1,250.00" (the amount in the currency's own way), or the minor units when it has none. */
export function moneyOf(minor: number, currency: string): string {
  try {
    return formatMoney(minor, currency);
  } catch {
    return `${minor} ${currency}`;
  }
}

/** Whether two rules say the same (a campaign keeps a copy of the rule of the segment chosen). */
export function sameRule(a: SegmentRule | null | undefined, b: SegmentRule | null | undefined): boolean {
  if (!a || !b) return !a && !b;
  return (
    (a.boughtProductId || undefined) === (b.boughtProductId || undefined) &&
    a.spentOverMinor === b.spentOverMinor &&
    (a.memberOfAreaId || undefined) === (b.memberOfAreaId || undefined)
  );
}
