import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { type StudioSession, api } from './api';
import { useCardTables } from './components/card-tables';
import { SiteFrame } from './components/site-frame';
import { HeaderFooterPanel } from './panels/header-footer-panel';
import { MediaPanel } from './panels/media-panel';
import { PagesPanel } from './panels/pages-panel';
import { navigate, paths } from './router';
import { LaunchBanner } from './setup/launch-banner';
import { ACCOUNT_PATHS } from './account/account-api';
import { canOpenTab, usePermissions } from './settings/people-api';
import { type DeviceView, deviceViews } from './screen-size';
import { leaveTo } from './unsaved-guard';

// The page editor carries the template engine: loaded when a page is opened.
const PageEditor = lazy(() => import('./editor/page-editor').then((m) => ({ default: m.PageEditor })));
// The design panel carries the colour rules and schemas (zod): loaded when opened.
const PostsEditor = lazy(() => import('./editor/posts-editor').then((m) => ({ default: m.PostsEditor })));
const CourseEditor = lazy(() => import('./editor/course-editor').then((m) => ({ default: m.CourseEditor })));
// The store back office is its own chunk: most studio visits never open it.
const CommercePanel = lazy(() =>
  import('./commerce/commerce-panel').then((m) => ({ default: m.CommercePanel })),
);
const FormsArea = lazy(() => import('./forms/forms-area').then((m) => ({ default: m.FormsArea })));
const AnalyticsArea = lazy(() =>
  import('./analytics/analytics-area').then((m) => ({ default: m.AnalyticsArea })),
);
const SettingsArea = lazy(() =>
  import('./settings/settings-area').then((m) => ({ default: m.SettingsArea })),
);
const SchedulingArea = lazy(() =>
  import('./scheduling/scheduling-area').then((m) => ({ default: m.SchedulingArea })),
);
const MembersArea = lazy(() => import('./members/members-area').then((m) => ({ default: m.MembersArea })));
const MarketingArea = lazy(() =>
  import('./marketing/marketing-area').then((m) => ({ default: m.MarketingArea })),
);
// Your account (two-step sign-in): its own chunk, opened rarely.
const AccountScreen = lazy(() =>
  import('./account/account-screen').then((m) => ({ default: m.AccountScreen })),
);
const DesignPanel = lazy(() => import('./panels/design-panel').then((m) => ({ default: m.DesignPanel })));
const BrandingPanel = lazy(() =>
  import('./panels/branding-panel').then((m) => ({ default: m.BrandingPanel })),
);

/**
 * The studio shell: a top bar (site, panels, device views, sign out), the current panel on
 * the left and the live site in a same-origin frame (or the page editor) on the right.
 */
