import { TraceFlags, trace } from '@opentelemetry/api';
import { currentTraceparent, inTraceOf, startTelemetry, stopTelemetry, withSpan } from './telemetry';

const OTEL_VARIABLES = [
  'OTEL_EXPORTER_OTLP_ENDPOINT',
  'OTEL_TRACES_EXPORTER',
  'OTEL_METRICS_EXPORTER',
  'OTEL_TRACES_SAMPLER',
  'OTEL_PROPAGATORS',
  'OTEL_SDK_DISABLED',
];

/**
 * With nothing to export, every process still makes spans and carries their context, but does without
 * the SDK package (about 900 modules and 9 MB of heap): its loading is watched through Jest's module
 * registry. A sampler or propagators named by the operator are the SDK's to read, so they load it.
 */
describe('telemetry with nothing to export', () => {
  const saved = { ...process.env };
  const sdkLoads = jest.fn();

  beforeAll(() => {
    jest.doMock('@opentelemetry/sdk-node', () => {
      sdkLoads();
      return jest.requireActual('@opentelemetry/sdk-node');
    });
  });

  beforeEach(() => {
    for (const name of OTEL_VARIABLES) delete process.env[name];
    // The next require of the SDK runs the factory again (this file's own imports keep their modules).
    jest.resetModules();
    sdkLoads.mockClear();
  });

  afterEach(async () => {
    await stopTelemetry();
    process.env = { ...saved };
  });

  afterAll(() => jest.dontMock('@opentelemetry/sdk-node'));

  it('does not load the SDK, and a span started here has ids and a traceparent but is not recorded', async () => {
    startTelemetry({ serviceName: 'unexported' });

    const traceparent = await withSpan('work', async (span) => {
      expect(span.isRecording()).toBe(false);
      expect(span.spanContext().traceFlags & TraceFlags.SAMPLED).toBe(0);
      return currentTraceparent();
    });

    expect(traceparent).toMatch(/^00-(?!0{32})[0-9a-f]{32}-(?!0{16})[0-9a-f]{16}-00$/);
    expect(sdkLoads).not.toHaveBeenCalled();
  });

  it("follows a sampled caller's trace: same trace id, recorded, sampled flag passed on", async () => {
    startTelemetry({ serviceName: 'unexported' });
    const caller = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';

    const [traceparent, recording] = await inTraceOf(caller, () =>
      withSpan('work', async (span) => [currentTraceparent(), span.isRecording()] as const),
    );

    expect(traceparent).toMatch(/^00-0af7651916cd43dd8448eb211c80319c-[0-9a-f]{16}-01$/);
    expect(traceparent).not.toContain('b7ad6b7169203331');
    expect(recording).toBe(true);
    expect(sdkLoads).not.toHaveBeenCalled();
  });

  it.each([
    ['OTEL_TRACES_SAMPLER', 'parentbased_always_on'],
    ['OTEL_PROPAGATORS', 'tracecontext'],
  ])('loads the SDK when %s names what it reads', async (variable, value) => {
    process.env[variable] = value;
    startTelemetry({ serviceName: 'configured' });

    expect(sdkLoads).toHaveBeenCalledTimes(1);
    const traceparent = await withSpan('work', async () => currentTraceparent());
    expect(traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-0[01]$/);
  });

  it('OTEL_SDK_DISABLED=true: no SDK and no tracer, so no traceparent', async () => {
    process.env.OTEL_SDK_DISABLED = 'true';
    startTelemetry({ serviceName: 'disabled' });

    expect(await withSpan('work', async () => currentTraceparent())).toBeUndefined();
    expect(trace.getActiveSpan()).toBeUndefined();
    expect(sdkLoads).not.toHaveBeenCalled();
  });
});
