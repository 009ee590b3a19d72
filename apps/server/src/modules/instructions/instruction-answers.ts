import { deviceLogUrl, type InstructionResponse, instructionImageUrl } from '@portal/contract';
import type { Logger } from 'pino';
import type { DeviceIdentity } from '../../lib/principal.ts';
import { type FileStorage, randomFileId } from '../files/index.ts';
import type { InstructionOutcomes } from './instruction-outcomes.ts';
import type { InstructionRow, InstructionsRepository } from './instructions.repository.ts';

const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const MAX_LOG_BYTES = 20 * 1024 * 1024;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** Storage keys of the saved files: instruction uids and random file ids are safe key characters. */
export const imageKey = (uid: string) => `instructions/${uid}.jpg`;
export const deviceLogKey = (key: string) => `device-logs/${key}`;

function decodeBase64(value: unknown, maxBytes: number): Buffer | null {
  if (typeof value !== 'string') return null;
  const text = value.replace(/\s+/g, '');
  if (!text || !BASE64.test(text) || (text.length * 3) / 4 > maxBytes + 3) return null;
  return Buffer.from(text, 'base64');
}

const isJpeg = (data: Buffer) => data.length > 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff;
const isGzip = (data: Buffer) => data.length > 2 && data[0] === 0x1f && data[1] === 0x8b;

/**
 * A gateway's answers (`gateways/{mac}/send/response/{kind}/{uid}`, via the DeviceInbox). An answer counts
 * only for a PENDING instruction of that gateway: a late answer after the deadline, or one naming another
 * gateway's uid, changes nothing. Camera images and device logs are saved as files; browsers get their URL.
 */
export class InstructionAnswers {
  constructor(
    private readonly repo: InstructionsRepository,
    private readonly outcomes: InstructionOutcomes,
    private readonly files: FileStorage,
    private readonly logger: Logger,
  ) {}

  async record(device: DeviceIdentity, answer: InstructionResponse): Promise<void> {
    const instruction = await this.repo.findOwned({ uid: answer.uid });
    if (!instruction || instruction.mac !== device.mac || instruction.status !== 'PENDING') {
      this.logger.info({ mac: device.mac, uid: answer.uid }, 'answer to no pending instruction ignored');
      return;
    }
    if (answer.status === 'PROGRESS') {
      this.outcomes.progress(device.tenantId, device.mac, instruction, answer.value);
      return;
    }
    const { ok, value, fileKey } = await this.valueToKeep(instruction, answer);
    const ended = await this.repo.finishPending({ uid: answer.uid }, ok ? 'SUCCESS' : 'FAILED', value);
    if (ended.length === 0) {
      // The deadline or an abort came first: the file saved for it is not wanted.
      if (fileKey) await this.files.remove(fileKey);
      return;
    }
    await this.outcomes.ended({
      uid: instruction.uid,
      type: instruction.type,
      mac: device.mac,
      tenantId: device.tenantId,
      status: ok ? 'SUCCESS' : 'ERROR',
      value,
    });
  }

  /** What the instruction keeps and browsers see: a file's URL instead of its bytes; null for a bad file. */
  private async valueToKeep(
    instruction: InstructionRow,
    answer: InstructionResponse,
  ): Promise<{ ok: boolean; value: unknown; fileKey?: string }> {
    if (answer.status === 'ERROR') return { ok: false, value: answer.value ?? null };
    if (instruction.type === 'CAMERA_CAPTURE') {
      const image = decodeBase64(answer.value, MAX_IMAGE_BYTES);
      if (!image || !isJpeg(image)) return { ok: false, value: null };
      const fileKey = imageKey(instruction.uid);
      await this.files.put(fileKey, image);
      return { ok: true, value: instructionImageUrl(instruction.uid), fileKey };
    }
    if (instruction.type === 'LOGS') {
      const log = decodeBase64(answer.value, MAX_LOG_BYTES);
      if (!log || log.length === 0) return { ok: false, value: null };
      const gzip = isGzip(log);
      const key = `${randomFileId()}${gzip ? '.log.gz' : '.log'}`;
      const fileKey = deviceLogKey(key);
      await this.files.put(fileKey, log);
      await this.repo.insertDeviceLog({
        mac: instruction.mac,
        uploaded_file_key: key,
        content_type: gzip ? 'application/gzip' : 'text/plain; charset=utf-8',
      });
      return { ok: true, value: deviceLogUrl(key), fileKey };
    }
    return { ok: true, value: answer.value ?? null };
  }
}
