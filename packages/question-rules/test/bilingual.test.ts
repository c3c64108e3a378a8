// Issue 33 §1: bilingual questions. Hindi fields at ingest, a Hindi option scoring as its English twin, and short
// answers checked in Devanagari with the spellings a Hindi keyboard or a Hindi reader treats as the same word.
import { describe, expect, it } from 'vitest';
import { answerIndex, foldAnswer, foldDevanagari, isAnswerCorrect, normaliseQuestion, type RawQuestion } from '../src/index.ts';

const mcq: RawQuestion = {
  question: 'Which gas do plants take in for photosynthesis?',
  type: 'multiple_choice',
  options: ['Oxygen', 'Carbon dioxide', 'Nitrogen', 'Hydrogen'],
  correctAnswer: 'Carbon dioxide',
  explanation: 'Plants fix carbon dioxide into sugars.',
  hi: {
    question: 'प्रकाश संश्लेषण के लिए पौधे कौन-सी गैस लेते हैं?',
    options: ['ऑक्सीजन', 'कार्बन डाइऑक्साइड', 'नाइट्रोजन', 'हाइड्रोजन'],
    explanation: 'पौधे कार्बन डाइऑक्साइड से शर्करा बनाते हैं।',
  },
};
const short: RawQuestion = {
  question: 'Which language is spoken the most in India?',
  type: 'short_answer',
  correctAnswer: 'Hindi',
  hi: { question: 'भारत में सबसे अधिक कौन-सी भाषा बोली जाती है?', correctAnswer: 'हिन्दी' },
};

function stored(raw: RawQuestion) {
  const r = normaliseQuestion(raw);
  if (!r.ok) throw new Error(r.reason);
  return r.question;
}
function reason(raw: RawQuestion): string {
  const r = normaliseQuestion(raw);
  if (r.ok) throw new Error('expected a rejection');
  return r.reason;
}

describe('ingest of the Hindi fields', () => {
  it('stores the Hindi question, options and explanation, and the Hindi option at the key\'s position as the Hindi answer', () => {
    expect(stored(mcq).hi).toEqual({
      question: 'प्रकाश संश्लेषण के लिए पौधे कौन-सी गैस लेते हैं?',
      options: ['ऑक्सीजन', 'कार्बन डाइऑक्साइड', 'नाइट्रोजन', 'हाइड्रोजन'],
      correctAnswer: 'कार्बन डाइऑक्साइड',
      explanation: 'पौधे कार्बन डाइऑक्साइड से शर्करा बनाते हैं।',
    });
    expect(stored(short).hi).toEqual({ question: 'भारत में सबसे अधिक कौन-सी भाषा बोली जाती है?', options: [], correctAnswer: 'हिन्दी', explanation: '' });
    expect(stored({ question: 'The Sun is a star.', type: 'true_false', correctAnswer: 'False', hi: { question: 'सूर्य एक तारा है।' } }).hi?.correctAnswer).toBe('गलत');
    expect(stored({ ...mcq, hi: undefined })).not.toHaveProperty('hi');
  });

  it('rejects Hindi options whose count differs from the English options, naming the question', () => {
    expect(reason({ ...mcq, hi: { question: 'प्रश्न', options: ['ऑक्सीजन', 'नाइट्रोजन'] } })).toBe(
      'Question "Which gas do plants take in for photosynthesis?": hi.options has 2 options but options has 4; give the Hindi options in the same number and order',
    );
  });

  it('rejects a Hindi version without its question, and Hindi fields the question type has no use for', () => {
    expect(reason({ ...mcq, hi: { options: ['क', 'ख', 'ग', 'घ'] } })).toContain('hi.question (the Hindi question text) is missing or empty');
    expect(reason({ question: 'The Sun is a star.', type: 'true_false', correctAnswer: 'True', hi: { question: 'सूर्य एक तारा है।', options: ['हाँ', 'नहीं'] } }))
      .toContain('hi.options is only for multiple_choice questions');
    expect(reason({ ...mcq, hi: { question: 'प्रश्न', correctAnswer: 'कार्बन डाइऑक्साइड' } })).toContain('hi.correctAnswer is only for short_answer questions');
  });
});

