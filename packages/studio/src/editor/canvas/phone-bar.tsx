import type { Layout } from '@store/blocks';
import { resetPhoneLayout, sectionOf } from '../layout-edits';

/**
 * Above the phone preview: whether the section being arranged follows the desktop layout
 * (until a block is moved or resized on the phone) or has a phone layout of its own, which
 * Reset phone layout drops again.
 */
export function PhoneBar(props: { layout: Layout; selected: string | null; onChange(layout: Layout): void }) {
  const { layout } = props;
  const current = props.selected ? sectionOf(layout, props.selected) : undefined;
  const own = current ? (current.grid?.phone ? [current] : []) : layout.sections.filter((s) => s.grid?.phone);
  const number = (id: string) => layout.sections.findIndex((s) => s.id === id) + 1;
  return (
    <div className="canvas__phone-bar">
      {own.length === 0 ? (
        <p>Phone layout follows the desktop layout until you change it.</p>
      ) : (
        own.map((s) => (
          <p key={s.id}>
            <span>
              {layout.sections.length > 1 ? `Section ${number(s.id)} has` : 'This page has'} its own phone
              layout.
            </span>{' '}
            <button
              type="button"
              className="btn btn--plain"
              aria-label={
                layout.sections.length > 1 ? `Reset phone layout of section ${number(s.id)}` : undefined
              }
              onClick={() => props.onChange(resetPhoneLayout(layout, s.id))}
            >
              Reset phone layout
            </button>
          </p>
        ))
      )}
    </div>
  );
}
