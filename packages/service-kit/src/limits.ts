/** Largest request body a route accepts unless its contract sets `bodyLimit`; the gateway refuses bigger ones. */
export const DEFAULT_BODY_LIMIT = 1_048_576;
