export { createGraphGeneratorModule } from './graph-generator.wiring.ts';
