/**
 * docker-compose.yml and deploy/nginx.conf as configuration (issue 13 part 2). MongoDB cannot run on the
 * machines the tests run on, so the stack is not started here: the file is parsed and held to what running
 * several instances needs (a replica set, Redis, two replicas behind a proxy that passes the client's address,
 * health checks, secrets only from .env), and nginx's own parser checks the proxy's configuration.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { repoRoot } from './harness';

type Service = {
  image?: string;
  restart?: string;
  build?: unknown;
  command?: string | string[];
  entrypoint?: string | string[];
  environment?: Record<string, string | number>;
  depends_on?: Record<string, { condition: string }>;
  deploy?: { replicas?: string | number };
  healthcheck?: { test: string | string[] };
  ports?: string[];
  volumes?: string[];
  networks?: string[];
};

const composeText = fs.readFileSync(path.join(repoRoot, 'docker-compose.yml'), 'utf8');
const compose = parse(composeText, { merge: true }) as { services: Record<string, Service> };
const { app, proxy, mongo, redis } = compose.services;
const nginxConf = fs.readFileSync(path.join(repoRoot, 'deploy', 'nginx.conf'), 'utf8');

/**
 * What `docker compose` makes of a value with no .env at all: `${X:-default}` → default, `${X}` → empty; a
 * required `${X:?message}` is reported rather than failing, so the shape can be checked without secrets.
 */
function interpolate(value: string | number | undefined): string {
  return String(value ?? '').replace(/\$\{([A-Z0-9_]+)(?::?([-?])([^}]*))?\}/g, (_m, _name, kind, rest) =>
    kind === '-' ? rest : kind === '?' ? '<required>' : '',
  );
}
const words = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(' ') : (value ?? ''));
const healthTest = (service: Service) => words(service.healthcheck?.test);

