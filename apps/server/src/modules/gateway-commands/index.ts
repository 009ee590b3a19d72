export { createGatewayCommandsModule } from './gateway-commands.wiring.ts';
