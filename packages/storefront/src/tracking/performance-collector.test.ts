import { describe, expect, it } from 'vitest';
import { type PerformanceEvent, type VitalName, createPerformanceCollector } from './performance-collector';
import { fakeEnv } from './testing/fake-env';

function setup() {
  const f = fakeEnv();
  let report: (name: VitalName, value: number) => void = () => {};
  const sent: PerformanceEvent[][] = [];
  const collector = createPerformanceCollector(f.env, {
    pageType: 50,
    delayMs: 5_000,
    send: async (e) => void sent.push(e),
    source: {
      vitals: (onValue) => {
        report = onValue;
      },
      navigation: () => ({
        responseStart: 120,
        domContentLoadedEventStart: 400,
        domContentLoadedEventEnd: 410,
        loadEventStart: 800,
        loadEventEnd: 805,
        domainLookupStart: 10,
        domainLookupEnd: 25,
        connectStart: 25,
        connectEnd: 70,
        secureConnectionStart: 40,
        decodedBodySize: 50_000,
        encodedBodySize: 12_000,
      }),
    },
  });
  const emit = (name: VitalName, value: number) => report(name, value);
  return { f, sent, collector, emit };
}

describe('performance collector', () => {
  it('keeps the latest value of each vital (ignoring non-numbers) and the navigation timings', () => {
    const { f, sent, emit } = setup();
    emit('FCP', 640.5);
    emit('LCP', 900);
    emit('LCP', 1400);
    emit('CLS', 0.07);
    emit('FID', 30);
    emit('INP', 120);
    emit('INP', Number.NaN);
    f.load();
    f.advance(5_000);
    expect(sent).toHaveLength(1);
    const [event] = sent[0] ?? [];
    expect(event).toMatchObject({
      app: 'storefront',
      event: 'page-speed',
      data: { pageType: 50, url: f.env.location.href },
    });
    expect(event?.data.metrics).toEqual({
      firstContentfulPaint: 640.5,
      largestContentfulPaint: 1400,
      cumulativeLayoutShift: 0.07,
      firstInputDelay: 30,
      interactionToNextPaint: 120,
      responseStart: 120,
      domContentLoadedEventStart: 400,
      domContentLoadedEventEnd: 410,
      loadEventStart: 800,
      loadEventEnd: 805,
      domainLookup: 15,
      tcpConnection: 45,
      tlsNegotiation: 30,
      decodedBodySize: 50_000,
      encodedBodySize: 12_000,
    });
  });

  it('sends when the page is hidden before the delay, and only once per page', () => {
    const { f, sent } = setup();
    f.load();
    f.advance(1_000);
    f.hide();
    f.hide();
    f.advance(10_000);
    expect(sent).toHaveLength(1);
  });

  it('does not send before load + delay', () => {
    const { f, sent } = setup();
    f.advance(60_000);
    expect(sent).toHaveLength(0);
    f.load();
    f.advance(4_999);
    expect(sent).toHaveLength(0);
    f.advance(1);
    expect(sent).toHaveLength(1);
  });
});
