// A stand-in for the browser's EventSource (jsdom has none), for tests of the tab's push stream and what listens to
// it: `vi.stubGlobal('EventSource', FakeEventSource)`, then open, deliver and fail streams by hand.
export class FakeEventSource {
  static all: FakeEventSource[] = [];
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  private readonly handlers = new Map<string, Array<(e: { data: string }) => void>>();
  constructor(readonly url: string, readonly init: { withCredentials?: boolean }) { FakeEventSource.all.push(this); }
  addEventListener(type: string, fn: (e: { data: string }) => void) { this.handlers.set(type, [...(this.handlers.get(type) ?? []), fn]); }
  close() { this.closed = true; }
  /** Delivers one message of `type` (the stream's `event:` name) to the listeners. */
  emit(type: string, data: unknown) { for (const fn of this.handlers.get(type) ?? []) fn({ data: JSON.stringify(data) }); }
  static get last() { return FakeEventSource.all.at(-1)!; }
}
