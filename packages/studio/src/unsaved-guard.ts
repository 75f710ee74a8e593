import { unsavedChangesPrompt } from './components/dialogs';
import { navigate } from './router';

interface Guard {
  dirty(): boolean;
  save(): Promise<void>;
  /** An autosaving editor saves when the owner stays; a form with a Save button waits for it. */
  autosave?: boolean;
}
let guard: Guard | null = null;
let prompting = false;

/** While the prompt is open, autosave waits: "Discard" must be able to drop the change. */
export function isPrompting(): boolean {
  return prompting;
}

/** The open editor registers what "unsaved" means and how to save (null when it closes). */
export function setUnsavedGuard(next: Guard | null): void {
  guard = next;
}

/**
 * Leave the current view: with unsaved changes, ask (spec §4: save or discard); "stay"
 * keeps the owner where they are. Returns whether the navigation happened.
 */
export async function leaveTo(to: string): Promise<boolean> {
  if (guard?.dirty()) {
    prompting = true;
    const choice = await unsavedChangesPrompt().finally(() => {
      prompting = false;
    });
    if (choice === 'stay') {
      // Back to editing: the autosave that waited runs now.
      if (guard.autosave) await guard.save();
      return false;
    }
    if (choice === 'save') await guard.save();
  }
  guard = null;
  navigate(to);
  return true;
}

// Closing the tab with unsaved changes gets the browser's own prompt.
window.addEventListener('beforeunload', (event) => {
  if (guard?.dirty()) event.preventDefault();
});
