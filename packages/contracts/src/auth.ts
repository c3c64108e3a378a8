// Auth and user (spec §7): svc-identity. Sign-in is a browser navigation through `grant`; the session is a
// signed JWT cookie; admin elevation is a second one-hour token set by verify-password.
import { Type, type Static } from '@sinclair/typebox';
import { ClassName, DateTime, LIMITS, NonBlank, Nullable, ObjectId, Ok } from './common';
import { defineRoute } from './route';

/** 'owner' is the administrator role; everyone else is a 'learner'. */
export const ROLES = ['learner', 'owner'] as const;
export const Role = Type.Union(ROLES.map((r) => Type.Literal(r)));
export type Role = (typeof ROLES)[number];

/** The interface's languages (issue 33 §1): English and Hindi. */
export const UI_LANGUAGES = ['en', 'hi'] as const;
export const UiLanguage = Type.Union(UI_LANGUAGES.map((l) => Type.Literal(l)));
export type UiLanguage = (typeof UI_LANGUAGES)[number];

export const User = Type.Object({
  id: ObjectId,
  email: Type.String({ maxLength: LIMITS.email }),
  firstName: Type.String({ maxLength: LIMITS.name }),
  lastName: Type.String({ maxLength: LIMITS.name }),
  profileImageUrl: Type.Optional(Nullable(Type.String({ maxLength: LIMITS.url }))),
  role: Role,
  selectedClass: Type.Optional(Nullable(ClassName)),
  selectedSubject: Type.Optional(Nullable(Type.String({ maxLength: LIMITS.name }))),
  /** True while the user is in the sign-in that created the account: greet "Welcome", not "Welcome back". */
  firstSignIn: Type.Optional(Type.Boolean()),
  /** Untimed mode (extra time, issue 33 §3): timers hidden in quizzes and challenges, time never a tie-break. */
  untimed: Type.Optional(Type.Boolean()),
  /** The interface language the user chose; null until they choose (the page then follows the device or browser). */
  language: Type.Optional(Nullable(UiLanguage)),
});
export type User = Static<typeof User>;

/** What search may reveal about another user: nothing more than this. */
export const UserSummary = Type.Object(
  {
    id: ObjectId,
    firstName: Type.String({ maxLength: LIMITS.name }),
    lastName: Type.String({ maxLength: LIMITS.name }),
    profileImageUrl: Type.Optional(Nullable(Type.String({ maxLength: LIMITS.url }))),
  },
  { additionalProperties: false },
);
export type UserSummary = Static<typeof UserSummary>;

export const LoginQuery = Type.Object(
  {
    returnTo: Type.Optional(Type.String({
      // A path on our own origin: not `//host`, no backslash (browsers read `/\host` as `//host`), no spaces or controls.
      pattern: '^/(?![/\\\\])[^\\\\\\s]*$',
      maxLength: 512,
      description: 'same-origin path to return to after sign-in, e.g. /dashboard',
    })),
  },
  { additionalProperties: false },
);
export type LoginQuery = Static<typeof LoginQuery>;

export const SetClassBody = Type.Object({ selectedClass: ClassName }, { additionalProperties: false });
export type SetClassBody = Static<typeof SetClassBody>;

export const SetSubjectBody = Type.Object(
  { selectedSubject: NonBlank(LIMITS.name, 'a subject id from /api/subjects/with-chapters; it must exist') },
  { additionalProperties: false },
);
export type SetSubjectBody = Static<typeof SetSubjectBody>;

export const SetUntimedBody = Type.Object({ untimed: Type.Boolean() }, { additionalProperties: false });
export type SetUntimedBody = Static<typeof SetUntimedBody>;
export const SetLanguageBody = Type.Object({ language: UiLanguage }, { additionalProperties: false });
export type SetLanguageBody = Static<typeof SetLanguageBody>;

export const UserSearchQuery = Type.Object(
  { email: NonBlank(LIMITS.email, 'exact e-mail address, trimmed') },
  { additionalProperties: false },
);
export type UserSearchQuery = Static<typeof UserSearchQuery>;

export const DisclaimerStatus = Type.Object({ disclaimerAccepted: Type.Boolean() });
export type DisclaimerStatus = Static<typeof DisclaimerStatus>;

