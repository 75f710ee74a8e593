/**
 * Template render benchmark: a theme page with five partials over ~150 KB of site JSON.
 * Compiles once, renders many times, reports the median of several timed rounds after a
 * warm-up, for our engine and (when installed) the reference @squarespace/template-engine.
 *
 * Run directly: npx tsx bench/template/render.bench.ts
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { createEngine } from '../../packages/template/src/index';
import { siteData } from './site-data';
import { pageTemplate, partials } from './theme';

export interface BenchFigure {
  readonly engine: string;
  /** From wall-clock time. */
  readonly rendersPerSecond: number;
  readonly msPerRender: number;
  /** From process CPU time (less affected by other processes). */
  readonly cpuMsPerRender: number;
  readonly outputBytes: number;
}

type RenderFn = () => string;

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

interface Timing {
  /** Median wall-clock ms per render. */
  wall: number;
  /** Median process CPU ms per render: steadier on a machine shared with other work. */
  cpu: number;
}

/**
 * Median ms per render for each engine. Rounds alternate between the engines so load from
 * other processes on a shared machine affects both alike.
 */
function measure(renders: RenderFn[], rounds: number, perRound: number): Timing[] {
  for (const render of renders) for (let i = 0; i < perRound * 3; i++) render();
  const wall: number[][] = renders.map(() => []);
  const cpu: number[][] = renders.map(() => []);
  for (let r = 0; r < rounds; r++) {
    renders.forEach((render, e) => {
      const c0 = process.cpuUsage();
      const start = process.hrtime.bigint();
      for (let i = 0; i < perRound; i++) render();
      const elapsed = Number(process.hrtime.bigint() - start) / 1e6;
      const used = process.cpuUsage(c0);
      (wall[e] as number[]).push(elapsed / perRound);
      (cpu[e] as number[]).push((used.user + used.system) / 1000 / perRound);
    });
  }
  return renders.map((_, e) => ({ wall: median(wall[e] as number[]), cpu: median(cpu[e] as number[]) }));
}

function ours(data: unknown): RenderFn {
  const { template, errors } = createEngine().compile(pageTemplate, { partials });
  if (errors.length)
    throw new Error(`benchmark template does not compile: ${errors.map((e) => e.message).join('; ')}`);
  return () => template.render(data, { locale: 'en-US', now: 1_700_000_000_000 });
}

/** The reference engine, compiled once too (partials handed over pre-parsed). */
function reference(data: unknown): RenderFn | null {
  let mod: { Compiler: new () => ReferenceCompiler };
  try {
    mod = createRequire(import.meta.url)('@squarespace/template-engine');
  } catch {
    return null;
  }
  const compiler = new mod.Compiler();
  const code = compiler.parse(pageTemplate).code;
  const parsed: Record<string, unknown> = {};
  for (const [name, text] of Object.entries(partials)) parsed[name] = compiler.parse(text).code;
  return () =>
    compiler
      .execute({ code, json: data, partials: parsed, enableExpr: true, enableInclude: true })
      .ctx.render();
}

interface ReferenceCompiler {
  parse(source: string): { code: unknown };
  execute(props: Record<string, unknown>): { ctx: { render(): string } };
}

export async function run(options: { rounds?: number; perRound?: number } = {}) {
  const rounds = options.rounds ?? 15;
  const perRound = options.perRound ?? 30;
  const data = siteData();
  const dataBytes = JSON.stringify(data).length;
  const figures: BenchFigure[] = [];
  const engines: [string, RenderFn | null][] = [
    ['@store/template', ours(data)],
    ['@squarespace/template-engine (reference)', reference(data)],
  ];
  const active = engines.filter((e): e is [string, RenderFn] => e[1] !== null);
  const outputs = active.map(([, render]) => render());
  const ms = measure(
    active.map(([, render]) => render),
    rounds,
    perRound,
  );
  active.forEach(([engine], i) => {
    const t = ms[i] as Timing;
    figures.push({
      engine,
      rendersPerSecond: Math.round(1000 / t.wall),
      msPerRender: Number(t.wall.toFixed(3)),
      cpuMsPerRender: Number(t.cpu.toFixed(3)),
      outputBytes: (outputs[i] as string).length,
    });
  });
  const [mine, ref] = figures;
  const ratio = (a: number, b: number) => Number((a / b).toFixed(2));
  const speedup = mine && ref ? ratio(ref.msPerRender, mine.msPerRender) : null;
  const cpuSpeedup = mine && ref ? ratio(ref.cpuMsPerRender, mine.cpuMsPerRender) : null;
  return {
    name: 'template render (theme page, 5 partials)',
    figures: {
      dataBytes,
      rounds,
      rendersPerRound: perRound,
      engines: figures,
      speedupVsReference: speedup,
      cpuSpeedupVsReference: cpuSpeedup,
      referenceAvailable: figures.length === 2,
      sameOutputAsReference: outputs.length === 2 ? outputs[0] === outputs[1] : null,
    },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await run();
  console.log(JSON.stringify(result, null, 2));
}
