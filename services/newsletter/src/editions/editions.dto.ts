import { oneOf, strictParams } from '@pulse/contracts';
import { FREQUENCIES } from '../subscribers/subscriber.record';

/** Admin preview and manual send name the kind of edition. */
export const editionKindDto = strictParams({ kind: oneOf('kind', FREQUENCIES) });
