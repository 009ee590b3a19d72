/** Pushes a live update to the browsers subscribed to a `portal/{scopeId}/...` channel. */
export interface LivePublisher {
  publish(topic: string, payload: unknown): void;
}
