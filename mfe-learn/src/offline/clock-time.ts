/** A time of day on the learner's clock, 24-hour ("14:32"): when answers kept on the device were sent. */
const CLOCK = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

export const clockTime = (at: number): string => CLOCK.format(new Date(at));
