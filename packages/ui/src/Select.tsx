import { useId } from 'react';
import { cx } from './cx.ts';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps {
  /** Visible label, tied to the select. */
  label: string;
  options: readonly SelectOption[];
  /** The chosen value (controlled); until there is one, the placeholder shows. */
  value?: string;
  /** The first value of an uncontrolled select (when `value` is not given). */
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  placeholder?: string;
  disabled?: boolean;
  name?: string;
  className?: string;
}

/**
 * A labelled single-choice list: the browser's own `<select>`. A phone opens its native picker, keyboards and
 * screen readers know it without help, and it costs no script. (A Radix select stood here: ~20 KiB compressed
 * and several renders of its hidden item list on every mount, the largest cost of the dashboard's first paint
 * on a phone, issue 16.)
 */
export function Select({ label, options, value, defaultValue, onValueChange, placeholder = 'Select…', disabled, name, className }: SelectProps) {
  const id = useId();
  const controlled = defaultValue === undefined;
  return (
    <div className={cx('lp-field', className)}>
      <label className="lp-field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="lp-select"
        name={name}
        disabled={disabled}
        {...(controlled ? { value: value ?? '' } : { defaultValue })}
        data-placeholder={controlled && value === undefined ? '' : undefined}
        onChange={(event) => onValueChange?.(event.target.value)}
      >
        {controlled && value === undefined && (
          <option value="" disabled>
            {placeholder}
          </option>
        )}
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
