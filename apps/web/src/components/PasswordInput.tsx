import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { IconButton, InputAdornment } from '@mui/material';
import { forwardRef, useState } from 'react';
import { useT } from '../lib/i18n/index.ts';
import { OutlinedField, type OutlinedFieldProps } from './OutlinedField.tsx';

/** A password text field with a button that shows or hides what was typed (hidden at first). */
export const PasswordInput = forwardRef<HTMLDivElement, Omit<OutlinedFieldProps, 'type' | 'endAdornment'>>(
  function PasswordInput(props, ref) {
    const [shown, setShown] = useState(false);
    const t = useT('components');
    return (
      <OutlinedField
        {...props}
        ref={ref}
        type={shown ? 'text' : 'password'}
        endAdornment={
          <InputAdornment position="end">
            <IconButton
              aria-label={shown ? t('password.hide') : t('password.show')}
              aria-pressed={shown}
              onClick={() => setShown((value) => !value)}
              onMouseDown={(event) => event.preventDefault()}
              edge="end"
              disabled={props.disabled}
            >
              {shown ? <VisibilityOff /> : <Visibility />}
            </IconButton>
          </InputAdornment>
        }
      />
    );
  },
);
