import { COPYRIGHT_START_YEAR } from '@moc/domain/constants'

/** The product's name in the copyright line. */
const OWNER = '融媒体运营后台'
/** The developer credit (spec §1). */
export const DEVELOPER_CREDIT = '技术支持：融媒体运营后台研发团队'

/** The copyright line for a year: © 2021–<year> 融媒体运营后台 (spec §1: from 2021 to the current year). */
export const copyrightLine = (year: number) => `© ${COPYRIGHT_START_YEAR}–${year} ${OWNER}`

/**
 * The copyright line and the developer credit, as two spans for the footer that holds them: the console's footer
 * and the sign-in pages' share this one.
 */
export function Copyright() {
  return (
    <>
      <span>{copyrightLine(new Date().getFullYear())}</span>
      <span>{DEVELOPER_CREDIT}</span>
    </>
  )
}
