// The shell's other pages in Hindi: the 404 page, and the policy pages' headings, way back, and a note that the
// English text binds (as Indian companies publish their policies).
import type { Translation } from '@lp/web-platform/i18n';
import type { pagesEn } from './pages-en.ts';

const pagesHi: Translation<typeof pagesEn> = {
  'notFound.title': '404 पेज नहीं मिला',
  'notFound.message': 'आप जो पेज ढूँढ रहे हैं वह मौजूद नहीं है या कहीं और चला गया है।',
  'notFound.hint': 'क्या आप इस रास्ते (route) को route table में जोड़ना भूल गए?',
  'notFound.back': 'होम पर वापस',
  'policy.back': 'होम पर वापस',
  'policy.updated': 'अंतिम अपडेट: {date}',
  'policy.englishBinding': 'यह नीति अंग्रेज़ी में है; नीचे दिया गया अंग्रेज़ी पाठ ही मान्य (बाध्यकारी) है।',
  'policy.privacyDescription': 'Google से साइन इन करने और पढ़ाई करने पर {name} क्या जानकारी लेता है, उसका उपयोग, साझा करना और सुरक्षा कैसे होती है, और आपके अधिकार।',
  'policy.termsDescription': '{name} के उपयोग की शर्तें: सेवा, खाते, AI से बनी सामग्री, सदस्यता, आचरण और दायित्व।',
  'policy.refundDescription': '{name} की पहली सदस्यता पर 7 दिन की पैसे-वापसी गारंटी, किन पर लागू नहीं, रिफ़ंड का समय और रद्द करने का तरीका।',
  'policy.disclaimerDescription': '{name} की क्विज़ शिक्षा के लिए AI से बनाई गई हैं और इनमें गलतियाँ हो सकती हैं: सटीकता, शैक्षिक उपयोग और दायित्व।',
};
export default pagesHi;
