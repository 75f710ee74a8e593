import uPlot from 'uplot';
import { type Summary, count, funnelLabels, percent } from './analytics-api';
import { useChart } from './use-chart';

const bars = uPlot.paths.bars?.({ size: [0.6, 120] });

/**
 * The shopping funnel as bars (visits that viewed a product → added to cart → reached
 * checkout → orders), with each step's share of the first under its bar.
 */
export function FunnelChart({ funnel }: { funnel: Summary['funnel'] }) {
  const first = funnel[0]?.count ?? 0;
  const labels = funnel.map((f, i) =>
    // Two lines (uPlot splits tick labels on \n), so four steps fit side by side.
    i === 0 || first === 0
      ? funnelLabels[f.step]
      : `${funnelLabels[f.step]}\n${percent(f.count / first)} of views`,
  );
  const data: uPlot.AlignedData = [funnel.map((_f, i) => i), funnel.map((f) => f.count)];
  const ref = useChart(
    (width) => ({
      width,
      height: 220,
      legend: { show: false },
      cursor: { show: false },
      scales: {
        x: { time: false, range: [-0.5, funnel.length - 0.5] },
        y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.15))] },
      },
      axes: [
        {
          size: 50,
          // One tick per step: the bars stand at 0, 1, 2, 3.
          splits: () => funnel.map((_f, i) => i),
          values: (_u, ticks) => ticks.map((t) => labels[t] ?? ''),
          grid: { show: false },
        },
        {
          grid: { stroke: '#eef0f3' },
          values: (_u, ticks) => ticks.map((t) => (Number.isInteger(t) ? count(t) : '')),
        },
      ],
      series: [
        {},
        { label: 'Visits', fill: '#2f5d50cc', stroke: '#2f5d50', paths: bars, points: { show: false } },
      ],
    }),
    data,
    funnel,
  );
  return (
    <div
      ref={ref}
      className="analytics__chart"
      data-chart="funnel"
      role="img"
      aria-label={funnel.map((f) => `${funnelLabels[f.step]}: ${f.count}`).join(', ')}
    />
  );
}
