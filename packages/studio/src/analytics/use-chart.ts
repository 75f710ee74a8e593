import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/**
 * A uPlot chart in a div that follows its container's width. The chart is rebuilt when
 * `options` or `data` change (a new range), and destroyed with the component.
 */
export function useChart(
  options: (width: number) => uPlot.Options,
  data: uPlot.AlignedData,
  source: unknown,
) {
  const ref = useRef<HTMLDivElement>(null);
  // The builders are new closures on every render; the chart is rebuilt only for new `source` data.
  const latest = useRef({ options, data });
  latest.current = { options, data };
  // biome-ignore lint/correctness/useExhaustiveDependencies: `source` is what the chart is drawn from.
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const width = () => Math.max(280, Math.floor(element.clientWidth));
    const chart = new uPlot(latest.current.options(width()), latest.current.data, element);
    const resize = new ResizeObserver(() => chart.setSize({ width: width(), height: chart.height }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [source]);
  return ref;
}
