import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { type Column, DataList, FilterChips, LoadMore, Pager } from './list-kit';

interface Row {
  id: string;
  name: string;
  total: string;
}
const columns: Column<Row>[] = [
  { key: 'name', header: 'Name', cell: (r) => r.name, primary: true, sortable: true },
  { key: 'total', header: 'Total', cell: (r) => r.total, align: 'end', sortable: true },
];
const rows = [
  { id: '1', name: 'Mug', total: '$5' },
  { id: '2', name: 'Tee', total: '$20' },
];
const html = (node: React.ReactElement) => renderToStaticMarkup(node);

describe('DataList', () => {
  it('is a named table with column headers, sort state and labelled cells for the phone cards', () => {
    const out = html(
      <DataList
        label="Products"
        rows={rows}
        columns={columns}
        rowKey={(r) => r.id}
        sort={{ key: 'total', dir: 'desc' }}
        onSort={() => {}}
        actions={(r) => <button type="button">Delete {r.name}</button>}
      />,
    );
    expect(out).toContain('<table aria-label="Products"');
    expect(out.match(/<th /g)).toHaveLength(3);
    expect(out).toContain('aria-sort="descending"');
    expect(out).toContain('aria-sort="none"');
    expect(out.match(/<button type="button" class="lk-sort">/g)).toHaveLength(2);
    // The primary cell is the card title (no label); the others carry their header as label.
    expect(out).toContain('<td class="lk-primary"><div class="lk-cell">Mug</div></td>');
    expect(out).toContain('data-label="Total"');
    expect(out).toContain('<span class="visually-hidden">Actions</span>');
    expect(out).toContain('Delete Tee');
  });

  it('offers the same sorting as a "Sort by" select for the phone cards, showing the current order', () => {
    const out = html(
      <DataList
        label="Products"
        rows={rows}
        columns={columns}
        rowKey={(r) => r.id}
        sort={{ key: 'total', dir: 'desc' }}
        onSortChange={() => {}}
      />,
    );
    expect(out).toContain('>Sort by</label>');
    expect(out).toContain('<option value="">As listed</option>');
    expect(out).toContain('<option value="name:asc">Name (A–Z, low–high)</option>');
    expect(out).toMatch(/<option value="total:desc" selected="">Total \(Z–A, high–low\)<\/option>/);
    // A screen that only handles header clicks gets no select it could not follow.
    const clicksOnly = html(
      <DataList label="P" rows={rows} columns={columns} rowKey={(r) => r.id} onSort={() => {}} />,
    );
    expect(clicksOnly).not.toContain('Sort by');
    expect(clicksOnly).toContain('class="lk-sort"');
  });

  it('has no sort buttons when the screen cannot sort', () => {
    const out = html(<DataList label="Orders" rows={rows} columns={columns} rowKey={(r) => r.id} />);
    expect(out).not.toContain('lk-sort');
    expect(out).not.toContain('aria-sort');
  });

  it('says "Loading…" before the first page and the empty text only once loaded', () => {
    const empty = <p className="muted">No products yet.</p>;
    const loading = html(
      <DataList label="P" rows={[]} columns={columns} rowKey={(r) => r.id} loading empty={empty} />,
    );
    expect(loading).toContain('Loading…');
    expect(loading).not.toContain('No products yet.');
    expect(loading).not.toContain('<table');
    const loaded = html(
      <DataList label="P" rows={[]} columns={columns} rowKey={(r) => r.id} empty={empty} />,
    );
    expect(loaded).toContain('No products yet.');
    const failed = html(
      <DataList
        label="P"
        rows={[]}
        columns={columns}
        rowKey={(r) => r.id}
        error="Unable to connect."
        empty={empty}
      />,
    );
    expect(failed).toContain('role="alert"');
    expect(failed).not.toContain('No products yet.');
  });

  it('selection: a labelled checkbox per row, and select-all checked when every row is', () => {
    const out = html(
      <DataList
        label="Submissions"
        rows={rows}
        columns={columns}
        rowKey={(r) => r.id}
        selection={{ selected: new Set(['1', '2']), onChange: () => {}, rowLabel: (r) => `Select ${r.name}` }}
      />,
    );
    expect(out).toContain('aria-label="Select Mug"');
    expect(out).toMatch(/aria-label="Select all shown" checked=""/);
    expect(out.match(/class="is-selected"/g)).toHaveLength(2);
  });
});

describe('paging and filter controls', () => {
  it('Load more only while there is more; "Loading…" while it comes', () => {
    expect(html(<LoadMore hasMore onMore={() => {}} />)).toContain('Load more');
    expect(html(<LoadMore hasMore={false} onMore={() => {}} />)).toBe('');
    expect(html(<LoadMore hasMore loading onMore={() => {}} />)).toContain('Loading…');
  });

  it('the pager disables the ends and hides itself for one page', () => {
    const first = html(<Pager page={1} pageCount={3} onPage={() => {}} />);
    expect(first).toContain('Page 1 of 3');
    expect(first).toMatch(/disabled="">Previous/);
    expect(first).not.toMatch(/disabled="">Next/);
    expect(html(<Pager page={1} pageCount={1} onPage={() => {}} />)).toBe('');
  });

  it('chips are a labelled group of toggle buttons', () => {
    const out = html(
      <FilterChips
        label="Role"
        value="EDITOR"
        onChange={() => {}}
        options={[
          { value: 'EDITOR', label: 'Editor' },
          { value: 'VIEWER', label: 'Viewer' },
        ]}
      />,
    );
    expect(out).toContain('<legend class="visually-hidden">Role</legend>');
    expect(out).toContain('aria-pressed="true">Editor');
    expect(out).toContain('aria-pressed="false">Viewer');
  });
});
