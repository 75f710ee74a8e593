import type { ListMemberStatus } from '../../db/schema/newsletter';

export interface ListMemberRow {
  id: string;
  email: string;
  status: ListMemberStatus;
  source: string;
  consentAt: Date | null;
  consentSource: string;
  createdAt: Date;
  unsubscribedAt: Date | null;
}

/** A member as the owner reads it (dates as ISO text). */
export function toListMember(row: ListMemberRow) {
  return {
    id: row.id,
    email: row.email,
    status: row.status,
    source: row.source,
    consentAt: row.consentAt ? new Date(row.consentAt).toISOString() : null,
    consentSource: row.consentSource,
    createdAt: new Date(row.createdAt).toISOString(),
    unsubscribedAt: row.unsubscribedAt ? new Date(row.unsubscribedAt).toISOString() : null,
  };
}
