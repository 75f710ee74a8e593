import { type ComponentType, Suspense } from 'react';
import { canOpenSection, usePermissions } from '../settings/people-api';
import { leaveTo } from '../unsaved-guard';

export interface AreaSection {
  /** The path segment: `/config/<area>/<id>/…`. */
  id: string;
  label: string;
  /** A lazily loaded screen; `rest` holds the path segments after the section. */
  screen: ComponentType<{ rest: string[] }>;
}

/** `/config/<area>/<section>/<rest>` → the section (the first one when unknown) and the rest. */
export function areaRoute<S extends AreaSection>(
  path: string,
  sections: readonly S[],
): { section: S; rest: string[] } {
  const [, , , id, ...rest] = path.split('/');
  const first = sections[0];
  if (!first) throw new Error('an area needs at least one section');
  const section = sections.find((s) => s.id === id) ?? first;
  return { section, rest: rest.filter(Boolean).map(decodeURIComponent) };
}

/**
 * A studio area with sections (Commerce, Forms, Settings …): the section list on the left, the
 * section's screen (its own chunk) at full width on the right.
 */
export function SectionArea(props: {
  area: string;
  label: string;
  path: string;
  sections: readonly AreaSection[];
}) {
  // A contributor sees only the sections its role may open (the server refuses the rest anyway).
  const permissions = usePermissions();
  const visible = props.sections.filter((s) => canOpenSection(permissions, props.area, s.id));
  const sections = visible.length > 0 ? visible : props.sections;
  const { section, rest } = areaRoute(props.path, sections);
  const Screen = section.screen;
  const href = (id: string) => `/config/${props.area}/${id}`;
  return (
    <div className="commerce">
      <nav className="commerce__nav" aria-label={props.label}>
        {sections.map((s) => (
          <a
            key={s.id}
            href={href(s.id)}
            className={`commerce__link${s === section ? ' commerce__link--active' : ''}`}
            aria-current={s === section ? 'page' : undefined}
            onClick={(e) => {
              e.preventDefault();
              leaveTo(href(s.id));
            }}
          >
            {s.label}
          </a>
        ))}
      </nav>
      <main className="commerce__main">
        <Suspense fallback={<p className="loading">Loading…</p>}>
          <Screen rest={rest} />
        </Suspense>
      </main>
    </div>
  );
}
