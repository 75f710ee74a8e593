import { isEmailAddress } from '@store/commerce';
/**
 * The social profiles a site links to from its header and footer (and the social links
 * block): which networks there are, what address each takes, and the icon the theme draws
 * for it (`icon-<network>`, inline SVG shipped with the theme). Shared by the API's schema,
 * the server and the studio, so an address the studio accepts is one the server keeps.
 */

interface Network {
  label: string;
  /** Host names (and their subdomains) the network's profile addresses use; null: any https host. */
  hosts: readonly string[] | null;
  /** What the studio shows as an example. */
  example: string;
}

export const SOCIAL_NETWORKS = {
  instagram: { label: 'Instagram', hosts: ['instagram.com'], example: 'https://instagram.com/yourname' },
  facebook: {
    label: 'Facebook',
    hosts: ['facebook.com', 'fb.com'],
    example: 'https://facebook.com/yourpage',
  },
  x: { label: 'X', hosts: ['x.com', 'twitter.com'], example: 'https://x.com/yourname' },
  tiktok: { label: 'TikTok', hosts: ['tiktok.com'], example: 'https://tiktok.com/@yourname' },
  youtube: {
    label: 'YouTube',
    hosts: ['youtube.com', 'youtu.be'],
    example: 'https://youtube.com/@yourchannel',
  },
  linkedin: { label: 'LinkedIn', hosts: ['linkedin.com'], example: 'https://linkedin.com/company/yours' },
  pinterest: {
    label: 'Pinterest',
    hosts: ['pinterest.com', 'pinterest.co.uk', 'pinterest.ca', 'pinterest.fr', 'pinterest.de', 'pin.it'],
    example: 'https://pinterest.com/yourname',
  },
  threads: {
    label: 'Threads',
    hosts: ['threads.net', 'threads.com'],
    example: 'https://threads.net/@yourname',
  },
  bluesky: { label: 'Bluesky', hosts: ['bsky.app'], example: 'https://bsky.app/profile/you.bsky.social' },
  mastodon: { label: 'Mastodon', hosts: null, example: 'https://mastodon.social/@yourname' },
  github: { label: 'GitHub', hosts: ['github.com'], example: 'https://github.com/yourname' },
  vimeo: { label: 'Vimeo', hosts: ['vimeo.com'], example: 'https://vimeo.com/yourname' },
  soundcloud: { label: 'SoundCloud', hosts: ['soundcloud.com'], example: 'https://soundcloud.com/yourname' },
  spotify: { label: 'Spotify', hosts: ['open.spotify.com'], example: 'https://open.spotify.com/artist/…' },
  email: { label: 'E-mail', hosts: null, example: 'hello@example.com' },
  website: { label: 'Website', hosts: null, example: 'https://example.com' },
} as const satisfies Record<string, Network>;

export type SocialNetwork = keyof typeof SOCIAL_NETWORKS;
export const SOCIAL_NETWORK_NAMES = Object.keys(SOCIAL_NETWORKS) as SocialNetwork[];

/** At most this many profiles per site. */
export const MAX_SOCIAL_LINKS = 12;

export interface SocialLink {
  network: SocialNetwork;
  url: string;
}

export type SocialLinkCheck = { ok: true; url: string } | { ok: false; message: string };

const onHost = (host: string, hosts: readonly string[]) =>
  hosts.some((h) => host === h || host.endsWith(`.${h}`));

/** The network an address belongs to (`website` for any other https address, `email` for mailto:). */
export function detectNetwork(value: string): SocialNetwork {
  const text = value.trim();
  if (/^mailto:/i.test(text) || isEmailAddress(text)) return 'email';
  const host = /^https?:\/\/([^/?#:@\\]+)/i.exec(text)?.[1]?.toLowerCase() ?? '';
  for (const name of SOCIAL_NETWORK_NAMES) {
    const hosts: readonly string[] | null = SOCIAL_NETWORKS[name].hosts;
    if (hosts && onHost(host, hosts)) return name;
  }
  return 'website';
}

/**
 * Check one profile address for its network and give back the address to store: an https
 * address on the network's own hosts with a profile path (any https host for Mastodon and a
 * website), or an e-mail address stored as `mailto:`.
 */
export function checkSocialLink(network: SocialNetwork, value: string): SocialLinkCheck {
  const text = value.trim();
  const { label, hosts, example } = SOCIAL_NETWORKS[network] as Network;
  if (!text) return { ok: false, message: `Enter the ${label} address.` };
  if (text.length > 500) return { ok: false, message: `The ${label} address is too long.` };
  if (network === 'email') {
    const address = text.replace(/^mailto:/i, '');
    return isEmailAddress(address)
      ? { ok: true, url: `mailto:${address}` }
      : { ok: false, message: `Enter an e-mail address such as ${example}.` };
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, message: `Enter a full address such as ${example}.` };
  }
  if (url.protocol !== 'https:') return { ok: false, message: `${label} addresses start with https://` };
  if (url.username || url.password || url.port || /[\s"'<>\\]/.test(text))
    return { ok: false, message: `Enter a full address such as ${example}.` };
  if (hosts) {
    if (!onHost(url.hostname, hosts))
      return { ok: false, message: `${label} links must be ${hosts[0]} addresses, such as ${example}.` };
    if (url.pathname.length < 2)
      return { ok: false, message: `Add your profile to the address, such as ${example}.` };
  } else if (!/^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(url.hostname)) {
    return { ok: false, message: `Enter a full address such as ${example}.` };
  }
  return { ok: true, url: url.href };
}

/** A profile as the theme shows it: its icon, accessible name and address. */
export function socialLinkView(link: SocialLink): {
  network: SocialNetwork;
  label: string;
  url: string;
  icon: string;
} {
  return {
    network: link.network,
    label: SOCIAL_NETWORKS[link.network].label,
    url: link.url,
    icon: `icon-${link.network}`,
  };
}
