/**
 * Command line over the launcher (./launcher). Bad input: one sentence, exit 2. SIGTERM, SIGINT
 * and SIGHUP stop the server and everything it started (next start runs in its own process group
 * under launcher/guard.cjs, which also stops it if this process is killed outright).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { onStopSignal, signalExitCode, type RunningServer } from '../../launcher';
import { serveNginx } from '../../targets/hosts/nginx';
import { buildPaths, buildSite, isBuildFresh, serveServer } from '../../targets/reference';
import { serveStatic } from '../../targets/hosts/static-server';
import type { Mode } from '../../spec/clauses';
import { seconds } from '../../launcher/format';

const USAGE = `Usage:
  tsx site/scripts/cli.ts build --mode static|server [--build-id <id>] [--quiet]
  tsx site/scripts/cli.ts serve --mode static|server [--port <n>] [--no-build]
  tsx site/scripts/cli.ts serve-dir --dir <folder> [--port <n>]
  tsx site/scripts/cli.ts serve-nginx [--dir <folder>] [--port <n>]

  build        run next build for one delivery mode (static → site/out, server → site/.next-server)
  serve        build unless the build is fresh (or --no-build), then serve it on 127.0.0.1
  serve-dir    serve an already built static export folder (e.g. a modified copy of site/out)
  serve-nginx  serve a static export (default site/out) with nginx and targets/hosts/nginx.conf`;

class UsageError extends Error {}

const COMMANDS: Record<string, string[]> = {
  build: ['mode', 'build-id', 'quiet'],
  serve: ['mode', 'port', 'no-build', 'quiet'],
  'serve-dir': ['dir', 'port'],
  'serve-nginx': ['dir', 'port'],
};

type Flags = { mode?: string; port?: string; dir?: string; 'build-id'?: string; 'no-build'?: boolean; quiet?: boolean; help?: boolean };

function parse(argv: string[]): { command: string; flags: Flags } {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        mode: { type: 'string' }, port: { type: 'string' }, dir: { type: 'string' }, 'build-id': { type: 'string' },
        'no-build': { type: 'boolean' }, quiet: { type: 'boolean' }, help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (e) {
    throw new UsageError((e as Error).message.split('.')[0]);
  }
  const [command = '', extra] = parsed.positionals;
  if (extra !== undefined) throw new UsageError(`Unexpected argument "${extra}"`);
  const flags = parsed.values as Flags;
  const allowed = COMMANDS[command];
  if (allowed) {
    for (const name of Object.keys(flags)) {
      if (name !== 'help' && !allowed.includes(name)) throw new UsageError(`Option --${name} is not valid for "${command}"`);
    }
  } else if (command && command !== 'help') {
    throw new UsageError(`Unknown command "${command}"`);
  }
  return { command, flags };
}

function modeOf(flags: Flags): Mode {
  if (flags.mode === undefined) throw new UsageError('Missing --mode static|server');
  if (flags.mode !== 'static' && flags.mode !== 'server') throw new UsageError(`--mode must be "static" or "server", not "${flags.mode}"`);
  return flags.mode;
}

function portOf(flags: Flags): number | undefined {
  if (flags.port === undefined) return undefined;
  const port = Number(flags.port);
  if (!/^\d+$/.test(flags.port) || port > 65535) throw new UsageError(`--port must be a number from 0 to 65535, not "${flags.port}"`);
  return port;
}

/**
 * Signals are caught from the start (the launcher's onStopSignal). Before the server answers, a
 * signal stops a build or a starting `next start` and ends this process; once it serves,
 * keepRunning stops the server first.
 */
onStopSignal();

/** Serves until a signal; then stops the server (and with it every process it started). */
function keepRunning(server: RunningServer, label: string): Promise<number> {
  console.log(`${label} at ${server.url}  (Ctrl-C to stop)`);
  return new Promise((resolve) => {
    onStopSignal((signal) => {
      console.log(`\n${signal}: stopping…`);
      const code = signalExitCode(signal);
      server.stop().then(() => resolve(code), (error: unknown) => {
        console.error(error instanceof Error ? error.message : error);
        resolve(code);
      });
    });
  });
}

async function main(argv: string[]): Promise<number> {
  const { command, flags } = parse(argv);
  if (command === '' || command === 'help' || flags.help) {
    console.log(USAGE);
    return command === '' ? 2 : 0;
  }
  switch (command) {
    case 'build': {
      const mode = modeOf(flags);
      const result = await buildSite(mode, { buildId: flags['build-id'], quiet: flags.quiet });
      console.log(`Built ${result.mode} mode in ${seconds(result.ms)}: build id ${result.buildId}, output ${path.relative(process.cwd(), result.dir) || '.'}`);
      return 0;
    }
    case 'serve': {
      const mode = modeOf(flags);
      const port = portOf(flags);
      if (flags['no-build']) {
        const { output } = buildPaths(mode);
        const exists = fs.existsSync(path.join(output, mode === 'static' ? 'index.html' : 'BUILD_ID'));
        if (!exists) throw new UsageError(`--no-build given but there is no ${mode} build in ${output}`);
      } else if (isBuildFresh(mode)) {
        console.log(`The ${mode} build is up to date; not rebuilding.`);
      } else {
        const result = await buildSite(mode, { quiet: flags.quiet });
        console.log(`Built ${mode} mode in ${seconds(result.ms)} (build id ${result.buildId}).`);
      }
      const server = mode === 'static' ? await serveStatic({ dir: buildPaths('static').output, port }) : await serveServer({ port });
      return keepRunning(server, `Serving the ${mode} build`);
    }
    case 'serve-dir': {
      if (flags.dir === undefined) throw new UsageError('Missing --dir <folder>');
      const resolved = path.resolve(flags.dir);
      if (!fs.existsSync(resolved) || !fs.statSync(resolved).isDirectory()) throw new UsageError(`--dir ${flags.dir}: no such folder`);
      const server = await serveStatic({ dir: resolved, port: portOf(flags) });
      return keepRunning(server, `Serving ${resolved}`);
    }
    default: {
      // serve-nginx
      const resolved = flags.dir !== undefined ? path.resolve(flags.dir) : buildPaths('static').output;
      if (!fs.existsSync(path.join(resolved, 'index.html'))) throw new UsageError(`${resolved} is not a static export (no index.html): build it first (npm run site:build:static)`);
      const server = await serveNginx({ dir: resolved, port: portOf(flags) });
      return keepRunning(server, `nginx (targets/hosts/nginx.conf) serving ${resolved}`);
    }
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError) {
      console.error(`Error: ${error.message}. (tsx site/scripts/cli.ts help lists the commands.)`);
      process.exit(2);
    }
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