describe('scoring in either language', () => {
  it('scores a Hindi option exactly as its English twin', () => {
    const key = stored(mcq);
    expect(isAnswerCorrect(key, 'कार्बन डाइऑक्साइड')).toBe(true);
    expect(isAnswerCorrect(key, 'Carbon dioxide')).toBe(true);
    expect(isAnswerCorrect(key, 'ऑक्सीजन')).toBe(false);
    expect(answerIndex(key, 'नाइट्रोजन')).toBe(2);
    // Typed with a candra-less spelling, the Hindi option is still found.
    expect(answerIndex(key, 'आक्सीजन')).toBe(0);
  });

  it('scores सही / गलत on a true/false question', () => {
    const key = stored({ question: 'The Sun is a star.', type: 'true_false', correctAnswer: 'True', hi: { question: 'सूर्य एक तारा है।' } });
    expect(isAnswerCorrect(key, 'सही')).toBe(true);
    expect(isAnswerCorrect(key, 'गलत')).toBe(false);
  });

  it('accepts a short answer against the Hindi key or the English one', () => {
    const key = stored(short);
    expect(isAnswerCorrect(key, 'हिन्दी')).toBe(true);
    expect(isAnswerCorrect(key, 'हिंदी')).toBe(true);
    expect(isAnswerCorrect(key, ' hindi ')).toBe(true);
    expect(isAnswerCorrect(key, 'अंग्रेज़ी')).toBe(false);
    expect(isAnswerCorrect(key, 'Hindi'.slice(0, 2))).toBe(false);
  });

  it('accepts a Hindi short answer typed without its nukta, or with a decomposed one', () => {
    const key = stored({ question: 'Which metal coats iron when it is galvanised?', type: 'short_answer', correctAnswer: 'Zinc', hi: { question: 'जस्तीकरण में लोहे पर किस धातु की परत चढ़ाई जाती है?', correctAnswer: 'ज़िंक' } });
    expect(isAnswerCorrect(key, 'जिंक')).toBe(true);
    expect(isAnswerCorrect(key, '\u091C\u093Cिंक')).toBe(true);
    expect(isAnswerCorrect(key, 'ज़िन्क')).toBe(false); // न् before क is not of its class: a different spelling
    expect(isAnswerCorrect(key, 'zinc')).toBe(true);
  });
});

describe('foldDevanagari', () => {
  it('folds a precomposed nukta letter, a decomposed one and none alike', () => {
    const precomposed = '\u095Bरूरी'; // ज़ as one code point
    const decomposed = '\u091C\u093Cरूरी'; // ज + nukta
    expect(foldDevanagari(precomposed)).toBe('जरूरी');
    expect(foldDevanagari(decomposed)).toBe('जरूरी');
    expect(foldAnswer('सड़क')).toBe(foldAnswer('सडक'));
    expect(foldAnswer('क़लम')).toBe(foldAnswer('कलम'));
  });

  it('drops ZWJ and ZWNJ, which only pick a glyph', () => {
    expect(foldDevanagari('क्\u200Dष')).toBe(foldDevanagari('क्ष'));
    expect(foldDevanagari('क्\u200Cष')).toBe(foldDevanagari('क्ष'));
  });

  it('reads candrabindu as anusvara', () => {
    expect(foldAnswer('माँ')).toBe(foldAnswer('मां'));
    expect(foldAnswer('पाँच')).toBe(foldAnswer('पांच'));
  });

  it('folds the candra vowels of loanwords', () => {
    expect(foldAnswer('डॉक्टर')).toBe(foldAnswer('डाक्टर'));
    expect(foldAnswer('ऑक्सीजन')).toBe(foldAnswer('आक्सीजन'));
  });

  it('reads a class nasal with virama as anusvara, only before a consonant of its class', () => {
    expect(foldAnswer('हिन्दी')).toBe(foldAnswer('हिंदी'));
    expect(foldAnswer('सम्बन्ध')).toBe(foldAnswer('संबंध'));
    expect(foldAnswer('ठण्डा')).toBe(foldAnswer('ठंडा'));
    expect(foldAnswer('अन्य')).not.toBe(foldAnswer('अंय'));
  });

  it('turns Devanagari digits into 0-9', () => {
    expect(foldAnswer('२०२६')).toBe('2026');
    expect(foldAnswer('६.२५ × १०')).toBe(foldAnswer('6.25×10'));
  });

  it('keeps short and long vowels apart: दिन (day) is not दीन (poor)', () => {
    expect(foldAnswer('दिन')).not.toBe(foldAnswer('दीन'));
  });

  it('leaves Latin text as it was', () => {
    expect(foldDevanagari('Carbon dioxide')).toBe('Carbon dioxide');
  });
});
