import { describe, expect, it } from 'vitest';
import { csvFilename, toCsv } from '../../src/services/owner/csv';
import { answerCell } from '../../src/services/owner/submission-cells';

describe('answer cells (spec §3 sub-values)', () => {
  it.each([
    ['name', ['Ada', 'Lovelace'], 'Ada Lovelace'],
    ['name', ['Ada', ''], 'Ada'],
    [
      'address',
      ['1 Main St', 'Apt 2', 'Springfield', 'IL', '62704', 'US'],
      '1 Main St, Apt 2, Springfield, IL 62704, US',
    ],
    ['address', ['1 Main St', '', 'Springfield', '', '', 'US'], '1 Main St, Springfield, US'],
    ['date', ['12', '31', '2024'], '12/31/2024'],
    ['time', ['9', '05', '', 'AM'], '9:05:00 AM'],
    ['phone', ['44', '20', '7946', '0000'], '+44 20-7946-0000'],
    ['phone', ['', '555', '123', '4567'], '555-123-4567'],
    ['checkbox', ['Red', 'Blue'], 'Red, Blue'],
    ['likert', { 'Fast delivery': 'Agree', Price: 'Neutral' }, 'Fast delivery: Agree; Price: Neutral'],
  ])('%s %j reads %j', (type, value, expected) => {
    expect(answerCell(type, value)).toBe(expected);
  });

  it('orders likert statements as the form does', () => {
    expect(answerCell('likert', { B: 'Agree', A: 'Neutral' }, ['A', 'B'])).toBe('A: Neutral; B: Agree');
  });

  it.each([
    ['text', '  hello ', 'hello'],
    ['text', '', ''],
    ['name', ['', ''], ''],
    ['likert', {}, ''],
    ['text', undefined, ''],
  ])('%s %j reads %j', (type, value, expected) => {
    expect(answerCell(type, value)).toBe(expected);
  });
});

describe('CSV', () => {
  it('starts with a BOM and ends every row with CRLF', () => {
    expect(
      toCsv([
        ['a', 'b'],
        ['c', 'd'],
      ]),
    ).toBe('\uFEFFa,b\r\nc,d\r\n');
  });

  it('quotes cells with commas, quotes and line breaks (quotes doubled)', () => {
    expect(toCsv([['x, y', 'say "hi"', 'two\nlines', 'plain']])).toBe(
      '\uFEFF"x, y","say ""hi""","two\nlines",plain\r\n',
    );
  });

  it.each(['=1+1', '+1', '-2', '@SUM(A1)', '\t=x', '=HYPERLINK("http://x","y")'])(
    'guards the formula %j with a leading quote',
    (cell) => {
      const line = toCsv([[cell]]).slice(1);
      const unquoted = line.startsWith('"') ? line.slice(1) : line;
      expect(unquoted.startsWith(`'${cell[0]}`)).toBe(true);
    },
  );

  it('leaves ordinary text alone (a hyphen inside is fine)', () => {
    expect(toCsv([['Jean-Luc', 'a=b']])).toBe('\uFEFFJean-Luc,a=b\r\n');
  });

  it('makes ASCII file names', () => {
    expect(csvFilename('Café Contact – submissions')).toBe('cafe-contact-submissions.csv');
    expect(csvFilename('☃')).toBe('export.csv');
  });
});
