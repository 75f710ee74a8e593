import { createHash, randomBytes } from 'node:crypto';
import { platformLimits } from '@store/api';
import { and, count, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { apiTokens, siteUsers } from '../../db/schema/index';
import type { Outcome } from '../../reasons';
import {
  type Actor,
  ROLE_CODES,
  isRoleCode,
  mayGrantRole,
  roleName,
} from '../contributors/permission-policy';
import type { SignedInUser } from '../site-users/sessions';

/** Tokens read `jnp_` + 43 characters (256 random bits): easy to spot in a leaked file. */
export const TOKEN_PREFIX = 'jnp_';
const TOKEN_SHAPE = /^jnp_[A-Za-z0-9_-]{43}$/;
/** last_used_at is written at most this often per token (not on every request). */
const LAST_USED_EVERY_MS = 60_000;

/** SHA-256 of the token: 256 random bits need no slow hash, and lookup stays one index probe. */
export const hashApiToken = (token: string) => createHash('sha256').update(token).digest('hex');

type TokenRow = typeof apiTokens.$inferSelect;

const tokenView = (row: TokenRow) => ({
  id: row.id,
  name: row.name,
  roleCode: row.roleCode,
  roleName: roleName(row.roleCode),
  prefix: row.prefix,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});
export type ApiTokenView = ReturnType<typeof tokenView>;

export async function listApiTokens(db: Database, websiteId: string, actor: Actor) {
  const rows = await db
    .select()
    .from(apiTokens)
    .where(eq(apiTokens.websiteId, websiteId))
    .orderBy(desc(apiTokens.createdAt));
  return {
    tokens: rows.map(tokenView),
    roles: ROLE_CODES.map((code) => ({ code, name: roleName(code), grantable: mayGrantRole(actor, code) })),
  };
}

/**
 * A new token acting as contributor role `roleCode`. Nobody makes a token with more than
 * they hold (the rule of invitations). The token itself is in this answer only.
 */
export async function createApiToken(
  db: Database,
  websiteId: string,
  input: { name: string; roleCode: number; actor: Actor & { id: string } },
): Promise<Outcome<{ token: ApiTokenView; secret: string }>> {
  if (!isRoleCode(input.roleCode) || !mayGrantRole(input.actor, input.roleCode))
    return { ok: false, reason: 'API_TOKEN_ROLE_NOT_GRANTABLE' };
  const [live] = await db
    .select({ n: count() })
    .from(apiTokens)
    .where(and(eq(apiTokens.websiteId, websiteId), isNull(apiTokens.revokedAt)));
  if ((live?.n ?? 0) >= platformLimits.tokens) return { ok: false, reason: 'API_TOKENS_TOO_MANY' };
  const secret = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const [row] = await db
    .insert(apiTokens)
    .values({
      websiteId,
      name: input.name,
      roleCode: input.roleCode,
      tokenHash: hashApiToken(secret),
      prefix: secret.slice(0, TOKEN_PREFIX.length + 6),
      createdBy: input.actor.id,
    })
    .returning();
  return { ok: true, value: { token: tokenView(row as TokenRow), secret } };
}

export async function revokeApiToken(db: Database, websiteId: string, id: string): Promise<Outcome<true>> {
  const [row] = await db
    .update(apiTokens)
    .set({ revokedAt: sql`coalesce(${apiTokens.revokedAt}, now())` })
    .where(and(eq(apiTokens.id, id), eq(apiTokens.websiteId, websiteId)))
    .returning({ id: apiTokens.id });
  return row ? { ok: true, value: true } : { ok: false, reason: 'API_TOKEN_NOT_FOUND' };
}

/**
 * The caller a bearer token stands for on this website: a contributor with the token's role
 * (acting for the account that made it), or null for an unknown, revoked or other site's token.
 */
export async function findApiTokenUser(
  db: Database,
  websiteId: string,
  token: string,
): Promise<SignedInUser | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const [row] = await db
    .select({
      id: apiTokens.id,
      roleCode: apiTokens.roleCode,
      createdBy: apiTokens.createdBy,
      email: siteUsers.email,
      lastUsedAt: apiTokens.lastUsedAt,
    })
    .from(apiTokens)
    .leftJoin(siteUsers, eq(siteUsers.id, apiTokens.createdBy))
    .where(
      and(
        eq(apiTokens.tokenHash, hashApiToken(token)),
        eq(apiTokens.websiteId, websiteId),
        isNull(apiTokens.revokedAt),
      ),
    )
    .limit(1);
  if (!row) return null;
  const now = Date.now();
  if (!row.lastUsedAt || now - row.lastUsedAt.getTime() > LAST_USED_EVERY_MS) {
    await db
      .update(apiTokens)
      .set({ lastUsedAt: new Date(now) })
      .where(
        and(
          eq(apiTokens.id, row.id),
          or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, new Date(now - LAST_USED_EVERY_MS))),
        ),
      );
  }
  return {
    id: row.createdBy ?? `api-token:${row.id}`,
    websiteId,
    email: row.email ?? `api-token:${row.id}`,
    role: 'CONTRIBUTOR',
    contributorRole: row.roleCode,
    xsrfToken: '',
  };
}
