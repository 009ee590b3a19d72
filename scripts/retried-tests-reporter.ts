import { relative } from 'node:path';
import type { Reporter, TestCase } from 'vitest/node';

/**
 * Names every test that needed a retry (the e2e project allows one, vitest.config.ts), at the end of the run,
 * so a test that passes only the second time is seen and fixed, not hidden.
 */
export default class RetriedTestsReporter implements Reporter {
  private readonly retried: string[] = [];

  onTestCaseResult(testCase: TestCase): void {
    const diagnostic = testCase.diagnostic();
    if (!diagnostic || diagnostic.retryCount === 0) return;
    const outcome = testCase.result().state === 'passed' ? 'passed on a retry' : 'failed every try';
    const file = relative(process.cwd(), testCase.module.moduleId);
    this.retried.push(`${testCase.project.name} ${file} > ${testCase.fullName}: ${outcome}`);
  }

  onTestRunEnd(): void {
    if (this.retried.length === 0) return;
    console.log(`\nRetried tests (${this.retried.length}):`);
    for (const line of this.retried) console.log(`  ${line}`);
  }
}
