import { type ReactNode, useId, useLayoutEffect, useRef } from 'react';
import './pickers.css';

/**
 * A modal picker: a native <dialog> opened with showModal, so the rest of the studio is inert
 * and focus stays inside; Escape and the Close button close it, and focus goes back where it
 * was. It opens with focus in its first field. Named by its title (aria-labelledby).
 * Rendered only while open.
 */
export function PickerDialog({
  title,
  onClose,
  children,
  footer,
  className,
}: {
  title: string;
  onClose(): void;
  children: ReactNode;
  footer?: ReactNode;
  className?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useLayoutEffect(() => {
    const dialog = ref.current;
    const before = document.activeElement as HTMLElement | null;
    if (dialog && !dialog.open) {
      dialog.showModal();
      // Into the picker's first field (its search), not onto the Close button.
      (
        dialog.querySelector<HTMLElement>('.picker__body input:not([type="file"])') ??
        dialog.querySelector<HTMLElement>('.picker__body button')
      )?.focus();
    }
    return () => {
      if (dialog?.open) dialog.close();
      // Back to the control that opened the picker (if it is still on screen).
      queueMicrotask(() => {
        if (before?.isConnected && document.activeElement === document.body) before.focus();
      });
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className={`picker${className ? ` ${className}` : ''}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      // Keys stay in the picker: Escape closes it alone (not an editor laid over the page
      // that opened it), and Ctrl+Z does not undo the page behind it.
      onKeyDown={(event) => event.stopPropagation()}
    >
      <div className="picker__head">
        <h2 id={titleId}>{title}</h2>
        <button
          type="button"
          className="icon picker__close"
          aria-label="Close"
          title="Close"
          onClick={onClose}
        >
          ×
        </button>
      </div>
      <div className="picker__body">{children}</div>
      {footer && <div className="picker__foot">{footer}</div>}
    </dialog>
  );
}
