// The parts of the `smpp` package (SMPP 3.4, no types of its own) the SMS provider and its tests use.
declare module 'smpp' {
  import type { EventEmitter } from 'node:events';
  import type { Server as NetServer } from 'node:net';

  export interface PDU {
    command: string;
    command_status: number;
    sequence_number: number;
    [field: string]: unknown;
    response(options?: Record<string, unknown>): PDU;
    isResponse(): boolean;
  }

  type Callback = (pdu: PDU) => void;

  export class Session extends EventEmitter {
    send(pdu: PDU, responseCallback?: Callback): boolean;
    close(callback?: () => void): void;
    destroy(callback?: () => void): void;
    pause(): void;
    resume(): void;
    bind_transceiver(options: Record<string, unknown>, callback?: Callback): boolean;
    submit_sm(options: Record<string, unknown>, callback?: Callback): boolean;
    unbind(options?: Record<string, unknown>, callback?: Callback): boolean;
    enquire_link(options?: Record<string, unknown>, callback?: Callback): boolean;
  }

  export interface Server extends NetServer {
    sessions: Session[];
  }

  export function connect(options: {
    host: string;
    port: number;
    auto_enquire_link_period?: number;
  }): Session;
  export function createServer(listener: (session: Session) => void): Server;

  const smpp: { connect: typeof connect; createServer: typeof createServer };
  export default smpp;
}
