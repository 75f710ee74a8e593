import { type ComponentProps, Suspense, lazy } from 'react';

// Dialogs and the additional-fields form only appear after an interaction, so they load
// on demand instead of weighing on every product page (spec budget: 80 KB gzipped total).
const ModalImpl = lazy(() => import('./modal').then((m) => ({ default: m.Modal })));
const AlertImpl = lazy(() => import('./modal').then((m) => ({ default: m.AlertDialog })));
const FieldsFormImpl = lazy(() => import('./fields-form').then((m) => ({ default: m.FieldsForm })));

export function LazyModal(props: ComponentProps<typeof ModalImpl>) {
  return (
    <Suspense fallback={null}>
      <ModalImpl {...props} />
    </Suspense>
  );
}

export function LazyAlertDialog(props: ComponentProps<typeof AlertImpl>) {
  return (
    <Suspense fallback={null}>
      <AlertImpl {...props} />
    </Suspense>
  );
}

export function LazyFieldsForm(props: ComponentProps<typeof FieldsFormImpl>) {
  return (
    <Suspense fallback={null}>
      <FieldsFormImpl {...props} />
    </Suspense>
  );
}
