import { describe, expect, it } from 'vitest';
import { fakeContext } from '../../testing/fake-context';
import { likeButton, socialButton, socialButtonInline, twitterFollowButton } from './buttons';
import { googleCalendarUrl, legacyEscape } from './google-calendar';
import { activateTwitterLinks } from './twitter-links';

const ctx = fakeContext({ root: {} });

describe('like-button', () => {
  const item = { id: 'i1', likeCount: 5 };
  it('renders only when simple liking is on', () => {
    const on = fakeContext({ root: { websiteSettings: { simpleLikingEnabled: true } } });
    expect(String(likeButton(item, [], on, []))).toContain(
      '<span class="sqs-simple-like" data-item-id="i1" data-like-count="5">',
    );
    expect(likeButton(item, [], ctx, [])).toBeUndefined();
    expect(likeButton({}, [], on, [])).toBeUndefined();
  });
});

describe('share buttons', () => {
  const site = fakeContext({ root: { website: { shareButtonOptions: ['twitter'] } } });
  const post = {
    mainImageId: 'm1',
    mainImage: { assetUrl: '/m.jpg' },
    recordType: 1,
    title: 'a "b"',
    fullUrl: '/p',
  };

  it.each([
    [socialButton, 'div', 'button-style'],
    [socialButtonInline, 'span', 'inline-style'],
  ])('%# uses a %s', (fmt, tag, style) => {
    expect(fmt(post, [], site, [])).toBe(
      `<${tag} class="squarespace-social-buttons ${style}" data-system-data-id="m1" data-asset-url="/m.jpg" ` +
        `data-record-type="1" data-full-url="/p" data-title="a &quot;b&quot;"></${tag}>`,
    );
  });

  it('prefers the item own image id and url', () => {
    const out = String(socialButton({ ...post, systemDataId: 's1', assetUrl: '/s.jpg' }, [], site, []));
    expect(out).toContain('data-system-data-id="s1" data-asset-url="/s.jpg"');
  });

  it('renders nothing without share options', () => {
    expect(socialButton(post, [], ctx, [])).toBeUndefined();
    expect(
      socialButton(post, [], fakeContext({ root: { website: { shareButtonOptions: [] } } }), []),
    ).toBeUndefined();
  });
});

describe('twitter-follow-button', () => {
  it.each([
    [{ userName: 'foobar' }, 'foobar'],
    [{ userName: '', profileUrl: 'http://twitter.com/baz' }, 'baz'],
    [{}, ''],
  ])('%j -> %s', (profile, user) => {
    expect(String(twitterFollowButton(profile, [], ctx, []))).toContain(
      `<div class="squarespace-follow-button" data-username="${user}"></div>`,
    );
  });
});

describe('activate-twitter-links', () => {
  it.each([
    ['hi @Bob', 'hi <a target="new" href="https://twitter.com/Bob/">@Bob</a>'],
    ['#Tag!', '<a target="new" href="https://twitter.com/hashtag/Tag?src=hash">#Tag</a>!'],
    ['go https://x.org/a?b=1', 'go <a target="new" href="https://x.org/a?b=1">https://x.org/a?b=1</a>'],
    ['mail a@b.com', 'mail a@b.com'],
    ['(@bob) @@x', '(@bob) @@x'],
    ['see https://t.co/a.', 'see <a target="new" href="https://t.co/a">https://t.co/a</a>.'],
    ['#HTTP://A.B', '#<a target="new" href="HTTP://A.B">HTTP://A.B</a>'],
    ['plain', 'plain'],
  ])('%s', (text, html) => {
    expect(activateTwitterLinks(text, [], ctx, [])).toBe(html);
  });
});

describe('google-calendar-url', () => {
  const base = 'http://www.google.com/calendar/event?action=TEMPLATE';
  it.each([
    [
      {
        startDate: 1384518630000,
        endDate: 1384518716400,
        location: { addressLine1: '1 Main St.', addressCountry: 'US' },
      },
      `${base}&text=&dates=20131115T123030Z/20131115T123156Z&location=1%20Main%20St.%2C%20US`,
    ],
    [{ title: 'A & B+', startDate: 0 }, `${base}&text=A%20%26%20B+&dates=19700101T000000Z/19700101T000000Z`],
    [
      { title: 'a/b', location: { addressLine2: 'x/y+z' } },
      `${base}&text=a/b&dates=19700101T000000Z/19700101T000000Z&location=x%2Fy%2Bz`,
    ],
  ])('%j', (event, url) => {
    expect(googleCalendarUrl(event, [], ctx, [])).toBe(url);
  });

  it.each([
    ['a-z_.*@+/', 'a-z_.*@+/'],
    ['é', '%E9'],
    ['中', '%u4E2D'],
    ["~!'()", '%7E%21%27%28%29'],
  ])('legacyEscape %s', (text, out) => {
    expect(legacyEscape(text)).toBe(out);
  });
});
