import { useId } from 'react';
import * as RadixSelect from '@radix-ui/react-select';
import { cx } from './cx.ts';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps {
  /** Visible label, tied to the trigger. */
  label: string;
  options: readonly SelectOption[];
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  placeholder?: string;
  disabled?: boolean;
  name?: string;
  className?: string;
}

/** A labelled single-choice list (keyboard and screen-reader friendly, from Radix). */
export function Select({ label, options, value, defaultValue, onValueChange, placeholder = 'Select…', disabled, name, className }: SelectProps) {
  const id = useId();
  return (
    <div className={cx('lp-field', className)}>
      <label className="lp-field__label" htmlFor={id}>
        {label}
      </label>
      <RadixSelect.Root value={value} defaultValue={defaultValue} onValueChange={onValueChange} disabled={disabled} name={name}>
        <RadixSelect.Trigger id={id} className="lp-select__trigger">
          <RadixSelect.Value placeholder={placeholder} />
          <RadixSelect.Icon className="lp-select__icon" aria-hidden="true">
            ▾
          </RadixSelect.Icon>
        </RadixSelect.Trigger>
        <RadixSelect.Portal>
          <RadixSelect.Content className="lp-select__content" position="popper" sideOffset={4}>
            <RadixSelect.Viewport className="lp-select__viewport">
              {options.map((option) => (
                <RadixSelect.Item key={option.value} value={option.value} disabled={option.disabled} className="lp-select__item">
                  <RadixSelect.ItemText>{option.label}</RadixSelect.ItemText>
                  <RadixSelect.ItemIndicator className="lp-select__check" aria-hidden="true">
                    ✓
                  </RadixSelect.ItemIndicator>
                </RadixSelect.Item>
              ))}
            </RadixSelect.Viewport>
          </RadixSelect.Content>
        </RadixSelect.Portal>
      </RadixSelect.Root>
    </div>
  );
}
