export { contextPerApp, createService, DEFAULT_BODY_LIMIT, type ServiceApp, type ServiceDefinition, type ServiceName, type ServiceOverrides } from './service';
export { runService } from './server';
export { readConfig, databaseUri, natsServers, type KitConfig } from './config';
export { AppError, RETRY_AFTER_SECONDS, badRequest, unauthorized, forbidden, notFound, conflict, errorBody } from './errors';
export { schemaErrorMessage } from './validation-message';
export { EventBus, RpcFailure, onEvent, STREAM, cachedRpc, rpcClient, type RpcCacheOptions, type RpcClient, type RpcClientOptions, type ConsumerDefinition, type Consumers, type EventEnvelope, type RequestOptions } from './events/bus';
export { requireUser, requireOwner, requireAdmin } from './auth/plugin';
export {
  createSessionVerifier, askIdentity, SessionCheckUnavailable, cookieNames, SESSION_ISSUER, SESSION_AUDIENCE, ADMIN_AUDIENCE, SESSION_ALGORITHMS,
  type SessionClaims, type AdminClaims, type SessionVerifier, type Role, type EndedCheck,
} from './auth/session';
export {
  RevocationList, followRevocations, connectRevocations, SESSION_ENDED, LONGEST_TOKEN_SECONDS, type SessionEnded, type FollowOptions,
} from './auth/revocations';
export { loggerOptions, requestLogger } from './logging';
export { addRoute, type ContractHandler, type ContractRequest } from './routes';
export { OnceLog, WindowCounter, Leases, LeaseBusyError, Sequence, NumberedLists, insertOnce, isDuplicateKey, modelOn, faultPoint, failPoint, setFailPoint, KeyedLock, Coalescer, InsertBatch, DeleteBatch, UpdateBatch, type CoalescerOptions, type Lease, type LeaseOptions, type WindowHit, type WindowRule } from './once/index';
export { eventId } from './events/event-id';
export { inStoredTrace, traceCarrier } from './events/trace-context';
export { publishPush, connectPushFeed } from './events/push';
export { visitorKey } from './auth/visitor';
export { requestIp, clientIp, trustedProxies, readTrustedProxies, DEFAULT_TRUSTED_PROXIES, type TrustCheck } from './auth/client-ip';
export { sniffKind, readMultipart, UploadError, type FileKind, type UploadErrorCode, type UploadSpec, type UploadedFile } from './uploads/index';
export { AdaptiveLimit, installAdmission, OVERLOADED, OVERLOADED_MESSAGE, type AdmissionOptions } from './admission';
export { pressureReason, type PressureOptions, type PressureSample } from './pressure';
