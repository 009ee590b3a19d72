import { randomInt } from 'node:crypto';
import { type LiveInstruction, liveInstructionTopic } from '@portal/contract';
import type { Logger } from 'pino';
import type { LivePublisher } from '../../lib/live.ts';

/** An instruction that just ended: answered, aborted, given up by its browser, or past its deadline. */
export interface EndedInstruction {
  uid: string;
  type: string;
  mac: string;
  tenantId: string;
  status: Exclude<LiveInstruction['status'], 'PROGRESS'>;
  value: unknown;
}

export type InstructionEndListener = (ended: EndedInstruction) => void | Promise<void>;

const UID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** The 8-character request key of an instruction (spec 001 section 7); the table's unique key catches a repeat. */
export const newInstructionUid = () =>
  Array.from({ length: 8 }, () => UID_ALPHABET[randomInt(UID_ALPHABET.length)]).join('');

/**
 * Tells browsers (live.instructions of the gateway's customer; device logs on live.deviceLogs) and interested modules (the hotspot change
 * listens for its HOTSPOT instruction) how an instruction goes.
 */
export class InstructionOutcomes {
  private readonly listeners: InstructionEndListener[] = [];

  constructor(
    private readonly live: LivePublisher,
    private readonly logger: Logger,
  ) {}

  /** Called once for every instruction that ends, whichever way. */
  onEnded(listener: InstructionEndListener): void {
    this.listeners.push(listener);
  }

  progress(tenantId: string, mac: string, instruction: { uid: string; type: string }, value: unknown): void {
    this.push(tenantId, mac, { uid: instruction.uid, type: instruction.type, status: 'PROGRESS', value });
  }

  async ended(ended: EndedInstruction): Promise<void> {
    const { uid, type, status, value } = ended;
    if (ended.tenantId) this.push(ended.tenantId, ended.mac, { uid, type, status, value });
    for (const listener of this.listeners) {
      try {
        await listener(ended);
      } catch (error) {
        this.logger.error({ err: error, uid, type }, 'instruction end listener failed');
      }
    }
  }

  private push(tenantId: string, mac: string, message: LiveInstruction): void {
    this.live.publish(liveInstructionTopic(tenantId, mac, message.type), message);
  }
}
