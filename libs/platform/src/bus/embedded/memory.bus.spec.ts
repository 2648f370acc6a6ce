import { describeEventBusContract } from '@pulse/testing';
import { InProcessEventBus } from './in-process.bus';

describeEventBusContract(
  'in-process, in memory',
  () => new InProcessEventBus({ backoff: { initialMs: 10, maxMs: 50 } }),
);
