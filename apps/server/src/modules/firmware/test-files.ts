import { crc32 } from 'node:zlib';

/** Files for tests: a compiled Python file and ZIP archives (stored entries), of any size. */

/** Python 3.9's magic number (3425, little endian) and CR LF, then the 16-byte header's rest. */
export function pycFile(bodyBytes = 64): Buffer {
  const header = Buffer.from([0x61, 0x0d, 0x0d, 0x0a, 0, 0, 0, 0, 0x10, 0x20, 0x30, 0x40, 0x05, 0, 0, 0]);
  return Buffer.concat([header, Buffer.alloc(bodyBytes, 0xe3)]);
}

/** A ZIP archive with one stored entry `name` holding `content`. */
export function zipFile(content: Buffer = Buffer.from('print("hello")\n'), name = 'app/main.py'): Buffer {
  const fileName = Buffer.from(name);
  const crc = crc32(content);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(content.length, 18);
  local.writeUInt32LE(content.length, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(content.length, 20);
  central.writeUInt32LE(content.length, 24);
  central.writeUInt16LE(fileName.length, 28);
  central.writeUInt32LE(0, 42);
  const localPart = Buffer.concat([local, fileName, content]);
  const centralPart = Buffer.concat([central, fileName]);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(centralPart.length, 12);
  end.writeUInt32LE(localPart.length, 16);
  return Buffer.concat([localPart, centralPart, end]);
}

export const firmwareName = (date: string, env = 'PROD') =>
  `CRB_mdm-agent_Generic_iot.${date}_${env}.cpython-39.pyc`;
export const customerFwName = (version: string) => `Customer_firmware_V${version}.zip`;
export const osPatchName = (version: string, env = 'prod') =>
  `Generic_iot_partial_update_${env}_V${version}.zip`;
