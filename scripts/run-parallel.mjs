// Runs shell commands side by side, at most -j at a time in the order given (longest first pays),
// prints each one's output whole when it ends, and fails if any failed.
// Usage: node scripts/run-parallel.mjs [-j N] 'command' 'command' ...
import { spawn } from 'node:child_process';

const args = process.argv.slice(2);
let jobs = Infinity;
if (args[0] === '-j') {
  jobs = Number(args[1]);
  args.splice(0, 2);
}
const queue = [...args];
let failed = 0;

function run(command) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const status = code === 0 ? 'ok' : `FAILED (${signal ?? `exit ${code}`})`;
      process.stdout.write(`\n── ${command}: ${status} in ${seconds} s\n`);
      process.stdout.write(Buffer.concat(chunks));
      if (code !== 0) failed++;
      resolve();
    });
  });
}

async function lane() {
  for (let command = queue.shift(); command; command = queue.shift()) await run(command);
}

await Promise.all(Array.from({ length: Math.min(jobs, queue.length) }, lane));
process.exit(failed ? 1 : 0);
