// `npm run dev`: the API server (restarting on change) and Vite's dev server with hot reload side by side.
import { spawn } from 'node:child_process';

const children = [
  // The browser talks to Vite's origin (:5173), whose proxy forwards the Origin header as is: the API must
  // trust it for cookie-authenticated control-centre calls (Payload's CSRF list).
  spawn('npx', ['tsx', 'watch', 'cms/server.ts'], {
    stdio: 'inherit',
    env: { ...process.env, CORS_ORIGINS: process.env.CORS_ORIGINS ?? 'http://localhost:5173' },
  }),
  spawn('npm', ['run', 'dev', '-w', 'web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) =>
  c.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  }),
);
