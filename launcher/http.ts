import type { ChildProcess } from 'node:child_process';
import type http from 'node:http';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * A free TCP port on host: Node's own way (listen on port 0, read the port the kernel gave, close).
 * Needed only where another program must be told its port before it starts (next start, nginx).
 */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts an HTTP server on host:port (0: any free port) and returns its URL and a stop() that
 * also closes kept-alive connections (so a test run never waits on an idle socket).
 */
export async function listenOn(server: http.Server, opts: { port?: number; host?: string } = {}): Promise<RunningServer> {
  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port;
  let stopped: Promise<void> | undefined;
  return {
    url: `http://${host}:${port}`,
    stop() {
      stopped ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return stopped;
    },
  };
}

/**
 * Resolves once `url` answers at all; rejects when `child` (called `name`) exits first or time
 * runs out. Node has no "wait until a port answers", so this polls: one fetch at a time, each
 * bounded by AbortSignal.timeout.
 */
export async function waitForHttp(url: string, child: ChildProcess, timeoutMs: number, name = 'next start'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${name} exited before it answered (code ${child.exitCode}, signal ${child.signalCode}).`);
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000), redirect: 'manual' });
      await res.body?.cancel();
      return;
    } catch {
      /* not yet */
    }
    if (Date.now() > deadline) throw new Error(`${name} did not answer at ${url} within ${timeoutMs / 1000} s.`);
    await sleep(150);
  }
}
