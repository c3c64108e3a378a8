// The guest challenge page's first screen, in Hindi: a chunk of its own, loaded only in Hindi.
import type { Translation } from '@lp/web-platform/i18n';
import type { linkEn } from './link-en.ts';

const linkHi: Translation<typeof linkEn> = {
  'link.title': 'आपको चुनौती मिली है',
  'link.subtitle': 'क्या आप अपने दोस्त से ज़्यादा अंक ला सकते हैं?',
  'link.howItWorks': 'वही प्रश्न हल करें, फिर दोनों के अंक साथ-साथ देखें, सही उत्तरों और व्याख्याओं के साथ। टाइमर सिर्फ़ यह दिखाता है कि आपको कितना समय लगा: इससे आपका प्रयास कभी खत्म नहीं होता।',
  'link.notFoundTitle': 'चुनौती नहीं मिली',
  'link.notFoundText': 'हो सकता है यह चुनौती समाप्त हो गई हो या मौजूद ही न हो।',
  'link.loadFailed': 'चुनौती लोड नहीं हो सकी। कृपया फिर कोशिश करें।',
  'link.loading': 'चुनौती लोड हो रही है…',
  'link.loadingQuiz': 'क्विज़ लोड हो रही है…',
  'intro.challenged': '{name} ने आपको चुनौती दी है',
  'intro.about': { one: '{subject} · {chapter} · {count} प्रश्न', other: '{subject} · {chapter} · {count} प्रश्न' },
  'intro.yourName': 'आपका नाम',
  'intro.nameRequired': 'नाम ज़रूरी है, चुनौती शुरू करने के लिए कृपया अपना नाम लिखें।',
  'intro.attemptFailed': 'प्रयास शुरू नहीं हो सका',
  'intro.take': 'क्विज़ शुरू करें',
  'intro.starting': 'शुरू हो रहा है…',
  'intro.theirScore': 'उनके अंक',
  'intro.correct': 'सही उत्तर',
  'intro.nOfTotal': '{total} में से {n}',
  'intro.theirTime': 'उनका समय',
  'time.minutes': { one: '{count} मिनट', other: '{count} मिनट' },
  'time.seconds': { one: '{count} सेकंड', other: '{count} सेकंड' },
  'intro.untimed': 'बिना समय-सीमा',
  'intro.untimedMode': 'बिना समय-सीमा: टाइमर छिपाएँ (बराबरी पर आपका समय नहीं गिना जाता)',
  'intro.questions': 'प्रश्न',
  'intro.played': 'कितनी बार खेली गई',
  'intro.unlimited': 'असीमित',
  'intro.expires': 'समाप्ति',
};
export default linkHi;
