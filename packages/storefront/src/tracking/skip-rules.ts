/** Page types that never send analytics (spec §6): not found, lock screen, member-area denied. */
export const SKIPPED_PAGE_TYPES: ReadonlySet<number> = new Set([100, 103, 106]);
const VIEWER_ROLE = 10;

export interface SkipInput {
  pageType: number;
  path: string;
  /** The signed-in contributor account's website role codes (spec §3), if any. */
  accountRoles?: number[] | null;
  /** The site's or the page's "disable analytics" flag. */
  disabled?: boolean;
}

/**
 * Spec §6: analytics is skipped for signed-in accounts — unless the only website role is
 * viewer on a non-config page — on not-found, lock-screen and member-access-denied pages,
 * and when the disable flag is set.
 */
export function shouldSkipAnalytics(input: SkipInput): boolean {
  if (input.disabled) return true;
  if (SKIPPED_PAGE_TYPES.has(input.pageType)) return true;
  const roles = input.accountRoles;
  if (roles && roles.length > 0) {
    const onlyViewer = roles.every((r) => r === VIEWER_ROLE);
    if (!onlyViewer || input.path.includes('/config')) return true;
  }
  return false;
}

/**
 * The website roles of the account a `SiteUserInfo` cookie value names (spec §6 input):
 * the server writes `role: "OWNER"` for the owner, `role: "CONTRIBUTOR"` with its spec §3
 * `contributorRole` code for a contributor. The owner counts as an admin (1); a contributor
 * whose code is missing counts as a non-viewer. Customers and visitors have none (null).
 * The server applies the same rule to what it keeps (services/analytics/own-visits.ts).
 */
export function accountRolesOf(siteUserInfo: string | undefined): number[] | null {
  if (!siteUserInfo) return null;
  let info: { authenticated?: unknown; role?: unknown; contributorRole?: unknown };
  try {
    info = JSON.parse(siteUserInfo);
  } catch {
    return null;
  }
  if (info?.authenticated !== true) return null;
  if (info.role === 'OWNER') return [1];
  if (info.role === 'CONTRIBUTOR')
    return [typeof info.contributorRole === 'number' ? info.contributorRole : 0];
  return null;
}
