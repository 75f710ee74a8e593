import { useEffect, useRef, useState } from 'react';

interface Choice {
  label: string;
  value: string;
  tone?: 'primary' | 'danger' | 'plain';
}
interface Request {
  title: string;
  message: string;
  choices: Choice[];
  cancelValue: string;
  resolve(value: string): void;
}

let show: ((request: Request) => void) | null = null;

function ask(request: Omit<Request, 'resolve'>): Promise<string> {
  return new Promise((resolve) => {
    if (!show) return resolve(request.cancelValue);
    show({ ...request, resolve });
  });
}

/**
 * Spec §2 confirm-modal helper: resolves true on confirm, false on cancel (Escape and the
 * Cancel button cancel). Every destructive action in the studio goes through it.
 */
export async function confirmModal(options: { title: string; message: string; confirmLabel?: string }) {
  const value = await ask({
    title: options.title,
    message: options.message,
    cancelValue: 'cancel',
    choices: [
      { label: 'Cancel', value: 'cancel', tone: 'plain' },
      { label: options.confirmLabel ?? 'Confirm', value: 'confirm', tone: 'danger' },
    ],
  });
  return value === 'confirm';
}

/** Spec §4 unsaved-change prompt: save or discard (or stay, on Escape). */
export async function unsavedChangesPrompt(): Promise<'save' | 'discard' | 'stay'> {
  return (await ask({
    title: 'Unsaved changes',
    message: 'You have unsaved changes. Save them before leaving?',
    cancelValue: 'stay',
    choices: [
      { label: 'Stay', value: 'stay', tone: 'plain' },
      { label: 'Discard', value: 'discard', tone: 'danger' },
      { label: 'Save', value: 'save', tone: 'primary' },
    ],
  })) as 'save' | 'discard' | 'stay';
}

/** Renders the open dialog (one at a time) as a native modal <dialog>: focus stays inside. */
export function DialogHost() {
  const [current, setCurrent] = useState<Request | null>(null);
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    show = setCurrent;
    return () => {
      show = null;
    };
  }, []);
  useEffect(() => {
    if (!current || !ref.current || ref.current.open) return;
    ref.current.showModal();
    // The safe choice (listed first) takes focus so Enter never destroys by accident.
    ref.current.querySelector('button')?.focus();
  }, [current]);
  if (!current) return null;
  const close = (value: string) => {
    ref.current?.close();
    setCurrent(null);
    current.resolve(value);
  };
  return (
    <dialog
      ref={ref}
      className="studio-dialog"
      aria-labelledby="studio-dialog-title"
      aria-describedby="studio-dialog-message"
      onCancel={(event) => {
        event.preventDefault();
        close(current.cancelValue);
      }}
    >
      <h2 id="studio-dialog-title">{current.title}</h2>
      <p id="studio-dialog-message">{current.message}</p>
      <div className="studio-dialog__actions">
        {current.choices.map((choice) => (
          <button
            key={choice.value}
            type="button"
            className={`btn btn--${choice.tone ?? 'plain'}`}
            onClick={() => close(choice.value)}
          >
            {choice.label}
          </button>
        ))}
      </div>
    </dialog>
  );
}
