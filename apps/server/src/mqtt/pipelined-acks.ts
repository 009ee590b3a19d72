import type { Duplex } from 'node:stream';
import type { IPublishPacket, MqttClient } from 'mqtt';

/**
 * Up to `window` messages of one connection in flight, each acknowledged only once it is stored (QoS 0
 * messages take their place in the window too, with no acknowledgement).
 *
 * mqtt.js hands a connection's messages over one at a time: the next packet is parsed only once the previous
 * one's `handleMessage` callback ran, and that callback sends the PUBACK. A consumer that acknowledges after
 * the commit therefore had one message per connection in a group commit. Here the callback is called at once
 * with a marker error (mqtt.js then reads on and sends no PUBACK), and the PUBACK is sent when the message's
 * `handle` settles, in the order the messages arrived (MQTT 4.6); a message whose `handle` rejected gets none
 * and is delivered again after a reconnect. When `window` messages wait, the callback is held: mqtt.js stops
 * parsing, the socket stops being read, and the broker (which also honours the Receive Maximum the connection
 * announces) holds the rest. An acknowledgement due on a connection that has since been replaced is dropped:
 * its packet identifier means nothing on the new one, and the broker delivers the message again.
 */
export function pipelineAcks(
  client: MqttClient,
  window: number,
  handle: (packet: IPublishPacket) => Promise<void>,
  onError: (error: unknown, packet: IPublishPacket) => void,
): { readonly waiting: number } {
  interface Entry {
    packet: IPublishPacket;
    stream: Duplex;
    state: 'pending' | 'stored' | 'failed';
  }
  const queue: Entry[] = [];
  const held: (() => void)[] = [];
  const sendPacket = (client as unknown as { _sendPacket(packet: object, done?: () => void): void })
    ._sendPacket;

  const acknowledgeReady = () => {
    while (queue.length > 0 && queue[0]!.state !== 'pending') {
      const entry = queue.shift()!;
      const acknowledged = entry.packet.qos > 0 && entry.state === 'stored';
      if (acknowledged && client.connected && client.stream === entry.stream) {
        sendPacket.call(client, { cmd: 'puback', messageId: entry.packet.messageId });
      }
    }
    // Normally one; a replaced connection's pump may still hold one of its own, released the same way.
    if (queue.length < window) for (const next of held.splice(0)) next();
  };

  // libuv reads up to 2 MB of a socket in one go, thousands of small messages parsed one after the other without
  // other I/O in between (a QoS 0 flood kept /api/health waiting 470 ms): every TAKEN_PER_TURN messages the next
  // is read only after the event loop's other work had a turn.
  let taken = 0;
  const readOnInTurn = (readOn: () => void) => {
    if (++taken < TAKEN_PER_TURN) return readOn();
    taken = 0;
    setImmediate(readOn);
  };

  client.handleMessage = (packet, done) => {
    // A QoS 0 message carries no acknowledgement but takes its place in the window all the same: a flood of
    // them waits at the broker (counted there when it drops them), not in this process's memory.
    const readOn = () => (packet.qos ? done(DEFERRED) : done());
    const entry: Entry = { packet, stream: client.stream, state: 'pending' };
    queue.push(entry);
    handle(packet).then(
      () => {
        entry.state = 'stored';
        acknowledgeReady();
      },
      (error: unknown) => {
        entry.state = 'failed';
        onError(error, packet);
        acknowledgeReady();
      },
    );
    if (queue.length < window) readOnInTurn(readOn);
    else held.push(readOn);
  };

  return {
    get waiting() {
      return queue.length;
    },
  };
}

/** Messages taken from a connection before the event loop's other work gets a turn (see readOnInTurn). */
const TAKEN_PER_TURN = 100;

/** Passed to mqtt.js's callback so that it reads on without sending the PUBACK itself (see above). */
const DEFERRED = Object.assign(new Error('acknowledgement deferred until stored'), { deferred: true });
