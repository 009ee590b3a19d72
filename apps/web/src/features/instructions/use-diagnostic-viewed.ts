import { useEffect } from 'react';
import { saveDiagnosticViewed } from './api/save-diagnostic-viewed.ts';

/** Records the user activity diagnosticViewed once per diagnostics answer shown (`answerUid`). */
export function useDiagnosticViewed(macId: string, answerUid: string | null): void {
  useEffect(() => {
    // A lost activity record must not disturb the dialog.
    if (answerUid) saveDiagnosticViewed(macId).catch(() => undefined);
  }, [macId, answerUid]);
}
