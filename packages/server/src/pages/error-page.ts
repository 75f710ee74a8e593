import { defaultLocalizedStrings } from '../services/languages/localized-strings';
import type { PageContext } from './page-context';
import { PageType } from './page-types';
import { createPageRenderer } from './render-page';

const renderer = createPageRenderer();

interface ErrorSite {
  id?: string;
  siteTitle?: string;
  language?: string;
  currency?: string;
}

/**
 * The error page (page type 101) in the site's theme, for a failed page request: the site's
 * header and footer frame, the status wording and the catalogue message. It needs no
 * database (the failure may be the database), and the renderer falls back to plain HTML if
 * the theme itself fails.
 */
export function errorPageHtml(site: ErrorSite | undefined, status: number, message: string): string {
  const context: PageContext = {
    pageType: PageType.error,
    website: {
      id: site?.id ?? '',
      siteTitle: site?.siteTitle ?? '',
      language: site?.language ?? 'en-US',
      currency: site?.currency ?? 'USD',
      baseUrl: '',
    },
    websiteSettings: {},
    localizedStrings: defaultLocalizedStrings,
    navigation: [],
    header: {},
    footer: {},
    cartUrl: '/cart',
    showCart: true,
    error: { status, title: status >= 500 ? 'Something went wrong' : 'Bad request', message },
  };
  return renderer.render(context);
}
