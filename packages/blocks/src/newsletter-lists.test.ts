import { describe, expect, it } from 'vitest';
import { checkLayout, defaultProps } from './index';
import { newsletterBlockLists } from './newsletter-lists';
import { blockContext } from './render-layout';

const block = (id: string, type: string, props: Record<string, unknown> = {}) => ({ id, type, props });

describe('newsletter blocks and their lists', () => {
  it('finds each newsletter block with its list and the path of its field, in reading order', () => {
    const layout = {
      sections: [
        { id: 's1', blocks: [block('h', 'heading'), block('n1', 'newsletter', { listId: 'vip' })] },
        { id: 's2', blocks: [block('n2', 'newsletter', { formId: 'old-form' })] },
      ],
    };
    expect(newsletterBlockLists(layout)).toEqual([
      { blockId: 'n1', listId: 'vip', path: 'sections.0.blocks.1.props.listId' },
      { blockId: 'n2', listId: '', path: 'sections.1.blocks.0.props.listId' },
    ]);
    expect(newsletterBlockLists({ sections: [{ blocks: [block('x', 'text')] }] })).toEqual([]);
  });

  it('a new block has an empty list, a button label and no form; the shape check accepts it', () => {
    const props = defaultProps('newsletter');
    expect(props).toEqual({
      listId: '',
      title: 'Subscribe',
      description: 'Sign up to hear from us.',
      buttonLabel: 'Sign up',
    });
    const checked = checkLayout({ sections: [{ id: 's', blocks: [block('n', 'newsletter', props)] }] });
    expect(checked.ok).toBe(true);
    // A block saved with a form keeps rendering; the old prop is dropped when it is saved again.
    const old = checkLayout({
      sections: [{ id: 's', blocks: [block('n', 'newsletter', { formId: 'f1', listId: 'l1' })] }],
    });
    expect(old.ok && old.layout.sections[0]?.blocks[0]?.props).not.toHaveProperty('formId');
  });

  it('gives the block the signed list of its own list, or of the default when it has none', () => {
    const signups = { vip: { token: 'vip.sig' }, '': { token: 'default.sig' } };
    const templates = {};
    const compile = () => ({ render: () => '' });
    const options = { templates, compile, data: { signups } };
    expect(blockContext(block('a', 'newsletter', { listId: 'vip' }) as never, options).signup).toEqual({
      token: 'vip.sig',
    });
    expect(blockContext(block('b', 'newsletter', { title: 'Old' }) as never, options).signup).toEqual({
      token: 'default.sig',
    });
    expect(blockContext(block('c', 'newsletter', { listId: 'gone' }) as never, options).signup).toBeNull();
  });
});
