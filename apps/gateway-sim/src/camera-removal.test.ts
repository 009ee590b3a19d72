import { describe, expect, it } from 'vitest';
import { parseCliArgs } from './cli-args.ts';
import { resolveOptions } from './options.ts';
import { startSimulation } from './simulation.ts';

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
  it("takes a gateway's own removal (the demo launcher's one gateway) in place of the simulation's", async () => {
    const base = { brokerUrl: 'mqtt://h:1' };
    expect(() =>
      resolveOptions({ ...base, gateways: [{ mac: 'AA0000000001', cameraRemoval: { afterMs: -1 } }] }),
    ).toThrow(/AA0000000001 cameraRemoval.afterMs/);
    expect(() =>
      resolveOptions({
        ...base,
        gateways: [{ mac: 'AA0000000001', cameraRemoval: { afterMs: 1, refitAfterMs: 0 } }],
      }),
    ).toThrow(/AA0000000001 cameraRemoval.refitAfterMs/);

    // No broker: the gateways never connect, and the camera changes all the same (reported at the next connect).
    const simulation = startSimulation({
      brokerUrl: 'mqtt://127.0.0.1:1',
      gateways: [
        { mac: 'AA0000000001', camera: true, cameraRemoval: { afterMs: 50, refitAfterMs: 150 } },
        { mac: 'AA0000000002', camera: true },
      ],
      seed: 1,
    });
    try {
      const [scripted, other] = simulation.gateways;
      expect(scripted!.hasCamera()).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 120));
      expect(scripted!.hasCamera()).toBe(false);
      expect(other!.hasCamera()).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(scripted!.hasCamera()).toBe(true);
    } finally {
      await simulation.stop();
    }
  });
});
