/**
 * One input of a tool's form, by field type (docs/product/tools.md#data): text, long text,
 * select and multiselect (option chips with their icons), e-mail, place, photo (uploaded to the
 * app's host), height and weight (held in cm and kg, typed in either unit), item select.
 */
import { useId, useState, type ReactNode } from 'react';
import { TOOL_PAGE_MESSAGES as T, type ToolPageField } from '@tessera/contracts/tool-page';
import { UploadFile } from '../sdk';
import type { FieldValue } from './form-values';

interface FieldProps {
  field: ToolPageField;
  value: FieldValue | undefined;
  error: string | null;
  onChange: (value: FieldValue) => void;
  /** False for anonymous visitors: a photo needs a signed-in end user. */
  canUpload: boolean;
  onSignIn: () => void;
  /** Placeholder for the main input when the field has none. */
  placeholder?: string;
}

const text = (value: FieldValue | undefined) => (typeof value === 'string' ? value : '');
const list = (value: FieldValue | undefined) => (Array.isArray(value) ? value : []);

function OptionIcon({ url }: { url: string | null }) {
  return url ? <img className="tt-option-icon" src={url} alt="" loading="lazy" /> : null;
}

/** Height in cm, typed in cm or in feet and inches. */
function HeightInput({
  id,
  value,
  onChange,
  invalid,
}: {
  id: string;
  value: string;
  onChange: (v: string) => void;
  invalid: boolean;
}) {
  const [unit, setUnit] = useState<'cm' | 'ft'>('cm');
  const cm = Number(value) || 0;
  const totalIn = cm / 2.54;
  const [feet, inches] = cm ? [Math.floor(totalIn / 12), Math.round(totalIn % 12)] : [0, 0];
  const fromImperial = (ft: number, inch: number) =>
    onChange(ft || inch ? String(Math.round((ft * 12 + inch) * 2.54)) : '');
  return (
    <div className="tt-measure">
      {unit === 'cm' ? (
        <input
          id={id}
          className="tt-input"
          type="number"
          inputMode="decimal"
          min="1"
          max="300"
          value={value}
          aria-invalid={invalid}
          onChange={(e) => onChange(e.target.value)}
        />
      ) : (
        <div className="tt-measure-pair">
          <input
            id={id}
            className="tt-input"
            type="number"
            inputMode="numeric"
            min="0"
            max="9"
            aria-label={T.feet}
            value={feet || ''}
            aria-invalid={invalid}
            onChange={(e) => fromImperial(Number(e.target.value), inches)}
          />
          <span>{T.feet}</span>
          <input
            className="tt-input"
            type="number"
            inputMode="numeric"
            min="0"
            max="11"
            aria-label={T.inches}
            value={cm ? inches : ''}
            onChange={(e) => fromImperial(feet, Number(e.target.value))}
          />
          <span>{T.inches}</span>
        </div>
      )}
      <UnitSwitch
        options={[
          ['cm', T.cm],
          ['ft', T.ftIn],
        ]}
        value={unit}
        onChange={(u) => setUnit(u as 'cm' | 'ft')}
      />
    </div>
  );
}

/** Weight in kg, typed in kg or pounds. */
function WeightInput({
  id,
  value,
  onChange,
  invalid,
}: {
  id: string;
  value: string;
  onChange: (v: string) => void;
  invalid: boolean;
}) {
  const [unit, setUnit] = useState<'kg' | 'lb'>('kg');
  const kg = Number(value) || 0;
  const shown = unit === 'kg' ? value : kg ? String(Math.round(kg * 2.20462)) : '';
  return (
    <div className="tt-measure">
      <input
        id={id}
        className="tt-input"
        type="number"
        inputMode="decimal"
        min="1"
        value={shown}
        aria-invalid={invalid}
        onChange={(e) => {
          const n = e.target.value;
          onChange(unit === 'kg' || !n ? n : String(Math.round((Number(n) / 2.20462) * 10) / 10));
        }}
      />
      <UnitSwitch
        options={[
          ['kg', T.kg],
          ['lb', T.lb],
        ]}
        value={unit}
        onChange={(u) => setUnit(u as 'kg' | 'lb')}
      />
    </div>
  );
}

function UnitSwitch({
  options,
  value,
  onChange,
}: {
  options: Array<[string, string]>;
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <div className="tt-units" role="group">
      {options.map(([key, label]) => (
        <button key={key} type="button" className="tt-unit" aria-pressed={value === key} onClick={() => onChange(key)}>
          {label}
        </button>
      ))}
    </div>
  );
}

