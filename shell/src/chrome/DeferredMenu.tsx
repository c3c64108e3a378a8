// A menu button whose menu code arrives when someone reaches for it (hover or focus starts the download, a click,
// Enter, Space or ArrowDown opens it). Until then the button looks and reads the same as the loaded one.
import { lazy, Suspense, useState, type KeyboardEvent, type ReactElement, type ReactNode } from 'react';

export type MenuEntry =
  | { kind: 'item'; key: string; content: ReactElement }
  | { kind: 'label'; key: string; content: ReactNode }
  | { kind: 'checkbox'; key: string; label: string; checked: boolean; onCheckedChange(checked: boolean): void }
  | { kind: 'separator'; key: string };

export interface MenuProps {
  trigger: ReactNode;
  triggerClassName: string;
  current?: boolean;
  align?: 'start' | 'end';
  entries: MenuEntry[];
}

const loadPopup = () => import('./MenuPopup.tsx');
const MenuPopup = lazy(loadPopup);
const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown']);

export function DeferredMenu(props: MenuProps) {
  const [wanted, setWanted] = useState(false);
  const prefetch = () => void loadPopup().catch(() => undefined);
  const onKeyDown = (e: KeyboardEvent) => {
    if (!OPENING_KEYS.has(e.key)) return;
    e.preventDefault();
    setWanted(true);
  };
  const button = (
    <button
      type="button"
      className={props.triggerClassName}
      data-current={props.current || undefined}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={prefetch}
      onFocus={prefetch}
      onClick={() => setWanted(true)}
      onKeyDown={onKeyDown}
    >
      {props.trigger}
    </button>
  );
  if (!wanted) return button;
  return <Suspense fallback={button}><MenuPopup {...props} /></Suspense>;
}
