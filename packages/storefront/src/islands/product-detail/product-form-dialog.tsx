import { DEFAULT_LABELS } from '@store/commerce';
import { type FieldValues, FieldsForm, type FormField } from '../../components/fields-form';
import { Modal } from '../../components/modal';

/**
 * The product's additional-fields form in a dialog, asked before an add (spec §5). One lazy
 * chunk, loaded when the dialog first opens (most products have no form).
 */
export function ProductFormDialog(props: {
  title: string;
  fields: FormField[];
  onClose: () => void;
  onSubmit: (values: FieldValues) => void;
}) {
  return (
    <Modal title={props.title} onClose={props.onClose}>
      <FieldsForm fields={props.fields} submitLabel={DEFAULT_LABELS.addToCart} onSubmit={props.onSubmit} />
    </Modal>
  );
}
