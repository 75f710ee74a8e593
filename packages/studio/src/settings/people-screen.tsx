import { visitorEmail } from '@store/api';
import { useState } from 'react';
import { z } from 'zod';
import { confirmModal } from '../components/dialogs';
import { type Column, DataList } from '../components/list-kit';
import { type SortState, shapeRows } from '../components/list-data';
import { useApiMutation, useApiQuery } from '../data/api-query';
import { failureText } from '../data/errors';
import { useApiForm } from '../data/use-api-form';
import type { Contributor, Invitation, Role } from './people-api';
import './people.css';

/** The invitation body as the API checks it (the server also checks the role may be given). */
const inviteSchema = z.object({ email: visitorEmail, roleCode: z.number().int() });

function RoleSelect(props: {
  id: string;
  label: string;
  roles: Role[];
  value: number;
  onChange(code: number): void;
}) {
  return (
    <>
      <label htmlFor={props.id} className="visually-hidden">
        {props.label}
      </label>
      <select id={props.id} value={props.value} onChange={(e) => props.onChange(Number(e.target.value))}>
        {props.roles
          .filter((role) => role.grantable)
          .map((role) => (
            <option key={role.code} value={role.code}>
              {role.name}
            </option>
          ))}
      </select>
    </>
  );
}

const expiryText = (iso: string, now: number) =>
  Date.parse(iso) < now ? 'Expired' : new Date(iso).toLocaleDateString();

/**
 * Settings → People: the site's contributors with their roles (changed in place), an invite
 * form (e-mail and role), pending invitations with revoke. Owner and admins only; anyone
 * else sees the server's refusal.
 */
