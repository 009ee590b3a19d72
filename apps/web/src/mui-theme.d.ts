import '@mui/material/styles';

// The theme is made with CSS variables (app/build-theme.ts): its type then carries `vars` and `colorSchemes`.
declare module '@mui/material/styles' {
  interface CssThemeVariables {
    enabled: true;
  }
}
