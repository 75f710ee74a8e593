import { useState } from 'react';
import { PRESETS, type RangeChoice } from './analytics-api';

/** Last 7 / 30 / 90 days, or two days of the owner's choice. */
export function RangePicker(props: {
  value: RangeChoice;
  shown?: { from: string; to: string };
  onChange(r: RangeChoice): void;
}) {
  const custom = !('days' in props.value);
  const [open, setOpen] = useState(custom);
  const [from, setFrom] = useState(props.shown?.from ?? '');
  const [to, setTo] = useState(props.shown?.to ?? '');
  const valid = from !== '' && to !== '' && from <= to;
  return (
    <div className="analytics__range">
      <fieldset className="analytics__presets" aria-label="Date range">
        {PRESETS.map((days) => {
          const active = !open && 'days' in props.value && props.value.days === days;
          return (
            <button
              key={days}
              type="button"
              className={active ? 'analytics__preset analytics__preset--active' : 'analytics__preset'}
              aria-pressed={active}
              onClick={() => {
                setOpen(false);
                props.onChange({ days });
              }}
            >
              Last {days} days
            </button>
          );
        })}
        <button
          type="button"
          className={open ? 'analytics__preset analytics__preset--active' : 'analytics__preset'}
          aria-pressed={open}
          onClick={() => {
            setOpen(true);
            setFrom(props.shown?.from ?? from);
            setTo(props.shown?.to ?? to);
          }}
        >
          Custom
        </button>
      </fieldset>
      {open && (
        <form
          className="analytics__custom"
          onSubmit={(e) => {
            e.preventDefault();
            if (valid) props.onChange({ from, to });
          }}
        >
          <label>
            From{' '}
            <input type="date" value={from} max={to || undefined} onChange={(e) => setFrom(e.target.value)} />
          </label>
          <label>
            To{' '}
            <input type="date" value={to} min={from || undefined} onChange={(e) => setTo(e.target.value)} />
          </label>
          <button type="submit" className="btn btn--primary" disabled={!valid}>
            Apply
          </button>
        </form>
      )}
    </div>
  );
}
