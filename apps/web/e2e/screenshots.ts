import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, TestInfo } from '@playwright/test';

/** Saves a full-page screenshot under test-results/screenshots/<name>-<project>.png. */
export async function screenshot(page: Page, testInfo: TestInfo, name: string): Promise<string> {
  const dir = join(process.cwd(), 'test-results', 'screenshots');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${name}-${testInfo.project.name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}
