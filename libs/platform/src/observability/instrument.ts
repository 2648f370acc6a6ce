// Imported first by every entry point (services' and the gateway's main.ts, the embedded site), before
// any adapter loads its client library: see library-instrumentations.ts.
import { enableLibraryInstrumentations } from './library-instrumentations';

enableLibraryInstrumentations();
