/**
 * One list/filter kit for every studio table.
 *
 *   <ListToolbar label="Find orders">
 *     <SearchBox label="Search orders" value={typed} onChange={setTyped} placeholder="…" />
 *     <FilterSelect label="Status" value={status} onChange={setStatus} allLabel="All statuses"
 *       options={[{ value: 'PAID', label: 'Paid' }]} />
 *   </ListToolbar>
 *   <DataList label="Orders" rows={rows} rowKey={(o) => o.id} columns={[
 *       { key: 'number', header: 'Order', cell: (o) => o.orderNumber, primary: true },
 *       { key: 'total', header: 'Total', cell: (o) => money(o), align: 'end', sortable: true }]}
 *     sort={sort} onSortChange={setSort}
 *     loading={list.loading} error={list.errorText} empty={<p className="muted">No orders yet.</p>}
 *     actions={(o) => <button …>Delete</button>} />
 *   <LoadMore hasMore={list.hasMore} loading={list.loadingMore} onMore={list.loadMore} />  // cursor lists
 *   <Pager page={shown.page} pageCount={shown.pageCount} onPage={setPage} />              // lists held in full
 *
 * A table with header cells on desktop; at phone width (≤ 640 px, list-kit.css) every row is a
 * card (the primary column as its title, the others labelled) with no sideways scrolling.
 Sorting and paging
 * of rows held in full: list-data.ts (`shapeRows`, `nextSort`).
 */
import { type ReactNode, useId } from 'react';
import { type SortState, ariaSort, nextSort } from './list-data';
import './list-kit.css';

export interface Column<Row> {
  key: string;
  header: ReactNode;
  /** The label of the cell on a phone card (defaults to `header` when it is text). */
  label?: string;
  cell: (row: Row) => ReactNode;
  /** A sort button in the header (the list needs `onSort`). */
  sortable?: boolean;
  align?: 'start' | 'end';
  /** The card's title at phone width (one column). */
  primary?: boolean;
  /** Header read by screen readers only (an image or checkbox column). */
  hiddenHeader?: boolean;
  className?: string;
}

export interface Selection<Row> {
  selected: ReadonlySet<string>;
  onChange(next: Set<string>): void;
  /** The accessible name of a row's checkbox. */
  rowLabel(row: Row): string;
  allLabel?: string;
  /** Rows that cannot be chosen (their checkbox is disabled; "select all" skips them). */
  selectable?(row: Row): boolean;
}

export interface DataListProps<Row> {
  /** The table's accessible name. */
  label: string;
  rows: readonly Row[];
  columns: readonly Column<Row>[];
  rowKey: (row: Row) => string;
  sort?: SortState | null;
  /** A header was clicked (the screen decides the new order)… */
  onSort?: (key: string) => void;
  /** …or the new order itself: header clicks and, on phone cards, a "Sort by" select. */
  onSortChange?: (next: SortState | null) => void;
  /** The first page is on its way: "Loading…" instead of the empty state. */
  loading?: boolean;
  error?: string;
  /** What an empty list says (shown only when not loading and no error). */
  empty?: ReactNode;
  actions?: (row: Row) => ReactNode;
  actionsLabel?: string;
  selection?: Selection<Row>;
  rowClassName?: (row: Row) => string | undefined;
  onRowClick?: (row: Row) => void;
  /** Extra class on the table (a screen's own styles). */
  className?: string;
}

const cardLabel = <Row,>(c: Column<Row>) =>
  c.label ?? (c.hiddenHeader || typeof c.header !== 'string' ? undefined : c.header);

