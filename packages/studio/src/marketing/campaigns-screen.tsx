import type { ApiOutput } from '@store/api/client';
import { useCallback, useEffect, useState } from 'react';
import { ApiFailure, call } from '../api';
import { navigate } from '../router';
import { CampaignEditor } from './campaign-editor';
import { SendingRate } from './campaign-rate';
import { siteTimeText } from './campaign-time';
import './campaigns.css';

export type CampaignsPayload = ApiOutput<'GET /api/studio/campaigns'>;
export type Campaign = CampaignsPayload['campaigns'][number];

const STATUS: Record<Campaign['status'], string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  sending: 'Sending',
  sent: 'Sent',
  cancelled: 'Cancelled',
};

export const base = '/config/marketing/campaigns';

/** Marketing → Campaigns: the list (with each one's numbers), and one campaign's editor. */
export function CampaignsScreen({ rest }: { rest: string[] }) {
  const [data, setData] = useState<CampaignsPayload | null>(null);
  const [error, setError] = useState('');
  const load = useCallback(() => {
    call('GET /api/studio/campaigns').then(setData, (e) =>
      setError(e instanceof ApiFailure ? e.message : 'Unable to load campaigns.'),
    );
  }, []);
  useEffect(load, [load]);
  const id = rest[0];
  if (error) return <p role="alert">{error}</p>;
  if (!data) return <p className="muted">Loading campaigns…</p>;
  if (id) return <CampaignEditor key={id} id={id} context={data} onChanged={load} />;

  const create = async () => {
    try {
      const made = await call('POST /api/studio/campaigns', { body: {} });
      navigate(`${base}/${made.id}`);
    } catch (e) {
      setError(e instanceof ApiFailure ? e.message : 'Unable to create a campaign.');
    }
  };
  return (
    <div className="campaigns">
      <div className="panel__head">
        <h1>Campaigns</h1>
        <button type="button" className="btn btn--primary" onClick={create}>
          New campaign
        </button>
      </div>
      {data.campaigns.length === 0 ? (
        <p className="muted">
          No campaigns yet. A campaign is an e-mail to one or more of your mailing lists.
        </p>
      ) : (
        <table className="campaigns__table">
          <thead>
            <tr>
              <th>Subject</th>
              <th>Status</th>
              <th>Recipients</th>
              <th>Delivered</th>
              <th>Opened</th>
              <th>Clicked</th>
            </tr>
          </thead>
          <tbody>
            {data.campaigns.map((c) => (
              <tr key={c.id}>
                <td>
                  <a
                    href={`${base}/${c.id}`}
                    onClick={(e) => {
                      e.preventDefault();
                      navigate(`${base}/${c.id}`);
                    }}
                  >
                    {c.subject || '(no subject)'}
                  </a>
                  {c.status === 'scheduled' && c.scheduledAt && (
                    <div className="muted">{siteTimeText(c.scheduledAt, data.timeZone)}</div>
                  )}
                </td>
                <td>{STATUS[c.status]}</td>
                <td>{c.numbers.recipients}</td>
                <td>{c.numbers.delivered}</td>
                <td>{c.numbers.opened ?? '—'}</td>
                <td>{c.numbers.clicked ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <SendingRate
        rate={data.ratePerMinute}
        onSaved={(ratePerMinute) => setData({ ...data, ratePerMinute })}
      />
    </div>
  );
}
