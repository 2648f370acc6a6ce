import path from 'node:path';
import { describeBusDelivery } from '@pulse/testing';
import { InProcessEventBus } from './in-process.bus';

describeBusDelivery('bus delivery [in-process, on disk]: 10,000 events, consumer SIGKILLed twice', {
  makeBus: (workDir) => new InProcessEventBus({ dataDir: path.join(workDir, 'bus') }),
  childEnv: (workDir) => ({ BUS_DRIVER: 'in-process', BUS_DATA_DIR: path.join(workDir, 'bus') }),
  timeoutMs: 120_000,
});
