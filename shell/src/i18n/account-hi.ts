// The signed-in chrome's Hindi.
import type { Translation } from '@lp/web-platform/i18n';
import type { accountEn } from './account-en.ts';

const accountHi: Translation<typeof accountEn> = {
  'menu.accountFor': 'खाता मेनू:',
  'menu.plan': 'मेरा प्लान और भुगतान',
  'menu.untimed': 'बिना समय-सीमा: टाइमर छिपाएँ',
  'menu.replies': { one: 'आपके सुझाव पर {count} नया जवाब', other: 'आपके सुझावों पर {count} नए जवाब' },
  'menu.replyToast': 'आपके सुझाव का जवाब',
  'menu.signOut': 'साइन आउट',
  'menu.languageSaveFailed': 'आपकी भाषा सहेजी नहीं जा सकी। यह केवल इस डिवाइस पर लागू है।',
  'admin.upload': 'सामग्री अपलोड',
  'admin.revision': 'दोहराव की सेटिंग',
  'admin.feedback': 'सुझाव इनबॉक्स',
  'admin.flags': 'चिह्नित प्रश्न',
  'admin.paymentTest': 'भुगतान जाँच',
  'admin.versions': 'संस्करण',
  'admin.metrics': 'आँकड़े',
  'error.error': 'त्रुटि',
  'disclaimer.saveFailed': 'आपकी स्वीकृति सहेजी नहीं जा सकी। कृपया फिर कोशिश करें।',
};
export default accountHi;
