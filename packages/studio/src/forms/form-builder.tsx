import { type FormEvent, useEffect, useRef, useState } from 'react';
import { confirmModal } from '../components/dialogs';
import { navigate } from '../router';
import { leaveTo, setUnsavedGuard } from '../unsaved-guard';
import { FormFields } from './form-fields';
import { FormSettings, type SettingsTab } from './form-settings';
import {
  type FormBody,
  type TemplateSchema,
  failureMessage,
  fieldErrors,
  formPaths,
  formsApi,
} from './forms-api';

/** The settings tabs of spec §2, in its order. */
const TABS = ['build', 'storage', 'advanced', 'captcha', 'disclaimer'] as const;
type Tab = (typeof TABS)[number];
const TAB_LABELS: Record<Tab, string> = {
  build: 'Build',
  storage: 'Storage',
  advanced: 'Advanced',
  captcha: 'Captcha',
  disclaimer: 'Disclaimer',
};

type Draft = FormBody & {
  definition: Required<Pick<FormBody['definition'], 'fields'>> & FormBody['definition'];
};

/**
 * One form in the builder: its fields (Build) and settings (the other tabs). Save sends the
 * whole definition; the API's field errors show beside their fields. The status says
 * "Saving…" while the save runs (spec §4 form widget: editing or saving); leaving with
 * unsaved changes asks first.
 */
export function FormBuilder({ id }: { id: string }) {
  const [schema, setSchema] = useState<TemplateSchema | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [savedJson, setSavedJson] = useState('');
  const [tab, setTab] = useState<Tab>('build');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState('');
  const [note, setNote] = useState('');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    Promise.all([formsApi.get(id), formsApi.templateSchema()])
      .then(([form, template]) => {
        const loaded: Draft = {
          name: form.name,
          notificationEmail: form.notificationEmail ?? '',
          definition: form.definition,
        };
        setSchema(template);
        setDraft(loaded);
        setSavedJson(JSON.stringify(loaded));
      })
      .catch((failure) => setAlert(failureMessage(failure)));
  }, [id]);

  const latest = useRef({ draft, savedJson, save: async () => {} });
  latest.current.draft = draft;
  latest.current.savedJson = savedJson;

  async function save() {
    if (!draft) return;
    setSaving(true);
    setNote('');
    try {
      const form = await formsApi.save(id, draft);
      const next: Draft = {
        name: form.name,
        notificationEmail: form.notificationEmail ?? '',
        definition: form.definition,
      };
      setDraft(next);
      setSavedJson(JSON.stringify(next));
      setErrors({});
      setAlert('');
      setNote('Form saved.');
    } catch (failure) {
      setErrors(fieldErrors(failure));
      setAlert(failureMessage(failure));
      throw failure;
    } finally {
      setSaving(false);
    }
  }
  latest.current.save = save;

  useEffect(() => {
    setUnsavedGuard({
      dirty: () => {
        const { draft: d, savedJson: s } = latest.current;
        return d !== null && JSON.stringify(d) !== s;
      },
      save: () => latest.current.save(),
    });
    return () => setUnsavedGuard(null);
  }, []);

  async function remove() {
    const ok = await confirmModal({
      title: `Delete ${draft?.name ?? 'this form'}?`,
      message: 'The form and its submissions are deleted. This cannot be undone.',
      confirmLabel: 'Delete',
    });
    if (!ok) return;
    try {
      await formsApi.remove(id);
      setUnsavedGuard(null);
      navigate(formPaths.list);
    } catch (failure) {
      setAlert(failureMessage(failure));
    }
  }

  if (!draft || !schema)
    return alert ? (
      <p className="alert" role="alert">
        {alert}
      </p>
    ) : (
      <p className="loading">Loading the form…</p>
    );

  const dirty = JSON.stringify(draft) !== savedJson;
  const setDefinition = (patch: Partial<Draft['definition']>) => {
    setDraft({ ...draft, definition: { ...draft.definition, ...patch } });
    setNote('');
  };
  const tabErrors = (t: Tab) =>
    Object.keys(errors).some((k) =>
      t === 'build'
        ? k.startsWith('definition.fields') || k === 'name'
        : SETTING_TAB_OF[k.replace(/^definition\./, '')] === t,
    );

  return (
    <form
      className="form-builder"
      aria-label="Form builder"
      noValidate
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        save().catch(() => undefined);
      }}
    >
      <div className="form-builder__bar">
        <a
          href={formPaths.list}
          className="btn btn--plain"
          onClick={(e) => {
            e.preventDefault();
            leaveTo(formPaths.list);
          }}
        >
          ← Forms
        </a>
        <input
          className="form-builder__name"
          aria-label="Form name"
          value={draft.name}
          aria-invalid={Boolean(errors.name)}
          onChange={(e) => {
            setDraft({ ...draft, name: e.target.value });
            setNote('');
          }}
        />
        <span role="status" className="note form-builder__status">
          {saving ? 'Saving…' : note || (dirty ? 'Editing' : '')}
        </span>
        <button type="button" className="btn btn--plain" onClick={remove}>
          Delete
        </button>
        <button type="submit" className="btn btn--primary" disabled={saving || !dirty}>
          Save
        </button>
      </div>
      {errors.name && <p className="field-error">{errors.name}</p>}
      {alert && (
        <p className="alert" role="alert">
          {alert}
        </p>
      )}
      <div className="form-builder__tabs" role="tablist" aria-label="Form settings">
        {TABS.map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            id={`form-tab-${t}`}
            aria-selected={tab === t}
            aria-controls={`form-panel-${t}`}
            className={`form-builder__tab${tab === t ? ' form-builder__tab--active' : ''}${tabErrors(t) ? ' form-builder__tab--error' : ''}`}
            onClick={() => setTab(t)}
          >
            {TAB_LABELS[t]}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`form-panel-${tab}`} aria-labelledby={`form-tab-${tab}`}>
        {tab === 'build' ? (
          <FormFields
            schema={schema}
            fields={draft.definition.fields}
            errors={errors}
            onChange={(fields) => setDefinition({ fields })}
          />
        ) : (
          <FormSettings
            formId={id === 'new' ? undefined : id}
            tab={tab as SettingsTab}
            draft={draft}
            errors={errors}
            onDefinition={setDefinition}
            onEmail={(notificationEmail) => {
              setDraft({ ...draft, notificationEmail });
              setNote('');
            }}
          />
        )}
      </div>
    </form>
  );
}

/** Which tab shows a setting (to mark the tab that holds an error). */
const SETTING_TAB_OF: Record<string, Tab> = {
  notificationEmail: 'storage',
  parsedSubmissionMessage: 'advanced',
  submissionHTML: 'advanced',
  successRedirect: 'advanced',
  captchaEnabled: 'captcha',
  captchaTheme: 'captcha',
  captchaAlignment: 'captcha',
  parsedDisclaimerMessage: 'disclaimer',
};
