// Runs a command with its output shown as usual and also appended to a log file, so tests can
// read what the emulators printed (function logs included) while they run: the invitation tests
// check that no log line carries an invitation's secret. The file's path reaches the command as
// KEYLOFT_EMULATOR_LOG.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A fresh log file path for one run. */
export function newEmulatorLogPath() {
  return join(mkdtempSync(join(tmpdir(), 'keyloft-emulators-')), 'emulators.log');
}

/** Resolves with the exit status (1 when killed by a signal). */
export function runTeed(command, args, { env, logPath }) {
  return new Promise((resolve) => {
    const log = createWriteStream(logPath, { flags: 'a' });
    const child = spawn(command, args, { env: { ...env, KEYLOFT_EMULATOR_LOG: logPath }, stdio: ['inherit', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      log.write(chunk);
    });
    child.stderr.on('data', (chunk) => {
      process.stderr.write(chunk);
      log.write(chunk);
    });
    child.on('close', (code) => {
      log.end(() => resolve(code ?? 1));
    });
  });
}
