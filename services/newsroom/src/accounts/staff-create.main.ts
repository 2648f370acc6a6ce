// `npm run staff:create -- --name <name> --role owner`: the first account, before anyone can sign in
// (STAFF_CREATE_USAGE says where the password comes from).
import { createInterface } from 'node:readline';
import { createPorts, createLogger, processConfigSchema, StoreError } from '@pulse/platform';
import {
  createStaffAccount,
  parseStaffCreate,
  STAFF_CREATE_USAGE,
  StaffCreateUsageError,
} from './staff-create';

async function firstLineOfStdin(): Promise<string | undefined> {
  if (process.stdin.isTTY) process.stderr.write('password: ');
  const lines = createInterface({ input: process.stdin });
  for await (const line of lines) {
    lines.close();
    return line;
  }
  return undefined;
}

async function main(): Promise<void> {
  const input = parseStaffCreate(
    process.argv.slice(2),
    process.env.STAFF_PASSWORD ?? (await firstLineOfStdin()),
  );
  const processConfig = processConfigSchema.parse(process.env);
  const logger = createLogger({ service: 'newsroom', level: 'warn', pretty: false });
  const ports = await createPorts(['store'], {
    serviceName: 'newsroom',
    logger,
    dataDir: processConfig.PULSE_DATA_DIR,
  });
  try {
    const account = await createStaffAccount(ports.store!, input);
    console.log(`created ${account.role} '${account.name}' (${account.id})`);
  } finally {
    await ports.store?.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof StaffCreateUsageError) console.error(`${error.message}\n\n${STAFF_CREATE_USAGE}`);
  else if (error instanceof StoreError) console.error(`the newsroom store refused: ${error.message}`);
  else console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
