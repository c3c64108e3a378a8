// Shared by the models: the kit's exactly-once helpers.
export { insertOnce, isDuplicateKey, modelOn } from '@lp/service-kit';
