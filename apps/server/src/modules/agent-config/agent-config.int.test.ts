import {
  type AgentConfig,
  type AgentConfigDelivery,
  type AgentConfigHistory,
  agentConfigMessages,
  DEFAULT_PERMISSIONS,
  live,
  SECRET_MASK,
} from '@portal/contract';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backend,
  createCustomerWithUser,
  endClients,
  injectAs,
  signIn,
  startPortal,
  type TestPortal,
  waitFor,
  watchLive,
} from '../../../test/harness.ts';

const WRITER = [...DEFAULT_PERMISSIONS, 'ALERTS_READ', 'IOT_DEVICE_READ', 'IOT_DEVICE_WRITE'];
const BASE = '/api/agentConfig';

/** The REST side of the agent configuration: every range, the versions, the walls, the secrets. */
describe(`agent configuration (${backend} backend)`, () => {
  let portal: TestPortal;
  let sid: string;
  let writer: string;
  let reader: string;
  let noAlerts: string;
  let stranger: string;
  let root: string;
  let readerSid: string;
  let noAlertsSid: string;
  const clients: MqttClient[] = [];

  beforeAll(async () => {
    portal = await startPortal({ AGENT_CONFIG_KEY: 'test-key-of-the-agent-configuration-0123456789' });
    const alpha = await createCustomerWithUser(portal, 'AgentCfg', { permissions: WRITER });
    sid = alpha.tenant.id;
    writer = await signIn(portal, alpha.email, alpha.password);
    const read = await createCustomerWithUser(portal, 'CfgReader', {
      parentId: sid,
      permissions: [...DEFAULT_PERMISSIONS, 'ALERTS_READ'],
    });
    readerSid = read.tenant.id;
    reader = await signIn(portal, read.email, read.password);
    const blind = await createCustomerWithUser(portal, 'CfgBlind', {
      permissions: [...DEFAULT_PERMISSIONS, 'IOT_DEVICE_WRITE'],
    });
    noAlertsSid = blind.tenant.id;
    noAlerts = await signIn(portal, blind.email, blind.password);
    const beta = await createCustomerWithUser(portal, 'CfgBeta', { permissions: WRITER });
    stranger = await signIn(portal, beta.email, beta.password);
    root = await signIn(portal);
  });
  afterAll(async () => {
    await endClients(clients);
    await portal?.close();
  });

  const load = async (cookie = writer, scope = sid) => {
    const response = await injectAs(portal, cookie, 'GET', `${BASE}/getConfigData/sid/${scope}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ SID: string; cfg: AgentConfig }>().cfg;
  };
  const apply = (cfg: unknown, cookie = writer, scope = sid) =>
    injectAs(portal, cookie, 'PUT', `${BASE}/updateConfigData`, { payload: { SID: scope, cfg } as never });
  /** The current configuration with `change` made to one group. */
  const edited = async (group: keyof AgentConfig, change: Record<string, unknown>) => {
    const cfg = await load();
    return { ...cfg, [group]: { ...(cfg[group] as object), ...change } };
  };

  it('starts at version 1 with every group, the documented defaults and no secret set', async () => {
    const cfg = await load();
    expect(cfg.cfv).toBe(1);
    expect(Object.keys(cfg).sort()).toEqual(
      ['apiData', 'auth', 'cfv', 'elk', 'gateway', 'logging', 'mqtt', 'poll', 's3BKT', 'scope'].sort(),
    );
    expect(cfg.poll).toEqual({ pti: 5, dpf: 5, ppf: 5, crbsts: true });
    expect(cfg.mqtt.mcpwd).toBe('');
    // Reset to default is refused at version 1, as the button is disabled there.
    const reset = await injectAs(portal, writer, 'PUT', `${BASE}/resetConfigDataToDefault`, {
      payload: { SID: sid, cfv: 1 },
    });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().message).toBe(agentConfigMessages.resetAtDefault);
  });

  const RANGES: [keyof AgentConfig, string, number, number][] = [
    ['mqtt', 'mat', 30, 600],
    ['mqtt', 'mprt', 2000, 9999],
    ['mqtt', 'mate0', 30, 60],
    ['mqtt', 'makto', 30, 120],
    ['gateway', 'wdtinvl', 30, 60],
    ['apiData', 'apito', 1, 60],
    ['logging', 'lsze', 1_000_000, 10_000_000],
    ['elk', 'prt', 2000, 9999],
  ];

  it('takes every range at both bounds and refuses one beyond each, storing nothing', async () => {
    for (const [group, key, min, max] of RANGES) {
      for (const bad of [min - 1, max + 1]) {
        const before = (await load()).cfv;
        const response = await apply(await edited(group, { [key]: bad }));
        expect(response.statusCode, `${group}.${key}=${bad}`).toBe(400);
        expect(response.json().details[0].path).toBe(`/cfg/${group}/${key}`);
        expect((await load()).cfv).toBe(before);
      }
      const current = (await load())[group] as unknown as Record<string, number>;
      for (const good of current[key] === min ? [max, min] : [min, max]) {
        const response = await apply(await edited(group, { [key]: good }));
        expect(response.statusCode, `${group}.${key}=${good}: ${response.body}`).toBe(200);
        expect(((await load())[group] as unknown as Record<string, number>)[key]).toBe(good);
      }
    }
  });

  it('takes the poll frequency from 1 to 30 s and the other frequencies as its multiples up to 900 s', async () => {
    const poll = async (p: Record<string, unknown>, ccf?: number) => {
      const cfg = await load();
      return apply({
        ...cfg,
        poll: { ...cfg.poll, ...p },
        gateway: { ...cfg.gateway, ...(ccf === undefined ? {} : { ccf }) },
      });
    };
    expect((await poll({ pti: 30, dpf: 30, ppf: 30 }, 300)).statusCode).toBe(200);
    expect((await poll({ pti: 31, dpf: 31 * 2, ppf: 31 * 2 }, 31 * 2)).statusCode).toBe(400);
    expect((await poll({ pti: 0 })).statusCode).toBe(400);
    expect((await poll({ pti: 1, dpf: 1, ppf: 900 }, 900)).statusCode).toBe(200);
    expect((await poll({ pti: 5, dpf: 5, ppf: 900 }, 900)).statusCode).toBe(200);
    const refused: [Record<string, unknown>, number | undefined, string][] = [
      [{ dpf: 4 }, undefined, '/cfg/poll/dpf'], // below the poll value
      [{ dpf: 905, ppf: 905 }, 905, '/cfg/poll/dpf'], // above 900
      [{ dpf: 7 }, undefined, '/cfg/poll/dpf'], // not a multiple of 5
      [{ dpf: 10, ppf: 5 }, 10, '/cfg/poll/ppf'], // post below record
      [{ ppf: 12 }, undefined, '/cfg/poll/ppf'], // not a multiple
      [{ dpf: 10, ppf: 10 }, 5, '/cfg/gateway/ccf'], // CCF below record
      [{}, 901, '/cfg/gateway/ccf'], // CCF above 900
    ];
    for (const [p, ccf, path] of refused) {
      const response = await poll(p, ccf);
      expect(response.statusCode, JSON.stringify(p)).toBe(400);
      expect(response.json().details.map((d: { path: string }) => d.path)).toContain(path);
    }
    expect((await poll({ dpf: 900, ppf: 900 }, 900)).statusCode).toBe(200);
  });

  it('refuses a missing field or group, a non-number, a fraction, an unknown key and a bad e-mail', async () => {
    const cfg = await load();
    const { burl: _burl, ...mqttWithoutBroker } = cfg.mqtt;
    const { scope: _scope, ...withoutScope } = cfg;
    const cases: [string, unknown][] = [
      ['missing field', { ...cfg, mqtt: mqttWithoutBroker }],
      ['missing group', withoutScope],
      ['empty text', { ...cfg, s3BKT: { ...cfg.s3BKT, nme: '' } }],
      ['number as text', { ...cfg, mqtt: { ...cfg.mqtt, mprt: '8883' } }],
      ['fraction', { ...cfg, mqtt: { ...cfg.mqtt, mprt: 8883.5 } }],
      ['exponent form', { ...cfg, logging: { ...cfg.logging, lsze: '1e6' } }],
      ['unknown key', { ...cfg, poll: { ...cfg.poll, extra: 1 } }],
      ['bad e-mail', { ...cfg, auth: { ...cfg.auth, eml: 'not-an-email' } }],
      ['e-mail suffix of 4', { ...cfg, auth: { ...cfg.auth, eml: 'ops@fleet.coms' } }],
      ['version of 6 digits', { ...cfg, cfv: 100_000 }],
    ];
    for (const [label, body] of cases) {
      const response = await apply(body);
      expect(response.statusCode, label).toBe(400);
    }
    expect((await load()).cfv).toBe(cfg.cfv);
    expect((await apply({ ...cfg, auth: { ...cfg.auth, eml: 'Ops.Team+gw@fleet.io' } })).statusCode).toBe(
      200,
    );
  });

  it('takes a version up to 99999 (5 digits) and no further', async () => {
    const cfg = await load(root, noAlertsSid);
    const step = (version: number) =>
      apply(
        { ...cfg, cfv: version, logging: { ...cfg.logging, lsze: 1_000_000 + version } },
        root,
        noAlertsSid,
      );
    expect((await step(1)).statusCode).toBe(200);
    // Many changes later: the counter stands at 99998.
    await portal.database.db
      .updateTable('agent_configs' as never)
      .set({ cfv: 99_998 } as never)
      .where('scope_id' as never, '=', noAlertsSid as never)
      .execute();
    const last = await step(99_998);
    expect(last.json().cfv, last.body).toBe(99_999);
    const beyond = await step(99_999);
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json().message).toBe(agentConfigMessages.versionLimit);
  });

  it('refuses an apply that changes nothing, and one made from an older version', async () => {
    const cfg = await load();
    const same = await apply(cfg);
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe(agentConfigMessages.nothingChanged);
    const stale = await apply({ ...cfg, cfv: cfg.cfv - 1, logging: { ...cfg.logging, lvl: 'DEBUG' } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(agentConfigMessages.changedMeanwhile);
  });

  it('gives concurrent applies of the same version one new version: one passes, the others are refused', async () => {
    const cfg = await load();
    const levels = ['ERROR', 'WARN', 'DEBUG', 'ERROR', 'WARN'].filter((l) => l !== cfg.logging.lvl);
    const answers = await Promise.all(
      levels.map((lvl) => apply({ ...cfg, logging: { ...cfg.logging, lvl } })),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(levels.length - 1);
    expect((await load()).cfv).toBe(cfg.cfv + 1);
    const history = await injectAs(portal, writer, 'GET', `${BASE}/history/sid/${sid}`);
    const versions = history.json<AgentConfigHistory>().versions.map((v) => v.cfv);
    expect(new Set(versions).size).toBe(versions.length);
  });

  it('keeps secrets encrypted, shows them masked, keeps a masked one and replaces one typed anew', async () => {
    const secrets = {
      mcpwd: 'Mqtt-Secret-1',
      gwpwd: 'Gw-Secret-2',
      wspwd: 'Ws-Secret-3',
      upswd: 'Elk-4',
      pwd: 'Auth-5',
    };
    const cfg = await load();
    const typed = {
      ...cfg,
      mqtt: { ...cfg.mqtt, mcpwd: secrets.mcpwd },
      gateway: { ...cfg.gateway, gwpwd: secrets.gwpwd, wspwd: secrets.wspwd },
      elk: { ...cfg.elk, upswd: secrets.upswd },
      auth: { ...cfg.auth, pwd: secrets.pwd },
    };
    const watcher = await watchLive(portal, writer, live.agentConfig(sid));
    clients.push(watcher.client);
    const response = await apply(typed);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(agentConfigMessages.updated);
    await waitFor(async () => watcher.messages.length > 0);

    const shown = await load();
    expect([
      shown.mqtt.mcpwd,
      shown.gateway.gwpwd,
      shown.gateway.wspwd,
      shown.elk.upswd,
      shown.auth.pwd,
    ]).toEqual(Array(5).fill(SECRET_MASK));
    const stored = await portal.database.db
      .selectFrom('agent_configs' as never)
      .select('cfg' as never)
      .where('scope_id' as never, '=', sid as never)
      .executeTakeFirstOrThrow();
    const versions = await portal.database.db
      .selectFrom('agent_config_versions' as never)
      .selectAll()
      .where('scope_id' as never, '=', sid as never)
      .execute();
    // Nowhere in clear: not stored, not in any answer, not on the live channel.
    const everything = [
      JSON.stringify(stored),
      JSON.stringify(versions),
      JSON.stringify(watcher.messages),
      (await injectAs(portal, writer, 'GET', `${BASE}/getConfigData/sid/${sid}`)).body,
      (await injectAs(portal, writer, 'GET', `${BASE}/history/sid/${sid}`)).body,
      (await injectAs(portal, writer, 'GET', `${BASE}/delivery/sid/${sid}`)).body,
      response.body,
    ].join('\n');
    for (const secret of Object.values(secrets)) expect(everything).not.toContain(secret);
    expect(JSON.stringify(stored)).toContain('enc:v1:');

    // Sent back masked: kept. Typed anew: replaced (the gateways get it: agent-config-delivery.int.test.ts).
    const kept = await apply({ ...shown, elk: { ...shown.elk, upswd: 'Elk-New-6' } });
    expect(kept.statusCode, kept.body).toBe(200);
    const current = await portal.services.agentConfig.current(sid);
    expect(current.values.mqtt.mcpwd).toBe(secrets.mcpwd);
    expect(current.values.elk.upswd).toBe('Elk-New-6');
    const history = (
      await injectAs(portal, writer, 'GET', `${BASE}/history/sid/${sid}`)
    ).json<AgentConfigHistory>();
    expect(history.versions[0]?.changes).toEqual([
      { group: 'elk', key: 'upswd', from: SECRET_MASK, to: SECRET_MASK },
    ]);
  });

  it('keeps every version with who, when and what changed, goes back to one and resets to the defaults', async () => {
    const before = await load();
    const changed = await apply({ ...before, s3BKT: { ...before.s3BKT, nme: 'fleet-bucket' } });
    expect(changed.statusCode).toBe(200);
    const history = (
      await injectAs(portal, writer, 'GET', `${BASE}/history/sid/${sid}`)
    ).json<AgentConfigHistory>();
    const [newest] = history.versions;
    expect(newest).toMatchObject({
      cfv: before.cfv + 1,
      action: 'update',
      changes: [{ group: 's3BKT', key: 'nme', from: before.s3BKT.nme, to: 'fleet-bucket' }],
    });
    expect(newest?.changedBy).toMatch(/^agentcfg-/);
    expect(Date.now() - Date.parse(newest?.changedAt ?? '')).toBeLessThan(60_000);
    expect(history.versions.at(-1)).toMatchObject({ cfv: 1, action: 'default' });

    const revert = await injectAs(portal, writer, 'PUT', `${BASE}/revertConfigData`, {
      payload: { SID: sid, cfv: before.cfv + 1, to: before.cfv },
    });
    expect(revert.statusCode, revert.body).toBe(200);
    const reverted = await load();
    expect(reverted.cfv).toBe(before.cfv + 2);
    expect(reverted.s3BKT.nme).toBe(before.s3BKT.nme);
    const future = await injectAs(portal, writer, 'PUT', `${BASE}/revertConfigData`, {
      payload: { SID: sid, cfv: reverted.cfv, to: reverted.cfv + 5 },
    });
    expect(future.statusCode).toBe(404);

    const reset = await injectAs(portal, writer, 'PUT', `${BASE}/resetConfigDataToDefault`, {
      payload: { SID: sid, cfv: reverted.cfv },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().message).toBe(agentConfigMessages.reset);
    const defaults = await load();
    expect(defaults.cfv).toBe(reverted.cfv + 1);
    expect(defaults.poll).toEqual({ pti: 5, dpf: 5, ppf: 5, crbsts: true });
    expect(defaults.s3BKT.nme).toBe('gateway-logs');
    // Secrets have no default: a reset keeps them.
    expect(defaults.mqtt.mcpwd).toBe(SECRET_MASK);
  });

  it('shows a customer’s configuration to no other customer, and lets no one without the permissions change it', async () => {
    const cfg = await load();
    const change = { ...cfg, logging: { ...cfg.logging, lsze: 2_000_000 } };
    expect((await injectAs(portal, stranger, 'GET', `${BASE}/getConfigData/sid/${sid}`)).statusCode).toBe(
      404,
    );
    expect((await apply(change, stranger)).statusCode).toBe(404);
    for (const [method, path, payload] of [
      ['PUT', 'resetConfigDataToDefault', { SID: sid, cfv: cfg.cfv }],
      ['PUT', 'revertConfigData', { SID: sid, cfv: cfg.cfv, to: 1 }],
      ['POST', 'setConfigData', { SID: sid, cfg: change }],
    ] as const)
      expect((await injectAs(portal, stranger, method, `${BASE}/${path}`, { payload })).statusCode).toBe(404);
    for (const path of ['history', 'delivery'])
      expect((await injectAs(portal, stranger, 'GET', `${BASE}/${path}/sid/${sid}`)).statusCode).toBe(404);
    // A reader (ALERTS_READ, in a customer below) sees only its own; without IOT_DEVICE_WRITE it changes nothing.
    expect((await injectAs(portal, reader, 'GET', `${BASE}/getConfigData/sid/${sid}`)).statusCode).toBe(404);
    const readerCfg = await load(reader, readerSid);
    const readerChange = { ...readerCfg, logging: { ...readerCfg.logging, lvl: 'WARN' } };
    expect((await apply(readerChange, reader, readerSid)).statusCode).toBe(403);
    // IOT_DEVICE_WRITE without ALERTS_READ: neither sees nor changes, even its own.
    const blindGet = await injectAs(portal, noAlerts, 'GET', `${BASE}/getConfigData/sid/${noAlertsSid}`);
    expect(blindGet.statusCode).toBe(403);
    expect((await apply({ ...readerChange, cfv: 1 }, noAlerts, noAlertsSid)).statusCode).toBe(403);
    expect((await load(root, noAlertsSid)).cfv).toBe(99_999);
    expect((await load(root, readerSid)).cfv).toBe(1);
    // The live channel: another customer's user is refused.
    await expect(watchLive(portal, stranger, live.agentConfig(sid))).rejects.toThrow();
    // Without ALERTS_READ, not even one's own customer's channel.
    await expect(watchLive(portal, noAlerts, live.agentConfig(noAlertsSid))).rejects.toThrow();
    const own = await watchLive(portal, reader, live.agentConfig(readerSid));
    clients.push(own.client);
    expect((await load()).cfv).toBe(cfg.cfv);
    // Root reaches every customer.
    expect((await load(root)).cfv).toBe(cfg.cfv);
    const delivery = await injectAs(portal, root, 'GET', `${BASE}/delivery/sid/${sid}`);
    expect(delivery.json<AgentConfigDelivery>()).toMatchObject({ SID: sid, cfv: cfg.cfv, current: 0 });
  });
});
