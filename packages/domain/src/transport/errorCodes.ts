/**
 * The API's error-code table. `code` 0 is success; every error carries the HTTP status it is sent with
 * and the Chinese message shown to the user unless the server supplies a more specific one.
 */
export const errorCodes = {
  OK: { code: 0, status: 200, msg: '成功' },
  SESSION_EXPIRED: { code: 10001006, status: 401, msg: '登录已过期，请重新登录' },
  SESSION_REVOKED: { code: 10002, status: 401, msg: '登录状态已失效，请重新登录' },
  BAD_REQUEST: { code: 40000, status: 400, msg: '请求参数有误' },
  VALIDATION: { code: 40001, status: 422, msg: '提交的数据不符合要求' },
  LOGIN_FAILED: { code: 40100, status: 401, msg: '用户名或密码错误' },
  ACCOUNT_LOCKED: { code: 40101, status: 429, msg: '密码错误次数过多，账号已锁定，请稍后再试' },
  ACCOUNT_DISABLED: { code: 40102, status: 403, msg: '账号已被禁用，请联系管理员' },
  ACCOUNT_PENDING: { code: 40103, status: 403, msg: '账号正在等待管理员审批' },
  VERIFY_CODE_INVALID: { code: 40105, status: 400, msg: '验证码错误或已过期' },
  VERIFY_CODE_COOLDOWN: { code: 40106, status: 429, msg: '验证码发送过于频繁，请稍后再试' },
  LOGIN_TICKET_INVALID: { code: 40107, status: 401, msg: '登录验证已过期，请重新登录' },
  FORBIDDEN: { code: 40300, status: 403, msg: '没有权限执行此操作' },
  NOT_FOUND: { code: 40400, status: 404, msg: '请求的资源不存在' },
  CONFLICT: { code: 40900, status: 409, msg: '数据已存在' },
  UPLOAD_REJECTED: { code: 42201, status: 422, msg: '上传失败' },
  PAYLOAD_TOO_LARGE: { code: 41300, status: 413, msg: '请求内容过大' },
  RATE_LIMITED: { code: 42900, status: 429, msg: '请求过于频繁，请稍后再试' },
  CRYPTO_REQUIRED: { code: 46001, status: 400, msg: '请求需要加密' },
  CRYPTO_MALFORMED: { code: 46002, status: 400, msg: '加密请求格式错误' },
  CRYPTO_TAMPERED: { code: 46003, status: 400, msg: '请求内容校验失败' },
  CRYPTO_STALE: { code: 46004, status: 400, msg: '请求已过期，请检查本机时间' },
  CRYPTO_REPLAY: { code: 46005, status: 409, msg: '重复的请求已被拒绝' },
  CRYPTO_KEY_UNKNOWN: { code: 46006, status: 400, msg: '加密密钥已更新，请重试' },
  INTERNAL: { code: 50000, status: 500, msg: '服务器内部错误' },
} as const satisfies Record<string, { code: number; status: number; msg: string }>

export type ErrorName = keyof typeof errorCodes

/** Codes after which the web client drops its session and returns to /login (spec §8). */
export const sessionEndCodes: readonly number[] = [
  errorCodes.SESSION_EXPIRED.code,
  errorCodes.SESSION_REVOKED.code,
]
