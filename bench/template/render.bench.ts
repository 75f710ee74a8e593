/**
 * Template benchmark: a theme page with five partials over ~150 KB of site JSON, our engine
 * against the reference @squarespace/template-engine (root devDependency).
 *
 * - render: compile once, render many, ending with the UTF-8 bytes a server sends: ours
 *   `renderBytes(...)`, the reference `Buffer.from(render(), 'utf8')` (it has no other way
 *   to produce bytes); the two are checked equal once. Our engine encodes the output in
 *   chunks of a few KB while rendering, so it never builds the page as one string, and
 *   writes non-ASCII template text (the theme's em-dashes) on its own so chunks stay ASCII.
 * - renderString: the same, with a string result materialised by `Buffer.byteLength` for
 *   both (reading only `.length` lets V8 skip building the string, since both engines return
 *   ropes). A 143 KB page as one string costs ~0.3 ms in either engine: a large-object-space
 *   allocation with fresh pages, and a two-byte copy as soon as one character is above
 *   U+00FF. This is the figure for callers that want a string.
 * - compile: parse + compile the page template and its partials (what the studio's live
 *   preview pays on every edit); our engine defers closure building to the first render and
 *   code generation to the ninth, so compileAndFirstRender (compile, then one materialised
 *   render, against the reference's parse + execute) shows the whole cost of an edit.
 *
 * Rounds alternate between the engines so load from other processes affects both alike;
 * each round gives one ratio, and the report is the median ratio with its spread (min,
 * quartiles, max). Run directly: npx tsx bench/template/render.bench.ts
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { createEngine } from '../../packages/template/src/index';
import { siteData } from './site-data';
import { pageTemplate, partials } from './theme';

type Task = () => number;

function quantile(sorted: number[], q: number): number {
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return (sorted[lo] as number) + ((sorted[hi] as number) - (sorted[lo] as number)) * (pos - lo);
}

export interface Spread {
  readonly median: number;
  readonly min: number;
  readonly p25: number;
  readonly p75: number;
  readonly max: number;
}

function spread(values: number[], digits = 3): Spread {
  const s = [...values].sort((a, b) => a - b);
  const r = (n: number) => Number(n.toFixed(digits));
  return {
    median: r(quantile(s, 0.5)),
    min: r(s[0] as number),
    p25: r(quantile(s, 0.25)),
    p75: r(quantile(s, 0.75)),
    max: r(s[s.length - 1] as number),
  };
}

/** Interleaved rounds of `ours` and `ref`; ms per call for each and the per-round ratio ref/ours. */
function compare(ours: Task, ref: Task, rounds: number, perRound: number) {
  let sink = 0;
  for (let i = 0; i < perRound * 3; i++) sink += ours() + ref();
  const oursMs: number[] = [];
  const refMs: number[] = [];
  const ratios: number[] = [];
  const time = (task: Task) => {
    const start = process.hrtime.bigint();
    for (let i = 0; i < perRound; i++) sink += task();
    return Number(process.hrtime.bigint() - start) / 1e6 / perRound;
  };
  for (let r = 0; r < rounds; r++) {
    // Alternate which engine goes first, so neither always runs right after the other's garbage.
    let o: number;
    let b: number;
    if (r % 2 === 0) {
      o = time(ours);
      b = time(ref);
    } else {
      b = time(ref);
      o = time(ours);
    }
    oursMs.push(o);
    refMs.push(b);
    ratios.push(b / o);
  }
  if (sink === 0) throw new Error('benchmark produced nothing');
  return { ours: spread(oursMs), reference: spread(refMs), ratio: spread(ratios, 2) };
}

interface ReferenceCompiler {
  parse(source: string): { code: unknown };
  execute(props: Record<string, unknown>): { ctx: { render(): string } };
}

function referenceCompiler(): ReferenceCompiler | null {
  try {
    const mod = createRequire(import.meta.url)('@squarespace/template-engine') as {
      Compiler: new () => ReferenceCompiler;
    };
    return new mod.Compiler();
  } catch {
    return null;
  }
}

