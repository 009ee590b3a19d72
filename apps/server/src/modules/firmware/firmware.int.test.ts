import { createHash } from 'node:crypto';
import { FIRMWARE_INVALID_NAME, FIRMWARE_RULES } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backend,
  createCustomerWithUser,
  signIn,
  startPortal,
  type TestPortal,
} from '../../../test/harness.ts';
import { firmwareTexts } from './firmware.service.ts';
import { customerFwName, firmwareName, osPatchName, pycFile, zipFile } from './test-files.ts';
import { firmwareCalls, storedFirmware } from './test-helpers.ts';

const MAX_BYTES = 4096;

describe(`firmware versions (${backend} backend)`, () => {
  let portal: TestPortal;
  let root: string;
  let alpha: { id: string; cookie: string };
  let beta: { id: string; name: string };
  let calls: ReturnType<typeof firmwareCalls>;

  beforeAll(async () => {
    portal = await startPortal({ FIRMWARE_MAX_BYTES: String(MAX_BYTES), FIRMWARE_TICK_SECONDS: '60' });
    root = await signIn(portal);
    calls = firmwareCalls(portal);
    const a = await createCustomerWithUser(portal, 'Alpha', {
      permissions: ['FIRMWARE_READ', 'FIRMWARE_WRITE', 'IOT_DEVICE_READ', 'IOT_DEVICE_SCOPE_MIGRATE'],
    });
    alpha = { id: a.tenant.id, cookie: await signIn(portal, a.email, a.password) };
    const b = await createCustomerWithUser(portal, 'Beta');
    beta = { id: b.tenant.id, name: b.tenant.name };
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('stores a gateway firmware streamed with its SHA-256, takes the version from the name, and lists it', async () => {
    const data = pycFile(500);
    const name = firmwareName('2024-05-17');
    const response = await calls.upload(root, 'firmware', name, data, {
      name: 'Generic',
      fileName: name,
      type: 'RASPI',
      version: '20240517',
      scopes: {},
      description: 'x'.repeat(20),
    });
    expect(response.statusCode, response.body).toBe(200);
    const stored = response.json();
    expect(stored).toMatchObject({
      version: '20240517',
      type: 'RASPI',
      name: 'Generic',
      fileName: name,
      description: 'x'.repeat(20),
      size: data.length,
      sha256: createHash('sha256').update(data).digest('hex'),
      scopes: [],
    });
    const all = await calls.all(root, 'firmware');
    expect(all.json().map((f: { version: string }) => f.version)).toContain('20240517');
    expect((await storedFirmware(portal)).filter((n) => n.startsWith('firmware/'))).toHaveLength(1);
  });

  it('refuses bad names with the spec text, and takes only real dates, .pyc and the kind pattern', async () => {
    const before = await storedFirmware(portal);
    for (const name of [
      'CRB_mdm-agent_Generic_iot.2024-02-30_PROD.cpython-39.pyc',
      'CRB_mdm-agent_Generic_iot.2024-13-01_PROD.cpython-39.pyc',
      'CRB_mdm-agent_Generic_iot.2024-05-17_PROD.cpython-39.py',
      'CRB_mdm-agent_Generic_iot.2024-05-17_PROD.cpython-39.pyc.zip',
      'crb_mdm-agent_Generic_iot.2024-05-17_PROD.cpython-39.pyc',
      'firmware.pyc',
    ]) {
      const response = await calls.upload(root, 'firmware', name, pycFile());
      expect(response.statusCode, name).toBe(400);
      expect(response.json().message).toBe(FIRMWARE_INVALID_NAME);
    }
    for (const name of [
      'Customer_firmware_V1.2.zip',
      'Customer_firmware_V12.zip',
      'Customer_firmware_V12.3.pyc',
    ]) {
      const response = await calls.upload(root, 'customerFw', name, zipFile());
      expect(response.json().message, name).toBe(FIRMWARE_INVALID_NAME);
    }
    for (const name of [
      'Generic_iot_partial_update_prod_V1.02.zip',
      'Generic_iot_partial_update__V01.02.zip',
    ]) {
      const response = await calls.upload(root, 'osPatch', name, zipFile());
      expect(response.json().message, name).toBe(FIRMWARE_INVALID_NAME);
    }
    expect(await storedFirmware(portal)).toEqual(before);
  });

  it('checks the content: a renamed file, an empty file and a truncated archive are refused and not kept', async () => {
    const before = await storedFirmware(portal);
    const text = Buffer.from('#!/usr/bin/env python\nprint("not compiled")\n');
    const cases: [Parameters<typeof calls.upload>[1], string, Buffer, string][] = [
      ['firmware', firmwareName('2024-06-01'), text, firmwareTexts.notPyc],
      ['firmware', firmwareName('2024-06-02'), Buffer.alloc(0), firmwareTexts.empty],
      ['customerFw', customerFwName('20.1'), text, firmwareTexts.notZip],
      ['customerFw', customerFwName('20.2'), zipFile().subarray(0, 40), firmwareTexts.notZip],
      ['osPatch', osPatchName('20.01'), pycFile(), firmwareTexts.notZip],
      ['osPatch', osPatchName('20.02'), Buffer.alloc(0), firmwareTexts.empty],
    ];
    for (const [kind, name, data, message] of cases) {
      const response = await calls.upload(root, kind, name, data);
      expect(response.statusCode, name).toBe(400);
      expect(response.json().message, name).toBe(message);
    }
    expect(await storedFirmware(portal)).toEqual(before);
  });

  it('takes a file of exactly the size cap and refuses one byte more (413), keeping nothing of it', async () => {
    const atCap = await calls.upload(root, 'firmware', firmwareName('2024-07-01'), pycFile(MAX_BYTES - 16));
    expect(atCap.statusCode, atCap.body).toBe(200);
    expect(atCap.json().size).toBe(MAX_BYTES);
    const before = await storedFirmware(portal);
    const over = await calls.upload(root, 'firmware', firmwareName('2024-07-02'), pycFile(MAX_BYTES - 15));
    expect(over.statusCode).toBe(413);
    expect(over.json().message).toBe(firmwareTexts.tooLarge(MAX_BYTES));
    expect(await storedFirmware(portal)).toEqual(before);
    expect(
      (await calls.all(root, 'firmware')).json().map((f: { version: string }) => f.version),
    ).not.toContain('20240702');
  });

  it('takes a description of 20 characters and refuses 21; refuses a version that exists', async () => {
    const twentyOne = await calls.upload(root, 'customerFw', customerFwName('10.1'), zipFile(), {
      description: 'd'.repeat(21),
    });
    expect(twentyOne.statusCode).toBe(400);
    expect(twentyOne.json().message).toBe(firmwareTexts.description);
    const twenty = await calls.upload(root, 'customerFw', customerFwName('10.1'), zipFile(), {
      name: 'GenericCFW',
      type: 'CustomerFW',
      scopes: [],
      description: 'd'.repeat(20),
    });
    expect(twenty.statusCode, twenty.body).toBe(200);
    expect(twenty.json()).toMatchObject({ version: '10.1', type: 'CustomerFW', name: 'GenericCFW' });
    const again = await calls.upload(root, 'customerFw', customerFwName('10.1'), zipFile());
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(FIRMWARE_RULES.customerFw.messages.exists);
    const os = await calls.upload(root, 'osPatch', osPatchName('01.02'), zipFile());
    expect(os.json()).toMatchObject({ version: '01.02', type: 'Partial', name: 'GenericOSPatch' });
    const osAgain = await calls.upload(root, 'osPatch', osPatchName('01.02', 'stage'), zipFile());
    expect(osAgain.json().message).toBe(FIRMWARE_RULES.osPatch.messages.exists);
    const fwAgain = await calls.upload(root, 'firmware', firmwareName('2024-05-17', 'DEV'), pycFile());
    expect(fwAgain.json().message).toBe(FIRMWARE_RULES.firmware.messages.exists);
  });

  it('applies per customer and refuses the same version or a downgrade with the spec text, on apply and upload', async () => {
    const up = async (date: string) =>
      (await calls.upload(root, 'firmware', firmwareName(date), pycFile())).json() as { id: string };
    const older = await up('2024-08-01');
    const newer = await up('2024-08-02');
    const applied = await calls.apply(root, 'firmware', newer.id, alpha.id, { type: 'RASPI' });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({
      scopeId: alpha.id,
      version: '20240802',
      type: 'RASPI',
      gateways: 0,
    });
    for (const id of [newer.id, older.id]) {
      const refused = await calls.apply(root, 'firmware', id, alpha.id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(FIRMWARE_RULES.firmware.messages.downgrade);
    }
    // The older version still goes to another customer.
    expect((await calls.apply(root, 'firmware', older.id, beta.id)).statusCode).toBe(200);
    const { byScope } = await calls.latest(root, 'firmware');
    expect(byScope[alpha.id]?.map((f) => f.version)).toEqual(['20240802']);
    expect(byScope[beta.id]?.map((f) => f.version)).toEqual(['20240801']);
    // Uploading a version not above a named customer's latest is refused, and nothing is kept.
    const before = await storedFirmware(portal);
    const refused = await calls.upload(root, 'firmware', firmwareName('2024-08-02', 'QA'), pycFile(), {
      scopes: { [alpha.id]: [] },
    });
    expect(refused.json().message).toBe(FIRMWARE_RULES.firmware.messages.exists);
    const lower = await calls.upload(root, 'firmware', firmwareName('2024-07-31'), pycFile(), {
      scopes: { [alpha.id]: [] },
    });
    expect(lower.statusCode).toBe(409);
    expect(lower.json().message).toBe(FIRMWARE_RULES.firmware.messages.downgrade);
    expect(await storedFirmware(portal)).toEqual(before);
    const higher = await calls.upload(root, 'firmware', firmwareName('2024-08-03'), pycFile(), {
      scopes: { [alpha.id]: [] },
    });
    expect(higher.json().scopes).toEqual([alpha.id]);
  });

  it('applies customer firmware and OS patches by their decimal order', async () => {
    const cfw = async (v: string) =>
      (await calls.upload(root, 'customerFw', customerFwName(v), zipFile())).json() as { id: string };
    const a = await cfw('11.9');
    const b = await cfw('11.10');
    expect((await calls.apply(root, 'customerFw', b.id, alpha.id)).statusCode).toBe(200);
    // 11.9 is above 11.10 as a decimal: applying it is an upgrade.
    expect((await calls.apply(root, 'customerFw', a.id, alpha.id)).statusCode).toBe(200);
    const back = await calls.apply(root, 'customerFw', b.id, alpha.id);
    expect(back.json().message).toBe(FIRMWARE_RULES.customerFw.messages.downgrade);
    const os = (await calls.upload(root, 'osPatch', osPatchName('02.00'), zipFile())).json() as {
      id: string;
    };
    expect((await calls.apply(root, 'osPatch', os.id, alpha.id, { type: 'Firmware' })).statusCode).toBe(200);
    const same = await calls.apply(root, 'osPatch', os.id, alpha.id);
    expect(same.json().message).toBe(FIRMWARE_RULES.osPatch.messages.downgrade);
    // A version of another kind is not found under this kind's path; a wrong type is refused.
    expect((await calls.apply(root, 'firmware', os.id, beta.id)).statusCode).toBe(404);
    expect((await calls.apply(root, 'osPatch', os.id, beta.id, { type: 'RASPI' })).statusCode).toBe(400);
  });

  it('walls: a customer user reads only its own scope and may not write; unknown scopes and ids answer 404', async () => {
    const own = await calls.latest(alpha.cookie, 'firmware');
    expect(own.response.statusCode).toBe(200);
    expect(Object.keys(own.byScope)).toEqual([alpha.id]);
    const file = (await calls.all(root, 'firmware')).json()[0] as { id: string; version: string };
    const before = await storedFirmware(portal);
    expect((await calls.apply(alpha.cookie, 'firmware', file.id, alpha.id)).statusCode).toBe(403);
    expect((await calls.apply(alpha.cookie, 'firmware', file.id, beta.id)).statusCode).toBe(403);
    expect((await calls.remove(alpha.cookie, 'firmware', [file.version])).statusCode).toBe(403);
    const upload = await calls.upload(alpha.cookie, 'firmware', firmwareName('2025-01-01'), pycFile());
    expect(upload.statusCode).toBe(403);
    expect(await storedFirmware(portal)).toEqual(before);
    const unknownScope = await calls.apply(root, 'firmware', file.id, '00000000-0000-4000-8000-000000000000');
    expect(unknownScope.statusCode).toBe(404);
    const unknownFile = await calls.apply(root, 'firmware', '00000000-0000-4000-8000-000000000000', beta.id);
    expect(unknownFile.statusCode).toBe(404);
    const unreachableUpload = await calls.upload(root, 'firmware', firmwareName('2025-01-02'), pycFile(), {
      scopes: { 'not-a-scope': [] },
    });
    expect(unreachableUpload.statusCode).toBe(404);
    expect(await storedFirmware(portal)).toEqual(before);
  });

  it('deletes versions with their files; a deleted latest still blocks a downgrade', async () => {
    const file = (await calls.upload(root, 'osPatch', osPatchName('30.00'), zipFile())).json() as {
      id: string;
    };
    const before = await storedFirmware(portal);
    expect((await calls.apply(root, 'osPatch', file.id, beta.id)).statusCode).toBe(200);
    // In use by a rollout not finished (paused here, so the worker cannot finish it first): refused, naming
    // the rollout, and nothing of the list is deleted (the other version listed stays too).
    await portal.database.db.updateTable('firmware_rollouts').set({ status: 'paused' }).execute();
    const spare = (await calls.upload(root, 'osPatch', osPatchName('30.01'), zipFile())).json() as {
      version: string;
    };
    const inUse = await calls.remove(root, 'osPatch', ['30.00', spare.version]);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toBe(
      `OS Patch 30.00 is used by the paused rollout to ${beta.name}. Cancel it or let it finish before deleting.`,
    );
    const kept = (await calls.all(root, 'osPatch')).json().map((f: { version: string }) => f.version);
    expect(kept).toEqual(expect.arrayContaining(['30.00', '30.01']));
    expect((await calls.remove(root, 'osPatch', ['30.01'])).statusCode).toBe(200);
    await portal.database.db.updateTable('firmware_rollouts').set({ status: 'completed' }).execute();
    const removed = await calls.remove(root, 'osPatch', ['30.00', '99.99']);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ deleted: ['30.00'] });
    expect(await storedFirmware(portal)).toHaveLength(before.length - 1);
    expect((await calls.remove(root, 'osPatch', ['30.00'])).statusCode).toBe(404);
    const lower = (await calls.upload(root, 'osPatch', osPatchName('29.00'), zipFile())).json() as {
      id: string;
    };
    const refused = await calls.apply(root, 'osPatch', lower.id, beta.id);
    expect(refused.json().message).toBe(FIRMWARE_RULES.osPatch.messages.downgrade);
  });
});