export function PeopleScreen(_props: { rest: string[] }) {
  const people = useApiQuery('GET /api/studio/contributors', {});
  const pending = useApiQuery('GET /api/studio/contributors/invitations', {});
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const [peopleSort, setPeopleSort] = useState<SortState | null>(null);
  const [pendingSort, setPendingSort] = useState<SortState | null>(null);

  const contributorsRoute = ['GET /api/studio/contributors'] as const;
  const invitationsRoute = ['GET /api/studio/contributors/invitations'] as const;
  const invite = useApiMutation('POST /api/studio/contributors/invitations', {
    invalidates: invitationsRoute,
  });
  const changeRole = useApiMutation('PUT /api/studio/contributors/:id', { invalidates: contributorsRoute });
  const removeOne = useApiMutation('DELETE /api/studio/contributors/:id', { invalidates: contributorsRoute });
  const revoke = useApiMutation('DELETE /api/studio/contributors/invitations/:id', {
    invalidates: invitationsRoute,
  });

  const roles = people.data?.roles ?? [];
  const form = useApiForm(inviteSchema, { email: '', roleCode: 4 });

  /** Run one change; say what happened (or the API's refusal) in the status line / alert. */
  async function act(done: string, action: () => Promise<unknown>) {
    setError('');
    setStatus('');
    try {
      await action();
      setStatus(done);
      return true;
    } catch (failure) {
      setError(failureText(failure));
      return false;
    }
  }

  async function remove(person: Contributor) {
    const ok = await confirmModal({
      title: `Remove ${person.email}?`,
      message: 'They are signed out and can no longer open the studio.',
      confirmLabel: 'Remove',
    });
    if (ok)
      await act(`${person.email} was removed.`, () => removeOne.mutateAsync({ params: { id: person.id } }));
  }

  if (people.isPending) return <p className="loading">Loading…</p>;
  const now = Date.now();
  const grantable = (code: number) => roles.find((r) => r.code === code)?.grantable;
  const shownError =
    error || people.errorText || pending.errorText || form.formMessage || form.errorOf('roleCode');

  const contributorColumns: Column<Contributor>[] = [
    { key: 'email', header: 'Email', primary: true, sortable: true, cell: (p) => p.email },
    {
      key: 'role',
      header: 'Role',
      sortable: true,
      // A contributor above the signed-in person is shown, not managed.
      cell: (person) =>
        grantable(person.roleCode) ? (
          <RoleSelect
            id={`role-${person.id}`}
            label={`Role of ${person.email}`}
            roles={roles}
            value={person.roleCode}
            onChange={(code) =>
              act(`${person.email} is now ${roles.find((r) => r.code === code)?.name}.`, () =>
                changeRole.mutateAsync({ params: { id: person.id }, body: { roleCode: code } }),
              )
            }
          />
        ) : (
          person.roleName
        ),
    },
  ];
  const invitationColumns: Column<Invitation>[] = [
    { key: 'email', header: 'Email', primary: true, sortable: true, cell: (i) => i.email },
    { key: 'role', header: 'Role', sortable: true, cell: (i) => i.roleName },
    { key: 'expires', header: 'Expires', sortable: true, cell: (i) => expiryText(i.expiresAt, now) },
  ];
  const contributors = shapeRows(people.data?.contributors ?? [], {
    sort: peopleSort,
    sortValue: (p, key) => (key === 'role' ? p.roleName : p.email),
  }).rows;
  const invitations = shapeRows(pending.data?.invitations ?? [], {
    sort: pendingSort,
    sortValue: (i, key) => (key === 'role' ? i.roleName : key === 'expires' ? i.expiresAt : i.email),
  }).rows;

  return (
    <div className="people">
      <h1>People</h1>
      {shownError && (
        <p className="alert" role="alert">
          {shownError}
        </p>
      )}
      <p role="status" className="note">
        {status}
      </p>
      {roles.length > 0 && (
        <>
          <section className="people__section" aria-labelledby="people-invite">
            <h2 id="people-invite">Invite a contributor</h2>
            <form
              className="people__invite"
              onSubmit={form.submitWith(async (body) => {
                setError('');
                setStatus('');
                await invite.mutateAsync({ body });
                setStatus(`Invitation sent to ${body.email}.`);
                form.reset({ email: '', roleCode: body.roleCode });
              })}
            >
              <label htmlFor="invite-email">Email</label>
              <input
                id="invite-email"
                type="email"
                required
                aria-invalid={Boolean(form.errorOf('email'))}
                aria-describedby={form.errorOf('email') ? 'invite-email-error' : undefined}
                {...form.register('email')}
              />
              <label htmlFor="invite-role">Role</label>
              <select id="invite-role" {...form.register('roleCode', { valueAsNumber: true })}>
                {/* Only roles the signed-in person may give (none above their own). */}
                {roles
                  .filter((role) => role.grantable)
                  .map((role) => (
                    <option key={role.code} value={role.code}>
                      {role.name}
                    </option>
                  ))}
              </select>
              <button type="submit" className="btn btn--primary" disabled={form.formState.isSubmitting}>
                {form.formState.isSubmitting ? 'Sending…' : 'Send invitation'}
              </button>
              {form.errorOf('email') && (
                <p id="invite-email-error" className="field-error people__invite-error">
                  {form.errorOf('email')}
                </p>
              )}
            </form>
          </section>

          <section className="people__section" aria-labelledby="people-list">
            <h2 id="people-list">Contributors</h2>
            <DataList
              label="Contributors"
              rows={contributors}
              columns={contributorColumns}
              rowKey={(p) => p.id}
              sort={peopleSort}
              onSortChange={setPeopleSort}
              empty={<p className="muted">No contributors yet.</p>}
              actions={(person) =>
                grantable(person.roleCode) && (
                  <button type="button" className="btn btn--plain" onClick={() => remove(person)}>
                    Remove<span className="visually-hidden"> {person.email}</span>
                  </button>
                )
              }
            />
          </section>

          <section className="people__section" aria-labelledby="people-pending">
            <h2 id="people-pending">Pending invitations</h2>
            <DataList
              label="Pending invitations"
              rows={invitations}
              columns={invitationColumns}
              rowKey={(i) => i.id}
              sort={pendingSort}
              onSortChange={setPendingSort}
              loading={pending.isPending}
              empty={<p className="muted">No pending invitations.</p>}
              actions={(invitation) => (
                <button
                  type="button"
                  className="btn btn--plain"
                  onClick={() =>
                    act(`The invitation to ${invitation.email} was revoked.`, () =>
                      revoke.mutateAsync({ params: { id: invitation.id } }),
                    )
                  }
                >
                  Revoke<span className="visually-hidden"> the invitation to {invitation.email}</span>
                </button>
              )}
            />
          </section>
        </>
      )}
    </div>
  );
}
