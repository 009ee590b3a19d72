import { IconButton, Tooltip } from '@mui/material';
import type { ReactNode } from 'react';

interface CardIconButtonProps {
  label: string;
  onClick: () => void;
  children: ReactNode;
  disabled?: boolean;
  /** Extra style, e.g. the hotspot's blinking. */
  className?: string;
}

/** A small icon button named by its label (tooltip and accessible name); no ripple, to keep cards light. */
export function CardIconButton({ label, onClick, children, disabled, className }: CardIconButtonProps) {
  const button = (
    <IconButton
      size="small"
      aria-label={label}
      disableRipple
      disabled={disabled}
      onClick={onClick}
      className={className}
    >
      {children}
    </IconButton>
  );
  // A disabled button still says why, through a wrapper (MUI's tooltip needs an enabled child).
  return <Tooltip title={label}>{disabled ? <span>{button}</span> : button}</Tooltip>;
}
