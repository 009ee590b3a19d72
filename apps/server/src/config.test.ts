import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('gives the documented defaults on an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 8080,
      MQTT_PORT: 1884,
      DATA_DIR: './data',
      DEMO: true,
      // A newcomer's first unlock of a demo lock must not fail at random (issue 30.6).
      DEMO_LOCK_FAILURES: false,
      // `npm start` shows social sign-in through its demo provider (issue 30).
      DEMO_OIDC: true,
      DEMO_OIDC_PORT: 8081,
      DATABASE_URL: undefined,
      MQTT_URL: undefined,
    });
  });

  it('refuses a bad value and names the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ MQTT_PORT: '70000' })).toThrow(/MQTT_PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ DEMO: 'maybe' })).toThrow(/DEMO/);
    expect(() => loadConfig({ ROOT_EMAIL: 'not-an-email' })).toThrow(/ROOT_EMAIL/);
  });

  it('reads TRUST_PROXY as off, on, a hop count or a list of addresses and ranges, and names it when bad', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,fd00::/8,loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      'fd00::/8',
      'loopback',
    ]);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/32' }).TRUST_PROXY).toEqual(['10.0.0.0/32']);
    const bad = ['yes', '10.0.0.0/33', '10.0.0.300', 'proxy.example.com', '10.0.0.1,', '-1', 'fd00::/129'];
    for (const value of bad) expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY/);
  });

  it('takes MQTT_MAX_PACKET_BYTES from 16 KiB to 32 MiB, 256 KiB by default', () => {
    expect(loadConfig({}).MQTT_MAX_PACKET_BYTES).toBe(262_144);
    expect(loadConfig({ MQTT_MAX_PACKET_BYTES: '16384' }).MQTT_MAX_PACKET_BYTES).toBe(16_384);
    expect(loadConfig({ MQTT_MAX_PACKET_BYTES: '33554432' }).MQTT_MAX_PACKET_BYTES).toBe(33_554_432);
    for (const bad of ['16383', '33554433', '1e9', 'big']) {
      expect(() => loadConfig({ MQTT_MAX_PACKET_BYTES: bad })).toThrow(/MQTT_MAX_PACKET_BYTES/);
    }
  });

  it('takes ALERT_DIGEST_SECONDS from 0 (digests off) to a day, 10 minutes by default', () => {
    expect(loadConfig({}).ALERT_DIGEST_SECONDS).toBe(600);
    expect(loadConfig({ ALERT_DIGEST_SECONDS: '0' }).ALERT_DIGEST_SECONDS).toBe(0);
    expect(loadConfig({ ALERT_DIGEST_SECONDS: '86400' }).ALERT_DIGEST_SECONDS).toBe(86_400);
    for (const bad of ['-1', '86401', '1.5', 'soon']) {
      expect(() => loadConfig({ ALERT_DIGEST_SECONDS: bad })).toThrow(/ALERT_DIGEST_SECONDS/);
    }
  });

  it('accepts the port bounds 0 and 65535 and refuses 65536', () => {
    expect(loadConfig({ PORT: '0' }).PORT).toBe(0);
    expect(loadConfig({ PORT: '65535' }).PORT).toBe(65535);
    expect(() => loadConfig({ PORT: '65536' })).toThrow(/PORT/);
  });

  it('takes a map tile URL template with {z}, {x} and {y} (MAP_TILE_URL)', () => {
    expect(loadConfig({}).MAP_TILE_URL).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    const withSubdomains = 'https://{s}.tiles.example/{z}/{x}/{y}.png';
    expect(loadConfig({ MAP_TILE_URL: withSubdomains }).MAP_TILE_URL).toBe(withSubdomains);
    expect(loadConfig({ MAP_TILE_URL: '/tiles/{z}/{x}/{y}.png' }).MAP_TILE_URL).toBe(
      '/tiles/{z}/{x}/{y}.png',
    );
    expect(() => loadConfig({ MAP_TILE_URL: 'https://tiles.example/{z}/{x}.png' })).toThrow(/MAP_TILE_URL/);
    expect(() => loadConfig({ MAP_TILE_URL: 'ftp://tiles.example/{z}/{x}/{y}.png' })).toThrow(/MAP_TILE_URL/);
  });

  it('reads DEMO=0 as off and treats empty values as unset', () => {
    expect(loadConfig({ DEMO: '0' }).DEMO).toBe(false);
    expect(loadConfig({ DEMO_LOCK_FAILURES: '1' }).DEMO_LOCK_FAILURES).toBe(true);
    expect(loadConfig({ DEMO_OIDC: '0' }).DEMO_OIDC).toBe(false);
    expect(() => loadConfig({ DEMO_OIDC_PORT: '65536' })).toThrow(/DEMO_OIDC_PORT/);
    expect(loadConfig({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });
  it('reads the demo camera removal in seconds (DEMO_CAMERA_REMOVAL_AFTER, DEMO_CAMERA_REFIT_AFTER)', () => {
    const unset = loadConfig({});
    expect([unset.DEMO_CAMERA_REMOVAL_AFTER, unset.DEMO_CAMERA_REFIT_AFTER]).toEqual([undefined, undefined]);
    expect(loadConfig({ DEMO_CAMERA_REMOVAL_AFTER: '' }).DEMO_CAMERA_REMOVAL_AFTER).toBeUndefined();
    const both = loadConfig({ DEMO_CAMERA_REMOVAL_AFTER: '90', DEMO_CAMERA_REFIT_AFTER: '0.5' });
    expect([both.DEMO_CAMERA_REMOVAL_AFTER, both.DEMO_CAMERA_REFIT_AFTER]).toEqual([90, 0.5]);
    expect(loadConfig({ DEMO_CAMERA_REMOVAL_AFTER: '604800' }).DEMO_CAMERA_REMOVAL_AFTER).toBe(604_800);
    for (const bad of ['0', '-5', 'soon', '604801'])
      expect(() => loadConfig({ DEMO_CAMERA_REMOVAL_AFTER: bad }), bad).toThrow(/DEMO_CAMERA_REMOVAL_AFTER/);
    expect(() => loadConfig({ DEMO_CAMERA_REMOVAL_AFTER: '30', DEMO_CAMERA_REFIT_AFTER: '0' })).toThrow(
      /DEMO_CAMERA_REFIT_AFTER/,
    );
    // A refit needs a removal to follow.
    expect(() => loadConfig({ DEMO_CAMERA_REFIT_AFTER: '30' })).toThrow(
      'DEMO_CAMERA_REFIT_AFTER: needs DEMO_CAMERA_REMOVAL_AFTER (got "30")',
    );
  });
});
