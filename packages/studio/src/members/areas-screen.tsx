import type { AreaMember, MemberArea, MemberContentChoice } from '@store/api';
import { MEMBER_AREA_MESSAGES } from '@store/api';
import { useMemo, useState } from 'react';
import { confirmModal } from '../components/dialogs';
import { type Column, DataList } from '../components/list-kit';
import { useApiMutation, useApiQuery } from '../data/api-query';
import { navigate } from '../router';
import { mayChange, usePermissions } from '../settings/people-api';
import { PlansEditor } from './plans-editor';
import './members.css';

const BASE = '/config/members/areas';
const AREAS = 'GET /api/studio/members/areas' as const;
const CONTENT = 'GET /api/studio/members/areas/:areaId/content' as const;
const MEMBERS = 'GET /api/studio/members/areas/:areaId/members' as const;
const go = (to: string) => navigate(to);

/** Members → Member areas: the list, and one area's editor (`new` or its id). */
export function AreasScreen({ rest }: { rest: string[] }) {
  const areas = useApiQuery(AREAS, {});
  const id = rest[0];
  if (!id) return <AreaList />;
  if (!areas.data) return <p className="loading">{areas.errorText || 'Loading…'}</p>;
  const area = areas.data.areas.find((a) => a.id === id);
  if (id !== 'new' && !area)
    return (
      <p className="alert" role="alert">
        {MEMBER_AREA_MESSAGES.areaNotFound}
      </p>
    );
  return <AreaEditor key={id} area={area ?? null} />;
}

function link(to: string, text: string, className?: string) {
  return (
    <a
      href={to}
      className={className}
      onClick={(e) => {
        e.preventDefault();
        go(to);
      }}
    >
      {text}
    </a>
  );
}

