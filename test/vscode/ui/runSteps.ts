/** A step of a UI scenario: the steps build on each other, as a user's actions do. */
export interface Step<Context> {
  readonly name: string;
  run(context: Context): Promise<void>;
}

export interface Tally {
  passed: number;
  failed: number;
  skipped: number;
}

/**
 * Runs the steps in order, printing a line each; after a failure the rest are counted as failed, not run.
 * `screenshot(index)` saves the failed step's screen and answers where.
 */
export async function runSteps<Context>(
  steps: readonly Step<Context>[],
  context: Context,
  screenshot: (index: number) => Promise<string>,
): Promise<Tally> {
  const tally: Tally = { passed: 0, failed: 0, skipped: 0 };
  for (const [index, step] of steps.entries()) {
    if (tally.failed > 0) {
      console.log(`  - ${step.name} (not run: an earlier step failed)`);
      tally.failed += 1;
      continue;
    }
    const started = Date.now();
    try {
      await step.run(context);
      tally.passed += 1;
      console.log(`  ✔ ${step.name} (${Date.now() - started} ms)`);
    } catch (error) {
      tally.failed += 1;
      const shot = await screenshot(index);
      console.log(
        `  ✘ ${step.name}\n    ${error instanceof Error ? error.message.split('\n')[0] : String(error)}\n    screenshot: ${shot}`,
      );
    }
  }
  return tally;
}
