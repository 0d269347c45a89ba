/** Words the App configuration definitions share (spec §2 App; decision 0037). */

/** The app's platforms: where an item shows, and which platform a version or a switch is for. */
export const APP_PLATFORMS = { android: 'Android', ios: 'iOS', harmony: 'HarmonyOS' } as const
export type AppPlatform = keyof typeof APP_PLATFORMS

/** How often an item the app shows at launch (a splash screen, a pop-up) appears to one device. */
export const SHOW_FREQUENCIES = { once: '仅一次', daily: '每天一次', launch: '每次启动' } as const
