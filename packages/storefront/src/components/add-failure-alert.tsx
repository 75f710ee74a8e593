import { type AddFailureInput, addFailure } from '@store/commerce';
import { AlertDialog } from './modal';

/** The spec §8 alert for a failed add. Its rules load with the dialog, only once an add fails. */
export function AddFailureAlert(props: { input: AddFailureInput; onClose: () => void }) {
  const failure = addFailure(props.input);
  return <AlertDialog title={failure.title} message={failure.message} onClose={props.onClose} />;
}
