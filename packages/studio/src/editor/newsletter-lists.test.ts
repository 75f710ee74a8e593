import { describe, expect, it } from 'vitest';
import { templateChoices } from './add-section-menu';
import { addBlock } from './layout-edits';
import { defaultListId, listFieldProblem, startingProps } from './newsletter-lists';

const lists = [
  { id: 'vip', name: 'VIP', isDefault: false },
  { id: 'news', name: 'Newsletter', isDefault: true },
];
const catalog = { products: [], collections: [], forms: [], lists };

describe('newsletter block lists in the editor', () => {
  it('starts a new newsletter block or section on the site’s default list', () => {
    expect(defaultListId({ lists })).toBe('news');
    expect(defaultListId({ lists: [] })).toBeUndefined();
    expect(defaultListId(null)).toBeUndefined();
    expect(startingProps('newsletter', { lists })).toEqual({ listId: 'news' });
    expect(startingProps('heading', { lists })).toEqual({});
    expect(startingProps('newsletter', { lists: [] })).toEqual({});
    const edit = addBlock(
      { sections: [] },
      'newsletter',
      undefined,
      'b1',
      startingProps('newsletter', catalog),
    );
    expect(edit.ok && edit.layout.sections[0]?.blocks[0]?.props).toMatchObject({
      listId: 'news',
      buttonLabel: 'Sign up',
    });
    expect(templateChoices(catalog).newsletterListId).toBe('news');
  });

  it('says what the server would: a list must be chosen, and it must be one of the site’s', () => {
    expect(listFieldProblem('', lists)).toBe('A List must be selected');
    expect(listFieldProblem(undefined, lists)).toBe('A List must be selected');
    expect(listFieldProblem('gone', lists)).toBe('That mailing list is not on this site.');
    expect(listFieldProblem('vip', lists)).toBeNull();
    // While the lists load, only a missing list is known to be wrong.
    expect(listFieldProblem('vip', undefined)).toBeNull();
    expect(listFieldProblem('', undefined)).toBe('A List must be selected');
  });
});
