/** Shell colours antd's theme tokens do not provide: the dark sidebar/top bar and the DEVELOP top bar. */
export const shellPalette = {
  dark: '#2a3042',
  darkSub: '#232838',
  develop: '#871400',
} as const
