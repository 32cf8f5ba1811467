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