describe('docker-compose.yml', () => {
  it('when parsed, then MongoDB runs as replica set rs0, initiated by its health check, and the apps name it', () => {
    expect(words(mongo.entrypoint) + words(mongo.command)).toMatch(/mongod .*--replSet rs0\b/);
    expect(healthTest(mongo)).toContain("rs.initiate({ _id: 'rs0', members: [{ _id: 0, host: 'mongo:27017' }] })");
    expect(healthTest(mongo)).toContain('isWritablePrimary');
    const uri = new URL(interpolate(app.environment?.DATABASE_URI));
    expect([uri.protocol, uri.hostname, uri.port, uri.pathname]).toEqual(['mongodb:', 'mongo', '27017', '/shop']);
    expect(uri.searchParams.get('replicaSet')).toBe('rs0');
  });

  it('when parsed, then Redis runs with a health check and the apps are given REDIS_URL pointing at it', () => {
    expect(redis.image).toMatch(/^redis:7/);
    expect(healthTest(redis)).toContain('redis-cli ping');
    const url = new URL(interpolate(app.environment?.REDIS_URL));
    expect([url.protocol, url.hostname, url.port]).toEqual(['redis:', 'redis', '6379']);
  });

  it('when parsed, then two app replicas run, the instance count says so, and they wait for a healthy database and Redis', () => {
    expect(Number(interpolate(app.deploy?.replicas))).toBe(2);
    expect(Number(interpolate(app.environment?.INSTANCE_COUNT))).toBe(2);
    expect(app.depends_on).toEqual({
      mongo: { condition: 'service_healthy' },
      redis: { condition: 'service_healthy' },
    });
  });

  it('when a container ends (npm start gives up or the configuration is refused), then Docker starts it again: every service restarts unless stopped', () => {
    expect(
      Object.fromEntries(Object.entries(compose.services).map(([name, service]) => [name, service.restart])),
    ).toEqual({ app: 'unless-stopped', proxy: 'unless-stopped', mongo: 'unless-stopped', redis: 'unless-stopped' });
  });

  it('when parsed, then only the proxy publishes a port, nginx with deploy/nginx.conf, and the apps trust one proxy hop', () => {
    expect(proxy.image).toMatch(/^nginx:/);
    expect(proxy.volumes).toContain('./deploy/nginx.conf:/etc/nginx/nginx.conf:ro');
    expect((proxy.ports ?? []).map(interpolate)).toEqual(['80:80']);
    expect([app.ports, mongo.ports, redis.ports]).toEqual([undefined, undefined, undefined]);
    expect(proxy.depends_on).toEqual({ app: { condition: 'service_healthy' } });
    expect(String(app.environment?.TRUST_PROXY)).toBe('1');
    expect(nginxConf).toMatch(/server app:3000\b/);
    expect(Number(app.environment?.PORT)).toBe(3000);
  });

  it('when parsed, then every service has a health check: /readyz for the apps, /healthz through the proxy', () => {
    expect(healthTest(app)).toContain('http://127.0.0.1:3000/readyz');
    expect(healthTest(proxy)).toContain('http://127.0.0.1/healthz');
    expect(Object.keys(compose.services).filter((name) => !compose.services[name].healthcheck)).toEqual([]);
    const dockerfile = fs.readFileSync(path.join(repoRoot, 'Dockerfile'), 'utf8');
    expect(dockerfile).toMatch(/HEALTHCHECK .*http:\/\/127\.0\.0\.1:3000\/healthz/);
  });

  it('when the image starts the server, then it gives Node the same heap flags and malloc arenas as npm start', () => {
    const dockerfile = fs.readFileSync(path.join(repoRoot, 'Dockerfile'), 'utf8');
    const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
      scripts: { start: string };
    };
    const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)?.[1] ?? '[]') as string[];
    // npm start sets the environment in front of node; the image sets it with ENV.
    const [envPart, command] = /^((?:[A-Z_]+=\S+ )*)(.*)$/.exec(pkg.scripts.start)!.slice(1);
    expect(cmd.join(' ')).toBe(command);
    expect(cmd).toContain('--max-old-space-size=160');
    expect(envPart.trim()).toBe('MALLOC_ARENA_MAX=2');
    expect(dockerfile).toMatch(/^ENV MALLOC_ARENA_MAX=2$/m);
  });

  it('when parsed, then MongoDB and Redis are only on the internal network', () => {
    const networks = (compose as unknown as { networks: Record<string, { internal?: boolean } | null> }).networks;
    expect([mongo.networks, redis.networks]).toEqual([['backend'], ['backend']]);
    expect(networks.backend?.internal).toBe(true);
  });

  it('when parsed, then no secret is written in it: each comes from .env, required, and without a default', () => {
    const secretName = /SECRET|PASSWORD|_KEY|TOKEN/;
    const offending: string[] = [];
    for (const [name, service] of Object.entries(compose.services)) {
      for (const [key, raw] of Object.entries(service.environment ?? {})) {
        const value = String(raw);
        // A variable reference with no default (or with an empty one, for what is optional) carries no secret.
        const bare = /^\$\{[A-Z0-9_]+(:\?[^}]*|:-)?\}$/.test(value);
        if (secretName.test(key) && !bare) offending.push(`${name}.${key}`);
        // Credentials inside a URL: the password part must be a reference too.
        const password = /:\/\/[^:/@]*:([^@]*)@/.exec(value)?.[1];
        if (password !== undefined && !/^\$\{[A-Z0-9_]+(:\?[^}]*)?\}$/.test(password)) offending.push(`${name}.${key}`);
      }
    }
    expect(offending).toEqual([]);
    // The secrets the stack cannot run without make `docker compose` stop with a message when missing.
    for (const name of [
      'PAYLOAD_SECRET',
      'MONGO_ROOT_PASSWORD',
      'MONGO_APP_PASSWORD',
      'MONGO_REPLICA_KEY',
      'REDIS_PASSWORD',
    ]) {
      expect(composeText).toContain(`\${${name}:?set ${name} in .env}`);
    }
  });

  it('when compared with .env.example, then it lists every variable the compose file reads, with no secret filled in', () => {
    const example = fs.readFileSync(path.join(repoRoot, '.env.example'), 'utf8');
    const listed = new Map(
      example
        .split('\n')
        .filter((line) => /^[A-Z0-9_]+=/.test(line))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)] as const),
    );
    const read = [...new Set([...composeText.matchAll(/\$\{([A-Z0-9_]+)/g)].map((m) => m[1]))].sort();
    expect(read.filter((name) => !listed.has(name))).toEqual([]);
    const filledSecrets = [...listed].filter(([name, value]) => /SECRET|PASSWORD|_KEY/.test(name) && value !== '');
    expect(filledSecrets).toEqual([]);
  });
});

/** The Dockerfile's stages by name (`FROM … AS name`); the last, unnamed one is the image that runs. */
function dockerStages(text: string): Map<string, string> {
  const stages = new Map<string, string>();
  const parts = text
    .replace(/\\\n\s*/g, ' ')
    .split(/^(?=FROM )/m)
    .slice(1);
  parts.forEach((part, i) =>
    stages.set(/^FROM \S+ AS (\S+)/.exec(part)?.[1] ?? (i === parts.length - 1 ? 'final' : `#${i}`), part),
  );
  return stages;
}

