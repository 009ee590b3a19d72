export type { CatalogueGateway } from './catalogue.ts';
export type { GraphGeneratorService } from './graph-generator.service.ts';
export { createGraphGeneratorModule } from './graph-generator.wiring.ts';
export { type ParseOutcome, parseSentence } from './parser.ts';
