// Options every content schema shares: no version key, unknown fields neither stored nor queried
// (a filter naming an unknown field throws instead of silently matching everything).
export const schemaOptions = { versionKey: false, strict: true, strictQuery: 'throw', timestamps: true } as const;