function PhotoInput({
  id,
  value,
  onChange,
  canUpload,
  onSignIn,
}: {
  id: string;
  value: string;
  onChange: (v: string) => void;
  canUpload: boolean;
  onSignIn: () => void;
}) {
  const [isUploading, setIsUploading] = useState(false);
  if (!canUpload)
    return (
      <button type="button" className="tt-secondary" onClick={onSignIn}>
        {T.photoSignIn}
      </button>
    );
  return (
    <div className="tt-photo">
      {value ? <img src={value} alt="" className="tt-photo-preview" /> : null}
      <label className="tt-secondary" htmlFor={id} aria-busy={isUploading}>
        {isUploading ? T.photoUploading : value ? T.photoChange : T.photoChoose}
      </label>
      <input
        id={id}
        className="tt-visually-hidden"
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp,image/avif"
        disabled={isUploading}
        onChange={async (e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (!file) return;
          setIsUploading(true);
          try {
            onChange((await UploadFile({ file })).file_url);
          } catch {
            // UploadFile has shown the toast.
          } finally {
            setIsUploading(false);
          }
        }}
      />
    </div>
  );
}

export function FieldInput({ field, value, error, onChange, canUpload, onSignIn, placeholder }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const invalid = Boolean(error);
  const describedBy = error ? errorId : undefined;
  const hint = field.placeholder ?? placeholder ?? '';
  let control: ReactNode;
  switch (field.type) {
    case 'long_text':
      control = (
        <textarea
          id={id}
          className="tt-input tt-textarea"
          rows={4}
          value={text(value)}
          placeholder={hint}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          onChange={(e) => onChange(e.target.value)}
        />
      );
      break;
    case 'select':
    case 'multiselect': {
      const isMulti = field.type === 'multiselect';
      const chosen = isMulti ? list(value) : [text(value)];
      control = (
        <div
          className="tt-chips"
          role={isMulti ? 'group' : 'radiogroup'}
          aria-labelledby={`${id}-label`}
          aria-describedby={describedBy}
        >
          {field.options.map((option) => {
            const isOn = chosen.includes(option.label);
            return (
              <button
                key={option.label}
                type="button"
                className="tt-chip"
                role={isMulti ? 'checkbox' : 'radio'}
                aria-checked={isOn}
                onClick={() =>
                  onChange(
                    isMulti
                      ? isOn
                        ? chosen.filter((c) => c !== option.label)
                        : [...chosen, option.label]
                      : isOn
                        ? ''
                        : option.label,
                  )
                }
              >
                <OptionIcon url={option.iconUrl} />
                {option.label}
              </button>
            );
          })}
        </div>
      );
      break;
    }
    case 'tool_item_select':
      control = (
        <select
          id={id}
          className="tt-input"
          value={text(value)}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          onChange={(e) => onChange(e.target.value)}
        >
          <option value="">{T.selectPlaceholder}</option>
          {field.options.map((o) => (
            <option key={o.label} value={o.label}>
              {o.label}
            </option>
          ))}
        </select>
      );
      break;
    case 'photo':
      control = (
        <PhotoInput id={id} value={text(value)} onChange={onChange} canUpload={canUpload} onSignIn={onSignIn} />
      );
      break;
    case 'height':
      control = <HeightInput id={id} value={text(value)} onChange={onChange} invalid={invalid} />;
      break;
    case 'weight':
      control = <WeightInput id={id} value={text(value)} onChange={onChange} invalid={invalid} />;
      break;
    default:
      control = (
        <input
          id={id}
          className="tt-input"
          type={field.type === 'email' ? 'email' : 'text'}
          autoComplete={field.type === 'email' ? 'email' : field.type === 'place' ? 'address-level2' : 'off'}
          value={text(value)}
          placeholder={hint}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          onChange={(e) => onChange(e.target.value)}
        />
      );
  }
  const isGroup = field.type === 'select' || field.type === 'multiselect';
  return (
    <div className="tt-field">
      {isGroup ? (
        <span className="tt-label" id={`${id}-label`}>
          {field.label}
          {!field.required ? <span className="tt-optional"> ({T.optional})</span> : null}
        </span>
      ) : (
        <label className="tt-label" htmlFor={id} id={`${id}-label`}>
          {field.label}
          {!field.required ? <span className="tt-optional"> ({T.optional})</span> : null}
        </label>
      )}
      {control}
      {error ? (
        <p className="tt-field-error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
