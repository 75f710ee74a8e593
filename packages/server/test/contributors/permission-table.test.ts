import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTRIBUTOR_ROLES,
  ROLE_CODES,
  ROUTE_CAPABILITIES,
  decideRoute,
  deniedMessage,
} from '../../src/plugins/permissions';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { backends } from '../helpers/test-db';
import { sessionOf } from '../restock-helpers';
import { contributorSession, findOwnerRoutes, probe, refused, tableMismatches } from './contributor-helpers';

describe.each(backends)('the permission table, route by route, on %s', (backend) => {
  let site: TestSite;
  /** Every registered /api route a customer is refused with FORBIDDEN: the owner routes. */
  let ownerRoutes: string[];
  let owner: string;

  beforeAll(async () => {
    site = await createTestSite(backend);
    owner = await sessionOf(site, 'owner');
    const customer = await sessionOf(site, 'customer');
    ownerRoutes = await findOwnerRoutes(site, customer);
  }, 120_000);
  afterAll(() => site.app.close());

  it('finds the owner routes and lists every one of them in the table (a new one fails here)', () => {
    expect(ownerRoutes.length).toBeGreaterThan(60);
    expect(ownerRoutes.filter((key) => !ROUTE_CAPABILITIES[key])).toEqual([]);
  });

  it('has no entry for a route that does not exist or that a customer may use', () => {
    expect(Object.keys(ROUTE_CAPABILITIES).filter((key) => !ownerRoutes.includes(key))).toEqual([]);
  });

  it('lets the owner through every owner route', async () => {
    const blocked: string[] = [];
    for (const key of ownerRoutes) {
      const [method = '', url = ''] = key.split(' ');
      if (refused(await probe(site, method, url, owner))) blocked.push(key);
    }
    expect(blocked).toEqual([]);
  }, 120_000);

  it.each(ROLE_CODES.map((code) => [CONTRIBUTOR_ROLES[code], code] as const))(
    '%s (%i): each owner route answers 403 exactly where the table says so',
    async (name, code) => {
      const { cookie } = await contributorSession(backend, site, code);
      expect(await tableMismatches(site, code, cookie, ownerRoutes)).toEqual([]);
      expect(name).toBeTruthy();
    },
    120_000,
  );
});

describe('what the table says', () => {
  it.each([
    [4, 'GET', '/api/commerce/orders', 'Your role (Editor) cannot see orders.'],
    [4, 'POST', '/api/commerce/orders/:id/refund', 'Your role (Editor) cannot change orders.'],
    [8, 'PUT', '/api/studio/site-styles', 'Your role (Store manager) cannot change the design.'],
    [10, 'PUT', '/api/studio/pages/:id/layout', 'Your role (Viewer) cannot change pages.'],
    [3, 'GET', '/api/studio/pages', 'Your role (Reporting) cannot see pages.'],
    [16, 'POST', '/api/studio/pages/:id/publish', 'Your role (Draft editor) cannot change publishing.'],
    [15, 'POST', '/api/studio/contributors/invitations', 'Your role (Website manager) cannot change people.'],
  ])('role %i: %s %s is refused with "%s"', (code, method, url, message) => {
    const decision = decideRoute(code, method, url);
    expect(decision.ok).toBe(false);
    expect(deniedMessage(code, decision)).toBe(message);
  });

  it.each([
    [4, 'PUT', '/api/studio/pages/:id/layout'],
    [4, 'POST', '/api/studio/pages/:id/publish'],
    [8, 'POST', '/api/commerce/orders/:id/fulfill'],
    [8, 'PATCH', '/api/studio/inventory'],
    [10, 'GET', '/api/commerce/orders'],
    [3, 'GET', '/api/analytics/summary'],
    [2, 'GET', '/api/commerce/orders'],
    [1, 'POST', '/api/studio/contributors/invitations'],
    [16, 'PUT', '/api/studio/pages/:id/layout'],
  ])('role %i may %s %s', (code, method, url) => {
    expect(decideRoute(code, method, url).ok).toBe(true);
  });

  it('refuses a route missing from the table to every role, admin included (fail closed)', () => {
    for (const code of ROLE_CODES) {
      expect(decideRoute(code, 'GET', '/api/studio/not-in-the-table')).toEqual({
        ok: false,
        reason: 'unlisted',
      });
    }
    expect(deniedMessage(1, decideRoute(1, 'GET', '/api/x'))).toBe(
      'Your role (Admin) cannot use this part of the studio.',
    );
  });

  it('gives the role "None" nothing, not even the studio', () => {
    expect(decideRoute(14, 'GET', '/api/studio/session').ok).toBe(false);
  });
});
