/**
 * The chart block's data and drawing: a small table typed as text (one row per line,
 * cells separated by commas or tabs; the first row names the series), checked with the
 * spec's messages, and drawn as SVG shapes the theme's template writes out. No script
 * runs on the site: the chart is markup, with the numbers also given as a table for
 * screen readers.
 */

export const CHART_VARIANTS = ['bar', 'line', 'pie'] as const;
export type ChartVariant = (typeof CHART_VARIANTS)[number];

/** Spec: a dataset needs at least one column and one row. */
export const CHART_EMPTY_MESSAGE = 'Enter some data!';
export const CHART_ROW_MESSAGE = 'One or more rows was missing data';

/** Size limits: enough for a readable chart, small enough to draw at every render. */
export const MAX_CHART_ROWS = 50;
export const MAX_CHART_SERIES = 8;

export interface ChartTable {
  series: string[];
  rows: { label: string; values: number[] }[];
}

export type ChartParse = { ok: true; table: ChartTable } | { ok: false; message: string };

const splitCells = (line: string) =>
  (line.includes('\t') ? line.split('\t') : line.split(',')).map((c) => c.trim());

/** A number as typed: digits with an optional sign, decimals and thousands separators. */
function readNumber(cell: string): number | null {
  const plain = cell.replace(/[\s_]/g, '');
  if (!/^[-+]?(\d{1,3}(,\d{3})+|\d+)?(\.\d+)?$/.test(plain) || !/\d/.test(plain)) return null;
  const value = Number(plain.replace(/,/g, ''));
  return Number.isFinite(value) ? value : null;
}

/**
 * Read the typed table. The header row is the first line: its first cell names the labels,
 * the others the series. Every later line needs a label and one number per series.
 */
export function parseChartData(text: string): ChartParse {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  const [header, ...body] = lines;
  if (!header || body.length === 0) return { ok: false, message: CHART_EMPTY_MESSAGE };
  // Tab-separated rows keep commas inside numbers; comma-separated ones cannot have them.
  const series = splitCells(header).slice(1);
  if (series.length === 0) return { ok: false, message: CHART_EMPTY_MESSAGE };
  const rows: ChartTable['rows'] = [];
  for (const line of body.slice(0, MAX_CHART_ROWS)) {
    const [label = '', ...cells] = splitCells(line);
    if (!label || cells.length < series.length) return { ok: false, message: CHART_ROW_MESSAGE };
    const values = cells.slice(0, series.length).map(readNumber);
    if (values.some((v) => v === null)) return { ok: false, message: CHART_ROW_MESSAGE };
    rows.push({ label, values: values as number[] });
  }
  return { ok: true, table: { series: series.slice(0, MAX_CHART_SERIES), rows: trimSeries(rows) } };
}

const trimSeries = (rows: ChartTable['rows']) =>
  rows.map((r) => ({ label: r.label, values: r.values.slice(0, MAX_CHART_SERIES) }));

/** Round-number axis ticks covering [min, max], about `count` of them. */
export function niceTicks(min: number, max: number, count = 5): number[] {
  if (min === max) max = min + 1;
  const raw = (max - min) / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? raw;
  const first = Math.floor(min / step) * step;
  const ticks: number[] = [];
  for (let v = first; v <= max + step * 1e-9; v += step) ticks.push(Number(v.toPrecision(12)));
  if (ticks[ticks.length - 1]! < max) ticks.push(Number((first + ticks.length * step).toPrecision(12)));
  return ticks;
}

/** A number written as people read it on an axis: grouped thousands, at most 2 decimals. */
export const axisNumber = (v: number) =>
  v.toLocaleString('en-US', { maximumFractionDigits: 2, useGrouping: true });

// Drawing area of the SVG viewBox (0 0 WIDTH HEIGHT), leaving room for the axes' text.
const WIDTH = 640;
const HEIGHT = 320;
const LEFT = 56;
const RIGHT = 12;
const TOP = 12;
const BOTTOM = 40;
const r2 = (v: number) => Math.round(v * 100) / 100;

export interface ChartDrawing {
  variant: ChartVariant;
  width: number;
  height: number;
  series: { name: string; index: number }[];
  table: ChartTable;
  /** Axes (bar and line). */
  yTicks: { y: number; label: string }[];
  xLabels: { x: number; label: string }[];
  baseline: number;
  left: number;
  right: number;
  bars: { x: number; y: number; width: number; height: number; series: number; title: string }[];
  lines: { points: string; series: number; dots: { x: number; y: number; title: string }[] }[];
  slices: { d: string; series: number; title: string }[];
}

