import type { ThemeConfig } from 'antd';

/** Colours shared with global.css (as CSS variables) so antd parts and our own parts match. */
export const palette = {
  olive: '#5a6e2c',
  oliveDark: '#44541f',
  oliveSoft: '#eef1e3',
  cream: '#fbf7ef',
  creamDeep: '#f3ead8',
  terracotta: '#c4622d',
  terracottaDark: '#a24e20',
  ink: '#2f2a22',
  muted: '#6f6556',
  border: '#e8dfcd',
  honey: '#d9962b',
} as const;

// System fonts only: the shop must render offline and without third-party font hosts.
export const bodyFont =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', 'Liberation Sans', sans-serif";
export const headingFont =
  "'Iowan Old Style', 'Palatino Linotype', Palatino, 'Book Antiqua', Georgia, 'DejaVu Serif', serif";

type TagHue = 'green' | 'gold' | 'yellow' | 'volcano' | 'cyan' | 'orange' | 'lime';

/** The 7th palette step of each hue, as antd names it (`green7` and `green-7`). */
const tagText = (colours: Record<TagHue, string>) =>
  Object.fromEntries(
    Object.entries(colours).flatMap(([hue, colour]) => [
      [`${hue}7`, colour],
      [`${hue}-7`, colour],
    ]),
  ) as Partial<NonNullable<ThemeConfig['token']>>;

export const shopTheme: ThemeConfig = {
  token: {
    colorPrimary: palette.olive,
    colorLink: palette.olive,
    colorInfo: palette.olive,
    // antd derives the pale tints from the seed colour, and for this olive its palette's lightest step is a
    // dull grey (#acada3): selected table rows, active options and info alerts came out dark. Set by hand.
    colorPrimaryBg: palette.oliveSoft,
    colorPrimaryBgHover: '#e2e8cf',
    colorInfoBg: palette.oliveSoft,
    colorInfoBorder: '#cdd6ae',
    colorSuccess: '#5b8a3a',
    colorWarning: palette.honey,
    colorError: '#b3412a',
    colorText: palette.ink,
    colorTextSecondary: palette.muted,
    // antd's own greys are translucent black (45 % and 25 %): 3.4:1 and 1.8:1 on white, below WCAG's 4.5:1 for
    // the hints, counters, secondary texts and placeholders that use them. Opaque warm greys that pass.
    colorTextTertiary: palette.muted,
    colorTextDescription: palette.muted,
    colorTextPlaceholder: '#7a705f',
    // Tags draw their text in the 7th step of their colour's palette, 3.4:1 or less on their pale background for
    // these: a darker step of the same hue instead (4.5:1 and more).
    // (Both spellings: antd derives both and turns both into the same CSS variable.)
    ...tagText({
      green: '#237804',
      gold: '#874d00',
      yellow: '#876800',
      volcano: '#ad2102',
      cyan: '#006d75',
      orange: '#ad4e00',
      lime: '#3f6600',
    }),
    colorBgLayout: palette.cream,
    colorBgContainer: '#ffffff',
    colorBorder: palette.border,
    colorBorderSecondary: '#efe7d7',
    fontFamily: bodyFont,
    fontSize: 15,
    borderRadius: 10,
    borderRadiusLG: 14,
    controlHeight: 38,
    controlHeightLG: 46,
  },
  components: {
    Button: { fontWeight: 600, primaryShadow: '0 4px 12px rgba(90, 110, 44, 0.25)' },
    Tabs: {
      itemColor: palette.muted,
      itemSelectedColor: palette.olive,
      inkBarColor: palette.terracotta,
      titleFontSize: 16,
    },
    Rate: { starColor: palette.honey },
    Card: { headerFontSize: 18 },
    Result: { titleFontSize: 28 },
    Badge: { colorError: palette.terracotta },
  },
};

/**
 * The same theme without antd's motion (dialogs zooming in, toasts sliding, collapses folding): for visitors whose
 * system asks for reduced motion (WCAG 2.3.3).
 */
export const shopThemeWithoutMotion: ThemeConfig = { ...shopTheme, token: { ...shopTheme.token, motion: false } };
