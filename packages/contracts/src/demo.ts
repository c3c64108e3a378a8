// The local demo sign-in's subscriber: svc-identity's demo account with this user id, and the year of premium
// svc-billing grants it at its first start, so both refer to the same ids without either asking the other.
export const DEMO_SUBSCRIBER = { userId: '64d1de000000000000000002', subscriptionId: '64d1de0000000000000000a2' } as const;