function axes(table: ChartTable) {
  const values = table.rows.flatMap((r) => r.values);
  const ticks = niceTicks(Math.min(0, ...values), Math.max(0, ...values));
  const lo = ticks[0]!;
  const hi = ticks[ticks.length - 1]!;
  const plotH = HEIGHT - TOP - BOTTOM;
  const y = (v: number) => r2(TOP + plotH - ((v - lo) / (hi - lo)) * plotH);
  return { y, yTicks: ticks.map((t) => ({ y: y(t), label: axisNumber(t) })), baseline: y(0) };
}

function pieSlices(table: ChartTable): ChartDrawing['slices'] {
  // A pie shows the first series: one slice per row with a positive value.
  const parts = table.rows
    .map((row, i) => ({ label: row.label, value: row.values[0] ?? 0, index: i }))
    .filter((p) => p.value > 0);
  const total = parts.reduce((n, p) => n + p.value, 0);
  const cx = WIDTH / 2;
  const cy = HEIGHT / 2;
  const radius = HEIGHT / 2 - 16;
  let angle = -Math.PI / 2;
  return parts.map((p) => {
    const sweep = (p.value / total) * Math.PI * 2;
    const title = `${p.label}: ${axisNumber(p.value)}`;
    const series = p.index % MAX_CHART_SERIES;
    if (sweep >= Math.PI * 2 - 1e-9) {
      // A single slice is the whole circle, which one arc cannot draw.
      const d = `M${cx - radius},${cy}a${radius},${radius} 0 1,0 ${radius * 2},0a${radius},${radius} 0 1,0 ${-radius * 2},0Z`;
      return { d, series, title };
    }
    const x1 = r2(cx + radius * Math.cos(angle));
    const y1 = r2(cy + radius * Math.sin(angle));
    angle += sweep;
    const x2 = r2(cx + radius * Math.cos(angle));
    const y2 = r2(cy + radius * Math.sin(angle));
    const large = sweep > Math.PI ? 1 : 0;
    return { d: `M${cx},${cy}L${x1},${y1}A${radius},${radius} 0 ${large},1 ${x2},${y2}Z`, series, title };
  });
}

/** The shapes of a chart of the given kind for a parsed table. */
export function drawChart(variant: ChartVariant, table: ChartTable): ChartDrawing {
  const base: ChartDrawing = {
    variant,
    width: WIDTH,
    height: HEIGHT,
    series: table.series.map((name, index) => ({ name, index })),
    table,
    yTicks: [],
    xLabels: [],
    baseline: 0,
    left: LEFT,
    right: WIDTH - RIGHT,
    bars: [],
    lines: [],
    slices: [],
  };
  if (variant === 'pie') {
    const slices = pieSlices(table);
    // The legend of a pie names its slices (the rows), not the series.
    const named = table.rows.map((row, index) => ({ name: row.label, index: index % MAX_CHART_SERIES }));
    return { ...base, slices, series: named.filter((_, i) => (table.rows[i]?.values[0] ?? 0) > 0) };
  }
  const { y, yTicks, baseline } = axes(table);
  const plotW = WIDTH - LEFT - RIGHT;
  const slot = plotW / table.rows.length;
  const xLabels = table.rows.map((row, i) => ({ x: r2(LEFT + slot * (i + 0.5)), label: row.label }));
  if (variant === 'line') {
    const lines = table.series.map((name, s) => {
      const dots = table.rows.map((row, i) => ({
        x: xLabels[i]!.x,
        y: y(row.values[s]!),
        title: `${name}, ${row.label}: ${axisNumber(row.values[s]!)}`,
      }));
      return { points: dots.map((d) => `${d.x},${d.y}`).join(' '), series: s, dots };
    });
    return { ...base, yTicks, xLabels, baseline, lines };
  }
  const groupW = slot * 0.8;
  const barW = groupW / table.series.length;
  const bars = table.rows.flatMap((row, i) =>
    row.values.map((value, s) => {
      const top = Math.min(y(value), baseline);
      return {
        x: r2(LEFT + slot * i + (slot - groupW) / 2 + barW * s),
        y: top,
        width: r2(Math.max(barW - 2, 1)),
        height: r2(Math.abs(y(value) - baseline)),
        series: s,
        title: `${table.series[s]}, ${row.label}: ${axisNumber(value)}`,
      };
    }),
  );
  return { ...base, yTicks, xLabels, baseline, bars };
}

/** What the chart template gets: the drawing, or the message saying what the data lacks. */
export function chartProps(props: Record<string, unknown>): Record<string, unknown> {
  const variant = CHART_VARIANTS.includes(props.variant as ChartVariant)
    ? (props.variant as ChartVariant)
    : 'bar';
  const parsed = parseChartData(String(props.data ?? ''));
  if (!parsed.ok) return { chart: null, chartError: parsed.message };
  return { chart: drawChart(variant, parsed.table), chartError: null };
}
