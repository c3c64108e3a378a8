// "Welcome" or "Welcome back": the server knows whether this sign-in is the one that created the account.

export interface SignInCounts {
  createdBySignIn?: boolean;
  signIns?: number;
}

/** True until the second sign-in of a user that a sign-in created (seeded and older users never are). */
export function isFirstSignIn({ createdBySignIn, signIns }: SignInCounts): boolean {
  return createdBySignIn === true && signIns === 1;
}
