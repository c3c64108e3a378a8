// The visitor's language control in the header: one button naming the other language in itself ("हिन्दी" / "English").
// Signed in, the account menu offers the choice instead (and keeps it on the profile).
import { LANGUAGE_NAMES, setLanguage, useI18n } from '@lp/web-platform/i18n';

export function LanguageSwitch() {
  const other = useI18n((s) => s.language) === 'hi' ? 'en' : 'hi';
  return (
    <button type="button" className="lp-language-switch" lang={other} onClick={() => void setLanguage(other)}>
      {LANGUAGE_NAMES[other]}
    </button>
  );
}
