import { zodResolver } from '@hookform/resolvers/zod';
import { taxRuleInput } from '@store/api';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { draftSchema, fieldOfPath, flattenFieldErrors } from './use-api-form';

describe('form errors by path', () => {
  it("flatten react-hook-form's nested errors to the API's dotted paths, leaving out the form message", () => {
    const errors = {
      name: { type: 'server', message: 'Enter a name.' },
      zones: [{ country: { type: 'too_small', message: 'Two letters' } }],
      root: { server: { type: 'server', message: 'Offline' } },
      empty: { type: 'x', message: '' },
    };
    expect(flattenFieldErrors(errors as never)).toEqual({
      name: 'Enter a name.',
      'zones.0.country': 'Two letters',
    });
  });

  it('place a server path on the form when its first segment is one of the form fields', () => {
    const place = fieldOfPath({ name: '', zones: [] }, ['rateBasisPoints']);
    expect(place('name')).toBe('name');
    expect(place('zones.1.region')).toBe('zones.1.region');
    expect(place('rateBasisPoints')).toBe('rateBasisPoints');
    expect(place('websiteId')).toBeUndefined();
  });
});

describe('checking a form with an API schema before it is sent', () => {
  it('reports the messages of the API schema at the paths the server would use', async () => {
    const resolver = zodResolver(taxRuleInput);
    const result = await resolver({ name: ' ', country: 'US', rateBasisPoints: 20_000 } as never, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    } as never);
    const errors = flattenFieldErrors(result.errors);
    expect(errors.name).toBe('Enter a name.');
    expect(errors.rateBasisPoints).toBe('Enter a rate from 0 to 100 %.');
    expect(errors.country).toBeUndefined();
  });

  it('a draft piped into the API schema keeps the API paths for the body fields', async () => {
    const draft = z
      .object({ name: z.string(), country: z.string(), rate: z.string() })
      .transform((d) => ({
        name: d.name,
        country: d.country,
        rateBasisPoints: Math.round(Number(d.rate) * 100),
      }))
      .pipe(taxRuleInput);
    const resolver = zodResolver(draft);
    const bad = await resolver({ name: 'VAT', country: 'DE', rate: '250' }, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    } as never);
    expect(flattenFieldErrors(bad.errors)).toEqual({ rateBasisPoints: 'Enter a rate from 0 to 100 %.' });
    const good = await resolver({ name: 'VAT', country: 'DE', rate: '19' }, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    } as never);
    expect(good.values).toMatchObject({ name: 'VAT', rateBasisPoints: 1900, region: null });
  });
});

describe('a draft read into the body, then checked by the API schema', () => {
  const options = { fields: {}, shouldUseNativeValidation: false } as never;
  type Draft = { name: string; country: string; rate: string };
  const toBody = (d: Draft) => {
    const m = /^\s*(\d{1,3})(?:\.(\d{1,2}))?\s*$/.exec(d.rate);
    if (!m) return { ok: false as const, errors: { rateBasisPoints: 'Enter a rate such as 8.25.' } };
    return {
      ok: true as const,
      body: {
        name: d.name,
        country: d.country,
        rateBasisPoints: Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')),
      },
    };
  };
  const resolver = zodResolver(draftSchema(toBody, taxRuleInput) as never);

  it("reports the draft's own errors and stops there (no second message from the API schema)", async () => {
    const out = await resolver({ name: '', country: 'GB', rate: 'twenty' } as never, undefined, options);
    expect(flattenFieldErrors(out.errors)).toEqual({ rateBasisPoints: 'Enter a rate such as 8.25.' });
  });

  it("then the API schema's messages at the body's paths", async () => {
    const out = await resolver({ name: ' ', country: 'GB', rate: '8.25' } as never, undefined, options);
    expect(flattenFieldErrors(out.errors)).toEqual({ name: 'Enter a name.' });
  });

  it('answers the body as the API schema reads it', async () => {
    const out = await resolver({ name: 'UK VAT', country: 'GB', rate: '20' } as never, undefined, options);
    expect(out.errors).toEqual({});
    expect(out.values).toEqual({
      name: 'UK VAT',
      country: 'GB',
      region: null,
      rateBasisPoints: 2000,
      included: false,
      appliesToShipping: false,
    });
  });
});
