import { useEffect, useState } from 'react';
import { ApiFailure, call } from '../api';
import { trustedPreviewHtml } from '../editor/clean-html';
import { navigate } from '../router';
import { CampaignSegmentField, useRecipientCount } from './campaign-audience';
import { type Block, BlockFields, NEW_BLOCKS } from './campaign-blocks';
import { siteTimeText, siteTimeToIso } from './campaign-time';
import { base, type Campaign, type CampaignsPayload } from './campaigns-screen';

type Draft = Pick<
  Campaign,
  'subject' | 'preheader' | 'fromName' | 'blocks' | 'listIds' | 'segment' | 'tracking'
>;

const draftOf = (c: Campaign): Draft => ({
  subject: c.subject,
  preheader: c.preheader,
  fromName: c.fromName,
  blocks: c.blocks,
  listIds: c.listIds,
  segment: c.segment,
  tracking: c.tracking,
});

const message = (e: unknown, fallback: string) => (e instanceof ApiFailure ? e.message : fallback);

/** The numbers of a campaign that started sending. */
function Numbers({ c }: { c: Campaign }) {
  const n = c.numbers;
  const cells: [string, number | null][] = [
    ['Recipients', n.recipients],
    ['Delivered', n.delivered],
    ['Bounced', n.bounced],
    ['Opened', n.opened],
    ['Clicked', n.clicked],
    ['Unsubscribed', n.unsubscribed],
  ];
  return (
    <dl className="campaign-numbers" aria-label="Campaign numbers">
      {cells.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value ?? '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

/** One campaign: compose (blocks), audience, preview at desktop and phone width, test, schedule or send. */
export function CampaignEditor({
  id,
  context,
  onChanged,
}: {
  id: string;
  context: CampaignsPayload;
  onChanged(): void;
}) {
  const [campaign, setCampaign] = useState<Campaign | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [preview, setPreview] = useState<string>('');
  const [width, setWidth] = useState<600 | 375>(600);
  const [note, setNote] = useState('');
  const [testTo, setTestTo] = useState('');
  const [when, setWhen] = useState('');
  const [busy, setBusy] = useState(false);
  const editable = campaign?.status === 'draft' || campaign?.status === 'scheduled';
  const recipients = useRecipientCount(draft?.listIds ?? [], draft?.segment ?? null, !draft || !editable);

  const refreshPreview = () =>
    call('POST /api/studio/campaigns/:id/preview', { params: { id } }).then(
      (p) => setPreview(p.html),
      () => {},
    );
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per campaign
  useEffect(() => {
    call('GET /api/studio/campaigns/:id', { params: { id } }).then(
      (c) => {
        setCampaign(c);
        setDraft(draftOf(c));
        refreshPreview();
      },
      (e) => setNote(message(e, 'Unable to load the campaign.')),
    );
  }, [id]);
  // A campaign being sent refreshes its numbers.
  useEffect(() => {
    if (campaign?.status !== 'sending' && campaign?.status !== 'sent') return;
    const timer = setInterval(
      () => call('GET /api/studio/campaigns/:id', { params: { id } }).then(setCampaign, () => {}),
      3000,
    );
    return () => clearInterval(timer);
  }, [campaign?.status, id]);

  if (!campaign || !draft) return <p className="muted">{note || 'Loading…'}</p>;
  const readOnly = campaign.status !== 'draft' && campaign.status !== 'scheduled';
  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });
  const setBlocks = (blocks: Block[]) => set({ blocks });
  const move = (i: number, by: number) => {
    const next = [...draft.blocks];
    const [b] = next.splice(i, 1);
    if (b) next.splice(i + by, 0, b);
    setBlocks(next);
  };

  const act = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setNote('');
    try {
      await work();
      setNote(done);
      onChanged();
    } catch (e) {
      setNote(message(e, 'That did not work. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  const save = async () => {
    const saved = await call('PUT /api/studio/campaigns/:id', { params: { id }, body: draft });
    setCampaign(saved);
    setDraft(draftOf(saved));
    await refreshPreview();
  };
  const schedule = async (at: string | null) => {
    await save();
    setCampaign(await call('POST /api/studio/campaigns/:id/schedule', { params: { id }, body: { at } }));
  };

  return (
    <div className="campaign-editor">
      <div className="panel__head">
        <h1>{campaign.subject || 'New campaign'}</h1>
        <a
          className="btn btn--plain"
          href={base}
          onClick={(e) => {
            e.preventDefault();
            navigate(base);
          }}
        >
          All campaigns
        </a>
      </div>
      {campaign.status !== 'draft' && (
        <p className="campaign-editor__status">
          {campaign.status === 'scheduled' && campaign.scheduledAt
            ? `Scheduled for ${siteTimeText(campaign.scheduledAt, context.timeZone)} (${context.timeZone})`
            : campaign.status === 'sending'
              ? 'Sending…'
              : campaign.status === 'sent' && campaign.finishedAt
                ? `Sent ${siteTimeText(campaign.finishedAt, context.timeZone)}`
                : campaign.status}
        </p>
      )}
      {readOnly && <Numbers c={campaign} />}
      <div className="campaign-editor__columns">
        <section className="campaign-editor__compose" aria-label="Compose">
          <label>
            Subject
            <input
              value={draft.subject}
              disabled={readOnly}
              maxLength={150}
              onChange={(e) => set({ subject: e.target.value })}
            />
          </label>
          <label>
            Preheader (shown after the subject in the inbox)
            <input
              value={draft.preheader}
              disabled={readOnly}
              maxLength={200}
              onChange={(e) => set({ preheader: e.target.value })}
            />
          </label>
          <label>
            From name
            <input
              value={draft.fromName}
              disabled={readOnly}
              maxLength={80}
              placeholder="The site's sender name"
              onChange={(e) => set({ fromName: e.target.value })}
            />
          </label>
          <h2>Content</h2>
          <ol className="campaign-blocks">
            {draft.blocks.map((block, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: blocks have no ids; order is their identity
              <li key={i} className="campaign-block">
                <div className="campaign-block__head">
                  <strong>{NEW_BLOCKS[block.type].label}</strong>
                  {!readOnly && (
                    <span>
                      <button
                        type="button"
                        className="btn btn--plain"
                        disabled={i === 0}
                        onClick={() => move(i, -1)}
                        aria-label={`Move block ${i + 1} up`}
                      >
                        ↑
                      </button>
                      <button
                        type="button"
                        className="btn btn--plain"
                        disabled={i === draft.blocks.length - 1}
                        onClick={() => move(i, 1)}
                        aria-label={`Move block ${i + 1} down`}
                      >
                        ↓
                      </button>
                      <button
                        type="button"
                        className="btn btn--plain"
                        onClick={() => setBlocks(draft.blocks.filter((_, j) => j !== i))}
                        aria-label={`Remove block ${i + 1}`}
                      >
                        Remove
                      </button>
                    </span>
                  )}
                </div>
                <BlockFields
                  block={block}
                  index={i}
                  readOnly={readOnly}
                  onChange={(b) => setBlocks(draft.blocks.map((x, j) => (j === i ? b : x)))}
                />
              </li>
            ))}
          </ol>
          {!readOnly && (
            <div className="campaign-editor__add">
              {Object.entries(NEW_BLOCKS).map(([type, b]) => (
                <button
                  key={type}
                  type="button"
                  className="btn btn--plain"
                  onClick={() => setBlocks([...draft.blocks, b.make()])}
                >
                  + {b.label}
                </button>
              ))}
            </div>
          )}
          <div className="campaign-editor__audience">
            <h2>Audience</h2>
            <fieldset className="campaign-editor__lists" disabled={readOnly}>
              <legend>Send to the subscribed members of</legend>
              {context.lists.map((l) => (
                <label key={l.id} className="campaign-editor__check">
                  <input
                    type="checkbox"
                    checked={draft.listIds.includes(l.id)}
                    onChange={(e) =>
                      set({
                        listIds: e.target.checked
                          ? [...draft.listIds, l.id]
                          : draft.listIds.filter((x) => x !== l.id),
                      })
                    }
                  />
                  {l.name} ({l.subscribed})
                </label>
              ))}
              {context.lists.length === 0 && <p className="muted">No mailing lists yet.</p>}
            </fieldset>
            <CampaignSegmentField
              segment={draft.segment}
              listIds={draft.listIds}
              readOnly={readOnly}
              recipients={recipients}
              onChange={(segment) => set({ segment })}
            />
            <label className="campaign-editor__check">
              <input
                type="checkbox"
                checked={draft.tracking}
                disabled={readOnly}
                onChange={(e) => set({ tracking: e.target.checked })}
              />
              Count opens and clicks (adds a tracking image and tracked links)
            </label>
          </div>
          {!readOnly && (
            <div className="campaign-editor__actions">
              <button
                type="button"
                className="btn btn--primary"
                disabled={busy}
                onClick={() => act(save, 'Saved.')}
              >
                Save draft
              </button>
            </div>
          )}
          <h2>Send</h2>
          <div className="campaign-editor__row">
            <label>
              Send a test to
              <input
                type="email"
                value={testTo}
                onChange={(e) => setTestTo(e.target.value)}
                placeholder="you@example.com"
              />
            </label>
            <button
              type="button"
              className="btn btn--plain"
              disabled={busy || !testTo}
              onClick={() =>
                act(async () => {
                  if (!readOnly) await save();
                  await call('POST /api/studio/campaigns/:id/test', { params: { id }, body: { to: testTo } });
                }, `Test sent to ${testTo}.`)
              }
            >
              Send test
            </button>
          </div>
          {!readOnly && (
            <>
              <div className="campaign-editor__row">
                <label>
                  Schedule ({context.timeZone})
                  <input type="datetime-local" value={when} onChange={(e) => setWhen(e.target.value)} />
                </label>
                <button
                  type="button"
                  className="btn btn--plain"
                  disabled={busy || !when}
                  onClick={() => act(() => schedule(siteTimeToIso(when, context.timeZone)), 'Scheduled.')}
                >
                  Schedule
                </button>
                {campaign.status === 'scheduled' && (
                  <button
                    type="button"
                    className="btn btn--plain"
                    disabled={busy}
                    onClick={() =>
                      act(
                        async () =>
                          setCampaign(
                            await call('POST /api/studio/campaigns/:id/cancel', { params: { id } }),
                          ),
                        'Schedule cancelled.',
                      )
                    }
                  >
                    Cancel schedule
                  </button>
                )}
              </div>
              <button
                type="button"
                className="btn btn--primary"
                disabled={busy}
                onClick={() => {
                  // The server's count of the audience; while it is on its way, the lists' sum as a bound.
                  const whom =
                    recipients === null
                      ? `up to ${context.lists
                          .filter((l) => draft.listIds.includes(l.id))
                          .reduce((s, l) => s + l.subscribed, 0)} subscribers`
                      : `${recipients} ${recipients === 1 ? 'subscriber' : 'subscribers'}`;
                  if (window.confirm(`Send "${draft.subject}" now to ${whom}?`))
                    act(() => schedule(null), 'Sending…');
                }}
              >
                Send now
              </button>
            </>
          )}
          <p role="status" className="campaign-editor__note">
            {note}
          </p>
        </section>
        <section className="campaign-editor__preview" aria-label="Preview">
          <div className="campaign-editor__devices">
            <button
              type="button"
              className="btn btn--plain"
              aria-pressed={width === 600}
              onClick={() => setWidth(600)}
            >
              Desktop
            </button>
            <button
              type="button"
              className="btn btn--plain"
              aria-pressed={width === 375}
              onClick={() => setWidth(375)}
            >
              Phone
            </button>
            {!readOnly && (
              <button type="button" className="btn btn--plain" onClick={() => act(save, 'Saved.')}>
                Refresh
              </button>
            )}
          </div>
          <iframe
            title={`E-mail preview (${width === 600 ? 'desktop' : 'phone'})`}
            className="campaign-editor__frame"
            style={{ width }}
            sandbox=""
            srcDoc={trustedPreviewHtml(preview)}
          />
        </section>
      </div>
    </div>
  );
}