export const VerifyAdminPasswordBody = Type.Object(
  { password: NonBlank(LIMITS.name) },
  { additionalProperties: false },
);
export type VerifyAdminPasswordBody = Static<typeof VerifyAdminPasswordBody>;

export const AdminSession = Type.Object({
  elevated: Type.Boolean(),
  expiresAt: Nullable(DateTime),
});
export type AdminSession = Static<typeof AdminSession>;

export const Login = defineRoute({
  method: 'GET',
  url: '/api/login',
  owner: 'identity',
  access: 'public',
  summary: 'Start Google sign-in (browser navigation)',
  description: 'Redirects (302) to the identity provider; returns to /api/login/callback.',
  querystring: LoginQuery,
});

export const LoginCallback = defineRoute({
  method: 'GET',
  url: '/api/login/callback',
  owner: 'identity',
  access: 'public',
  summary: 'Finish sign-in (browser navigation from the identity provider)',
  description:
    'Verifies the id_token, upserts the user, publishes identity.user.upserted, sets the session cookie and ' +
    'redirects (302) to returnTo or /. Its query is whatever the provider sends (code, state, error).',
});

export const Logout = defineRoute({
  method: 'GET',
  url: '/api/logout',
  owner: 'identity',
  access: 'public',
  summary: 'Sign out (browser navigation)',
  description: 'Revokes the session, clears the session and admin cookies, redirects (302) to /.',
});

export const GetAuthUser = defineRoute({
  method: 'GET',
  url: '/api/auth/user',
  owner: 'identity',
  access: 'user',
  summary: 'The signed-in user; 401 when signed out',
  response: { 200: User },
});

export const SetClass = defineRoute({
  method: 'POST',
  url: '/api/user/class',
  owner: 'identity',
  access: 'user',
  summary: 'Save the selected class',
  description: 'Changing the class clears the selected subject.',
  body: SetClassBody,
  response: { 200: User },
});

export const SetSubject = defineRoute({
  method: 'POST',
  url: '/api/user/subject',
  owner: 'identity',
  access: 'user',
  summary: 'Save the selected subject',
  description: 'The subject must exist (content.rpc.subjectExists or the content.chapter.published read model), else 400.',
  body: SetSubjectBody,
  response: { 200: User },
});

export const SetUntimed = defineRoute({
  method: 'POST',
  url: '/api/user/untimed',
  owner: 'identity',
  access: 'user',
  summary: 'Turn untimed mode (extra time) on or off',
  description: 'Remembered per user and announced in identity.user.upserted, so challenges leave this player\u2019s time out of tie-breaks.',
  body: SetUntimedBody,
  response: { 200: User },
});

export const SetLanguage = defineRoute({
  method: 'POST',
  url: '/api/user/language',
  owner: 'identity',
  access: 'user',
  summary: "Save the user's interface language",
  description: 'en or hi; every device the user signs in on then shows it.',
  body: SetLanguageBody,
  response: { 200: User },
});

export const SearchUsers = defineRoute({
  method: 'GET',
  url: '/api/users/search',
  owner: 'identity',
  access: 'user',
  summary: 'Find a user by exact e-mail (for direct challenges)',
  description: "404 'User not found: No user found with this email address.' when nobody has it.",
  querystring: UserSearchQuery,
  response: { 200: UserSummary },
});

export const GetDisclaimerStatus = defineRoute({
  method: 'GET',
  url: '/api/auth/disclaimer/status',
  owner: 'identity',
  access: 'user',
  summary: 'Whether the signed-in user has accepted the AI disclaimer',
  response: { 200: DisclaimerStatus },
});

export const AcceptDisclaimer = defineRoute({
  method: 'POST',
  url: '/api/auth/disclaimer/accept',
  owner: 'identity',
  access: 'user',
  summary: 'Accept the AI disclaimer (once, stored per user); no body',
  response: { 200: DisclaimerStatus },
});

