// The Raw JSON template the owner downloads and fills in (issue 31 §17): the upload format (the contracts'
// UploadTree) with one subject, chapter and topic, a question of each type, and one in science notation: TeX between
// single dollars (`@lp/question-rules/notation`), which the quiz renders as formulas. One question is bilingual
// (issue 33 §1): its optional `hi` gives the Hindi question, options (same number and order) and explanation.
import type { UploadTree } from '@lp/contracts';

export const UPLOAD_TEMPLATE: UploadTree = {
  className: 'CBSE Class 12',
  subjects: [{
    name: 'Biology',
    chapters: [{
      name: 'Evolution',
      number: 6,
      topics: [{
        name: 'Origin of Life',
        description: 'How life began on Earth',
        questions: [
          {
            question: 'Which gas was absent from the early atmosphere?', type: 'multiple_choice', options: ['Methane', 'Ammonia', 'Oxygen', 'Hydrogen'], correctAnswer: 'Oxygen', explanation: 'The early atmosphere was reducing.', difficulty: 1,
            hi: { question: 'आरंभिक वायुमंडल में कौन-सी गैस नहीं थी?', options: ['मीथेन', 'अमोनिया', 'ऑक्सीजन', 'हाइड्रोजन'], explanation: 'आरंभिक वायुमंडल अपचायक था।' },
          },
          { question: 'Urey and Miller used electric sparks.', type: 'true_false', correctAnswer: true, explanation: 'Sparks stood in for lightning.', difficulty: 2 },
          { question: 'Who proposed natural selection with Wallace?', type: 'short_answer', correctAnswer: 'Darwin', explanation: 'He sailed on the Beagle.', difficulty: 3 },
          { question: 'Which is the formula of glucose? (Science notation: TeX between single dollars.)', type: 'multiple_choice', options: ['$\\text{C}_6\\text{H}_{12}\\text{O}_6$', '$\\text{CO}_2$', '$\\text{CH}_4$', '$\\text{NH}_3$'], correctAnswer: '$\\text{C}_6\\text{H}_{12}\\text{O}_6$', explanation: 'Photosynthesis: $6\\text{CO}_2 + 6\\text{H}_2\\text{O} \\to \\text{C}_6\\text{H}_{12}\\text{O}_6 + 6\\text{O}_2$; write a price as \\$5.', difficulty: 2 },
        ],
      }],
    }],
  }],
};

export const UPLOAD_TEMPLATE_HREF = `data:application/json;charset=utf-8,${encodeURIComponent(`${JSON.stringify(UPLOAD_TEMPLATE, null, 2)}\n`)}`;
