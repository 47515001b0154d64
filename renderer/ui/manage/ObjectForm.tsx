/**
 * A form over one object the server answered (a settings group, a store): labelled fields of the
 * right kind, a save that sends the changed keys, and the server's validation messages next to the
 * fields they name.
 */
import type { ComponentChildren } from 'preact';
import { useLayoutEffect, useState } from 'preact/hooks';
import { useTill } from '../context.js';
import { errorFor, runSave, type FieldErrors } from './api.js';
import { changesOf, draftFrom, type Draft, type FieldSpec } from './fields.js';

export function fieldId(formId: string, path: string): string {
  return `${formId}-${path.replace(/[^A-Za-z0-9_-]+/g, '-')}`;
}

/** The message under a field, tied to it by `aria-describedby`. */
export function FieldMessage(props: { id: string; message: string | null }) {
  if (props.message === null) return null;
  return (
    <p id={`${props.id}-error`} class="field-error">
      {props.message}
    </p>
  );
}

export function describedBy(id: string, message: string | null, help?: string): string | undefined {
  const ids = [help === undefined ? null : `${id}-help`, message === null ? null : `${id}-error`].filter((item) => item !== null);
  return ids.length === 0 ? undefined : ids.join(' ');
}

interface InputProps {
  formId: string;
  spec: FieldSpec;
  draft: Draft;
  errors: FieldErrors;
  placeholder: string | undefined;
  onChange: (path: string, value: string | boolean | string[]) => void;
}

function Field(props: InputProps) {
  const { formId, spec, draft, errors, onChange } = props;
  const id = fieldId(formId, spec.path);
  const message = errorFor(errors, spec.path);
  const aria = { 'aria-invalid': message === null ? undefined : ('true' as const), 'aria-describedby': describedBy(id, message, spec.help) };
  const help =
    spec.help === undefined ? null : (
      <p id={`${id}-help`} class="hint">
        {spec.help}
      </p>
    );
  const value = draft[spec.path];
  const text = typeof value === 'string' ? value : '';
  const field = spec.field;
  if (field.kind === 'group') {
    return (
      <fieldset class="manage-fieldset" aria-describedby={aria['aria-describedby']}>
        <legend>{spec.label}</legend>
        {help}
        {field.fields.map((inner) => (
          <Field key={inner.path} {...props} spec={inner} placeholder={undefined} />
        ))}
        <FieldMessage id={id} message={errors[spec.path] ?? null} />
      </fieldset>
    );
  }
  if (field.kind === 'checkbox') {
    return (
      <div class="manage-field manage-check">
        <label class="check">
          <input
            id={id}
            type="checkbox"
            checked={value === true}
            {...aria}
            onChange={(event) => {
              onChange(spec.path, event.currentTarget.checked);
            }}
          />{' '}
          {spec.label}
        </label>
        {help}
        <FieldMessage id={id} message={message} />
      </div>
    );
  }
  if (field.kind === 'choices') {
    const chosen = Array.isArray(value) ? value : [];
    return (
      <fieldset class="manage-fieldset" {...aria}>
        <legend>{spec.label}</legend>
        {help}
        {field.options.map(([option, label]) => (
          <label key={option} class="check">
            <input
              type="checkbox"
              checked={chosen.includes(option)}
              onChange={(event) => {
                onChange(spec.path, event.currentTarget.checked ? [...chosen, option] : chosen.filter((item) => item !== option));
              }}
            />{' '}
            {label}
          </label>
        ))}
        <FieldMessage id={id} message={message} />
      </fieldset>
    );
  }
  let input: ComponentChildren;
  const set = (event: { currentTarget: { value: string } }): void => {
    onChange(spec.path, event.currentTarget.value);
  };
  if (field.kind === 'select') {
    input = (
      <select id={id} value={text} {...aria} onChange={set}>
        {field.options.map(([option, label]) => (
          <option key={option} value={option}>
            {label}
          </option>
        ))}
      </select>
    );
  } else if (field.kind === 'number') {
    input = <input id={id} type="number" step="any" value={text} placeholder={field.nullable === true ? 'Automatic' : undefined} {...aria} onInput={set} />;
  } else if (field.kind === 'readonly') {
    input = (
      <output id={id} class="manage-readonly">
        {text === '' ? '—' : text}
      </output>
    );
  } else if (field.kind === 'text' && field.multiline !== true) {
    input = <input id={id} type={field.type ?? 'text'} value={text} placeholder={props.placeholder} {...aria} onInput={set} />;
  } else {
    const rows = field.kind === 'json' ? 6 : 3;
    input = <textarea id={id} rows={rows} value={text} placeholder={props.placeholder} spellcheck={false} {...aria} onInput={set} />;
  }
  return (
    <div class="manage-field">
      <label for={id}>{spec.label}</label>
      {input}
      {help}
      <FieldMessage id={id} message={message} />
    </div>
  );
}

