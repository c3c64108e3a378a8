export { OnceLog, insertOnce, isDuplicateKey, modelOn } from './records';
export { WindowCounter, type WindowHit, type WindowRule } from './window-counter';
export { Leases, LeaseBusyError, type Lease, type LeaseOptions } from './lease';
export { Sequence } from './sequence';
export { failPoint, faultPoint, setFailPoint } from './fault';
export { KeyedLock } from './keyed-lock';
export { NumberedLists, type EntryDoc } from './numbered-lists';
export { Coalescer, InsertBatch, DeleteBatch, UpdateBatch, type CoalescerOptions } from './coalesced';
