import { Box, Chip, TextField } from '@mui/material';
import { type KeyboardEvent, useState } from 'react';
import { useMessageText, useT } from '../../../lib/i18n/index.ts';
import { tagProblem } from './gateway-form.ts';

interface TagsFieldProps {
  tags: string[];
  onChange: (tags: string[]) => void;
  /** A problem of the whole list (e.g. from the server). */
  message?: string;
  disabled?: boolean;
}

/** Tags as chips; a tag is added by pressing return, refused when it breaks the rule or is already there. */
export function TagsField({ tags, onChange, message, disabled }: TagsFieldProps) {
  const t = useT('gateways');
  const messageText = useMessageText();
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const addDraft = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault(); // return adds a tag, it does not submit the form
    if (draft.trim() === '') return;
    const refused = tagProblem(draft, tags);
    setProblem(refused);
    if (refused) return;
    onChange([...tags, draft.trim()]);
    setDraft('');
  };

  const shown = problem ?? message;
  return (
    <Box>
      <TextField
        label={t('form.tags')}
        value={draft}
        disabled={disabled}
        onChange={(event) => {
          setDraft(event.target.value);
          setProblem(null);
        }}
        onKeyDown={addDraft}
        error={shown !== undefined}
        helperText={shown !== undefined ? messageText(shown) : t('form.tagsHint')}
        fullWidth
      />
      {tags.length > 0 && (
        <Box
          role="list"
          aria-label={t('form.addedTags')}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}
        >
          {tags.map((tag) => (
            <Chip
              key={tag}
              role="listitem"
              label={tag}
              disabled={disabled}
              onDelete={() => onChange(tags.filter((other) => other !== tag))}
            />
          ))}
        </Box>
      )}
    </Box>
  );
}
