// Whether this process exports spans: a module of its own, so the logger can ask without loading the SDK.
let started = false;

export const telemetryStarted = (): boolean => started;

export function markTelemetryStarted(on = true): void {
  started = on;
}
