import SearchOutlined from '@mui/icons-material/SearchOutlined';
import { InputAdornment, TextField } from '@mui/material';
import type { ReactNode } from 'react';
import { useT } from '../lib/i18n/index.ts';

interface SearchFieldProps {
  value: string;
  onChange: (text: string) => void;
  /** The width from the sm breakpoint up; below it the field takes the full width. */
  width?: number;
  /** The space below the field, in theme spacing units. */
  mb?: number;
  maxLength?: number;
  helperText?: ReactNode;
  autoFocus?: boolean;
}

/** The 'Search' box above a list, with a magnifier in front. */
export function SearchField({ value, onChange, width = 320, mb, maxLength, ...props }: SearchFieldProps) {
  const t = useT('components');
  return (
    <TextField
      label={t('search')}
      type="search"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      {...props}
      size="small"
      sx={{ mb, width: { xs: '100%', sm: width } }}
      slotProps={{
        htmlInput: { maxLength },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchOutlined />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
