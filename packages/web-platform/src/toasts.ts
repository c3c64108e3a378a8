import { create } from 'zustand';

/** Spec §9: at most 1 toast visible, 5000 ms by default. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;

export type ToastVariant = 'default' | 'destructive';

export interface Toast {
  id: string;
  title?: string;
  description?: string;
  variant: ToastVariant;
  duration: number;
  open: boolean;
  /**
   * The error the toast reports: a failed API call's trace id (`traceIdOf`, `@lp/web-platform/call-details`) is shown as "Reference: <id>",
   * what a learner reads out to support, who finds the trace. Read where the toast is drawn (@lp/ui's lazy toaster),
   * not here: the guest page's scripts have no bytes to spare.
   */
  error?: unknown;
}

export type ToastInput = Partial<Pick<Toast, 'title' | 'description' | 'variant' | 'duration' | 'error'>>;


interface ToastState {
  toasts: Toast[];
  show(input: ToastInput): string;
  dismiss(id?: string): void;
  remove(id: string): void;
}

let counter = 0;
const timers = new Map<string, ReturnType<typeof setTimeout>>();

function clearTimer(id: string) {
  const timer = timers.get(id);
  if (timer) clearTimeout(timer);
  timers.delete(id);
}

export const useToasts = create<ToastState>()((set, get) => ({
  toasts: [],
  show(input) {
    const id = `toast-${++counter}`;
    const toast: Toast = { ...input, id, variant: input.variant ?? 'default', duration: input.duration ?? TOAST_DURATION_MS, open: true };
    // The newest toast wins; older ones beyond the limit are dropped.
    const kept = [toast, ...get().toasts].slice(0, TOAST_LIMIT);
    for (const old of get().toasts) if (!kept.includes(old)) clearTimer(old.id);
    set({ toasts: kept });
    if (Number.isFinite(toast.duration)) {
      timers.set(id, setTimeout(() => get().dismiss(id), toast.duration));
    }
    return id;
  },
  dismiss(id) {
    for (const t of get().toasts) if (id === undefined || t.id === id) clearTimer(t.id);
    set({ toasts: get().toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)) });
  },
  remove(id) {
    clearTimer(id);
    set({ toasts: get().toasts.filter((t) => t.id !== id) });
  },
}));

/** Shows a toast from anywhere (shell or remote); returns its id. */
export const toast = (input: ToastInput): string => useToasts.getState().show(input);
