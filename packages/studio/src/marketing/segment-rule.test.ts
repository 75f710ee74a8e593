import { segmentRule } from '@store/api';
import { describe, expect, it } from 'vitest';
import { type Condition, describeRule, kindsLeft, newCondition, ruleOf, sameRule } from './segment-rule';

const names = {
  product: (id: string) => ({ tote: 'Canvas tote' })[id],
  area: (id: string) => ({ gold: 'Gold' })[id],
  currency: 'USD',
};

describe('segment rule builder', () => {
  it('turns the conditions into the API rule, the amount in minor units of the site currency', () => {
    const conditions: Condition[] = [
      { kind: 'bought', productId: 'tote' },
      { kind: 'spent', amount: ' 1250.5 ' },
      { kind: 'member', areaId: 'gold' },
    ];
    const result = ruleOf(conditions, 'USD');
    expect(result).toEqual({
      ok: true,
      rule: { boughtProductId: 'tote', spentOverMinor: 125050, memberOfAreaId: 'gold' },
    });
    // What it makes is what the API takes.
    if (result.ok) expect(segmentRule.parse(result.rule)).toEqual(result.rule);
    expect(ruleOf([{ kind: 'spent', amount: '5000' }], 'JPY')).toEqual({
      ok: true,
      rule: { spentOverMinor: 5000 },
    });
    expect(ruleOf([{ kind: 'spent', amount: '0' }], 'EUR')).toEqual({
      ok: true,
      rule: { spentOverMinor: 0 },
    });
  });

  it('files each unfinished condition under its API path', () => {
    expect(ruleOf([newCondition('bought'), newCondition('member'), newCondition('spent')], 'USD')).toEqual({
      ok: false,
      errors: {
        'rule.boughtProductId': 'Choose a product.',
        'rule.memberOfAreaId': 'Choose a member area.',
        'rule.spentOverMinor': 'Enter an amount, like 100.00.',
      },
    });
    const amount = (text: string, currency = 'USD') => {
      const result = ruleOf([{ kind: 'spent', amount: text }], currency);
      return result.ok ? null : result.errors['rule.spentOverMinor'];
    };
    expect(amount('12.345')).toBe('That amount has too many decimals for the store currency.');
    expect(amount('12.5', 'JPY')).toBe('That amount has too many decimals for the store currency.');
    expect(amount('-5')).toBe('Enter an amount of zero or more.');
    expect(amount('lots')).toBe('Enter an amount, like 100.00.');
    expect(amount('1000000001')).toBe('That amount is too large.');
    expect(amount('1000000000')).toBeNull();
    expect(ruleOf([], 'USD')).toEqual({ ok: false, errors: { rule: 'Add at least one condition.' } });
  });

  it('offers each kind of condition once', () => {
    expect(kindsLeft([]).map((k) => k.kind)).toEqual(['bought', 'spent', 'member']);
    expect(kindsLeft([newCondition('spent')]).map((k) => k.kind)).toEqual(['bought', 'member']);
  });

  it('describes a saved rule with the site’s names, and says when a thing is gone', () => {
    expect(
      describeRule({ boughtProductId: 'tote', spentOverMinor: 125000, memberOfAreaId: 'gold' }, names),
    ).toEqual(['Bought Canvas tote', 'Spent over $1,250.00', 'Member of Gold']);
    expect(describeRule({ boughtProductId: 'gone', memberOfAreaId: 'gone' }, names)).toEqual([
      'Bought a product no longer in the store',
      'Member of a member area no longer on the site',
    ]);
    expect(describeRule({ spentOverMinor: 0 }, { ...names, currency: 'JPY' })).toEqual(['Spent over ¥0']);
  });

  it('knows a campaign’s copy of a rule as the same rule', () => {
    expect(sameRule({ spentOverMinor: 100 }, { spentOverMinor: 100 })).toBe(true);
    expect(sameRule({ spentOverMinor: 100 }, { spentOverMinor: 100, memberOfAreaId: 'gold' })).toBe(false);
    expect(sameRule({ spentOverMinor: 0 }, {})).toBe(false);
    expect(sameRule(null, null)).toBe(true);
    expect(sameRule(null, {})).toBe(false);
  });
});
