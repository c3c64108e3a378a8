import { forwardRef, type ComponentPropsWithoutRef, type ElementRef } from 'react';
import * as RadixMenu from '@radix-ui/react-dropdown-menu';
import { cx } from './cx.ts';

export const DropdownMenu = RadixMenu.Root;
export const DropdownMenuTrigger = RadixMenu.Trigger;

export const DropdownMenuContent = forwardRef<ElementRef<typeof RadixMenu.Content>, ComponentPropsWithoutRef<typeof RadixMenu.Content>>(
  function DropdownMenuContent({ className, sideOffset = 4, align = 'end', ...rest }, ref) {
    return (
      <RadixMenu.Portal>
        <RadixMenu.Content ref={ref} sideOffset={sideOffset} align={align} className={cx('lp-menu', className)} {...rest} />
      </RadixMenu.Portal>
    );
  },
);

export const DropdownMenuItem = forwardRef<ElementRef<typeof RadixMenu.Item>, ComponentPropsWithoutRef<typeof RadixMenu.Item>>(
  function DropdownMenuItem({ className, ...rest }, ref) {
    return <RadixMenu.Item ref={ref} className={cx('lp-menu__item', className)} {...rest} />;
  },
);

/** A menu item that is a setting, on or off (role menuitemcheckbox); a tick shows when it is on. */
export const DropdownMenuCheckboxItem = forwardRef<ElementRef<typeof RadixMenu.CheckboxItem>, ComponentPropsWithoutRef<typeof RadixMenu.CheckboxItem>>(
  function DropdownMenuCheckboxItem({ className, children, ...rest }, ref) {
    return (
      <RadixMenu.CheckboxItem ref={ref} className={cx('lp-menu__item', className)} {...rest}>
        {children}
        <span className="lp-menu__check" aria-hidden="true">{rest.checked === true ? '✓' : ''}</span>
      </RadixMenu.CheckboxItem>
    );
  },
);

export function DropdownMenuLabel({ className, ...rest }: ComponentPropsWithoutRef<typeof RadixMenu.Label>) {
  return <RadixMenu.Label className={cx('lp-menu__label', className)} {...rest} />;
}

export function DropdownMenuSeparator({ className, ...rest }: ComponentPropsWithoutRef<typeof RadixMenu.Separator>) {
  return <RadixMenu.Separator className={cx('lp-menu__separator', className)} {...rest} />;
}