export async function run(options: { rounds?: number; perRound?: number; compilePerRound?: number } = {}) {
  const rounds = options.rounds ?? 21;
  const perRound = options.perRound ?? 30;
  const compilePerRound = options.compilePerRound ?? 100;
  const data = siteData();
  const engine = createEngine();
  const { template, errors } = engine.compile(pageTemplate, { partials });
  if (errors.length)
    throw new Error(`benchmark template does not compile: ${errors.map((e) => e.message).join('; ')}`);
  const renderOptions = { locale: 'en-US', now: 1_700_000_000_000 };
  const renderOurs = () => template.render(data, renderOptions);
  const bytesOurs = () => template.renderBytes(data, renderOptions);
  const compiler = referenceCompiler();
  const base = {
    name: 'template render and compile (theme page, 5 partials, output materialised as bytes / string)',
    dataBytes: JSON.stringify(data).length,
    rounds,
    rendersPerRound: perRound,
    compilesPerRound: compilePerRound,
  };
  if (compiler === null) {
    return { ...base, referenceAvailable: false, outputBytes: bytesOurs().length };
  }
  const code = compiler.parse(pageTemplate).code;
  const parsed: Record<string, unknown> = {};
  for (const [name, text] of Object.entries(partials)) parsed[name] = compiler.parse(text).code;
  const renderRef = () =>
    compiler
      .execute({ code, json: data, partials: parsed, enableExpr: true, enableInclude: true })
      .ctx.render();

  const outOurs = renderOurs();
  const outRef = renderRef();
  const bytesSame = bytesOurs().equals(Buffer.from(outRef, 'utf8'));
  const render = compare(
    () => bytesOurs().length,
    () => Buffer.from(renderRef(), 'utf8').length,
    rounds,
    perRound,
  );
  const renderString = compare(
    () => Buffer.byteLength(renderOurs()),
    () => Buffer.byteLength(renderRef()),
    rounds,
    perRound,
  );
  // Compile: a fresh compile of the page and its partials each time (the engine object,
  // i.e. the registry of built-in plugins, is created once, as the studio does).
  const compile = compare(
    () => {
      engine.compile(pageTemplate, { partials });
      return 1;
    },
    () => {
      compiler.parse(pageTemplate);
      for (const text of Object.values(partials)) compiler.parse(text);
      return 1;
    },
    rounds,
    compilePerRound,
  );
  // A live-preview edit: compile the changed template and render it once (materialised).
  // Our compile only parses, so this shows where the deferred work lands.
  const firstRender = compare(
    () => Buffer.byteLength(engine.compile(pageTemplate, { partials }).template.render(data, renderOptions)),
    () => {
      const page = compiler.parse(pageTemplate).code;
      const fresh: Record<string, unknown> = {};
      for (const [name, text] of Object.entries(partials)) fresh[name] = compiler.parse(text).code;
      const out = compiler
        .execute({ code: page, json: data, partials: fresh, enableExpr: true, enableInclude: true })
        .ctx.render();
      return Buffer.byteLength(out);
    },
    rounds,
    Math.max(1, compilePerRound >> 2),
  );
  return {
    ...base,
    referenceAvailable: true,
    outputBytes: Buffer.byteLength(outOurs),
    sameOutputAsReference: outOurs === outRef,
    sameBytesAsReference: bytesSame,
    render: { msOurs: render.ours, msReference: render.reference, speedupVsReference: render.ratio },
    renderString: {
      msOurs: renderString.ours,
      msReference: renderString.reference,
      speedupVsReference: renderString.ratio,
    },
    compile: { msOurs: compile.ours, msReference: compile.reference, speedupVsReference: compile.ratio },
    compileAndFirstRender: {
      msOurs: firstRender.ours,
      msReference: firstRender.reference,
      speedupVsReference: firstRender.ratio,
    },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await run();
  console.log(JSON.stringify(result, null, 2));
}
