import { describe, expect, it } from 'vitest';
import { parseCliArgs } from './cli-args.ts';
import { resolveOptions } from './options.ts';

describe('camera removal (the portal camera alerts)', () => {
  it('reads --camera-removal-after and --camera-refit-after in seconds, and refuses bad values by name', () => {
    expect(parseCliArgs([]).cameraRemoval).toBeUndefined();
    expect(parseCliArgs(['--camera-removal-after', '30']).cameraRemoval).toEqual({ afterMs: 30_000 });
    expect(
      parseCliArgs(['--camera-removal-after', '0.5', '--camera-refit-after', '60']).cameraRemoval,
    ).toEqual({ afterMs: 500, refitAfterMs: 60_000 });
    expect(() => parseCliArgs(['--camera-removal-after', '0'])).toThrow(/--camera-removal-after/);
    expect(() => parseCliArgs(['--camera-removal-after', 'soon'])).toThrow(/--camera-removal-after/);
    expect(() => parseCliArgs(['--camera-removal-after', '5', '--camera-refit-after', '-1'])).toThrow(
      /--camera-refit-after/,
    );
    expect(() => parseCliArgs(['--camera-refit-after', '5'])).toThrow(/needs --camera-removal-after/);
  });

  it('keeps the scripted removal in the options and refuses times that cannot work', () => {
    const base = { brokerUrl: 'mqtt://h:1', gateways: [] };
    expect(resolveOptions(base).cameraRemoval).toBeUndefined();
    expect(
      resolveOptions({ ...base, cameraRemoval: { afterMs: 100, refitAfterMs: 200 } }).cameraRemoval,
    ).toEqual({
      afterMs: 100,
      refitAfterMs: 200,
    });
    expect(() => resolveOptions({ ...base, cameraRemoval: { afterMs: 0 } })).toThrow(/cameraRemoval.afterMs/);
    expect(() => resolveOptions({ ...base, cameraRemoval: { afterMs: 1, refitAfterMs: -5 } })).toThrow(
      /cameraRemoval.refitAfterMs/,
    );
  });
});
