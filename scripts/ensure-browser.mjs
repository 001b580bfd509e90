#!/usr/bin/env node
/**
 * Runs before the browser tests (npm test, npm run test:e2e): makes sure a Chromium is there.
 * Playwright's own browser download needs a CDN this kind of machine cannot reach, so the
 * browser comes from the system: CHROMIUM_PATH, else Debian's `chromium`, installed here with
 * apt-get when missing and we may (root, or password-less sudo).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';

const DEFAULT = '/usr/bin/chromium';
const wanted = process.env.CHROMIUM_PATH || DEFAULT;
if (fs.existsSync(wanted)) process.exit(0);
if (process.env.CHROMIUM_PATH) fail(`CHROMIUM_PATH=${wanted} does not exist.`);

const has = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
const root = process.getuid?.() === 0;
const sudo = !root && has('sudo') && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0;
if (!has('apt-get') || (!root && !sudo)) {
  fail('No Chromium at /usr/bin/chromium and no way to install it here (needs apt-get as root or with sudo).');
}

console.log("Browser tests need Chromium; installing Debian's chromium package (apt-get) ...");
const run = (args) =>
  execFileSync(sudo ? 'sudo' : args[0], sudo ? ['-n', ...args] : args.slice(1), {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
try {
  run(['apt-get', 'update', '-qq']);
  run(['apt-get', 'install', '-y', '-qq', '--no-install-recommends', 'chromium']);
} catch {
  fail('Installing chromium with apt-get failed (see above).');
}
if (!fs.existsSync(DEFAULT)) fail('apt-get finished but /usr/bin/chromium is still missing.');
console.log(`Chromium installed: ${execFileSync(DEFAULT, ['--version'], { encoding: 'utf8' }).trim()}`);

function fail(why) {
  console.error(
    `\n${why}\nInstall Chromium (Debian/Ubuntu: apt-get install chromium) or set CHROMIUM_PATH to a Chromium or Chrome binary, then run the tests again.\n`,
  );
  process.exit(1);
}
