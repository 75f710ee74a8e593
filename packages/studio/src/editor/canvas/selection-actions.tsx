export type SelectionAction = 'up' | 'down' | 'duplicate' | 'delete' | 'edit';

/**
 * The selected block's buttons on the canvas, after its grip: each with a tooltip and a
 * name that says which block it acts on ("Move Heading up").
 */
export function SelectionActions(props: {
  name: string;
  /** Whether the block's words can be edited in place (heading, text). */
  editable: boolean;
  onAction(action: SelectionAction): void;
}) {
  const { name, onAction } = props;
  return (
    <>
      <button type="button" aria-label={`Move ${name} up`} title="Move up" onClick={() => onAction('up')}>
        ↑
      </button>
      <button
        type="button"
        aria-label={`Move ${name} down`}
        title="Move down"
        onClick={() => onAction('down')}
      >
        ↓
      </button>
      <button
        type="button"
        aria-label={`Duplicate ${name}`}
        title="Duplicate"
        onClick={() => onAction('duplicate')}
      >
        <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true" focusable="false">
          <rect
            x="1"
            y="4"
            width="8.5"
            height="8.5"
            rx="1.5"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.5"
          />
          <path
            d="M4.5 2.5V2a1 1 0 0 1 1-1H12a1 1 0 0 1 1 1v6.5a1 1 0 0 1-1 1h-.5"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.5"
          />
        </svg>
      </button>
      <button type="button" aria-label={`Delete ${name}`} title="Delete" onClick={() => onAction('delete')}>
        ×
      </button>
      {props.editable && (
        <button
          type="button"
          aria-label={`Edit ${name} in place`}
          title="Edit text (double-click or Enter)"
          onClick={() => onAction('edit')}
        >
          ✎
        </button>
      )}
    </>
  );
}
