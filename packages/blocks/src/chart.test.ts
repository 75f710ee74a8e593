import fs from 'node:fs';
import { createEngine } from '@store/template';
import { describe, expect, it } from 'vitest';
import {
  CHART_EMPTY_MESSAGE,
  CHART_ROW_MESSAGE,
  chartProps,
  drawChart,
  niceTicks,
  parseChartData,
} from './chart';
import { checkLayout } from './layout';
import { renderBlock } from './render-layout';

const template = fs.readFileSync(
  new URL('../../server/themes/default/blocks/chart.html', import.meta.url),
  'utf8',
);
const engine = createEngine();
const render = (props: Record<string, unknown>) => {
  const checked = checkLayout({ sections: [{ id: 's', blocks: [{ id: 'c', type: 'chart', props }] }] });
  if (!checked.ok) throw new Error(checked.message);
  const block = checked.layout.sections[0]!.blocks[0]!;
  return renderBlock(block, {
    templates: { chart: template },
    compile: (source) => {
      const compiled = engine.compile(source);
      if (compiled.errors[0]) throw new Error(compiled.errors[0].message);
      return compiled.template;
    },
  });
};

describe('parseChartData', () => {
  it('reads a header of series and rows of numbers, commas or tabs', () => {
    expect(parseChartData('Month, Sales, Returns\nJan, 10, 2\nFeb, 12.5, -1')).toEqual({
      ok: true,
      table: {
        series: ['Sales', 'Returns'],
        rows: [
          { label: 'Jan', values: [10, 2] },
          { label: 'Feb', values: [12.5, -1] },
        ],
      },
    });
    // Tab-separated cells may group thousands with commas.
    expect(parseChartData('Year\tVisits\n2025\t1,200')).toMatchObject({
      ok: true,
      table: { rows: [{ label: '2025', values: [1200] }] },
    });
  });

  it.each([[''], ['Month, Sales'], ['Month\nJan'], ['\n\n']])(
    'says "Enter some data!" without a column and a row: %j',
    (text) => expect(parseChartData(text)).toEqual({ ok: false, message: CHART_EMPTY_MESSAGE }),
  );

  it.each([['Month, A, B\nJan, 1'], ['Month, A\nJan, lots'], ['Month, A\n, 3'], ['Month, A\nJan, ']])(
    'says a row is missing data: %j',
    (text) => expect(parseChartData(text)).toEqual({ ok: false, message: CHART_ROW_MESSAGE }),
  );
});

describe('niceTicks', () => {
  it('covers the range with round steps', () => {
    expect(niceTicks(0, 180)).toEqual([0, 50, 100, 150, 200]);
    expect(niceTicks(-3, 7)).toEqual([-4, -2, 0, 2, 4, 6, 8]);
    expect(niceTicks(0, 0)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
  });
});

describe('drawChart', () => {
  const table = {
    series: ['A', 'B'],
    rows: [
      { label: 'x', values: [10, 0] },
      { label: 'y', values: [5, 20] },
    ],
  };

  it('draws one bar per value, heights proportional to the values from the zero line', () => {
    const d = drawChart('bar', table);
    expect(d.bars).toHaveLength(4);
    const [a, b, c, e] = d.bars;
    expect(b!.height).toBe(0);
    expect(a!.height * 2).toBeCloseTo(e!.height, 0);
    expect(c!.height * 2).toBeCloseTo(a!.height, 0);
    expect(a!.y + a!.height).toBeCloseTo(d.baseline, 5);
    expect(a!.title).toBe('A, x: 10');
  });

  it('draws a line per series through a point per row', () => {
    const d = drawChart('line', table);
    expect(d.lines.map((l) => l.dots.length)).toEqual([2, 2]);
    expect(d.lines[1]!.dots[1]!.y).toBeLessThan(d.lines[0]!.dots[1]!.y);
  });

  it('draws a pie of the first series, leaving out rows that are not positive', () => {
    const d = drawChart('pie', {
      series: ['A'],
      rows: [
        { label: 'x', values: [3] },
        { label: 'y', values: [1] },
        { label: 'z', values: [0] },
      ],
    });
    expect(d.slices.map((s) => s.title)).toEqual(['x: 3', 'y: 1']);
    // 3 of 4 parts is more than half a circle: the large-arc flag is set.
    expect(d.slices[0]!.d).toMatch(/A\d+,\d+ 0 1,1/);
    expect(d.series.map((s) => s.name)).toEqual(['x', 'y']);
    const whole = drawChart('pie', { series: ['A'], rows: [{ label: 'only', values: [5] }] });
    expect(whole.slices[0]!.d.match(/a/g)).toHaveLength(2);
  });
});

describe('the chart block', () => {
  it('is drawn as SVG by the theme template, with the numbers as a table for screen readers', () => {
    const html = render({ variant: 'bar', title: 'Visitors', data: 'Month, Visitors\nJan, 120\nFeb, 180' });
    expect(html).toContain('<figcaption class="chart-block__title">Visitors</figcaption>');
    expect(html.match(/<rect /g)).toHaveLength(2);
    expect(html).toContain('<title>Visitors, Feb: 180</title>');
    expect(html).toContain('<th scope="row">Jan</th><td>120</td>');
    expect(html).not.toContain('block-empty');
  });

  it('shows the spec’s message instead of a chart when the data is incomplete', () => {
    expect(render({ data: '' })).toContain(`<p class="block-empty">${CHART_EMPTY_MESSAGE}</p>`);
    const html = render({ variant: 'line', data: 'Month, A, B\nJan, 1' });
    expect(html).toContain(`<p class="block-empty">${CHART_ROW_MESSAGE}</p>`);
    expect(html).not.toContain('<svg');
  });

  it('escapes labels typed by the owner', () => {
    const html = render({ variant: 'pie', data: 'Kind, N\n<img src=x onerror=alert(1)>, 3' });
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;: 3');
  });

  it('falls back to a bar chart for an unknown variant in stored data', () => {
    expect(chartProps({ variant: 'radar', data: 'a, b\nc, 1' })).toMatchObject({ chart: { variant: 'bar' } });
  });

  it('rejects an unknown chart type when a layout is saved', () => {
    const checked = checkLayout({
      sections: [{ id: 's', blocks: [{ id: 'c', type: 'chart', props: { variant: 'radar' } }] }],
    });
    expect(checked.ok).toBe(false);
  });
});
