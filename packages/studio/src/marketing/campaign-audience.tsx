import { useEffect, useId, useState } from 'react';
import { call } from '../api';
import { useApiQuery } from '../data/api-query';
import { type SegmentRule, describeRule, sameRule } from './segment-rule';
import { SEGMENTS, ruleNames, useProducts } from './segments-screen';

/** The campaign's copy of a rule that no saved segment has any more (it was deleted). */
const KEPT = 'kept';
const COUNT_DELAY_MS = 300;

/**
 * How many people the campaign would reach now: each subscribed e-mail of the chosen lists
 * once, in the segment when there is one (the server's count, as sending writes them).
 * null while counting or when it cannot be told.
 */
export function useRecipientCount(listIds: readonly string[], rule: SegmentRule | null, off: boolean) {
  const [count, setCount] = useState<number | null>(null);
  const key = off ? '' : JSON.stringify([listIds, rule]);
  useEffect(() => {
    if (!key) return;
    const [ids, segment] = JSON.parse(key) as [string[], SegmentRule | null];
    if (ids.length === 0) {
      setCount(0);
      return;
    }
    let live = true;
    setCount(null);
    const timer = setTimeout(() => {
      call('POST /api/studio/marketing/segments/preview', {
        body: { rule: segment ?? {}, listIds: ids },
      }).then(
        (answer) => live && setCount(answer.count),
        () => {},
      );
    }, COUNT_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [key]);
  return count;
}

/**
 * The audience's "Only people in segment" choice: none (everyone on the chosen lists) or one
 * saved segment, whose rule the campaign keeps. Shows how many people the campaign reaches.
 */
export function CampaignSegmentField(props: {
  segment: SegmentRule | null;
  listIds: readonly string[];
  readOnly: boolean;
  recipients: number | null;
  onChange(segment: SegmentRule | null): void;
}) {
  const id = useId();
  const segments = useApiQuery(SEGMENTS, {});
  const products = useProducts();
  const data = segments.data;
  const saved = data?.segments ?? [];
  const chosen = props.segment ? saved.find((s) => sameRule(s.rule, props.segment)) : undefined;
  const value = !props.segment ? '' : chosen ? chosen.id : KEPT;
  const kept =
    value === KEPT && props.segment && data ? describeRule(props.segment, ruleNames(data, products)) : [];

  return (
    <div className="campaign-audience">
      <label htmlFor={`${id}-segment`} className="field-label">
        Only people in segment
      </label>
      <select
        id={`${id}-segment`}
        value={value}
        disabled={props.readOnly || !data}
        aria-describedby={`${id}-who`}
        onChange={(e) => {
          const next = saved.find((s) => s.id === e.target.value);
          props.onChange(next ? next.rule : null);
        }}
      >
        <option value="">None: everyone on the chosen lists</option>
        {saved.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name} ({s.count} {s.count === 1 ? 'subscriber' : 'subscribers'})
          </option>
        ))}
        {value === KEPT && <option value={KEPT}>The conditions this campaign was saved with</option>}
      </select>
      {segments.errorText && <p className="muted">{segments.errorText}</p>}
      {data && saved.length === 0 && !props.segment && (
        <p className="muted">No segments yet: make one under Marketing → Segments.</p>
      )}
      <p id={`${id}-who`} className="muted campaign-audience__who">
        {chosen && data && describeRule(chosen.rule, ruleNames(data, products)).join(' · ')}
        {kept.length > 0 && `${kept.join(' · ')} (its segment was deleted)`}
      </p>
      {!props.readOnly && (
        <p className="campaign-audience__count" role="status" data-testid="campaign-recipients">
          {props.listIds.length === 0
            ? 'Choose at least one mailing list.'
            : props.recipients === null
              ? 'Counting recipients…'
              : `Goes to ${props.recipients} ${props.recipients === 1 ? 'person' : 'people'} now${props.segment ? ' (the chosen lists’ subscribers in this segment)' : ''}, each once.`}
        </p>
      )}
    </div>
  );
}