export interface ObjectFormProps {
  id: string;
  label: string;
  values: Readonly<Record<string, unknown>>;
  fields: readonly FieldSpec[];
  /** Sends the changed keys; answers the server's new values. */
  onSave: (patch: Record<string, unknown>) => Promise<Record<string, unknown>>;
  onSaved?: (values: Record<string, unknown>) => void;
  /** Shown in empty fields: what an empty override falls back to. */
  placeholders?: Readonly<Record<string, string>>;
  submitLabel?: string;
  children?: ComponentChildren;
}

export function ObjectForm(props: ObjectFormProps) {
  const { till } = useTill();
  const { values, fields } = props;
  const [draft, setDraft] = useState<Draft>(() => draftFrom(values, fields));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  // A new answer from the server (after a save, or another object chosen) resets the inputs; the
  // fields are derived from the values, so they need not be a dependency of their own.
  // A layout effect runs in the same task as the render, so a keystroke or a scan cannot land
  // between the fields appearing and this reset (a plain effect runs after paint and wiped them).
  useLayoutEffect(() => {
    setDraft(draftFrom(values, fields));
  }, [values]);

  const onChange = (path: string, value: string | boolean | string[]): void => {
    setDraft((current) => ({ ...current, [path]: value }));
  };

  const submit = async (event: Event): Promise<void> => {
    event.preventDefault();
    const { patch, invalid } = changesOf(values, fields, draft);
    if (Object.keys(invalid).length > 0) {
      setErrors(invalid);
      return;
    }
    if (Object.keys(patch).length === 0) {
      till.info('Nothing to save: no field was changed.');
      return;
    }
    setSaving(true);
    await runSave(
      till,
      async () => {
        const saved = await props.onSave(patch);
        props.onSaved?.(saved);
      },
      { done: `${props.label}: saved.`, onFieldErrors: setErrors },
    );
    setSaving(false);
  };

  const unplaced = Object.keys(errors).filter(
    (name) => !fields.some((spec) => name === spec.path || name.startsWith(`${spec.path}.`) || name.startsWith(`${spec.path}[`)),
  );
  return (
    <form id={props.id} class="card manage-form" aria-label={props.label} noValidate onSubmit={(event) => void submit(event)}>
      <h2>{props.label}</h2>
      {Object.keys(errors).length > 0 && (
        <div class="form-error" role="alert">
          Not saved: the server refused {Object.keys(errors).length === 1 ? 'a field' : 'some fields'}; see the messages below.
          {unplaced.map((name) => (
            <p key={name}>{`${name}: ${errors[name] ?? ''}`}</p>
          ))}
        </div>
      )}
      {fields.map((spec) => (
        <Field key={spec.path} formId={props.id} spec={spec} draft={draft} errors={errors} placeholder={props.placeholders?.[spec.path]} onChange={onChange} />
      ))}
      {props.children}
      <div class="manage-actions">
        <button type="submit" class="button button-primary" disabled={saving}>
          {props.submitLabel ?? 'Save'}
        </button>
      </div>
    </form>
  );
}
