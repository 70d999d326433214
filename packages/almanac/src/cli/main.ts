import { runCli } from './run.ts';

// The process half of the CLI: argv in, chunks out (respecting back-pressure so `days` can stream
// 70,000 lines into a pipe), exit code last.
const result = runCli(process.argv.slice(2), Date.now() / 1000);
if (result.stderr) process.stderr.write(result.stderr);
for (const chunk of result.stdout) {
  if (!process.stdout.write(chunk)) await new Promise((resolve) => process.stdout.once('drain', resolve));
}
process.exitCode = result.exitCode;
