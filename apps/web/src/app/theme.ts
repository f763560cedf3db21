import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/** Deep forest green: the canopy. Shade 8 is the brand colour. */
const copaiba: MantineColorsTuple = [
  '#eaf6ef',
  '#d3eadc',
  '#a6d4b9',
  '#75bc93',
  '#4ca673',
  '#32985f',
  '#238b52',
  '#167844',
  '#0f5a35',
  '#093f25',
];

/** Warm amber: copaíba oil. Shades 8 and 9 carry text, so they keep a 4.5:1 contrast on light fills. */
const oil: MantineColorsTuple = [
  '#fff8e6',
  '#fdeecd',
  '#f9dc9c',
  '#f5c966',
  '#f2b93a',
  '#f0ae1f',
  '#e9a20f',
  '#cf8d02',
  '#8a5c00',
  '#6f4a00',
];

export const theme = createTheme({
  primaryColor: 'copaiba',
  primaryShade: { light: 8, dark: 6 },
  colors: { copaiba, oil },
  white: '#ffffff',
  black: '#142019',
  fontFamily:
    "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  headings: {
    fontFamily:
      "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
    fontWeight: '700',
  },
  defaultRadius: 'md',
  radius: { xs: '4px', sm: '6px', md: '10px', lg: '16px', xl: '24px' },
  cursorType: 'pointer',
  focusRing: 'auto',
  autoContrast: true,
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Card: { defaultProps: { radius: 'lg', withBorder: true } },
    Paper: { defaultProps: { radius: 'lg' } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
    InputBase: { defaultProps: { size: 'md' } },
  },
});

/**
 * Ink-green text. Surfaces (cards, inputs, menus) stay white through --mantine-color-body; the
 * off-white page colour is set on <body> in global.css.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {
    '--copaiba-page-bg': '#f7f6f0',
    '--copaiba-soft-green': '#eef5ef',
  },
  light: {
    '--mantine-color-text': '#1d2a22',
    '--mantine-color-dimmed': '#5b6a60',
    // Placeholders a person must read (a file picker's 'Selecionar PDF') at 4.5:1 on white.
    '--mantine-color-placeholder': '#6b7770',
  },
  dark: {},
});
