// Idle keep-alive connections are closed by the sweep (src/connections.ts): after the limit, not before, and never
// while a call is in flight or bytes are moving.
import { EventEmitter } from 'node:events';
import type { Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ClientConnections } from '../src/connections';

class FakeSocket extends EventEmitter {
  bytesRead = 0;
  bytesWritten = 0;
  destroyed = false;
  destroy() {
    this.destroyed = true;
    this.emit('close');
  }
}

let clock = 0;
let connections: ClientConnections;
afterEach(() => connections?.close());

/** A fresh set of connections (idle limit 1 s, swept only when a test says so) at clock 0. */
function start() {
  clock = 0;
  connections = new ClientConnections({ idleMs: 1000, sweepMs: 60_000, now: () => clock });
}

function open() {
  const socket = new FakeSocket();
  connections.opened(socket as unknown as Socket);
  return socket;
}

describe('the keep-alive sweep', () => {
  it('closes a connection idle for the limit, and forgets it', () => {
    start();
    const socket = open();
    clock = 999;
    connections.sweep();
    expect(socket.destroyed).toBe(false);
    clock = 1000;
    connections.sweep();
    expect(socket.destroyed).toBe(true);
    expect(connections.size).toBe(0);
  });

  it('counts idleness from the last byte read or written', () => {
    start();
    const socket = open();
    clock = 900;
    socket.bytesRead = 120; // a call came in and was answered between two sweeps
    connections.sweep();
    clock = 1500;
    socket.bytesWritten = 4096; // a download still going out
    connections.sweep();
    clock = 2400;
    connections.sweep();
    expect(socket.destroyed).toBe(false);
    clock = 2500;
    connections.sweep();
    expect(socket.destroyed).toBe(true);
  });

  it('never closes a connection while a call is in flight on it, however long the service takes', () => {
    start();
    const socket = open();
    const connection = connections.of(socket as unknown as Socket);
    ClientConnections.callStarted(connection);
    for (clock = 0; clock <= 10_000; clock += 500) connections.sweep();
    expect(socket.destroyed).toBe(false);
    ClientConnections.callEnded(connection); // idle from the last sweep that saw the call, at 10 000
    clock = 10_999;
    connections.sweep();
    expect(socket.destroyed).toBe(false);
    clock += 1;
    connections.sweep();
    expect(socket.destroyed).toBe(true);
  });
});
