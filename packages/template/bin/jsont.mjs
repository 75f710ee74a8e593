#!/usr/bin/env node
// jsont render TEMPLATE.html DATA.json [--partials P.json] [--locale L] [--now MS] [--max-render-ms MS]
// Prints the output on stdout and errors (with positions) on stderr. Loads the TypeScript
// source through tsx's API, so it works right after `npm install` without a build.
import { readFileSync } from 'node:fs';
import { tsImport } from 'tsx/esm/api';

const USAGE =
  'usage: jsont render TEMPLATE.html DATA.json [--partials P.json] [--locale L|none] [--now MS] [--max-render-ms MS]';

function parseArgs(argv) {
  const positional = [];
  const flags = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      if (eq !== -1) flags[a.slice(2, eq)] = a.slice(eq + 1);
      else flags[a.slice(2)] = argv[++i];
    } else positional.push(a);
  }
  return { positional, flags };
}

function readJson(path, what) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    console.error(`jsont: cannot read ${what} ${path}: ${e.message}`);
    process.exit(2);
  }
}

const { positional, flags } = parseArgs(process.argv.slice(2));
if (positional[0] !== 'render' || positional.length !== 3) {
  console.error(USAGE);
  process.exit(2);
}
let source;
try {
  source = readFileSync(positional[1], 'utf8');
} catch (e) {
  console.error(`jsont: cannot read template ${positional[1]}: ${e.message}`);
  process.exit(2);
}
const data = readJson(positional[2], 'data');
const partials = flags.partials ? readJson(flags.partials, 'partials') : {};
const now = flags.now === undefined ? undefined : Number(flags.now);
if (now !== undefined && !Number.isFinite(now)) {
  console.error('jsont: --now must be epoch milliseconds');
  process.exit(2);
}
const maxRenderMs = flags['max-render-ms'] === undefined ? undefined : Number(flags['max-render-ms']);
if (maxRenderMs !== undefined && !(maxRenderMs >= 0)) {
  console.error('jsont: --max-render-ms must be a number of milliseconds (0 = no deadline)');
  process.exit(2);
}
const locale = flags.locale === undefined ? 'en-US' : flags.locale === 'none' ? null : flags.locale;

const { createEngine, BUDGET_ERROR_CODES: BUDGET } = await tsImport('../src/index.ts', import.meta.url);
const { template, errors } = createEngine().compile(source, { partials });
const runtime = [];
// Bytes, not a string: the page goes to stdout as UTF-8 anyway, and renderBytes encodes it
// while rendering instead of building one large string first.
const output = template.renderBytes(data, {
  locale,
  ...(now === undefined ? {} : { now }),
  ...(maxRenderMs === undefined ? {} : { budget: { maxRenderMs } }),
  errors: runtime,
});
process.stdout.write(output);
const report = (e) => {
  const where = `${e.partial ?? positional[1]}:${e.line}:${e.column}`;
  console.error(`${e.line ? `${where}: ` : ''}${e.type} ${e.code}: ${e.message}`);
  if (e.frame) console.error(e.frame);
};
for (const e of errors) report(e);
for (const e of runtime) report(e);
// exitCode, not process.exit(): exiting at once would cut output still queued for a pipe.
process.exitCode = errors.length ? 1 : runtime.some((e) => BUDGET.has(e.code)) ? 3 : 0;
