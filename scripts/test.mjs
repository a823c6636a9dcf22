#!/usr/bin/env node
// `npm test`: the whole suite — type check, lint, build, then unit, integration (PGlite, and
// PostgreSQL when TEST_DATABASE_URL is set) and end-to-end tests in Chromium.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

const run = (label, cmd, args, env = {}) => {
  process.stdout.write(`\n== ${label}\n`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) {
    process.stderr.write(`\n${label} failed.\n`);
    process.exit(r.status ?? 1);
  }
};

function ensureChromium() {
  if (fs.existsSync(chromium)) return;
  const canApt = process.getuid?.() === 0 && spawnSync('which', ['apt-get']).status === 0;
  if (!canApt) {
    process.stderr.write(
      `The end-to-end tests need Chromium at ${chromium}.\n` +
        'Install it (Debian/Ubuntu: sudo apt-get install -y chromium) or set CHROMIUM_PATH to a Chromium or Chrome binary.\n',
    );
    process.exit(1);
  }
  run('Installing Chromium (Debian package)', 'bash', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium']);
}

ensureChromium();
run('Type check', 'npm', ['run', 'typecheck', '--silent']);
run('Lint', 'npm', ['run', 'lint', '--silent']);
run('Build', 'npm', ['run', 'build', '--silent']);

// Vitest's own summary plus one plain closing line ("tests: N passed, N failed, N skipped, N flaky").
const resultsFile = path.join(root, '.tmp', 'vitest-results.json');
fs.mkdirSync(path.dirname(resultsFile), { recursive: true });
fs.rmSync(resultsFile, { force: true });
process.stdout.write('\n== Tests\n');
const vitest = path.join(root, 'node_modules', '.bin', 'vitest');
const r = spawnSync(vitest, ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${resultsFile}`, ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: chromium },
});
if (fs.existsSync(resultsFile)) {
  const results = JSON.parse(fs.readFileSync(resultsFile, 'utf8'));
  const skipped = (results.numPendingTests ?? 0) + (results.numTodoTests ?? 0);
  // a test that passed with failures recorded passed on its retry (the end-to-end project retries once)
  const flaky = results.testResults.flatMap((file) =>
    file.assertionResults.filter((t) => t.status === 'passed' && t.failureMessages.length > 0).map((t) => `${path.relative(root, file.name)} > ${t.fullName}`),
  );
  for (const name of flaky) process.stdout.write(`\nflaky (passed on its retry): ${name}\n`);
  process.stdout.write(`\ntests: ${results.numPassedTests} passed, ${results.numFailedTests} failed, ${skipped} skipped, ${flaky.length} flaky\n`);
  if (results.numTotalTests === 0) process.exit(1);
}
process.exit(r.status ?? 1);