describe('Dockerfile', () => {
  const stages = dockerStages(fs.readFileSync(path.join(repoRoot, 'Dockerfile'), 'utf8'));
  const final = stages.get('final') ?? '';
  const copies = [...final.matchAll(/^COPY (.*)$/gm)].map((m) => m[1].split(/\s+/));

  it('when the production packages are installed, then it is in a stage of their own, from the lock, without development packages', () => {
    const deps = stages.get('runtime-deps') ?? '';
    expect(deps).toMatch(/^RUN npm ci --omit=dev\b/m);
    // Only the package files reach that stage: its node_modules is all it makes.
    expect([...deps.matchAll(/^COPY (.*)$/gm)].map((m) => m[1])).toEqual([
      'package.json package-lock.json .npmrc ./',
      'packages/shared/package.json packages/shared/',
      'cms/package.json cms/',
      'web/package.json web/',
    ]);
  });

  it('when the image is made, then its last stage copies the production packages and the built output only, and prunes nothing', () => {
    expect(final).not.toMatch(/npm (prune|ci|install)/);
    expect(copies.every((args) => args[0].startsWith('--from='))).toBe(true);
    expect(copies.filter((args) => args[0] === '--from=runtime-deps')).toEqual([['--from=runtime-deps', '/app', './']]);
    const fromBuild = copies.filter((args) => args[0] === '--from=build').flatMap((args) => args.slice(1, -1));
    expect(fromBuild.sort()).toEqual(
      [
        // npm start and the owner's commands (scripts/run-compiled.mjs); the builders stay behind.
        '/app/scripts/start.mjs',
        '/app/scripts/supervisor.mjs',
        '/app/scripts/server-child.mjs',
        '/app/scripts/esm-scope-cache.mjs',
        '/app/scripts/build-if-needed.mjs',
        '/app/scripts/run-compiled.mjs',
        '/app/cms/dist',
        '/app/cms/.next',
        '/app/cms/next.config.mjs',
        // Read by the running server from cms/ (lib/database.ts, seed/artwork.ts, paypal-emulator/).
        '/app/cms/migrations/*.json',
        '/app/cms/seed/images',
        '/app/cms/paypal-emulator/sdk-standin.js',
        '/app/web/dist',
        '/app/web/dist-ssr',
      ].sort(),
    );
    // The panel's build cache (some 128 MB) is left in the build stage.
    expect(stages.get('build')).toMatch(/npm run build && rm -rf cms\/\.next\/cache/);
  });

  it('when the copied sources are looked for in the repository, then each is there (a moved file would leave the image without it)', () => {
    const sources = copies
      .filter((args) => args[0] === '--from=build')
      .flatMap((args) => args.slice(1, -1))
      .map((source) => path.relative('/app', source))
      // Build output, made by `npm run build`.
      .filter((source) => !/^(cms\/dist|cms\/\.next|web\/dist|web\/dist-ssr)$/.test(source));
    const missing = sources.filter((source) =>
      source.endsWith('/*.json')
        ? fs.readdirSync(path.join(repoRoot, path.dirname(source))).filter((f) => f.endsWith('.json')).length === 0
        : !fs.existsSync(path.join(repoRoot, source)),
    );
    expect(missing).toEqual([]);
  });
});

describe('deploy/nginx.conf', () => {
  it('when read, then it passes the client address and scheme and takes bodies up to the upload limit', () => {
    expect(nginxConf).toMatch(/proxy_set_header X-Forwarded-For \$remote_addr;/);
    expect(nginxConf).toMatch(/proxy_set_header X-Forwarded-Proto \$scheme;/);
    // 11 MiB = 11,534,336 bytes, above the apps' 10 MiB file plus 64 KiB of multipart framing (10,551,296).
    expect(/client_max_body_size (\d+)m;/.exec(nginxConf)?.[1]).toBe('11');
    expect(nginxConf).toMatch(/^\s*gzip off;/m);
  });

  const nginx = spawnSync('nginx', ['-v']).error ? null : 'nginx';
  it.skipIf(!nginx)('when nginx parses it (upstream host names pointed at 127.0.0.1), then it is valid', () => {
    // nginx resolves upstream names while loading: `app` exists only on the compose network.
    const templated = nginxConf.replace(/(\bserver )[a-z][a-z0-9_-]*(:\d+)/g, '$1127.0.0.1$2');
    expect(templated).not.toBe(nginxConf);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nginx-conf-'));
    const file = path.join(dir, 'nginx.conf');
    fs.writeFileSync(file, templated);
    const result = spawnSync('nginx', ['-t', '-e', 'stderr', '-c', file], { encoding: 'utf8' });
    fs.rmSync(dir, { recursive: true, force: true });
    expect(result.stderr).toContain('test is successful');
    expect(result.status).toBe(0);
  });
});
