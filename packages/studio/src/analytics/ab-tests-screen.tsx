import type { ApiOutput } from '@store/api/client';
import { AB_GOALS } from '@store/api';
import type { Block } from '@store/blocks';
import { useEffect, useState } from 'react';
import { useApiMutation, useApiQuery } from '../data/api-query';
import { BlockFields } from '../editor/block-fields';
import { leaveTo } from '../unsaved-guard';
import { count, percent } from './analytics-api';
import './analytics.css';
import './ab-tests.css';

type Test = ApiOutput<'GET /api/studio/ab-tests'>['tests'][number];
type Section = Test['variants'][number]['section'];
const LIST = 'GET /api/studio/ab-tests' as const;
const RESULTS = 'GET /api/studio/ab-tests/:id/results' as const;
const BASE = '/config/analytics/ab-tests';

const goalLabels: Record<(typeof AB_GOALS)[number], string> = {
  add_to_cart: 'Add to cart',
  order: 'Order placed',
  form_submit: 'Form submitted',
};
const statusLabels: Record<Test['status'], string> = {
  draft: 'Set up',
  running: 'Running',
  stopped: 'Stopped',
  ended: 'Ended',
};

/** What a section says, for choosing it: its first heading or text, else its id. */
function sectionLabel(section: Section): string {
  for (const block of section.blocks) {
    const text = String(block.props.text ?? block.props.html ?? block.props.label ?? '').replace(
      /<[^>]*>/g,
      '',
    );
    if (text.trim()) return text.trim().slice(0, 60);
  }
  return section.id;
}

function go(href: string) {
  leaveTo(href);
}

/** Analytics → A/B tests: the tests, a new one, and at `ab-tests/<id>` its editor and readout. */
export function AbTestsScreen({ rest }: { rest: string[] }) {
  const [selected] = rest;
  if (selected) return <TestView id={selected} />;
  return <TestList />;
}

