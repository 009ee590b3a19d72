import type { Complete } from '../../catalogue.ts';
import type { MessageCatalogue } from '../../messages.ts';
import type de from './de.json';

/** The contract's texts in German: every group and key of CONTRACT_MESSAGES (../../messages.ts). */
export type MessagesGerman = Complete<MessageCatalogue, typeof de>;
