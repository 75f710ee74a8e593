import { API_MESSAGES, type ApiInput, type ApiOutput, ApiFailure, createClient } from '@store/api/client';
import type { Layout, SiteStyles } from '@store/blocks';

export { ApiFailure };

/** What a network failure says (the owner-facing message). */
export const NETWORK_ERROR = 'Unable to connect. Please try again';

export function crumb(): string {
  return document.cookie.match(/(?:^|;\s*)crumb=([^;]+)/)?.[1] ?? '';
}

/**
 * Every call the studio makes goes through the typed client built from the @store/api
 * contract: inputs and answers are typed by the routes' zod schemas. Writes echo the `crumb`
 * cookie in X-CSRF-Token; errors arrive as `{ error: { code, message } }` and throw ApiFailure.
 */
export const call = createClient({
  headers: (method) => (method === 'GET' ? {} : { 'x-csrf-token': crumb() }),
  offlineMessage: NETWORK_ERROR,
});

export type StudioSession = ApiOutput<'GET /api/studio/session'>;
export type SiteLayout = ApiOutput<'GET /api/commondata/GetSiteLayout'>;
export type NavLink = SiteLayout['layout'][number]['links'][number];
export type PageSummary = ApiOutput<'GET /api/studio/pages'>['pages'][number];
export type PageStatus = PageSummary['status'];
export type PageLayout = ApiOutput<'GET /api/studio/pages/:id/layout'>;
export type HeaderFooter = ApiOutput<'GET /api/site-header-footer'>;
export type MediaAsset = ApiOutput<'GET /api/studio/media'>['media'][number];
export type Post = ApiOutput<'GET /api/studio/blogs/:blogId/posts'>['posts'][number];
/** The pickers' choices; the page editor adds the media library to them. */
export type Catalog = ApiOutput<'GET /api/studio/catalog'> & { media?: MediaAsset[] };

type PageSettings = ApiInput<'PUT /api/studio/pages/:id/settings'>['body'];
type PostChanges = ApiInput<'PUT /api/studio/blogs/:blogId/posts/:postId'>['body'];
type MediaChanges = ApiInput<'PATCH /api/studio/media/:id'>['body'];
type Uploaded = ApiOutput<'POST /api/studio/media'>;

/**
 * Upload one file with progress (fetch cannot report upload progress; XHR can).
 * Resolves the stored asset or rejects with ApiFailure.
 */
function uploadWithProgress(file: File, onProgress: (fraction: number) => void): Promise<Uploaded> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/studio/media');
    xhr.setRequestHeader('x-csrf-token', crumb());
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onerror = () => reject(new ApiFailure(0, 'NETWORK', NETWORK_ERROR, false, true));
    xhr.onload = () => {
      const data = (() => {
        try {
          return JSON.parse(xhr.responseText);
        } catch {
          return null;
        }
      })();
      if (xhr.status === 201) return resolve(data as Uploaded);
      const error = data?.error as { code?: string; message?: string } | undefined;
      reject(
        new ApiFailure(
          xhr.status,
          error?.code ?? `HTTP_${xhr.status}`,
          error?.message ?? API_MESSAGES.uploadFailed,
          data?.crumbFail === true,
          false,
          data ?? {},
        ),
      );
    };
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}

export const api = {
  signIn: (email: string, password: string) =>
    call('POST /api/site-users/account/session', { body: { email, password, rememberMe: false } }),
  signOut: () => call('DELETE /api/site-users/account/session'),
  session: () => call('GET /api/studio/session'),
  siteLayout: () => call('GET /api/commondata/GetSiteLayout'),
  updateNavigation: (links: NavLink[]) =>
    call('POST /api/widget/UpdateNavigation', {
      body: { fieldName: 'mainNavigation', templateId: 'default', navigation: { items: links } },
    }),
  headerFooter: () => call('GET /api/site-header-footer'),
  saveHeaderFooter: (value: HeaderFooter) => call('PUT /api/site-header-footer', { body: value }),
  pages: () => call('GET /api/studio/pages'),
  createPage: (title: string, kind: PageSummary['kind'], addToNavigation: boolean) =>
    call('POST /api/studio/pages', { body: { title, kind, addToNavigation } }),
  savePageSettings: (id: string, settings: PageSettings) =>
    call('PUT /api/studio/pages/:id/settings', { params: { id }, body: settings }),
  deletePage: (id: string) => call('DELETE /api/studio/pages/:id', { params: { id } }),
  pageLayout: (id: string) => call('GET /api/studio/pages/:id/layout', { params: { id } }),
  saveDraft: (id: string, layout: Layout) =>
    call('PUT /api/studio/pages/:id/layout', { params: { id }, body: { layout } }),
  publish: (id: string, layout: Layout) =>
    call('POST /api/studio/pages/:id/publish', { params: { id }, body: { layout } }),
  restore: (id: string, revisionId: string) =>
    call('POST /api/studio/pages/:id/revisions/:revisionId/restore', { params: { id, revisionId } }),
  blockData: (layout: Layout) => call('POST /api/studio/block-data', { body: { layout } }),
  catalog: () => call('GET /api/studio/catalog'),
  media: () => call('GET /api/studio/media'),
  posts: (blogId: string) => call('GET /api/studio/blogs/:blogId/posts', { params: { blogId } }),
  createPost: (blogId: string, title: string) =>
    call('POST /api/studio/blogs/:blogId/posts', { params: { blogId }, body: { title } }),
  savePost: (blogId: string, postId: string, post: PostChanges) =>
    call('PUT /api/studio/blogs/:blogId/posts/:postId', { params: { blogId, postId }, body: post }),
  deletePost: (blogId: string, postId: string) =>
    call('DELETE /api/studio/blogs/:blogId/posts/:postId', { params: { blogId, postId } }),
  siteStyles: () => call('GET /api/studio/site-styles'),
  saveSiteStyles: (styles: SiteStyles) => call('PUT /api/studio/site-styles', { body: styles }),
  uploadMedia: uploadWithProgress,
  updateMedia: (id: string, patch: MediaChanges) =>
    call('PATCH /api/studio/media/:id', { params: { id }, body: patch }),
  deleteMedia: (id: string) => call('DELETE /api/studio/media/:id', { params: { id } }),
  /** The site's page context (website, money format, strings) the block templates read: not an /api route. */
  siteContext: async (): Promise<Record<string, unknown>> => {
    let res: Response;
    try {
      res = await fetch('/?format=json', {
        credentials: 'same-origin',
        headers: { accept: 'application/json' },
      });
    } catch {
      throw new ApiFailure(0, 'NETWORK', NETWORK_ERROR, false, true);
    }
    if (!res.ok) throw new ApiFailure(res.status, `HTTP_${res.status}`, res.statusText);
    return (await res.json()) as Record<string, unknown>;
  },
};
