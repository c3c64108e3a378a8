/** Saving the dashboard's class and subject on the learner's profile (spec §7 Auth and user). */
import { useMutation } from '@tanstack/react-query';
import type { ClassName } from '@lp/contracts';
import { SetClass, SetSubject } from '@lp/contracts/urls';
import { toast, useSession } from '@lp/web-platform';
import { sendRoute } from '@lp/web-platform/route-calls';

/** Spec §8, exactly. */
export const CLASS_SAVE_FAILED = 'Failed to update class selection. Please try again.';
export const SUBJECT_SAVE_FAILED = 'Failed to save subject selection. Please try again.';

/** POST /api/user/class; the profile in the session store follows; a failure shows the spec's toast. */
export function useSaveClass() {
  return useMutation({
    mutationFn: (selectedClass: ClassName) => sendRoute(SetClass, undefined, { selectedClass }),
    onSuccess: (user) => useSession.getState().setUser(user),
    onError: (error) => toast({ title: CLASS_SAVE_FAILED, variant: 'destructive', error }),
  });
}

/** POST /api/user/subject (a subject id); a failure shows the spec's toast. */
export function useSaveSubject() {
  return useMutation({
    mutationFn: (selectedSubject: string) => sendRoute(SetSubject, undefined, { selectedSubject }),
    onSuccess: (user) => useSession.getState().setUser(user),
    onError: (error) => toast({ title: SUBJECT_SAVE_FAILED, variant: 'destructive', error }),
  });
}
