import type { ResourceDef } from '../types.ts'
import { advert } from './advert.ts'
import { appTheme } from './appTheme.ts'
import { appVersion } from './appVersion.ts'
import { buoy } from './buoy.ts'
import { featureSwitch } from './featureSwitch.ts'
import { feedback } from './feedback.ts'
import { helpArticle } from './helpArticle.ts'
import { miniProgram } from './miniProgram.ts'
import { popup } from './popup.ts'
import { searchKeyword } from './searchKeyword.ts'
import { splash } from './splash.ts'
import { webResource } from './webResource.ts'

/** The App configuration area's definitions (spec §2 App), each a table of its own (the record store). */
export const appResources = {
  splash,
  advert,
  popup,
  appVersion,
  helpArticle,
  feedback,
  buoy,
  appTheme,
  featureSwitch,
  searchKeyword,
  webResource,
  miniProgram,
} as const satisfies Record<string, ResourceDef>
