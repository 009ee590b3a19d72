import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { IconButton, InputAdornment, TextField, type TextFieldProps } from '@mui/material';
import { forwardRef, useState } from 'react';

/** A password text field with a button that shows or hides what was typed (hidden at first). */
export const PasswordInput = forwardRef<HTMLDivElement, Omit<TextFieldProps, 'type'>>(
  function PasswordInput(props, ref) {
    const [shown, setShown] = useState(false);
    return (
      <TextField
        {...props}
        ref={ref}
        type={shown ? 'text' : 'password'}
        slotProps={{
          ...props.slotProps,
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton
                  aria-label={shown ? 'Hide password' : 'Show password'}
                  aria-pressed={shown}
                  onClick={() => setShown((value) => !value)}
                  onMouseDown={(event) => event.preventDefault()}
                  edge="end"
                  disabled={props.disabled}
                >
                  {shown ? <VisibilityOff /> : <Visibility />}
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
    );
  },
);
