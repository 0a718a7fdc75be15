/**
 * Command line over site/scripts/site.ts.
 *
 *   tsx site/scripts/cli.ts build --mode static|server [--build-id <id>] [--quiet]
 *   tsx site/scripts/cli.ts serve --mode static|server [--port <n>] [--no-build]
 *   tsx site/scripts/cli.ts serve-dir --dir <folder> [--port <n>]
 *   tsx site/scripts/cli.ts serve-nginx [--dir <folder>] [--port <n>]
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  buildPaths,
  buildSite,
  isBuildFresh,
  serveServer,
  serveStatic,
  type RunningServer,
  type SiteMode,
} from './site';
import { serveNginx } from './nginx';

const USAGE = `Usage:
  tsx site/scripts/cli.ts build --mode static|server [--build-id <id>] [--quiet]
  tsx site/scripts/cli.ts serve --mode static|server [--port <n>] [--no-build]
  tsx site/scripts/cli.ts serve-dir --dir <folder> [--port <n>]
  tsx site/scripts/cli.ts serve-nginx [--dir <folder>] [--port <n>]

  build      run next build for one delivery mode (static → site/out, server → site/.next-server)
  serve      build unless the build is fresh (or --no-build), then serve it on 127.0.0.1
  serve-dir  serve an already built static export folder (e.g. a modified copy of site/out)
  serve-nginx  serve a static export (default site/out) with nginx and docs/nginx.conf`;

class UsageError extends Error {}

interface Parsed {
  command: string;
  flags: Map<string, string | true>;
}

const KNOWN_FLAGS: Record<string, { value: boolean }> = {
  mode: { value: true },
  port: { value: true },
  dir: { value: true },
  'build-id': { value: true },
  'no-build': { value: false },
  quiet: { value: false },
  help: { value: false },
};

function parse(argv: string[]): Parsed {
  const [command, ...rest] = argv;
  const flags = new Map<string, string | true>();
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i];
    if (!arg.startsWith('--')) throw new UsageError(`Unexpected argument "${arg}".`);
    let name = arg.slice(2);
    let value: string | undefined;
    const eq = name.indexOf('=');
    if (eq >= 0) {
      value = name.slice(eq + 1);
      name = name.slice(0, eq);
    }
    const spec = KNOWN_FLAGS[name];
    if (!spec) throw new UsageError(`Unknown option --${name}.`);
    if (spec.value) {
      if (value === undefined) {
        value = rest[i + 1];
        if (value === undefined || value.startsWith('--')) throw new UsageError(`Option --${name} needs a value.`);
        i++;
      }
      flags.set(name, value);
    } else {
      if (value !== undefined) throw new UsageError(`Option --${name} takes no value.`);
      flags.set(name, true);
    }
  }
  return { command: command ?? '', flags };
}

function allowOnly(parsed: Parsed, allowed: string[]): void {
  for (const name of parsed.flags.keys()) {
    if (!allowed.includes(name)) throw new UsageError(`Option --${name} is not valid for "${parsed.command}".`);
  }
}

function modeOf(parsed: Parsed): SiteMode {
  const mode = parsed.flags.get('mode');
  if (mode === undefined) throw new UsageError('Missing --mode static|server.');
  if (mode !== 'static' && mode !== 'server') throw new UsageError(`--mode must be "static" or "server", got "${String(mode)}".`);
  return mode;
}

function portOf(parsed: Parsed): number | undefined {
  const raw = parsed.flags.get('port');
  if (raw === undefined) return undefined;
  const port = Number(raw);
  if (typeof raw !== 'string' || !/^\d+$/.test(raw) || port > 65535) {
    throw new UsageError(`--port must be a number from 0 to 65535, got "${String(raw)}".`);
  }
  return port;
}

function keepRunning(server: RunningServer, label: string): Promise<void> {
  console.log(`${label} at ${server.url}  (Ctrl-C to stop)`);
  return new Promise((resolve) => {
    let stopping = false;
    const stop = (signal: NodeJS.Signals) => {
      if (stopping) return;
      stopping = true;
      console.log(`\n${signal}: stopping…`);
      server.stop().then(resolve, (error: unknown) => {
        console.error(error);
        resolve();
      });
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    process.once('SIGHUP', stop);
  });
}

async function main(argv: string[]): Promise<number> {
  const parsed = parse(argv);
  if (parsed.command === '' || parsed.command === 'help' || parsed.flags.has('help')) {
    console.log(USAGE);
    return parsed.command === '' ? 2 : 0;
  }
  switch (parsed.command) {
    case 'build': {
      allowOnly(parsed, ['mode', 'build-id', 'quiet']);
      const mode = modeOf(parsed);
      const buildId = parsed.flags.get('build-id');
      const result = await buildSite(mode, {
        buildId: typeof buildId === 'string' ? buildId : undefined,
        quiet: parsed.flags.has('quiet'),
      });
      console.log(
        `Built ${result.mode} mode in ${(result.ms / 1000).toFixed(1)} s: build id ${result.buildId}, output ${path.relative(process.cwd(), result.dir) || '.'}`,
      );
      return 0;
    }
    case 'serve': {
      allowOnly(parsed, ['mode', 'port', 'no-build', 'quiet']);
      const mode = modeOf(parsed);
      const port = portOf(parsed);
      if (parsed.flags.has('no-build')) {
        const { output } = buildPaths(mode);
        const exists = mode === 'static' ? fs.existsSync(path.join(output, 'index.html')) : fs.existsSync(path.join(output, 'BUILD_ID'));
        if (!exists) throw new UsageError(`--no-build given but there is no ${mode} build in ${output}.`);
      } else if (isBuildFresh(mode)) {
        console.log(`The ${mode} build is up to date; not rebuilding.`);
      } else {
        const result = await buildSite(mode, { quiet: parsed.flags.has('quiet') });
        console.log(`Built ${mode} mode in ${(result.ms / 1000).toFixed(1)} s (build id ${result.buildId}).`);
      }
      const server =
        mode === 'static'
          ? await serveStatic({ dir: buildPaths('static').output, port })
          : await serveServer({ port });
      await keepRunning(server, `Serving the ${mode} build`);
      return 0;
    }
    case 'serve-dir': {
      allowOnly(parsed, ['dir', 'port']);
      const dir = parsed.flags.get('dir');
      if (typeof dir !== 'string') throw new UsageError('Missing --dir <folder>.');
      const resolved = path.resolve(dir);
      if (!fs.existsSync(resolved) || !fs.statSync(resolved).isDirectory()) {
        throw new UsageError(`--dir ${dir}: no such folder.`);
      }
      const server = await serveStatic({ dir: resolved, port: portOf(parsed) });
      await keepRunning(server, `Serving ${resolved}`);
      return 0;
    }
    case 'serve-nginx': {
      allowOnly(parsed, ['dir', 'port']);
      const dir = parsed.flags.get('dir');
      const resolved = typeof dir === 'string' ? path.resolve(dir) : buildPaths('static').output;
      if (!fs.existsSync(path.join(resolved, 'index.html'))) {
        throw new UsageError(`${resolved} is not a static export (no index.html): build it first (npm run site:build:static).`);
      }
      const server = await serveNginx({ dir: resolved, port: portOf(parsed) });
      await keepRunning(server, `nginx (docs/nginx.conf) serving ${resolved}`);
      return 0;
    }
    default:
      throw new UsageError(`Unknown command "${parsed.command}".`);
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError) {
      console.error(`Error: ${error.message}\n\n${USAGE}`);
      process.exit(2);
    }
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