export function DataList<Row>(props: DataListProps<Row>) {
  const { rows, columns, rowKey, sort = null, onSortChange, loading, error, selection, actions } = props;
  // A header click: the screen's own handler, or the next state of `sort`.
  const onSort =
    props.onSort ?? (onSortChange ? (key: string) => onSortChange(nextSort(sort, key)) : undefined);
  const sortId = useId();
  const sortable = columns.filter((c) => c.sortable);
  const ids = rows.map(rowKey);
  const choosable = selection?.selectable
    ? ids.filter((_, i) => selection.selectable?.(rows[i] as Row))
    : ids;
  const allChosen =
    !!selection && choosable.length > 0 && choosable.every((id) => selection.selected.has(id));
  const toggle = (id: string) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    selection.onChange(next);
  };

  return (
    <div className="lk">
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
      {rows.length > 0 && onSortChange && sortable.length > 0 && (
        // The header row is not shown on phone cards: the same sorting as a select there.
        <div className="lk-phone-sort">
          <label htmlFor={sortId}>Sort by</label>
          <select
            id={sortId}
            value={sort ? `${sort.key}:${sort.dir}` : ''}
            onChange={(e) => {
              const [key = '', dir] = e.target.value.split(':');
              onSortChange(key ? { key, dir: dir === 'desc' ? 'desc' : 'asc' } : null);
            }}
          >
            <option value="">As listed</option>
            {sortable.flatMap((c) => [
              <option key={`${c.key}:asc`} value={`${c.key}:asc`}>
                {cardLabel(c) ?? c.key} (A–Z, low–high)
              </option>,
              <option key={`${c.key}:desc`} value={`${c.key}:desc`}>
                {cardLabel(c) ?? c.key} (Z–A, high–low)
              </option>,
            ])}
          </select>
        </div>
      )}
      {rows.length > 0 && (
        <table aria-label={props.label} className={`lk-table ${props.className ?? ''}`.trim()}>
          <thead>
            <tr>
              {selection && (
                <th scope="col" className="lk-check">
                  <label className="lk-check-all">
                    <input
                      type="checkbox"
                      aria-label={selection.allLabel ?? 'Select all shown'}
                      checked={allChosen}
                      disabled={choosable.length === 0}
                      onChange={() => selection.onChange(allChosen ? new Set() : new Set(choosable))}
                    />
                    {/* Said by the box's own name; shown only above the phone cards. */}
                    <span className="lk-check-all__text" aria-hidden="true">
                      {selection.allLabel ?? 'Select all shown'}
                    </span>
                  </label>
                </th>
              )}
              {columns.map((c) => (
                <th
                  key={c.key}
                  scope="col"
                  aria-sort={c.sortable && onSort ? ariaSort(sort, c.key) : undefined}
                  className={
                    [c.align === 'end' ? 'lk-end' : '', c.className ?? ''].join(' ').trim() || undefined
                  }
                >
                  {c.sortable && onSort ? (
                    <button type="button" className="lk-sort" onClick={() => onSort(c.key)}>
                      {c.header}
                      <span className="lk-sort__mark" aria-hidden="true">
                        {sort?.key === c.key ? (sort.dir === 'asc' ? '▲' : '▼') : '↕'}
                      </span>
                    </button>
                  ) : c.hiddenHeader ? (
                    <span className="visually-hidden">{c.header}</span>
                  ) : (
                    c.header
                  )}
                </th>
              ))}
              {actions && (
                <th scope="col" className="lk-actions">
                  <span className="visually-hidden">{props.actionsLabel ?? 'Actions'}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => {
              const id = ids[i] as string;
              const chosen = selection?.selected.has(id);
              const extra = props.rowClassName?.(row);
              return (
                <tr
                  key={id}
                  className={
                    [chosen ? 'is-selected' : '', props.onRowClick ? 'lk-clickable' : '', extra ?? '']
                      .join(' ')
                      .trim() || undefined
                  }
                  onClick={props.onRowClick ? () => props.onRowClick?.(row) : undefined}
                >
                  {selection && (
                    <td className="lk-check">
                      <input
                        type="checkbox"
                        aria-label={selection.rowLabel(row)}
                        checked={!!chosen}
                        disabled={selection.selectable ? !selection.selectable(row) : undefined}
                        onClick={(e) => e.stopPropagation()}
                        onChange={() => toggle(id)}
                      />
                    </td>
                  )}
                  {columns.map((c) => (
                    <td
                      key={c.key}
                      data-label={c.primary ? undefined : cardLabel(c)}
                      className={
                        [c.primary ? 'lk-primary' : '', c.align === 'end' ? 'lk-end' : '', c.className ?? '']
                          .join(' ')
                          .trim() || undefined
                      }
                    >
                      {/* One box per cell: a phone card lays out label and value, whatever the value holds. */}
                      <div className="lk-cell">{c.cell(row)}</div>
                    </td>
                  ))}
                  {actions && (
                    <td className="lk-actions">
                      <div className="lk-row-actions">{actions(row)}</div>
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {rows.length === 0 && loading && <p className="loading">Loading…</p>}
      {rows.length === 0 && !loading && !error && props.empty}
    </div>
  );
}

/** The search and filter controls above a list (a labelled group; a form when `onSubmit`). */
export function ListToolbar(props: { label: string; children: ReactNode; onSubmit?: () => void }) {
  if (props.onSubmit)
    return (
      <form
        className="lk-toolbar"
        aria-label={props.label}
        onSubmit={(e) => {
          e.preventDefault();
          props.onSubmit?.();
        }}
      >
        {props.children}
      </form>
    );
  return (
    <fieldset className="lk-toolbar">
      <legend className="visually-hidden">{props.label}</legend>
      {props.children}
    </fieldset>
  );
}

/** A search box with its label (shown, or for screen readers only with `hideLabel`). */
export function SearchBox(props: {
  label: string;
  value: string;
  onChange(value: string): void;
  placeholder?: string;
  hideLabel?: boolean;
  id?: string;
}) {
  const auto = useId();
  const id = props.id ?? auto;
  return (
    <div className="lk-field lk-field--search">
      <label htmlFor={id} className={props.hideLabel ? 'visually-hidden' : 'compact-label'}>
        {props.label}
      </label>
      <input
        id={id}
        type="search"
        value={props.value}
        placeholder={props.placeholder}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </div>
  );
}

export interface FilterOption {
  value: string;
  label: string;
}

/** A labelled select; '' is "all" (`allLabel`). */
export function FilterSelect(props: {
  label: string;
  value: string;
  options: readonly FilterOption[];
  onChange(value: string): void;
  allLabel?: string;
  hideLabel?: boolean;
  id?: string;
}) {
  const auto = useId();
  const id = props.id ?? auto;
  return (
    <div className="lk-field">
      <label htmlFor={id} className={props.hideLabel ? 'visually-hidden' : 'compact-label'}>
        {props.label}
      </label>
      <select id={id} value={props.value} onChange={(e) => props.onChange(e.target.value)}>
        {props.allLabel !== undefined && <option value="">{props.allLabel}</option>}
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** One-choice chips (toggle buttons); pressing the chosen one again clears it to ''. */
export function FilterChips(props: {
  label: string;
  value: string;
  options: readonly FilterOption[];
  onChange(value: string): void;
}) {
  return (
    <fieldset className="lk-chips">
      <legend className="visually-hidden">{props.label}</legend>
      {props.options.map((o) => (
        <button
          key={o.value}
          type="button"
          className="lk-chip"
          aria-pressed={props.value === o.value}
          onClick={() => props.onChange(props.value === o.value ? '' : o.value)}
        >
          {o.label}
        </button>
      ))}
    </fieldset>
  );
}

/** "Load more" for a list the API pages by cursor. */
export function LoadMore(props: { hasMore: boolean; loading?: boolean; onMore(): void; label?: string }) {
  if (props.loading) return <p className="loading">Loading…</p>;
  if (!props.hasMore) return null;
  return (
    <button type="button" className="btn btn--plain lk-more load-more" onClick={props.onMore}>
      {props.label ?? 'Load more'}
    </button>
  );
}

/** Previous / next pages of a list held in full (nothing when it fits one page). */
export function Pager(props: {
  page: number;
  pageCount: number;
  onPage(page: number): void;
  label?: string;
}) {
  if (props.pageCount <= 1) return null;
  return (
    <nav className="lk-pager" aria-label={props.label ?? 'Pages'}>
      <button
        type="button"
        className="btn btn--plain"
        disabled={props.page <= 1}
        onClick={() => props.onPage(props.page - 1)}
      >
        Previous
      </button>
      <span aria-live="polite">
        Page {props.page} of {props.pageCount}
      </span>
      <button
        type="button"
        className="btn btn--plain"
        disabled={props.page >= props.pageCount}
        onClick={() => props.onPage(props.page + 1)}
      >
        Next
      </button>
    </nav>
  );
}
