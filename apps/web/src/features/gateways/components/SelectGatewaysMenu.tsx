import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import { Button, FormControlLabel, Menu, Radio, RadioGroup, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { formatNumber, useT } from '../../../lib/i18n/index.ts';
import { DELETE_SELECTION_CHOICES, type DeleteSelectionChoice, selectionCount } from '../delete-selection.ts';

interface SelectGatewaysMenuProps {
  /** How many offline gateways are listed. */
  listed: number;
  onApply: (count: number) => void;
}

/** Delete mode's 'Select Gateways' menu: 10, 50, 100, a custom number or All, then Apply. */
export function SelectGatewaysMenu({ listed, onApply }: SelectGatewaysMenuProps) {
  const t = useT('gateways');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [choice, setChoice] = useState<DeleteSelectionChoice>(10);
  const [customText, setCustomText] = useState('');
  const count = selectionCount(choice, customText, listed);
  return (
    <>
      <Button
        variant="outlined"
        size="small"
        endIcon={<ArrowDropDown />}
        aria-haspopup="menu"
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {t('deleteMode.select')}
      </Button>
      {anchor && (
        <Menu
          anchorEl={anchor}
          open
          onClose={() => setAnchor(null)}
          slotProps={{ list: { 'aria-label': t('deleteMode.select') } }}
        >
          <Stack sx={{ px: 2, py: 1, minWidth: 220 }} spacing={1}>
            <RadioGroup
              aria-label={t('deleteMode.howMany')}
              value={String(choice)}
              onChange={(event) => {
                const value = event.target.value;
                setChoice(
                  value === 'custom' || value === 'all' ? value : (Number(value) as DeleteSelectionChoice),
                );
              }}
            >
              {DELETE_SELECTION_CHOICES.map((option) => (
                <FormControlLabel
                  key={option}
                  value={String(option)}
                  control={<Radio size="small" />}
                  label={typeof option === 'number' ? formatNumber(option) : t(`deleteMode.${option}`)}
                />
              ))}
            </RadioGroup>
            {choice === 'custom' && (
              <TextField
                size="small"
                label={t('deleteMode.number')}
                value={customText}
                onChange={(event) => setCustomText(event.target.value)}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                error={customText !== '' && count === null}
                helperText={customText !== '' && count === null ? t('deleteMode.invalid') : ' '}
                autoFocus
              />
            )}
            <Button
              variant="contained"
              size="small"
              disabled={count === null}
              onClick={() => {
                if (count === null) return;
                onApply(count);
                setAnchor(null);
              }}
            >
              {t('deleteMode.apply')}
            </Button>
          </Stack>
        </Menu>
      )}
    </>
  );
}