export function Shell({ session, path }: { session: StudioSession; path: string }) {
  const [device, setDevice] = useState<DeviceView>('desktop');
  const [framePath, setFramePath] = useState('/');
  const [frameVersion, setFrameVersion] = useState(0);
  const editing = /^\/config\/pages\/([^/]+)$/.exec(path)?.[1];
  const blog = /^\/config\/blogs\/([^/]+)$/.exec(path)?.[1];
  const course = /^\/config\/courses\/([^/]+)$/.exec(path)?.[1];
  // Areas with sections of their own, shown at full width instead of beside the site.
  const area = (
    ['commerce', 'forms', 'marketing', 'analytics', 'scheduling', 'members', 'settings'] as const
  ).find((a) => path.startsWith(`/config/${a}`));
  const commerce = area === 'commerce';
  const panel = path.startsWith(paths.headerFooter)
    ? 'header-footer'
    : path.startsWith(paths.media)
      ? 'media'
      : path.startsWith(paths.design)
        ? 'design'
        : 'pages';
  const reloadSite = () => setFrameVersion((v) => v + 1);
  // A contributor sees only the tabs its role may open (the server refuses the rest anyway).
  const permissions = usePermissions();
  const current = area ?? (blog || course ? 'pages' : panel);
  // Everyone who may open the studio may look after their own account.
  const account = path.startsWith(ACCOUNT_PATHS.account);
  const denied = !account && !canOpenTab(permissions, current);

  // At phone width the areas, device views and account links fold into a menu.
  const [menuOpen, setMenuOpen] = useState(false);
  const shellRef = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new path (any navigation) closes the menu.
  useEffect(() => setMenuOpen(false), [path]);
  // Escape closes the open menu and gives the focus back to its button.
  useEffect(() => {
    if (!menuOpen) return;
    const close = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      document.getElementById('studio-menu-toggle')?.focus();
    };
    document.addEventListener('keydown', close);
    return () => document.removeEventListener('keydown', close);
  }, [menuOpen]);
  // Tables not yet drawn by the list kit read as labelled cards at phone width too.
  useCardTables(shellRef);

  // Until the role's permissions are known, only the area on screen: a tab that would vanish
  // (or answer 403) a moment later is worse than one that appears.
  const tabs = [
    { to: paths.pages, label: 'Pages', active: panel === 'pages' && !area && !account, id: 'pages' },
    {
      to: paths.headerFooter,
      label: 'Header & footer',
      active: panel === 'header-footer',
      id: 'header-footer',
    },
    { to: paths.media, label: 'Media', active: panel === 'media', id: 'media' },
    { to: paths.design, label: 'Design', active: panel === 'design', id: 'design' },
    { to: paths.commerce(), label: 'Commerce', active: commerce, id: 'commerce' },
    { to: '/config/forms', label: 'Forms', active: area === 'forms', id: 'forms' },
    { to: '/config/marketing', label: 'Marketing', active: area === 'marketing', id: 'marketing' },
    { to: '/config/analytics', label: 'Analytics', active: area === 'analytics', id: 'analytics' },
    { to: '/config/scheduling', label: 'Scheduling', active: area === 'scheduling', id: 'scheduling' },
    { to: '/config/members', label: 'Members', active: area === 'members', id: 'members' },
    { to: '/config/settings', label: 'Settings', active: area === 'settings', id: 'settings' },
  ].filter((t) => (permissions === null ? t.active : canOpenTab(permissions, t.id)));
  const where = account ? 'Account' : tabs.find((t) => t.active)?.label;
  // Signing in lands on Pages: a role that cannot open them (scheduling only) goes to its first tab.
  const firstTab = tabs[0]?.to;
  useEffect(() => {
    if (permissions && denied && path === paths.pages && firstTab) navigate(firstTab, { replace: true });
  }, [permissions, denied, path, firstTab]);

  return (
    <div className="shell" ref={shellRef}>
      <header className={`topbar${menuOpen ? ' topbar--open' : ''}`}>
        <span className="topbar__site">{session.website.siteTitle}</span>
        {where && (
          <span className="topbar__where" aria-hidden="true">
            {where}
          </span>
        )}
        <button
          type="button"
          id="studio-menu-toggle"
          className="btn btn--plain topbar__toggle"
          aria-expanded={menuOpen}
          aria-controls="studio-menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span aria-hidden="true">{menuOpen ? '✕' : '☰'}</span> Menu
        </button>
        <div className="topbar__menu" id="studio-menu">
          <nav className="topbar__tabs" aria-label="Studio">
            {tabs.map((t) => (
              <a
                key={t.id}
                href={t.to}
                className={`tab${t.active ? ' tab--active' : ''}`}
                aria-current={t.active ? 'page' : undefined}
                onClick={(e) => {
                  e.preventDefault();
                  leaveTo(t.to);
                }}
              >
                {t.label}
              </a>
            ))}
          </nav>
          <fieldset className="devices">
            <legend className="visually-hidden">Device view</legend>
            {deviceViews.map((view) => (
              <label key={view.id} className={`device${device === view.id ? ' device--active' : ''}`}>
                <input
                  type="radio"
                  name="device"
                  value={view.id}
                  checked={device === view.id}
                  onChange={() => setDevice(view.id)}
                />
                {view.label}
              </label>
            ))}
          </fieldset>
          <a className="btn btn--plain" href="/" target="_blank" rel="noreferrer">
            View site
          </a>
          <a
            className={`btn btn--plain${account ? ' tab--active' : ''}`}
            href={ACCOUNT_PATHS.account}
            aria-current={account ? 'page' : undefined}
            onClick={(e) => {
              e.preventDefault();
              leaveTo(ACCOUNT_PATHS.account);
            }}
          >
            Account
          </a>
          <button
            type="button"
            className="btn btn--plain"
            onClick={async () => {
              if (await leaveTo(paths.pages)) {
                await api.signOut().catch(() => undefined);
                location.assign(paths.signIn);
              }
            }}
          >
            Sign out
          </button>
        </div>
      </header>
      {/* Remounted after a page is published (which publishes the site too). */}
      <LaunchBanner key={frameVersion} />
      {denied ? (
        <p className="alert role-denied" role="alert">
          Your role ({permissions?.roleName}) cannot open this part of the studio.
        </p>
      ) : account ? (
        <Suspense fallback={<p className="loading">Loading…</p>}>
          <AccountScreen session={session} />
        </Suspense>
      ) : course ? (
        <Suspense fallback={<p className="loading">Loading the course…</p>}>
          <CourseEditor courseId={decodeURIComponent(course)} onSaved={setFramePath} />
        </Suspense>
      ) : blog ? (
        <Suspense fallback={<p className="loading">Loading the posts…</p>}>
          <PostsEditor blogId={decodeURIComponent(blog)} onSaved={setFramePath} />
        </Suspense>
      ) : area ? (
        <Suspense fallback={<p className="loading">Loading…</p>}>
          {area === 'commerce' && <CommercePanel path={path} />}
          {area === 'forms' && <FormsArea path={path} />}
          {area === 'marketing' && <MarketingArea path={path} />}
          {area === 'analytics' && <AnalyticsArea path={path} />}
          {area === 'scheduling' && <SchedulingArea path={path} />}
          {area === 'members' && <MembersArea path={path} />}
          {area === 'settings' && <SettingsArea path={path} />}
        </Suspense>
      ) : editing ? (
        <Suspense fallback={<p className="loading">Loading the editor…</p>}>
          <PageEditor pageId={decodeURIComponent(editing)} device={device} onPublished={reloadSite} />
        </Suspense>
      ) : (
        <div className="workspace">
          <aside
            className="panel"
            aria-label={
              { pages: 'Pages', 'header-footer': 'Header and footer', media: 'Media', design: 'Design' }[
                panel
              ]
            }
          >
            {panel === 'pages' && <PagesPanel onSiteChanged={reloadSite} onShowPage={setFramePath} />}
            {panel === 'header-footer' && <HeaderFooterPanel onSiteChanged={reloadSite} />}
            {panel === 'media' && <MediaPanel />}
            {panel === 'design' && (
              <Suspense fallback={<p className="loading">Loading…</p>}>
                <DesignPanel onSiteChanged={reloadSite} />
                <BrandingPanel onSiteChanged={reloadSite} />
              </Suspense>
            )}
          </aside>
          <SiteFrame path={framePath} device={device} version={frameVersion} />
        </div>
      )}
    </div>
  );
}
