import type { KeyboardEvent, ReactNode } from 'react';
import { thumbnailUrl } from './picker-data';

export interface Choice {
  id: string;
  title: string;
  /** A second line: an address, a price. */
  detail?: string;
  /** A thumbnail (a product's picture); `thumbnail: null` keeps the space for one. */
  thumbnail?: string | null;
}

/** Up and down move between the rows (Tab still leaves the list). */
function moveFocus(event: KeyboardEvent<HTMLUListElement>) {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  const rows = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button.choice')];
  const at = rows.indexOf(document.activeElement as HTMLButtonElement);
  const next = rows[Math.max(0, Math.min(rows.length - 1, at + (event.key === 'ArrowDown' ? 1 : -1)))];
  if (next) {
    event.preventDefault();
    next.focus();
  }
}

/**
 * Rows to choose one from (pages, products): each a button named by its title, the current
 * one marked (aria-current), activated by click, Enter or Space.
 */
export function ChoiceList({
  label,
  choices,
  currentId,
  empty,
  onChoose,
}: {
  label: string;
  choices: readonly Choice[];
  currentId?: string | null;
  empty: ReactNode;
  onChoose(id: string): void;
}) {
  if (!choices.length) return <p className="muted picker__empty">{empty}</p>;
  return (
    <ul className="choices" aria-label={label} onKeyDown={moveFocus}>
      {choices.map((choice) => {
        const thumb = choice.thumbnail === undefined ? undefined : thumbnailUrl(choice.thumbnail, 100);
        return (
          <li key={choice.id}>
            <button
              type="button"
              className={`choice${choice.id === currentId ? ' choice--current' : ''}`}
              aria-current={choice.id === currentId ? 'true' : undefined}
              onClick={() => onChoose(choice.id)}
            >
              {thumb !== undefined &&
                (thumb ? (
                  <img className="choice__thumb" src={thumb} alt="" width={48} height={48} loading="lazy" />
                ) : (
                  <span className="choice__thumb choice__thumb--none" aria-hidden="true" />
                ))}
              <span className="choice__text">
                <span className="choice__title">{choice.title}</span>
                {choice.detail && <span className="choice__detail">{choice.detail}</span>}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
