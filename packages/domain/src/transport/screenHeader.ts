/**
 * The console screen a call is made from (its route path, e.g. /contentArticleDetail), sent by the web client with
 * every call. For calls any signed-in account may make from many screens (上传文件, 敏感词检测), the operation log
 * names that screen's permission page, once the server has checked the caller may open it (decision 0034).
 */
export const SCREEN_HEADER = 'x-moc-screen'
