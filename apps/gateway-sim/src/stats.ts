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
  /** Telemetry samples taken but not yet acknowledged by the broker (offline gateways keep measuring). */
  backlogSamples: number;
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
