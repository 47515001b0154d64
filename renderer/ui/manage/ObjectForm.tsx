/**
 * A form over one object the server answered (a settings group, a store): labelled fields of the
 * right kind, a save that sends the changed keys, and the server's validation messages next to the
 * fields they name.
 */
import type { ComponentChildren } from 'preact';
import { useLayoutEffect, useState } from 'preact/hooks';
import { useTill } from '../context.js';
import { errorFor, runSave, type FieldErrors } from './api.js';
import { CheckField, Field, FieldHint, FieldMessage, fieldAria } from '../kit/Field.js';
import { changesOf, draftFrom, type Draft, type FieldSpec } from './fields.js';

export function fieldId(formId: string, path: string): string {
  return `${formId}-${path.replace(/[^A-Za-z0-9_-]+/g, '-')}`;
}

interface InputProps {
  formId: string;
  spec: FieldSpec;
  draft: Draft;
  errors: FieldErrors;
  placeholder: string | undefined;
  onChange: (path: string, value: string | boolean | string[]) => void;
}

/** A group of fields, or a set of choices: a fieldset with its legend. */
function FieldGroup(props: InputProps & { legend: string; children: ComponentChildren; message: string | null; aria: Partial<ReturnType<typeof fieldAria>> }) {
  const id = fieldId(props.formId, props.spec.path);
  return (
    <fieldset class="manage-fieldset" {...props.aria}>
      <legend>{props.legend}</legend>
      <FieldHint id={id} hint={props.spec.help} />
      {props.children}
      <FieldMessage id={id} message={props.message} />
    </fieldset>
  );
}

function Control(props: InputProps & { id: string; message: string | null }) {
  const { id, spec, draft, placeholder, onChange } = props;
  const aria = fieldAria(id, props.message, spec.help);
  const value = draft[spec.path];
  const text = typeof value === 'string' ? value : '';
  const field = spec.field;
  const set = (event: { currentTarget: { value: string } }): void => {
    onChange(spec.path, event.currentTarget.value);
  };
  if (field.kind === 'select') {
    return (
      <select id={id} value={text} {...aria} onChange={set}>
        {field.options.map(([option, label]) => (
          <option key={option} value={option}>
            {label}
          </option>
        ))}
      </select>
    );
  }
  if (field.kind === 'number') {
    const words = field.empty?.words ?? (field.nullable === true ? 'Automatic' : undefined);
    return <input id={id} type="number" step="any" value={text} placeholder={words} {...aria} onInput={set} />;
  }
  if (field.kind === 'readonly') {
    return (
      <output id={id} class="manage-readonly">
        {text === '' ? '—' : text}
      </output>
    );
  }
  if (field.kind === 'text' && field.multiline !== true) {
    return <input id={id} type={field.type ?? 'text'} value={text} placeholder={field.empty?.words ?? placeholder} {...aria} onInput={set} />;
  }
  const rows = field.kind === 'json' ? 6 : 3;
  return <textarea id={id} rows={rows} value={text} placeholder={placeholder} spellcheck={false} {...aria} onInput={set} />;
}

function ObjectField(props: InputProps) {
  const { formId, spec, draft, errors, onChange } = props;
  const id = fieldId(formId, spec.path);
  const message = errorFor(errors, spec.path);
  const value = draft[spec.path];
  const field = spec.field;
  if (field.kind === 'group') {
    return (
      <FieldGroup
        {...props}
        legend={spec.label}
        message={errors[spec.path] ?? null}
        aria={{ 'aria-describedby': fieldAria(id, message, spec.help)['aria-describedby'] }}
      >
        {field.fields.map((inner) => (
          <ObjectField key={inner.path} {...props} spec={inner} placeholder={undefined} />
        ))}
      </FieldGroup>
    );
  }
  if (field.kind === 'checkbox') {
    return (
      <CheckField
        id={id}
        label={spec.label}
        checked={value === true}
        hint={spec.help}
        error={message}
        onChange={(checked) => {
          onChange(spec.path, checked);
        }}
      />
    );
  }
  if (field.kind === 'choices') {
    const chosen = Array.isArray(value) ? value : [];
    return (
      <FieldGroup {...props} legend={spec.label} message={message} aria={fieldAria(id, message, spec.help)}>
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
      </FieldGroup>
    );
  }
  return (
    <Field id={id} label={spec.label} hint={spec.help} error={message}>
      <Control {...props} id={id} message={message} />
    </Field>
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
        <ObjectField
          key={spec.path}
          formId={props.id}
          spec={spec}
          draft={draft}
          errors={errors}
          placeholder={props.placeholders?.[spec.path]}
          onChange={onChange}
        />
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
