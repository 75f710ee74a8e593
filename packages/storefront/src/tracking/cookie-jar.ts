import { readCookie } from '../cookies';
import type { TrackerEnv } from './env';

/** Read, write and clear cookies through the injected document.cookie. */
export class CookieJar {
  constructor(
    private readonly env: Pick<TrackerEnv, 'cookie' | 'location'>,
    /** Restrictive cookie policy: tracking cookies are never written. */
    private readonly blocked = false,
  ) {}

  get(name: string): string | undefined {
    return readCookie(this.env.cookie.get(), name);
  }

  set(name: string, value: string, maxAgeSeconds: number): void {
    if (this.blocked) return;
    const secure = this.env.location.protocol === 'https:' ? '; Secure' : '';
    this.env.cookie.set(
      `${name}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; Path=/; SameSite=Lax${secure}`,
    );
  }

  remove(name: string): void {
    this.env.cookie.set(`${name}=; Max-Age=0; Path=/; SameSite=Lax`);
  }
}
