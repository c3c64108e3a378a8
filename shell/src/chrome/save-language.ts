// Choosing the language in the account menu: the page switches at once (no reload); the profile keeps it, so the
// user's other devices and their next visit show it too. Loaded with the menus (signed in only).
import type { SetLanguage } from '@lp/contracts';
import { sendJson, toast, useSession, type CurrentUser } from '@lp/web-platform';
import { setLanguage, type Language } from '@lp/web-platform/i18n';
import { accountT as t } from '../i18n/account.ts';

export const SET_LANGUAGE_URL: (typeof SetLanguage)['url'] = '/api/user/language';

export async function chooseLanguage(language: Language): Promise<void> {
  await setLanguage(language);
  try {
    const user = await sendJson<CurrentUser>('POST', SET_LANGUAGE_URL, { language });
    useSession.setState({ user });
  } catch (error) {
    // The page keeps the choice (and this device remembers it); only the profile did not.
    toast({ variant: 'destructive', title: t('error.error'), description: t('menu.languageSaveFailed'), error });
  }
}
