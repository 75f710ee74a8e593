import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { ApiFailure } from '../api';
import { confirmModal } from '../components/dialogs';
import { type Contributor, type Invitation, type Role, peopleApi } from './people-api';
import './people.css';

const messageOf = (failure: unknown) =>
  failure instanceof ApiFailure ? failure.message : 'Something went wrong. Try again.';

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

/**
 * Settings → People: the site's contributors with their roles (changed in place), an invite
 * form (e-mail and role), pending invitations with revoke. Owner and admins only; anyone
 * else sees the server's refusal.
 */
export function PeopleScreen(_props: { rest: string[] }) {
  const [contributors, setContributors] = useState<Contributor[] | null>(null);
  const [invitations, setInvitations] = useState<Invitation[]>([]);
  const [roles, setRoles] = useState<Role[]>([]);
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const [email, setEmail] = useState('');
  const [roleCode, setRoleCode] = useState(4);
  const [busy, setBusy] = useState(false);

  const reload = useCallback(async () => {
    try {
      const [people, pending] = await Promise.all([peopleApi.contributors(), peopleApi.invitations()]);
      setContributors(people.contributors);
      setRoles(people.roles);
      setInvitations(pending.invitations);
    } catch (failure) {
      setContributors([]);
      setError(messageOf(failure));
    }
  }, []);
  useEffect(() => {
    reload();
  }, [reload]);

  async function act(done: string, action: () => Promise<unknown>) {
    setError('');
    setStatus('');
    try {
      await action();
      setStatus(done);
      await reload();
      return true;
    } catch (failure) {
      setError(messageOf(failure));
      return false;
    }
  }

  async function invite(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const target = email.trim();
    if (await act(`Invitation sent to ${target}.`, () => peopleApi.invite(target, roleCode))) setEmail('');
    setBusy(false);
  }

  async function remove(person: Contributor) {
    const ok = await confirmModal({
      title: `Remove ${person.email}?`,
      message: 'They are signed out and can no longer open the studio.',
      confirmLabel: 'Remove',
    });
    if (ok) await act(`${person.email} was removed.`, () => peopleApi.remove(person.id));
  }

  if (contributors === null) return <p className="loading">Loading…</p>;
  const now = Date.now();
  return (
    <div className="people">
      <h1>People</h1>
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
      <p role="status" className="note">
        {status}
      </p>
      {roles.length > 0 && (
        <>
          <section className="people__section" aria-labelledby="people-invite">
            <h2 id="people-invite">Invite a contributor</h2>
            <form className="people__invite" onSubmit={invite}>
              <label htmlFor="invite-email">Email</label>
              <input
                id="invite-email"
                type="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                required
              />
              <label htmlFor="invite-role">Role</label>
              <select id="invite-role" value={roleCode} onChange={(e) => setRoleCode(Number(e.target.value))}>
                {/* Only roles the signed-in person may give (none above their own). */}
                {roles
                  .filter((role) => role.grantable)
                  .map((role) => (
                    <option key={role.code} value={role.code}>
                      {role.name}
                    </option>
                  ))}
              </select>
              <button type="submit" className="btn btn--primary" disabled={busy}>
                {busy ? 'Sending…' : 'Send invitation'}
              </button>
            </form>
          </section>

          <section className="people__section" aria-labelledby="people-list">
            <h2 id="people-list">Contributors</h2>
            {contributors.length === 0 ? (
              <p className="muted">No contributors yet.</p>
            ) : (
              <table className="people__table">
                <thead>
                  <tr>
                    <th>Email</th>
                    <th>Role</th>
                    <th>
                      <span className="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {contributors.map((person) => (
                    <tr key={person.id}>
                      <td>{person.email}</td>
                      <td>
                        {/* A contributor above the signed-in person is shown, not managed. */}
                        {roles.find((r) => r.code === person.roleCode)?.grantable ? (
                          <RoleSelect
                            id={`role-${person.id}`}
                            label={`Role of ${person.email}`}
                            roles={roles}
                            value={person.roleCode}
                            onChange={(code) =>
                              act(`${person.email} is now ${roles.find((r) => r.code === code)?.name}.`, () =>
                                peopleApi.changeRole(person.id, code),
                              )
                            }
                          />
                        ) : (
                          person.roleName
                        )}
                      </td>
                      <td>
                        {roles.find((r) => r.code === person.roleCode)?.grantable && (
                          <button type="button" className="btn btn--plain" onClick={() => remove(person)}>
                            Remove<span className="visually-hidden"> {person.email}</span>
                          </button>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>

          <section className="people__section" aria-labelledby="people-pending">
            <h2 id="people-pending">Pending invitations</h2>
            {invitations.length === 0 ? (
              <p className="muted">No pending invitations.</p>
            ) : (
              <table className="people__table">
                <thead>
                  <tr>
                    <th>Email</th>
                    <th>Role</th>
                    <th>Expires</th>
                    <th>
                      <span className="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {invitations.map((invitation) => (
                    <tr key={invitation.id}>
                      <td>{invitation.email}</td>
                      <td>{invitation.roleName}</td>
                      <td>
                        {Date.parse(invitation.expiresAt) < now
                          ? 'Expired'
                          : new Date(invitation.expiresAt).toLocaleDateString()}
                      </td>
                      <td>
                        <button
                          type="button"
                          className="btn btn--plain"
                          onClick={() =>
                            act(`The invitation to ${invitation.email} was revoked.`, () =>
                              peopleApi.revoke(invitation.id),
                            )
                          }
                        >
                          Revoke<span className="visually-hidden"> the invitation to {invitation.email}</span>
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        </>
      )}
    </div>
  );
}
