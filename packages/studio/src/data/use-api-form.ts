/**
 * Forms through react-hook-form, checked by the zod schemas of @store/api before they are sent,
 * and the server's 400 field errors put back on the fields that caused them.
 *
 *   const form = useApiForm(taxRuleInput, { name: '', country: '', … });
 *   <form onSubmit={form.submitWith((body) => save.mutateAsync({ body }))}>
 *     <input {...form.register('name')} aria-invalid={!!form.errorOf('name')} />
 *     {form.errorOf('name')}
 *     {form.formMessage && <p role="alert">{form.formMessage}</p>}
 *
 * Zod issues and the server's `errors` (docs/api-errors.md) use the same paths
 * (`name`, `variants.0.sku`): both land in `formState.errors` at that path. A form whose fields
 * are not the body's (a rate typed as "8.25" for `rateBasisPoints`) pipes a draft schema into
 * the API schema; the errors keep the API's paths and the inputs read them there. A refusal
 * that names no field (409 "code taken", offline) is `formMessage`, shown above the form.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { type DefaultValues, type FieldErrors, type FieldValues, type Path, useForm } from 'react-hook-form';
import { z } from 'zod';
import { splitFailure } from './errors';

/** The form-level message's slot in react-hook-form's errors. */
const ROOT = 'root.server' as const;

/** Every message in react-hook-form's nested errors, keyed by dotted path (the API's paths). */
export function flattenFieldErrors(errors: FieldErrors, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(errors)) {
    if (key === 'root' || !value || typeof value !== 'object') continue;
    const path = prefix ? `${prefix}.${key}` : key;
    const message = (value as { message?: unknown }).message;
    if (typeof message === 'string' && message) out[path] = message;
    else Object.assign(out, flattenFieldErrors(value as FieldErrors, path));
  }
  return out;
}

/** The default placement of a server path: onto the form's field when the form has its top-level name. */
export function fieldOfPath(
  defaults: object,
  extra: readonly string[] = [],
): (path: string) => string | undefined {
  const names = new Set([...Object.keys(defaults), ...extra]);
  return (path) => (names.has(path.split('.')[0] ?? '') ? path : undefined);
}

export interface ApiFormOptions {
  /** Where a server error path goes in this form (undefined: above the form). */
  fieldFor?: (path: string) => string | undefined;
  /** Paths the schema reports that are not a top-level default (a body path of a piped draft). */
  errorPaths?: readonly string[];
}

export function useApiForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  defaults: DefaultValues<z.input<S>>,
  options: ApiFormOptions = {},
) {
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema as never) as never,
    defaultValues: defaults,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const fieldFor = options.fieldFor ?? fieldOfPath(defaults ?? {}, options.errorPaths);
  const errors = flattenFieldErrors(form.formState.errors);

  /** Submit the checked values with `send`; a refusal's messages go onto the fields. */
  const submitWith = (send: (values: z.output<S>) => Promise<unknown>) =>
    form.handleSubmit(async (values) => {
      form.clearErrors(ROOT);
      try {
        await send(values);
      } catch (failure) {
        const { fields, formMessage } = splitFailure(failure, fieldFor);
        for (const [name, message] of Object.entries(fields))
          form.setError(name as Path<z.input<S>>, { type: 'server', message });
        if (formMessage) form.setError(ROOT, { type: 'server', message: formMessage });
      }
    });

  return {
    ...form,
    submitWith,
    /** Field errors by dotted path (zod's or the server's). */
    errors,
    errorOf: (path: string): string | undefined => errors[path],
    /** What the last refusal said that no field took ('' when none). */
    formMessage: form.formState.errors.root?.server?.message ?? '',
  };
}

/** What a draft → body step answers: the body, or the messages of the fields it could not read. */
export type DraftResult<Body> = { ok: true; body: Body } | { ok: false; errors: Record<string, string> };

/**
 * A form schema for inputs that are not the body (money typed as "9.50", a rate as "8.25"):
 * `toBody` reads the draft (its errors keyed by the body's paths), then the API's own schema
 * checks the body, so the owner gets the server's words before anything is sent.
 */
export function draftSchema<Draft extends FieldValues, Body>(
  toBody: (draft: Draft) => DraftResult<Body>,
  apiSchema: z.ZodType,
) {
  return z
    .custom<Draft>((value) => typeof value === 'object' && value !== null)
    .transform((draft, ctx) => {
      const read = toBody(draft);
      if (read.ok) return read.body;
      for (const [path, message] of Object.entries(read.errors))
        ctx.addIssue({ code: 'custom', path: path.split('.'), message });
      return z.NEVER;
    })
    .pipe(apiSchema as z.ZodType<Body, Awaited<Body>>);
}