export const VerifyAdminPassword = defineRoute({
  method: 'POST',
  url: '/api/admin/verify-password',
  owner: 'identity',
  access: 'owner',
  summary: 'Admin elevation: check the shared admin password',
  description:
    'For a signed-in owner (403 code NOT_OWNER otherwise, whatever the password). Success sets the one-hour ' +
    "admin cookie. Wrong password: 403 code WRONG_ADMIN_PASSWORD, 'Access Denied, Incorrect password'. " +
    'Rate-limited to 5 attempts per 15 minutes per user and per IP (429 code RATE_LIMITED, Retry-After). ' +
    'No admin password configured (production): 503 code ADMIN_NOT_CONFIGURED.',
  body: VerifyAdminPasswordBody,
  response: { 200: AdminSession },
});

/** The verified session itself: who and until when. Answered from the token alone, without a database read. */
export const SessionInfo = Type.Object({
  userId: Type.String(),
  role: Role,
  expiresAt: Type.String({ description: 'ISO date-time at which the session token expires' }),
});
export type SessionInfo = Static<typeof SessionInfo>;

export const GetSession = defineRoute({
  method: 'GET',
  url: '/api/auth/session',
  owner: 'identity',
  access: 'user',
  summary: 'The current session: user id, role and expiry',
  response: { 200: SessionInfo },
});

export const RefreshSession = defineRoute({
  method: 'POST',
  url: '/api/auth/refresh',
  owner: 'identity',
  access: 'public',
  summary: 'Renew the session token from the refresh cookie; no body',
  description:
    'The session JWT lives minutes; while the sign-in session is alive (idle and absolute limits) this re-issues it ' +
    'into the session cookie. 401 (cookies cleared) when the session has ended, was revoked, or there is none. ' +
    'GET /api/auth/user renews the same way, so a client calls this after another call answered 401, then retries.',
  response: { 200: SessionInfo },
});

export const GetAdminSession = defineRoute({
  method: 'GET',
  url: '/api/admin/session',
  owner: 'identity',
  access: 'user',
  summary: 'Whether the caller holds a live admin elevation, and until when',
  response: { 200: AdminSession },
});

export const EndAdminSession = defineRoute({
  method: 'POST',
  url: '/api/admin/logout',
  owner: 'identity',
  access: 'user',
  summary: 'Drop the admin elevation (the admin screens\u2019 logout); the sign-in session stays',
  response: { 200: Ok },
});

/** A JSON Web Key Set; kept loose because key members differ by algorithm. */
export const Jwks = Type.Object({ keys: Type.Array(Type.Record(Type.String(), Type.Unknown())) });
export type Jwks = Static<typeof Jwks>;

/** Internal: the public keys that verify session and admin tokens. Not routed by the gateway. */
export const GetJwks = defineRoute({
  method: 'GET',
  url: '/.well-known/jwks.json',
  owner: 'identity',
  access: 'public',
  summary: 'Session token verification keys (internal, for the gateway and services)',
  response: { 200: Jwks },
});

export const SessionEndedQuery = Type.Object({
  sid: Type.String({ minLength: 1, maxLength: 64 }),
  /** An admin elevation's id: ended too when the elevation was (admin sign-out). */
  eid: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
}, { additionalProperties: false });
export const SessionEndedAnswer = Type.Object({ ended: Type.Boolean() });
export type SessionEndedAnswer = Static<typeof SessionEndedAnswer>;

/**
 * Internal: whether a sign-in session (or admin elevation) has ended, from identity's records. The gateway and
 * the services ask it while their NATS feed of ended sessions is cut off (kit auth/session.ts). Not routed by the
 * gateway.
 */
export const CheckSessionEnded = defineRoute({
  method: 'GET',
  url: '/internal/session-ended',
  owner: 'identity',
  access: 'public',
  summary: 'Whether a session or admin elevation has ended (internal, for the gateway and services)',
  querystring: SessionEndedQuery,
  response: { 200: SessionEndedAnswer },
});

export const identityRoutes = [
  Login,
  LoginCallback,
  Logout,
  GetAuthUser,
  GetSession,
  RefreshSession,
  SetClass,
  SetSubject,
  SetUntimed,
  SetLanguage,
  SearchUsers,
  GetDisclaimerStatus,
  AcceptDisclaimer,
  VerifyAdminPassword,
  GetAdminSession,
  EndAdminSession,
] as const;
