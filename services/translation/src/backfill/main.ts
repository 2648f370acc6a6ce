import 'reflect-metadata';
import { adaptersOf, bootProcess, createPorts, createServiceApp, orExitOnConfigError } from '@pulse/platform';
import { TranslationJobsModule } from '../translation.module';
import { translationService } from '../translation.service-definition';
import { TranslationService } from '../translation.service';
import { runBackfill } from './run-backfill';

/**
 * `node -r @swc-node/register services/translation/src/backfill/main.ts [--limit N]`: translates the items
 * stored as pending while no LLM was configured. Same configuration as the service (LLM_*, STORE_*, BUS_*).
 * In embedded mode stop the site first: the embedded store's folder is one process's at a time.
 */
async function main(): Promise<void> {
  const { processConfig, logger } = bootProcess('translation-backfill', {});
  const ports = await orExitOnConfigError(
    createPorts(translationService.uses, {
      serviceName: translationService.name,
      logger,
      dataDir: processConfig.PULSE_DATA_DIR,
    }),
  );
  // The jobs module without the event handler: this run never joins the consumer group.
  const app = await createServiceApp({ ...translationService, module: TranslationJobsModule }, ports, logger);
  const limitArg = process.argv.indexOf('--limit');
  const limit = limitArg > 0 ? Number(process.argv[limitArg + 1]) : undefined;
  let exitCode = 0;
  try {
    const summary = await runBackfill(app.get(TranslationService), {
      limit,
      write: (line) => console.log(line),
    });
    exitCode = summary.failed > 0 ? 1 : 0;
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    exitCode = 1;
  } finally {
    await app.close();
    for (const [, adapter] of adaptersOf(ports)) await adapter.close();
  }
  process.exit(exitCode);
}

void main();
