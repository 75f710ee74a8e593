import { describe, expect, it } from 'vitest';
import { type SocialNetwork, checkSocialLink, detectNetwork } from './social-links';

describe('social links', () => {
  it.each([
    ['instagram', 'https://instagram.com/juniperoak', 'https://instagram.com/juniperoak'],
    ['instagram', 'https://www.instagram.com/juniperoak/', 'https://www.instagram.com/juniperoak/'],
    ['facebook', 'https://m.facebook.com/juniperoak', 'https://m.facebook.com/juniperoak'],
    ['x', 'https://twitter.com/juniperoak', 'https://twitter.com/juniperoak'],
    ['x', 'https://x.com/juniperoak', 'https://x.com/juniperoak'],
    ['tiktok', 'https://www.tiktok.com/@juniperoak', 'https://www.tiktok.com/@juniperoak'],
    ['youtube', 'https://youtube.com/@juniperoak', 'https://youtube.com/@juniperoak'],
    ['linkedin', 'https://uk.linkedin.com/company/juniper', 'https://uk.linkedin.com/company/juniper'],
    ['pinterest', 'https://pinterest.co.uk/juniperoak', 'https://pinterest.co.uk/juniperoak'],
    ['mastodon', 'https://mastodon.social/@juniper', 'https://mastodon.social/@juniper'],
    ['email', 'hello@juniper-oak.test', 'mailto:hello@juniper-oak.test'],
    ['email', 'mailto:hello@juniper-oak.test', 'mailto:hello@juniper-oak.test'],
    ['website', 'https://juniper-oak.test/studio', 'https://juniper-oak.test/studio'],
  ] as const)('%s %s is kept as %s', (network, input, url) => {
    expect(checkSocialLink(network, input)).toEqual({ ok: true, url });
  });

  it.each([
    ['instagram', 'http://instagram.com/juniperoak', 'Instagram addresses start with https://'],
    ['instagram', 'https://facebook.com/juniperoak', 'Instagram links must be instagram.com addresses'],
    ['instagram', 'https://instagram.com.evil.example/x', 'must be instagram.com addresses'],
    ['instagram', 'https://instagram.com/', 'Add your profile to the address'],
    ['instagram', 'javascript:alert(1)', 'Instagram addresses start with https://'],
    ['instagram', 'instagram.com/juniperoak', 'Enter a full address'],
    ['facebook', 'https://user:pw@facebook.com/x', 'Enter a full address'],
    ['x', '', 'Enter the X address.'],
    ['email', 'not an address', 'Enter an e-mail address'],
    ['email', 'a@b.c"onmouseover=x', 'Enter an e-mail address'],
    ['website', 'https://localhost/x', 'Enter a full address'],
    ['website', 'https://example.com/"><script>', 'Enter a full address'],
  ] as const)('%s %j is refused: %s', (network, input, message) => {
    const checked = checkSocialLink(network as SocialNetwork, input);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.message).toContain(message);
  });

  it.each([
    ['https://www.instagram.com/x', 'instagram'],
    ['https://twitter.com/x', 'x'],
    ['https://open.spotify.com/artist/1', 'spotify'],
    ['mailto:a@b.test', 'email'],
    ['hello@example.com', 'email'],
    ['https://notinstagram.com/x', 'website'],
  ])('detects %s as %s', (url, network) => {
    expect(detectNetwork(url)).toBe(network);
  });
});
