import type { ImageCheck } from '@moc/domain/api/sensitiveWords'

/**
 * Reviews images of content before submission (spec §2 sensitive review: "flagged words and images"). A
 * production adapter calls a content-moderation service (e.g. a cloud vendor's image review API) and reports
 * the addresses it flags with a reason; it is handed to SensitiveScanner in platform/context.ts.
 */
export interface ImageChecker {
  check(urls: readonly string[]): Promise<ImageCheck>
}

export const IMAGE_CHECK_UNCONFIGURED = '未配置图片审核服务，图片未经自动审核，请人工核对'

/** The built-in checker: no image review service is configured, so it flags nothing and says so. */
export class UnconfiguredImageChecker implements ImageChecker {
  async check(urls: readonly string[]): Promise<ImageCheck> {
    return { checked: 0, flagged: [], note: urls.length ? IMAGE_CHECK_UNCONFIGURED : '' }
  }
}
