// The open menu: Radix's dropdown with its positioning engine (~20 KiB compressed). Loaded only when someone reaches
// for a menu (DeferredMenu), so no page pays for it on its first load.
import { DropdownMenu, DropdownMenuCheckboxItem, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '@lp/ui/dropdown-menu';
import type { MenuEntry, MenuProps } from './DeferredMenu.tsx';

function Entry({ entry }: { entry: MenuEntry }) {
  if (entry.kind === 'separator') return <DropdownMenuSeparator />;
  if (entry.kind === 'label') return <DropdownMenuLabel>{entry.content}</DropdownMenuLabel>;
  if (entry.kind === 'checkbox') {
    return <DropdownMenuCheckboxItem checked={entry.checked} onCheckedChange={entry.onCheckedChange}>{entry.label}</DropdownMenuCheckboxItem>;
  }
  return <DropdownMenuItem asChild>{entry.content}</DropdownMenuItem>;
}

/** Opens at once: it mounts because the learner asked for the menu. */
export default function MenuPopup({ trigger, triggerClassName, current, align, entries }: MenuProps) {
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger className={triggerClassName} data-current={current || undefined}>
        {trigger}
      </DropdownMenuTrigger>
      <DropdownMenuContent align={align}>
        {entries.map((entry) => <Entry key={entry.key} entry={entry} />)}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
