export { newInstructionUid } from './instruction-outcomes.ts';
export type { InstructionsService } from './instructions.service.ts';
export { createInstructionsModule } from './instructions.wiring.ts';
