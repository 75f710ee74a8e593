import { describe, expect, it } from 'vitest';
import { fakeContext } from '../../testing/fake-context';
import { summaryFormFieldFormatter } from './summary-form-field';

const render = (field: unknown, root: unknown = {}) =>
  summaryFormFieldFormatter(field, [], fakeContext({ root }), []) as string;
const wrap = (title: string, answer: string) =>
  `<div style="font-size:11px; margin-top:3px">\n  <span style="font-weight:bold;">${title}:</span> ${answer}\n</div>`;

describe('summary-form-field', () => {
  it.each([
    ['text', { type: 'text', rawTitle: 'Note', value: 'Hello' }, 'Hello'],
    ['unknown type', { type: 'weird', rawTitle: 'X', value: 42 }, '42'],
    ['empty answer', { type: 'text', rawTitle: 'Note', value: '' }, 'N/A'],
    [
      'address with line 2',
      {
        type: 'address',
        rawTitle: 'Ship',
        values: { Line1: '1 Main', Line2: 'Apt 2', City: 'Town', State: 'NY', Zip: '10001', Country: 'US' },
      },
      '<div style="padding-left:5px;">\n  <div>1 Main</div>\n  <div>Apt 2</div>\n  <div>Town, NY 10001 US</div>\n</div>',
    ],
    [
      'address without line 2',
      {
        type: 'address',
        rawTitle: 'Ship',
        values: { Line1: '1 Main', City: 'Town', State: 'NY', Zip: '1', Country: 'US' },
      },
      '<div style="padding-left:5px;">\n  <div>1 Main</div>\n  <div>Town, NY 1 US</div>\n</div>',
    ],
    ['checkbox values', { type: 'checkbox', rawTitle: 'Pick', values: ['a', 'b', 'c'] }, 'a, b, c\n'],
    ['checkbox single value', { type: 'checkbox', rawTitle: 'Pick', value: 'only' }, 'only'],
    ['checkbox nothing', { type: 'checkbox', rawTitle: 'Pick' }, 'N/A'],
    ['date', { type: 'date', rawTitle: 'When', values: { Month: 2, Day: 17, Year: 2021 } }, '2/17/2021'],
    ['name', { type: 'name', rawTitle: 'Who', values: { First: 'Ann', Last: 'Lee' } }, 'Ann Lee'],
    [
      'phone with country',
      {
        type: 'phone',
        rawTitle: 'Tel',
        values: { Country: '1', Areacode: '212', Prefix: '555', Line: '0100' },
      },
      '+1 212-555-0100',
    ],
    [
      'phone without country',
      { type: 'phone', rawTitle: 'Tel', values: { Areacode: '212', Prefix: '555', Line: '0100' } },
      '212-555-0100',
    ],
    ['time with defaults', { type: 'time', rawTitle: 'At', values: { Hour: 4, Ampm: 'pm' } }, '4:00:00 pm'],
    [
      'time complete',
      { type: 'time', rawTitle: 'At', values: { Hour: 11, Minute: 30, Second: 15, Ampm: 'am' } },
      '11:30:15 am',
    ],
    [
      'likert',
      { type: 'likert', rawTitle: 'Survey', values: { Fast: '2', Cheap: '-1', Odd: '7' } },
      '<div style="padding-left:5px;">\n  <div><span style="font-weight:bold;">Fast:</span> Strongly Agree</div>' +
        '\n  <div><span style="font-weight:bold;">Cheap:</span> Disagree</div>' +
        '\n  <div><span style="font-weight:bold;">Odd:</span> Neutral</div>\n</div>',
    ],
  ])('%s', (_name, field, answer) => {
    expect(render(field)).toBe(wrap((field as { rawTitle: string }).rawTitle, answer));
  });

  it('uses localized likert labels and no-answer text', () => {
    const root = {
      localizedStrings: { productAnswerMapAgree: 'Oui', productSummaryFormNoAnswerText: ' Aucune ' },
    };
    expect(render({ type: 'likert', rawTitle: 'Q', values: { A: 1 } }, root)).toContain(
      'A:</span> Oui</div>',
    );
    expect(render({ type: 'text', rawTitle: 'Q' }, root)).toBe(wrap('Q', 'Aucune'));
  });
});
