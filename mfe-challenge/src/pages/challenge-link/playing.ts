/**
 * The play and results screens, with the shared quiz component: one chunk, fetched when a player starts (or moves
 * to the start form), never on the link's first paint, which shows only the intro (the guest page's byte budget).
 */
export { Play } from './Play.tsx';
export { Results } from './Results.tsx';
