/** Counters every gateway of a simulation adds to. */
export interface SimulationCounters {
  messagesSent: number;
  messagesReceived: number;
  commandsHandled: number;
  malformedMessages: number;
  reconnects: number;
  outages: number;
}

export interface SimulationStats extends SimulationCounters {
  gateways: number;
  connected: number;
  /** Telemetry samples taken but not yet confirmed stored by the portal (offline gateways keep measuring). */
  backlogSamples: number;
  /** Telemetry samples the portal confirmed stored, refused for good, or dropped from a full backlog. */
  confirmedSamples: number;
  refusedSamples: number;
  droppedSamples: number;
}

export function emptyCounters(): SimulationCounters {
  return {
    messagesSent: 0,
    messagesReceived: 0,
    commandsHandled: 0,
    malformedMessages: 0,
    reconnects: 0,
    outages: 0,
  };
}