function AreaList() {
  const canChange = mayChange(usePermissions(), 'publish');
  const areas = useApiQuery(AREAS, {});
  const columns: Column<MemberArea>[] = [
    {
      key: 'name',
      header: 'Area',
      primary: true,
      cell: (a) => link(`${BASE}/${encodeURIComponent(a.id)}`, a.name),
    },
    { key: 'slug', header: 'Join page', cell: (a) => <code>{a.joinPath}</code> },
    { key: 'content', header: 'Unlocks', align: 'end', cell: (a) => plural(a.contentCount, 'thing') },
    { key: 'members', header: 'Members', align: 'end', cell: (a) => String(a.memberCount) },
  ];
  return (
    <div className="members">
      <div className="panel__head">
        <h1>Member areas</h1>
        {canChange && (
          <a
            className="btn btn--primary"
            href={`${BASE}/new`}
            onClick={(e) => {
              e.preventDefault();
              go(`${BASE}/new`);
            }}
          >
            New member area
          </a>
        )}
      </div>
      <p className="muted members__intro">
        An area locks pages, blogs and courses, single posts and lessons, blocks on a page and digital files.
        Visitors who are not members see the area’s message and a button to join.
      </p>
      <DataList
        label="Member areas"
        rows={areas.data?.areas ?? []}
        columns={columns}
        rowKey={(a) => a.id}
        loading={areas.isPending}
        error={areas.errorText}
        empty={<p className="muted">No member areas yet.</p>}
      />
    </div>
  );
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

interface Draft {
  name: string;
  slug: string;
  description: string;
  deniedMessage: string;
}

function AreaEditor({ area }: { area: MemberArea | null }) {
  const canChange = mayChange(usePermissions(), 'publish');
  const [draft, setDraft] = useState<Draft>({
    name: area?.name ?? '',
    slug: area?.slug ?? '',
    description: area?.description ?? '',
    deniedMessage: area?.deniedMessage ?? '',
  });
  const [saved, setSaved] = useState('');
  const create = useApiMutation('POST /api/studio/members/areas', { invalidates: [AREAS] });
  const update = useApiMutation('PUT /api/studio/members/areas/:areaId', { invalidates: [AREAS] });
  const remove = useApiMutation('DELETE /api/studio/members/areas/:areaId', { invalidates: [AREAS] });
  const failure = create.errorText || update.errorText || remove.errorText;
  const set = (key: keyof Draft) => (e: { target: { value: string } }) => {
    setSaved('');
    setDraft((d) => ({ ...d, [key]: e.target.value }));
  };
  const field = (key: keyof Draft, label: string, hint?: string, multiline = false) => {
    const id = `area-${key}`;
    return (
      <div className="members__field">
        <label htmlFor={id} className="field-label">
          {label}
        </label>
        {multiline ? (
          <textarea id={id} rows={3} value={draft[key]} onChange={set(key)} maxLength={2000} />
        ) : (
          <input id={id} value={draft[key]} onChange={set(key)} maxLength={key === 'slug' ? 80 : 120} />
        )}
        {hint && <p className="muted members__hint">{hint}</p>}
      </div>
    );
  };
  return (
    <div className="members">
      <div className="panel__head">
        {link(BASE, '← Member areas', 'btn btn--plain')}
        <h1>{area ? area.name : 'New member area'}</h1>
      </div>
      <form
        className="members__box"
        noValidate
        aria-label={area ? `Edit ${area.name}` : 'New member area'}
        onSubmit={async (e) => {
          e.preventDefault();
          setSaved('');
          if (area) {
            const ok = await update.mutateAsync({ params: { areaId: area.id }, body: draft }).then(
              () => true,
              () => false,
            );
            if (ok) setSaved('Saved.');
          } else {
            const made = await create.mutateAsync({ body: draft }).catch(() => null);
            if (made) navigate(`${BASE}/${encodeURIComponent(made.id)}`, { replace: true });
          }
        }}
      >
        <fieldset className="members__fields" disabled={!canChange}>
          <legend className="visually-hidden">Area</legend>
          <div className="members__grid">
            {field('name', 'Name')}
            {field(
              'slug',
              'Address',
              `Its join page: /members/${draft.slug || 'address'}/join. Empty: made from the name.`,
            )}
            <div className="members__wide">
              {field('description', 'Description (optional)', undefined, true)}
            </div>
            <div className="members__wide">
              {field(
                'deniedMessage',
                'Message on the access-denied page',
                'Shown to visitors who are not members, above the join button. Empty: “This page is for members of …”.',
                true,
              )}
            </div>
          </div>
          {failure && (
            <p className="alert" role="alert">
              {failure}
            </p>
          )}
          <div className="members__actions">
            <button
              type="submit"
              className="btn btn--primary"
              disabled={create.isPending || update.isPending}
            >
              {area ? 'Save' : 'Create area'}
            </button>
            {saved && (
              <span className="muted" role="status">
                {saved}
              </span>
            )}
            {area && (
              <button
                type="button"
                className="btn btn--danger"
                onClick={async () => {
                  const sure = await confirmModal({
                    title: 'Delete member area',
                    message: `${area.name} is deleted with its memberships. What it locked becomes public, unless another area locks it too.`,
                    confirmLabel: 'Delete',
                  });
                  if (!sure) return;
                  await remove.mutateAsync({ params: { areaId: area.id } }).catch(() => undefined);
                  go(BASE);
                }}
              >
                Delete area
              </button>
            )}
          </div>
        </fieldset>
      </form>
      {area && <ContentPicker areaId={area.id} canChange={canChange} />}
      {area && (
        <section className="members__box" aria-labelledby="plans-heading">
          <h2 id="plans-heading">Plans</h2>
          {/* The area's plans (free, one-off, recurring): the plans editor. */}
          <PlansEditor areaId={area.id} />
        </section>
      )}
      {area && <MemberList areaId={area.id} />}
    </div>
  );
}

const KIND_LABELS: Record<MemberContentChoice['kind'], string> = {
  page: 'Pages',
  collection: 'Collections (blogs, courses, stores)',
  item: 'Single posts, lessons and products',
  block: 'Blocks on a page',
  download: 'Downloads (digital products’ files)',
};
const key = (c: { kind: string; ref: string }) => `${c.kind}\n${c.ref}`;

/** What the area unlocks: every page, collection, item, block and file of the site, ticked or not. */
function ContentPicker({ areaId, canChange }: { areaId: string; canChange: boolean }) {
  const content = useApiQuery(CONTENT, { params: { areaId } });
  const save = useApiMutation('PUT /api/studio/members/areas/:areaId/content', {
    invalidates: [CONTENT, AREAS],
  });
  const [chosen, setChosen] = useState<Set<string> | null>(null);
  const [filter, setFilter] = useState('');
  const [saved, setSaved] = useState('');
  const current = useMemo(
    () => chosen ?? new Set((content.data?.content ?? []).map(key)),
    [chosen, content.data],
  );
  const words = filter.trim().toLowerCase();
  const choices = (content.data?.choices ?? []).filter(
    (c) => !words || `${c.label} ${c.detail}`.toLowerCase().includes(words) || current.has(key(c)),
  );
  const toggle = (c: MemberContentChoice) => {
    setSaved('');
    const next = new Set(current);
    if (next.has(key(c))) next.delete(key(c));
    else next.add(key(c));
    setChosen(next);
  };
  return (
    <section className="members__box" aria-labelledby="unlocks-heading">
      <h2 id="unlocks-heading">What it unlocks</h2>
      <p className="muted members__hint">
        Ticked things are for members only. Lists and search still show a locked post’s title, never its text;
        a locked block shows a join button in its place.
      </p>
      <label className="field-label" htmlFor="unlocks-filter">
        Find
      </label>
      <input
        id="unlocks-filter"
        type="search"
        className="members__filter"
        placeholder="Page, post, lesson, block…"
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
      />
      {content.errorText && (
        <p className="alert" role="alert">
          {content.errorText}
        </p>
      )}
      {!content.data && !content.errorText && <p className="loading">Loading…</p>}
      <fieldset className="members__fields" disabled={!canChange}>
        <legend className="visually-hidden">What the area unlocks</legend>
        {(Object.keys(KIND_LABELS) as MemberContentChoice['kind'][]).map((kind) => {
          const list = choices.filter((c) => c.kind === kind);
          if (list.length === 0) return null;
          const ticked = list.filter((c) => current.has(key(c))).length;
          return (
            <details key={kind} className="members__group" open={ticked > 0 || Boolean(words)}>
              <summary>
                {KIND_LABELS[kind]}{' '}
                <span className="muted">
                  ({ticked} of {list.length})
                </span>
              </summary>
              <ul className="members__choices">
                {list.map((c) => (
                  <li key={key(c)}>
                    <label className="check">
                      <input type="checkbox" checked={current.has(key(c))} onChange={() => toggle(c)} />
                      <span>
                        {c.label} <span className="muted">· {c.detail}</span>
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            </details>
          );
        })}
        {save.errorText && (
          <p className="alert" role="alert">
            {save.errorText}
          </p>
        )}
        <div className="members__actions">
          <button
            type="button"
            className="btn btn--primary"
            disabled={!chosen || save.isPending}
            onClick={async () => {
              const list = [...current].map((k) => {
                const [kind, ref] = k.split('\n') as [MemberContentChoice['kind'], string];
                return { kind, ref };
              });
              const answer = await save
                .mutateAsync({ params: { areaId }, body: { content: list } })
                .catch(() => null);
              if (answer) {
                setChosen(null);
                setSaved('Saved: the site shows it at once.');
              }
            }}
          >
            Save what it unlocks
          </button>
          {saved && (
            <span className="muted" role="status">
              {saved}
            </span>
          )}
        </div>
      </fieldset>
    </section>
  );
}

const date = (iso: string | null) =>
  iso ? new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(iso)) : '–';

const STATUS: Record<AreaMember['status'], string> = {
  active: 'Active',
  cancelled: 'Cancelled (until its end)',
  ended: 'Ended',
};
const SOURCE: Record<AreaMember['source'], string> = {
  free: 'Free plan',
  order: 'Order',
  subscription: 'Subscription',
  owner: 'Added by you',
};

/** Who is in the area: since, plan, status, end; remove; add a customer by e-mail. */
function MemberList({ areaId }: { areaId: string }) {
  const canChange = mayChange(usePermissions(), 'orders');
  const members = useApiQuery(MEMBERS, { params: { areaId } });
  const add = useApiMutation('POST /api/studio/members/areas/:areaId/members', {
    invalidates: [MEMBERS, AREAS],
  });
  const remove = useApiMutation('DELETE /api/studio/members/areas/:areaId/members/:membershipId', {
    invalidates: [MEMBERS, AREAS],
  });
  const [email, setEmail] = useState('');
  const columns: Column<AreaMember>[] = [
    { key: 'email', header: 'Member', primary: true, cell: (m) => m.email },
    { key: 'since', header: 'Since', cell: (m) => date(m.since) },
    { key: 'plan', header: 'Plan', cell: (m) => m.planName ?? SOURCE[m.source] },
    {
      key: 'status',
      header: 'Status',
      cell: (m) =>
        m.hasAccess ? (
          <span className="badge badge--live">{STATUS[m.status]}</span>
        ) : (
          <span className="badge">{m.status === 'ended' ? 'Ended' : 'Expired'}</span>
        ),
    },
    { key: 'ends', header: 'Ends', cell: (m) => date(m.endsAt) },
  ];
  return (
    <section className="members__box" aria-labelledby="members-heading">
      <h2 id="members-heading">Members</h2>
      {canChange && (
        <form
          className="members__add"
          noValidate
          onSubmit={async (e) => {
            e.preventDefault();
            const made = await add.mutateAsync({ params: { areaId }, body: { email } }).catch(() => null);
            if (made) setEmail('');
          }}
        >
          <label htmlFor="member-email" className="field-label">
            Add a customer by e-mail
          </label>
          <div className="members__add-row">
            <input
              id="member-email"
              type="email"
              autoComplete="off"
              placeholder="customer@example.com"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
            <button type="submit" className="btn btn--primary" disabled={!email.trim() || add.isPending}>
              Add member
            </button>
          </div>
          {add.errorText && (
            <p className="field-error" role="alert">
              {add.errorText}
            </p>
          )}
        </form>
      )}
      {remove.errorText && (
        <p className="alert" role="alert">
          {remove.errorText}
        </p>
      )}
      <DataList
        label="Members"
        rows={members.data?.members ?? []}
        columns={columns}
        rowKey={(m) => m.id}
        loading={members.isPending}
        error={members.errorText}
        empty={<p className="muted">No members yet.</p>}
        actions={
          canChange
            ? (m) =>
                m.status === 'ended' ? null : (
                  <button
                    type="button"
                    className="btn btn--danger"
                    aria-label={`Remove ${m.email}`}
                    disabled={remove.isPending}
                    onClick={async () => {
                      const sure = await confirmModal({
                        title: 'Remove member',
                        message: `${m.email} loses access now. A paid subscription is not cancelled by this: cancel it in Commerce → Subscriptions.`,
                        confirmLabel: 'Remove',
                      });
                      if (sure) remove.mutate({ params: { areaId, membershipId: m.id } });
                    }}
                  >
                    Remove
                  </button>
                )
            : undefined
        }
      />
    </section>
  );
}
