// Prints the simulated student's exam-day recall and daily load, exam-aware schedule against plain FSRS
// (`npm run simulate:exam -w svc-study`; the numbers are kept in svc-study's README).
import { DEFAULT_STUDENT, simulateStudent, type StudentOutcome } from '../src/simulation/exam-student';

const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
const row = (r: StudentOutcome) => `| ${r.schedule === 'exam' ? 'exam date set' : 'plain FSRS'} | ${pct(r.meanRecallOnExamDay)} | ${pct(r.atLeast90)} | ${pct(r.lowestRecallOnExamDay)} | ${r.largestDailyLoad} | ${r.meanDailyLoad.toFixed(1)} | ${r.reviews} | ${r.reviewedInLastFortnight} |`;

const o = DEFAULT_STUDENT;
console.log(`${o.cards} cards learned over the first ${o.learningDays} days, exam on day ${o.days}, days ${o.missedDays[0]}-${o.missedDays.at(-1)} missed, seed ${o.seed}:\n`);
console.log('| schedule | mean recall on exam day | cards ≥ 90 % | lowest | largest daily load | mean daily load | reviews | seen in the last 14 days |');
console.log('|---|---|---|---|---|---|---|---|');
for (const schedule of ['fsrs', 'exam'] as const) console.log(row(simulateStudent({ schedule })));
