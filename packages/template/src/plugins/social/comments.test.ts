import { describe, expect, it } from 'vitest';
import { createEngine } from '../../index';
import { fakeContext } from '../../testing/fake-context';
import { commentCount, commentLink, comments, commentsPredicate, disqusPredicate } from './comments';

const item = { id: 'i1', fullUrl: '/blog/p', publicCommentCount: 3, commentState: 1 };
const plain = fakeContext({ root: {} });
const disqus = fakeContext({ root: { websiteSettings: { disqusShortname: 'dq' } } });

describe('comment-count', () => {
  it.each([
    [0, 'No Comments'],
    [1, '1 Comment'],
    [10, '10 Comments'],
    [undefined, 'No Comments'],
    ['x', 'NaN Comments'],
    ['3', '3 Comments'],
    [[1], 'No Comments'],
  ])('%j -> %s', (count, text) => {
    expect(commentCount({ publicCommentCount: count }, [], plain, [])).toBe(text);
  });
});

describe('comment-link', () => {
  it('links to Disqus without a count when Disqus is configured', () => {
    expect(String(commentLink(item, [], disqus, [])).trim()).toBe(
      '<a href="/blog/p" class="sqs-comment-link sqs-disqus-comment-link" data-id="i1"></a>',
    );
  });

  it.each([
    [3, '3', 'Comments'],
    [1, '1', 'Comment'],
    [0, 'No', 'Comments'],
  ])('native comments: count %j', (count, amount, noun) => {
    expect(commentLink({ ...item, publicCommentCount: count }, [], plain, [])).toBe(
      `\n  <a href="/blog/p#comments-i1" class="sqs-comment-link" data-id="i1">\n  ${amount}\n  ${noun}\n  </a>\n`,
    );
  });
});

describe('comments', () => {
  it.each([
    [plain, 'comments-i1'],
    [disqus, 'disqus_thread'],
  ])('container id %#', (ctx, id) => {
    expect(String(comments(item, [], ctx, [])).trim()).toBe(
      `<div class="squarespace-comments" id="${id}"></div>`,
    );
  });
});

describe('comments? and disqus?', () => {
  it.each([
    [{ commentState: 1 }, undefined, true],
    [{ publicCommentCount: 2, commentState: 2 }, undefined, true],
    [{ commentState: 0 }, undefined, false],
    [{ commentState: 1 }, { commentsEnabled: true }, true],
    [{ commentState: 1 }, { commentsEnabled: false }, false],
    [{ commentState: 1 }, null, false],
  ])('%j with settings %j -> %s', (node, settings, expected) => {
    const root = settings === undefined ? { ...node } : { ...node, websiteSettings: settings };
    expect(commentsPredicate([], fakeContext({ node, root }))).toBe(expected);
  });

  it.each([
    [{ disqusShortName: 'abc' }, true],
    [{ disqusShortName: '' }, false],
    [{}, false],
  ])('disqus? %j', (settings, expected) => {
    expect(disqusPredicate([], fakeContext({ root: { websiteSettings: settings } }))).toBe(expected);
  });
});

describe('comments thread attributes (item, else collection), as the reference renders them', () => {
  const engine = createEngine();
  const render = (source: string, data: unknown) => engine.compile(source).template.render(data);
  const div = (attrs: string) => `\n  <div class="squarespace-comments" ${attrs}></div>\n`;

  it.each([
    [
      '{item|comments}',
      { item: { id: 'i1', publicCommentCount: 3, commentState: 1 }, collection: { id: 'c1' } },
      div('id="comments-i1" data-item-id="i1" data-public-comment-count="3" data-comment-state="1"'),
    ],
    [
      '{collection|comments}',
      { collection: { id: 'c1', publicCommentCount: 5, commentState: 1 } },
      div('id="comments-c1" data-collection-id="c1" data-public-comment-count="5" data-comment-state="1"'),
    ],
    ['{@|comments}', { id: 'root' }, div('id="comments-root"')],
    [
      '{item|comments}',
      { item: { id: 'i3' }, websiteSettings: { disqusShortname: 'dq' } },
      div('id="disqus_thread"'),
    ],
    [
      '{.repeated section items}{@|comments}{.end}',
      { items: [{ id: 'a' }], collection: { id: 'c9', commentState: 0 } },
      div('id="comments-a" data-collection-id="c9" data-public-comment-count="" data-comment-state="0"'),
    ],
  ])('%s', (source, data, expected) => {
    expect(render(source, data)).toBe(expected);
  });
});
