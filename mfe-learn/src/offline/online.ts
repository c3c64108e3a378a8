/** Whether the browser has a connection (`navigator.onLine`), re-rendering when it changes. */
import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const online = () => navigator.onLine !== false;

export const useOnline = (): boolean => useSyncExternalStore(subscribe, online, () => true);
