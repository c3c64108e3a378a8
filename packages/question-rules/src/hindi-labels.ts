/** What a true/false question's two options read in Hindi, in the order of ['True', 'False']. Its own module: the quiz imports only this. */
export const HINDI_TRUE_FALSE_OPTIONS: readonly string[] = ['सही', 'गलत'];
