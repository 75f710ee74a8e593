import uPlot from 'uplot';
import type { Summary } from './analytics-api';
import { useChart } from './use-chart';

const SERIES = [
  { key: 'visits', label: 'Visits', stroke: '#2f5d50' },
  { key: 'uniqueVisitors', label: 'Unique visitors', stroke: '#c07a2c' },
  { key: 'pageViews', label: 'Page views', stroke: '#4a6fa5' },
] as const;

/** Noon UTC of a calendar day, in seconds: uPlot's x axis (noon keeps the label on its day). */
const dayX = (date: string) => Date.parse(`${date}T12:00:00Z`) / 1000;

/** Visits, unique visitors and page views per day of the range: one line each. */
export function VisitsChart({ daily }: { daily: Summary['daily'] }) {
  const data: uPlot.AlignedData = [
    daily.map((d) => dayX(d.date)),
    ...SERIES.map((s) => daily.map((d) => d[s.key])),
  ];
  const ref = useChart(
    (width) => ({
      width,
      height: 260,
      // Days are calendar days of the site: show them as such, not in the browser's zone.
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'UTC'),
      scales: { y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.1))] } },
      axes: [
        { grid: { stroke: '#eef0f3' } },
        {
          grid: { stroke: '#eef0f3' },
          values: (_u, ticks) => ticks.map((t) => (Number.isInteger(t) ? t.toLocaleString() : '')),
        },
      ],
      series: [
        { label: 'Day', value: (_u, v) => (v === null ? '' : new Date(v * 1000).toISOString().slice(0, 10)) },
        ...SERIES.map((s) => ({
          label: s.label,
          stroke: s.stroke,
          width: 2,
          points: { show: daily.length <= 31 },
        })),
      ],
    }),
    data,
    daily,
  );
  return (
    <div
      ref={ref}
      className="analytics__chart"
      data-chart="visits"
      role="img"
      aria-label="Visits, unique visitors and page views per day"
    />
  );
}
