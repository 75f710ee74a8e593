import { describe, expect, it } from 'vitest';
import { parseAnswers, summarizeAnswers } from './form-summary';

const fields = [
  { id: 'engraving-text', type: 'text', title: 'Name to engrave' },
  { id: 'engraving-font', type: 'radio', title: 'Lettering' },
  { id: 'sec', type: 'section', title: 'About you' },
  { id: 'who', type: 'name', title: 'Your name' },
  { id: 'likes', type: 'checkbox', title: 'Extras' },
];

describe('summarizeAnswers', () => {
  it('labels answers by field title in form order, N/A for blanks, sections skipped', () => {
    const lines = summarizeAnswers(
      fields,
      { 'engraving-font': 'Script', 'engraving-text': ' ADA ', who: ['Ada', 'Lovelace'], likes: [] },
      'N/A',
    );
    expect(lines).toEqual([
      { label: 'Name to engrave', value: 'ADA' },
      { label: 'Lettering', value: 'Script' },
      { label: 'Your name', value: 'Ada Lovelace' },
      { label: 'Extras', value: 'N/A' },
    ]);
  });

  it('uses the configured no-answer text and reads likert maps', () => {
    const lines = summarizeAnswers(
      [
        { id: 'a', type: 'text', title: 'A' },
        { id: 'l', type: 'likert', title: 'Survey' },
      ],
      { l: { Quality: 'Agree' } },
      'No answer',
    );
    expect(lines).toEqual([
      { label: 'A', value: 'No answer' },
      { label: 'Survey', value: 'Quality: Agree' },
    ]);
  });

  it.each([[null], ['not json'], ['[1,2]'], ['"text"']])('parseAnswers(%s) gives {}', (raw) => {
    expect(parseAnswers(raw)).toEqual({});
  });
});
