/** A snackbar to show: its kind and its text. */
export interface Notice {
  variant: 'success' | 'error' | 'warning' | 'info';
  text: string;
}
