interface Operation {
  summary?: string;
  tags?: string[];
  parameters?: { name: string; in: string; required?: boolean; schema?: unknown }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

interface Document {
  info: { title: string; description?: string };
  paths?: Record<string, Record<string, Operation>>;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const json = (value: unknown) => `<pre>${escapeHtml(JSON.stringify(value, null, 2))}</pre>`;

function operationHtml(method: string, path: string, op: Operation): string {
  const params = (op.parameters ?? [])
    .map((p) => `<li><code>${escapeHtml(p.name)}</code> (${p.in}${p.required ? ', required' : ''})</li>`)
    .join('');
  const body = Object.values(op.requestBody?.content ?? {})[0]?.schema;
  const responses = Object.entries(op.responses ?? {})
    .map(([status, r]) => {
      const schema = Object.values(r.content ?? {})[0]?.schema;
      return `<details><summary>${escapeHtml(status)}</summary>${schema ? json(schema) : ''}</details>`;
    })
    .join('');
  const id = `${method}-${path}`.replace(/[^A-Za-z0-9]+/g, '-');
  return `<section id="${id}"><h3><span class="m">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>
<p>${escapeHtml(op.summary ?? '')}</p>${params ? `<ul>${params}</ul>` : ''}${body ? `<details><summary>request body</summary>${json(body)}</details>` : ''}${responses}</section>`;
}

/**
 * A readable reference of the OpenAPI document as one self-contained page: no script, no CDN,
 * so it works offline and behind any content security policy.
 */
export function apiReferenceHtml(doc: Document): string {
  const sections = Object.entries(doc.paths ?? {}).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ path, method, op })),
  );
  const toc = sections
    .map(
      ({ path, method }) =>
        `<li><a href="#${`${method}-${path}`.replace(/[^A-Za-z0-9]+/g, '-')}">${method.toUpperCase()} ${escapeHtml(path)}</a></li>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(doc.info.title)}</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}pre{background:#f6f6f6;padding:.5rem;overflow:auto}.m{font-family:monospace;background:#222;color:#fff;padding:0 .3rem}section{border-top:1px solid #ddd;margin-top:1.5rem}</style>
</head><body><h1>${escapeHtml(doc.info.title)}</h1><p>${escapeHtml(doc.info.description ?? '')}</p>
<p>The machine-readable document: <a href="/api/openapi.json">/api/openapi.json</a>. Error codes: docs/api-errors.md.</p>
<ul>${toc}</ul>${sections.map((s) => operationHtml(s.method, s.path, s.op)).join('\n')}</body></html>`;
}
