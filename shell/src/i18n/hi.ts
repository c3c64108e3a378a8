// The shell's Hindi catalogue: a chunk of its own, loaded only when the language is Hindi.
import type { Translation } from '@lp/web-platform/i18n';
import type { en } from './en.ts';

const hi: Translation<typeof en> = {
  'brand.tagline': 'अंतराल पर दोहराव से सीखने का प्लेटफ़ॉर्म',
  'nav.main': 'मुख्य',
  'nav.home': 'होम',
  'nav.dashboard': 'डैशबोर्ड',
  'nav.feedback': 'सुझाव',
  'nav.admin': 'एडमिन',
  'signIn.google': 'Google से साइन इन करें',
  'signIn.short': 'साइन इन',
  'ai.label': 'AI की सटीकता के बारे में सूचना',
  'ai.title': 'AI से बनी सामग्री।',
  'ai.text': 'इस प्लेटफ़ॉर्म की क्विज़ शिक्षा के लिए AI से बनाई गई हैं और इनमें गलतियाँ हो सकती हैं।',
  'ai.read': 'अस्वीकरण पढ़ें',
  'footer.policies': 'नीतियाँ',
  'footer.rights': 'सर्वाधिकार सुरक्षित।',
  'policy.privacy': 'गोपनीयता नीति',
  'policy.terms': 'सेवा की शर्तें',
  'policy.refund': 'रिफ़ंड नीति',
  'policy.disclaimer': 'अस्वीकरण',
  'loading': 'लोड हो रहा है...',
  'skipLink': 'मुख्य सामग्री पर जाएँ',
  'toast.close': 'बंद करें',
  'toast.region': 'सूचनाएँ ({hotkey})',
  'toast.announce': 'सूचना',
  'toast.reference': 'संदर्भ: {id}',
  'remote.title': 'यह पेज उपलब्ध नहीं है',
  'remote.message': 'ऐप का यह हिस्सा लोड नहीं हो सका। कृपया थोड़ी देर बाद फिर कोशिश करें।',
};
export default hi;
