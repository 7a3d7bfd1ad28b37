// The example game (examples/game-cli) run by a browser test: a child process whose output lines can
// be awaited (game-cli.spec.ts plays its device and PKCE sign-ins, stub.spec.ts its console).
import { spawn } from 'node:child_process';
import { expect } from '@playwright/test';

export function runGame(args: string[], timeout = 20_000) {
  const child = spawn(process.execPath, ['examples/game-cli/game-cli.ts', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
  return {
    async line(pattern: RegExp): Promise<RegExpExecArray> {
      let match: RegExpExecArray | null = null;
      await expect.poll(() => (match = pattern.exec(output)) !== null, { timeout, message: () => output }).toBe(true);
      return match as unknown as RegExpExecArray;
    },
    exited,
    output: () => output,
    stop: () => child.kill(),
  };
}