function TestList() {
  const list = useApiQuery(LIST, { query: {} });
  const pages = useApiQuery('GET /api/studio/pages', {});
  const titleOf = (pageId: string) => pages.data?.pages.find((p) => p.id === pageId)?.title ?? 'Page';
  const tests = list.data?.tests ?? [];
  return (
    <div className="analytics abtests">
      <header className="analytics__head">
        <h1>A/B tests</h1>
      </header>
      <NewTest />
      {list.errorText && (
        <p className="analytics__error" role="alert">
          {list.errorText}
        </p>
      )}
      <section className="analytics__card" aria-label="Tests">
        <h2>Tests</h2>
        {!tests.length && !list.isLoading && <p className="meta">No tests yet.</p>}
        <ul className="abtests__list">
          {tests.map((t) => (
            <li key={t.id}>
              <a
                href={`${BASE}/${t.id}`}
                onClick={(e) => {
                  e.preventDefault();
                  go(`${BASE}/${t.id}`);
                }}
              >
                {titleOf(t.pageId)} —{' '}
                {sectionLabel(t.variants[0]?.section ?? { id: t.sectionId, blocks: [] })}
              </a>
              <span className={`abtests__status abtests__status--${t.status}`}>{statusLabels[t.status]}</span>
              <span className="meta">
                {t.variants.length} variants · goal: {goalLabels[t.goal]}
                {t.winner ? ` · winner ${t.winner.toUpperCase()}` : ''}
              </span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

/** The page and section the page editor's "A/B test this section" link chose, if any. */
function chosenInAddress(): { page: string; section: string } {
  const query = new URLSearchParams(window.location.search);
  return { page: query.get('page') ?? '', section: query.get('section') ?? '' };
}

function NewTest() {
  const pages = useApiQuery('GET /api/studio/pages', {});
  const choices = (pages.data?.pages ?? []).filter((p) => p.kind === 'page');
  const [chosen] = useState(chosenInAddress);
  const [pageId, setPageId] = useState(chosen.page);
  const layout = useApiQuery(
    'GET /api/studio/pages/:id/layout',
    { params: { id: pageId } },
    { enabled: Boolean(pageId) },
  );
  const sections = layout.data?.published?.sections ?? [];
  const [sectionId, setSectionId] = useState(chosen.section);
  // A section chosen in the editor but not published yet cannot be tested.
  const unpublished =
    Boolean(pageId && sectionId && layout.data) && !sections.some((s) => s.id === sectionId);
  const [goal, setGoal] = useState<(typeof AB_GOALS)[number]>('add_to_cart');
  const [variants, setVariants] = useState(2);
  const create = useApiMutation('POST /api/studio/ab-tests', { invalidates: [LIST] });
  return (
    <section className="analytics__card" aria-label="New A/B test">
      <h2>Start an A/B test</h2>
      <form
        className="abtests__form"
        onSubmit={async (e) => {
          e.preventDefault();
          const test = await create
            .mutateAsync({ body: { pageId, sectionId, goal, variants } })
            .catch(() => null);
          if (test) go(`${BASE}/${test.id}`);
        }}
      >
        <label>
          Page
          <select
            aria-label="Page"
            value={pageId}
            onChange={(e) => {
              setPageId(e.currentTarget.value);
              setSectionId('');
            }}
            required
          >
            <option value="">Choose a page</option>
            {choices.map((p) => (
              <option key={p.id} value={p.id}>
                {p.title}
              </option>
            ))}
          </select>
        </label>
        <label>
          Section
          <select
            aria-label="Section"
            value={sectionId}
            onChange={(e) => setSectionId(e.currentTarget.value)}
            required
            disabled={!pageId}
          >
            <option value="">
              {pageId && !sections.length ? 'Publish the page first' : 'Choose a section'}
            </option>
            {sections.map((s, i) => (
              <option key={s.id} value={s.id}>
                {i + 1}. {sectionLabel(s)}
              </option>
            ))}
          </select>
        </label>
        <label>
          Goal
          <select
            aria-label="Goal"
            value={goal}
            onChange={(e) => setGoal(e.currentTarget.value as typeof goal)}
          >
            {AB_GOALS.map((g) => (
              <option key={g} value={g}>
                {goalLabels[g]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Variants
          <input
            type="number"
            min={2}
            max={5}
            value={variants}
            onChange={(e) => setVariants(Math.min(5, Math.max(2, Number(e.currentTarget.value) || 2)))}
          />
        </label>
        <button
          type="submit"
          className="btn btn--primary"
          disabled={!pageId || !sectionId || unpublished || create.isPending}
        >
          Start A/B test
        </button>
      </form>
      {unpublished && (
        <p className="analytics__error" role="alert">
          That section is not on the published page yet. Publish the page, then start the test.
        </p>
      )}
      <p className="meta">Variant A is the section as published; the others start as copies you then edit.</p>
      {create.errorText && (
        <p className="analytics__error" role="alert">
          {create.errorText}
        </p>
      )}
    </section>
  );
}

function TestView({ id }: { id: string }) {
  const results = useApiQuery(RESULTS, { params: { id } });
  const test = results.data?.test;
  const invalidates = [LIST, RESULTS] as const;
  const save = useApiMutation('PUT /api/studio/ab-tests/:id', { invalidates: [...invalidates] });
  const start = useApiMutation('POST /api/studio/ab-tests/:id/start', { invalidates: [...invalidates] });
  const stop = useApiMutation('POST /api/studio/ab-tests/:id/stop', { invalidates: [...invalidates] });
  const winner = useApiMutation('POST /api/studio/ab-tests/:id/winner', { invalidates: [...invalidates] });
  const [draft, setDraft] = useState<Test['variants'] | null>(null);
  useEffect(() => {
    if (test) setDraft(test.variants);
  }, [test]);
  const error = results.errorText || save.errorText || start.errorText || stop.errorText || winner.errorText;
  if (!test || !draft)
    return (
      <div className="analytics abtests">
        {error ? <p role="alert">{error}</p> : <p className="loading">Loading…</p>}
      </div>
    );
  const editable = test.status === 'draft' || test.status === 'stopped';
  const setBlock = (letter: string, blockId: string, patch: Record<string, unknown>) =>
    setDraft(
      draft.map((v) =>
        v.letter !== letter
          ? v
          : {
              ...v,
              section: {
                ...v.section,
                blocks: v.section.blocks.map((b) =>
                  b.id === blockId ? { ...b, props: { ...b.props, ...patch } } : b,
                ),
              },
            },
      ),
    );
  const setWeight = (letter: string, weight: number) =>
    setDraft(draft.map((v) => (v.letter === letter ? { ...v, weight } : v)));
  return (
    <div className="analytics abtests">
      <header className="analytics__head">
        <a
          href={BASE}
          onClick={(e) => {
            e.preventDefault();
            go(BASE);
          }}
        >
          ← A/B tests
        </a>
        <h1>
          A/B test{' '}
          <span className={`abtests__status abtests__status--${test.status}`}>
            {statusLabels[test.status]}
          </span>
        </h1>
        <p className="meta">Goal: {goalLabels[test.goal]}</p>
        <div className="abtests__actions">
          {editable && (
            <button
              type="button"
              className="btn btn--primary"
              onClick={() => start.mutate({ params: { id } })}
            >
              {test.status === 'draft' ? 'Start test' : 'Restart test'}
            </button>
          )}
          {test.status === 'running' && (
            <button type="button" className="btn" onClick={() => stop.mutate({ params: { id } })}>
              Stop test
            </button>
          )}
        </div>
      </header>
      {error && (
        <p className="analytics__error" role="alert">
          {error}
        </p>
      )}
      <Readout
        results={results.data}
        onWinner={(letter) => winner.mutate({ params: { id }, body: { letter } })}
      />
      <section className="analytics__card" aria-label="Variants">
        <h2>Variants</h2>
        {!editable && <p className="meta">Stop the test to change its variants.</p>}
        <div className="abtests__variants">
          {draft.map((v) => (
            <fieldset key={v.letter} className="abtests__variant" disabled={!editable}>
              <legend>
                Variant {v.letter.toUpperCase()}
                {v.letter === 'a' ? ' (the page as published)' : ''}
              </legend>
              <label className="abtests__weight">
                Traffic weight
                <input
                  type="number"
                  min={1}
                  max={100}
                  value={v.weight}
                  disabled={!editable}
                  onChange={(e) =>
                    setWeight(v.letter, Math.min(100, Math.max(1, Number(e.currentTarget.value) || 1)))
                  }
                />
              </label>
              {/* A is the page's own section: edited in the page editor, not here. */}
              <fieldset className="abtests__blocks" disabled={v.letter === 'a'}>
                {v.section.blocks.map((block) => (
                  <div key={block.id} className="abtests__block">
                    <p className="meta">{block.type}</p>
                    <BlockFields
                      block={block as Block}
                      catalog={null}
                      onChange={(patch) => setBlock(v.letter, block.id, patch)}
                    />
                  </div>
                ))}
              </fieldset>
            </fieldset>
          ))}
        </div>
        {editable && (
          <button
            type="button"
            className="btn btn--primary"
            disabled={save.isPending}
            onClick={() =>
              save.mutate({
                params: { id },
                body: {
                  variants: draft.map((v) => ({
                    letter: v.letter,
                    weight: v.weight,
                    ...(v.letter === 'a' ? {} : { section: v.section }),
                  })),
                },
              })
            }
          >
            Save variants
          </button>
        )}
      </section>
    </div>
  );
}

function Readout({
  results,
  onWinner,
}: {
  results: ApiOutput<typeof RESULTS> | undefined;
  onWinner(letter: Test['variants'][number]['letter']): void;
}) {
  if (!results) return null;
  const ended = results.test.status === 'ended';
  return (
    <section className="analytics__card" aria-label="Results">
      <h2>Results</h2>
      <div className="abtests__scroll">
        <table className="analytics__table abtests__table">
          <thead>
            <tr>
              <th>Variant</th>
              <th>Visitors</th>
              <th>Conversions</th>
              <th>Rate</th>
              <th>Lift vs A</th>
              <th>Significance</th>
              {!ended && <th />}
            </tr>
          </thead>
          <tbody>
            {results.variants.map((v) => (
              <tr key={v.letter} data-variant={v.letter}>
                <th scope="row">{v.letter.toUpperCase()}</th>
                <td>{count(v.visitors)}</td>
                <td>{count(v.conversions)}</td>
                <td>{percent(v.rate)}</td>
                <td>
                  {v.letter === 'a'
                    ? '—'
                    : v.lift === null
                      ? 'n/a'
                      : `${v.lift >= 0 ? '+' : ''}${percent(v.lift)}`}
                </td>
                <td>
                  {v.letter === 'a'
                    ? 'Control'
                    : !v.enoughData
                      ? 'Not enough data yet'
                      : `p = ${v.pValue?.toFixed(3)}${(v.pValue ?? 1) < 0.05 ? ' (significant)' : ''}`}
                </td>
                {!ended && (
                  <td>
                    <button type="button" className="btn" onClick={() => onWinner(v.letter)}>
                      Pick {v.letter.toUpperCase()}
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="meta">
        Each visitor counts once, in the variant they were shown. A p-value appears once every variant has{' '}
        {results.minVisitors} visitors; below 0.05 the difference is unlikely to be chance.
        {ended && results.test.winner
          ? ` Variant ${results.test.winner.toUpperCase()} won and is now the section.`
          : ''}
      </p>
    </section>
  );
}
